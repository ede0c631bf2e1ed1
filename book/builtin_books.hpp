#pragma once
// The books of book/books/, built into the binary.

#include <cstdint>
#include <span>

#include "rules.hpp"

namespace yaad {

// Empty for a variant without a built-in book.
std::span<const std::uint8_t> builtin_book_bytes(Variant v);

}  // namespace yaad
