#pragma once
// A slice's positions split by the row of each side's most advanced man
// (issue 12), so that a slice is built a part at a time with less memory.
// A quiet move never takes a man backwards, so from the sub-slice whose
// leading men stand on rows (w, b), each counted from its own side, a
// quiet move leads only to sub-slices (w' >= w, b' >= b). Solved from the
// most advanced leading rows down, each sub-slice needs besides itself
// only sub-slices solved before.
//
// The numbering here is the sub-slice's own, used only while building: the
// slice file keeps the whole slice's numbering (slice_index.hpp), so a
// file does not depend on how it was built.

#include <cstdint>
#include <utility>
#include <vector>

#include "geometry.hpp"
#include "material.hpp"
#include "position.hpp"
#include "slice_index.hpp"

namespace yaad::egdb {

template <int N>
class SubSlice {
    using G = Geometry<N>;
    using Whole = SliceIndex<N>;

public:
    // Retrograde<> asks which moves stay inside: some quiet moves leave.
    static constexpr bool whole = false;
    // The leading row of a side without men.
    static constexpr int no_men = -1;

    // The row, counted from c's own side, of c's most advanced man.
    static int lead(const Position& p, Color c) {
        const Bitboard men = p.men(c);
        if (!men) return no_men;
        return c == Color::white ? G::y_of(highest(men)) : N - 1 - G::y_of(lowest(men));
    }

    // The non-empty sub-slices of m, (white's leading row, black's), in
    // build order: every sub-slice after all those its quiet moves reach.
    static std::vector<std::pair<int, int>> order(const Material& m) {
        auto rows = [](int men) {
            std::vector<int> r;
            if (men == 0) r.push_back(no_men);
            for (int y = N - 2; men > 0 && y >= 0; --y)
                if (sets(men, y) > 0) r.push_back(y);
            return r;
        };
        std::vector<std::pair<int, int>> out;
        for (const int w : rows(m.white_men))
            for (const int b : rows(m.black_men)) out.emplace_back(w, b);
        return out;
    }

    SubSlice(const Material& m, int white_lead, int black_lead) : m_(m), lead_{white_lead, black_lead} {
        const int men[2] = {m.white_men, m.black_men};
        for (int c = 0; c < 2; ++c) {
            men_sets_[c] = lead_[c] == no_men ? 1 : sets(men[c], lead_[c]);
            first_[c] = lead_[c] == no_men ? 0 : Whole::choose(lead_[c] * per_row, men[c]);
        }
        white_king_sets_ = Whole::choose(Whole::squares - m.men(), m.white_kings);
        black_king_sets_ = Whole::choose(Whole::squares - m.men() - m.white_kings, m.black_kings);
        half_ = men_sets_[0] * men_sets_[1] * white_king_sets_ * black_king_sets_;
    }

    std::uint64_t size() const { return 2 * half_; }

    // Whether p, which holds the slice's material, is in this sub-slice.
    bool contains(const Position& p) const {
        return lead(p, Color::white) == lead_[0] && lead(p, Color::black) == lead_[1];
    }

    // The index of p, which must be in this sub-slice.
    std::uint64_t index(const Position& p) const {
        const Bitboard men = p.occupied() & ~p.kings;
        const Bitboard white_kings = p.kings_of(Color::white);
        std::uint64_t i = rank_white_men(p.men(Color::white)) - first_[0];
        i = i * men_sets_[1] + rank_black_men(p.men(Color::black)) - first_[1];
        i = i * white_king_sets_ + Whole::rank(white_kings, Whole::tables.dark_index, men);
        i = i * black_king_sets_ + Whole::rank(p.kings_of(Color::black), Whole::tables.dark_index, men | white_kings);
        return (p.side == Color::black ? half_ : 0) + i;
    }

    // The position with index i, or false where the men of both sides
    // would share a square. The key is left unset.
    bool position(std::uint64_t i, Position& p) const { return Whole::decode(*this, i, p); }

    // Laid out as the whole slice's numbering is (SliceIndex::half() and
    // on), with the same numbering of the kings: a run of king_sets()
    // indices here, with one set of men, is a run of the whole slice's.
    const Material& material() const { return m_; }
    std::uint64_t half() const { return half_; }
    std::uint64_t white_king_sets() const { return white_king_sets_; }
    std::uint64_t black_king_sets() const { return black_king_sets_; }
    std::uint64_t king_sets() const { return white_king_sets_ * black_king_sets_; }

    bool men(std::uint64_t men_set, Bitboard& white, Bitboard& black) const {
        white = Whole::unrank(men_set / men_sets_[1] + first_[0], m_.white_men, Whole::men_board(Color::white));
        black = unrank_black_men(men_set % men_sets_[1] + first_[1], m_.black_men);
        return !(white & black);
    }

private:
    static constexpr int per_row = N / 2;

    // Sets of k men of one side with the most advanced on row `lead`: the
    // colex ranks, in the side's order of advance, from C(lead * per_row,
    // k) up to C((lead + 1) * per_row, k).
    static std::uint64_t sets(int k, int lead) {
        return Whole::choose((lead + 1) * per_row, k) - Whole::choose(lead * per_row, k);
    }

    // White advances towards higher squares: the whole slice's order.
    static std::uint64_t rank_white_men(Bitboard set) { return Whole::rank(set, Whole::tables.men_index[0], 0); }

    // Black advances towards lower squares: its order of advance counts
    // the squares a black man may stand on from the top down.
    static std::uint64_t rank_black_men(Bitboard set) {
        std::uint64_t r = 0;
        for (int k = popcount(set); set; set &= set - 1, --k)
            r += Whole::choose(Whole::men_squares - 1 - Whole::tables.men_index[1][lowest(set)], k);
        return r;
    }

    static Bitboard unrank_black_men(std::uint64_t r, int k) {
        // Numbered from the top down, the squares are walked from the
        // bottom up: `place` keeps those numbered 0 to c, c the lowest.
        Bitboard place = Whole::men_board(Color::black), set = 0;
        for (int c = popcount(place) - 1; k >= 1; --k, --c) {
            for (; Whole::choose(c, k) > r; --c) place &= place - 1;
            r -= Whole::choose(c, k);
            const Bitboard square = place & (0 - place);
            set |= square;
            place ^= square;
        }
        return set;
    }

    Material m_;
    int lead_[2];
    std::uint64_t men_sets_[2] = {1, 1}, first_[2] = {0, 0};
    std::uint64_t white_king_sets_ = 1, black_king_sets_ = 1, half_ = 0;
};

}  // namespace yaad::egdb
