#pragma once
// Board geometry, computed at compile time from the board size.
//
// Internal coordinates: x is the file counted from White's left, y the rank
// counted from White's side, so White always moves toward higher y and dark
// squares have x + y even. A mirrored board (Jamaican) differs only in how
// squares are named (board_layout.hpp), never in how pieces move, so one
// geometry serves both orientations.
//
// Bit layout: square (x, y) is bit (y * (N + 1) + x) / 2. Every two rows take
// N + 1 bits, which leaves one ghost bit between rows; a step off the left or
// right edge lands on a ghost, which is never part of the board. Thanks to
// the ghosts a diagonal step is the same shift on every row.

#include <array>

#include "bitboard.hpp"
#include "color.hpp"

namespace yaad {

enum Direction : int { up_left, up_right, down_left, down_right };

constexpr std::array<Direction, 4> all_directions{up_left, up_right, down_left, down_right};

constexpr Direction opposite(Direction d) { return static_cast<Direction>(3 - d); }

constexpr bool is_upward(Direction d) { return d == up_left || d == up_right; }

// The two directions a man of colour c moves in.
constexpr std::array<Direction, 2> forward_directions(Color c) {
    return c == Color::white ? std::array{up_left, up_right} : std::array{down_left, down_right};
}

// The bit of square (x, y) on an n x n board, in the layout described above.
constexpr Square layout_square(int n, int x, int y) { return (y * (n + 1) + x) / 2; }

template <int N>
struct Geometry {
    static_assert(N % 2 == 0 && N >= 4 && N <= 10, "boards are 4x4 to 10x10, even sizes");

    static constexpr int size = N;
    static constexpr int squares = N * N / 2;
    static constexpr int bits = N * (N + 1) / 2;

    static constexpr std::array<int, 4> step{N / 2, N / 2 + 1, -(N / 2 + 1), -(N / 2)};

    static constexpr Square square_at(int x, int y) { return layout_square(N, x, y); }
    static constexpr int x_of(Square s) { return 2 * s % (N + 1); }
    static constexpr int y_of(Square s) { return 2 * s / (N + 1); }

    static constexpr bool is_dark(int x, int y) {
        return x >= 0 && x < N && y >= 0 && y < N && (x + y) % 2 == 0;
    }

    static constexpr std::array<Bitboard, N> rows = [] {
        std::array<Bitboard, N> r{};
        for (int y = 0; y < N; ++y)
            for (int x = 0; x < N; ++x)
                if (is_dark(x, y)) r[y] |= bit(square_at(x, y));
        return r;
    }();

    static constexpr Bitboard board = [] {
        Bitboard b = 0;
        for (Bitboard r : rows) b |= r;
        return b;
    }();

    // The row where a man of colour c is crowned.
    static constexpr Bitboard crowning_row(Color c) {
        return c == Color::white ? rows[N - 1] : rows[0];
    }

    // The diagonal dx, dy of each direction.
    static constexpr std::array<int, 4> dx{-1, 1, -1, 1};
    static constexpr std::array<int, 4> dy{1, 1, -1, -1};

    // rays[d][s]: the squares from s (exclusive) to the edge in direction d.
    static constexpr std::array<std::array<Bitboard, 64>, 4> rays = [] {
        std::array<std::array<Bitboard, 64>, 4> r{};
        for (int d = 0; d < 4; ++d)
            for (int y = 0; y < N; ++y)
                for (int x = 0; x < N; ++x) {
                    if (!is_dark(x, y)) continue;
                    Bitboard ray = 0;
                    for (int i = x + dx[d], j = y + dy[d]; is_dark(i, j); i += dx[d], j += dy[d])
                        ray |= bit(square_at(i, j));
                    r[d][square_at(x, y)] = ray;
                }
        return r;
    }();

    // cones[c][s]: the squares from which a piece might stop a man of
    // colour c on s before it crowns (both evaluations' runaway men): the
    // widening triangle ahead, one square wider on each side.
    static constexpr std::array<std::array<Bitboard, 64>, 2> cones = [] {
        std::array<std::array<Bitboard, 64>, 2> c{};
        for (int colour = 0; colour < 2; ++colour)
            for (int y = 0; y < N; ++y)
                for (int x = 0; x < N; ++x) {
                    if (!is_dark(x, y)) continue;
                    const int dir = colour == 0 ? 1 : -1;
                    Bitboard cone = 0;
                    for (int k = 1; y + dir * k >= 0 && y + dir * k < N; ++k)
                        for (int i = x - k - 1; i <= x + k + 1; ++i)
                            if (is_dark(i, y + dir * k)) cone |= bit(square_at(i, y + dir * k));
                    c[colour][square_at(x, y)] = cone;
                }
        return c;
    }();

    // The first square of `set` met when walking from a square in direction d;
    // `set` must hold only squares of that ray.
    static constexpr Square nearest(Direction d, Bitboard set) {
        return is_upward(d) ? lowest(set) : highest(set);
    }

    // The squares reached from s in direction d before the first occupied one.
    static constexpr Bitboard open_ray(Direction d, Square s, Bitboard occupied) {
        const Bitboard ray = rays[d][s];
        const Bitboard blockers = ray & occupied;
        if (!blockers) return ray;
        const Square b = nearest(d, blockers);
        return ray & ~(rays[d][b] | bit(b));
    }
};

}  // namespace yaad
