// The learned evaluation (issue 11): colour-mirror symmetry on random
// positions of every variant, the weights file's round trip and its
// refusals, the built-in weights, and the choice of evaluation.

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "builtin_weights.hpp"
#include "eval_test_helpers.hpp"
#include "eval_choice.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "learned_eval.hpp"
#include "legal_moves.hpp"
#include "random.hpp"
#include "static_eval.hpp"
#include "variant.hpp"

using namespace yaad;
using yaad::test::colour_mirror;
using yaad::test::random_positions;

namespace {

// Random weights of a family, so that every slot matters.
LearnedWeights random_weights(EvalFamily f, std::uint64_t seed) {
    Random random(seed);
    LearnedWeights w;
    w.family = f;
    w.slots.resize(static_cast<std::size_t>(model_shape(f).slots));
    for (auto& pair : w.slots)
        for (auto& v : pair) v = static_cast<std::int16_t>(static_cast<int>(random.below(2001)) - 1000);
    return w;
}

std::string temp_path(const char* name) { return std::string(P_tmpdir) + "/yaad-eval-test-" + name; }

}  // namespace

TEST_CASE("learned evaluation: a position and its colour mirror score the same for the side to move") {
    for (const Variant v : all_variants) {
        visit_variant(v, [&](auto r) {
            using R = decltype(r);
            const LearnedWeights w = random_weights(family_of<R>(), 1 + static_cast<std::uint64_t>(v));
            int nonzero = 0;
            const std::vector<Position> positions = random_positions(v, 5 + static_cast<std::uint64_t>(v), 50, 150);
            for (const Position& p : positions) {
                const Position m = colour_mirror<R>(p);
                CAPTURE(variant_name(v));
                REQUIRE(LearnedEval<R>::evaluate(p, w) == LearnedEval<R>::evaluate(m, w));
                REQUIRE(LearnedEval<R>::white_score(p, w) == -LearnedEval<R>::white_score(m, w));
                nonzero += LearnedEval<R>::white_score(p, w) != 0;
            }
            CHECK(nonzero > static_cast<int>(positions.size()) * 2 / 3);
        });
    }
}

TEST_CASE("learned evaluation: there are 16, 9 or 4 windows, covering every square") {
    visit_variant(Variant::international, [](auto r) {
        using F = Features<decltype(r)>;
        CHECK(F::windows == 16);
        CHECK(F::tables == 8);
    });
    visit_variant(Variant::english, [](auto r) {
        using F = Features<decltype(r)>;
        CHECK(F::windows == 9);
        CHECK(F::tables == 5);
    });
    visit_variant(Variant::sixrow, [](auto r) {
        using F = Features<decltype(r)>;
        CHECK(F::windows == 4);
        CHECK(F::tables == 2);
    });
    for (const Variant v : all_variants)
        visit_variant(v, [](auto r) {
            using F = Features<decltype(r)>;
            Bitboard covered = 0;
            for (const auto& w : F::window_list)
                for (int s : w.row_shift) covered |= bit(s) | bit(s + 1);
            CHECK(covered == F::G::board);
        });
}

TEST_CASE("weights file: round trip, and every bad file refused in one line") {
    for (int f = 0; f < eval_families; ++f) {
        LearnedWeights w = random_weights(static_cast<EvalFamily>(f), 40 + static_cast<std::uint64_t>(f));
        const std::string path = temp_path("roundtrip.weights");
        write_weights_file(path, w);
        const LearnedWeights back = read_weights_file(path);
        CHECK(back.family == w.family);
        CHECK(back.slots == w.slots);
        CHECK(back.checksum == w.checksum);
        std::remove(path.c_str());
    }
    LearnedWeights w = random_weights(EvalFamily::sixrow, 3);
    const std::vector<std::uint8_t> good = encode_weights(w);
    auto refused = [](std::vector<std::uint8_t> bytes) {
        try {
            decode_weights(bytes, "test.weights");
        } catch (const InputError& e) {
            const std::string message = e.what();
            return message.find('\n') == std::string::npos && message.rfind("test.weights: ", 0) == 0;
        }
        return false;
    };
    CHECK(!refused(good));
    CHECK(refused({good.begin(), good.end() - 1}));  // truncated
    CHECK(refused({good.begin(), good.begin() + 10}));
    std::vector<std::uint8_t> bad = good;
    bad[100] ^= 1;  // a weight changed: the checksum no longer matches
    CHECK(refused(bad));
    bad = good;
    bad[8] = 2;  // another version
    CHECK(refused(bad));
    bad = good;
    bad[12] = static_cast<std::uint8_t>(EvalFamily::international);  // the shape of another family
    CHECK(refused(bad));
    bad = good;
    bad[0] = 'X';
    CHECK(refused(bad));
    CHECK_THROWS_AS(read_weights_file(temp_path("missing.weights")), InputError);
}

TEST_CASE("evaluation choice: a bad file changes nothing, a good one is used, the built-in comes back") {
    use_builtin_eval();
    const LearnedWeights* before = active_learned_weights(Variant::sixrow);
    const std::string bad = temp_path("bad.weights");
    {
        std::ofstream out(bad, std::ios::binary);
        out << "not weights";
    }
    CHECK_THROWS_AS(use_eval_file(bad), InputError);
    CHECK(active_learned_weights(Variant::sixrow) == before);

    LearnedWeights w = random_weights(EvalFamily::sixrow, 9);
    const std::string good = temp_path("good.weights");
    write_weights_file(good, w);
    CHECK(use_eval_file(good) == EvalFamily::sixrow);
    REQUIRE(active_learned_weights(Variant::sixrow) != nullptr);
    CHECK(active_learned_weights(Variant::sixrow)->slots == w.slots);
    const Position p = start_position(Variant::sixrow);
    CHECK(static_eval<rules::Sixrow>(p) == LearnedEval<rules::Sixrow>::evaluate(p, w));
    CHECK(eval_description(Variant::sixrow).find(good) != std::string::npos);

    use_handmade_eval();
    CHECK(active_learned_weights(Variant::sixrow) == nullptr);
    CHECK(static_eval<rules::Sixrow>(p) == Evaluator<rules::Sixrow>::evaluate(p));
    use_builtin_eval();
    CHECK(active_learned_weights(Variant::sixrow) == before);
    std::remove(bad.c_str());
    std::remove(good.c_str());
}

