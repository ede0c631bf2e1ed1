#pragma once
// A small seeded generator (xoshiro256**) whose output is the same on every
// platform and library, unlike the distributions of <random>.

#include <array>
#include <cstdint>

namespace yaad {

class Random {
public:
    explicit Random(std::uint64_t seed);
    std::uint64_t next();
    // Uniform in [0, bound), bound > 0, without modulo bias.
    std::uint64_t below(std::uint64_t bound);

private:
    std::array<std::uint64_t, 4> state_{};
};

}  // namespace yaad
