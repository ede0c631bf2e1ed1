// The network evaluation (issue 11): colour-mirror symmetry on random
// positions, the engine's quantized arithmetic against the trainer's float
// network, the file's round trip and its refusals, and the choice of
// evaluation by the file's kind.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "builtin_weights.hpp"
#include "eval_choice.hpp"
#include "eval_test_helpers.hpp"
#include "input_error.hpp"
#include "net_eval.hpp"
#include "net_model.hpp"
#include "search.hpp"
#include "static_eval.hpp"

using namespace yaad;
using yaad::test::colour_mirror;
using yaad::test::random_positions;

namespace {

// A float network of the family with random weights, larger than the
// trainer starts from so that every layer matters, and its quantization.
NetModel random_model(EvalFamily f, std::uint64_t seed, int buckets = 1) {
    NetModel m(net_inputs(f), 32, 8, buckets);
    m.randomize(seed);
    Random random(seed + 100);
    for (float& x : m.p) x *= 1.5f + static_cast<float>(random.below(100)) / 100;
    m.clip();
    return m;
}

std::string temp_path(const char* name) { return std::string(P_tmpdir) + "/yaad-net-test-" + name; }

void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_CASE("network: the inputs of 8x8 and 10x10, our men never on the top row") {
    visit_variant(Variant::jamaican, [](auto r) {
        using I = NetInputs<decltype(r)>;
        CHECK(I::count == 120);
        CHECK(I::max_active == 24);
        std::array<std::uint16_t, I::max_active + 8> active;
        const Position start = start_position(Variant::jamaican);
        CHECK(I::active(start, active.data()) == 24);
        for (int i = 0; i < 24; ++i) CHECK(active[i] < I::our_kings);
    });
    visit_variant(Variant::international, [](auto r) { CHECK(NetInputs<decltype(r)>::count == 190); });
}

TEST_CASE("network: a position and its colour mirror score the same for the side to move") {
    for (const Variant v : all_variants) {
        visit_variant(v, [&](auto r) {
            using R = decltype(r);
            const NetWeights n = random_model(family_of<R>(), 3 + static_cast<std::uint64_t>(v), 3)
                                     .quantize(family_of<R>(), 150);
            int nonzero = 0;
            const std::vector<Position> positions = random_positions(v, 7 + static_cast<std::uint64_t>(v), 35, 150);
            for (const Position& p : positions) {
                CAPTURE(variant_name(v));
                const int score = NetEval<R>::evaluate(p, n);
                REQUIRE(score == NetEval<R>::evaluate(colour_mirror<R>(p), n));
                nonzero += score != 0;
            }
            CHECK(nonzero > static_cast<int>(positions.size()) * 3 / 4);
        });
    }
}

TEST_CASE("network: the engine's quantized score is the trainer's float network's, rounded") {
    using R = rules::Jamaican;
    using I = NetInputs<R>;
    const NetModel m = random_model(EvalFamily::flying8, 21, 4);
    const NetWeights n = m.quantize(EvalFamily::flying8, 150);
    NetModel::Trace t;
    double worst = 0, sum = 0;
    const std::vector<Position> positions = random_positions(Variant::jamaican, 31, 18, 150);
    for (const Position& p : positions) {
        std::array<std::uint16_t, I::max_active + 8> active;
        const int count = I::active(p, active.data());
        const double expected = m.forward(active.data(), count, popcount(p.occupied()), I::max_active, t) * 150;
        const double error = std::abs(NetEval<R>::evaluate(p, n) - expected);
        worst = std::max(worst, error), sum += error;
    }
    // Rounding the weights and activations costs about a hundredth of a
    // man (these random weights are larger than a trained network's).
    CHECK(sum / static_cast<double>(positions.size()) < 2);
    CHECK(worst < 10);
    // Fixed values, so that a change of the arithmetic (or of the AVX2 and
    // SSE2 copies' agreement) shows.
    CHECK(NetEval<R>::evaluate(start_position(Variant::jamaican), n) == 253);
    CHECK(NetEval<R>::evaluate(parse_fen(Variant::jamaican, "B:WK2,16,19,23,26,31:B7,8,11,12,24"), n) == -4);
}

TEST_CASE("network file: round trip, and every kind of damage refused") {
    NetWeights n = random_model(EvalFamily::flying8, 5, 2).quantize(EvalFamily::flying8, 120);
    const std::vector<std::uint8_t> good = encode_net(n);
    const NetWeights back = decode_net(good, "good");
    CHECK(back.checksum == n.checksum);
    CHECK(back.shape_text() == "120-32-8-2");
    CHECK(back.output_scale == 120);
    CHECK(back.w1 == n.w1);
    CHECK(back.b1 == n.b1);
    CHECK(back.w2 == n.w2);
    CHECK(back.b2 == n.b2);
    CHECK(back.w3 == n.w3);
    CHECK(back.b3 == n.b3);

    auto refused = [](const std::vector<std::uint8_t>& bytes) {
        try {
            decode_net(bytes, "bad");
        } catch (const InputError& e) {
            return std::string(e.what()).find('\n') == std::string::npos;
        }
        return false;
    };
    std::vector<std::uint8_t> bad(good.begin(), good.end() - 1);  // truncated
    CHECK(refused(bad));
    bad = good;
    bad[60] ^= 1;  // a weight changed
    CHECK(refused(bad));
    bad = good;
    bad[8] = 2;  // another version
    CHECK(refused(bad));
    bad = good;
    bad[12] = static_cast<std::uint8_t>(EvalFamily::international);  // another family's inputs
    CHECK(refused(bad));
    bad = good;
    bad[20] = 33;  // hidden1 not a multiple of 16
    CHECK(refused(bad));
    bad = good;
    bad[0] = 'X';
    CHECK(refused(bad));
}

TEST_CASE("built-in networks: every embedded network reads back as its family's, and is used") {
    use_builtin_eval();
    for (int f = 0; f < eval_families; ++f) {
        const auto family = static_cast<EvalFamily>(f);
        const auto bytes = builtin_net_bytes(family);
        CAPTURE(family_name(family));
        for (const Variant v : all_variants) {
            if (family_of_variant(v) != family) continue;
            if (bytes.empty()) {
                CHECK(active_network(v) == nullptr);
                continue;
            }
            REQUIRE(active_network(v) != nullptr);
            CHECK(active_network(v)->checksum == decode_net(bytes, "built-in").checksum);
            CHECK(eval_description(v).find(", built-in, checksum") != std::string::npos);
        }
    }
}

TEST_CASE("evaluation choice: a network file replaces its family's evaluation until the built-in comes back") {
    use_builtin_eval();
    const LearnedWeights* patterns = active_learned_weights(Variant::jamaican);
    const NetWeights* builtin = active_network(Variant::jamaican);
    // Another family's evaluation (its built-in network, or none) stays as it is.
    const NetWeights* english = active_network(Variant::english);
    NetWeights n = random_model(EvalFamily::flying8, 8).quantize(EvalFamily::flying8, 150);
    const std::string path = temp_path("good.net");
    write_bytes(path, encode_net(n));
    const std::string bad = temp_path("bad.net");
    std::vector<std::uint8_t> bytes = encode_net(n);
    bytes.pop_back();
    write_bytes(bad, bytes);

    CHECK_THROWS_AS(read_eval_file(bad), InputError);
    CHECK_THROWS_AS(use_eval_file(bad), InputError);
    CHECK(active_network(Variant::jamaican) == builtin);

    CHECK(read_eval_file(path).net.has_value());
    CHECK(use_eval_file(path) == EvalFamily::flying8);
    for (const Variant v : {Variant::jamaican, Variant::pool, Variant::russian, Variant::brazilian}) {
        REQUIRE(active_network(v) != nullptr);
        CHECK(active_network(v)->checksum == n.checksum);
    }
    CHECK(active_network(Variant::english) == english);
    CHECK(active_learned_weights(Variant::jamaican) == patterns);
    const Position p = parse_fen(Variant::jamaican, "B:W18,19,21,22,24,28,29,31:B2-6,11,12,16");
    CHECK(static_eval<rules::Jamaican>(p) == NetEval<rules::Jamaican>::evaluate(p, n));
    CHECK(eval_description(Variant::russian).find("flying8 network v1 120-32-8-1, " + path) == 0);
    const LearnedExplanation e = explain_learned(Variant::jamaican, p);
    CHECK(e.parts.empty());
    REQUIRE(e.network);
    CHECK(*e.network == NetEval<rules::Jamaican>::evaluate(p, n));  // the side to move's view
    // Each piece's share: the score less the score without it, the side to
    // move unchanged.
    REQUIRE(e.pieces.size() == static_cast<std::size_t>(popcount(p.occupied())));
    for (const NetPieceShare& piece : e.pieces) {
        Position without = p;
        without.pieces[index(piece.color)] &= ~bit(piece.square);
        REQUIRE(piece.share);
        CHECK(*piece.share == *e.network - NetEval<rules::Jamaican>::evaluate(without, n));
    }
    CHECK(e.score == static_eval<rules::Jamaican>(p));
    // A side's only piece is not taken off.
    const LearnedExplanation lone = explain_learned(Variant::jamaican, parse_fen(Variant::jamaican, "W:W21,22,K30:B12"));
    REQUIRE(lone.pieces.size() == 4);
    for (const NetPieceShare& piece : lone.pieces) CHECK(piece.share.has_value() == (piece.color == Color::white));
    // Kings-only positions keep the hand-made evaluation, as with patterns.
    const Position kings = parse_fen(Variant::jamaican, "B:WK12,K14:BK6");
    CHECK(static_eval<rules::Jamaican>(kings) == Evaluator<rules::Jamaican>::evaluate(kings));

    use_handmade_eval();
    CHECK(active_network(Variant::jamaican) == nullptr);
    use_builtin_eval();
    CHECK(active_network(Variant::jamaican) == builtin);
    CHECK(active_learned_weights(Variant::jamaican) == patterns);
    // A patterns file puts its family back on patterns.
    const std::string patterns_path = temp_path("flying8.weights");
    LearnedWeights w = *patterns;
    write_weights_file(patterns_path, w);
    use_eval_file(patterns_path);
    CHECK(active_network(Variant::jamaican) == nullptr);
    CHECK(static_eval<rules::Jamaican>(p) == LearnedEval<rules::Jamaican>::evaluate(p, *patterns));
    use_builtin_eval();
    std::remove(patterns_path.c_str());
    std::remove(path.c_str());
    std::remove(bad.c_str());
}
