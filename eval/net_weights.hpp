#pragma once
// A small quantized network for one family (net_eval.hpp computes it) and
// its file format (little-endian; the conventions of learned_weights.hpp):
//
//   8 bytes  "YAADNNET"
//   u32      version (net_version)
//   u8       family (features.hpp EvalFamily), u8 board size, u8 0, u8 0
//   u32      inputs (net_features.hpp, the family's count), u32 hidden1 (a
//            multiple of 16),
//            u32 hidden2, u32 output buckets, u32 output scale
//   i16      layer 1 weights [inputs][hidden1], i16 biases [hidden1]
//   i16      layer 2 weights [hidden2][hidden1], i32 biases [hidden2]
//   i16      output weights [buckets][hidden2], i32 biases [buckets]
//   u64      FNV-1a of every byte before it
//
// The arithmetic, with 127 standing for an activation of 1.0: layer 1 sums
// its inputs' weights and its bias in 127ths (the accumulator) and clips
// to 0..127; layer 2 multiplies by weights in 1024ths, adds the bias (in
// 127 x 1024ths), divides by 1024 and clips to 0..127; the output bucket
// (by the pieces on the board) multiplies by weights in 1024ths and adds
// its bias: 130048 (127 x 1024) stands for one unit of the logistic model,
// which is `output scale` hundredths of a man. (int8 weights in 64ths,
// the usual choice, would round the later layers' weights by up to 1/128,
// several hundredths of a man at the output.) The sums stay within 32
// bits for any int16 weights, 512 units a layer and the bias limit. A file
// that is short, long, of another version, of a shape this yaad cannot run
// or whose checksum does not match is refused whole.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "features.hpp"

namespace yaad {

constexpr std::uint32_t net_version = 1;
constexpr int net_activation_one = 127;  // the clipped activations' 1.0
constexpr int net_weight_shift = 10;
constexpr int net_weight_one = 1 << net_weight_shift;  // layer 2 and output weights' 1.0
constexpr int net_hidden1_step = 16;     // hidden1 is a multiple of it (vector width)
constexpr int net_max_hidden = 512;      // the largest layers the engine runs
constexpr int net_max_bias = 1 << 24;    // layer 2 and output biases, either sign

struct NetWeights {
    EvalFamily family = EvalFamily::flying8;
    int inputs = 0, hidden1 = 0, hidden2 = 0, buckets = 1;
    int output_scale = 100;                  // hundredths of a man per unit
    std::vector<std::int16_t> w1, b1;        // [inputs][hidden1], [hidden1]
    std::vector<std::int16_t> w2;            // [hidden2][hidden1]
    std::vector<std::int32_t> b2;            // [hidden2]
    std::vector<std::int16_t> w3;            // [buckets][hidden2]
    std::vector<std::int32_t> b3;            // [buckets]
    std::uint64_t checksum = 0;              // of the file it came from or would make

    // "120-128-32-1"
    std::string shape_text() const;
};

// The number of inputs of a family's network.
int net_inputs(EvalFamily f);

// True if the bytes begin as a network file (rather than patterns).
bool is_net_file(std::span<const std::uint8_t> bytes);

// Throws InputError with one line naming `name` and what is wrong.
NetWeights decode_net(std::span<const std::uint8_t> bytes, const std::string& name);
// Sets n.checksum to that of the bytes.
std::vector<std::uint8_t> encode_net(NetWeights& n);

void write_net_file(const std::string& path, NetWeights& n);

// The network's output before scaling (net_eval.hpp) for the inputs
// active[0..count) (net_features.hpp) and an output bucket.
std::int32_t net_forward(const NetWeights& n, const std::uint16_t* active, int count, int bucket);

// net_forward in its two halves, for a first layer kept from node to node
// (net_accumulator.hpp). The accumulator (hidden1 sums, 32-byte aligned for
// speed) of the inputs active[0..count):
void net_refresh(const NetWeights& n, const std::uint16_t* active, int count, std::int16_t* acc);
// `to` = `from` less the columns of `removed` plus those of `added` (`to`
// may be `from`): the same bits as a refresh of the new inputs.
void net_update(const NetWeights& n, const std::int16_t* from, std::int16_t* to, const std::uint16_t* removed,
                int removed_count, const std::uint16_t* added, int added_count);
// The output before scaling from an accumulator.
std::int32_t net_output(const NetWeights& n, const std::int16_t* acc, int bucket);
// The same by the plain loops whatever the CPU, for the tests to compare
// the AVX2 copy with.
std::int32_t net_output_portable(const NetWeights& n, const std::int16_t* acc, int bucket);

// A file's whole bytes; throws InputError when it cannot be read.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);

}  // namespace yaad
