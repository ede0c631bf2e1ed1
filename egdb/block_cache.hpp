#pragma once
// Decompressed blocks of slice files, shared by every thread that probes.
// Direct-mapped: a block has one place, chosen by hashing (slice, block),
// each place guarded by its own mutex, so threads probing different blocks
// rarely wait for each other and a hit neither allocates nor copies a
// block. A miss decompresses into the place's fixed buffer.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "slice_file.hpp"

namespace yaad::egdb {

struct Codes {
    std::uint16_t value = 0;
    std::uint16_t count = 0;
};

class BlockCache {
public:
    // About `megabytes` of decompressed blocks.
    explicit BlockCache(std::size_t megabytes);

    // The codes of position i of the slice; nullopt if its block does not
    // decompress.
    std::optional<Codes> read(const SliceFile& slice, std::uint64_t i);

private:
    struct Entry {
        std::mutex mutex;
        const SliceFile* slice = nullptr;
        std::uint32_t block = 0;
        std::unique_ptr<std::uint8_t[]> data;
    };
    std::size_t size_;
    std::unique_ptr<Entry[]> entries_;
};

}  // namespace yaad::egdb
