#pragma once
// Text that more than one front end prints.

#include <string>

#include "game.hpp"
#include "limits.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// "depth=<d> score=<men> nodes=<n> nps=<n> time=<s> [egdb-hits=<n>]
// pv=<moves>", the moves in the variant's PDN notation (yaad analyse, the
// shell); egdb-hits when an endgame database decided positions.
// With several lines (multipv > 1) "multipv=<rank>" follows the depth.
std::string iteration_line(Variant v, const Position& root, const SearchInfo& info, int multipv = 1);

// A score as a player reads it, `score` being from the side to move's view:
// "+0.13 for Black", "0.00: level", "White wins in 4 moves (7 plies)",
// "Black wins (endgame database: 12 plies to the next capture, crowning or
// the end)".
std::string score_for_people(int score, Color side_to_move);

// One depth of analysis for people: "depth 12  +0.13 for Black  c3-d4 f6-e5
// ...  (1.23 M nodes, 2.41 M nodes/s, 0.51 s)".
// With several lines, "depth 12  line 2  ...".
std::string readable_iteration(Variant v, const Position& root, const SearchInfo& info, int multipv = 1);

// How a game that is over ended, for people: "White wins: Black has no
// pieces left", "Draw: the same position a third time" (the shell and the
// web board).
std::string game_end_text(const Game& game);

}  // namespace yaad
