// Moves as text (RULES.md §1 and HUB.md): square names in each variant's
// frame, the default notation of each variant, when a capture shows its
// route, the Hub form, liberal input, errors, and round trips.

#include "notation.hpp"

#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

#include "board_layout.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;
using yaad::test::diamond;
using yaad::test::move_texts;
using yaad::test::sorted;
using yaad::test::Strings;

namespace {

std::string name(Variant v, int number) {
    return square_text(v, *layout(v).square(number), SquareStyle::algebraic);
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// The legal move whose Hub text is `hub`; the Hub form names one move.
Move move_by_hub(Variant v, const Position& p, const std::string& hub) {
    for (const Move& m : legal_moves(v, p))
        if (format_move(v, p, m, MoveFormat::hub) == hub) return m;
    FAIL("no legal move " << hub);
    return Move{};
}

// Each text must read as the move written `hub` in Hub form.
void check_reads(Variant v, const char* fen, const std::string& hub, const std::vector<std::string>& texts) {
    const Position p = parse_fen(v, fen);
    const Move expected = move_by_hub(v, p, hub);
    for (const std::string& text : texts) {
        CAPTURE(text);
        CHECK(parse_move(v, p, text).same_effect(expected));
    }
}

}  // namespace

TEST_CASE("RULES §1 square names: numbers and algebraic names in each frame") {
    // The examples of RULES.md §1, frame by frame.
    CHECK(name(Variant::international, 1) == "b10");
    CHECK(name(Variant::international, 5) == "j10");
    CHECK(name(Variant::international, 46) == "a1");
    CHECK(name(Variant::international, 50) == "i1");
    for (const Variant v : {Variant::english, Variant::pool, Variant::russian, Variant::brazilian}) {
        CAPTURE(variant_name(v));
        CHECK(name(v, 1) == "b8");
        CHECK(name(v, 4) == "h8");
        CHECK(name(v, 5) == "a7");
        CHECK(name(v, 29) == "a1");
        CHECK(name(v, 32) == "g1");
    }
    // Jamaican counts ranks from Black's side (PDN game type 23,B,8,8,A1,1).
    CHECK(name(Variant::jamaican, 1) == "a1");
    CHECK(name(Variant::jamaican, 4) == "g1");
    CHECK(name(Variant::jamaican, 5) == "b2");
    CHECK(name(Variant::jamaican, 29) == "b8");
    CHECK(name(Variant::jamaican, 32) == "h8");
    CHECK(name(Variant::sixrow, 1) == "b6");
    CHECK(name(Variant::sixrow, 3) == "f6");
    CHECK(name(Variant::sixrow, 4) == "a5");
    CHECK(name(Variant::sixrow, 16) == "a1");
    CHECK(name(Variant::sixrow, 18) == "e1");

    // Every name reads back, in either case.
    for (const Variant v : all_variants) {
        const BoardLayout& l = layout(v);
        for (int n = 1; n <= l.squares(); ++n) {
            const Square s = *l.square(n);
            CAPTURE(variant_name(v));
            CAPTURE(n);
            CHECK(l.number(s) == n);
            CHECK(l.parse_algebraic(l.algebraic(s)) == s);
            CHECK(l.parse_algebraic(upper(l.algebraic(s))) == s);
        }
    }
}

TEST_CASE("RULES §1 default notation: numeric for English, Pool, International") {
    CHECK(move_texts(Variant::english, start_position(Variant::english), MoveFormat::pdn) ==
          sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
    CHECK(move_texts(Variant::pool, start_position(Variant::pool), MoveFormat::pdn) ==
          sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
    CHECK(move_texts(Variant::international, start_position(Variant::international), MoveFormat::pdn) ==
          sorted({"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}));
    CHECK(move_texts(Variant::english, diamond, MoveFormat::pdn) ==
          sorted({"14x21x30", "14x23x30", "15x22"}));
    CHECK(move_texts(Variant::international, "W:WK46:B37", MoveFormat::pdn) ==
          sorted({"46x32", "46x28", "46x23", "46x19", "46x14", "46x10", "46x5"}));
}

TEST_CASE("RULES §1 default notation: algebraic in Jamaican, Russian, Brazilian, six-row; ':' in Russian") {
    const Strings up{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"};
    CHECK(move_texts(Variant::jamaican, start_position(Variant::jamaican), MoveFormat::pdn) == sorted(up));
    CHECK(move_texts(Variant::russian, start_position(Variant::russian), MoveFormat::pdn) == sorted(up));
    CHECK(move_texts(Variant::brazilian, start_position(Variant::brazilian), MoveFormat::pdn) == sorted(up));
    CHECK(move_texts(Variant::sixrow, start_position(Variant::sixrow), MoveFormat::pdn) ==
          sorted({"b2-a3", "b2-c3", "d2-c3", "d2-e3", "f2-e3"}));

    // Russian: 14 = c5, 9 = b6, 12 = h6, 16 = g5, 15 = e5, 13 = a5. The two
    // moves from c5 to g5 show their landing squares.
    CHECK(move_texts(Variant::russian, diamond, MoveFormat::pdn) ==
          sorted({"c5:c5", "c5:b6", "c5:h6", "c5:a3:c1:e3:g5", "c5:e3:g5", "e5:a5"}));
    // Brazilian keeps only the four-piece captures; no two share their ends.
    CHECK(move_texts(Variant::brazilian, diamond, MoveFormat::pdn) == sorted({"c5xc5", "c5xg5"}));
    CHECK(move_texts(Variant::sixrow, "W:W11:B8,14", MoveFormat::pdn) == Strings{"c3xe5"});
}

TEST_CASE("RULES §1 the other notations on request: numeric and algebraic in any variant") {
    CHECK(move_texts(Variant::jamaican, start_position(Variant::jamaican), MoveFormat::numeric) ==
          sorted({"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"}));
    CHECK(move_texts(Variant::english, start_position(Variant::english), MoveFormat::algebraic) ==
          sorted({"b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"}));
    CHECK(move_texts(Variant::english, diamond, MoveFormat::algebraic) ==
          sorted({"c5xa3xc1", "c5xe3xc1", "e5xc3"}));
}

TEST_CASE("RULES §1 Jamaican algebraic frame: a1 is square 1, ranks counted from Black") {
    // The diamond mirrored: 15 = f4, 13 = b4, 14 = d4, 16 = h4; the route
    // squares 24 = h6, 31 = f8, 22 = d6.
    CHECK(move_texts(Variant::jamaican, "B:W18-21,25-30,32:B1-8,11,14,15", MoveFormat::pdn) ==
          sorted({"f4xf4", "f4xh6xf8xd6xb4", "f4xd6xb4", "d4xh4"}));
}

TEST_CASE("RULES §1 a capture shows its landing squares only when another legal move shares its ends") {
    // Two moves from 18 to 27 and two from 18 to 32: each written in full
    // (the one-jump captures' full route is just their ends).
    CHECK(move_texts(Variant::pool, "W:WK18:B6,7,15,23", MoveFormat::pdn) ==
          sorted({"18x27", "18x32", "18x11x2x9x27", "18x11x2x9x32"}));
    // The diamond: only 14 to 16 is shared.
    CHECK(move_texts(Variant::pool, diamond, MoveFormat::pdn) ==
          sorted({"14x14", "14x21x30x23x16", "14x23x16", "15x13"}));
}

TEST_CASE("RULES §1 a merged move written in full takes its smallest route, number by number") {
    // The king on 19 takes 14, 15, 24, 25 and 26 and ends on 28 by two
    // routes, 10-21-30-19-28 and 30-21-10-19-28; it shares its ends with
    // 19x28 taking 24 alone, so it is written in full, by the first route.
    const char* fen = "W:WK19:B14,15,24,25,26";
    CHECK(move_texts(Variant::pool, fen, MoveFormat::pdn) == sorted({"19x20", "19x10x21x30x19x28", "19x28"}));
    CHECK(move_texts(Variant::pool, fen) ==
          sorted({"19x20x14x15x24x26", "19x28x14x15x24x25x26", "19x28x24"}));
}

TEST_CASE("HUB.md move form: numeric, every captured square ascending, also back on the start square") {
    CHECK(move_texts(Variant::russian, diamond) ==
          sorted({"14x14x17x18x25x26", "14x9x17x18x25x26", "14x16x17x19x25x26", "14x12x17x19x25x26",
                  "14x16x18x19", "15x13x17x18"}));
    // The flying-king example of HUB.md.
    const Position p = parse_fen(Variant::international, "W:WK46:B37");
    CHECK(format_move(Variant::international, p, move_by_hub(Variant::international, p, "46x5x37"),
                      MoveFormat::hub) == "46x5x37");
}

TEST_CASE("RULES §1 liberal input: separators, dashes, case and both notations") {
    const std::string en_dash = "\xE2\x80\x93";
    const std::string times = "\xC3\x97";
    const char* pool_start = "B:W21-32:B1-12";
    // Pool 9 = b6, 13 = a5.
    check_reads(
        Variant::pool, pool_start, "9-13",
        {"9-13", "9x13", "9:13", "9" + en_dash + "13", "9" + times + "13", "b6-a5", "B6-A5", "b6xa5"});
    // Jamaican 9 = a3, 13 = b4.
    check_reads(Variant::jamaican, pool_start, "9-13",
                {"a3-b4", "A3-B4", "a3" + en_dash + "b4", "9-13", "9:13"});
    // A capture: ends only, any separator, the full route, the Hub form
    // with captured squares in any order; 30 = c1, 21 = a3.
    check_reads(Variant::pool, "W:W30:B17,18,26", "30x21x17x18x26",
                {"30x21", "30-21", "30:21", "30" + times + "21", "30x23x14x21", "30-23-14-21", "C1XA3",
                 "c1:e3:c5:a3", "30x21x17x18x26", "30x21x26x18x17"});
}

TEST_CASE("RULES §1 liberal input: any route of a merged move, and the Hub form") {
    check_reads(Variant::pool, "W:WK14:B17,18,25,26", "14x14x17x18x25x26",
                {"14x14", "14x21x30x23x14", "14x23x30x21x14", "14x14x26x25x18x17"});
    check_reads(Variant::russian, diamond, "14x14x17x18x25x26",
                {"c5:c5", "C5XC5", "14x14", "14x14x17x18x25x26"});
    check_reads(Variant::russian, diamond, "14x16x17x19x25x26", {"c5:a3:c1:e3:g5", "14x16x17x19x25x26"});
    check_reads(Variant::russian, diamond, "14x16x18x19", {"c5:e3:g5", "14x23x16", "14x16x19x18"});
    // The longer 19-to-28 move by its other route; the shorter by Hub form.
    check_reads(Variant::pool, "W:WK19:B14,15,24,25,26", "19x28x14x15x24x25x26",
                {"19x10x21x30x19x28", "19x30x21x10x19x28", "19x28x26x25x24x15x14"});
    check_reads(Variant::pool, "W:WK19:B14,15,24,25,26", "19x28x24", {"19x28x24"});
}

TEST_CASE("RULES §1 input errors: illegal, ambiguous and malformed moves") {
    const Position start = start_position(Variant::pool);
    for (const char* illegal : {"9-17", "13-17", "21-17", "9-14-19", "9x14x10"}) {
        CAPTURE(illegal);
        CHECK_THROWS_AS(parse_move(Variant::pool, start, illegal), InputError);
    }
    const Position p = parse_fen(Variant::pool, diamond);
    CHECK_THROWS_AS(parse_move(Variant::pool, p, "14x30"), InputError);
    CHECK_THROWS_AS(parse_move(Variant::pool, p, "14-18"), InputError);
    // Two moves from 14 to 16, and the text names neither route.
    CHECK_THROWS_AS(parse_move(Variant::pool, p, "14x16"), InputError);
    CHECK_THROWS_AS(parse_move(Variant::russian, parse_fen(Variant::russian, diamond), "c5:g5"), InputError);
    for (const char* malformed : {"", "9", "9-", "-13", "9--13", "9-13-", "ab-cd", "9/13", "9 13", "9-33",
                                  "0-5", "a9-b8", "x9-13", "9-13x"}) {
        CAPTURE(malformed);
        CHECK_THROWS_AS(parse_move(Variant::pool, start, malformed), InputError);
    }
}

TEST_CASE("RULES §1 a written move names exactly one legal move: a one-jump capture sharing its ends") {
    // 19x28 (taking 24) shares its ends with the five-piece move; its full
    // route is just "19x28", which is how it is written, so that text must
    // read back as that move and not as "ambiguous".
    const Position p = parse_fen(Variant::pool, "W:WK19:B14,15,24,25,26");
    const Move one = move_by_hub(Variant::pool, p, "19x28x24");
    CHECK(format_move(Variant::pool, p, one) == "19x28");
    CHECK(parse_move(Variant::pool, p, "19x28").same_effect(one));

    const Position q = parse_fen(Variant::pool, "W:WK18:B6,7,15,23");
    const Move short_one = move_by_hub(Variant::pool, q, "18x27x23");
    CHECK(parse_move(Variant::pool, q, format_move(Variant::pool, q, short_one)).same_effect(short_one));
}

TEST_CASE("RULES §1 round trip: every legal move in every format reads back as itself, in every variant") {
    constexpr MoveFormat formats[] = {MoveFormat::pdn, MoveFormat::numeric, MoveFormat::algebraic,
                                      MoveFormat::hub};
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        std::vector<std::string> failures;
        int checked = 0;
        for (const Position& p : test::random_positions(v, 7 + static_cast<int>(v), 60, 300)) {
            for (const Move& m : legal_moves(v, p)) {
                for (const MoveFormat f : formats) {
                    const std::string text = format_move(v, p, m, f);
                    bool same = false;
                    try {
                        same = parse_move(v, p, text).same_effect(m);
                    } catch (const InputError&) {
                    }
                    if (!same && failures.size() < 5) failures.push_back(to_fen(v, p) + " " + text);
                    ++checked;
                }
            }
        }
        CHECK(failures == std::vector<std::string>{});
        CHECK(checked > 2000);
    }
}
