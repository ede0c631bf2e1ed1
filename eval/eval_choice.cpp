#include "eval_choice.hpp"

#include <cstdio>
#include <deque>

#include "builtin_weights.hpp"
#include "input_error.hpp"

namespace yaad {

namespace {

struct Loaded {
    LearnedWeights weights;
    std::string origin;
};

// Every weight set ever used; a deque never moves its elements.
std::deque<Loaded>& loaded() {
    static std::deque<Loaded> all;
    return all;
}

std::array<const LearnedWeights*, eval_families> builtin_table() {
    std::array<const LearnedWeights*, eval_families> table{};
    for (int i = 0; i < eval_families; ++i) {
        const auto family = static_cast<EvalFamily>(i);
        const auto bytes = builtin_weights_bytes(family);
        if (bytes.empty()) continue;
        try {
            LearnedWeights w = decode_weights(bytes, "built-in " + std::string(family_name(family)) + " weights");
            if (w.family != family) continue;
            loaded().push_back({std::move(w), "built-in"});
            table[static_cast<std::size_t>(i)] = &loaded().back().weights;
        } catch (const InputError& e) {
            // The build embedded a bad file; the tests catch that, a user
            // gets the hand-made evaluation.
            std::fprintf(stderr, "error: %s\n", e.what());
        }
    }
    return table;
}

const std::array<const LearnedWeights*, eval_families>& builtins() {
    static const auto table = builtin_table();
    return table;
}

const std::string* origin_of(const LearnedWeights* w) {
    for (const Loaded& l : loaded())
        if (&l.weights == w) return &l.origin;
    return nullptr;
}

}  // namespace

namespace detail {
std::array<const LearnedWeights*, eval_families> active_weights = builtins();
}  // namespace detail

void use_builtin_eval() { detail::active_weights = builtins(); }

void use_handmade_eval() { detail::active_weights.fill(nullptr); }

EvalFamily use_eval_file(const std::string& path) {
    LearnedWeights w = read_weights_file(path);
    const EvalFamily family = w.family;
    loaded().push_back({std::move(w), path});
    detail::active_weights[static_cast<int>(family)] = &loaded().back().weights;
    return family;
}

std::string eval_description(EvalFamily f) {
    const LearnedWeights* w = active_learned_weights(f);
    if (!w) return "hand-made";
    const std::string* origin = origin_of(w);
    char checksum[24];
    std::snprintf(checksum, sizeof checksum, "%016llx", static_cast<unsigned long long>(w->checksum));
    return "learned " + std::string(family_name(f)) + " weights v" + std::to_string(weights_version) + ", " +
           (origin ? *origin : std::string("?")) + ", checksum " + checksum;
}

}  // namespace yaad
