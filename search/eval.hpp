#pragma once
// The static evaluation, one template for every variant with the weights of
// its family (weights.hpp). Scores are in hundredths of a man, from the side
// to move's point of view.

#include <array>
#include <cstdlib>
#include <string_view>

#include "geometry.hpp"
#include "position.hpp"
#include "rules.hpp"
#include "weights.hpp"

namespace yaad {

// The evaluation split into its terms, for the shell's `eval` command.
struct EvalTrace {
    static constexpr std::array<std::string_view, 13> names{
        "material", "advance",  "back rank", "centre", "edge",  "king mobility", "men mobility",
        "diagonal", "runaway",  "balance",   "exchange", "chase", "endgame scale"};
    std::array<std::array<int, 2>, names.size()> terms{};  // [term][colour], white's view for both
};

// W is the variant family's constant weights; the tuner (tools/tune.cpp)
// passes weights it can change instead.
template <class R, const EvalWeights& W = weights_for<R>()>
class Evaluator {
    using G = Geometry<R::board_size>;
    static constexpr int N = R::board_size;
    static constexpr int initial_men = 2 * R::men_rows * (N / 2);

    enum Term { material, advance, back_rank, centre, edge, king_mobility, men_mobility, diagonal, runaway, balance, exchange, chase, scale };

    static constexpr Bitboard mask_where(auto predicate) {
        Bitboard b = 0;
        for (int y = 0; y < N; ++y)
            for (int x = 0; x < N; ++x)
                if (G::is_dark(x, y) && predicate(x, y)) b |= bit(G::square_at(x, y));
        return b;
    }

    static constexpr Bitboard centre_squares =
        mask_where([](int x, int y) { return x >= 2 && x <= N - 3 && y >= N / 2 - 2 && y <= N / 2 + 1; });
    static constexpr Bitboard edge_squares = mask_where([](int x, int) { return x == 0 || x == N - 1; });
    static constexpr Bitboard main_diagonal = mask_where([](int x, int y) { return x == y; });
    static constexpr Bitboard left_wing = mask_where([](int x, int) { return x < N / 2; });


    static constexpr int rows_advanced(Color c, Square s) {
        return c == Color::white ? G::y_of(s) : N - 1 - G::y_of(s);
    }

    static int distance(Square a, Square b) {
        return std::max(std::abs(G::x_of(a) - G::x_of(b)), std::abs(G::y_of(a) - G::y_of(b)));
    }

    template <bool Trace>
    static void add(EvalTrace* trace, Term t, Color c, int value, std::array<int, 2>& sum) {
        sum[index(c)] += value;
        if constexpr (Trace) trace->terms[t][index(c)] += c == Color::white ? value : -value;
    }

    // Terms of one colour's pieces, from that colour's point of view.
    template <bool Trace>
    static void side_terms(const Position& p, Color us, int men_total, std::array<int, 2>& sum, EvalTrace* trace) {
        const Color them = ~us;
        const Bitboard men = p.men(us);
        const Bitboard kings = p.kings_of(us);
        const Bitboard empty = G::board & ~p.occupied();

        add<Trace>(trace, material, us, W.man * popcount(men) + W.king * popcount(kings), sum);

        // Advancing is worth more as the board empties.
        const int quarters = 4 - 3 * men_total / initial_men;
        int adv = 0;
        for_each_square(men, [&](Square s) { adv += W.advance[rows_advanced(us, s)]; });
        add<Trace>(trace, advance, us, adv * quarters / 4, sum);

        if (p.men(them))
            add<Trace>(trace, back_rank, us,
                       W.back_rank * popcount(men & G::crowning_row(them)) * men_total / initial_men, sum);
        add<Trace>(trace, centre, us, W.centre * popcount(men & centre_squares), sum);
        add<Trace>(trace, edge, us, -W.edge * popcount(men & edge_squares), sum);

        int mobility = 0;
        for_each_square(kings, [&](Square s) {
            for (const Direction d : all_directions)
                mobility += R::flying_kings ? popcount(G::open_ray(d, s, p.occupied()))
                                            : popcount(shifted(bit(s), G::step[d]) & empty);
        });
        add<Trace>(trace, king_mobility, us, W.king_mobility * mobility, sum);
        int men_moves = 0;
        for (const Direction d : forward_directions(us)) men_moves += popcount(shifted(men, G::step[d]) & empty);
        add<Trace>(trace, men_mobility, us, W.men_mobility * men_moves, sum);
        if constexpr (R::flying_kings) add<Trace>(trace, diagonal, us, W.main_diagonal * popcount(kings & main_diagonal), sum);

        // With flying kings an enemy king can stop any man.
        if (!(R::flying_kings && p.kings_of(them))) {
            int run = 0;
            for_each_square(men, [&](Square s) {
                if (G::cones[index(us)][s] & p.of(them)) return;
                run += std::max(0, W.runaway - W.runaway_step * (N - 1 - rows_advanced(us, s)));
            });
            add<Trace>(trace, runaway, us, run, sum);
        }

        if (W.balance) {
            const int left = popcount(men & left_wing);
            const int right = popcount(men) - left;
            add<Trace>(trace, balance, us, -W.balance * std::abs(left - right), sum);
        }
    }

