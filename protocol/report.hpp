#pragma once
// Text that more than one front end prints.

#include <string>

#include "limits.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// "depth=<d> score=<men> nodes=<n> nps=<n> time=<s> [egdb-hits=<n>]
// pv=<moves>", the moves in the variant's PDN notation (yaad analyse, the
// shell); egdb-hits when an endgame database decided positions.
std::string iteration_line(Variant v, const Position& root, const SearchInfo& info);

}  // namespace yaad
