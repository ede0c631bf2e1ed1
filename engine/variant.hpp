#pragma once
// Run-time view of the variants: names, and the one place where a variant
// chosen at run time selects its compile-time rules. Everything below
// visit_variant is a template on the rules; nothing in a hot loop asks which
// variant it plays.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "rules.hpp"

namespace yaad {

constexpr Variant default_variant = Variant::jamaican;

constexpr std::array<Variant, 7> all_variants{Variant::jamaican,  Variant::pool,
                                              Variant::english,   Variant::russian,
                                              Variant::brazilian, Variant::international,
                                              Variant::sixrow};

// Calls f with a default-constructed rules struct (rules::Pool{}, ...).
template <class F>
constexpr decltype(auto) visit_variant(Variant v, F&& f) {
    switch (v) {
        case Variant::jamaican: return f(rules::Jamaican{});
        case Variant::pool: return f(rules::Pool{});
        case Variant::english: return f(rules::English{});
        case Variant::russian: return f(rules::Russian{});
        case Variant::brazilian: return f(rules::Brazilian{});
        case Variant::international: return f(rules::International{});
        case Variant::sixrow: break;
    }
    return f(rules::Sixrow{});
}

std::string_view variant_name(Variant v);

// Accepts every name of all_variants, any case, and "normal" for
// international (clients map "standard" to it).
std::optional<Variant> parse_variant(std::string_view name);

// "jamaican pool english ..." for help texts and error messages.
std::string variant_names();

int board_size(Variant v);

}  // namespace yaad
