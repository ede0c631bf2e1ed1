#pragma once
// Which evaluation the search uses, per variant: the learned one with the
// built-in weights (the default where the binary has them: the variant's
// own where it has some, else its family's), with a file's weights
// (--eval-file, the Hub's eval-file), or the hand-made one
// (search/eval.hpp), which is also the fallback of a family without
// learned weights. Change it only while no search runs.

#include <array>
#include <string>

#include "features.hpp"
#include "learned_weights.hpp"
#include "variant.hpp"

namespace yaad {

namespace detail {
// nullptr: the hand-made evaluation. Weights once used are never freed, so a
// pointer read here stays valid.
extern std::array<const LearnedWeights*, all_variants.size()> active_weights;
}  // namespace detail

inline const LearnedWeights* active_learned_weights(Variant v) {
    return detail::active_weights[static_cast<int>(v)];
}

// Every variant back to its built-in weights (or the hand-made evaluation).
void use_builtin_eval();
// Every variant on the hand-made evaluation.
void use_handmade_eval();
// Reads a weights file and uses it: a family's for every variant of the
// family (a variant's own built-in weights too give way, so that the file
// is what plays), a variant's own for that variant alone. A bad file
// throws InputError (one line) and changes nothing. Returns the file's
// family.
EvalFamily use_eval_file(const std::string& path);

// "learned international weights v1, built-in, checksum 0123abcd...",
// "learned flying8 weights v1 (russian's own), FILE, checksum ..." or
// "hand-made".
std::string eval_description(Variant v);

}  // namespace yaad
