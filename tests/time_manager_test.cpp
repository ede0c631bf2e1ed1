// The time manager's budgets under a clock: a game played move after move
// in the worst case (every move spends its whole hard budget, plus a delay
// for the reply to get across) must never empty the clock.

#include "time_manager.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace yaad;

namespace {

struct ClockControl {
    double start;      // seconds on the clock at the first move
    double increment;  // added before every move
    int period = 0;    // moves per period, topped up by `start` after each; 0: none
};

// Plays `moves` moves and returns the least the clock held after a move.
double least_clock_left(const ClockControl& control, double delay, int moves) {
    double clock = control.start;
    double least = clock;
    for (int move = 0; move < moves; ++move) {
        clock += control.increment;
        SearchLimits limits;
        limits.time = clock;
        limits.increment = control.increment;
        if (control.period > 0) limits.moves_to_go = control.period - move % control.period;
        const TimeManager time(limits, TimeManager::Clock::now());
        REQUIRE(time.soft_budget() <= time.hard_budget());
        clock -= time.hard_budget() + delay;
        least = std::min(least, clock);
        if (control.period > 0 && (move + 1) % control.period == 0) clock += control.start;
    }
    return least;
}

}  // namespace

TEST_CASE("time: a tiny increment keeps the clock from running down over a long game") {
    // 1 s + 0.01 s, the reply taking 6 ms: the budget shrinks below the
    // increment as the clock falls, and the clock stays clear of zero.
    CHECK(least_clock_left({1.0, 0.01}, 0.006, 500) > 0.01);
    CHECK(least_clock_left({2.0, 0.05}, TimeManager::move_overhead_seconds, 500) > 0.02);
}

TEST_CASE("time: moves per period leave time on the clock at the end of every period") {
    // Spending the hard budget on every move is far more than a search
    // does, and still the reserve is left.
    CHECK(least_clock_left({1.0, 0.0, 10}, TimeManager::move_overhead_seconds, 300) > 0.01);
    CHECK(least_clock_left({60.0, 0.5, 40}, TimeManager::move_overhead_seconds, 300) > 0.05);
}

TEST_CASE("time: a normal game's first move gets a thirtieth of the clock and the increment") {
    SearchLimits limits;
    limits.time = 60.5;
    limits.increment = 0.5;
    const TimeManager time(limits, TimeManager::Clock::now());
    CHECK(time.soft_budget() == doctest::Approx(2.49).epsilon(0.01));
    CHECK(time.hard_budget() == doctest::Approx(4 * time.soft_budget()).epsilon(0.01));
}

TEST_CASE("time: a move time is the budget less a margin for the reply") {
    SearchLimits limits;
    limits.move_time = 0.1;
    const TimeManager time(limits, TimeManager::Clock::now());
    CHECK(time.hard_budget() == doctest::Approx(0.075));
    limits.move_time = 2;
    CHECK(TimeManager(limits, TimeManager::Clock::now()).hard_budget() == doctest::Approx(1.97));
}
