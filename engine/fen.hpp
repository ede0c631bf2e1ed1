#pragma once
// Positions as text (RULES.md §1): PDN FEN, and Hub position strings
// (HUB.md): the side to move followed by one character per square.

#include <string>
#include <string_view>

#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// Throws InputError for malformed text and for impossible positions: a
// square off the board or given twice, a man on its own crowning row.
Position parse_fen(Variant v, std::string_view text);
std::string to_fen(Variant v, const Position& p);

Position parse_hub_position(Variant v, std::string_view text);
std::string to_hub_position(Variant v, const Position& p);

// Any of the above: "start", a PDN FEN (it has a ':') or a Hub string.
Position parse_position(Variant v, std::string_view text);

}  // namespace yaad
