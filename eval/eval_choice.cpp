#include "eval_choice.hpp"

#include <cstdio>
#include <deque>
#include <span>

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

struct LoadedNet {
    NetWeights net;
    std::string origin;
};

std::deque<LoadedNet>& loaded_nets() {
    static std::deque<LoadedNet> all;
    return all;
}

using Table = std::array<const LearnedWeights*, all_variants.size()>;

// The variants that w is for.
bool serves(const LearnedWeights& w, Variant v) {
    return w.variant ? *w.variant == v : family_of_variant(v) == w.family;
}

void use(Table& table, const LearnedWeights& w) {
    for (const Variant v : all_variants)
        if (serves(w, v)) table[static_cast<std::size_t>(v)] = &w;
}

// A built-in file's weights, if they decode and are what they are named.
void use_builtin(Table& table, std::span<const std::uint8_t> bytes, const std::string& name,
                 EvalFamily family, std::optional<Variant> variant) {
    if (bytes.empty()) return;
    try {
        LearnedWeights w = decode_weights(bytes, "built-in " + name + " weights");
        if (w.family != family || w.variant != variant) return;
        loaded().push_back({std::move(w), "built-in"});
        use(table, loaded().back().weights);
    } catch (const InputError& e) {
        // The build embedded a bad file; the tests catch that, a user
        // gets the hand-made evaluation.
        std::fprintf(stderr, "error: %s\n", e.what());
    }
}

// The families' weights, then the variants' own over them.
Table builtin_table() {
    Table table{};
    for (int i = 0; i < eval_families; ++i) {
        const auto family = static_cast<EvalFamily>(i);
        use_builtin(table, builtin_weights_bytes(family), std::string(family_name(family)), family, std::nullopt);
    }
    for (const Variant v : all_variants)
        use_builtin(table, builtin_variant_weights_bytes(v), std::string(variant_name(v)) + "'s own",
                    family_of_variant(v), v);
    return table;
}

const Table& builtins() {
    static const auto table = builtin_table();
    return table;
}

using NetTable = std::array<const NetWeights*, all_variants.size()>;

// n evaluates every variant of its family.
void use(NetTable& table, const NetWeights& n) {
    for (const Variant v : all_variants)
        if (family_of_variant(v) == n.family) table[static_cast<std::size_t>(v)] = &n;
}

// The families' built-in networks, where they decode and are of their family.
NetTable builtin_net_table() {
    NetTable table{};
    for (int i = 0; i < eval_families; ++i) {
        const auto family = static_cast<EvalFamily>(i);
        const std::span<const std::uint8_t> bytes = builtin_net_bytes(family);
        if (bytes.empty()) continue;
        try {
            NetWeights n = decode_net(bytes, "built-in " + std::string(family_name(family)) + " network");
            if (n.family != family) continue;
            loaded_nets().push_back({std::move(n), "built-in"});
            use(table, loaded_nets().back().net);
        } catch (const InputError& e) {
            // As for the weights: the tests catch it, a user gets the patterns.
            std::fprintf(stderr, "error: %s\n", e.what());
        }
    }
    return table;
}

const NetTable& builtin_nets() {
    static const auto table = builtin_net_table();
    return table;
}

const std::string* origin_of(const LearnedWeights* w) {
    for (const Loaded& l : loaded())
        if (&l.weights == w) return &l.origin;
    return nullptr;
}

}  // namespace

namespace detail {
Table active_weights = builtins();
NetTable active_networks = builtin_nets();
}  // namespace detail

void use_builtin_eval() {
    detail::active_weights = builtins();
    detail::active_networks = builtin_nets();
}

void use_handmade_eval() {
    detail::active_weights.fill(nullptr);
    detail::active_networks.fill(nullptr);
}

EvalFile read_eval_file(const std::string& path) {
    const std::vector<std::uint8_t> bytes = read_file_bytes(path);
    EvalFile f;
    f.path = path;
    if (is_net_file(bytes))
        f.net = decode_net(bytes, path);
    else
        f.weights = decode_weights(bytes, path);
    return f;
}

EvalFamily use_eval_file(EvalFile f) {
    if (f.net) {
        const EvalFamily family = f.net->family;
        loaded_nets().push_back({std::move(*f.net), f.path});
        use(detail::active_networks, loaded_nets().back().net);
        return family;
    }
    const EvalFamily family = f.weights->family;
    loaded().push_back({std::move(*f.weights), f.path});
    const LearnedWeights& w = loaded().back().weights;
    use(detail::active_weights, w);
    for (const Variant v : all_variants)
        if (serves(w, v)) detail::active_networks[static_cast<std::size_t>(v)] = nullptr;
    return family;
}

std::string eval_description(Variant v) {
    char checksum[24];
    if (const NetWeights* n = active_network(v)) {
        const LoadedNet* l = nullptr;
        for (const LoadedNet& x : loaded_nets())
            if (&x.net == n) l = &x;
        std::snprintf(checksum, sizeof checksum, "%016llx", static_cast<unsigned long long>(n->checksum));
        return std::string(family_name(n->family)) + " network v" + std::to_string(net_version) + " " +
               n->shape_text() + ", " + (l ? l->origin : std::string("?")) + ", checksum " + checksum;
    }
    const LearnedWeights* w = active_learned_weights(v);
    if (!w) return "hand-made";
    const std::string* origin = origin_of(w);
    std::snprintf(checksum, sizeof checksum, "%016llx", static_cast<unsigned long long>(w->checksum));
    const std::string own = w->variant ? " (" + std::string(variant_name(*w->variant)) + "'s own)" : "";
    return "learned " + std::string(family_name(w->family)) + " weights v" + std::to_string(weights_version) + own +
           ", " + (origin ? *origin : std::string("?")) + ", checksum " + checksum;
}

}  // namespace yaad
