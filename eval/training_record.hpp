#pragma once
// Training records: one position of a self-play game with what the game
// and the search made of it, 32 bytes on disk (little-endian):
//
//   bytes  0-7   white pieces (bitboard, geometry.hpp layout)
//   bytes  8-15  black pieces
//   bytes 16-23  kings of both colours
//   byte  24     variant (rules.hpp Variant)
//   byte  25     side to move: 0 white, 1 black
//   byte  26     result: White's points x 200 (0 lost, 100 drawn, 200 won;
//                an average when duplicates were merged)
//   byte  27     0
//   bytes 28-29  the search's score from White's view, hundredths of a man
//   bytes 30-31  the ply of the game it was met at
//
// A record file is records end to end, nothing else; its size is a
// multiple of 32.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "position.hpp"
#include "rules.hpp"

namespace yaad {

struct TrainingRecord {
    Position position;
    Variant variant = Variant::jamaican;
    std::uint8_t result = 100;  // White's points x 200
    std::int16_t score = 0;     // White's view
    std::uint16_t ply = 0;

    static constexpr std::size_t bytes = 32;
    static constexpr int white_wins = 200;
    static constexpr int draw = 100;

    std::array<std::uint8_t, bytes> encode() const;
    // Throws InputError naming what is wrong with the bytes.
    static TrainingRecord decode(const std::uint8_t* data);
};

// Reads a whole record file; throws InputError (one line, naming the file)
// when it cannot be read, its size is not a multiple of 32 or a record is
// not a position of its variant.
std::vector<TrainingRecord> read_records(const std::string& path);
// Appends to the file, or truncates it first; throws InputError on failure.
void write_records(const std::string& path, const std::vector<TrainingRecord>& records, bool append);

// Merges records of the same position (same variant, pieces and side to
// move) into one with their average result and score and the earliest ply,
// then shuffles them with the seed: the order does not depend on the input's.
std::vector<TrainingRecord> dedup_and_shuffle(std::vector<TrainingRecord> records, std::uint64_t seed);

}  // namespace yaad
