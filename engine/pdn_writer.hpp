#pragma once
// Writes games as PDN: tag pairs, then numbered moves in the variant's
// notation and the result (RULES.md §1 game types).

#include <string>
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

}  // namespace yaad
