#pragma once
// The weights of one family's learned evaluation and their file format
// (little-endian):
//
//   8 bytes  "YAADEVAL"
//   u32      version (weights_version)
//   u8       family (features.hpp EvalFamily), u8 board size
//   u8       variant: 0, the model of every variant of the family; v + 1,
//            variant v's own model (rules.hpp Variant), u8 0
//   u32      tables, u32 entries per table, u32 global terms
//   i16 x 2  (middlegame, endgame) per slot: every table, then the globals
//   u64      FNV-1a of every byte before it
//
// A file that is short, long, of another version or family, or whose
// checksum does not match is refused whole. Files written before a
// variant's own model existed hold 0 in the variant byte: a family's.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "features.hpp"

namespace yaad {

constexpr std::uint32_t weights_version = 1;

struct LearnedWeights {
    EvalFamily family = EvalFamily::flying8;
    // Set: the weights of this variant alone, used beside its family's
    // (a variant whose rules differ may play better with its own).
    std::optional<Variant> variant;
    std::vector<std::array<std::int16_t, 2>> slots;  // (middlegame, endgame)
    std::uint64_t checksum = 0;                      // of the file it came from or would make
};

// The shape of a family's model.
struct ModelShape {
    int board_size;
    int tables;
    int slots;
};
ModelShape model_shape(EvalFamily f);

EvalFamily family_of_variant(Variant v);

// Throws InputError with one line naming `name` and what is wrong.
LearnedWeights decode_weights(std::span<const std::uint8_t> bytes, const std::string& name);
// Sets w.checksum to that of the bytes.
std::vector<std::uint8_t> encode_weights(LearnedWeights& w);

LearnedWeights read_weights_file(const std::string& path);
void write_weights_file(const std::string& path, LearnedWeights& w);

}  // namespace yaad
