// Positions as text (RULES.md §1): PDN FEN in and out, Hub position strings
// (HUB.md) in and out, and round trips in every variant.

#include "fen.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board_layout.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

using Numbers = std::vector<int>;

// The numbers of the squares in b, ascending.
Numbers numbers(Variant v, Bitboard b) {
    Numbers out;
    const BoardLayout& l = layout(v);
    for (int n = 1; n <= l.squares(); ++n)
        if (b & bit(*l.square(n))) out.push_back(n);
    return out;
}

// The canonical FEN of the position a FEN describes.
std::string canonical(Variant v, const char* fen) { return to_fen(v, parse_fen(v, fen)); }

}  // namespace

TEST_CASE("RULES §1 FEN input: ranges and the K prefix") {
    CHECK(parse_fen(Variant::jamaican, "B:W21-32:B1-12") == start_position(Variant::jamaican));
    CHECK(parse_fen(Variant::international, "W:W31-50:B1-20") == start_position(Variant::international));
    CHECK(parse_fen(Variant::sixrow, "W:W13-18:B1-6") == start_position(Variant::sixrow));

    const Position p = parse_fen(Variant::pool, "W:WK5,10:BK27,20");
    CHECK(p.side == Color::white);
    CHECK(numbers(Variant::pool, p.of(Color::white)) == Numbers{5, 10});
    CHECK(numbers(Variant::pool, p.of(Color::black)) == Numbers{20, 27});
    CHECK(numbers(Variant::pool, p.kings) == Numbers{5, 27});

    // A K before a range crowns the whole range.
    const Position q = parse_fen(Variant::pool, "B:WK5-7,10:B20");
    CHECK(q.side == Color::black);
    CHECK(numbers(Variant::pool, q.of(Color::white)) == Numbers{5, 6, 7, 10});
    CHECK(numbers(Variant::pool, q.kings) == Numbers{5, 6, 7});
}

TEST_CASE("RULES §1 FEN input: algebraic items in each variant's frame") {
    // Pool: c3 is 22, h8 is 4.
    const Position pool = parse_fen(Variant::pool, "W:WKc3:Bh8");
    CHECK(numbers(Variant::pool, pool.of(Color::white)) == Numbers{22});
    CHECK(numbers(Variant::pool, pool.kings) == Numbers{22});
    CHECK(numbers(Variant::pool, pool.of(Color::black)) == Numbers{4});
    // Jamaican counts ranks from Black: a1 is 1, c5 is 18, g1 is 4, h8 is 32.
    const Position jamaican = parse_fen(Variant::jamaican, "W:WKa1,c5:Bg1,Kh8");
    CHECK(numbers(Variant::jamaican, jamaican.of(Color::white)) == Numbers{1, 18});
    CHECK(numbers(Variant::jamaican, jamaican.of(Color::black)) == Numbers{4, 32});
    CHECK(numbers(Variant::jamaican, jamaican.kings) == Numbers{1, 32});
    // International: c3 is 37, j10 is 5. Six-row: c3 is 11, f6 is 3.
    const Position international = parse_fen(Variant::international, "W:WKc3:Bj10");
    CHECK(numbers(Variant::international, international.of(Color::white)) == Numbers{37});
    CHECK(numbers(Variant::international, international.of(Color::black)) == Numbers{5});
    const Position sixrow = parse_fen(Variant::sixrow, "W:Wc3:Bf6");
    CHECK(numbers(Variant::sixrow, sixrow.of(Color::white)) == Numbers{11});
    CHECK(numbers(Variant::sixrow, sixrow.of(Color::black)) == Numbers{3});
}

TEST_CASE("RULES §1 FEN input: list order, case, blanks, a trailing dot and move counters") {
    const Position start = start_position(Variant::jamaican);
    CHECK(parse_fen(Variant::pool, "W:B1,2:W31,32") == parse_fen(Variant::pool, "W:W31,32:B1,2"));
    CHECK(parse_fen(Variant::pool, "w:w31,32:bk1,2") == parse_fen(Variant::pool, "W:W31,32:BK1,2"));
    CHECK(parse_fen(Variant::jamaican, " \tB : W 21 - 32 : B 1-12 \n") == start);
    CHECK(parse_fen(Variant::jamaican, "B:W21-32:B1-12.") == start);
    CHECK(parse_fen(Variant::jamaican, "B:W21-32:B1-12:H0:F1") == start);
    CHECK(parse_fen(Variant::jamaican, "B:B1-12:W21-32:H0:F1.") == start);
}

