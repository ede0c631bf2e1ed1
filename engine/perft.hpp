#pragma once
// Perft: the number of legal move sequences of a given length, the standard
// check of a move generator. The last ply is counted without being played
// (bulk counting).

#include <cstdint>
#include <vector>

#include "move.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

// How perft counts captures: one per distinct move (RULES.md §2), or one
// per capture route, as some published tables do.
enum class PerftCount { moves, routes };

template <class R, bool Merge>
std::uint64_t perft(const Position& p, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return Movegen<R>::template count<Merge>(p);
    MoveList list;
    Movegen<R>::template generate<Merge>(p, list);
    std::uint64_t nodes = 0;
    for (const Move& m : list) {
        Position child = p;
        child.make<false>(m);
        nodes += perft<R, Merge>(child, depth - 1);
    }
    return nodes;
}

std::uint64_t perft(Variant v, const Position& p, int depth, PerftCount mode = PerftCount::moves);

struct DivideEntry {
    Move move;
    std::uint64_t nodes;
};

// The perft count below each root move at `depth` (depth >= 1).
std::vector<DivideEntry> perft_divide(Variant v, const Position& p, int depth,
                                      PerftCount mode = PerftCount::moves);

}  // namespace yaad
