#pragma once
// The rules of each variant as named compile-time constants. Every constant
// cites the section of RULES.md it implements; the move generator, the game
// object and the notation read these and nothing else. Related variants
// share: Jamaican is Pool on a mirrored board, Brazilian is International on
// an 8x8 board.

#include <cstdint>
#include <string_view>

#include "color.hpp"

namespace yaad {

enum class Variant : std::uint8_t { jamaican, pool, english, russian, brazilian, international, sixrow };

enum class Orientation : std::uint8_t { standard, mirrored };
enum class CaptureChoice : std::uint8_t { free, maximum };
enum class Crowning : std::uint8_t { deferred, ends_move, immediate };
enum class SquareStyle : std::uint8_t { numeric, algebraic };

// What resets the counter of the "no progress" draw rule (RULES.md §4).
enum class ProgressEvent : std::uint8_t { capture_or_man_move, capture_or_crowning };

// A draw rule for a lone king against a few pieces (RULES.md §4): the side
// with more pieces must win within `moves` moves, counted from the first
// position with that material. With `counts_both_sides` the limit is that
// many moves of each side, otherwise of the stronger side only.
struct LoneKingLimit {
    int moves = 0;  // 0: no limit for this material
    bool counts_both_sides = false;
};

namespace rules {

struct Pool {
    static constexpr Variant variant = Variant::pool;
    static constexpr std::string_view name = "pool";
    // §1, §3: 8x8, a1 dark, 12 men each on three rows, Black first.
    static constexpr int board_size = 8;
    static constexpr Orientation orientation = Orientation::standard;
    static constexpr int men_rows = 3;
    static constexpr Color first_player = Color::black;
    // §3: men capture backward; flying kings with the landing rule; free
    // choice of capture; crowning deferred to the end of the move.
    static constexpr bool men_capture_backward = true;
    static constexpr bool flying_kings = true;
    static constexpr bool landing_rule = true;
    static constexpr CaptureChoice capture_choice = CaptureChoice::free;
    static constexpr Crowning crowning = Crowning::deferred;
    // §1: PDN notation and game type.
    static constexpr SquareStyle square_style = SquareStyle::numeric;
    static constexpr char capture_mark = 'x';
    static constexpr bool ranks_from_black = false;
    static constexpr std::string_view pdn_game_type = "23,B,8,8,N1,0";
    // §4: threefold repetition; three kings against a lone king (no men on
    // the board) must win within 13 moves of the stronger side.
    static constexpr bool repetition_draw = true;
    static constexpr int progress_limit_plies = 0;
    static constexpr ProgressEvent progress_event = ProgressEvent::capture_or_man_move;
    static constexpr LoneKingLimit lone_king_limit(int strong_men, int strong_kings) {
        return strong_men == 0 && strong_kings == 3 ? LoneKingLimit{13, false} : LoneKingLimit{};
    }
};

struct Jamaican : Pool {
    static constexpr Variant variant = Variant::jamaican;
    static constexpr std::string_view name = "jamaican";
    // §1: the lower-right corner is dark; algebraic ranks count from Black.
    static constexpr Orientation orientation = Orientation::mirrored;
    static constexpr SquareStyle square_style = SquareStyle::algebraic;
    static constexpr bool ranks_from_black = true;
    static constexpr std::string_view pdn_game_type = "23,B,8,8,A1,1";
};

struct English {
    static constexpr Variant variant = Variant::english;
    static constexpr std::string_view name = "english";
    static constexpr int board_size = 8;
    static constexpr Orientation orientation = Orientation::standard;
    static constexpr int men_rows = 3;
    static constexpr Color first_player = Color::black;
    // §3: men capture forward only; kings move one square; a man that
    // reaches the far row by a jump is crowned and the move ends.
    static constexpr bool men_capture_backward = false;
    static constexpr bool flying_kings = false;
    static constexpr bool landing_rule = false;
    static constexpr CaptureChoice capture_choice = CaptureChoice::free;
    static constexpr Crowning crowning = Crowning::ends_move;
    static constexpr SquareStyle square_style = SquareStyle::numeric;
    static constexpr char capture_mark = 'x';
    static constexpr bool ranks_from_black = false;
    static constexpr std::string_view pdn_game_type = "21";
    // §4: threefold repetition; 40 moves each without a capture or a man move.
    static constexpr bool repetition_draw = true;
    static constexpr int progress_limit_plies = 80;
    static constexpr ProgressEvent progress_event = ProgressEvent::capture_or_man_move;
    static constexpr LoneKingLimit lone_king_limit(int, int) { return {}; }
};

struct Russian {
    static constexpr Variant variant = Variant::russian;
    static constexpr std::string_view name = "russian";
    static constexpr int board_size = 8;
    static constexpr Orientation orientation = Orientation::standard;
    static constexpr int men_rows = 3;
    static constexpr Color first_player = Color::white;
    // §3: a man reaching the far row mid-chain is crowned at once and goes
    // on capturing as a flying king.
    static constexpr bool men_capture_backward = true;
    static constexpr bool flying_kings = true;
    static constexpr bool landing_rule = true;
    static constexpr CaptureChoice capture_choice = CaptureChoice::free;
    static constexpr Crowning crowning = Crowning::immediate;
    static constexpr SquareStyle square_style = SquareStyle::algebraic;
    static constexpr char capture_mark = ':';
    static constexpr bool ranks_from_black = false;
    static constexpr std::string_view pdn_game_type = "25";
    // §4: threefold repetition; 15 moves each with only kings moving and no
    // capture; three or more kings against a lone king: 15 moves each.
    static constexpr bool repetition_draw = true;
    static constexpr int progress_limit_plies = 30;
    static constexpr ProgressEvent progress_event = ProgressEvent::capture_or_man_move;
    static constexpr LoneKingLimit lone_king_limit(int strong_men, int strong_kings) {
        return strong_men == 0 && strong_kings >= 3 ? LoneKingLimit{15, true} : LoneKingLimit{};
    }
};

struct International {
    static constexpr Variant variant = Variant::international;
    static constexpr std::string_view name = "international";
    static constexpr int board_size = 10;
    static constexpr Orientation orientation = Orientation::standard;
    static constexpr int men_rows = 4;
    static constexpr Color first_player = Color::white;
    // §3: flying kings without the landing rule; the capture that takes the
    // most pieces is compulsory; crowning deferred to the end of the move.
    static constexpr bool men_capture_backward = true;
    static constexpr bool flying_kings = true;
    static constexpr bool landing_rule = false;
    static constexpr CaptureChoice capture_choice = CaptureChoice::maximum;
    static constexpr Crowning crowning = Crowning::deferred;
    static constexpr SquareStyle square_style = SquareStyle::numeric;
    static constexpr char capture_mark = 'x';
    static constexpr bool ranks_from_black = false;
    static constexpr std::string_view pdn_game_type = "20";
    // §4 (FMJD): threefold repetition; 25 moves each with only kings moving
    // and no capture; a lone king against three pieces with a king: 16 moves
    // each, against two pieces or one with a king: 5 moves each.
    static constexpr bool repetition_draw = true;
    static constexpr int progress_limit_plies = 50;
    static constexpr ProgressEvent progress_event = ProgressEvent::capture_or_man_move;
    static constexpr LoneKingLimit lone_king_limit(int strong_men, int strong_kings) {
        if (strong_kings == 0) return {};
        const int pieces = strong_men + strong_kings;
        if (pieces == 3) return {16, true};
        if (pieces <= 2) return {5, true};
        return {};
    }
};

struct Brazilian : International {
    static constexpr Variant variant = Variant::brazilian;
    static constexpr std::string_view name = "brazilian";
    // §3: International rules on the 8x8 board.
    static constexpr int board_size = 8;
    static constexpr int men_rows = 3;
    static constexpr SquareStyle square_style = SquareStyle::algebraic;
    static constexpr std::string_view pdn_game_type = "26";
};

struct Sixrow {
    static constexpr Variant variant = Variant::sixrow;
    static constexpr std::string_view name = "sixrow";
    // §3: 6x6, a1 dark, six men each on two rows, White first.
    static constexpr int board_size = 6;
    static constexpr Orientation orientation = Orientation::standard;
    static constexpr int men_rows = 2;
    static constexpr Color first_player = Color::white;
    // §3: men capture forward only; kings move and jump one square; a man
    // crowned by a jump ends its move there.
    static constexpr bool men_capture_backward = false;
    static constexpr bool flying_kings = false;
    static constexpr bool landing_rule = false;
    static constexpr CaptureChoice capture_choice = CaptureChoice::free;
    static constexpr Crowning crowning = Crowning::ends_move;
    static constexpr SquareStyle square_style = SquareStyle::algebraic;
    static constexpr char capture_mark = 'x';
    static constexpr bool ranks_from_black = false;
    // §1: no standard number; the full geometry form (docs/rules-decisions.md).
    static constexpr std::string_view pdn_game_type = "-1,W,6,6,A0,0";
    // §4: only the 30-ply rule; repetition alone does not end the game.
    static constexpr bool repetition_draw = false;
    static constexpr int progress_limit_plies = 30;
    static constexpr ProgressEvent progress_event = ProgressEvent::capture_or_crowning;
    static constexpr LoneKingLimit lone_king_limit(int, int) { return {}; }
};

}  // namespace rules
}  // namespace yaad
