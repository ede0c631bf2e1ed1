#pragma once
// Run-time entry points to the rules of a variant chosen at run time. Each
// dispatches once to the template instantiation of that variant.

#include <cstdint>
#include <vector>

#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// RULES.md §3 start positions.
Position start_position(Variant v);

// Every legal move of the side to move, one per (from, to, captured set).
void legal_moves(Variant v, const Position& p, MoveList& list);
MoveList legal_moves(Variant v, const Position& p);

// A capture route: its move and the landing square after each jump.
struct Route {
    Move move;
    std::vector<Square> landings;
};

// Every route of every legal capture (RULES.md §2); empty when no capture
// is available.
std::vector<Route> capture_routes(Variant v, const Position& p);

}  // namespace yaad
