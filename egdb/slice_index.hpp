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
    bool position(std::uint64_t i, Position& p) const { return decode(*this, i, p); }

    // The parts of the numbering that for_each_position() (position_walk.hpp)
    // and decode() walk: per side to move, `half()` indices, each a set of
    // men (`men()`) followed by a run of `king_sets()` sets of kings.
    std::uint64_t half() const { return half_; }
    std::uint64_t white_king_sets() const { return white_king_sets_; }
    std::uint64_t black_king_sets() const { return black_king_sets_; }
    std::uint64_t king_sets() const { return white_king_sets_ * black_king_sets_; }

    // The men of set number `men_set`; false where the two sides' men share a square.
    bool men(std::uint64_t men_set, Bitboard& white, Bitboard& black) const {
        white = unrank(men_set / black_men_sets_, m_.white_men, men_board(Color::white));
        black = unrank(men_set % black_men_sets_, m_.black_men, men_board(Color::black));
        return !(white & black);
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

    // The set of k squares of `place` with colex rank r.
    static Bitboard unrank(std::uint64_t r, int k, Bitboard place) {
        // `place` keeps the squares numbered 0 to c, so square c is its
        // highest: walking c down walks the squares down with it.
        Bitboard set = 0;
        for (int c = popcount(place) - 1; k >= 1; --k, --c) {
            for (; choose(c, k) > r; --c) place ^= bit(highest(place));
            r -= choose(c, k);
            const Bitboard square = bit(highest(place));
            set |= square;
            place ^= square;
        }
        return set;
    }

    // The position with index i of a numbering laid out as this one is
    // (this class's or a sub-slice's), or false where it has none.
    template <class Index>
    static bool decode(const Index& index, std::uint64_t i, Position& p) {
        const std::uint64_t half = index.half();
        p.side = i >= half ? Color::black : Color::white;
        if (i >= half) i -= half;
        const std::uint64_t black_kings = i % index.black_king_sets();
        i /= index.black_king_sets();
        const std::uint64_t white_kings = i % index.white_king_sets();
        i /= index.white_king_sets();
        Bitboard wm, bm;
        if (!index.men(i, wm, bm)) return false;
        const Material& m = index.material();
        const Bitboard wk = unrank(white_kings, m.white_kings, G::board & ~(wm | bm));
        const Bitboard bk = unrank(black_kings, m.black_kings, G::board & ~(wm | bm | wk));
        p.pieces = {wm | wk, bm | bk};
        p.kings = wk | bk;
        return true;
    }

private:
    Material m_;
    std::uint64_t white_men_sets_ = 1, black_men_sets_ = 1, white_king_sets_ = 1, black_king_sets_ = 1, half_ = 0;
};

}  // namespace yaad::egdb
