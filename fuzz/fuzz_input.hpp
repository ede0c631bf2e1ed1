#pragma once
// What every fuzz target shares: the first byte of the input picks the
// variant, the rest is the text under test; and a failed property aborts,
// which libFuzzer reports with the input that caused it.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "variant.hpp"

namespace yaad::fuzz {

struct Input {
    Variant variant;
    std::string_view text;
};

inline Input split_input(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return {default_variant, {}};
    return {all_variants[data[0] % all_variants.size()],
            std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1)};
}

inline void require(bool property, const char* what) {
    if (property) return;
    std::fprintf(stderr, "property failed: %s\n", what);
    std::abort();
}

}  // namespace yaad::fuzz
