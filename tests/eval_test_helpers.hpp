#pragma once
// What the tests of the learned evaluations (patterns and network) share:
// a position's colour mirror and positions of random games.

#include <cstdint>
#include <vector>

#include "fen.hpp"
#include "geometry.hpp"
#include "legal_moves.hpp"
#include "position.hpp"
#include "random.hpp"
#include "rules.hpp"
#include "variant.hpp"

namespace yaad::test {

// Colours swapped and the board turned half round: the same game for the
// other side.
template <class R>
inline Position colour_mirror(const Position& p) {
    using G = Geometry<R::board_size>;
    auto turn = [](Bitboard b) {
        Bitboard out = 0;
        for_each_square(b, [&](Square s) {
            out |= bit(G::square_at(R::board_size - 1 - G::x_of(s), R::board_size - 1 - G::y_of(s)));
        });
        return out;
    };
    Position m;
    m.pieces[0] = turn(p.pieces[1]);
    m.pieces[1] = turn(p.pieces[0]);
    m.kings = turn(p.kings);
    m.side = ~p.side;
    m.refresh_key();
    return m;
}

// Positions of random games: every legal move equally likely, so kings
// and odd material come up as well as openings.
inline std::vector<Position> random_positions(Variant v, int count, std::uint64_t seed) {
    Random random(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position p = start_position(v);
        for (int ply = 0; ply < 150 && static_cast<int>(out.size()) < count; ++ply) {
            const MoveList moves = legal_moves(v, p);
            if (moves.empty()) break;
            p.make(moves[random.below(moves.size())]);
            out.push_back(p);
        }
    }
    return out;
}

}  // namespace yaad::test
