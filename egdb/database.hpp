#pragma once
// Endgame databases: the value of every position with few pieces under
// perfect play, built by yaad itself (builder.hpp) and read here. The
// search asks probe() at its nodes; nothing here knows the search.

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "block_cache.hpp"
#include "count_trust.hpp"
#include "material.hpp"
#include "position.hpp"
#include "rules.hpp"
#include "slice_file.hpp"
#include "value_code.hpp"

namespace yaad::egdb {

struct Probe {
    Wdl value;
    // Plies to the next capture or crowning under best play (the winner
    // hurries, the loser resists), or, in endings of kings only with at
    // most 4 pieces, to the game's end through any captures; -1 for a draw.
    int plies;
    // In those endings of kings only: the fewest plies a counting rule of
    // RULES.md §4 must leave (the lesser of DrawCounters::
    // plies_to_progress_draw and plies_to_lone_king_draw here) for the win
    // or loss to stand; with fewer it is a draw. count_never where no count
    // is enough; 0 where no counting rule applies.
    int count_plies;
};

class Database {
public:
    // Where problems found after opening go, one line each.
    using Warn = std::function<void(const std::string&)>;

    // Opens every slice file found in dir, reading only their headers: a
    // file that is truncated, of another version or misnamed becomes one
    // line in warnings and is skipped. A slice's block offsets and checksum
    // are read the first time one of its positions is probed; a slice
    // found corrupt then gives one line to `late` (standard error when
    // empty) and is "not in the database" from then on. `cache_megabytes`
    // of decompressed blocks are kept, taken as they are used.
    static std::unique_ptr<Database> open(const std::filesystem::path& dir,
                                          std::vector<std::string>& warnings,
                                          std::size_t cache_megabytes = 64, Warn late = {});

    // Checks every slice (of `only`'s set, if given) now: offsets and
    // checksum, reading every file; those that fail become one line each in
    // warnings and are dropped. Not while other threads probe.
    void check_all(std::vector<std::string>& warnings, std::optional<Variant> only = std::nullopt);

    // 0 when nothing for v; all slices up to it present.
    int max_pieces(Variant v) const { return max_pieces_[static_cast<std::size_t>(family(v))]; }
    // The pieces of the largest slice for v, complete set or not: no
    // position with more is in the database (the search asks no further).
    int most_pieces(Variant v) const { return most_pieces_[static_cast<std::size_t>(family(v))]; }
    // nullopt: not in the database. Thread-safe.
    std::optional<Probe> probe(Variant v, const Position& p) const;

    bool has(Variant v, const Material& m) const { return find(family(v), m) != nullptr; }

    // Whether the stored wins and losses of slice m stand under v's
    // counting rules wherever the count leaves their distance
    // (count_trust.hpp). The first call for a slice reads the slices it
    // needs (in Pool only the few that store counts). Thread-safe.
    bool count_exact(Variant v, const Material& m) const { return trust(v).exact(m); }
    // The first slice of v's set found not closed under a fresh count,
    // and why; empty if none was found so far.
    std::string count_inexact_reason(Variant v) const { return trust(v).why(); }

    // The stored codes of p (builder.cpp reads finished slices with it).
    std::optional<Codes> codes(Variant v, const Position& p) const;

    // Adds one slice file; false and a reason if it cannot be used.
    bool add(const std::filesystem::path& file, std::string& error);

    struct SliceInfo {
        std::filesystem::path path;
        SliceHeader header;
        std::size_t bytes;
    };
    std::vector<SliceInfo> slices() const;

private:
    Database(std::size_t cache_megabytes, Warn late);
    using Slice = SliceFile;
    static std::size_t key(Variant family, const Material& m);
    const Slice* find(Variant family, const Material& m) const;
    void update_max_pieces(Variant family);
    CountTrust& trust(Variant v) const;
    // Forgets what was worked out for the family's slices (a slice came or went).
    void reset_trust(Variant family);

    std::vector<std::unique_ptr<Slice>> slices_ = std::vector<std::unique_ptr<Slice>>(all_variants_count * kinds);
    std::array<int, 7> max_pieces_{};
    std::array<int, 7> most_pieces_{};
    mutable BlockCache cache_;
    // Gets "<path>: <reason>" from a slice; made once, so that a probe
    // builds no function object.
    SliceFile::Report late_;
    mutable std::array<std::unique_ptr<CountTrust>, 7> trusts_;

    static constexpr std::size_t all_variants_count = 7;
    static constexpr std::size_t kinds = (max_kind + 1) * (max_kind + 1) * (max_kind + 1) * (max_kind + 1);
};

// <directory of the yaad executable>/egdb.
std::filesystem::path default_directory();

// The number of positions of a slice, from its index.
std::uint64_t slice_positions(Variant family, const Material& m);

}  // namespace yaad::egdb
