#pragma once
// One slice on disk. Layout (little-endian):
//   "YAADEGDB"  magic
//   u32         format version
//   u8 family (Variant), u8 board size, u8 x4 material (white men, white
//   kings, black men, black kings), u8 flags (bit 0: a count stream)
//   u64         positions
//   u32         positions per block
//   u32         blocks
//   u64 x (blocks + 1)  offset of each compressed block from the first one
//   blocks      each a zstd frame of the block's codes as planes of bytes:
//               low bytes of the value codes, their high bytes, then the
//               same two planes of the count codes when there are some
//   u64         FNV-1a 64 of every byte before it
// Planes of bytes compress better than interleaved 16-bit words: the high
// bytes are mostly alike. Blocks are small so that a probe that misses the
// cache decompresses little (a few microseconds).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "material.hpp"
#include "rules.hpp"

namespace yaad::egdb {

constexpr std::uint32_t format_version = 1;
constexpr std::uint32_t block_positions = 4096;

struct SliceHeader {
    Variant family = Variant::pool;
    int board_size = 0;
    Material material;
    bool has_counts = false;
    std::uint64_t positions = 0;
};

// Writes the slice to `path` through a temporary file renamed at the end,
// so a slice file is either complete or absent. Throws std::runtime_error.
void write_slice_file(const std::filesystem::path& path, const SliceHeader& header,
                      const std::vector<std::uint16_t>& values, const std::vector<std::uint16_t>& counts);

// A slice file read whole into memory and checked; blocks are decompressed
// on demand.
class SliceFile {
public:
    // nullopt and a one-line reason in `error` when the file is unreadable,
    // truncated, corrupt or of another version.
    static std::optional<SliceFile> load(const std::filesystem::path& path, std::string& error);

    const SliceHeader& header() const { return header_; }
    std::uint32_t blocks() const { return static_cast<std::uint32_t>(offsets_.size() - 1); }
    std::size_t compressed_bytes() const { return bytes_.size(); }
    // Bytes a block takes decompressed.
    std::size_t block_bytes() const { return (header_.has_counts ? 4 : 2) * std::size_t{block_positions}; }

    // Decompresses block b into out (block_bytes() long); false if it fails.
    bool read_block(std::uint32_t b, std::uint8_t* out) const;

private:
    SliceHeader header_;
    std::vector<std::uint8_t> bytes_;  // the whole file
    std::size_t data_start_ = 0;
    std::vector<std::uint64_t> offsets_;
};

// "pool/1m2k-0m1k.egdb" below the database's directory.
std::filesystem::path slice_path(const std::filesystem::path& dir, Variant family, const Material& m);

}  // namespace yaad::egdb
