// The move generator against RULES.md §2 and §3, one rule per test case.
// Each position is hand-built and each expected move set was worked out by
// hand on a drawn board from RULES.md. Moves are compared in Hub notation
// (numeric, every captured square listed ascending), which tells apart two
// moves with the same ends.
//
// Numbering reminder (RULES.md §1), standard 8x8 as displayed:
//      1   2   3   4          White moves up, Black down.
//    5   6   7   8            Jamaican mirrors each row: 1 is the
//      9  10  11  12          top-left corner, 32 the bottom-right.
//   13  14  15  16
//     17  18  19  20
//   21  22  23  24
//     25  26  27  28
//   29  30  31  32

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "board_layout.hpp"
#include "fen.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;
using yaad::test::diamond;
using yaad::test::move_texts;
using yaad::test::sorted;
using yaad::test::Strings;

namespace {

int route_count(Variant v, const Position& p, const Move& m) {
    int n = 0;
    for (const Route& r : capture_routes(v, p))
        if (r.move.same_effect(m)) ++n;
    return n;
}

bool is_king_on(Variant v, const Position& p, int number) {
    return (p.kings & bit(*layout(v).square(number))) != 0;
}

bool has_piece_on(Variant v, const Position& p, Color c, int number) {
    return (p.of(c) & bit(*layout(v).square(number))) != 0;
}

}  // namespace

