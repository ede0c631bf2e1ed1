// `yaad bench` is the search's signature: the total node count of its fixed
// positions at the default depth changes whenever the search or the
// evaluation changes behaviour. When a change is meant to do that, run
// `build/yaad bench` and put its node count here, saying so in the commit.

#include <doctest/doctest.h>

#include <cstdint>

#include "bench.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {
constexpr std::uint64_t bench_signature = 5456227;
}  // namespace

TEST_CASE("bench: the node count is the search's signature") {
    int lines = 0;
    int per_variant[all_variants.size()] = {};
    const BenchTotals totals = run_bench_positions(bench_default_depth, [&](const BenchLine& line) {
        ++lines;
        ++per_variant[static_cast<int>(line.variant)];
        CHECK(line.nodes > 0);
    });
    CHECK(totals.nodes == bench_signature);
    for (int n : per_variant) CHECK(n >= 8);
    CHECK(lines >= 7 * 8);
}
