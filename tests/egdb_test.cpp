// The endgame databases (issue 12): every position of up to three pieces
// in each variant against a separate exhaustive solver, endings of kings
// with their counting rules against the exact solver of issue 10, the
// Jamaican set read through Pool's, and the files' failure modes.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "builder.hpp"
#include "database.hpp"
#include "egdb_reference.hpp"
#include "fen.hpp"
#include "kings_ending_solver.hpp"
#include "temp_dir.hpp"
#include "variant.hpp"

using namespace yaad;
using namespace yaad::test;

namespace {

std::unique_ptr<egdb::Database> build_and_open(Variant v, int pieces, const std::filesystem::path& dir,
                                               bool kings_only = false) {
    egdb::build({.variant = v, .pieces = pieces, .dir = dir, .threads = 2, .kings_only = kings_only});
    std::vector<std::string> warnings;
    auto db = egdb::Database::open(dir, warnings);
    CHECK(warnings.empty());
    return db;
}

template <class R>
void check_against_reference(int pieces) {
    TempDir dir{std::string(R::name)};
    const auto db = build_and_open(R::variant, pieces, dir.path);
    CHECK(db->max_pieces(R::variant) == pieces);
    const ReferenceSolver<R> reference(pieces);
    std::size_t wrong = 0, decisive = 0;
    for (std::size_t i = 0; i < reference.size(); ++i) {
        const Position& p = reference.position(i);
        const std::optional<egdb::Probe> probe = db->probe(R::variant, p);
        const egdb::Value want = reference.value(i);
        const egdb::Value got = probe ? egdb::Value{probe->value, probe->plies < 0 ? 0 : probe->plies}
                                      : egdb::Value{egdb::Wdl::draw, -1};
        if (got != want && ++wrong <= 5) {
            CAPTURE(to_fen(R::variant, p));
            CHECK(got.plies == want.plies);
            CHECK(static_cast<int>(got.result) == static_cast<int>(want.result));
        }
        if (want.result != egdb::Wdl::draw) ++decisive;
    }
    CHECK(wrong == 0);
    CHECK(decisive > 0);
}

}  // namespace

// Pool's set is checked through Jamaican's below; the long form for any
// variant and size is yaad-egdb-check (tests/tools/egdb_check.cpp).
TEST_CASE("egdb: every position of up to 3 pieces equals an exhaustive solver's value") {
    SUBCASE("english") { check_against_reference<rules::English>(3); }
    SUBCASE("russian") { check_against_reference<rules::Russian>(3); }
    SUBCASE("brazilian") { check_against_reference<rules::Brazilian>(3); }
    SUBCASE("sixrow") { check_against_reference<rules::Sixrow>(3); }
}

// 10x10 has four times as many positions of 3 pieces as 8x8: 2 here, and
// 3 kings below.
TEST_CASE("egdb: every position of up to 2 pieces of International equals an exhaustive solver's value") {
    check_against_reference<rules::International>(2);
}

TEST_CASE("egdb: Jamaican, read through Pool's set, equals Jamaican solved on its own board") {
    check_against_reference<rules::Jamaican>(3);
}

