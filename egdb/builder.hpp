#pragma once
// Builds the slices of a variant's database (retrograde.hpp), smallest
// first, each verified before it is written. Slices already on disk are
// kept, so an interrupted build goes on where it stopped (a slice cut off
// in the middle is built again).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>

#include "material.hpp"
#include "rules.hpp"

namespace yaad::egdb {

struct BuildOptions {
    Variant variant = Variant::pool;
    int pieces = 4;
    std::filesystem::path dir;
    int threads = 1;
    // Only the slices of kings (they need no others): for tests.
    bool kings_only = false;
    std::ostream* log = nullptr;  // progress lines, if given
    // Only this slice and those it can lead to (all it needs): for tests.
    std::optional<Material> for_material = std::nullopt;
};

struct BuildReport {
    int slices_built = 0;
    int slices_present = 0;
    std::uint64_t positions_built = 0;
};

// Throws std::runtime_error when a slice fails its verification or cannot
// be written.
BuildReport build(const BuildOptions& options);

}  // namespace yaad::egdb
