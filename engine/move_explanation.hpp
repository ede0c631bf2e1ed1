#pragma once
// Why a move a player typed is not legal, in the player's terms: "no piece
// on c3", "men move forward only", "a capture is compulsory: b6xd4, d6xb4".

#include <string>
#include <vector>

#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// `squares` are the squares the player named, in order (at least one), no
// legal move of `p` matching them; squares are named in `style`, moves in
// the variant's notation with that style.
std::string why_illegal(Variant v, const Position& p, const std::vector<Square>& squares, SquareStyle style);

}  // namespace yaad
