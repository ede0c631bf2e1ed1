#include "learned_weights.hpp"

#include <fstream>
#include <iterator>

#include "byte_fields.hpp"
#include "input_error.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

constexpr std::array<char, 8> magic{'Y', 'A', 'A', 'D', 'E', 'V', 'A', 'L'};
constexpr std::size_t header_bytes = 8 + 4 + 4 + 12;

}  // namespace

EvalFamily family_of_variant(Variant v) {
    return visit_variant(v, [](auto r) { return family_of<decltype(r)>(); });
}

ModelShape model_shape(EvalFamily f) {
    auto shape = [](auto r) {
        using F = Features<decltype(r)>;
        return ModelShape{F::N, F::tables, F::slots};
    };
    switch (f) {
        case EvalFamily::flying8: return shape(rules::Jamaican{});
        case EvalFamily::english: return shape(rules::English{});
        case EvalFamily::international: return shape(rules::International{});
        case EvalFamily::sixrow: break;
    }
    return shape(rules::Sixrow{});
}

std::vector<std::uint8_t> encode_weights(LearnedWeights& w) {
    const ModelShape shape = model_shape(w.family);
    std::vector<std::uint8_t> out(magic.begin(), magic.end());
    put_field(out, weights_version, 4);
    put_field(out, static_cast<std::uint8_t>(w.family), 1);
    put_field(out, static_cast<std::uint64_t>(shape.board_size), 1);
    put_field(out, w.variant ? static_cast<std::uint64_t>(*w.variant) + 1 : 0, 1);
    put_field(out, 0, 1);
    put_field(out, static_cast<std::uint64_t>(shape.tables), 4);
    put_field(out, window_entries, 4);
    put_field(out, global_terms, 4);
    for (const auto& pair : w.slots)
        for (std::int16_t v : pair) put_field(out, static_cast<std::uint16_t>(v), 2);
    w.checksum = fnv1a(out);
    put_field(out, w.checksum, 8);
    return out;
}

LearnedWeights decode_weights(std::span<const std::uint8_t> bytes, const std::string& name) {
    auto fail = [&](const std::string& why) { return InputError(name + ": " + why); };
    if (bytes.size() < header_bytes + 8 || !std::equal(magic.begin(), magic.end(), bytes.begin()))
        throw fail("not a yaad weights file");
    const auto version = get_field(bytes, 8, 4);
    if (version != weights_version)
        throw fail("weights version " + std::to_string(version) + ", this yaad reads version " +
                   std::to_string(weights_version));
    const auto family = get_field(bytes, 12, 1);
    if (family >= eval_families) throw fail("unknown family " + std::to_string(family));
    LearnedWeights w;
    w.family = static_cast<EvalFamily>(family);
    const ModelShape shape = model_shape(w.family);
    if (get_field(bytes, 13, 1) != static_cast<std::uint64_t>(shape.board_size) ||
        get_field(bytes, 16, 4) != static_cast<std::uint64_t>(shape.tables) || get_field(bytes, 20, 4) != window_entries ||
        get_field(bytes, 24, 4) != global_terms)
        throw fail("the model's shape is not the one of " + std::string(family_name(w.family)));
    const std::size_t expected = header_bytes + 4 * static_cast<std::size_t>(shape.slots) + 8;
    if (bytes.size() != expected)
        throw fail(std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + " (truncated?)");
    w.checksum = get_field(bytes, expected - 8, 8);
    if (fnv1a(bytes.first(expected - 8)) != w.checksum) throw fail("checksum mismatch (corrupt file)");
    if (const auto variant = get_field(bytes, 14, 1)) {
        if (variant > all_variants.size() || family_of_variant(static_cast<Variant>(variant - 1)) != w.family)
            throw fail("variant " + std::to_string(variant - 1) + " is not of family " +
                       std::string(family_name(w.family)));
        w.variant = static_cast<Variant>(variant - 1);
    }
    w.slots.resize(static_cast<std::size_t>(shape.slots));
    for (std::size_t i = 0; i < w.slots.size(); ++i)
        for (std::size_t k = 0; k < 2; ++k)
            w.slots[i][k] = static_cast<std::int16_t>(get_field(bytes, header_bytes + 4 * i + 2 * k, 2));
    return w;
}

LearnedWeights read_weights_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return decode_weights(bytes, path);
}

void write_weights_file(const std::string& path, LearnedWeights& w) {
    const std::vector<std::uint8_t> bytes = encode_weights(w);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) throw InputError("cannot write " + path);
}

}  // namespace yaad
