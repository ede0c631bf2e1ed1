#pragma once
// The network of eval/net_eval.hpp in floating point, as yaad-train-net
// fits it: the same inputs (eval/net_features.hpp), layers and clipping,
// with 1.0 where the engine has 127 (activations) or 1024 (weights), and
// its quantization into the engine's file (eval/net_weights.hpp). The
// tests check the quantized engine against this forward pass.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "net_eval.hpp"
#include "net_weights.hpp"
#include "random.hpp"

namespace yaad {

struct NetModel {
    int inputs = 0, hidden1 = 0, hidden2 = 0, buckets = 1;
    // Every parameter in one array, so that the optimiser runs over it
    // once: w1 [inputs][hidden1], b1, w2 [hidden2][hidden1], b2,
    // w3 [buckets][hidden2], b3.
    std::vector<float> p;
    std::size_t w1 = 0, b1 = 0, w2 = 0, b2 = 0, w3 = 0, b3 = 0;

    NetModel(int inputs_, int hidden1_, int hidden2_, int buckets_)
        : inputs(inputs_), hidden1(hidden1_), hidden2(hidden2_), buckets(buckets_) {
        const auto i = static_cast<std::size_t>(inputs), h1 = static_cast<std::size_t>(hidden1),
                   h2 = static_cast<std::size_t>(hidden2), b = static_cast<std::size_t>(buckets);
        b1 = w1 + i * h1, w2 = b1 + h1, b2 = w2 + h2 * h1, w3 = b2 + h2, b3 = w3 + b * h2;
        p.assign(b3 + b, 0.0f);
    }

    // Small random weights whose sums start inside the clipped range.
    void randomize(std::uint64_t seed) {
        Random random(seed);
        auto uniform = [&](double half) {
            return static_cast<float>((static_cast<double>(random.below(1 << 24)) / (1 << 24) * 2 - 1) * half);
        };
        for (std::size_t k = w1; k < b1; ++k) p[k] = uniform(0.1);
        for (std::size_t k = b1; k < w2; ++k) p[k] = 0.3f;
        for (std::size_t k = w2; k < b2; ++k) p[k] = uniform(1 / std::sqrt(static_cast<double>(hidden1)));
        for (std::size_t k = b2; k < w3; ++k) p[k] = 0.3f;
        for (std::size_t k = w3; k < b3; ++k) p[k] = uniform(1 / std::sqrt(static_cast<double>(hidden2)));
    }

    // Keeps every weight where its quantized value fits: int16 in 127ths
    // for layer 1 with room for 25 inputs' sum, int16 in 1024ths later.
    void clip() {
        const float first = 32767.0f / net_activation_one / 26, later = 32767.0f / net_weight_one;
        for (std::size_t k = w1; k < w2; ++k) p[k] = std::clamp(p[k], -first, first);
        for (std::size_t k = w2; k < p.size(); ++k) p[k] = std::clamp(p[k], -later, later);
    }

    // The activations of one position, kept for the backward pass.
    struct Trace {
        std::vector<float> a1, a2;
        float out = 0;
        int bucket = 0;
    };

    // The output (units of the logistic model, side to move's view) of the
    // inputs active[0..count) with `pieces` on the board.
    float forward(const std::uint16_t* active, int count, int pieces, int max_pieces, Trace& t) const {
        t.a1.assign(p.begin() + static_cast<std::ptrdiff_t>(b1), p.begin() + static_cast<std::ptrdiff_t>(w2));
        for (int a = 0; a < count; ++a) {
            const float* w = &p[w1 + static_cast<std::size_t>(active[a]) * hidden1];
            for (int j = 0; j < hidden1; ++j) t.a1[j] += w[j];
        }
        t.a2.assign(hidden2, 0.0f);
        for (int k = 0; k < hidden2; ++k) {
            const float* w = &p[w2 + static_cast<std::size_t>(k) * hidden1];
            float sum = p[b2 + k];
            for (int j = 0; j < hidden1; ++j) sum += std::clamp(t.a1[j], 0.0f, 1.0f) * w[j];
            t.a2[k] = sum;
        }
        t.bucket = net_bucket(pieces, buckets, max_pieces);
        const float* w = &p[w3 + static_cast<std::size_t>(t.bucket) * hidden2];
        float out = p[b3 + t.bucket];
        for (int k = 0; k < hidden2; ++k) out += std::clamp(t.a2[k], 0.0f, 1.0f) * w[k];
        t.out = out;
        return out;
    }

    // Adds d(loss)/d(parameter) to `grad` given d(loss)/d(output) `g`.
    void backward(const std::uint16_t* active, int count, const Trace& t, float g, std::vector<float>& grad,
                  std::vector<float>& d1) const {
        const float* w3_row = &p[w3 + static_cast<std::size_t>(t.bucket) * hidden2];
        float* g3 = &grad[w3 + static_cast<std::size_t>(t.bucket) * hidden2];
        grad[b3 + t.bucket] += g;
        d1.assign(hidden1, 0.0f);
        for (int k = 0; k < hidden2; ++k) {
            const float a = t.a2[k];
            g3[k] += g * std::clamp(a, 0.0f, 1.0f);
            if (a <= 0 || a >= 1) continue;
            const float d2 = g * w3_row[k];
            grad[b2 + k] += d2;
            const float* w = &p[w2 + static_cast<std::size_t>(k) * hidden1];
            float* gw = &grad[w2 + static_cast<std::size_t>(k) * hidden1];
            for (int j = 0; j < hidden1; ++j) {
                gw[j] += d2 * std::clamp(t.a1[j], 0.0f, 1.0f);
                d1[j] += d2 * w[j];
            }
        }
        for (int j = 0; j < hidden1; ++j)
            if (t.a1[j] <= 0 || t.a1[j] >= 1) d1[j] = 0;
        for (int j = 0; j < hidden1; ++j) grad[b1 + j] += d1[j];
        for (int a = 0; a < count; ++a) {
            float* gw = &grad[w1 + static_cast<std::size_t>(active[a]) * hidden1];
            for (int j = 0; j < hidden1; ++j) gw[j] += d1[j];
        }
    }

    // The engine's network: every weight rounded to its fixed point.
    NetWeights quantize(EvalFamily family, int output_scale) const {
        auto q16 = [](double x) {
            return static_cast<std::int16_t>(std::clamp<long>(std::lround(x), -32767, 32767));
        };
        auto q32 = [](double x) { return static_cast<std::int32_t>(std::clamp<long>(std::lround(x), -net_max_bias, net_max_bias)); };
        constexpr double unit = double{net_activation_one} * net_weight_one;
        NetWeights n;
        n.family = family;
        n.inputs = inputs, n.hidden1 = hidden1, n.hidden2 = hidden2, n.buckets = buckets;
        n.output_scale = output_scale;
        for (std::size_t k = w1; k < b1; ++k) n.w1.push_back(q16(p[k] * net_activation_one));
        for (std::size_t k = b1; k < w2; ++k) n.b1.push_back(q16(p[k] * net_activation_one));
        for (std::size_t k = w2; k < b2; ++k) n.w2.push_back(q16(p[k] * net_weight_one));
        for (std::size_t k = b2; k < w3; ++k) n.b2.push_back(q32(p[k] * unit));
        for (std::size_t k = w3; k < b3; ++k) n.w3.push_back(q16(p[k] * net_weight_one));
        for (std::size_t k = b3; k < p.size(); ++k) n.b3.push_back(q32(p[k] * unit));
        return n;
    }
};

}  // namespace yaad
