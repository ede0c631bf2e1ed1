#pragma once
// The little-endian fields and the FNV-1a checksum of yaad's versioned data
// files (learned weights, opening books, endgame databases and the parts a
// database build keeps, training records): one definition, so every file
// reads and writes its numbers the same way on any machine. The checksum is
// not cryptographic: it finds files cut short or changed by accident.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace yaad {

inline void put_field(std::vector<std::uint8_t>& out, std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

inline void put_field(std::uint8_t* out, std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

inline std::uint64_t get_field(const std::uint8_t* in, int size) {
    std::uint64_t value = 0;
    for (int i = 0; i < size; ++i) value |= std::uint64_t{in[i]} << (8 * i);
    return value;
}

inline std::uint64_t get_field(std::span<const std::uint8_t> in, std::size_t at, int size) {
    return get_field(in.subspan(at, static_cast<std::size_t>(size)).data(), size);
}

inline constexpr std::uint64_t fnv1a_start = 0xcbf29ce484222325ULL;

// FNV-1a 64 of `bytes`, going on from `h` (a file read in chunks).
inline std::uint64_t fnv1a(std::span<const std::uint8_t> bytes, std::uint64_t h = fnv1a_start) {
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

}  // namespace yaad
