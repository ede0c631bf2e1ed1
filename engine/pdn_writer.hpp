#pragma once
// Writes games as PDN: tag pairs, then numbered moves in the variant's
// notation and the result (RULES.md §1 game types).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"

namespace yaad {

// What an annotator adds to a move: a mark ("?", "??") right after it and
// a comment in braces; either may be empty.
struct MoveNote {
    std::string mark;
    std::string comment;
};

// Tags in the order given (Event, White, Black ...), with Result right
// after Black (or after them all without a Black tag); GameType, and SetUp
// and FEN for a game that does not start from the start position, are
// added. `result` is "1-0", "0-1", "1/2-1/2" or "*". `notes`, if given,
// holds one note per move; `closing`, if not empty, is a comment before
// the result, `opening` one before the first move.
std::string pdn_game(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
                     const std::string& result, const std::vector<MoveNote>& notes = {},
                     const std::string& closing = {}, const std::string& opening = {});

std::string_view pdn_game_type(Variant v);

// Whether pdn_game writes the tag from the game itself (Result, GameType,
// SetUp, FEN): a caller passing on a read game's tags leaves these out, or
// the record would hold them twice, perhaps contradicting the moves.
bool pdn_game_writes_tag(std::string_view name);

// Today's date as the Date tag writes it: "2026.12.01" (UTC).
std::string pdn_date_today();

// The moves as PDN numbers them, one entry per move number: "1. c3-d4
// f6-e5", or "5... e5xc3" for a game that starts with the second player.
// With notes (one per move), each move carries its mark and comment, and
// a second player's move after a comment gets its number again ("2...").
std::vector<std::string> numbered_moves(const Game& game, const std::vector<MoveNote>& notes = {});

}  // namespace yaad
