// Perft tables: the number of distinct move sequences from a position
// (RULES.md §2: one move per origin, destination and captured set). Tables
// from the issue that founded the rules core; the deepest rows run in
// scripts/perft-deep, not here.

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "fen.hpp"
#include "legal_moves.hpp"
#include "perft.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

void check_table(Variant v, const Position& p, const std::vector<std::uint64_t>& table, std::size_t depth,
                 PerftCount mode = PerftCount::moves) {
    for (std::size_t d = 1; d <= depth && d <= table.size(); ++d) {
        CAPTURE(variant_name(v));
        CAPTURE(d);
        CHECK(perft(v, p, static_cast<int>(d), mode) == table[d - 1]);
    }
}

const std::vector<std::uint64_t> english = {7,       49,       302,       1469,      7361,      36768,
                                            179740,  845931,   3963680,   18391564,  85242128,  388617999};
const std::vector<std::uint64_t> pool = {7,       49,       302,       1469,      7482,      37986,
                                         190146,  929896,   4570534,   22435955,  110833952, 544005148};

}  // namespace

TEST_CASE("perft: English start position") { check_table(Variant::english, start_position(Variant::english), english, 10); }

TEST_CASE("perft: capture routes are counted apart only when asked") {
    // The black man on 14 takes 17, 18, 25 and 26 and comes back to 14 either
    // way round (issue 2): one move, two routes.
    const Position p = parse_fen(Variant::russian, "B:B1,2,3,4,5,6,7,8,10,14,15:W17,18,19,24,25,26,27,28,29,31,32");
    CHECK(perft(Variant::russian, p, 1) == 6);
    CHECK(perft(Variant::russian, p, 1, PerftCount::routes) == 7);
    // In English two routes of a king first meet at depth 12 (388623673
    // routes, scripts/perft-deep); up to there the counts agree.
    check_table(Variant::english, start_position(Variant::english), english, 9, PerftCount::routes);
}

TEST_CASE("perft: Pool and Jamaican start positions (the board is mirrored)") {
    check_table(Variant::pool, start_position(Variant::pool), pool, 9);
    check_table(Variant::jamaican, start_position(Variant::jamaican), pool, 9);
}

TEST_CASE("perft: Russian start position") {
    const std::vector<std::uint64_t> russian = {7,      49,     302,     1469,    7482,     37986,
                                                190146, 929899, 4570586, 22444032, 110917189, 544770444};
    check_table(Variant::russian, start_position(Variant::russian), russian, 10);
}

TEST_CASE("perft: Brazilian start position") {
    const std::vector<std::uint64_t> brazilian = {7,      49,     302,     1469,    7473,     37628,
                                                  187302, 907830, 4431766, 21560022, 105491257, 511882477};
    check_table(Variant::brazilian, start_position(Variant::brazilian), brazilian, 10);
}

TEST_CASE("perft: International start position") {
    const std::vector<std::uint64_t> international = {9,       81,       658,      4265,      27117,     167140,
                                                      1049442, 6483961,  41022423, 258895763, 1665861398};
    check_table(Variant::international, start_position(Variant::international), international, 9);
}

TEST_CASE("perft: six-row start position") {
    const std::vector<std::uint64_t> sixrow = {5, 25, 106, 369, 1271, 4104, 12495, 37474, 104013, 290032, 808155};
    check_table(Variant::sixrow, start_position(Variant::sixrow), sixrow, 11);
}

TEST_CASE("perft: International middlegame") {
    const Position p = parse_fen(Variant::international, "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38");
    check_table(Variant::international, p,
                {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989}, 12);
}

TEST_CASE("perft: International position with flying kings") {
    const Position p =
        parse_fen(Variant::international, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46");
    check_table(Variant::international, p, {14, 55, 1168, 5432, 87195, 629010, 9041010}, 6);
}
