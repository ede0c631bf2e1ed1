#include "legal_moves.hpp"

#include "geometry.hpp"
#include "movegen.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

template <class R>
struct RouteCollector {
    std::vector<Route>& routes;
    int most = 0;

    void add(Square from, Square to, Bitboard captured, bool crowns, const std::uint8_t* path, int length) {
        if constexpr (R::capture_choice == CaptureChoice::maximum) {
            const int taken = popcount(captured);
            if (taken < most) return;
            if (taken > most) {
                most = taken;
                routes.clear();
            }
        }
        routes.push_back({Move{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), crowns},
                          std::vector<Square>(path, path + length)});
    }
};

}  // namespace

Position start_position(Variant v) {
    return visit_variant(v, [](auto r) {
        using R = decltype(r);
        using G = Geometry<R::board_size>;
        Position p;
        for (int y = 0; y < R::men_rows; ++y) {
            p.pieces[index(Color::white)] |= G::rows[y];
            p.pieces[index(Color::black)] |= G::rows[R::board_size - 1 - y];
        }
        p.side = R::first_player;
        p.refresh_key();
        return p;
    });
}

void legal_moves(Variant v, const Position& p, MoveList& list) {
    visit_variant(v, [&](auto r) { Movegen<decltype(r)>::generate(p, list); });
}

MoveList legal_moves(Variant v, const Position& p) {
    MoveList list;
    legal_moves(v, p, list);
    return list;
}

std::vector<Route> capture_routes(Variant v, const Position& p) {
    std::vector<Route> routes;
    visit_variant(v, [&](auto r) {
        using R = decltype(r);
        RouteCollector<R> sink{routes};
        Movegen<R>::walk_captures(p, sink);
    });
    return routes;
}

}  // namespace yaad
