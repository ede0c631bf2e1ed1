#pragma once
// The network evaluation of a position (net_weights.hpp's arithmetic), in
// hundredths of a man from the side to move's view. Here the accumulator is
// built from the piece list (net_forward.cpp); the search keeps it from
// node to node instead (net_accumulator.hpp), with the same result.

#include <algorithm>
#include <array>
#include <cstdint>

#include "learned_eval.hpp"
#include "net_features.hpp"
#include "net_weights.hpp"

namespace yaad {

// The output bucket of a position with `pieces` on the board: equal
// shares of 1 to max_pieces, the fullest board in the last.
constexpr int net_bucket(int pieces, int buckets, int max_pieces) {
    return std::clamp((pieces - 1) * buckets / max_pieces, 0, buckets - 1);
}

template <class R>
struct NetEval {
    using I = NetInputs<R>;

    // The output before scaling: 130048 (127 x 1024) per unit of the logistic
    // model, side to move's view. The weights must be of R's family.
    static std::int32_t raw(const Position& p, const NetWeights& n) {
        std::array<std::uint16_t, I::max_active + 8> active;
        const int count = I::active(p, active.data());
        const int bucket = net_bucket(popcount(p.occupied()), n.buckets, I::max_active);
        return net_forward(n, active.data(), count, bucket);
    }

    // A raw output in hundredths of a man.
    static int scaled(std::int32_t raw_output, const NetWeights& n) {
        constexpr std::int64_t unit = net_activation_one * net_weight_one;
        const auto score = static_cast<std::int64_t>(raw_output) * n.output_scale / unit;
        return static_cast<int>(std::clamp<std::int64_t>(score, -learned_score_limit, learned_score_limit));
    }

    static int evaluate(const Position& p, const NetWeights& n) { return scaled(raw(p, n), n); }
};

}  // namespace yaad
