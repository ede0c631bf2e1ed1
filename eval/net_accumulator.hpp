#pragma once
// The network's first layer kept along a search's path, so that a node
// evaluated after its parent or grandparent sums only the columns of the
// pieces that moved, were taken or were crowned, not those of every piece.
//
// The inputs are seen from the side to move (net_features.hpp), which
// changes at every ply, so each ply keeps an accumulator for each view,
// each computed only when a node of that view is evaluated. A node's
// accumulator comes from the nearest ancestor whose accumulator of the
// same view is computed: the inputs of a fixed view are just the pieces,
// so the difference between the two positions (whatever moves led from one
// to the other, a capture of several pieces or a man crowned on its way)
// gives the columns to take away and to add. When that difference is no
// smaller than the pieces on the board, a rebuild is cheaper and is done
// instead. Sums wrap at 16 bits, so either way the bits are those of a
// rebuild (net_forward.cpp), and the score is the same number.

#include <array>
#include <cstdint>
#include <vector>

#include "net_eval.hpp"

namespace yaad {

template <class R>
class NetAccumulators {
    using I = NetInputs<R>;

public:
    // For the plies 0 to plies - 1 of a path.
    explicit NetAccumulators(int plies) : computed_(static_cast<std::size_t>(plies)) {}

    // The position at `ply` is new (a root, or a move played from the ply
    // before): nothing of it is computed yet.
    void enter(int ply) { computed_[static_cast<std::size_t>(ply)] = 0; }

    // The output before scaling (NetEval::raw) of the position at `ply`;
    // position_at(j) is the path's position at ply j, for every j <= ply
    // entered since the root.
    template <class PositionAt>
    std::int32_t raw(int ply, const NetWeights& n, const PositionAt& position_at) {
        if (&n != net_) use(n);
        const Position& p = position_at(ply);
        const int view = index(p.side);
        if (!(computed_[static_cast<std::size_t>(ply)] & (1 << view))) {
            compute(ply, view, p, position_at);
            computed_[static_cast<std::size_t>(ply)] |= static_cast<std::uint8_t>(1 << view);
        }
        return net_output(n, slot(ply, view), net_bucket(popcount(p.occupied()), n.buckets, I::max_active));
    }

    // The accumulator `raw` used at `ply` for the side to move there, for
    // the tests to compare with a rebuild.
    const std::int16_t* accumulator(int ply, Color side) { return slot(ply, index(side)); }

private:
    struct alignas(32) Block {
        std::array<std::int16_t, net_hidden1_step> sums;
    };

    void use(const NetWeights& n) {
        net_ = &n;
        blocks_ = n.hidden1 / net_hidden1_step;
        storage_.assign(computed_.size() * 2 * static_cast<std::size_t>(blocks_), Block{});
        std::fill(computed_.begin(), computed_.end(), std::uint8_t{0});
    }

    std::int16_t* slot(int ply, int view) {
        return storage_[(static_cast<std::size_t>(ply) * 2 + static_cast<std::size_t>(view)) *
                        static_cast<std::size_t>(blocks_)]
            .sums.data();
    }

    template <class PositionAt>
    void compute(int ply, int view, const Position& p, const PositionAt& position_at) {
        std::int16_t* acc = slot(ply, view);
        int from = ply - 1;
        while (from >= 0 && !(computed_[static_cast<std::size_t>(from)] & (1 << view))) --from;
        if (from >= 0) {
            const Position& q = position_at(from);
            // Men and kings of each colour, before and now.
            const std::array<Bitboard, 4> before = {q.men(Color::white), q.kings_of(Color::white),
                                                    q.men(Color::black), q.kings_of(Color::black)};
            const std::array<Bitboard, 4> now = {p.men(Color::white), p.kings_of(Color::white),
                                                 p.men(Color::black), p.kings_of(Color::black)};
            int changes = 0;
            for (int k = 0; k < 4; ++k) changes += popcount(before[k] ^ now[k]);
            if (changes < popcount(p.occupied())) {
                std::array<std::uint16_t, 2 * I::max_active> removed, added;
                int removed_count = 0, added_count = 0;
                for (int k = 0; k < 4; ++k) {
                    const Color c = k < 2 ? Color::white : Color::black;
                    const bool king = k & 1;
                    removed_count += I::inputs(view, c, king, before[k] & ~now[k], removed.data() + removed_count);
                    added_count += I::inputs(view, c, king, now[k] & ~before[k], added.data() + added_count);
                }
                net_update(*net_, slot(from, view), acc, removed.data(), removed_count, added.data(), added_count);
                return;
            }
        }
        std::array<std::uint16_t, I::max_active + 8> active;
        net_refresh(*net_, active.data(), I::active(p, view, active.data()), acc);
    }

    const NetWeights* net_ = nullptr;
    int blocks_ = 0;
    std::vector<Block> storage_;         // [ply][view][hidden1]
    std::vector<std::uint8_t> computed_;  // per ply, bit `view` set when computed
};

}  // namespace yaad
