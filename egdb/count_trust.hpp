#pragma once
// Where a counting rule of RULES.md §4 can change a database value: the one
// definition that the search (search/searcher.hpp) and the proof search
// (proof_search.hpp) both apply.
//
// A set stores values without the counts, except the kings-only slices of
// up to 4 pieces, which store the plies a count must leave (count-aware by
// construction). A count only ever turns a win into a draw, so a stored
// draw is a draw, a stored win at least a draw and a stored loss at most
// one. A stored win or loss is sure when both hold:
// - its next capture or crowning (the stored distance) comes before the
//   counts now running draw the game: the search checks that per position;
// - the slice is exact: every slice it can lead to by captures and
//   crownings is closed, meaning that each of its stored wins and losses
//   stands under the fresh count that the capture or crowning starts.
// A count-aware slice is exact, and closed when no win needs more than a
// fresh count leaves; any other slice is closed when it is exact and none
// of its wins needs more plies to its next conversion than a fresh count
// leaves. Example: in Pool, some 3 kings v 1 wins need more than the
// 13-move count, so 2 kings and a man v 1 king, which crowns into it, is
// not exact, and its stored wins are only "at least a draw".

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "material.hpp"
#include "rules.hpp"
#include "win_lengths.hpp"

namespace yaad::egdb {

// The plies a fresh count leaves in material m of the family's rules (the
// fewer of the two sides to move), DrawCounters::no_limit without a count.
int fresh_count_plies(Variant family, const Material& m);

// Whether a capture or crowning can lead from material `from` to `to`
// (a different material with no more men and no more pieces on a side).
bool leads_to(const Material& from, const Material& to);

// The definition above for one family's slices, worked out the first time
// a slice is asked about and kept. Thread-safe.
class CountTrust {
public:
    // Whether the set has a slice, and its win lengths (nullopt when it
    // cannot be read). Nothing that leads to a slice missing or unreadable
    // is exact.
    using Has = std::function<bool(const Material&)>;
    using Lengths = std::function<std::optional<WinLengths>(const Material&)>;

    CountTrust(Variant family, Has has, Lengths lengths);

    bool exact(const Material& m);
    bool closed(const Material& m);
    // The first slice found not closed, and why; empty if none yet.
    std::string why() const;

private:
    static constexpr std::int8_t unknown = 0, no = 1, yes = 2;
    static constexpr std::size_t slot_count = 10000;  // every material of up to 9 of a kind
    static std::size_t slot(const Material& m);
    bool exact_locked(const Material& m);
    bool closed_locked(const Material& m);

    Variant family_;
    Has has_;
    Lengths lengths_;
    mutable std::mutex mutex_;
    std::vector<std::atomic<std::int8_t>> exact_, closed_;
    std::string why_;
};

}  // namespace yaad::egdb
