#pragma once
// The inputs of the network evaluation (net_eval.hpp): one definition that
// the engine and the trainer (tools/train_net.cpp) both read.
//
// One input per (dark square, piece kind), seen from the side to move: the
// board is turned half round when Black is to move, so that the side to
// move always plays up the board, and "ours" and "theirs" replace the
// colours. Our men never stand on the top row (they would be kings) and
// theirs never on the bottom row, so the inputs are, in order: our men on
// rows 0 to N-2, their men on rows 1 to N-1, our kings, their kings
// (120 on 8x8, 190 on 10x10). A position and its colour mirror (colours
// swapped, board turned, the other side to move) have the same inputs, so
// the network scores them exactly alike for the side to move.

#include <array>
#include <cstdint>

#include "features.hpp"
#include "geometry.hpp"
#include "position.hpp"

namespace yaad {

template <class R>
struct NetInputs {
    static constexpr int N = R::board_size;
    using G = Geometry<N>;
    static constexpr int row_squares = N / 2;
    static constexpr int dark_squares = N * N / 2;
    static constexpr int men_inputs = dark_squares - row_squares;
    static constexpr int our_men = 0;
    static constexpr int their_men = men_inputs;
    static constexpr int our_kings = 2 * men_inputs;
    static constexpr int their_kings = our_kings + dark_squares;
    static constexpr int count = their_kings + dark_squares;
    // At most every piece of the starting position is on the board.
    static constexpr int max_active = 2 * R::men_rows * row_squares;

    // For each bitboard square, its dense number (row by row from White's
    // side, 0 to dark_squares - 1) as seen by White and as seen by Black
    // (the board turned half round).
    static constexpr auto dense = [] {
        std::array<std::array<std::uint8_t, 64>, 2> d{};
        for (int y = 0; y < N; ++y)
            for (int x = 0; x < N; ++x)
                if (G::is_dark(x, y)) {
                    const Square s = G::square_at(x, y);
                    d[0][s] = static_cast<std::uint8_t>(y * row_squares + x / 2);
                    d[1][s] = static_cast<std::uint8_t>((N - 1 - y) * row_squares + (N - 1 - x) / 2);
                }
        return d;
    }();

    // The input of a man or king of colour c on s, seen by `view` (the
    // side to move: 0 White, 1 Black). Our men stand on rows 0 to N-2
    // (dense 0 to men_inputs - 1); theirs on rows 1 to N-1 (dense
    // row_squares and up).
    static int input(int view, Color c, bool king, Square s) {
        const bool ours = index(c) == view;
        const int base = king ? (ours ? our_kings : their_kings) : (ours ? our_men : their_men - row_squares);
        return base + dense[view][s];
    }

    // Writes the inputs of the pieces on `squares` of colour c, kings or
    // men, to `out` and returns how many.
    static int inputs(int view, Color c, bool king, Bitboard squares, std::uint16_t* out) {
        int n = 0;
        for_each_square(squares, [&](Square s) { out[n++] = static_cast<std::uint16_t>(input(view, c, king, s)); });
        return n;
    }

    // Writes the active inputs of p seen by `view` to `out` (room for
    // max_active) and returns how many.
    static int active(const Position& p, int view, std::uint16_t* out) {
        // In the order the trainer has always summed them (its float sums
        // depend on it).
        const Color us = view == 0 ? Color::white : Color::black, them = ~us;
        int n = inputs(view, us, false, p.men(us), out);
        n += inputs(view, them, false, p.men(them), out + n);
        n += inputs(view, us, true, p.kings_of(us), out + n);
        return n + inputs(view, them, true, p.kings_of(them), out + n);
    }

    // The same from the side to move.
    static int active(const Position& p, std::uint16_t* out) { return active(p, index(p.side), out); }
};

}  // namespace yaad
