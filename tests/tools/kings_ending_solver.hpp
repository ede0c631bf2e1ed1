#pragma once
// An exact solver for endings of kings only, for tests: every position of a
// material class and of every class its captures lead to, valued for the
// side to move with the plies to the game's end under best play (the winner
// hurries, the loser resists), both without the counting rules of RULES.md
// §4 and with any number of plies left before they draw.
//
// It works forwards over successor lists made by the engine's move
// generator: a value within d plies from the values within d - 1 plies.
// Slower than retrograde analysis and much simpler; it shares nothing with
// the search or an endgame database builder but the move generator, which
// perft checks, and DrawCounters, which the game tests check.

#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "draw_rules.hpp"
#include "geometry.hpp"
#include "movegen.hpp"
#include "position.hpp"

namespace yaad::test {

struct SolvedValue {
    std::int8_t result = 0;   // +1: the side to move wins; -1: it loses; 0: draw
    std::uint8_t plies = 0;  // to the game's end, for a win or a loss

    bool win() const { return result > 0; }
    bool loss() const { return result < 0; }
    bool draw() const { return result == 0; }
    friend bool operator==(const SolvedValue&, const SolvedValue&) = default;

    // Which is better for the side to move: a win, sooner; a draw; a loss,
    // later.
    static bool better(SolvedValue a, SolvedValue b) {
        if (a.result != b.result) return a.result > b.result;
        if (a.result > 0) return a.plies < b.plies;
        if (a.result < 0) return a.plies > b.plies;
        return false;
    }
};

template <class R>
class KingsEndingSolver {
    using G = Geometry<R::board_size>;
    static constexpr int squares = G::squares;

public:
    // Solves white_kings against black_kings and every ending below it.
    KingsEndingSolver(int white_kings, int black_kings) {
        if (white_kings < 1 || black_kings < 1 || white_kings + black_kings > 5)
            throw std::invalid_argument("kings-only endings of 2 to 5 pieces, each side with one at least");
        for (int total = 2; total <= white_kings + black_kings; ++total)
            for (int w = 1; w <= white_kings; ++w) {
                const int b = total - w;
                if (b >= 1 && b <= black_kings) solve(w, b);
            }
    }

    // The value without the counting rules.
    SolvedValue value(const Position& p) const {
        const Material& m = material(p);
        return m.plain[index_of(m, p)];
    }

    // The value when a counting rule draws after `plies_left` more plies
    // (DrawCounters: the nearer of the two limits); 0 means it has.
    SolvedValue value(const Position& p, int plies_left) const {
        const Material& m = material(p);
        if (m.max_left < 0) return m.plain[index_of(m, p)];
        assert(plies_left >= 0 && plies_left <= m.max_left);
        return m.counted[static_cast<std::size_t>(plies_left)][index_of(m, p)];
    }

    // The plies a counting rule leaves at p when p is the first position of
    // its material, or DrawCounters::no_limit.
    static int fresh_plies_left(const Position& p) {
        const DrawCounters c = DrawCounters::at_start<R>(p);
        return c.plies_to_rule_draw<R>(p.side);
    }

    // The value p has as the first position of its material.
    SolvedValue fresh_value(const Position& p) const {
        const int left = fresh_plies_left(p);
        return left == DrawCounters::no_limit ? value(p) : value(p, left);
    }

    // What playing m from p is worth to the side to move, with `plies_left`
    // before the count draws (DrawCounters::no_limit: without the rules).
    SolvedValue value_after(const Position& p, const Move& m, int plies_left) const {
        Position next = p;
        next.make(m);
        SolvedValue v;
        if (!next.of(next.side))
            v = {-1, 0};
        else if (m.is_capture())
            v = plies_left == DrawCounters::no_limit ? value(next) : fresh_value(next);
        else
            v = plies_left == DrawCounters::no_limit ? value(next) : value(next, plies_left - 1);
        return mirror(v);
    }

    // Every position of a class solved here, each side to move.
    std::vector<Position> positions(int white_kings, int black_kings) const {
        const Material& m = material(white_kings, black_kings);
        std::vector<Position> out;
        out.reserve(m.size);
        for (std::size_t i = 0; i < m.size; ++i) out.push_back(position_at(m, i));
        return out;
    }

private:
    // A successor: a position of some material, or the end of the game.
    struct Successor {
        std::uint32_t index;
        std::int32_t material;  // -1: the side to move there has no pieces
        bool capture;
    };

