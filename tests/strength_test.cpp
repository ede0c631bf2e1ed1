// Strength levels: the settings grow with the level, a weaker level picks
// among nearly-best moves only, and its choices repeat with a seed.

#include "strength.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "game.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "search.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

SearchInfo line(int score, int rank) {
    SearchInfo info;
    info.score = score;
    info.line = rank;
    return info;
}

}  // namespace

TEST_CASE("strength: nodes grow, moves compared and mistakes shrink with the level; 20 is unlimited") {
    for (int level = weakest_level; level < full_strength - 1; ++level) {
        CAPTURE(level);
        const StrengthLevel a = strength_level(level), b = strength_level(level + 1);
        CHECK(a.nodes <= b.nodes);
        CHECK(a.temperature > b.temperature);
        CHECK(a.lines >= b.lines);
        CHECK(a.lines > 1);
    }
    CHECK(strength_level(1).nodes == 50);
    CHECK(strength_level(19).nodes == 100000);
    CHECK(strength_level(full_strength).nodes == 0);
    CHECK(strength_level(full_strength).lines == 1);
    CHECK(strength_level(full_strength).temperature == 0);
}

TEST_CASE("strength: a choice is a nearly-best line, weighted towards the best") {
    const std::vector<SearchInfo> lines{line(50, 1), line(40, 2), line(-200, 3), line(-win_score + 5, 4)};
    // Within three temperatures (30) only the first two can be drawn.
    std::set<std::size_t> chosen;
    int first = 0;
    for (int i = 0; i < 1000; ++i) {
        const std::size_t c = choose_line(lines, 10, i / 1000.0);
        chosen.insert(c);
        first += c == 0;
    }
    CHECK(chosen == std::set<std::size_t>{0, 1});
    // Weights exp(0) : exp(-1): draws below 1 / (1 + e^-1) = 0.7311 take the best.
    CHECK(first == 732);
    // A lost line is never chosen when the best is not lost, however hot.
    for (int i = 0; i < 1000; ++i) CHECK(choose_line(lines, 100000, i / 1000.0) != 3);
    CHECK(choose_line(lines, 0, 0.99) == 0);
    CHECK(choose_line({line(10, 1)}, 50, 0.99) == 0);
}

TEST_CASE("strength: a weaker level plays legal moves, the same ones from the same seed") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        for (const Position& p : test::random_positions(v, 3, 2, 16)) {
            const Game game(v, p);
            if (game.legal_moves().size() < 2) continue;
            std::vector<std::string> first, second;
            for (std::vector<std::string>* out : {&first, &second}) {
                Engine engine(4);
                engine.set_level(3);
                engine.set_seed(42);
                for (int i = 0; i < 8; ++i) {
                    SearchControl control;
                    engine.new_game();
                    const SearchResult r = engine.search(game, SearchLimits{.depth = 6}, control);
                    REQUIRE(r.best);
                    bool legal = false;
                    for (const Move& m : game.legal_moves()) legal = legal || m.same_effect(*r.best);
                    CHECK(legal);
                    out->push_back(format_move(v, p, *r.best, MoveFormat::hub));
                }
            }
            CHECK(first == second);
        }
    }
}

TEST_CASE("strength: full strength and analysis search as before") {
    const Variant v = Variant::english;
    const Game game(v, start_position(v));
    auto best = [&](int level, bool analysis) {
        Engine engine(4);
        engine.set_level(level);
        SearchControl control;
        SearchLimits limits;
        limits.depth = 7;
        limits.analysis = analysis;
        const SearchResult r = engine.search(game, limits, control);
        return std::make_pair(format_move(v, game.position(), *r.best, MoveFormat::hub), r.nodes);
    };
    CHECK(best(full_strength, false) == best(full_strength, true));
    CHECK(best(1, true) == best(full_strength, true));
}
