#pragma once
// FNV-1a 64: the checksum of the database's files (slice_file.hpp) and of
// the sub-slices a build keeps (sub_slice_store.hpp). Not cryptographic:
// it finds files cut short or changed by accident.

#include <cstddef>
#include <cstdint>

namespace yaad::egdb {

constexpr std::uint64_t fnv1a_start = 0xcbf29ce484222325ULL;

// FNV-1a 64 of data, going on from h.
inline std::uint64_t fnv1a(const std::uint8_t* data, std::size_t n, std::uint64_t h = fnv1a_start) {
    for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

}  // namespace yaad::egdb
