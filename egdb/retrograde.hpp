#pragma once
// Retrograde analysis of one slice: the value of each of its positions
// with the distance in plies under best play (the winner hurries, the
// loser resists). Moves that leave the slice (captures, crownings) are
// valued by the caller's `External` function from slices built before;
// the distance it gives is what such a move adds besides its own ply (0
// where the distance counts to the next conversion, the child's distance
// where it counts to the game's end).
//
// Forward moves come from the engine's move generator, so every capture
// rule of every variant is exact by construction; only quiet moves are
// played backwards (unmoves.hpp). The positions solved are those of an
// index: a whole slice (slice_index.hpp) or a sub-slice (sub_slice.hpp),
// out of which some quiet moves lead too; those the caller values as well. A position is won in n plies once a
// successor is lost in n - 1; lost in n once every successor is won, the
// slowest in n - 1 (a counter of successors not yet known to be won).
// Layer n is settled completely before layer n + 1.
//
// verify() then checks every position against its successors, forwards
// only: with correct values at the slice's borders this proves the values
// (a wrong one would break the check at the first step of some line).

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "movegen.hpp"
#include "position_walk.hpp"
#include "slice_index.hpp"
#include "unmoves.hpp"
#include "value_code.hpp"

namespace yaad::egdb {

using External = std::function<Value(const Position&)>;
// Called with each batch of positions a pass has done (from any thread).
using Tick = std::function<void(std::uint64_t)>;

// Runs body(begin, end) over [0, n) in chunks on `threads` threads.
inline void parallel_chunks(std::uint64_t n, int threads, const std::function<void(std::uint64_t, std::uint64_t)>& body) {
    constexpr std::uint64_t chunk = 1 << 14;
    std::atomic<std::uint64_t> next{0};
    auto work = [&] {
        for (std::uint64_t b; (b = next.fetch_add(chunk)) < n;) body(b, std::min(n, b + chunk));
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back(work);
    work();
    for (auto& h : helpers) h.join();
}

// Which of two values is better for the side to move: a win, sooner; a
// draw; a loss, later.
inline bool better(Value a, Value b) {
    if (a.result != b.result) return a.result > b.result;
    if (a.result == Wdl::win) return a.plies < b.plies;
    if (a.result == Wdl::loss) return a.plies > b.plies;
    return false;
}

// The value of a move to a position worth v to the other side.
inline Value after_move(Value v) {
    if (v.result == Wdl::draw) return {};
    return {v.result == Wdl::win ? Wdl::loss : Wdl::win, v.plies + 1};
}

template <class R, class Index = SliceIndex<R::board_size>>
class Retrograde {
public:
    Retrograde(const Index& index, int threads, Tick tick)
        : index_(index), threads_(std::max(1, threads)), tick_(std::move(tick)) {}

    void solve(const External& external) {
        cells_.assign(index_.size(), Cell{});
        // The positions settled at the last ply and at this one, as bitmaps:
        // walked in order, their cells and numbering are read in order too
        // (within a ply the order does not change any value).
        Layer frontier(index_.size()), next(index_.size());
        std::atomic<std::uint64_t> lost{0};
        parallel_chunks(index_.size(), threads_, [&](std::uint64_t begin, std::uint64_t end) {
            // Indices without a position stay so; the walk leaves them out.
            for (std::uint64_t i = begin; i < end; ++i) cells_[i].state = invalid;
            std::uint64_t here = 0;
            // Chunks are whole words of the bitmap: no two threads share one.
            for_each_position<R::board_size>(index_, begin, end, [&](std::uint64_t i, const Position& p) {
                if (init(i, p, external)) frontier.set(i), ++here;
            });
            lost += here;
            tick_(end - begin);
        });
        frontier.count = lost;
        for (std::uint64_t i = 0; i < cells_.size(); ++i) {
            const Cell& c = cells_[i];
            if (c.state & pending) schedule(scheduled_losses_, c.ext_loss, i);
            if ((c.state & decided) == undecided && c.ext_win != none) schedule(scheduled_wins_, c.ext_win, i);
        }

        OrderedDecoder<R::board_size, Index> decoder(index_);
        for (int n = 1; frontier.count > 0 || n < static_cast<int>(std::max(scheduled_wins_.size(), scheduled_losses_.size())); ++n) {
            frontier.take([&](std::uint64_t q) {
                Position pq;
                decoder.position(q, pq);
                const bool lost = (cells_[q].state & decided) == loss;
                for_each_quiet_predecessor<R>(pq, [&](const Position& pp) {
                    if (!index_.contains(pp)) return;
                    const std::uint64_t i = index_.index(pp);
                    Cell& c = cells_[i];
                    if ((c.state & decided) != undecided) return;
                    if (lost) {
                        settle(c, win, n, next, i);
                    } else if (--c.counter == 0 && c.ext_win == none && !(c.state & draw_exit)) {
                        const int at = std::max<int>(n, c.ext_loss);
                        if (at == n) {
                            settle(c, loss, n, next, i);
                        } else {
                            c.state |= pending;
                            schedule(scheduled_losses_, c.ext_loss, i);
                        }
                    }
                });
            });
            // Moves out of the index that decide at n: a win now if not
            // already one, a loss if every other move is known to lose.
            if (n < static_cast<int>(scheduled_wins_.size())) {
                for (const std::uint32_t i : scheduled_wins_[n])
                    if ((cells_[i].state & decided) == undecided) settle(cells_[i], win, n, next, i);
                std::vector<std::uint32_t>().swap(scheduled_wins_[n]);
            }
            if (n < static_cast<int>(scheduled_losses_.size())) {
                for (const std::uint32_t i : scheduled_losses_[n])
                    if ((cells_[i].state & decided) == undecided) settle(cells_[i], loss, n, next, i);
                std::vector<std::uint32_t>().swap(scheduled_losses_[n]);
            }
            std::swap(frontier, next);
        }
    }

    // The first position whose value does not follow from its successors'
    // values, as a message; empty when there is none.
    std::string verify(const External& external) const {
        std::mutex found;
        std::string error;
        parallel_chunks(index_.size(), threads_, [&](std::uint64_t begin, std::uint64_t end) {
            MoveList list;
            for_each_position<R::board_size>(index_, begin, end, [&](std::uint64_t i, const Position& p) {
                Movegen<R>::generate(p, list);
                Value best{Wdl::loss, 0};
                for (std::size_t k = 0; k < list.size(); ++k) {
                    const Move& m = list[k];
                    Position q = p;
                    q.template make<false>(m);
                    Value child;
                    if (!q.of(q.side))
                        child = {Wdl::loss, 0};
                    else if (!m.is_capture() && !m.crowns && index_.contains(q))
                        child = value(index_.index(q));
                    else
                        child = external(q);
                    const Value v = after_move(child);
                    if (k == 0 || better(v, best)) best = v;
                }
                if (best != value(i)) {
                    std::lock_guard lock(found);
                    if (error.empty()) error = "position " + std::to_string(i) + " does not agree with its successors";
                }
            });
            tick_(end - begin);
        });
        return error;
    }

    Value value(std::uint64_t i) const {
        const Cell& c = cells_[i];
        switch (c.state & decided) {
            case win: return {Wdl::win, c.plies};
            case loss: return {Wdl::loss, c.plies};
            default: return {};
        }
    }

    void release() { std::vector<Cell>().swap(cells_); }

private:
    static constexpr std::uint8_t undecided = 0, win = 1, loss = 2, invalid = 3, decided = 3;
    static constexpr std::uint8_t draw_exit = 4, pending = 8;
    static constexpr std::uint16_t none = 0xffff;

    struct Cell {
        std::uint16_t plies = 0;
        std::uint16_t ext_win = none;  // the fastest win by a move out of the slice
        std::uint16_t ext_loss = 0;    // the slowest loss by a move out of the slice
        std::uint8_t counter = 0;      // moves within the slice not yet known to lose
        std::uint8_t state = undecided;
    };

    // Sets up position i, p, from its moves; true if it is lost at once.
    bool init(std::uint64_t i, const Position& p, const External& external) {
        Cell& c = cells_[i];
        c.state = undecided;
        MoveList list;
        Movegen<R>::generate(p, list);
        if (list.empty()) {
            c.state = loss;
            return true;
        }
        for (const Move& m : list) {
            const bool quiet = !m.is_capture() && !m.crowns;
            if (quiet && Index::whole) {
                ++c.counter;
                continue;
            }
            Position q = p;
            q.template make<false>(m);
            if (quiet && index_.contains(q)) {
                ++c.counter;
                continue;
            }
            const Value v = after_move(q.of(q.side) ? external(q) : Value{Wdl::loss, 0});
            if (v.result == Wdl::win)
                c.ext_win = static_cast<std::uint16_t>(std::min<int>(c.ext_win, v.plies));
            else if (v.result == Wdl::loss)
                c.ext_loss = static_cast<std::uint16_t>(std::max<int>(c.ext_loss, v.plies));
            else
                c.state |= draw_exit;
        }
        if (c.counter == 0 && c.ext_win == none && !(c.state & draw_exit)) c.state |= pending;
        return false;
    }

    // A set of positions, one bit each.
    struct Layer {
        std::vector<std::uint64_t> bits;
        std::uint64_t count = 0;

        explicit Layer(std::uint64_t n) : bits((n + 63) / 64) {}
        void set(std::uint64_t i) { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
        // Calls f(i) for each position in order and empties the set.
        template <class F>
        void take(F&& f) {
            if (count == 0) return;
            for (std::uint64_t w = 0; w < bits.size(); ++w)
                for (std::uint64_t b = std::exchange(bits[w], 0); b; b &= b - 1) f(64 * w + lowest(b));
            count = 0;
        }
    };

    void settle(Cell& c, std::uint8_t result, int n, Layer& next, std::uint64_t i) {
        c.state = static_cast<std::uint8_t>((c.state & ~(decided | pending)) | result);
        c.plies = static_cast<std::uint16_t>(n);
        next.set(i);
        ++next.count;
    }

    // Positions to settle at ply n, in lists by n: a scan of every cell
    // for each n would cost the slice's size times its longest distance,
    // and moves out of a sub-slice have distances of every length.
    static void schedule(std::vector<std::vector<std::uint32_t>>& v, int n, std::uint64_t i) {
        if (static_cast<int>(v.size()) <= n) v.resize(static_cast<std::size_t>(n) + 1);
        v[static_cast<std::size_t>(n)].push_back(static_cast<std::uint32_t>(i));
    }

    const Index& index_;
    int threads_;
    Tick tick_;
    std::vector<Cell> cells_;
    std::vector<std::vector<std::uint32_t>> scheduled_wins_, scheduled_losses_;
};

}  // namespace yaad::egdb
