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
constexpr double least_budget = 0.001;
}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Clock::time_point start) : start_(start) {
    if (limits.infinite) return;
    if (limits.move_time > 0) {
        // Keep back the overhead, but never most of a very short budget.
        hard_ =
            std::max(least_budget, limits.move_time - std::min(overhead_seconds, 0.25 * limits.move_time));
        soft_ = hard_;
        move_time_only_ = limits.time < 0;
    }
    if (limits.time >= 0) {
        const int moves =
            limits.moves_to_go > 0 ? std::min(limits.moves_to_go, planned_moves_left) : planned_moves_left;
        // The clock already holds this move's increment (HUB.md `level`).
        // Every move costs its thinking plus the overhead of getting the
        // reply across; a reserve stays on the clock for a slow moment.
        // When the clock falls towards the reserve the budget falls below
        // the increment less the overhead, so the clock climbs back.
        const double reserve = std::min(overhead_seconds, 0.5 * limits.time);
        const double usable = std::max(least_budget, limits.time - reserve - move_overhead_seconds);
        const double horizon =
            limits.time + limits.increment * (moves - 1) - move_overhead_seconds * moves - reserve;
        const double share = horizon / moves;
        // Never more than a third of what is left on one move; on the last
        // move before the clock is topped up, most of it, but not so close
        // to the end that a busy machine makes us lose on time.
        const double cap = limits.moves_to_go == 1 ? 0.8 * usable : usable / 3;
        const double soft =
            std::clamp(share, least_budget, std::max(least_budget, limits.moves_to_go == 1 ? cap : usable));
        const double hard = std::min(usable, std::max(soft, std::min(cap, 4 * share)));
        soft_ = soft_ > 0 ? std::min(soft_, soft) : soft;
        hard_ = hard_ > 0 ? std::min(hard_, hard) : hard;
    }
}

bool TimeManager::may_start_iteration(int instability) const {
    // Time a move may not keep is best spent: even an iteration cut short
    // may find a better move.
    if (soft_ <= 0 || move_time_only_) return true;
    if (soft_ >= hard_) return elapsed() < hard_ * iteration_start_fraction;
    const double stretched = std::min(hard_, soft_ * (1.0 + 0.5 * std::min(instability, 4)));
    return elapsed() < stretched * iteration_start_fraction;
}

}  // namespace yaad