TEST_CASE("RULES §3 start positions: pieces and the first player of every variant") {
    CHECK(to_fen(Variant::jamaican, start_position(Variant::jamaican)) == "B:W21-32:B1-12");
    CHECK(to_fen(Variant::pool, start_position(Variant::pool)) == "B:W21-32:B1-12");
    CHECK(to_fen(Variant::english, start_position(Variant::english)) == "B:W21-32:B1-12");
    CHECK(to_fen(Variant::russian, start_position(Variant::russian)) == "W:W21-32:B1-12");
    CHECK(to_fen(Variant::brazilian, start_position(Variant::brazilian)) == "W:W21-32:B1-12");
    CHECK(to_fen(Variant::international, start_position(Variant::international)) == "W:W31-50:B1-20");
    CHECK(to_fen(Variant::sixrow, start_position(Variant::sixrow)) == "W:W13-18:B1-6");

    // Black opens on 8x8 standard boards: each of 9..12 steps down.
    const Strings black_first{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"};
    CHECK(move_texts(Variant::english, start_position(Variant::english)) == sorted(black_first));
    CHECK(move_texts(Variant::pool, start_position(Variant::pool)) == sorted(black_first));
    // White opens in Russian and Brazilian: each of 21..24 steps up.
    const Strings white_first{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"};
    CHECK(move_texts(Variant::russian, start_position(Variant::russian)) == sorted(white_first));
    CHECK(move_texts(Variant::brazilian, start_position(Variant::brazilian)) == sorted(white_first));
    CHECK(move_texts(Variant::international, start_position(Variant::international)) ==
          sorted({"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}));
    // Six-row, the seed's own example first: B2-A3 is 13-10.
    CHECK(move_texts(Variant::sixrow, start_position(Variant::sixrow)) ==
          sorted({"13-10", "13-11", "14-11", "14-12", "15-12"}));
}

TEST_CASE("RULES §2 compulsory capture: a capture shuts out every quiet move") {
    // 22 can take 18; 22 and 27 could otherwise step forward.
    CHECK(move_texts(Variant::pool, "W:W22,27:B3,18") == Strings{"22x15x18"});
    CHECK(move_texts(Variant::english, "W:W22,27:B3,18") == Strings{"22x15x18"});
    // Without the black man on 18 in reach, the four quiet moves come back.
    CHECK(move_texts(Variant::pool, "W:W22,27:B3,11") == sorted({"22-17", "22-18", "27-23", "27-24"}));
}

TEST_CASE("RULES §2 a chain goes on to its end: no stop after the first jump") {
    // 30 takes 26 (to 23), 18 (to 14), then 17 backward (to 21).
    CHECK(move_texts(Variant::pool, "W:W30:B17,18,26") == Strings{"30x21x17x18x26"});
    CHECK(move_texts(Variant::pool, "W:W30:B17,18,26", MoveFormat::pdn) == Strings{"30x21"});
}

TEST_CASE("RULES §2 jumped pieces stay until the move ends: a jumped piece blocks the way") {
    // The king on 29 takes 22 and must land on 18 or 15, where it can go
    // on. From 15 it takes 10 (landing on 6, the square that goes on) and 9
    // (to 13). From 13 the way to 26 leads through 22, already jumped: the
    // chain ends there; were 22 lifted at once, 13x26 to 31 would follow.
    const char* fen = "W:WK29:B9,10,22,26";
    const Strings expected{"29x13x9x10x22", "29x5x9x22"};
    CHECK(move_texts(Variant::pool, fen) == sorted(expected));
    CHECK(move_texts(Variant::russian, fen) == sorted(expected));
    // Maximum capture keeps only the three-piece chain.
    CHECK(move_texts(Variant::brazilian, fen) == Strings{"29x13x9x10x22"});
}

TEST_CASE("RULES §2 a piece is jumped once: the man round the diamond comes home and stops") {
    // In Pool the man goes round 17, 25, 26 and 18 either way and is back
    // on 14, next to 17 with 21 empty behind it; 17 is already taken, so
    // the chain ends. Both routes make one move (below).
    const Strings pool{"14x14x17x18x25x26", "14x16x17x19x25x26", "14x16x18x19", "15x13x17x18"};
    CHECK(move_texts(Variant::pool, diamond) == sorted(pool));
}

TEST_CASE("RULES §2 the origin square is empty during the chain: a king passes over it") {
    // The king on 18 takes 15 (must land on 11), 7 (to 2) and 6 (must land
    // on 9, from where it sees 23 through its own empty square 18), then
    // 23, landing on 27 or 32. Or it takes 23 alone.
    const char* fen = "W:WK18:B6,7,15,23";
    const Strings expected{"18x27x23", "18x27x6x7x15x23", "18x32x23", "18x32x6x7x15x23"};
    CHECK(move_texts(Variant::pool, fen) == sorted(expected));
    CHECK(move_texts(Variant::russian, fen) == sorted(expected));
}

TEST_CASE("RULES §2 the origin square is empty during the chain: a king lands on it") {
    // Round the diamond 17, 25, 26, 18 both ways. Clockwise the last jump
    // (over 18) lands on 14, 9 or 5; anticlockwise (over 17) on 14, 10, 7
    // or 3, passing over 14. Nothing goes on from any of them.
    const char* fen = "W:WK14:B17,18,25,26";
    const Strings expected{"14x14x17x18x25x26", "14x3x17x18x25x26", "14x5x17x18x25x26",
                           "14x7x17x18x25x26",  "14x9x17x18x25x26", "14x10x17x18x25x26"};
    CHECK(move_texts(Variant::pool, fen) == sorted(expected));
    CHECK(move_texts(Variant::russian, fen) == sorted(expected));
    CHECK(move_texts(Variant::brazilian, fen) == sorted(expected));

    const Position p = parse_fen(Variant::pool, fen);
    const Position next = test::after(Variant::pool, p, "14x14x17x18x25x26");
    CHECK(to_fen(Variant::pool, next) == "B:WK14:B");
}

TEST_CASE("RULES §2 one move per origin, destination and captured set: two routes merge") {
    // The king's loop of the previous case: seven routes, six moves.
    {
        const Position p = parse_fen(Variant::pool, "W:WK14:B17,18,25,26");
        CHECK(capture_routes(Variant::pool, p).size() == 7);
        CHECK(legal_moves(Variant::pool, p).size() == 6);
        CHECK(route_count(Variant::pool, p, parse_move(Variant::pool, p, "14x14")) == 2);
    }
    // A short English king round the same pieces: two routes, one move.
    {
        const Position p = parse_fen(Variant::english, "W:WK14:B17,18,25,26");
        CHECK(move_texts(Variant::english, p) == Strings{"14x14x17x18x25x26"});
        CHECK(capture_routes(Variant::english, p).size() == 2);
    }
    // The man round the diamond: five routes, four moves.
    {
        const Position p = parse_fen(Variant::pool, diamond);
        CHECK(capture_routes(Variant::pool, p).size() == 5);
        CHECK(legal_moves(Variant::pool, p).size() == 4);
        CHECK(route_count(Variant::pool, p, parse_move(Variant::pool, p, "14x14")) == 2);
    }
}

TEST_CASE("RULES §2 a flying king jumps the first piece it meets and lands anywhere beyond") {
    // King 18: up-left 9 has 5 right behind it (no jump); up-right its own
    // man on 15 is in the way; down-left it flies over 22 to take 25 and
    // lands on 29; down-right it takes 23 and lands on 27 or 32.
    const char* fen = "W:WK18,15:B5,8,9,11,23,25";
    CHECK(move_texts(Variant::pool, fen) == sorted({"18x29x25", "18x27x23", "18x32x23"}));
    // A short king (English) takes only the adjacent 23, to 27.
    CHECK(move_texts(Variant::english, fen) == Strings{"18x27x23"});
}

TEST_CASE("RULES §3 landing rule (Pool, Russian): a king must land where the chain goes on") {
    // The king on 32 takes 27; of 23, 18, 14, 9 and 5 only 18 lets it take
    // 22, so it must land there, then on 25 or 29 (neither goes on).
    const char* fen = "W:WK32:B22,27";
    const Strings expected{"32x25x22x27", "32x29x22x27"};
    CHECK(move_texts(Variant::pool, fen) == sorted(expected));
    CHECK(move_texts(Variant::russian, fen) == sorted(expected));
}

TEST_CASE("RULES §3 landing rule: a Jamaican king must land where the chain goes on") {
    // The Pool case above mirrored (RULES.md §1): the king on 29 takes 26,
    // must land on 19 to take 23, then lands on 28 or 32.
    CHECK(move_texts(Variant::jamaican, "W:WK29:B23,26") == sorted({"29x28x23x26", "29x32x23x26"}));
}

TEST_CASE("RULES §3 the landing rule is not maximum capture: any square that goes on, and a free choice") {
    // The king on 32 takes 27 and may land on 18 (then 15: two pieces) or
    // on 14 (then 17 and 25: three pieces); both go on, so both are legal,
    // and after 15 it lands anywhere beyond (11, 8, 4). The man on 22 only
    // shields 25 from a king on 18.
    const char* fen = "W:WK32:B15,17,22,25,27";
    const Strings landing{"32x11x15x27", "32x30x17x25x27", "32x4x15x27", "32x8x15x27"};
    CHECK(move_texts(Variant::pool, fen) == sorted(landing));
    CHECK(move_texts(Variant::russian, fen) == sorted(landing));
    // The same position mirrored for Jamaican.
    CHECK(move_texts(Variant::jamaican, "W:WK29:B14,20,23,26,28") ==
          sorted({"29x10x14x26", "29x31x20x26x28", "29x1x14x26", "29x5x14x26"}));
    // Under maximum capture only the three-piece chain stays.
    CHECK(move_texts(Variant::brazilian, fen) == Strings{"32x30x17x25x27"});
}

TEST_CASE("RULES §3 no landing rule in International and Brazilian: any square beyond when nothing goes on") {
    CHECK(move_texts(Variant::international, "W:WK46:B37") ==
          sorted({"46x32x37", "46x28x37", "46x23x37", "46x19x37", "46x14x37", "46x10x37", "46x5x37"}));
    const Strings brazilian{"29x18x22", "29x15x22", "29x11x22", "29x8x22", "29x4x22"};
    CHECK(move_texts(Variant::brazilian, "W:WK29:B22") == sorted(brazilian));
    // The landing rule only bites when some square goes on: here none does.
    CHECK(move_texts(Variant::pool, "W:WK29:B22") == sorted(brazilian));
}

TEST_CASE("RULES §3 maximum capture (Brazilian): the most pieces, kings and men counting the same") {
    // 28 can take the king on 24 (one piece), 31 takes 26 and 17 (two men).
    const char* one_king = "W:W28,31:B17,26,K24";
    CHECK(move_texts(Variant::brazilian, one_king) == Strings{"31x13x17x26"});
    // Free choice in Pool keeps both.
    CHECK(move_texts(Variant::pool, one_king) == sorted({"28x19x24", "31x13x17x26"}));
    // With a man on 15, 28 takes the king and 15: two pieces, a tie with
    // the two men, and both stay.
    CHECK(move_texts(Variant::brazilian, "W:W28,31:B15,17,26,K24") == sorted({"28x10x15x24", "31x13x17x26"}));
}

TEST_CASE("RULES §3 maximum capture (International): the most pieces, kings and men counting the same") {
    // 32 takes the men 27 and 17; 47 takes the king on 42 and the man on
    // 33; 45 could take only the king on 40.
    CHECK(move_texts(Variant::international, "W:W32,45,47:B17,27,33,K40,K42") ==
          sorted({"32x12x17x27", "47x29x33x42"}));
}

TEST_CASE("RULES §3 free choice of the capture: the shorter one is legal (Jamaican, English)") {
    // English: 28 takes one man, 31 takes two; either may be played.
    CHECK(move_texts(Variant::english, "W:W28,31:B17,24,26") == sorted({"28x19x24", "31x13x17x26"}));
    // Jamaican: the Brazilian case of one king against two men, mirrored.
    CHECK(move_texts(Variant::jamaican, "W:W25,30:B20,27,K21") == sorted({"25x18x21", "30x16x20x27"}));
}

TEST_CASE("RULES §3 deferred crowning (Pool, Jamaican, Brazilian): a man passing the far row stays a man") {
    // The diamond again. Through 30 the man goes on as a man: unlike a
    // Russian king it cannot land on 9 or 12.
    const Position pool = parse_fen(Variant::pool, diamond);
    const Position home = test::after(Variant::pool, pool, "14x14x17x18x25x26");
    CHECK(has_piece_on(Variant::pool, home, Color::black, 14));
    CHECK_FALSE(is_king_on(Variant::pool, home, 14));
    CHECK(home.kings == 0);

    // Brazilian: the same rules but maximum capture.
    CHECK(move_texts(Variant::brazilian, diamond) == sorted({"14x14x17x18x25x26", "14x16x17x19x25x26"}));

    // Jamaican: the diamond mirrored.
    const char* mirrored = "B:W18-21,25-30,32:B1-8,11,14,15";
    CHECK(move_texts(Variant::jamaican, mirrored) ==
          sorted({"15x15x19x20x27x28", "15x13x18x20x27x28", "15x13x18x19", "14x16x19x20"}));
    const Position j =
        test::after(Variant::jamaican, parse_fen(Variant::jamaican, mirrored), "15x15x19x20x27x28");
    CHECK(has_piece_on(Variant::jamaican, j, Color::black, 15));
    CHECK(j.kings == 0);

    // A man that ends its move on the far row is crowned.
    const Position crowned = test::after(Variant::pool, parse_fen(Variant::pool, "B:W26:B22"), "22x31");
    CHECK(move_texts(Variant::pool, "B:W26:B22") == Strings{"22x31x26"});
    CHECK(is_king_on(Variant::pool, crowned, 31));
}

TEST_CASE("RULES §3 deferred crowning (International): through the far row and back as a man") {
    // 12 takes 8 and lands on 3 (White's far row), then takes 9 backward
    // as a man and ends on 14; a king on 3 could have landed on 20 or 25.
    const Position p = parse_fen(Variant::international, "W:W12:B8,9");
    CHECK(move_texts(Variant::international, p) == Strings{"12x14x8x9"});
    const Position next = test::after(Variant::international, p, "12x14");
    CHECK(to_fen(Variant::international, next) == "B:W14:B");

    // Ending on the far row crowns.
    const Position q = parse_fen(Variant::international, "W:W12:B8");
    CHECK(move_texts(Variant::international, q) == Strings{"12x3x8"});
    CHECK(to_fen(Variant::international, test::after(Variant::international, q, "12x3")) == "B:WK3:B");
}

TEST_CASE("RULES §3 crowning ends the move (English): the new king does not go on") {
    // The diamond in English: men jump forward only, so 14 reaches 30 by
    // 21 or by 23, is crowned there and stops, although a king on 30 could
    // jump on. 15 takes 18 and stops on 22.
    CHECK(move_texts(Variant::english, diamond) == sorted({"14x30x17x25", "14x30x18x26", "15x22x18"}));
    const Position p = parse_fen(Variant::english, diamond);
    const Position next = test::after(Variant::english, p, "14x30x17x25");
    CHECK(is_king_on(Variant::english, next, 30));
    CHECK(has_piece_on(Variant::english, next, Color::white, 26));
}

TEST_CASE("RULES §3 crowning ends the move (six-row): the new king does not go on") {
    // Black 10 takes 13 and is crowned on 17; a king there could take 14.
    const Position p = parse_fen(Variant::sixrow, "B:W13,14:B10");
    CHECK(move_texts(Variant::sixrow, p) == Strings{"10x17x13"});
    const Position next = test::after(Variant::sixrow, p, "10x17");
    CHECK(to_fen(Variant::sixrow, next) == "W:W14:BK17");
}

TEST_CASE("RULES §3 immediate crowning (Russian): crowned on the far row, the man goes on as a flying king") {
    // Through 30 the man becomes a king: after 26 it lands on 23, then
    // takes 18 (landing on 14 or 9) or 19 (landing on 16 or 12). By 23 the
    // man may take 19 at once (to 16) or go round to 14 the other way.
    const Position p = parse_fen(Variant::russian, diamond);
    CHECK(move_texts(Variant::russian, p) ==
          sorted({"14x14x17x18x25x26", "14x9x17x18x25x26", "14x16x17x19x25x26", "14x12x17x19x25x26",
                  "14x16x18x19", "15x13x17x18"}));
    const Move home = parse_move(Variant::russian, p, "14x14x17x18x25x26");
    CHECK(home.crowns);
    CHECK(route_count(Variant::russian, p, home) == 2);
    Position next = p;
    next.make(home);
    CHECK(to_fen(Variant::russian, next) == "W:W19,24,27-29,31,32:B1-8,10,K14,15");
    CHECK(next.key == next.compute_key());
}

TEST_CASE("RULES §3 immediate crowning (Russian): the new king obeys the landing rule") {
    // Black 22 takes 26 and is crowned on 31; as a king it takes 27 and
    // must land on 24 (not 20), the square from which it takes 15, then
    // lands on 10, 6 or 1.
    const char* fen = "B:W15,26,27:B22";
    CHECK(move_texts(Variant::russian, fen) == sorted({"22x10x15x26x27", "22x6x15x26x27", "22x1x15x26x27"}));
    // Deferred crowning: the man on 31 takes 27 as a man and stops on 24.
    CHECK(move_texts(Variant::pool, fen) == Strings{"22x24x26x27"});
    CHECK(move_texts(Variant::brazilian, fen) == Strings{"22x24x26x27"});
    // Crowning ends the move.
    CHECK(move_texts(Variant::english, fen) == Strings{"22x31x26"});
}

TEST_CASE("RULES §3 English men capture forward only") {
    // 22 may take 18 (forward) but not 26 (backward); Pool men take both.
    CHECK(move_texts(Variant::english, "W:W22:B18,26") == Strings{"22x15x18"});
    CHECK(move_texts(Variant::pool, "W:W22:B18,26") == sorted({"22x15x18", "22x31x26"}));
    // The chain stops on 14: 17 lies behind it.
    CHECK(move_texts(Variant::english, "W:W30:B17,18,26") == Strings{"30x14x18x26"});
}

TEST_CASE("RULES §3 English kings move and jump one square") {
    CHECK(move_texts(Variant::english, "W:WK18:B") == sorted({"18-14", "18-15", "18-22", "18-23"}));
    CHECK(move_texts(Variant::pool, "W:WK18:B") ==
          sorted({"18-14", "18-9", "18-5", "18-15", "18-11", "18-8", "18-4", "18-22", "18-25", "18-29",
                  "18-23", "18-27", "18-32"}));
    // A king jumps backward too, one square.
    CHECK(move_texts(Variant::english, "W:WK14:B18") == Strings{"14x23x18"});
}

TEST_CASE("RULES §3 six-row men capture forward only") {
    // White 11 takes 8 (forward, to 6) but not 14 (backward).
    CHECK(move_texts(Variant::sixrow, "W:W11:B8,14") == Strings{"11x6x8"});
}

TEST_CASE("RULES §3 six-row kings move and jump one square") {
    CHECK(move_texts(Variant::sixrow, "W:WK11:B") == sorted({"11-7", "11-8", "11-13", "11-14"}));
    // 12 is next to the king, 7 is two squares away: only 12 is taken.
    CHECK(move_texts(Variant::sixrow, "W:WK14:B7,12") == Strings{"14x9x12"});
}

TEST_CASE("RULES §1 Jamaican: square 1 is the top-left corner, a1 = 1, h8 = 32, long diagonal 1-32") {
    const BoardLayout& l = layout(Variant::jamaican);
    CHECK(l.column(*l.square(1)) == 0);
    CHECK(l.row(*l.square(1)) == 0);
    CHECK(l.column(*l.square(32)) == 7);
    CHECK(l.row(*l.square(32)) == 7);
    CHECK(l.algebraic(*l.square(1)) == "a1");
    CHECK(l.algebraic(*l.square(32)) == "h8");
    // A king on 1 sees only the long diagonal, down to 32.
    CHECK(move_texts(Variant::jamaican, "W:WK1:B") ==
          sorted({"1-5", "1-10", "1-14", "1-19", "1-23", "1-28", "1-32"}));
    // Black moves first, down the board.
    CHECK(start_position(Variant::jamaican).side == Color::black);
    CHECK(move_texts(Variant::jamaican, start_position(Variant::jamaican)) ==
          sorted({"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"}));
    CHECK(move_texts(Variant::jamaican, start_position(Variant::jamaican), MoveFormat::pdn) ==
          sorted({"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}));
}

namespace {

// The square a Pool square shows as on the mirrored (Jamaican) board: the
// same row, read from the other side.
int mirrored(int number) {
    const int row = (number - 1) / 4;
    const int index = (number - 1) % 4;
    return 4 * row + (3 - index) + 1;
}

std::string hub_text(int from, int to, std::vector<int> captured) {
    std::sort(captured.begin(), captured.end());
    std::string out = std::to_string(from) + (captured.empty() ? "-" : "x") + std::to_string(to);
    for (int c : captured) {
        out += 'x';
        out += std::to_string(c);
    }
    return out;
}

}  // namespace

TEST_CASE("RULES §1 Jamaican is Pool mirrored: mirrored positions have mirrored moves") {
    const BoardLayout& pool = layout(Variant::pool);
    const BoardLayout& jamaican = layout(Variant::jamaican);
    int checked = 0;
    for (const Position& p : test::random_positions(Variant::pool, 2024, 40, 150)) {
        Position m;
        m.side = p.side;
        for (int n = 1; n <= 32; ++n) {
            const Bitboard from = bit(*pool.square(n));
            const Bitboard to = bit(*jamaican.square(mirrored(n)));
            for (const Color c : {Color::white, Color::black})
                if (p.of(c) & from) m.pieces[index(c)] |= to;
            if (p.kings & from) m.kings |= to;
        }
        m.refresh_key();

        Strings expected;
        for (const Move& mv : legal_moves(Variant::pool, p)) {
            std::vector<int> captured;
            for_each_square(mv.captured, [&](Square s) { captured.push_back(mirrored(pool.number(s))); });
            expected.push_back(
                hub_text(mirrored(pool.number(mv.from)), mirrored(pool.number(mv.to)), captured));
        }
        CAPTURE(to_fen(Variant::pool, p));
        REQUIRE(move_texts(Variant::jamaican, m) == sorted(expected));
        ++checked;
    }
    CHECK(checked > 1000);
}