TEST_CASE("RULES §1 FEN input: an empty or missing list means no pieces of that colour") {
    const Position empty_list = parse_fen(Variant::pool, "W:W:B1,2");
    CHECK(empty_list.side == Color::white);
    CHECK(empty_list.of(Color::white) == 0);
    CHECK(numbers(Variant::pool, empty_list.of(Color::black)) == Numbers{1, 2});
    CHECK(parse_fen(Variant::pool, "W:B1,2") == empty_list);
    CHECK(parse_fen(Variant::pool, "B:W20:B").of(Color::black) == 0);
    CHECK(parse_fen(Variant::pool, "B:W20").of(Color::black) == 0);
}

TEST_CASE("RULES §1 FEN input: impossible positions are rejected") {
    // A man on its own crowning row; a king there is fine.
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W1:B20"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W20:B30"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::jamaican, "W:W4:B20"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::international, "W:W3:B20"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::international, "W:W30:B48"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::sixrow, "W:W2:B5"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::sixrow, "W:W14:B17"), InputError);
    CHECK_NOTHROW(parse_fen(Variant::pool, "W:WK1:BK30"));
    // A square given twice.
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W5,5:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W5:B5"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W5-7:B6"), InputError);
    // A square off the board, by number or by name (a2 is a light square).
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W0:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W33:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W30-33:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::international, "W:W51:B1"), InputError);
    CHECK_NOTHROW(parse_fen(Variant::international, "W:W33:B1"));
    CHECK_THROWS_AS(parse_fen(Variant::sixrow, "W:W19:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:Wa2:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:Wj9:B1"), InputError);
}

TEST_CASE("RULES §1 FEN input: malformed text is rejected") {
    for (const char* bad : {"", "hello", "W:X5:B1", "W:W5:B1:Q", "W:Wfoo:B1", "W:W5-:B1", "W:W3-1:B1",
                            "W:W-3:B1", "W:W5,K:B1", "W:W5x:B1"}) {
        CAPTURE(bad);
        CHECK_THROWS_AS(parse_fen(Variant::pool, bad), InputError);
    }
    // No side to move, or a wrong one.
    for (const char* bad : {":W5:B1", "W5:B1", "X:W5:B1", "WB:W5:B1"}) {
        CAPTURE(bad);
        CHECK_THROWS_AS(parse_fen(Variant::pool, bad), InputError);
    }
    // A colour's list given twice.
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W5:W6:B1"), InputError);
    CHECK_THROWS_AS(parse_fen(Variant::pool, "W:W5:B1:B2"), InputError);
}

TEST_CASE("RULES §1 FEN output: numeric, White first, ascending, ranges where shorter") {
    CHECK(to_fen(Variant::jamaican, start_position(Variant::jamaican)) == "B:W21-32:B1-12");
    CHECK(canonical(Variant::pool, "B:B1:W20") == "B:W20:B1");
    CHECK(canonical(Variant::pool, "W:W32,21:B12,1") == "W:W21,32:B1,12");
    // "5-6" is no shorter than "5,6"; "9-10" no shorter than "9,10".
    CHECK(canonical(Variant::pool, "W:W5,6:B") == "W:W5,6:B");
    CHECK(canonical(Variant::pool, "W:W9,10:B") == "W:W9,10:B");
    CHECK(canonical(Variant::pool, "W:W7,5,6:B") == "W:W5-7:B");
    CHECK(canonical(Variant::pool, "W:W9,10,11:B") == "W:W9-11:B");
    // Kings: "K5-6" beats "K5,K6"; a run breaks where men and kings meet.
    CHECK(canonical(Variant::pool, "W:WK5,K6:B") == "W:WK5-6:B");
    CHECK(canonical(Variant::pool, "W:W5,K6,7:B") == "W:W5,K6,7:B");
    CHECK(canonical(Variant::pool, "W:WK5,K6,K7,8,9,10:BK1") == "W:WK5-7,8-10:BK1");
    CHECK(canonical(Variant::pool, "W:B1,2") == "W:W:B1,2");
    CHECK(canonical(Variant::pool, "W:WKc3:Bh8") == "W:WK22:B4");
    CHECK(canonical(Variant::jamaican, "W:WKa1,c5:Bg1,Kh8") == "W:WK1,18:B4,K32");
}

