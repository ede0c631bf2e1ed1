#pragma once
// Writes games as PDN: tag pairs, then numbered moves in the variant's
// notation and the result (RULES.md §1 game types).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"

namespace yaad {

// Tags in the order given (Event, White, Black ...); GameType, and SetUp
// and FEN for a game that does not start from the start position, are
// added. `result` is "1-0", "0-1", "1/2-1/2" or "*".
std::string pdn_game(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
                     const std::string& result);

std::string_view pdn_game_type(Variant v);

// Today's date as the Date tag writes it: "2026.12.01" (UTC).
std::string pdn_date_today();

// The moves as PDN numbers them, one entry per move number: "1. c3-d4
// f6-e5", or "5... e5xc3" for a game that starts with the second player.
std::vector<std::string> numbered_moves(const Game& game);

}  // namespace yaad
