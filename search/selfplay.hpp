#pragma once
// Self-play games for training data (issue 11): the variant's random
// opening, a few random moves early for variety, then the search at a small
// node budget for both sides. Every quiet position the search scored
// becomes a training record once the game's result is known.

#include <cstdint>
#include <vector>

#include "game.hpp"
#include "search.hpp"
#include "training_record.hpp"

namespace yaad {

struct SelfplayOptions {
    Variant variant = Variant::jamaican;
    std::uint64_t nodes = 5000;  // per move
    int opening_plies = 4;       // a uniform random opening (RULES.md §5)
    int random_moves = 2;        // uniformly random moves played ...
    int random_window = 30;      // ... at plies chosen below this one
    int max_plies = 400;         // a longer game is dropped, its result unknown
};

struct SelfplayGame {
    Outcome outcome = Outcome::ongoing;  // ongoing: cut at max_plies, no records
    int plies = 0;
    bool adjudicated = false;  // ended on the search's proof of a win
    std::vector<TrainingRecord> records;
};

// Game `seed` is the same game on every machine: one thread, the table
// cleared first.
SelfplayGame play_selfplay_game(Engine& engine, const SelfplayOptions& options, std::uint64_t seed);

}  // namespace yaad
