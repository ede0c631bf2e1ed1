// The counting rules of RULES.md §4 against an exact solver of small
// endings of kings (tools/kings_ending_solver.hpp): the solver checked by a
// brute-force search over Game, then the search checked by the solver.

#include <doctest/doctest.h>

#include <functional>
#include <string>

#include "count_check.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "search.hpp"
#include "variant.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

bool wins_within(Game& game, int plies);

// Whether the side to move, in a game still going on, must lose within
// `plies` plies, by trying every line of the game itself.
bool loses_within(Game& game, int plies) {
    if (plies < 2) return false;
    for (const Move& m : game.legal_moves()) {
        game.play(m);
        const bool lost = game.status().outcome == Outcome::ongoing && wins_within(game, plies - 1);
        game.undo();
        if (!lost) return false;
    }
    return true;
}

// Whether it can force a win within `plies` plies.
bool wins_within(Game& game, int plies) {
    if (plies < 1) return false;
    for (const Move& m : game.legal_moves()) {
        game.play(m);
        const GameStatus s = game.status();
        const bool won = s.outcome == Outcome::ongoing ? loses_within(game, plies - 1) : s.outcome != Outcome::draw;
        game.undo();
        if (won) return true;
    }
    return false;
}

// The solver's value of each case against the game tree, over horizons of
// 1 to `horizon` plies.
template <class R>
void check_short_horizons(const KingsEndingSolver<R>& solver, int white, int black, int horizon) {
    // Half of them with the count running out within the horizon.
    auto cases = count_cases(solver, white, black, 6, 1, std::numeric_limits<int>::max(),
                             [&](SolvedValue, SolvedValue, int left) { return left <= horizon; });
    const auto more = count_cases(solver, white, black, 6, 2, std::numeric_limits<int>::max(),
                                  [&](SolvedValue, SolvedValue, int left) { return left > horizon; });
    cases.insert(cases.end(), more.begin(), more.end());
    REQUIRE(cases.size() == 12);
    for (const CountCase& c : cases) {
        Game game(R::variant, c.position, c.counters);
        if (game.status().outcome != Outcome::ongoing) continue;
        const SolvedValue v = solver.value(c.position, c.plies_left);
        CAPTURE(to_fen(R::variant, c.position));
        CAPTURE(c.plies_left);
        for (int n = 1; n <= horizon; ++n) {
            CHECK(wins_within(game, n) == (v.win() && v.plies <= n));
            CHECK(loses_within(game, n) == (v.loss() && v.plies <= n));
        }
    }
}

}  // namespace

TEST_CASE("solver: Jamaican three kings against one, all 287,680 positions, with and without the count") {
    const KingsEndingSolver<rules::Jamaican> solver(3, 1);
    const std::vector<Position> all = solver.positions(3, 1);
    REQUIRE(all.size() == 287680);
    int won = 0, drawn = 0, lost = 0, longest = 0, same_with_count = 0;
    for (const Position& p : all) {
        const SolvedValue v = solver.value(p);
        (v.win() ? won : v.loss() ? lost : drawn)++;
        if (v.win()) longest = std::max<int>(longest, v.plies);
        if (solver.fresh_value(p) == v) ++same_with_count;
    }
    CHECK(won == 132240 + 1854);
    CHECK(drawn == 11600 + 85468);
    CHECK(lost == 56518);
    // Thirteen moves are 25 plies of the strong side's first: every win fits.
    CHECK(longest == 25);
    CHECK(same_with_count == 287680);

    // The defects issue's position: Black has 7 moves left and needs 8 to
    // win as the kings stand, but two sacrifices that end the count (it
    // starts again for the new material, and two kings against one have
    // none) win in 15 plies.
    const KingsEndingSolver<rules::Jamaican> black_strong(1, 3);
    Game game(Variant::jamaican, parse_fen(Variant::jamaican, "B:WK5:BK11,K26,K27"));
    for (const char* m : {"11-20", "5-2", "20-23", "2-6", "27-18", "6-2", "23-10", "2-24", "26-22", "24-31", "10-6", "31-24"})
        game.play(m);
    const int left = game.counters().plies_to_rule_draw<rules::Jamaican>(game.position().side);
    CHECK(left == 13);
    CHECK(black_strong.value(game.position()) == SolvedValue{1, 15});
    CHECK(black_strong.value(game.position(), left) == SolvedValue{1, 15});
}

