#pragma once
// What a search is asked to do and how it reports back: the records that
// front ends fill and read. Search never prints.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "move.hpp"

namespace yaad {

constexpr int max_ply = 128;
constexpr int max_search_depth = 100;
// The search sees repetitions of positions up to this many plies before
// the root (the game itself, Game::status, sees them all).
constexpr std::size_t repetition_lookback = 256;

// Scores are in hundredths of a man. A won position scores win_score less
// the plies to the win, so a sooner win scores higher.
constexpr int win_score = 30000;
constexpr int win_threshold = win_score - 1000;
constexpr int infinite_score = 32000;

constexpr bool is_decisive(int score) { return score >= win_threshold || score <= -win_threshold; }

// A win an endgame database knows of scores known_win_score less the
// plies it needs and the plies from the root: below every win the search
// sees to its end, above every evaluation.
constexpr int known_win_score = 20000;
constexpr int known_win_threshold = known_win_score - 1000;

// Decided: a win or loss seen to the end or known from a database.
constexpr bool is_decided(int score) { return score >= known_win_threshold || score <= -known_win_threshold; }

struct SearchLimits {
    int depth = 0;             // plies; 0: no limit
    std::uint64_t nodes = 0;   // 0: no limit
    double move_time = 0;      // seconds for this move; 0: no limit
    double time = -1;          // seconds on the clock (increment included); < 0: no clock
    double increment = 0;      // seconds added after each move
    int moves_to_go = 0;       // moves until the clock is topped up; 0: the rest of the game
    bool infinite = false;     // until stopped
    bool analysis = false;     // wanted for its score and PV: search even a forced move
    int multipv = 1;           // lines wanted: the best moves, each with its own score
};

// More lines than this are not worth their time; front ends refuse them.
constexpr int max_multipv = 64;

// One per finished iteration of iterative deepening.
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    double mean_depth = 0;  // average depth of the leaves, in plies
    int score = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t database_hits = 0;  // positions an endgame database decided
    std::vector<Move> pv;
    int line = 1;  // with multi-PV: the line's rank at this depth, 1 the best
};

struct SearchResult {
    std::optional<Move> best;  // empty when the side to move has no move
    std::optional<Move> ponder;
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t database_hits = 0;
    std::vector<Move> pv;
    bool from_book = false;  // played from the opening book, without a search
};

// Shared between the thread that runs a search and the one that reads the
// user's commands: stop it, or tell it the ponder move was played.
class SearchControl {
public:
    using Clock = std::chrono::steady_clock;

    void reset(bool pondering) {
        stop_ = false;
        pondering_ = pondering;
    }
    void stop() { stop_ = true; }
    bool stopped() const { return stop_; }
    void ponder_hit() {
        ponder_hit_at_ = Clock::now().time_since_epoch().count();
        pondering_ = false;
    }
    bool pondering() const { return pondering_; }
    // When the last ponder-hit arrived.
    Clock::time_point ponder_hit_time() const { return Clock::time_point(Clock::duration(ponder_hit_at_.load())); }

private:
    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};
    std::atomic<Clock::rep> ponder_hit_at_{0};
};

using IterationCallback = std::function<void(const SearchInfo&)>;

}  // namespace yaad
