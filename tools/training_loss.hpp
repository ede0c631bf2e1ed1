#pragma once
// The logistic model of a game's result that both trainers fit
// (train.cpp's patterns, train_net.cpp's network): a score s predicts
// White's (or the side to move's) points as sigmoid(s / scale), scored by
// cross-entropy.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace yaad {

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

inline double cross_entropy(double target, double p) {
    p = std::clamp(p, 1e-9, 1 - 1e-9);
    return -(target * std::log(p) + (1 - target) * std::log(1 - p));
}

// Mean cross-entropy of predicting `results` (0 to 1) from `scores` at `scale`.
inline double result_loss(const std::vector<float>& scores, const std::vector<float>& results, double scale) {
    double sum = 0;
    for (std::size_t i = 0; i < results.size(); ++i) sum += cross_entropy(results[i], sigmoid(scores[i] / scale));
    return sum / static_cast<double>(results.size());
}

// The scale at which `scores` predict `results` best (ternary search).
inline double fit_scale(const std::vector<float>& scores, const std::vector<float>& results) {
    double low = 20, high = 2000;
    for (int i = 0; i < 60; ++i) {
        const double a = low + (high - low) / 3, b = high - (high - low) / 3;
        if (result_loss(scores, results, a) < result_loss(scores, results, b))
            high = b;
        else
            low = a;
    }
    return (low + high) / 2;
}

}  // namespace yaad