namespace {

// Every position of the kings-only endings up to (white, black) kings
// against the exact solver: the value and the plies to the end, and for
// every count a game can leave, whether the win or loss stands.
template <class R>
void check_kings(int white, int black) {
    TempDir dir{std::string(R::name) + "-kings"};
    const auto db = build_and_open(R::variant, white + black, dir.path, true);
    const KingsEndingSolver<R> solver(white, black);
    std::size_t wrong = 0, checked = 0, counted = 0;
    for (int w = 1; w <= white; ++w)
        for (int b = 1; b <= black; ++b) {
            const std::vector<Position> all = solver.positions(w, b);
            int max_left = -1;
            for (const Position& p : all) {
                const int fresh = KingsEndingSolver<R>::fresh_plies_left(p);
                if (fresh != DrawCounters::no_limit) max_left = std::max(max_left, fresh);
            }
            for (const Position& p : all) {
                const std::optional<egdb::Probe> probe = db->probe(R::variant, p);
                const SolvedValue want = solver.value(p);
                ++checked;
                bool ok = probe && static_cast<int>(probe->value) == want.result &&
                          probe->plies == (want.draw() ? -1 : want.plies);
                // A win or loss that stands with some count stands with
                // every longer one, so the counts on either side of the
                // stored one and the extremes tell all.
                if (ok)
                    for (const int left : {0, probe->count_plies - 1, probe->count_plies, max_left}) {
                        if (left < 0 || left > max_left) continue;
                        const SolvedValue with = solver.value(p, left);
                        const bool stands = !want.draw() && left >= probe->count_plies;
                        ok = ok && with.result == (stands ? want.result : 0);
                        ++counted;
                    }
                if (max_left < 0 && probe && !want.draw()) ok = ok && probe->count_plies == 0;
                if (!ok && ++wrong <= 5) {
                    CAPTURE(to_fen(R::variant, p));
                    CHECK(probe);
                    if (probe) {
                        CHECK(static_cast<int>(probe->value) == want.result);
                        CHECK(probe->plies == (want.draw() ? -1 : want.plies));
                        CHECK(probe->count_plies == -1);  // shows the stored count
                    }
                }
            }
        }
    CHECK(wrong == 0);
    CHECK(checked > 0);
    MESSAGE(R::name, ": ", checked, " positions, ", counted, " counts checked");
}

}  // namespace

TEST_CASE("egdb: endings of kings, with and without the counting rules, equal the exact solver's") {
    SUBCASE("jamaican 3 v 1, all 287,680 positions") { check_kings<rules::Jamaican>(3, 1); }
    SUBCASE("english 2 v 1") { check_kings<rules::English>(2, 1); }
    SUBCASE("sixrow 2 v 1") { check_kings<rules::Sixrow>(2, 1); }
    SUBCASE("international 2 v 1") { check_kings<rules::International>(2, 1); }
    SUBCASE("brazilian 2 v 1") { check_kings<rules::Brazilian>(2, 1); }
    SUBCASE("russian 2 v 1") { check_kings<rules::Russian>(2, 1); }
}

TEST_CASE("egdb: known endings") {
    TempDir dir("known");
    const auto english = build_and_open(Variant::english, 3, dir.path, true);
    // Two kings beat one in English checkers: the side with two wins,
    // whoever is to move.
    auto english_value = [&](const char* fen) {
        return english->probe(Variant::english, parse_fen(Variant::english, fen))->value;
    };
    CHECK(english_value("W:WK1,K2:BK32") == egdb::Wdl::win);
    CHECK(english_value("W:WK29,K32:BK4") == egdb::Wdl::win);
    CHECK(english_value("B:WK1,K2:BK32") == egdb::Wdl::loss);
    const auto international = build_and_open(Variant::international, 2, dir.path, true);
    // Flying kings: one against one on an open board is a draw.
    const auto p = international->probe(Variant::international, parse_fen(Variant::international, "W:WK46:BK15"));
    REQUIRE(p);
    CHECK(p->value == egdb::Wdl::draw);
    CHECK(p->plies == -1);
}

