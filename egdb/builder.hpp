#pragma once
// Builds the slices of a variant's database (retrograde.hpp), smallest
// first, each verified before it is written. Slices already on disk are
// kept, and so are the finished sub-slices of a slice with men
// (sub_slice_store.hpp), so an interrupted build goes on after the last
// sub-slice it finished.

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
    // Above 0: the build stops, as if interrupted, right after it has
    // solved this many sub-slices: for tests of resuming.
    int stop_after_sub_slices = 0;
};

struct BuildReport {
    int slices_built = 0;
    int slices_present = 0;
    std::uint64_t positions_built = 0;
    int sub_slices_solved = 0;
    int sub_slices_kept = 0;  // from an interrupted build
    bool stopped = false;     // by stop_after_sub_slices
};

// Throws std::runtime_error when a slice fails its verification or cannot
// be written.
BuildReport build(const BuildOptions& options);

}  // namespace yaad::egdb
