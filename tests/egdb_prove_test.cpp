// The proof search (egdb/proof_search.hpp, issue 12's six-row stretch):
// positions one piece beyond a small six-row set, proved with that set,
// against the next set's stored values under the 30-ply count; positions
// proved with no database at all; what it refuses.

#include <doctest/doctest.h>

#include <filesystem>

#include "builder.hpp"
#include "database.hpp"
#include "fen.hpp"
#include "legal_moves.hpp"
#include "proof_search.hpp"
#include "random.hpp"
#include "slice_index.hpp"
#include "temp_dir.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

std::unique_ptr<egdb::Database> build_and_open(int pieces, const std::filesystem::path& dir) {
    egdb::build({.variant = Variant::sixrow, .pieces = pieces, .dir = dir, .threads = 2});
    std::vector<std::string> warnings;
    auto db = egdb::Database::open(dir, warnings);
    CHECK(warnings.empty());
    return db;
}

// `count` random positions of exactly `pieces` pieces, every material of
// that size in turn, numbered as the database numbers them.
std::vector<Position> random_positions(int pieces, int count, std::uint64_t seed) {
    std::vector<egdb::Material> materials;
    for (const egdb::Material& m : egdb::materials_up_to(Variant::sixrow, pieces))
        if (m.pieces() == pieces) materials.push_back(m);
    Random random(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        const egdb::SliceIndex<6> index(materials[out.size() % materials.size()]);
        Position p;
        if (!index.position(random.below(index.size()), p)) continue;
        p.refresh_key();
        out.push_back(p);
    }
    return out;
}

// The value the database gives p with `left` plies left on the count: a
// win or loss stands if its distance fits.
egdb::Wdl counted_value(const egdb::Database& db, const Position& p, int left) {
    const std::optional<egdb::Probe> probe = db.probe(Variant::sixrow, p);
    REQUIRE(probe);
    if (probe->value == egdb::Wdl::draw) return egdb::Wdl::draw;
    const int needs = probe->count_plies > 0 ? probe->count_plies : probe->plies;
    return needs <= left ? probe->value : egdb::Wdl::draw;
}

}  // namespace

TEST_CASE("egdb prove: six-row positions of 4 pieces, proved with the 3-piece set, equal the 4-piece set's values") {
    TempDir small_dir{"prove-3"}, full_dir{"prove-4"};
    const auto small = build_and_open(3, small_dir.path);
    const auto full = build_and_open(4, full_dir.path);
    const egdb::Trust small_trust = egdb::trust(small.get(), Variant::sixrow);
    CHECK(small_trust.pieces == 3);
    // The 4-piece set is exact under the count (every win converts in
    // time), so its values with the count applied are the truth.
    CHECK(egdb::trust(full.get(), Variant::sixrow).pieces == 4);
    int decisive = 0, by_count = 0;
    for (const int count : {0, 22}) {
        for (const Position& p : random_positions(4, 40, 12 + count)) {
            egdb::ProofOptions o;
            o.table_megabytes = 1;
            o.progress_plies = count;
            const egdb::ProofResult r = egdb::prove(Variant::sixrow, p, small.get(), small_trust, o);
            const egdb::Wdl want = counted_value(*full, p, 30 - count);
            CAPTURE(to_fen(Variant::sixrow, p));
            CAPTURE(count);
            REQUIRE(r.value);
            CHECK(static_cast<int>(*r.value) == static_cast<int>(want));
            if (want != egdb::Wdl::draw) ++decisive;
            if (want == egdb::Wdl::draw && full->probe(Variant::sixrow, p)->value != egdb::Wdl::draw) ++by_count;
            // Each answer's tree holds the root at least; a win names a
            // winning move, a draw a holding one.
            CHECK(r.win.positions >= 1);
            CHECK(r.move.has_value() == (want != egdb::Wdl::loss && !legal_moves(Variant::sixrow, p).empty()));
        }
    }
    CHECK(decisive > 15);
    CHECK(by_count > 0);  // the count turned some stored wins into draws
}

TEST_CASE("egdb prove: with no database the search plays every line out") {
    TempDir dir{"prove-none"};
    const auto db = build_and_open(3, dir.path);
    for (const Position& p : random_positions(3, 40, 5)) {
        egdb::ProofOptions o;
        o.table_megabytes = 1;
        const egdb::ProofResult r = egdb::prove(Variant::sixrow, p, nullptr, egdb::Trust{}, o);
        CAPTURE(to_fen(Variant::sixrow, p));
        REQUIRE(r.value);
        CHECK(static_cast<int>(*r.value) == static_cast<int>(counted_value(*db, p, 30)));
        CHECK(r.win.database_leaves == 0);
    }
}

TEST_CASE("egdb prove: the tree of a position with no move is the position, and a node limit leaves it undecided") {
    // White's man on a1 is blocked by Black's men on b2 and c3 cannot
    // be taken (d4 behind it is Black's).
    const Position blocked = parse_fen(Variant::sixrow, "W:Wa1:Bb2,c3,d4");
    const egdb::ProofResult r = egdb::prove(Variant::sixrow, blocked, nullptr, egdb::Trust{}, {});
    REQUIRE(r.value);
    CHECK(*r.value == egdb::Wdl::loss);
    CHECK(r.win.positions == 1);
    CHECK(r.win.end_leaves == 1);
    CHECK(r.loss.yes);
    CHECK(r.loss.tree_positions == 1);
    CHECK_FALSE(r.move);

    egdb::ProofOptions o;
    o.node_limit = 10;
    const egdb::ProofResult cut = egdb::prove(Variant::sixrow, start_position(Variant::sixrow), nullptr, {}, o);
    CHECK_FALSE(cut.value);
    CHECK_FALSE(cut.win.decided);
}

TEST_CASE("egdb prove: variants that draw by repetition are refused") {
    CHECK(egdb::provable(Variant::sixrow));
    for (const Variant v : {Variant::jamaican, Variant::english, Variant::international}) {
        CHECK_FALSE(egdb::provable(v));
        CHECK_THROWS_AS(egdb::prove(v, start_position(v), nullptr, {}, {}), std::invalid_argument);
    }
}
