#pragma once
// The weights of one family's learned evaluation and their file format
// (little-endian):
//
//   8 bytes  "YAADEVAL"
//   u32      version (weights_version)
//   u8       family (features.hpp EvalFamily), u8 board size, u16 0
//   u32      tables, u32 entries per table, u32 global terms
//   i16 x 2  (middlegame, endgame) per slot: every table, then the globals
//   u64      FNV-1a of every byte before it
//
// A file that is short, long, of another version or family, or whose
// checksum does not match is refused whole.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "features.hpp"

namespace yaad {

constexpr std::uint32_t weights_version = 1;

struct LearnedWeights {
    EvalFamily family = EvalFamily::flying8;
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

// Throws InputError with one line naming `name` and what is wrong.
LearnedWeights decode_weights(std::span<const std::uint8_t> bytes, const std::string& name);
// Sets w.checksum to that of the bytes.
std::vector<std::uint8_t> encode_weights(LearnedWeights& w);

LearnedWeights read_weights_file(const std::string& path);
void write_weights_file(const std::string& path, LearnedWeights& w);

}  // namespace yaad