    // When one side is ahead: kings close in on the enemy.
    template <bool Trace>
    static void chase_terms(const Position& p, Color strong, std::array<int, 2>& sum, EvalTrace* trace) {
        int closeness = 0;
        const Bitboard enemies = p.of(~strong);
        for_each_square(p.kings_of(strong), [&](Square k) {
            int nearest = N;
            for_each_square(enemies, [&](Square e) { nearest = std::min(nearest, distance(k, e)); });
            closeness += N - nearest;
        });
        add<Trace>(trace, chase, strong, W.chase * closeness, sum);
    }

public:
    // Endings that the rules or the board make hard to win (RULES.md §4):
    // a lone king, or on a flying 8x8 board two kings, against a few kings
    // only. Returns a divisor of the score, or 0 where only a capture on
    // the board now could decide the game, which the search sees: two kings
    // never catch one on a flying board, nor one king another anywhere.
    // Scoring those exactly 0 lets a search prefer them to nothing when a
    // counting rule is about to draw.
    static int drawish_divisor(const Position& p) {
        for (const Color weak : {Color::white, Color::black}) {
            const Color strong = ~weak;
            // Nor do three kings catch two on a flying 8x8 board: of 3,000
            // random such positions in each of Pool, Russian and Brazilian,
            // the 5-piece databases win none but shots of at most 4 plies.
            // Scored above 0, the stronger side shuffled them for hundreds
            // of plies in Jamaican until a repetition.
            if constexpr (R::flying_kings && N == 8) {
                if (!p.men(weak) && popcount(p.kings_of(weak)) == 2 && !p.men(strong) &&
                    popcount(p.kings_of(strong)) <= 3)
                    return 0;
            }
            if (popcount(p.of(weak)) != 1 || !(p.of(weak) & p.kings) || p.men(strong)) continue;
            const int kings = popcount(p.kings_of(strong));
            if (kings <= (R::flying_kings ? 2 : 1)) return 0;
            // Three kings need the lone king off the long diagonal (four on
            // 10x10, where three rarely win).
            if constexpr (R::flying_kings) {
                if (kings == 3 && N == 10) return 16;
                if (kings == (N == 10 ? 4 : 3) && (p.of(weak) & main_diagonal)) return 4;
            }
        }
        return 1;
    }

    template <bool Trace = false>
    static int evaluate(const Position& p, EvalTrace* trace = nullptr) {
        std::array<int, 2> sum{};
        const int men_total = popcount(p.occupied() & ~p.kings);
        side_terms<Trace>(p, Color::white, men_total, sum, trace);
        side_terms<Trace>(p, Color::black, men_total, sum, trace);

        const int material_white = W.man * popcount(p.men(Color::white)) + W.king * popcount(p.kings_of(Color::white));
        const int material_black = W.man * popcount(p.men(Color::black)) + W.king * popcount(p.kings_of(Color::black));
        const int lead = material_white - material_black;
        if (lead != 0) {
            const Color strong = lead > 0 ? Color::white : Color::black;
            const int pieces = popcount(p.occupied());
            add<Trace>(trace, exchange, strong, std::abs(lead) * W.exchange / (100 * pieces), sum);
            if (std::abs(lead) >= W.man && p.kings_of(strong)) chase_terms<Trace>(p, strong, sum, trace);
        }

        int score = sum[0] - sum[1];
        const int divisor = drawish_divisor(p);
        if constexpr (Trace) trace->terms[scale][0] = divisor;
        score = divisor ? score / divisor : 0;
        return p.side == Color::white ? score : -score;
    }
};

}  // namespace yaad