    struct Material {
        int white = 0, black = 0;
        std::size_t size = 0;  // positions, both sides to move
        std::size_t black_sets = 0;
        std::vector<std::uint32_t> first;  // successors of i: next[first[i], first[i + 1])
        std::vector<Successor> next;
        std::vector<SolvedValue> plain;
        int max_left = -1;  // the longest fresh count, or -1 when no rule counts here
        std::vector<int> fresh_left;
        std::vector<std::vector<SolvedValue>> counted;  // [plies left][position]
    };

    static constexpr std::array<Square, squares> dark_squares = [] {
        std::array<Square, squares> s{};
        int n = 0;
        for (Square q = 0; q < 64; ++q)
            if (G::board & bit(q)) s[static_cast<std::size_t>(n++)] = q;
        return s;
    }();

    static constexpr std::array<int, 64> dark_index = [] {
        std::array<int, 64> d{};
        for (int i = 0; i < squares; ++i) d[static_cast<std::size_t>(dark_squares[static_cast<std::size_t>(i)])] = i;
        return d;
    }();

    static std::uint64_t choose(int n, int k) {
        if (k < 0 || k > n) return 0;
        std::uint64_t c = 1;
        for (int i = 1; i <= k; ++i) c = c * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
        return c;
    }

    // The colex rank of a set of squares, each counted among the dark
    // squares not in `skip`.
    static std::uint64_t rank(Bitboard set, Bitboard skip) {
        std::uint64_t r = 0;
        int i = 0;
        for_each_square(set, [&](Square s) {
            const int below = dark_index[static_cast<std::size_t>(s)] - popcount(skip & (bit(s) - 1));
            r += choose(below, ++i);
        });
        return r;
    }

    static SolvedValue mirror(SolvedValue v) {
        return {static_cast<std::int8_t>(-v.result), static_cast<std::uint8_t>(v.result ? v.plies + 1 : 0)};
    }

    const Material& material(int w, int b) const {
        for (const Material& m : materials_)
            if (m.white == w && m.black == b) return m;
        throw std::invalid_argument("that material is not solved here");
    }
    const Material& material(const Position& p) const {
        if (p.kings != p.occupied()) throw std::invalid_argument("kings only");
        return material(popcount(p.of(Color::white)), popcount(p.of(Color::black)));
    }
    std::int32_t material_id(int w, int b) const {
        for (std::size_t i = 0; i < materials_.size(); ++i)
            if (materials_[i].white == w && materials_[i].black == b) return static_cast<std::int32_t>(i);
        return -1;
    }

    static std::size_t index_of(const Material& m, const Position& p) {
        const Bitboard white = p.of(Color::white);
        const std::size_t half = m.size / 2;
        const std::size_t i = rank(white, 0) * m.black_sets + rank(p.of(Color::black), white);
        return (p.side == Color::white ? 0 : half) + i;
    }

    static Position make_position(Bitboard white, Bitboard black, Color side) {
        Position p;
        p.pieces = {white, black};
        p.kings = white | black;
        p.side = side;
        p.refresh_key();
        return p;
    }

    // The set of k dark squares outside `skip` with colex rank r.
    static Bitboard unrank(std::uint64_t r, int k, Bitboard skip) {
        std::vector<Square> free;
        for (Square s : dark_squares)
            if (!(skip & bit(s))) free.push_back(s);
        Bitboard set = 0;
        for (; k >= 1; --k) {
            int c = k - 1;
            while (choose(c + 1, k) <= r) ++c;
            r -= choose(c, k);
            set |= bit(free[static_cast<std::size_t>(c)]);
        }
        return set;
    }

    static Position position_at(const Material& m, std::size_t i) {
        const std::size_t half = m.size / 2;
        const std::size_t j = i % half;
        const Bitboard white = unrank(j / m.black_sets, m.white, 0);
        const Bitboard black = unrank(j % m.black_sets, m.black, white);
        return make_position(white, black, i < half ? Color::white : Color::black);
    }

