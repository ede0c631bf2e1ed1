#include "variant.hpp"

#include <algorithm>
#include <cctype>

namespace yaad {

static_assert([] {
    for (std::size_t i = 0; i < all_variants.size(); ++i)
        if (static_cast<std::size_t>(all_variants[i]) != i) return false;
    return true;
}(), "all_variants lists the variants in enum order, so it can be indexed by them");

std::string_view variant_name(Variant v) {
    return visit_variant(v, [](auto r) { return decltype(r)::name; });
}

std::optional<Variant> parse_variant(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Names people use: Hub clients say "normal" for the 50-square game,
    // Americans say checkers.
    if (lower == "normal") return Variant::international;
    if (lower == "checkers") return Variant::english;
    if (lower == "six-row") return Variant::sixrow;
    for (Variant v : all_variants)
        if (variant_name(v) == lower) return v;
    return std::nullopt;
}

std::string variant_names() {
    std::string names;
    for (Variant v : all_variants) {
        if (!names.empty()) names += ' ';
        names += variant_name(v);
    }
    return names;
}

int board_size(Variant v) {
    return visit_variant(v, [](auto r) { return decltype(r)::board_size; });
}

}  // namespace yaad
