#pragma once
// The sub-slices (sub_slice.hpp) of a slice being built, kept on disk as
// each is solved and verified, so that a build interrupted in the middle
// of a slice goes on after the last finished sub-slice instead of solving
// the slice again from the start: the big slices take longer than a
// session. They live in a work directory beside the slice, one file per
// sub-slice ("english/0m2k-1m3k.work/w-1b4.sub": white's leading row, then
// black's, -1 for a side without men), removed once the slice file is
// written.
//
// A file (little-endian): "YAADSUBS", u32 version, u8 family, u8 board
// size, u8 x4 material, u8 x2 leading rows + 1 (white's, black's), u64
// positions, the sub-slice's value codes (u16 each, in the sub-slice's own
// numbering), u64 FNV-1a of every byte before it. Each is written to a
// temporary file and renamed, so it is complete or absent; one that is
// cut short, corrupt or of another slice is solved again.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "material.hpp"
#include "rules.hpp"

namespace yaad::egdb {

class SubSliceStore {
public:
    SubSliceStore(const std::filesystem::path& slice_path, Variant family, int board_size, const Material& m);

    // Where the sub-slices of the slice at slice_path are kept.
    static std::filesystem::path work_dir(const std::filesystem::path& slice_path);

    // Keeps a finished sub-slice's codes. Throws std::runtime_error when
    // the file cannot be written.
    void save(int white_lead, int black_lead, const std::vector<std::uint16_t>& codes) const;

    // The codes kept for a sub-slice of `positions` positions; nullopt when
    // there are none, and then `error` is "<path>: <reason>" if a file was
    // there but cannot be used.
    std::optional<std::vector<std::uint16_t>> load(int white_lead, int black_lead, std::uint64_t positions,
                                                   std::string& error) const;

    // Removes the work directory of the slice at slice_path and all in it.
    static void discard(const std::filesystem::path& slice_path);

    // A slice whose build stopped part-way, with the parts it kept.
    struct Interrupted {
        Variant family;
        std::string slice;  // "0m2k-1m3k"
        int parts = 0;
        std::uint64_t bytes = 0;
    };
    // Those in the database directory dir, for `yaad egdb info`.
    static std::vector<Interrupted> interrupted(const std::filesystem::path& dir);

private:
    std::filesystem::path file(int white_lead, int black_lead) const;
    std::vector<std::uint8_t> header(int white_lead, int black_lead, std::uint64_t positions) const;

    std::filesystem::path dir_;
    Variant family_;
    int board_size_;
    Material material_;
};

}  // namespace yaad::egdb
