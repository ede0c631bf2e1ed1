#include "block_cache.hpp"

#include <algorithm>

namespace yaad::egdb {

namespace {
constexpr std::size_t entry_bytes = 4 * std::size_t{block_positions};
}

BlockCache::BlockCache(std::size_t megabytes)
    : size_(std::max<std::size_t>(16, (megabytes << 20) / entry_bytes)), entries_(new Entry[size_]) {}

std::optional<Codes> BlockCache::read(const SliceFile& slice, std::uint64_t i) {
    const std::uint32_t block = static_cast<std::uint32_t>(i / block_positions);
    const std::size_t j = static_cast<std::size_t>(i % block_positions);
    const std::uint64_t h = (reinterpret_cast<std::uintptr_t>(&slice) >> 4) * 0x9e3779b97f4a7c15ULL + block;
    Entry& e = entries_[(h ^ (h >> 29)) % size_];
    std::lock_guard lock(e.mutex);
    if (e.slice != &slice || e.block != block) {
        if (!e.data) e.data.reset(new std::uint8_t[entry_bytes]);
        e.slice = nullptr;
        if (!slice.read_block(block, e.data.get())) return std::nullopt;
        e.slice = &slice;
        e.block = block;
    }
    const std::uint8_t* d = e.data.get();
    Codes c{static_cast<std::uint16_t>(d[j] | d[block_positions + j] << 8), 0};
    if (slice.header().has_counts)
        c.count = static_cast<std::uint16_t>(d[2 * block_positions + j] | d[3 * block_positions + j] << 8);
    return c;
}

}  // namespace yaad::egdb
