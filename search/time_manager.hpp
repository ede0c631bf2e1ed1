#pragma once
// How long to think. A soft budget decides whether to start another
// iteration (stretched when the best move keeps changing), a hard one stops
// the search wherever it is; neither ever exceeds the time on the clock
// less a safety margin, so yaad does not lose on time.

#include <chrono>

#include "limits.hpp"

namespace yaad {

class TimeManager {
public:
    using Clock = std::chrono::steady_clock;

    // Time kept back on the clock (or off a move time) for a slow moment:
    // a busy machine, a reply stuck in a pipe.
    static constexpr double overhead_seconds = 0.03;
    // What each move costs on top of its thinking, as the opponent's clock
    // measures it (pipes, waking up, a loaded scheduler).
    static constexpr double move_overhead_seconds = 0.01;

    TimeManager(const SearchLimits& limits, Clock::time_point start);

    bool has_deadline() const { return hard_ > 0; }
    // Restarts the clock (ponder-hit: the budget counts from now).
    void restart(Clock::time_point now) { start_ = now; }
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    // Stop at once: the hard budget is spent.
    bool out_of_time() const { return hard_ > 0 && elapsed() >= hard_; }
    // Worth starting another iteration? `instability` counts recent changes
    // of the best move; each stretches the budget.
    bool may_start_iteration(int instability) const;

    double soft_budget() const { return soft_; }
    double hard_budget() const { return hard_; }

private:
    Clock::time_point start_;
    double soft_ = 0;  // seconds; 0: none
    double hard_ = 0;
    bool move_time_only_ = false;  // a time per move and no clock
};

}  // namespace yaad
