#pragma once
// Which evaluation the search uses, per family: the learned one with the
// built-in weights (the default where the binary has them), with a file's
// weights (--eval-file, the Hub's eval-file), or the hand-made one
// (search/eval.hpp), which is also the fallback of a family without
// learned weights. Change it only while no search runs.

#include <array>
#include <string>

#include "features.hpp"
#include "learned_weights.hpp"

namespace yaad {

namespace detail {
// nullptr: the hand-made evaluation. Weights once used are never freed, so a
// pointer read here stays valid.
extern std::array<const LearnedWeights*, eval_families> active_weights;
}  // namespace detail

inline const LearnedWeights* active_learned_weights(EvalFamily f) {
    return detail::active_weights[static_cast<int>(f)];
}

// Every family back to its built-in weights (or the hand-made evaluation).
void use_builtin_eval();
// Every family on the hand-made evaluation.
void use_handmade_eval();
// Reads a weights file and uses it for its family. A bad file throws
// InputError (one line) and changes nothing. Returns the file's family.
EvalFamily use_eval_file(const std::string& path);

// "learned international, built-in, checksum 0123abcd..." or "hand-made".
std::string eval_description(EvalFamily f);

}  // namespace yaad
