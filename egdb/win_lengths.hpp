#pragma once
// How long the wins of a slice take, read from its file: what a proof
// search must know before it lets a database value stand under a counting
// rule (proof_search.hpp). A slice stores values without the rules that
// count moves; where no win or loss needs more plies to its next capture
// or crowning (or, in the slices that store a count, more than the count
// must leave) than a fresh count allows, the stored values are exact under
// that count too.

#include <filesystem>
#include <optional>
#include <string>

namespace yaad::egdb {

struct WinLengths {
    // The most plies any win or loss of the slice needs: its distance to
    // the next capture or crowning, or where the slice stores a count, the
    // plies that count must leave.
    int longest = 0;
    // Some win or loss of the slice stands under no count at all.
    bool beyond_any_count = false;
};

// Reads every block of the slice file; nullopt and a one-line reason in
// `error` if it cannot be read.
std::optional<WinLengths> win_lengths(const std::filesystem::path& file, std::string& error);

}  // namespace yaad::egdb
