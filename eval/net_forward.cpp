#include <algorithm>
#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "net_weights.hpp"

namespace yaad {

namespace {

// The arithmetic of net_weights.hpp. The loops are plain C++ over int16 and
// int32 that the compiler turns into vector code: SSE2 (x86-64's baseline)
// in one copy, AVX2 in another chosen at run time where the CPU has it
// (there the later layers are written with AVX2's instructions).
//
// The accumulator's sums wrap at 16 bits (C++20 defines the conversion), so
// adding and taking away columns in any order gives the same bits as
// summing them from the bias: the incremental update (net_accumulator.hpp)
// equals a rebuild exactly.

// One block of accumulator sums as a vector (GCC and Clang's vector
// extension): unsigned, so that the sums wrap by definition, with the bits
// of the int16 sums.
using Lanes = std::uint16_t __attribute__((vector_size(2 * net_hidden1_step)));

// to = from - the columns of `removed` + those of `added`, block by block
// (hidden1 is a multiple of the block): each block of sums stays in a
// vector register while every column is added, and is stored once.
[[gnu::always_inline]] inline void sum_columns(const NetWeights& n, const std::int16_t* from, std::int16_t* to,
                                               const std::uint16_t* removed, int removed_count,
                                               const std::uint16_t* added, int added_count) {
    const int h1 = n.hidden1;
    const std::int16_t* w1 = n.w1.data();
    // Copied in and out with memcpy (no alignment assumed), never passed by
    // value, whose ABI differs between the SSE2 and AVX2 copies.
    Lanes block, column;
    for (int j = 0; j < h1; j += net_hidden1_step) {
        std::memcpy(&block, from + j, sizeof block);
        for (int a = 0; a < removed_count; ++a) {
            std::memcpy(&column, w1 + static_cast<std::size_t>(removed[a]) * h1 + j, sizeof column);
            block -= column;
        }
        for (int a = 0; a < added_count; ++a) {
            std::memcpy(&column, w1 + static_cast<std::size_t>(added[a]) * h1 + j, sizeof column);
            block += column;
        }
        std::memcpy(to + j, &block, sizeof block);
    }
}

[[gnu::always_inline]] inline void refresh_body(const NetWeights& n, const std::uint16_t* active, int count,
                                                std::int16_t* acc) {
    sum_columns(n, n.b1.data(), acc, nullptr, 0, active, count);
}

[[gnu::always_inline]] inline void update_body(const NetWeights& n, const std::int16_t* from, std::int16_t* to,
                                               const std::uint16_t* removed, int removed_count,
                                               const std::uint16_t* added, int added_count) {
    sum_columns(n, from, to, removed, removed_count, added, added_count);
}

// The second layer's outputs from `first` on, and the output: plain loops
// the compiler vectorizes (the AVX2 copy does most of the second layer by
// hand and the rest here).
[[gnu::always_inline]] inline void hidden_from(const NetWeights& n, const std::int16_t* acc, int first,
                                               std::int32_t* hidden) {
    const int h1 = n.hidden1;
    for (int k = first; k < n.hidden2; ++k) {
        const std::int16_t* w = n.w2.data() + static_cast<std::size_t>(k) * h1;
        std::int32_t sum = 0;
        for (int j = 0; j < h1; ++j) sum += acc[j] * w[j];
        // A shift, not a division: the two differ only below 0, which clips to 0.
        hidden[k] = std::clamp((sum + n.b2[k]) >> net_weight_shift, 0, net_activation_one);
    }
}

[[gnu::always_inline]] inline std::int32_t output_layer(const NetWeights& n, const std::int32_t* hidden, int bucket) {
    const std::int16_t* w = n.w3.data() + static_cast<std::size_t>(bucket) * n.hidden2;
    std::int32_t out = n.b3[bucket];
    for (int k = 0; k < n.hidden2; ++k) out += hidden[k] * w[k];
    return out;
}

[[gnu::always_inline]] inline std::int32_t output_body(const NetWeights& n, const std::int16_t* accumulator,
                                                       int bucket) {
    const int h1 = n.hidden1;
    alignas(32) std::array<std::int16_t, net_max_hidden> acc;
    for (int j = 0; j < h1; ++j)
        acc[j] = static_cast<std::int16_t>(std::clamp<int>(accumulator[j], 0, net_activation_one));

    alignas(32) std::array<std::int32_t, net_max_hidden> hidden;
    hidden_from(n, acc.data(), 0, hidden.data());
    return output_layer(n, hidden.data(), bucket);
}

struct Kernels {
    void (*refresh)(const NetWeights&, const std::uint16_t*, int, std::int16_t*);
    void (*update)(const NetWeights&, const std::int16_t*, std::int16_t*, const std::uint16_t*, int,
                   const std::uint16_t*, int);
    std::int32_t (*output)(const NetWeights&, const std::int16_t*, int);
};

void refresh_baseline(const NetWeights& n, const std::uint16_t* active, int count, std::int16_t* acc) {
    refresh_body(n, active, count, acc);
}
void update_baseline(const NetWeights& n, const std::int16_t* from, std::int16_t* to, const std::uint16_t* removed,
                     int removed_count, const std::uint16_t* added, int added_count) {
    update_body(n, from, to, removed, removed_count, added, added_count);
}
std::int32_t output_baseline(const NetWeights& n, const std::int16_t* acc, int bucket) {
    return output_body(n, acc, bucket);
}

#if defined(__x86_64__)
[[gnu::target("avx2")]] void refresh_avx2(const NetWeights& n, const std::uint16_t* active, int count,
                                          std::int16_t* acc) {
    refresh_body(n, active, count, acc);
}
[[gnu::target("avx2")]] void update_avx2(const NetWeights& n, const std::int16_t* from, std::int16_t* to,
                                         const std::uint16_t* removed, int removed_count,
                                         const std::uint16_t* added, int added_count) {
    update_body(n, from, to, removed, removed_count, added, added_count);
}
// The later layers by hand: the compiler's loop sums one output at a time
// and spends as long adding up each vector's lanes as on the products.
// Here four outputs are summed side by side and their lanes added up
// together (integers, so in any order the same sums): about 1.6 times as
// fast, the same numbers.
[[gnu::target("avx2")]] std::int32_t output_avx2(const NetWeights& n, const std::int16_t* accumulator, int bucket) {
    const int h1 = n.hidden1, h2 = n.hidden2;
    alignas(32) std::array<std::int16_t, net_max_hidden> acc;
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(net_activation_one);
    for (int j = 0; j < h1; j += net_hidden1_step) {
        const __m256i sums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(accumulator + j));
        _mm256_store_si256(reinterpret_cast<__m256i*>(acc.data() + j),
                           _mm256_min_epi16(_mm256_max_epi16(sums, zero), one));
    }
    alignas(32) std::array<std::int32_t, net_max_hidden> hidden;
    int k = 0;
    for (; k + 4 <= h2; k += 4) {
        const std::int16_t* w = n.w2.data() + static_cast<std::size_t>(k) * h1;
        __m256i s[4] = {zero, zero, zero, zero};  // not std::array, which drops __m256i's attributes
        for (int j = 0; j < h1; j += net_hidden1_step) {
            const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(acc.data() + j));
            for (int r = 0; r < 4; ++r) {
                const __m256i wr = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + r * h1 + j));
                s[r] = _mm256_add_epi32(s[r], _mm256_madd_epi16(a, wr));
            }
        }
        // Lanes added pairwise within each 128-bit half, then the halves.
        const __m256i s4 = _mm256_hadd_epi32(_mm256_hadd_epi32(s[0], s[1]), _mm256_hadd_epi32(s[2], s[3]));
        __m128i out = _mm_add_epi32(_mm256_castsi256_si128(s4), _mm256_extracti128_si256(s4, 1));
        out = _mm_add_epi32(out, _mm_loadu_si128(reinterpret_cast<const __m128i*>(n.b2.data() + k)));
        out = _mm_srai_epi32(out, net_weight_shift);
        out = _mm_min_epi32(_mm_max_epi32(out, _mm_setzero_si128()), _mm_set1_epi32(net_activation_one));
        _mm_store_si128(reinterpret_cast<__m128i*>(hidden.data() + k), out);
    }
    hidden_from(n, acc.data(), k, hidden.data());
    return output_layer(n, hidden.data(), bucket);
}
#endif

