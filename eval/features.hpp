#pragma once
// The features of the learned evaluation: one definition that the engine
// (learned_eval.hpp) and the trainer (tools/train.cpp) both read.
//
// Patterns, after Scan: the board is covered by overlapping 4x4 windows at
// even offsets (16 on 10x10, 9 on 8x8, 4 on 6x6), each holding 8 dark
// squares. The men on a window's squares (empty, white man, black man; a
// king counts as empty, the global terms see kings) form a base-3 number
// that indexes a table of 3^8 weights. A window and its 180-degree rotation
// share one table, the rotated one read with colours swapped and its weight
// negated, so the evaluation of a position is exactly minus that of its
// colour mirror. The window in White's half (or the centre, its own
// rotation) is the table's own.
//
// Global terms add what windows cannot see: material, advancement, kings,
// runaway men, balance, the move. Every weight is a pair (middlegame,
// endgame) blended by the pieces on the board.
//
// A feature is a weight slot and a whole coefficient from White's view:
// the evaluation for White is the sum of coefficient x blended weight.

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geometry.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// The variant families that share a model (and a weights file).
enum class EvalFamily : std::uint8_t { flying8, english, international, sixrow };
constexpr int eval_families = 4;

constexpr std::string_view family_name(EvalFamily f) {
    constexpr std::array<std::string_view, eval_families> names{"flying8", "english", "international", "sixrow"};
    return names[static_cast<int>(f)];
}

template <class R>
constexpr EvalFamily family_of() {
    if constexpr (R::board_size == 10)
        return EvalFamily::international;
    else if constexpr (R::board_size == 6)
        return EvalFamily::sixrow;
    else if constexpr (R::flying_kings)
        return EvalFamily::flying8;
    else
        return EvalFamily::english;
}

constexpr int window_squares = 8;
constexpr int window_entries = 6561;  // 3^8

// The global terms, in slot order after the tables.
enum GlobalTerm : int { g_men, g_kings, g_first_king, g_advance, g_runaway, g_king_mobility, g_diagonal, g_balance, g_tempo, global_terms };
constexpr std::array<std::string_view, global_terms> global_term_names{
    "men", "kings", "first king", "advance", "runaway", "king mobility", "long diagonal", "balance", "move"};

// binary_to_ternary[b]: the bits of b as base-3 digits 0/1; reversed_ternary
// reads bit i as digit 7 - i (a window seen from the other side).
inline constexpr auto binary_to_ternary = [] {
    std::array<std::array<std::uint16_t, 256>, 2> t{};
    for (int b = 0; b < 256; ++b) {
        int forward = 0, backward = 0, power = 1;
        for (int i = 0; i < window_squares; ++i, power *= 3) {
            if (b >> i & 1) forward += power;
            if (b >> (window_squares - 1 - i) & 1) backward += power;
        }
        t[0][b] = static_cast<std::uint16_t>(forward);
        t[1][b] = static_cast<std::uint16_t>(backward);
    }
    return t;
}();

template <class R>
struct Features {
    static constexpr int N = R::board_size;
    using G = Geometry<N>;
    static constexpr int offsets = (N - 4) / 2 + 1;
    static constexpr int windows = offsets * offsets;
    // Windows at (ox, oy) and (N-4-ox, N-4-oy) share a table.
    static constexpr int tables = (windows + 1) / 2;
    static constexpr int global_slot = tables * window_entries;
    static constexpr int slots = global_slot + global_terms;
    static constexpr int initial_pieces = 2 * R::men_rows * (N / 2);
    static constexpr EvalFamily family = family_of<R>();

    struct Window {
        std::array<int, 4> row_shift;  // the bit of each row's first square; the second is the next bit
        int table;
        bool own;     // read from White's side into its table
        bool mirror;  // read from Black's side into its table (the centre window is both)
    };

    static constexpr std::array<Window, windows> window_list = [] {
        std::array<Window, windows> list{};
        for (int oy = 0, i = 0; oy < offsets; ++oy)
            for (int ox = 0; ox < offsets; ++ox, ++i) {
                Window& w = list[i];
                for (int ly = 0; ly < 4; ++ly) {
                    const int y = 2 * oy + ly;
                    const int x = 2 * ox + (y % 2);  // the first dark square of the row in the window
                    w.row_shift[ly] = G::square_at(x, y);
                }
                const int partner = windows - 1 - i;  // (offsets-1-ox, offsets-1-oy)
                w.table = std::min(i, partner);
                w.own = i <= partner;
                w.mirror = i >= partner;
            }
        return list;
    }();

