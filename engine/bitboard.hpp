#pragma once
// Bit sets of board squares. A square is the index of its bit in the ghost
// layout of geometry.hpp; every board we play fits in 64 bits.

#include <bit>
#include <cstdint>

namespace yaad {

using Bitboard = std::uint64_t;
using Square = int;

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

constexpr int popcount(Bitboard b) { return std::popcount(b); }

constexpr Square lowest(Bitboard b) { return std::countr_zero(b); }

constexpr Square highest(Bitboard b) { return 63 - std::countl_zero(b); }

// Shifts toward higher squares for a positive amount, lower for a negative one.
constexpr Bitboard shifted(Bitboard b, int amount) {
    return amount > 0 ? b << amount : b >> -amount;
}

// Calls f(square) for each set bit, lowest first.
template <class F>
constexpr void for_each_square(Bitboard b, F&& f) {
    for (; b; b &= b - 1) f(lowest(b));
}

}  // namespace yaad
