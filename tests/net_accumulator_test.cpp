// The network's first layer kept along a path (eval/net_accumulator.hpp)
// equals a rebuild from the pieces, in every flying8 variant: along random
// games whose positions are evaluated now and then (so that an accumulator
// comes from one several plies up), with a sibling entered and evaluated
// at each ply before the game's move (as a search walks a tree), and
// across captures of several pieces and a man crowned in the middle of a
// capture (Russian). And the later layers' two copies agree.

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "eval_choice.hpp"
#include "fen.hpp"
#include "legal_moves.hpp"
#include "net_accumulator.hpp"
#include "net_model.hpp"
#include "test_helpers.hpp"

using namespace yaad;

namespace {

// Compares the kept accumulator and score at `ply` of `path` with a
// rebuild from the pieces.
template <class R>
void check_ply(NetAccumulators<R>& acc, const NetWeights& n, const std::vector<Position>& path, int ply) {
    using I = NetInputs<R>;
    auto position_at = [&](int j) -> const Position& { return path[static_cast<std::size_t>(j)]; };
    const Position& p = path[static_cast<std::size_t>(ply)];
    const std::int32_t kept = acc.raw(ply, n, position_at);
    std::array<std::uint16_t, I::max_active + 8> active;
    std::vector<std::int16_t> rebuilt(static_cast<std::size_t>(n.hidden1));
    net_refresh(n, active.data(), I::active(p, active.data()), rebuilt.data());
    REQUIRE(std::equal(rebuilt.begin(), rebuilt.end(), acc.accumulator(ply, p.side)));
    REQUIRE(kept == NetEval<R>::raw(p, n));
}

// The built-in network of flying8, and a random one whose first layer's
// weights, far larger than a trainer writes, make the 16-bit sums wrap.
std::vector<NetWeights> networks() {
    std::vector<NetWeights> out{*active_network(Variant::jamaican)};
    NetModel m(net_inputs(EvalFamily::flying8), 32, 8, 3);
    m.randomize(5);
    NetWeights wrapping = m.quantize(EvalFamily::flying8, 150);
    Random random(6);
    for (std::int16_t& w : wrapping.w1) w = static_cast<std::int16_t>(static_cast<int>(random.below(60001)) - 30000);
    out.push_back(wrapping);
    return out;
}

}  // namespace

TEST_CASE("network accumulator: kept along random games equals a rebuild at every ply") {
    const std::vector<NetWeights> nets = networks();
    for (const Variant v : all_variants) {
        if (family_of_variant(v) != EvalFamily::flying8) continue;
        visit_variant(v, [&](auto r) {
            using R = decltype(r);
            CAPTURE(variant_name(v));
            Random random(3 + static_cast<std::uint64_t>(v));
            int compared = 0, multiple_captures = 0, crowning_captures = 0;
            for (const NetWeights& n : nets) {
                NetAccumulators<R> acc(201);
                for (const test::RandomGame& game : test::random_games(v, 40 + static_cast<std::uint64_t>(v), 12, 200)) {
                    std::vector<Position> path{game.positions.front()};
                    acc.enter(0);
                    for (std::size_t i = 0; i < game.moves.size(); ++i) {
                        const int ply = static_cast<int>(i) + 1;
                        // A sibling of the game's next position, entered
                        // and evaluated at its ply, then left as a search
                        // leaves a refuted move.
                        const MoveList moves = legal_moves(v, game.positions[i]);
                        Position sibling = game.positions[i];
                        sibling.make(moves[random.below(moves.size())]);
                        path.push_back(sibling);
                        acc.enter(ply);
                        check_ply(acc, n, path, ply);
                        // The game's move, evaluated at one ply in three.
                        path.back() = game.positions[i + 1];
                        acc.enter(ply);
                        if (random.below(3) == 0) check_ply(acc, n, path, ply), ++compared;
                        const Move& m = game.moves[i];
                        multiple_captures += popcount(m.captured) > 1;
                        crowning_captures += m.is_capture() && m.crowns;
                    }
                }
            }
            CHECK(compared > 300);
            CHECK(multiple_captures > 10);
            CHECK(crowning_captures > 0);
        });
    }
}

TEST_CASE("network accumulator: a Russian man crowned in the middle of a capture goes on as a king") {
    using R = rules::Russian;
    const Variant v = Variant::russian;
    // White's man on b6 takes c7, is crowned on d8 and, a king now, takes f6
    // from afar: b6:d8:g5 or b6:d8:h4.
    const Position root = parse_fen(v, "W:Wb6,a1,c1,e1,g1,b2,d2,f2,h2:Bc7,f6,a7,h8");
    const MoveList moves = legal_moves(v, root);
    const auto crowning = std::find_if(moves.begin(), moves.end(), [](const Move& m) { return m.crowns; });
    REQUIRE(crowning != moves.end());
    CHECK(popcount(crowning->captured) == 2);
    Position crowned = root;
    crowned.make(*crowning);
    CHECK(popcount(crowned.kings) == 1);
    const MoveList replies = legal_moves(v, crowned);
    REQUIRE(!replies.empty());
    Position reply = crowned;
    reply.make(replies[0]);
    Position again = reply;
    again.make(legal_moves(v, reply)[0]);
    const std::vector<Position> path{root, crowned, reply, again};
    for (const NetWeights& n : networks()) {
        NetAccumulators<R> acc(8);
        for (int ply = 0; ply < 4; ++ply) acc.enter(ply);
        // White's view at ply 2 comes from ply 0 across the capture (4
        // pieces changed, 11 left) and Black's reply; Black's at ply 3 from
        // ply 1, just after the capture.
        check_ply(acc, n, path, 0);
        check_ply(acc, n, path, 2);
        check_ply(acc, n, path, 1);
        check_ply(acc, n, path, 3);
    }
}

TEST_CASE("network output: the copy chosen for this CPU gives the plain loops' numbers") {
    // Four outputs at a time and a remainder (hidden2 6), several buckets.
    NetModel m(net_inputs(EvalFamily::flying8), 32, 6, 3);
    m.randomize(9);
    for (float& x : m.p) x *= 3;
    m.clip();
    std::vector<NetWeights> nets = networks();
    nets.push_back(m.quantize(EvalFamily::flying8, 150));
    using I = NetInputs<rules::Jamaican>;
    int compared = 0;
    for (const NetWeights& n : nets) {
        for (const Position& p : test::random_positions(Variant::jamaican, 17, 10, 150)) {
            std::array<std::uint16_t, I::max_active + 8> active;
            std::vector<std::int16_t> acc(static_cast<std::size_t>(n.hidden1));
            net_refresh(n, active.data(), I::active(p, active.data()), acc.data());
            for (int bucket = 0; bucket < n.buckets; ++bucket) {
                REQUIRE(net_output(n, acc.data(), bucket) == net_output_portable(n, acc.data(), bucket));
                ++compared;
            }
        }
    }
    CHECK(compared > 1000);
}
