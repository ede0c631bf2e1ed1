#pragma once
// Random openings (RULES.md §5): a uniform leaf of the perft tree of the
// start position, reproducible from a seed.

#include <cstdint>
#include <vector>

#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

struct RandomOpening {
    std::vector<Move> moves;
    std::vector<Position> positions;  // before each move, then the final one
};

// Throws InputError when no legal sequence has that many plies.
RandomOpening random_opening(Variant v, int plies, std::uint64_t seed);

}  // namespace yaad
