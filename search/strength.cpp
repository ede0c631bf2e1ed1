#include "strength.hpp"

#include <algorithm>
#include <cmath>

namespace yaad {

StrengthLevel strength_level(int level) {
    level = std::clamp(level, weakest_level, full_strength);
    if (level == full_strength) return {};
    // From 100,000 nodes at level 19 down by a factor 0.62 a level; choices
    // stray 4 hundredths of a man more each level down. Below level 6 the
    // budget is too small for more than a one-ply search whatever its size,
    // so the weakest levels differ by how far they stray instead, and they
    // compare more moves, as a beginner overlooks more.
    const double nodes = 100000.0 * std::pow(0.62, 19 - level);
    StrengthLevel s;
    s.nodes = std::max<std::uint64_t>(50, static_cast<std::uint64_t>(nodes));
    constexpr int weak_lines[] = {0, 12, 8, 6, 5};
    constexpr int weak_temperatures[] = {0, 170, 130, 100, 80};
    s.lines = level < 5 ? weak_lines[level] : 4;
    s.temperature = level < 5 ? weak_temperatures[level] : 4 * (full_strength - level);
    return s;
}

std::size_t choose_line(const std::vector<SearchInfo>& lines, int temperature, double draw) {
    if (lines.size() <= 1 || temperature <= 0) return 0;
    const int best = lines.front().score;
    std::vector<double> weights;
    for (const SearchInfo& line : lines) {
        const bool throws_away = line.score <= -known_win_threshold && best > -known_win_threshold;
        const int behind = best - line.score;
        weights.push_back(throws_away || behind > 3 * temperature
                              ? 0.0
                              : std::exp(-static_cast<double>(behind) / temperature));
    }
    double total = 0;
    for (double w : weights) total += w;
    double point = draw * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (point < weights[i]) return i;
        point -= weights[i];
    }
    return 0;
}

}  // namespace yaad
