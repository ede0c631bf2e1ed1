// Where a counting rule can change a database value (egdb/count_trust.hpp),
// and the search with a database where it can: Pool's 3 kings v 1 holds
// wins that the 13-move count draws, so a stored win of 2 kings and a man v
// 1 king, which crowns into it, is only "at least a draw". Before that, the
// engine with the database drew the positions below by repetition in a
// Jamaican match (session 5, Pool's 6-piece set): every quiet move scored a
// stored win while crowning scored the count's draw.

#include <doctest/doctest.h>

#include "builder.hpp"
#include "database.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "legal_moves.hpp"
#include "proof_search.hpp"
#include "search.hpp"
#include "temp_dir.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

egdb::Material material(const char* name) {
    egdb::Material m;
    REQUIRE(std::sscanf(name, "%dm%dk-%dm%dk", &m.white_men, &m.white_kings, &m.black_men, &m.black_kings) == 4);
    return m;
}

std::shared_ptr<const egdb::Database> database_for(Variant v, const char* slice, const std::filesystem::path& dir) {
    egdb::build({.variant = v, .pieces = material(slice).pieces(), .dir = dir, .threads = 2,
                 .for_material = material(slice)});
    std::vector<std::string> warnings;
    std::shared_ptr<const egdb::Database> db = egdb::Database::open(dir, warnings);
    CHECK(warnings.empty());
    REQUIRE(db->has(v, material(slice)));
    return db;
}

}  // namespace

TEST_CASE("egdb count trust: fresh counts and what leads where") {
    // 13 moves of the side with 3 kings: 25 plies with it to move, 26 without.
    CHECK(egdb::fresh_count_plies(Variant::pool, material("0m3k-0m1k")) == 25);
    CHECK(egdb::fresh_count_plies(Variant::pool, material("0m1k-0m3k")) == 25);
    CHECK(egdb::fresh_count_plies(Variant::pool, material("1m2k-0m1k")) == DrawCounters::no_limit);
    CHECK(egdb::fresh_count_plies(Variant::sixrow, material("1m2k-0m1k")) == 30);
    // 15 moves each in Russian, before its 30-ply rule.
    CHECK(egdb::fresh_count_plies(Variant::russian, material("0m4k-0m1k")) == 30);
    CHECK(egdb::fresh_count_plies(Variant::international, material("1m1k-0m1k")) == 10);
    CHECK(egdb::leads_to(material("1m2k-0m1k"), material("0m3k-0m1k")));
    CHECK(egdb::leads_to(material("1m2k-0m1k"), material("1m1k-0m1k")));
    CHECK(!egdb::leads_to(material("1m2k-0m1k"), material("1m2k-0m1k")));
    CHECK(!egdb::leads_to(material("0m3k-0m1k"), material("1m2k-0m1k")));
    CHECK(!egdb::leads_to(material("1m2k-0m1k"), material("0m2k-1m0k")));
}

TEST_CASE("egdb count trust: Pool's 3 kings v 1 wins within a fresh count, so what crowns into it is exact") {
    TempDir dir("trust-pool");
    const auto db = database_for(Variant::pool, "0m1k-1m2k", dir.path);
    // Its longest win needs 23 plies left on the count; a fresh one leaves 25.
    CHECK(db->count_exact(Variant::jamaican, material("0m1k-0m3k")));
    CHECK(db->count_exact(Variant::jamaican, material("0m1k-1m2k")));
    CHECK(db->count_inexact_reason(Variant::pool).empty());
}