    // The best of the successors' values, seen from the side to move.
    template <class ValueOf>
    static SolvedValue best(const Material& m, std::size_t i, ValueOf&& value_of) {
        if (m.first[i] == m.first[i + 1]) return {-1, 0};
        SolvedValue out{-1, 0};
        bool any = false;
        for (std::uint32_t s = m.first[i]; s < m.first[i + 1]; ++s) {
            const SolvedValue v = mirror(value_of(m.next[s]));
            if (!any || SolvedValue::better(v, out)) out = v;
            any = true;
        }
        return out;
    }

    void solve(int w, int b) {
        Material m;
        m.white = w;
        m.black = b;
        m.black_sets = choose(squares - w, b);
        m.size = 2 * choose(squares, w) * m.black_sets;

        // Successors, and the fresh counts.
        m.first.reserve(m.size + 1);
        m.fresh_left.resize(m.size);
        m.first.push_back(0);
        for (std::size_t i = 0; i < m.size; ++i) {
            const Position p = position_at(m, i);
            const int left = fresh_plies_left(p);
            m.fresh_left[i] = left;
            if (left != DrawCounters::no_limit) m.max_left = std::max(m.max_left, left);
            MoveList moves;
            Movegen<R>::generate(p, moves);
            for (const Move& mv : moves) {
                Position q = p;
                q.make(mv);
                Successor s{0, -1, mv.is_capture()};
                if (q.of(q.side)) {
                    const int qw = popcount(q.of(Color::white)), qb = popcount(q.of(Color::black));
                    s.material = (qw == w && qb == b) ? static_cast<std::int32_t>(materials_.size())
                                                      : material_id(qw, qb);
                    assert(s.material >= 0);
                    const Material& target = s.material == static_cast<std::int32_t>(materials_.size())
                                                  ? m
                                                  : materials_[static_cast<std::size_t>(s.material)];
                    s.index = static_cast<std::uint32_t>(index_of(target, q));
                }
                m.next.push_back(s);
            }
            m.first.push_back(static_cast<std::uint32_t>(m.next.size()));
        }
        const std::int32_t self = static_cast<std::int32_t>(materials_.size());

        // Without the counting rules: iterate to the fixed point. Wins and
        // losses only ever appear and wins only grow shorter, so it ends.
        m.plain.assign(m.size, SolvedValue{});
        for (bool changed = true; changed;) {
            changed = false;
            std::vector<SolvedValue> next(m.size);
            for (std::size_t i = 0; i < m.size; ++i) {
                next[i] = best(m, i, [&](const Successor& s) -> SolvedValue {
                    if (s.material < 0) return {-1, 0};
                    if (s.material == self) return m.plain[s.index];
                    return materials_[static_cast<std::size_t>(s.material)].plain[s.index];
                });
                if (next[i] != m.plain[i]) changed = true;
            }
            m.plain.swap(next);
        }

        // With them: a draw once no ply is left, unless the side to move has
        // no move; a capture starts the count of its new material afresh.
        if (m.max_left >= 0) {
            m.counted.resize(static_cast<std::size_t>(m.max_left) + 1);
            for (int left = 0; left <= m.max_left; ++left) {
                std::vector<SolvedValue>& layer = m.counted[static_cast<std::size_t>(left)];
                layer.resize(m.size);
                for (std::size_t i = 0; i < m.size; ++i) {
                    if (left == 0) {
                        layer[i] = m.first[i] == m.first[i + 1] ? SolvedValue{-1, 0} : SolvedValue{};
                        continue;
                    }
                    layer[i] = best(m, i, [&](const Successor& s) -> SolvedValue {
                        if (s.material < 0) return {-1, 0};
                        if (s.material == self) return m.counted[static_cast<std::size_t>(left - 1)][s.index];
                        const Material& sub = materials_[static_cast<std::size_t>(s.material)];
                        const int fresh = sub.fresh_left[s.index];
                        if (fresh == DrawCounters::no_limit) return sub.plain[s.index];
                        return sub.counted[static_cast<std::size_t>(fresh)][s.index];
                    });
                }
            }
        }
        materials_.push_back(std::move(m));
    }

    std::vector<Material> materials_;
};

}  // namespace yaad::test
