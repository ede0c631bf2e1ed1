// The search with an endgame database (issue 12) under the counting rules
// (issue 10): a database win the count no longer allows is a draw, and one
// it allows is won in time against the longest defence. Without the
// database a flying-king 3 K v 1 K can need exactly the longest win, 25
// plies, with 25 left, which a search at a small budget misses now and then.

#include <doctest/doctest.h>

#include "builder.hpp"
#include "count_check.hpp"
#include "database.hpp"
#include "temp_dir.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

std::shared_ptr<const egdb::Database> kings_database(Variant v, int pieces, const std::filesystem::path& dir) {
    egdb::build({.variant = v, .pieces = pieces, .dir = dir, .threads = 2, .kings_only = true});
    std::vector<std::string> warnings;
    std::shared_ptr<const egdb::Database> db = egdb::Database::open(dir, warnings);
    CHECK(warnings.empty());
    REQUIRE(db->most_pieces(v) == pieces);
    return db;
}

}  // namespace

TEST_CASE("egdb search: RULES §4 Jamaican three kings against one, with the database") {
    // doctest runs the case's body once per SUBCASE: the database and the
    // solver are built once for the three.
    static const TempDir dir("search");
    static const std::shared_ptr<const egdb::Database> db = kings_database(Variant::jamaican, 4, dir.path);
    static const KingsEndingSolver<rules::Jamaican> solver(3, 1);
    Engine engine(16);
    engine.set_database(db);

    SUBCASE("every position won within the count is won in time against the longest defence") {
        const auto cases = won_within_count(solver, 3, 1, 40, 5);
        REQUIRE(cases.size() == 40);
        int converted = 0;
        for (const CountCase& c : cases) {
            const PlayOut out = play_out(engine, solver, c, SearchLimits{.nodes = 20000});
            CAPTURE(to_fen(Variant::jamaican, c.position));
            CAPTURE(c.plies_left);
            CHECK(out.converted);
            converted += out.converted;
        }
        CHECK(converted == 40);
    }

    SUBCASE("a win the count no longer allows scores exactly 0") {
        const auto cases = drawn_by_count(solver, 3, 1, 20, 6);
        REQUIRE(cases.size() == 20);
        for (const CountCase& c : cases) {
            CAPTURE(to_fen(Variant::jamaican, c.position));
            CHECK(count_case_score<rules::Jamaican>(engine, c) == 0);
        }
    }

    SUBCASE("a win the count allows is a known win, decided by the database") {
        const auto cases = won_within_count(solver, 3, 1, 1, 7);
        REQUIRE(cases.size() == 1);
        const Game game(Variant::jamaican, cases[0].position, cases[0].counters);
        SearchControl control;
        const SearchResult r = engine.search(game, SearchLimits{.depth = 6}, control);
        CHECK(is_decided(r.score));
        CHECK(!is_decisive(r.score));
        CHECK(r.score > 0);
        CHECK(r.database_hits > 0);
    }
}