    // The 8 bits of `b` on a window, row by row from White's side.
    static constexpr unsigned gather(Bitboard b, const Window& w) {
        unsigned bits = 0;
        for (int ly = 0; ly < 4; ++ly) bits |= static_cast<unsigned>((b >> w.row_shift[ly]) & 3) << (2 * ly);
        return bits;
    }

    // The diagonal from White's lower-left corner to the opposite one.
    static constexpr Bitboard long_diagonal = [] {
        Bitboard b = 0;
        for (int i = 0; i < N; ++i) b |= bit(G::square_at(i, i));
        return b;
    }();
    static constexpr Bitboard left_half = [] {
        Bitboard b = 0;
        for (int y = 0; y < N; ++y)
            for (int x = 0; x < N / 2; ++x)
                if (G::is_dark(x, y)) b |= bit(G::square_at(x, y));
        return b;
    }();

    static int advancement(Bitboard men, Color c) {
        int sum = 0;
        for (int y = 1; y < N - 1; ++y) {
            const int rows = c == Color::white ? y : N - 1 - y;
            sum += rows * popcount(men & G::rows[y]);
        }
        return sum;
    }

    static int runaways(const Position& p, Color us) {
        const Color them = ~us;
        if (R::flying_kings && p.kings_of(them)) return 0;  // a flying king stops any man
        int count = 0;
        for_each_square(p.men(us), [&](Square s) {
            if (!(G::cones[index(us)][s] & p.of(them))) ++count;
        });
        return count;
    }

    static int king_mobility(const Position& p, Color us) {
        const Bitboard kings = p.kings_of(us);
        if (!kings) return 0;
        const Bitboard occupied = p.occupied();
        int mobility = 0;
        for_each_square(kings, [&](Square s) {
            for (const Direction d : all_directions)
                mobility += R::flying_kings ? popcount(G::open_ray(d, s, occupied))
                                            : popcount(G::rays[d][s] & shifted(bit(s), G::step[d]) & ~occupied);
        });
        return mobility;
    }

    static int imbalance(Bitboard men) {
        return std::abs(popcount(men & left_half) - popcount(men & ~left_half));
    }

    // The men and kings on the board, at most initial_pieces: the share of
    // the middlegame weight is phase / initial_pieces.
    static int phase(const Position& p) { return std::min(popcount(p.occupied()), initial_pieces); }

    // Calls f(slot, coefficient) for every feature of p with a coefficient
    // that may be non-zero (White's view); window features come first, one
    // call per window reading.
    template <class F>
    static void visit(const Position& p, F&& f) {
        const Bitboard white_men = p.men(Color::white);
        const Bitboard black_men = p.men(Color::black);
        for (const Window& w : window_list) {
            const unsigned white = gather(white_men, w);
            const unsigned black = gather(black_men, w);
            const int base = w.table * window_entries;
            if (w.own) f(base + binary_to_ternary[0][white] + 2 * binary_to_ternary[0][black], 1);
            if (w.mirror) f(base + binary_to_ternary[1][black] + 2 * binary_to_ternary[1][white], -1);
        }
        const Bitboard white_kings = p.kings_of(Color::white);
        const Bitboard black_kings = p.kings_of(Color::black);
        f(global_slot + g_men, popcount(white_men) - popcount(black_men));
        f(global_slot + g_kings, popcount(white_kings) - popcount(black_kings));
        f(global_slot + g_first_king, (white_kings != 0) - (black_kings != 0));
        f(global_slot + g_advance, advancement(white_men, Color::white) - advancement(black_men, Color::black));
        f(global_slot + g_runaway, runaways(p, Color::white) - runaways(p, Color::black));
        if (p.kings) {
            f(global_slot + g_king_mobility, king_mobility(p, Color::white) - king_mobility(p, Color::black));
            if constexpr (R::flying_kings)
                f(global_slot + g_diagonal, popcount(white_kings & long_diagonal) - popcount(black_kings & long_diagonal));
        }
        f(global_slot + g_balance, imbalance(black_men) - imbalance(white_men));
        f(global_slot + g_tempo, p.side == Color::white ? 1 : -1);
    }
};

}  // namespace yaad
