#pragma once
// Which evaluation the search uses, per variant: the learned one with the
// built-in weights (the default where the binary has them: the variant's
// own where it has some, else its family's), with a file's weights
// (--eval-file, the Hub's eval-file), or the hand-made one
// (search/eval.hpp), which is also the fallback of a family without
// learned weights. A network (net_weights.hpp), where one is in use, comes
// before the patterns. Change it only while no search runs.

#include <array>
#include <optional>
#include <string>

#include "features.hpp"
#include "learned_weights.hpp"
#include "net_weights.hpp"
#include "variant.hpp"

namespace yaad {

namespace detail {
// nullptr: the hand-made evaluation. Weights once used are never freed, so a
// pointer read here stays valid.
extern std::array<const LearnedWeights*, all_variants.size()> active_weights;
// nullptr: no network; the patterns (or the hand-made evaluation) evaluate.
extern std::array<const NetWeights*, all_variants.size()> active_networks;
}  // namespace detail

inline const LearnedWeights* active_learned_weights(Variant v) {
    return detail::active_weights[static_cast<int>(v)];
}

inline const NetWeights* active_network(Variant v) { return detail::active_networks[static_cast<int>(v)]; }

// Every variant back to its built-in weights (or the hand-made evaluation).
void use_builtin_eval();
// Every variant on the hand-made evaluation.
void use_handmade_eval();
// A weights or network file (told by its first bytes), read and checked
// whole, not yet in use.
struct EvalFile {
    std::string path;
    std::optional<LearnedWeights> weights;
    std::optional<NetWeights> net;
};

// Throws InputError (one line) if the file is missing or bad.
EvalFile read_eval_file(const std::string& path);
// Uses a file's weights: a family's for every variant of the family (a
// variant's own built-in weights too give way, so that the file is what
// plays), a variant's own for that variant alone. A network is used for
// every variant of its family, in place of the patterns; a patterns file
// puts the family back on patterns. Returns the file's family.
EvalFamily use_eval_file(EvalFile file);
// Both: a bad file throws InputError and changes nothing.
inline EvalFamily use_eval_file(const std::string& path) { return use_eval_file(read_eval_file(path)); }

// "learned international weights v1, built-in, checksum 0123abcd...",
// "learned flying8 weights v1 (russian's own), FILE, checksum ...",
// "flying8 network v1 120-128-32-1, FILE, checksum ..." or "hand-made".
std::string eval_description(Variant v);

}  // namespace yaad
