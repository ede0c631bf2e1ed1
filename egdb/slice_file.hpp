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

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
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

// A slice file. Opening it reads only the fixed header and the last block
// offset, so that a truncated file or a wrong header is found at once while
// a database of hundreds of files opens in milliseconds and takes no
// memory. The block offsets and the checksum of the whole file are read
// the first time a position of the slice is wanted (usable()); from then
// on blocks are read from the file (pread, no mapping: a file cut short
// under a running engine gives an error, not a crash) and decompressed.
class SliceFile {
public:
    // Gets "<path>: <reason>".
    using Report = std::function<void(const std::string&)>;

    // nullptr and a one-line reason in `error` when the file is unreadable,
    // truncated, of another version or its header is inconsistent.
    static std::unique_ptr<SliceFile> open(const std::filesystem::path& path, std::string& error);
    ~SliceFile();
    SliceFile(const SliceFile&) = delete;
    SliceFile& operator=(const SliceFile&) = delete;

    const SliceHeader& header() const { return header_; }
    const std::filesystem::path& path() const { return path_; }
    std::uint64_t compressed_bytes() const { return file_bytes_; }
    // Bytes a block takes decompressed.
    std::size_t block_bytes() const { return (header_.has_counts ? 4 : 2) * std::size_t{block_positions}; }

    // Whether the slice can be read: the first call reads the block offsets
    // and checks the checksum (thread-safe: other threads wait for it),
    // later calls are one atomic load. A slice found unusable, here or by
    // fail(), gives `report` one line with the reason, once.
    bool usable(const Report& report) const {
        const int s = state_.load(std::memory_order_acquire);
        return s == ready || (s == unchecked && check(report));
    }
    // Marks the slice unusable (a block that does not decompress).
    void fail(const std::string& reason, const Report& report) const;

    // Decompresses block b into out (block_bytes() long); false if the file
    // cannot be opened or read or the block does not decompress. Only after
    // usable().
    bool read_block(std::uint32_t b, std::uint8_t* out) const;

private:
    SliceFile() = default;
    bool check(const Report& report) const;
    bool read_offsets(std::string& error) const;

    static constexpr int unchecked = 0, ready = 1, unusable = 2;

    std::filesystem::path path_;
    SliceHeader header_;
    std::uint64_t file_bytes_ = 0;
    std::uint64_t blocks_ = 0;
    std::uint64_t data_start_ = 0;
    mutable std::once_flag opened_;
    mutable int fd_ = -1;  // opened by the first read_block(), under opened_
    mutable std::once_flag checked_;
    mutable std::atomic<int> state_{unchecked};
    mutable std::vector<std::uint64_t> offsets_;  // written once, under checked_
};

// "pool/1m2k-0m1k.egdb" below the database's directory.
std::filesystem::path slice_path(const std::filesystem::path& dir, Variant family, const Material& m);

}  // namespace yaad::egdb
