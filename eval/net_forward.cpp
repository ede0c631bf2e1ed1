#include <algorithm>
#include <array>

#include "net_weights.hpp"

namespace yaad {

namespace {

// The arithmetic of net_weights.hpp. The loops are plain C++ over int16 and
// int32 that the compiler turns into vector code: SSE2 (x86-64's baseline)
// in one copy, AVX2 in another chosen at run time where the CPU has it.
[[gnu::always_inline]] inline std::int32_t forward_body(const NetWeights& n, const std::uint16_t* active, int count,
                                                        int bucket) {
    const int h1 = n.hidden1, h2 = n.hidden2;
    alignas(32) std::array<std::int16_t, net_max_hidden> acc;
    std::copy_n(n.b1.data(), h1, acc.data());
    // In blocks of a fixed size (hidden1 is a multiple of it), or the
    // compiler, unsure that `acc` and the inputs do not overlap, keeps this
    // loop scalar.
    for (int a = 0; a < count; ++a) {
        const std::int16_t* w = n.w1.data() + static_cast<std::size_t>(active[a]) * h1;
        for (int j = 0; j < h1; j += net_hidden1_step) {
            std::array<std::int16_t, net_hidden1_step> block;
            for (int l = 0; l < net_hidden1_step; ++l) block[l] = static_cast<std::int16_t>(acc[j + l] + w[j + l]);
            std::copy(block.begin(), block.end(), acc.begin() + j);
        }
    }
    for (int j = 0; j < h1; ++j) acc[j] = static_cast<std::int16_t>(std::clamp<int>(acc[j], 0, net_activation_one));

    alignas(32) std::array<std::int32_t, net_max_hidden> hidden;
    for (int k = 0; k < h2; ++k) {
        const std::int16_t* w = n.w2.data() + static_cast<std::size_t>(k) * h1;
        std::int32_t sum = 0;
        for (int j = 0; j < h1; ++j) sum += acc[j] * w[j];
        // A shift, not a division: the two differ only below 0, which clips to 0.
        hidden[k] = std::clamp((sum + n.b2[k]) >> net_weight_shift, 0, net_activation_one);
    }

    const std::int16_t* w = n.w3.data() + static_cast<std::size_t>(bucket) * h2;
    std::int32_t out = n.b3[bucket];
    for (int k = 0; k < h2; ++k) out += hidden[k] * w[k];
    return out;
}

std::int32_t forward_baseline(const NetWeights& n, const std::uint16_t* active, int count, int bucket) {
    return forward_body(n, active, count, bucket);
}

#if defined(__x86_64__)
[[gnu::target("avx2")]] std::int32_t forward_avx2(const NetWeights& n, const std::uint16_t* active, int count,
                                                  int bucket) {
    return forward_body(n, active, count, bucket);
}
#endif

using Forward = std::int32_t (*)(const NetWeights&, const std::uint16_t*, int, int);

Forward choose_forward() {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return forward_avx2;
#endif
    return forward_baseline;
}

}  // namespace

std::int32_t net_forward(const NetWeights& n, const std::uint16_t* active, int count, int bucket) {
    static const Forward forward = choose_forward();
    return forward(n, active, count, bucket);
}

}  // namespace yaad
