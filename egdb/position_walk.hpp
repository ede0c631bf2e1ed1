#pragma once
// The positions of a range of indices, in order, for the builder's passes
// over every position (issue 12). Decoding each index alone unranks all four
// sets of pieces; consecutive indices mostly differ only in the black kings,
// so here the men are unranked once per run of king sets (and a run whose
// men collide is skipped whole) and the kings step on to the next set.

#include <algorithm>
#include <cstdint>

#include "geometry.hpp"
#include "material.hpp"
#include "position.hpp"
#include "slice_index.hpp"

namespace yaad::egdb {

// The set after `set` among the sets of as many squares of `place`, in the
// colex order of the numbering (slice_index.hpp): a set's colex rank orders
// sets as their bitboards' values do, so this is the next larger bitboard
// with as many squares of `place`. `set` must not be the last.
inline Bitboard next_set(Bitboard set, Bitboard place) {
    // Adding the lowest square carries through the squares of `set` (and
    // the squares outside `place`) above it, up to the first free square
    // of `place`, which the carry takes.
    Bitboard next = ((set | ~place) + (set & (0 - set))) & place;
    // The squares carried away, less the one taken, go to the lowest
    // squares of `place`: all below the one taken.
    for (int lost = popcount(set) - popcount(next); lost > 0; --lost, place &= place - 1) next |= place & (0 - place);
    return next;
}

// The first set of k squares of `place` in that order: its k lowest.
inline Bitboard first_set(int k, Bitboard place) {
    Bitboard set = 0;
    for (; k > 0; --k, place &= place - 1) set |= place & (0 - place);
    return set;
}

// Calls f(i, p) for each index i in [begin, end) of `index` (a SliceIndex
// or a SubSlice) that holds a position p, in order. The key is left unset.
template <int N, class Index, class F>
void for_each_position(const Index& index, std::uint64_t begin, std::uint64_t end, F&& f) {
    const std::uint64_t half = index.half(), run = index.king_sets(), black_sets = index.black_king_sets();
    const Material& m = index.material();
    Position p;
    for (std::uint64_t i = begin; i < end;) {
        const bool black = i >= half;
        const std::uint64_t in_half = black ? i - half : i;
        const std::uint64_t kings = in_half % run;
        const std::uint64_t run_end = std::min(end, i - kings + run);
        Bitboard wm, bm;
        if (!index.men(in_half / run, wm, bm)) {
            i = run_end;
            continue;
        }
        p.side = black ? Color::black : Color::white;
        const Bitboard free = Geometry<N>::board & ~(wm | bm);
        std::uint64_t black_rank = kings % black_sets;
        Bitboard wk = SliceIndex<N>::unrank(kings / black_sets, m.white_kings, free);
        Bitboard bk = SliceIndex<N>::unrank(black_rank, m.black_kings, free & ~wk);
        for (;;) {
            p.pieces = {wm | wk, bm | bk};
            p.kings = wk | bk;
            f(i, static_cast<const Position&>(p));
            if (++i == run_end) break;
            if (++black_rank < black_sets) {
                bk = next_set(bk, free & ~wk);
            } else {
                black_rank = 0;
                wk = next_set(wk, free);
                bk = first_set(m.black_kings, free & ~wk);
            }
        }
    }
}

// Positions decoded by index, in increasing order with gaps (the builder's
// layers of positions settled at one ply): the men and the white kings are
// unranked again only when they change.
template <int N, class Index>
class OrderedDecoder {
public:
    explicit OrderedDecoder(const Index& index) : index_(index) {}

    // As Index::position(i, p).
    bool position(std::uint64_t i, Position& p) {
        const std::uint64_t half = index_.half();
        p.side = i >= half ? Color::black : Color::white;
        if (i >= half) i -= half;
        const std::uint64_t black_sets = index_.black_king_sets(), run = index_.king_sets();
        if (const std::uint64_t men = i / run; men != men_) {
            men_ = men;
            valid_ = index_.men(men, white_men_, black_men_);
        }
        if (!valid_) return false;
        const Material& m = index_.material();
        const Bitboard free = Geometry<N>::board & ~(white_men_ | black_men_);
        const std::uint64_t kings = i % run;
        if (const std::uint64_t white = i / black_sets; white != white_) {
            white_ = white;
            white_kings_ = SliceIndex<N>::unrank(kings / black_sets, m.white_kings, free);
        }
        const Bitboard bk = SliceIndex<N>::unrank(kings % black_sets, m.black_kings, free & ~white_kings_);
        p.pieces = {white_men_ | white_kings_, black_men_ | bk};
        p.kings = white_kings_ | bk;
        return true;
    }

private:
    const Index& index_;
    // The last men decoded, and the last white kings (by men and kings).
    std::uint64_t men_ = ~std::uint64_t{0}, white_ = ~std::uint64_t{0};
    Bitboard white_men_ = 0, black_men_ = 0, white_kings_ = 0;
    bool valid_ = false;
};

}  // namespace yaad::egdb