TEST_CASE("egdb: a truncated slice file is skipped when opened, a corrupt one when first probed") {
    TempDir dir("corrupt");
    egdb::build({.variant = Variant::english, .pieces = 3, .dir = dir.path});
    const std::filesystem::path cut = egdb::slice_path(dir.path, Variant::english, {0, 2, 0, 1});
    const std::filesystem::path flipped = egdb::slice_path(dir.path, Variant::english, {1, 0, 0, 2});
    // Three bytes short: only the file's length against its header tells.
    std::filesystem::resize_file(cut, std::filesystem::file_size(cut) - 3);
    {
        std::fstream f(flipped, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        f.put('\x5a');
    }
    std::vector<std::string> warnings, late;
    const auto db =
        egdb::Database::open(dir.path, warnings, 64, [&](const std::string& w) { late.push_back(w); });
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("0m2k-0m1k.egdb: truncated") != std::string::npos);
    CHECK(db->max_pieces(Variant::english) == 2);
    CHECK_FALSE(db->probe(Variant::english, parse_fen(Variant::english, "W:WK1,K2:BK32")));
    CHECK(db->probe(Variant::english, parse_fen(Variant::english, "W:WK1:BK32")));
    CHECK(late.empty());
    // The flipped byte is found by the first probe of its slice: one
    // warning, and the slice is not in the database from then on.
    const Position in_flipped = parse_fen(Variant::english, "W:W10:BK1,K3");
    CHECK_FALSE(db->probe(Variant::english, in_flipped));
    CHECK_FALSE(db->probe(Variant::english, in_flipped));
    REQUIRE(late.size() == 1);
    CHECK(late[0].find("1m0k-0m2k.egdb: checksum mismatch") != std::string::npos);
    // Checking every file at once (info, build) finds it too.
    std::vector<std::string> all;
    egdb::Database::open(dir.path, all)->check_all(all);
    REQUIRE(all.size() == 2);
    CHECK(all[1].find("1m0k-0m2k.egdb: checksum mismatch") != std::string::npos);
    // Building again replaces exactly the two broken slices.
    const egdb::BuildReport r = egdb::build({.variant = Variant::english, .pieces = 3, .dir = dir.path});
    CHECK(r.slices_built == 2);
    CHECK(r.slices_present == 14);
}

TEST_CASE("egdb: a variant's slices are read only when first probed") {
    TempDir dir("lazy");
    egdb::build({.variant = Variant::english, .pieces = 3, .dir = dir.path, .kings_only = true});
    egdb::build({.variant = Variant::pool, .pieces = 3, .dir = dir.path, .kings_only = true});
    std::vector<std::string> warnings, late;
    const auto db =
        egdb::Database::open(dir.path, warnings, 64, [&](const std::string& w) { late.push_back(w); });
    CHECK(warnings.empty());
    const Position english = parse_fen(Variant::english, "W:WK1,K2:BK32");
    REQUIRE(db->probe(Variant::english, english));
    CHECK(db->probe(Variant::english, english)->value == egdb::Wdl::win);
    // Pool's set, never touched until now, and Jamaican through it.
    const std::string pool_fen = "W:WK1,K2:BK32";
    CHECK(db->probe(Variant::pool, parse_fen(Variant::pool, pool_fen)));
    CHECK(db->probe(Variant::jamaican, parse_fen(Variant::jamaican, pool_fen)));
    CHECK(late.empty());
    // Damage done after opening, to a slice not probed yet, is still found:
    // nothing of it was read before.
    const std::filesystem::path other = egdb::slice_path(dir.path, Variant::pool, {0, 1, 0, 2});
    {
        std::fstream f(other, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(60);
        f.put('\x11');
    }
    CHECK_FALSE(db->probe(Variant::pool, parse_fen(Variant::pool, "W:WK1:BK31,K32")));
    REQUIRE(late.size() == 1);
    CHECK(late[0].find("0m1k-0m2k.egdb: checksum mismatch") != std::string::npos);
    CHECK(db->probe(Variant::english, english)->value == egdb::Wdl::win);
    CHECK(db->probe(Variant::pool, parse_fen(Variant::pool, pool_fen)));
}

TEST_CASE("egdb: a slice file of another format version is skipped with a clear reason") {
    TempDir dir("version");
    egdb::build({.variant = Variant::english, .pieces = 2, .dir = dir.path});
    const std::filesystem::path newer = egdb::slice_path(dir.path, Variant::english, {0, 1, 0, 1});
    {
        // The version is the u32 after the 8-byte magic.
        std::fstream f(newer, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(8);
        f.put(static_cast<char>(egdb::format_version + 1));
    }
    std::vector<std::string> warnings;
    const auto db = egdb::Database::open(dir.path, warnings);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("0m1k-0m1k.egdb: format version " + std::to_string(egdb::format_version + 1) +
                           ", this yaad reads " + std::to_string(egdb::format_version)) != std::string::npos);
    CHECK_FALSE(db->probe(Variant::english, parse_fen(Variant::english, "W:WK1:BK32")));
    CHECK(db->probe(Variant::english, parse_fen(Variant::english, "W:W10:BK32")));
}
