#include "time_manager.hpp"

#include <algorithm>

namespace yaad {

namespace {
// A game of draughts lasts some 40 to 60 moves a side; plan for this many
// more when the clock does not say.
constexpr int planned_moves_left = 30;
// An iteration takes a few times as long as the one before it; do not
// start one that has little chance to finish.
constexpr double iteration_start_fraction = 0.5;
}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Clock::time_point start) : start_(start) {
    if (limits.infinite) return;
    // Keep back the overhead, but never most of a very short budget.
    auto after_overhead = [](double seconds) {
        return std::max(0.001, seconds - std::min(overhead_seconds, 0.25 * seconds));
    };
    if (limits.move_time > 0) {
        hard_ = after_overhead(limits.move_time);
        soft_ = hard_;
    }
    if (limits.time >= 0) {
        // The clock already holds this move's increment (HUB.md `level`).
        const double usable = after_overhead(limits.time - 0.02 * limits.time);
        const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, planned_moves_left)
                                                 : planned_moves_left;
        const double share = (limits.time - limits.increment) / moves + limits.increment * 0.9;
        const double soft = std::min(usable, std::max(0.001, share));
        // Never more than a third of what is left on one move; on the last
        // move before the clock is topped up, most of it, but not so close
        // to the end that a busy machine makes us lose on time.
        const double cap = limits.moves_to_go == 1 ? usable * 0.8 : std::max(soft, usable / 3);
        const double hard = std::min(usable, std::max(soft, std::min(cap, soft * 4)));
        soft_ = soft_ > 0 ? std::min(soft_, soft) : soft;
        hard_ = hard_ > 0 ? std::min(hard_, hard) : hard;
    }
}

bool TimeManager::may_start_iteration(int instability) const {
    if (soft_ <= 0) return true;
    if (soft_ >= hard_) return elapsed() < hard_ * iteration_start_fraction;
    const double stretched = std::min(hard_, soft_ * (1.0 + 0.5 * std::min(instability, 4)));
    return elapsed() < stretched * iteration_start_fraction;
}

}  // namespace yaad