TEST_CASE("hand-made evaluation: kings-only endings that only a shot can decide score 0") {
    // Both drawn in the Pool, Russian and Brazilian 5-piece databases.
    const char* three_against_two = "B:WK9,K5,K17:BK8,K32";
    const char* two_against_two = "W:WK9,K17:BK8,K32";
    CHECK(Evaluator<rules::Jamaican>::evaluate(parse_fen(Variant::jamaican, three_against_two)) == 0);
    CHECK(Evaluator<rules::Pool>::evaluate(parse_fen(Variant::pool, three_against_two)) == 0);
    CHECK(Evaluator<rules::Russian>::evaluate(parse_fen(Variant::russian, three_against_two)) == 0);
    CHECK(Evaluator<rules::Brazilian>::evaluate(parse_fen(Variant::brazilian, three_against_two)) == 0);
    CHECK(Evaluator<rules::Pool>::evaluate(parse_fen(Variant::pool, two_against_two)) == 0);
    // Four kings against two can win (the Pool database has wins of 30
    // plies), and short kings are another game.
    CHECK(Evaluator<rules::Pool>::evaluate(parse_fen(Variant::pool, "B:WK9,K5,K17,K1:BK8,K32")) < -100);
    CHECK(Evaluator<rules::English>::evaluate(parse_fen(Variant::english, three_against_two)) < -100);
}

TEST_CASE("built-in weights: every embedded file reads back as its own family or variant, and is used") {
    use_builtin_eval();
    for (int f = 0; f < eval_families; ++f) {
        const auto family = static_cast<EvalFamily>(f);
        const auto bytes = builtin_weights_bytes(family);
        if (bytes.empty()) continue;
        CAPTURE(family_name(family));
        const LearnedWeights w = decode_weights(bytes, "built-in");
        CHECK(w.family == family);
        CHECK(!w.variant);
        for (const Variant v : all_variants)
            if (family_of_variant(v) == family && builtin_variant_weights_bytes(v).empty()) {
                REQUIRE(active_learned_weights(v) != nullptr);
                CHECK(active_learned_weights(v)->checksum == w.checksum);
            }
    }
    for (const Variant v : all_variants) {
        const auto bytes = builtin_variant_weights_bytes(v);
        if (bytes.empty()) continue;
        CAPTURE(variant_name(v));
        const LearnedWeights w = decode_weights(bytes, "built-in");
        CHECK(w.variant == v);
        CHECK(w.family == family_of_variant(v));
        REQUIRE(active_learned_weights(v) != nullptr);
        CHECK(active_learned_weights(v)->checksum == w.checksum);
    }
}

TEST_CASE("a variant's own weights: written and read with their variant, used for it alone") {
    use_builtin_eval();
    LearnedWeights own = random_weights(EvalFamily::flying8, 77);
    own.variant = Variant::russian;
    const std::string own_path = temp_path("russian.weights");
    write_weights_file(own_path, own);
    const LearnedWeights back = read_weights_file(own_path);
    CHECK(back.variant == Variant::russian);
    CHECK(back.slots == own.slots);
    CHECK(back.checksum == own.checksum);

    // A variant of another family is refused, with a checksum that matches.
    LearnedWeights stray = random_weights(EvalFamily::flying8, 78);
    stray.variant = Variant::international;
    const std::vector<std::uint8_t> bytes = encode_weights(stray);
    CHECK_THROWS_WITH_AS(decode_weights(bytes, "stray"), "stray: variant 5 is not of family flying8", InputError);

    const LearnedWeights* jamaican = active_learned_weights(Variant::jamaican);
    const LearnedWeights* brazilian = active_learned_weights(Variant::brazilian);
    CHECK(use_eval_file(own_path) == EvalFamily::flying8);
    REQUIRE(active_learned_weights(Variant::russian) != nullptr);
    CHECK(active_learned_weights(Variant::russian)->checksum == own.checksum);
    CHECK(active_learned_weights(Variant::jamaican) == jamaican);
    CHECK(active_learned_weights(Variant::brazilian) == brazilian);
    CHECK(eval_description(Variant::russian).find("(russian's own), " + own_path) != std::string::npos);
    const Position p = start_position(Variant::russian);
    CHECK(static_eval<rules::Russian>(p) == LearnedEval<rules::Russian>::evaluate(p, own));

    // A family's file then serves all its variants, the one with its own too.
    LearnedWeights family = random_weights(EvalFamily::flying8, 79);
    const std::string family_path = temp_path("flying8.weights");
    write_weights_file(family_path, family);
    use_eval_file(family_path);
    for (const Variant v : {Variant::jamaican, Variant::pool, Variant::russian, Variant::brazilian}) {
        REQUIRE(active_learned_weights(v) != nullptr);
        CHECK(active_learned_weights(v)->checksum == family.checksum);
    }
    CHECK(static_eval<rules::Russian>(p) == LearnedEval<rules::Russian>::evaluate(p, family));
    use_builtin_eval();
    CHECK(active_learned_weights(Variant::jamaican) == jamaican);
    std::remove(own_path.c_str());
    std::remove(family_path.c_str());
}
