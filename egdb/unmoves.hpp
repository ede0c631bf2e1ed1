#pragma once
// Quiet moves played backwards: the positions from which one quiet move
// that neither crowns nor captures leads to q. Only these stay within a
// slice, so they are all the retrograde builder needs; captures and
// crownings lead to other slices, solved before. A predecessor whose side
// to move had a capture is no predecessor at all (captures are compulsory,
// RULES.md §2), and is left out.

#include "geometry.hpp"
#include "movegen.hpp"
#include "position.hpp"

namespace yaad::egdb {

template <class R>
bool side_to_move_can_capture(const Position& p) {
    return p.side == Color::white ? Movegen<R>::template can_capture<Color::white>(p)
                                  : Movegen<R>::template can_capture<Color::black>(p);
}

// Calls f(predecessor) for each quiet predecessor of q (keys left unset).
template <class R, class F>
void for_each_quiet_predecessor(const Position& q, F&& f) {
    using G = Geometry<R::board_size>;
    const Color mover = ~q.side;
    const int us = index(mover);
    const Bitboard occupied = q.occupied();
    const Bitboard empty = G::board & ~occupied;
    Position base = q;
    base.side = mover;
    auto emit = [&](Square from, Square to, bool king) {
        Position p = base;
        const Bitboard change = bit(from) | bit(to);
        p.pieces[us] ^= change;
        if (king) p.kings ^= change;
        if (!side_to_move_can_capture<R>(p)) f(p);
    };
    for_each_square(q.kings_of(mover), [&](Square to) {
        for (const Direction d : all_directions) {
            // Kings move alike both ways along a line, so the squares a
            // king may have come from are those it could go to now.
            const Bitboard from = R::flying_kings ? G::open_ray(d, to, occupied) : shifted(bit(to), G::step[d]) & empty;
            for_each_square(from, [&](Square s) { emit(s, to, true); });
        }
    });
    for (const Direction d : forward_directions(mover)) {
        // A man came one step forward; from its own first row it came from nowhere.
        for_each_square(shifted(q.men(mover), -G::step[d]) & empty,
                        [&](Square from) { emit(from, from + G::step[d], false); });
    }
}

}  // namespace yaad::egdb
