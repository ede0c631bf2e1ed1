#pragma once
// The one numbering of a slice's positions, shared by the builder, the
// verifier and the prober. Each kind of piece is a set of squares ranked in
// the combinatorial number system: white men among the squares a white man
// may stand on (all but White's crowning row), black men likewise, white
// kings among the squares the men leave free, black kings among those the
// white kings leave. Only the two sets of men may collide, so the numbering
// is dense but for those few indices, which hold no position. Black to
// move follows all of White to move.

#include <array>
#include <cstdint>

#include "geometry.hpp"
#include "material.hpp"
#include "position.hpp"

namespace yaad::egdb {

template <int N>
class SliceIndex {
    using G = Geometry<N>;

public:
    static constexpr int squares = G::squares;
    static constexpr int men_squares = squares - N / 2;

    explicit SliceIndex(const Material& m) : m_(m) {
        white_men_sets_ = choose(men_squares, m.white_men);
        black_men_sets_ = choose(men_squares, m.black_men);
        white_king_sets_ = choose(squares - m.men(), m.white_kings);
        black_king_sets_ = choose(squares - m.men() - m.white_kings, m.black_kings);
        half_ = white_men_sets_ * black_men_sets_ * white_king_sets_ * black_king_sets_;
    }

    const Material& material() const { return m_; }
    std::uint64_t size() const { return 2 * half_; }

    // Retrograde<> asks which moves stay inside: every quiet move does.
    static constexpr bool whole = true;
    bool contains(const Position&) const { return true; }

    // The index of p, which must hold this slice's material.
    std::uint64_t index(const Position& p) const {
        const Bitboard men = p.occupied() & ~p.kings;
        const Bitboard white_kings = p.kings_of(Color::white);
        std::uint64_t i = rank(p.men(Color::white), tables.men_index[0], 0);
        i = i * black_men_sets_ + rank(p.men(Color::black), tables.men_index[1], 0);
        i = i * white_king_sets_ + rank(white_kings, tables.dark_index, men);
        i = i * black_king_sets_ + rank(p.kings_of(Color::black), tables.dark_index, men | white_kings);
        return (p.side == Color::black ? half_ : 0) + i;
    }

    // The position with index i, or false where no position has it (the
    // men of both sides on one square). The key is left unset.
    bool position(std::uint64_t i, Position& p) const {
        p.side = i >= half_ ? Color::black : Color::white;
        if (i >= half_) i -= half_;
        const std::uint64_t black_kings = i % black_king_sets_;
        i /= black_king_sets_;
        const std::uint64_t white_kings = i % white_king_sets_;
        i /= white_king_sets_;
        const Bitboard wm = unrank(i / black_men_sets_, m_.white_men, men_board(Color::white));
        const Bitboard bm = unrank(i % black_men_sets_, m_.black_men, men_board(Color::black));
        if (wm & bm) return false;
        const Bitboard wk = unrank(white_kings, m_.white_kings, G::board & ~(wm | bm));
        const Bitboard bk = unrank(black_kings, m_.black_kings, G::board & ~(wm | bm | wk));
        p.pieces = {wm | wk, bm | bk};
        p.kings = wk | bk;
        return true;
    }

    // The numbering's parts, shared with the sub-slices (sub_slice.hpp).
    static constexpr int max_n = 51;
    static constexpr int max_k = max_kind;

    struct Tables {
        std::array<std::array<std::uint64_t, max_k + 1>, max_n + 1> choose{};
        std::array<int, 64> dark_index{};
        // By colour: where a man may stand (not on its own crowning row).
        std::array<std::array<int, 64>, 2> men_index{};
    };

    static constexpr Tables tables = [] {
        Tables t{};
        for (int n = 0; n <= max_n; ++n) {
            t.choose[n][0] = 1;
            for (int k = 1; k <= max_k; ++k) t.choose[n][k] = n == 0 ? 0 : t.choose[n - 1][k - 1] + t.choose[n - 1][k];
        }
        int dark = 0;
        std::array<int, 2> men{};
        for (Square s = 0; s < 64; ++s) {
            if (!(G::board & bit(s))) continue;
            t.dark_index[s] = dark++;
            for (const Color c : {Color::white, Color::black}) {
                if (G::crowning_row(c) & bit(s)) continue;
                t.men_index[yaad::index(c)][s] = men[yaad::index(c)]++;
            }
        }
        return t;
    }();

    static constexpr Bitboard men_board(Color c) { return G::board & ~G::crowning_row(c); }

    static constexpr std::uint64_t choose(int n, int k) {
        return k < 0 || k > n ? 0 : tables.choose[n][k];
    }

    // The colex rank of `set`, each square counted by its place among the
    // squares of `place` that are not in `skip`.
    static std::uint64_t rank(Bitboard set, const std::array<int, 64>& place, Bitboard skip) {
        std::uint64_t r = 0;
        int k = 0;
        for (; set; set &= set - 1) {
            const Square s = lowest(set);
            r += choose(place[s] - popcount(skip & (bit(s) - 1)), ++k);
        }
        return r;
    }

    // The c-th (from 0) set bit of m.
    static Square select(Bitboard m, int c) {
        Square base = 0;
        for (int low; (low = popcount(m & 0xff)) <= c; m >>= 8, base += 8) c -= low;
        for (; c > 0; --c) m &= m - 1;
        return base + lowest(m);
    }

    // The set of k squares of `place` with colex rank r.
    static Bitboard unrank(std::uint64_t r, int k, Bitboard place) {
        Bitboard set = 0;
        for (int c = popcount(place) - 1; k >= 1; --k, --c) {
            while (choose(c, k) > r) --c;
            r -= choose(c, k);
            set |= bit(select(place, c));
        }
        return set;
    }

private:
    Material m_;
    std::uint64_t white_men_sets_ = 1, black_men_sets_ = 1, white_king_sets_ = 1, black_king_sets_ = 1, half_ = 0;
};

}  // namespace yaad::egdb
