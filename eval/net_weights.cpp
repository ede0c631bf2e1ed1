#include "net_weights.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "byte_fields.hpp"
#include "input_error.hpp"
#include "learned_weights.hpp"
#include "net_features.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

constexpr std::array<char, 8> magic{'Y', 'A', 'A', 'D', 'N', 'N', 'E', 'T'};
constexpr std::size_t header_bytes = 8 + 4 + 4 + 5 * 4;

std::size_t body_bytes(const NetWeights& n) {
    const auto i = static_cast<std::size_t>(n.inputs), h1 = static_cast<std::size_t>(n.hidden1),
               h2 = static_cast<std::size_t>(n.hidden2), b = static_cast<std::size_t>(n.buckets);
    return 2 * i * h1 + 2 * h1 + 2 * h1 * h2 + 4 * h2 + 2 * b * h2 + 4 * b;
}

}  // namespace

std::string NetWeights::shape_text() const {
    return std::to_string(inputs) + "-" + std::to_string(hidden1) + "-" + std::to_string(hidden2) + "-" +
           std::to_string(buckets);
}

int net_inputs(EvalFamily f) {
    auto count = [](auto r) { return NetInputs<decltype(r)>::count; };
    switch (f) {
        case EvalFamily::flying8: return count(rules::Jamaican{});
        case EvalFamily::english: return count(rules::English{});
        case EvalFamily::international: return count(rules::International{});
        case EvalFamily::sixrow: break;
    }
    return count(rules::Sixrow{});
}

bool is_net_file(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= magic.size() && std::equal(magic.begin(), magic.end(), bytes.begin());
}

std::vector<std::uint8_t> encode_net(NetWeights& n) {
    std::vector<std::uint8_t> out(magic.begin(), magic.end());
    put_field(out, net_version, 4);
    put_field(out, static_cast<std::uint8_t>(n.family), 1);
    put_field(out, static_cast<std::uint64_t>(model_shape(n.family).board_size), 1);
    put_field(out, 0, 2);
    for (const int v : {n.inputs, n.hidden1, n.hidden2, n.buckets, n.output_scale})
        put_field(out, static_cast<std::uint32_t>(v), 4);
    auto put_all = [&](const auto& values, int size) {
        for (const auto v : values) put_field(out, static_cast<std::uint64_t>(static_cast<std::int64_t>(v)), size);
    };
    put_all(n.w1, 2), put_all(n.b1, 2), put_all(n.w2, 2), put_all(n.b2, 4), put_all(n.w3, 2), put_all(n.b3, 4);
    n.checksum = fnv1a(out);
    put_field(out, n.checksum, 8);
    return out;
}

NetWeights decode_net(std::span<const std::uint8_t> bytes, const std::string& name) {
    auto fail = [&](const std::string& why) { return InputError(name + ": " + why); };
    if (bytes.size() < header_bytes + 8 || !is_net_file(bytes)) throw fail("not a yaad network file");
    const auto version = get_field(bytes, 8, 4);
    if (version != net_version)
        throw fail("network version " + std::to_string(version) + ", this yaad reads version " +
                   std::to_string(net_version));
    const auto family = get_field(bytes, 12, 1);
    if (family >= eval_families) throw fail("unknown family " + std::to_string(family));
    NetWeights n;
    n.family = static_cast<EvalFamily>(family);
    if (get_field(bytes, 13, 1) != static_cast<std::uint64_t>(model_shape(n.family).board_size))
        throw fail("the board size is not the one of " + std::string(family_name(n.family)));
    auto field = [&](std::size_t at) { return get_field(bytes, at, 4); };
    const std::uint64_t inputs = field(16), hidden1 = field(20), hidden2 = field(24), buckets = field(28),
                        scale = field(32);
    if (inputs != static_cast<std::uint64_t>(net_inputs(n.family)) || hidden1 < 1 || hidden1 > net_max_hidden || hidden1 % net_hidden1_step != 0 ||
        hidden2 < 1 || hidden2 > net_max_hidden || buckets < 1 || buckets > 64 || scale < 1 || scale > 10000)
        throw fail("a network of shape " + std::to_string(inputs) + "-" + std::to_string(hidden1) + "-" +
                   std::to_string(hidden2) + "-" + std::to_string(buckets) + ", scale " + std::to_string(scale) +
                   ", which this yaad cannot run for " + std::string(family_name(n.family)));
    n.inputs = static_cast<int>(inputs), n.hidden1 = static_cast<int>(hidden1), n.hidden2 = static_cast<int>(hidden2);
    n.buckets = static_cast<int>(buckets), n.output_scale = static_cast<int>(scale);
    const std::size_t expected = header_bytes + body_bytes(n) + 8;
    if (bytes.size() != expected)
        throw fail(std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + " (truncated?)");
    n.checksum = get_field(bytes, expected - 8, 8);
    if (fnv1a(bytes.first(expected - 8)) != n.checksum) throw fail("checksum mismatch (corrupt file)");
    std::size_t at = header_bytes;
    auto get_all = [&](auto& values, std::size_t count, int size) {
        using T = typename std::remove_reference_t<decltype(values)>::value_type;
        values.resize(count);
        for (auto& v : values) {
            const std::uint64_t raw = get_field(bytes, at, size);
            at += static_cast<std::size_t>(size);
            // Sign-extend from `size` bytes.
            const int shift = 64 - 8 * size;
            v = static_cast<T>(static_cast<std::int64_t>(raw << shift) >> shift);
        }
    };
    const std::size_t h1 = hidden1, h2 = hidden2;
    get_all(n.w1, inputs * h1, 2), get_all(n.b1, h1, 2), get_all(n.w2, h2 * h1, 2), get_all(n.b2, h2, 4);
    get_all(n.w3, buckets * h2, 2), get_all(n.b3, buckets, 4);
    // Biases this large are no network's; refusing them keeps the sums far
    // from overflowing 32 bits.
    auto too_large = [](std::int32_t b) { return b > net_max_bias || b < -net_max_bias; };
    if (std::any_of(n.b2.begin(), n.b2.end(), too_large) || std::any_of(n.b3.begin(), n.b3.end(), too_large))
        throw fail("a bias out of range (corrupt file)");
    return n;
}

void write_net_file(const std::string& path, NetWeights& n) {
    const std::vector<std::uint8_t> bytes = encode_net(n);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) throw InputError("cannot write " + path);
}

std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace yaad
