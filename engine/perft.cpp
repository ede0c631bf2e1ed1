#include "perft.hpp"

#include "variant.hpp"

namespace yaad {

std::uint64_t perft(Variant v, const Position& p, int depth, PerftCount mode) {
    return visit_variant(v, [&](auto r) {
        using R = decltype(r);
        return mode == PerftCount::moves ? perft<R, true>(p, depth) : perft<R, false>(p, depth);
    });
}

std::vector<DivideEntry> perft_divide(Variant v, const Position& p, int depth, PerftCount mode) {
    std::vector<DivideEntry> entries;
    visit_variant(v, [&](auto r) {
        using R = decltype(r);
        MoveList list;
        if (mode == PerftCount::moves)
            Movegen<R>::template generate<true>(p, list);
        else
            Movegen<R>::template generate<false>(p, list);
        for (const Move& m : list) {
            Position child = p;
            child.make(m);
            entries.push_back({m, perft(v, child, depth - 1, mode)});
        }
    });
    return entries;
}

}  // namespace yaad
