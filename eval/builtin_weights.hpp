#pragma once
// The weights files of eval/weights/ (a family's, FAMILY.weights, and its
// network, FAMILY.net) and of eval/weights/variants/ (a variant's own,
// VARIANT.weights), built into the binary.

#include <cstdint>
#include <span>

#include "features.hpp"
#include "rules.hpp"

namespace yaad {

// Empty for a family without a built-in file.
std::span<const std::uint8_t> builtin_weights_bytes(EvalFamily family);
// Empty for a family without a built-in network.
std::span<const std::uint8_t> builtin_net_bytes(EvalFamily family);
// Empty for a variant without weights of its own.
std::span<const std::uint8_t> builtin_variant_weights_bytes(Variant variant);

}  // namespace yaad