TEST_CASE("solver: over a few plies its values are the game tree's, counts included") {
    SUBCASE("jamaican 3 v 1") { check_short_horizons(KingsEndingSolver<rules::Jamaican>(3, 1), 3, 1, 3); }
    SUBCASE("russian 2 v 1") { check_short_horizons(KingsEndingSolver<rules::Russian>(2, 1), 2, 1, 4); }
    SUBCASE("brazilian 2 v 1") { check_short_horizons(KingsEndingSolver<rules::Brazilian>(2, 1), 2, 1, 4); }
    SUBCASE("international 2 v 1") { check_short_horizons(KingsEndingSolver<rules::International>(2, 1), 2, 1, 3); }
    SUBCASE("english 2 v 1") { check_short_horizons(KingsEndingSolver<rules::English>(2, 1), 2, 1, 5); }
    SUBCASE("sixrow 2 v 1") { check_short_horizons(KingsEndingSolver<rules::Sixrow>(2, 1), 2, 1, 5); }
}

TEST_CASE("search: RULES §4 the defects issue's Jamaican position is won through the count") {
    // See the solver's test above: the win needs 15 plies, two of them
    // sacrifices, and passes positions already met in the game once.
    Game game(Variant::jamaican, parse_fen(Variant::jamaican, "B:WK5:BK11,K26,K27"));
    for (const char* m : {"11-20", "5-2", "20-23", "2-6", "27-18", "6-2", "23-10", "2-24", "26-22", "24-31", "10-6", "31-24"})
        game.play(m);
    Engine engine(16);
    SearchControl control;
    const SearchResult r = engine.search(game, SearchLimits{.depth = 15, .analysis = true}, control);
    CHECK(r.score == win_score - 15);
}

namespace {

// Positions that the count draws although they are won without it, with up
// to `max_left` plies left, each searched that deep: the score must be 0.
template <class R>
void check_drawn_by_count(int white, int black, int max_left, std::size_t cases) {
    const KingsEndingSolver<R> solver(white, black);
    const auto drawn = count_cases(solver, white, black, cases, 11, std::numeric_limits<int>::max(),
                                   [&](SolvedValue plain, SolvedValue counted, int left) {
                                       return plain.win() && counted.draw() && left <= max_left;
                                   });
    REQUIRE(drawn.size() == cases);
    Engine engine(16);
    for (const CountCase& c : drawn) {
        CAPTURE(to_fen(R::variant, c.position));
        CAPTURE(c.plies_left);
        CHECK(count_case_score<R>(engine, c) == 0);
    }
}

}  // namespace

TEST_CASE("search: RULES §4 where the count leaves too few plies to win, the score is exactly 0") {
    SUBCASE("jamaican 3 v 1") { check_drawn_by_count<rules::Jamaican>(3, 1, 11, 12); }
    SUBCASE("russian 3 v 1") { check_drawn_by_count<rules::Russian>(3, 1, 11, 12); }
    SUBCASE("brazilian 3 v 1") { check_drawn_by_count<rules::Brazilian>(3, 1, 11, 12); }
    SUBCASE("international 2 v 1") { check_drawn_by_count<rules::International>(2, 1, 9, 12); }
    SUBCASE("english 2 v 1") { check_drawn_by_count<rules::English>(2, 1, 15, 12); }
    SUBCASE("sixrow 2 v 1") { check_drawn_by_count<rules::Sixrow>(2, 1, 15, 12); }
}

namespace {

// Positions won within the count, played out by yaad at `nodes` a move
// against the solver's longest defence: every one must be won in time.
template <class R>
void check_won_within_count(int white, int black, std::size_t cases, std::uint64_t nodes) {
    const KingsEndingSolver<R> solver(white, black);
    const auto won = won_within_count(solver, white, black, cases, 13);
    REQUIRE(won.size() == cases);
    Engine engine(16);
    for (const CountCase& c : won) {
        CAPTURE(to_fen(R::variant, c.position));
        CAPTURE(c.plies_left);
        CHECK(play_out(engine, solver, c, SearchLimits{.nodes = nodes}).converted);
    }
}

}  // namespace

TEST_CASE("search: RULES §4 a win within the count is won in time against the longest defence") {
    SUBCASE("english 2 v 1") { check_won_within_count<rules::English>(2, 1, 12, 100000); }
    SUBCASE("sixrow 2 v 1") { check_won_within_count<rules::Sixrow>(2, 1, 12, 100000); }
    SUBCASE("international 2 v 1") { check_won_within_count<rules::International>(2, 1, 12, 100000); }
    SUBCASE("brazilian 2 v 1") { check_won_within_count<rules::Brazilian>(2, 1, 12, 100000); }
}
