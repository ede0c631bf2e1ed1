#pragma once
// The learned evaluation of a position: features.hpp's features times one
// family's weights, the two phases blended by the pieces on the board.
// Scores are in hundredths of a man (the trainer fits them on that scale),
// from the side to move's view.

#include <algorithm>
#include <string>
#include <vector>

#include "features.hpp"
#include "learned_weights.hpp"

namespace yaad {

// A learned score never reaches the search's range of proven wins.
constexpr int learned_score_limit = 20000;

template <class R>
struct LearnedEval {
    using F = Features<R>;

    // For White; the weights must be of R's family.
    static int white_score(const Position& p, const LearnedWeights& w) {
        const std::array<std::int16_t, 2>* slots = w.slots.data();
        int middlegame = 0, endgame = 0;
        F::visit(p, [&](int slot, int coefficient) {
            middlegame += coefficient * slots[slot][0];
            endgame += coefficient * slots[slot][1];
        });
        const int phase = F::phase(p);
        const int score = (middlegame * phase + endgame * (F::initial_pieces - phase)) / F::initial_pieces;
        return std::clamp(score, -learned_score_limit, learned_score_limit);
    }

    static int evaluate(const Position& p, const LearnedWeights& w) {
        const int score = white_score(p, w);
        return p.side == Color::white ? score : -score;
    }

    // The blended contribution for White of each window table (both
    // readings) and each global term, for the shell's `eval`.
    struct Part {
        std::string name;
        int white_score;
    };
    static std::vector<Part> explain(const Position& p, const LearnedWeights& w) {
        std::vector<int> mg(F::tables + global_terms), eg(F::tables + global_terms);
        F::visit(p, [&](int slot, int coefficient) {
            const int part = slot < F::global_slot ? slot / window_entries : F::tables + slot - F::global_slot;
            mg[part] += coefficient * w.slots[slot][0];
            eg[part] += coefficient * w.slots[slot][1];
        });
        const int phase = F::phase(p);
        std::vector<Part> parts;
        for (int i = 0; i < F::tables + global_terms; ++i) {
            std::string name = i < F::tables ? "window table " + std::to_string(i + 1)
                                             : std::string(global_term_names[i - F::tables]);
            parts.push_back({name, (mg[i] * phase + eg[i] * (F::initial_pieces - phase)) / F::initial_pieces});
        }
        return parts;
    }
};

}  // namespace yaad