TEST_CASE("HUB.md position strings: in and out") {
    const std::string eight = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
    CHECK(to_hub_position(Variant::jamaican, start_position(Variant::jamaican)) == eight);
    CHECK(parse_hub_position(Variant::jamaican, eight) == start_position(Variant::jamaican));
    CHECK(parse_hub_position(Variant::english, eight) == start_position(Variant::english));

    const std::string ten = "W" + std::string(20, 'b') + std::string(10, 'e') + std::string(20, 'w');
    CHECK(to_hub_position(Variant::international, start_position(Variant::international)) == ten);
    CHECK(parse_hub_position(Variant::international, ten) == start_position(Variant::international));

    const std::string six = "W" + std::string(6, 'b') + std::string(6, 'e') + std::string(6, 'w');
    CHECK(to_hub_position(Variant::sixrow, start_position(Variant::sixrow)) == six);
    CHECK(parse_hub_position(Variant::sixrow, six) == start_position(Variant::sixrow));

    // One character per square in numeric order, after the side to move.
    std::string kings(33, 'e');
    kings[0] = 'W';
    kings[4] = 'B';
    kings[5] = 'b';
    kings[22] = 'W';
    kings[29] = 'w';
    const Position p = parse_fen(Variant::pool, "W:WK22,29:BK4,5");
    CHECK(to_hub_position(Variant::pool, p) == kings);
    CHECK(parse_hub_position(Variant::pool, kings) == p);

    // parse_position takes either form, and "start".
    CHECK(parse_position(Variant::pool, kings) == p);
    CHECK(parse_position(Variant::pool, "W:WK22,29:BK4,5") == p);
    CHECK(parse_position(Variant::russian, "start") == start_position(Variant::russian));
}

TEST_CASE("HUB.md position strings: wrong length, characters or pieces are rejected") {
    const std::string eight = "B" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w');
    CHECK_THROWS_AS(parse_hub_position(Variant::pool, eight.substr(0, 32)), InputError);
    CHECK_THROWS_AS(parse_hub_position(Variant::pool, eight + "e"), InputError);
    CHECK_THROWS_AS(parse_hub_position(Variant::international, eight), InputError);
    CHECK_THROWS_AS(parse_hub_position(Variant::sixrow, eight), InputError);
    CHECK_THROWS_AS(parse_hub_position(Variant::pool, "X" + eight.substr(1)), InputError);
    CHECK_THROWS_AS(parse_hub_position(Variant::pool, "B" + std::string(31, 'e') + "x"), InputError);
    // A white man on square 1, White's crowning row.
    CHECK_THROWS_AS(parse_hub_position(Variant::pool, "W" + std::string(1, 'w') + std::string(31, 'e')),
                    InputError);
    CHECK_THROWS_AS(parse_position(Variant::pool, "nonsense"), InputError);
}

TEST_CASE("RULES §1 round trips of hand-written positions in every variant") {
    const std::vector<std::pair<Variant, const char*>> fens{
        {Variant::jamaican, "B:W18-21,25-30,32:B1-8,11,14,15"},
        {Variant::pool, "W:WK14:B17,18,25,26"},
        {Variant::english, "B:W17-19,24-29,31,32:B1-8,10,14,15"},
        {Variant::russian, "W:W19,24,27-29,31,32:B1-8,10,K14,15"},
        {Variant::brazilian, "W:W28,31:B15,17,K24,26"},
        {Variant::international, "B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24"},
        {Variant::sixrow, "W:W4,10,K16:BK3"},
    };
    for (const auto& entry : fens) {
        // Plain names, not a structured binding: CAPTURE needs to refer to
        // them from a lambda, which clang 14 does not allow for bindings.
        const Variant v = entry.first;
        const char* const fen = entry.second;
        CAPTURE(variant_name(v));
        CAPTURE(fen);
        const Position p = parse_fen(v, fen);
        CHECK(to_fen(v, p) == fen);
        const std::string hub = to_hub_position(v, p);
        CHECK(static_cast<int>(hub.size()) == layout(v).squares() + 1);
        CHECK(to_hub_position(v, parse_hub_position(v, hub)) == hub);
        CHECK(parse_hub_position(v, hub) == p);
    }
}

TEST_CASE("RULES §1 round trips of positions from random play in every variant") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        int checked = 0;
        for (const Position& p : test::random_positions(v, 99 + static_cast<int>(v), 20, 200)) {
            // The key kept up move by move must equal the key from scratch.
            REQUIRE(p.key == p.compute_key());
            const std::string fen = to_fen(v, p);
            CAPTURE(fen);
            const Position from_fen = parse_fen(v, fen);
            REQUIRE(from_fen == p);
            REQUIRE(from_fen.key == p.key);
            REQUIRE(to_fen(v, from_fen) == fen);
            const std::string hub = to_hub_position(v, p);
            const Position from_hub = parse_hub_position(v, hub);
            REQUIRE(from_hub == p);
            REQUIRE(from_hub.key == p.key);
            REQUIRE(to_hub_position(v, from_hub) == hub);
            ++checked;
        }
        CHECK(checked > 300);
    }
}