TEST_CASE("egdb count trust: six-row 2 kings v 3 needs more than the count, so a win into it is a bound") {
    TempDir dir("trust-sixrow");
    Engine engine(16);
    const auto db = database_for(Variant::sixrow, "0m2k-1m2k", dir.path);
    engine.set_database(db);
    // Its own wins are sure wherever their distance fits the count left.
    CHECK(db->count_exact(Variant::sixrow, material("0m2k-0m3k")));
    CHECK(!db->count_exact(Variant::sixrow, material("0m2k-1m2k")));
    CHECK(db->count_inexact_reason(Variant::sixrow) ==
          "0m2k-0m3k holds a win of 35 plies to its next capture or crowning, more than a fresh count's 30");
    // Stored: White loses in 2 plies (Black crowns); proved: a draw, as
    // the 2 kings v 3 that follows takes longer than the 30-ply count.
    const Position p = parse_fen(Variant::sixrow, "W:WK12,K15:BK3,13,K16");
    const egdb::Probe stored = *db->probe(Variant::sixrow, p);
    CHECK(stored.value == egdb::Wdl::loss);
    CHECK(stored.plies == 2);
    const egdb::Trust trust = egdb::trust(db.get(), Variant::sixrow);
    CHECK(trust.why == db->count_inexact_reason(Variant::sixrow));
    egdb::ProofOptions o;
    o.table_megabytes = 4;
    const egdb::ProofResult proved = egdb::prove(Variant::sixrow, p, db.get(), trust, o);
    REQUIRE(proved.value);
    CHECK(*proved.value == egdb::Wdl::draw);
    // The search takes the stored loss as "a draw at most", not a loss.
    SearchControl control;
    const SearchResult r = engine.search(Game(Variant::sixrow, p), SearchLimits{.depth = 8}, control);
    CHECK(r.score > -known_win_threshold);
    CHECK(r.score <= 0);
}

TEST_CASE("egdb count trust: the engine with the database wins Jamaican 2 kings and a man v 1 king") {
    TempDir dir("trust-jamaican");
    Engine with(16), without(16);
    with.set_database(database_for(Variant::pool, "0m1k-1m2k", dir.path));
    // From session 5's match (Jamaican, Pool's 6-piece set on against off,
    // 20000 nodes a move): each was drawn by repetition, the engine with
    // the database scoring 79.97 and never crowning.
    for (const std::string fen : {"B:WK6:BK1,K8,25", "B:WK2:BK1,K4,25", "B:WK13:BK1,K8,25", "B:WK17:BK1,K8,25"}) {
        CAPTURE(fen);
        const Position start = parse_fen(Variant::jamaican, fen);
        REQUIRE(with.database()->probe(Variant::jamaican, start)->value == egdb::Wdl::win);
        with.new_game();
        without.new_game();
        Game game(Variant::jamaican, start);
        while (game.status().outcome == Outcome::ongoing && game.ply_count() < 300) {
            SearchControl control;
            Engine& engine = game.position().side == Color::black ? with : without;
            game.play(*engine.search(game, SearchLimits{.nodes = 20000}, control).best);
        }
        CHECK(game.status().outcome == Outcome::black_wins);
        CHECK(game.ply_count() < 40);
    }
}

TEST_CASE("egdb count trust: a loss a count might still save does not tie with a sure draw") {
    // Russian 3 men v 1 king holds wins that its 15-move count may draw, so
    // a stored loss there is only "a draw at most". Scored 0 like a sure
    // draw, it tied with one and the search walked from drawn positions
    // into lost ones (4 moves in an English 6-piece match). Each position
    // below is a database draw with moves into stored losses, and at 20,000
    // nodes the engine played one of them: 323 of the 131,060 four-piece
    // Russian draws that have both kinds of move, all scanned.
    TempDir dir("trust-russian");
    Engine engine(16);
    const auto db = database_for(Variant::russian, "0m1k-3m0k", dir.path);
    engine.set_database(db);
    REQUIRE(!db->count_exact(Variant::russian, material("0m1k-3m0k")));
    for (const std::string fen : {"W:WK1:B3,4,13", "W:WK7:B3,4,15", "W:WK8:B2,4,14", "B:WK1:B4,10,17", "B:WK2:B4,9,14",
                                  "B:WK5:B6,13,14"}) {
        CAPTURE(fen);
        const Position start = parse_fen(Variant::russian, fen);
        REQUIRE(db->probe(Variant::russian, start)->value == egdb::Wdl::draw);
        int into_loss = 0;
        for (const Move& m : legal_moves(Variant::russian, start)) {
            Position after = start;
            after.make(m);
            into_loss += db->probe(Variant::russian, after)->value == egdb::Wdl::win;
        }
        CHECK(into_loss > 0);
        engine.new_game();
        SearchControl control;
        const SearchResult r = engine.search(Game(Variant::russian, start), SearchLimits{.nodes = 20000}, control);
        Position after = start;
        after.make(*r.best);
        CHECK(db->probe(Variant::russian, after)->value == egdb::Wdl::draw);
        CHECK(r.score == 0);
    }
}
