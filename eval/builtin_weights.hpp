#pragma once
// The weights files of eval/weights/, built into the binary.

#include <cstdint>
#include <span>

#include "features.hpp"

namespace yaad {

// Empty for a family without a built-in file.
std::span<const std::uint8_t> builtin_weights_bytes(EvalFamily family);

}  // namespace yaad