Kernels choose_kernels() {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return {refresh_avx2, update_avx2, output_avx2};
#endif
    return {refresh_baseline, update_baseline, output_baseline};
}

// Chosen at first use, not at static initialization, which may come after
// another file's first evaluation.
const Kernels& kernels() {
    static const Kernels chosen = choose_kernels();
    return chosen;
}

}  // namespace

void net_refresh(const NetWeights& n, const std::uint16_t* active, int count, std::int16_t* acc) {
    kernels().refresh(n, active, count, acc);
}

void net_update(const NetWeights& n, const std::int16_t* from, std::int16_t* to, const std::uint16_t* removed,
                int removed_count, const std::uint16_t* added, int added_count) {
    kernels().update(n, from, to, removed, removed_count, added, added_count);
}

std::int32_t net_output(const NetWeights& n, const std::int16_t* acc, int bucket) {
    return kernels().output(n, acc, bucket);
}

std::int32_t net_output_portable(const NetWeights& n, const std::int16_t* acc, int bucket) {
    return output_baseline(n, acc, bucket);
}

std::int32_t net_forward(const NetWeights& n, const std::uint16_t* active, int count, int bucket) {
    alignas(32) std::array<std::int16_t, net_max_hidden> acc;
    net_refresh(n, active, count, acc.data());
    return net_output(n, acc.data(), bucket);
}

}  // namespace yaad
