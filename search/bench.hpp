#pragma once
// `yaad bench`: a fixed set of positions of every variant searched to a
// fixed depth with a 16 MB table on one thread. The total node count is the
// search's signature: a change that alters the search changes it.

#include <cstdint>
#include <functional>
#include <string>

#include "rules.hpp"

namespace yaad {

constexpr int bench_default_depth = 12;
constexpr std::size_t bench_hash_mb = 16;

struct BenchLine {
    Variant variant;
    int index;  // of the position within its variant, from 1
    std::uint64_t nodes;
    std::string best;
};

struct BenchTotals {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

BenchTotals run_bench_positions(int depth, const std::function<void(const BenchLine&)>& on_line);

}  // namespace yaad
