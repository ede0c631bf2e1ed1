#include "strength.hpp"

#include <algorithm>
#include <cmath>

namespace yaad {

StrengthLevel strength_level(int level) {
    level = std::clamp(level, weakest_level, full_strength);
    if (level == full_strength) return {};
    // From 100,000 nodes at level 19 down by a factor 0.62 a level (about
    // 50 at level 1); choices stray 4 hundredths of a man more each level
    // down.
    const double nodes = 100000.0 * std::pow(0.62, 19 - level);
    StrengthLevel s;
    s.nodes = std::max<std::uint64_t>(50, static_cast<std::uint64_t>(nodes));
    s.lines = 4;
    s.temperature = 4 * (full_strength - level);
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
