#pragma once
// Checks the search against the exact values of a kings-only ending under
// the counting rules of RULES.md §4 (kings_ending_solver.hpp):
// - where the count leaves too few plies to win a won ending, a search as
//   deep as the plies left must score exactly 0;
// - where the win fits in the count, yaad playing the winner against the
//   longest-resisting defence must win before the count runs out.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "fen.hpp"
#include "game.hpp"
#include "kings_ending_solver.hpp"
#include "random.hpp"
#include "search.hpp"

namespace yaad::test {

// A position with its draw counters, as met in a game.
struct CountCase {
    Position position;
    DrawCounters counters;
    int plies_left = 0;  // before a counting rule draws
};

// The counters at p after `age` quiet plies in its material, the last one
// played by the side not to move (a capture started the count).
template <class R>
DrawCounters counters_aged(const Position& p, int age) {
    DrawCounters c = DrawCounters::at_start<R>(p);
    Color mover = ~p.side;
    for (int i = 0; i < age; ++i, mover = ~mover) {
        ++c.progress_plies;
        ++(mover == c.strong ? c.strong_moves : c.weak_moves);
    }
    return c;
}

// Positions of the material (white_kings, black_kings), each with every
// count a game can reach up to `max_age` plies old, kept when `keep(value without counts, value with
// them, plies left)` says so; then `wanted` of them drawn at random.
template <class R, class Keep>
std::vector<CountCase> count_cases(const KingsEndingSolver<R>& solver, int white_kings, int black_kings,
                                   std::size_t wanted, std::uint64_t seed, int max_age, Keep&& keep) {
    std::vector<CountCase> out;
    Random random(seed);
    std::uint64_t kept = 0;
    for (const Position& p : solver.positions(white_kings, black_kings)) {
        const int fresh = KingsEndingSolver<R>::fresh_plies_left(p);
        if (fresh == DrawCounters::no_limit) continue;
        const SolvedValue plain = solver.value(p);
        int last = -1;
        for (int age = 0; age <= max_age; ++age) {
            const DrawCounters c = counters_aged<R>(p, age);
            const int left = c.template plies_to_rule_draw<R>(p.side);
            if (left == 0) break;
            if (left == last) continue;
            last = left;
            if (!keep(plain, solver.value(p, left), left)) continue;
            // Reservoir sampling: each case kept with the same chance.
            const std::uint64_t slot = kept < wanted ? kept : random.below(kept + 1);
            ++kept;
            if (slot >= wanted) continue;
            if (slot == out.size())
                out.push_back({p, c, left});
            else
                out[slot] = {p, c, left};
        }
    }
    return out;
}

// Won without the count, drawn with it.
template <class R>
std::vector<CountCase> drawn_by_count(const KingsEndingSolver<R>& solver, int white_kings, int black_kings,
                                      std::size_t wanted, std::uint64_t seed) {
    return count_cases(solver, white_kings, black_kings, wanted, seed, std::numeric_limits<int>::max(),
                       [](SolvedValue plain, SolvedValue counted, int) { return plain.win() && counted.draw(); });
}

// Won by the side to move within the count, the count at most `max_age`
// plies old (0: positions where the count starts).
template <class R>
std::vector<CountCase> won_within_count(const KingsEndingSolver<R>& solver, int white_kings, int black_kings,
                                        std::size_t wanted, std::uint64_t seed,
                                        int max_age = std::numeric_limits<int>::max()) {
    return count_cases(solver, white_kings, black_kings, wanted, seed, max_age,
                       [](SolvedValue, SolvedValue counted, int) { return counted.win(); });
}

// The search's score from the case at a depth of the plies left.
template <class R>
int count_case_score(Engine& engine, const CountCase& c) {
    engine.new_game();
    const Game game(R::variant, c.position, c.counters);
    SearchControl control;
    SearchLimits limits;
    limits.depth = c.plies_left;
    limits.analysis = true;
    return engine.search(game, limits, control).score;
}

struct PlayOut {
    GameStatus end;
    int plies = 0;
    bool converted = false;  // the side to move at the start won
};

// yaad plays the side to move of the case with `limits` a move; the solver
// answers with the move that resists longest. `on_move(game, move)` sees
// every move before it is played.
template <class R, class OnMove = void (*)(const Game&, const Move&)>
PlayOut play_out(Engine& engine, const KingsEndingSolver<R>& solver, const CountCase& c, const SearchLimits& limits,
                 OnMove&& on_move = [](const Game&, const Move&) {}) {
    engine.new_game();
    Game game(R::variant, c.position, c.counters);
    const Color winner = c.position.side;
    PlayOut out;
    for (GameStatus status = game.status(); status.outcome == Outcome::ongoing; status = game.status()) {
        const Position& p = game.position();
        Move move{};
        if (p.side == winner) {
            SearchControl control;
            move = *engine.search(game, limits, control).best;
        } else {
            const int left = game.counters().template plies_to_rule_draw<R>(p.side);
            SolvedValue best{};
            bool any = false;
            for (const Move& m : game.legal_moves()) {
                const SolvedValue v = solver.value_after(p, m, left);
                if (!any || SolvedValue::better(v, best)) best = v, move = m, any = true;
            }
        }
        on_move(game, move);
        game.play(move);
        ++out.plies;
    }
    out.end = game.status();
    out.converted = out.end.outcome == (winner == Color::white ? Outcome::white_wins : Outcome::black_wins);
    return out;
}

}  // namespace yaad::test
