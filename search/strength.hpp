#pragma once
// Strength levels 1 to 20 for people to play against: below full strength
// (20) the engine searches fewer nodes and, among the moves its own
// multi-PV search finds nearly as good as the best, picks one at random,
// likelier the closer it is to the best. Its mistakes are plausible moves a
// weaker player makes, never a move that throws the game away when another
// holds.

#include <cstdint>
#include <vector>

#include "limits.hpp"

namespace yaad {

inline constexpr int weakest_level = 1;
inline constexpr int full_strength = 20;

struct StrengthLevel {
    std::uint64_t nodes = 0;  // the most a move may search; 0: no cap
    int lines = 1;            // moves compared (multi-PV)
    int temperature = 0;      // hundredths of a man: how far from the best a choice may stray
};

// The settings of a level, weakest_level..full_strength.
StrengthLevel strength_level(int level);

// The move a level plays among `lines` (the last full depth of a multi-PV
// search, best first): a line within 3 temperatures of the best, drawn
// with weight exp(-(best - score) / temperature) by `draw`, a number in
// [0, 1). Never a line that is lost when the best is not.
std::size_t choose_line(const std::vector<SearchInfo>& lines, int temperature, double draw);

}  // namespace yaad
