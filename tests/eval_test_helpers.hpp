#pragma once
// What the tests of the learned evaluations (patterns and network) share:
// a position's colour mirror (random games: test_helpers.hpp).

#include "fen.hpp"
#include "geometry.hpp"
#include "position.hpp"
#include "rules.hpp"
#include "test_helpers.hpp"
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

}  // namespace yaad::test
