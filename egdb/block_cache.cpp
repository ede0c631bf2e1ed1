#include "block_cache.hpp"

#include <algorithm>

namespace yaad::egdb {

namespace {
constexpr std::size_t entry_bytes = 4 * std::size_t{block_positions};
}

BlockCache::BlockCache(std::size_t megabytes)
    : sets_(std::max<std::size_t>(8, (megabytes << 20) / (2 * entry_bytes))), table_(new Set[sets_]) {}

std::optional<Codes> BlockCache::read(const SliceFile& slice, std::uint64_t i) {
    const std::uint32_t block = static_cast<std::uint32_t>(i / block_positions);
    const std::size_t j = static_cast<std::size_t>(i % block_positions);
    const std::uint64_t h = (reinterpret_cast<std::uintptr_t>(&slice) >> 4) * 0x9e3779b97f4a7c15ULL + block;
    Set& set = table_[(h ^ (h >> 29)) % sets_];
    std::lock_guard lock(set.mutex);
    int way = set.ways[0].slice == &slice && set.ways[0].block == block   ? 0
              : set.ways[1].slice == &slice && set.ways[1].block == block ? 1
                                                                          : -1;
    if (way < 0) {
        way = set.older;
        Entry& e = set.ways[way];
        if (!e.data) e.data.reset(new std::uint8_t[entry_bytes]);
        e.slice = nullptr;
        if (!slice.read_block(block, e.data.get())) return std::nullopt;
        e.slice = &slice;
        e.block = block;
    }
    set.older = 1 - way;
    const std::uint8_t* d = set.ways[way].data.get();
    Codes c{static_cast<std::uint16_t>(d[j] | d[block_positions + j] << 8), 0};
    if (slice.header().has_counts)
        c.count = static_cast<std::uint16_t>(d[2 * block_positions + j] | d[3 * block_positions + j] << 8);
    return c;
}

}  // namespace yaad::egdb
