#pragma once
// A separate, simple solver of every position with few pieces, for testing
// the endgame database (egdb/): it places the pieces every possible way,
// lists each position's successors with the engine's move generator and
// improves all values together, forwards, until none changes. No slices,
// no index, no unmoves: it shares with the builder only the move generator
// and the definition of what a distance counts (egdb/material.hpp).

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "geometry.hpp"
#include "material.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "value_code.hpp"

namespace yaad::test {

template <class R>
class ReferenceSolver {
    using G = Geometry<R::board_size>;

public:
    explicit ReferenceSolver(int max_pieces) {
        place(0, Position{}, max_pieces);
        successors();
        solve();
    }

    std::size_t size() const { return positions_.size(); }
    const Position& position(std::size_t i) const { return positions_[i]; }
    egdb::Value value(std::size_t i) const { return values_[i]; }

private:
    struct Hash {
        std::size_t operator()(const Position& p) const {
            return p.pieces[0] * 0x9e3779b97f4a7c15ULL ^ p.pieces[1] * 0xc2b2ae3d27d4eb4fULL ^
                   p.kings * 0x165667b19e3779f9ULL ^ static_cast<std::size_t>(p.side);
        }
    };
    struct Successor {
        std::int32_t index;  // -1: the side to move there has no pieces
        bool keeps_distance;
    };

    // Every way to put up to `left` more pieces on the squares from `s` on.
    void place(Square s, Position p, int left) {
        for (; s < 64 && !(G::board & bit(s)); ++s) {}
        if (s >= 64 || left == 0) {
            if (p.of(Color::white) && p.of(Color::black))
                for (const Color side : {Color::white, Color::black}) {
                    p.side = side;
                    ids_.emplace(p, static_cast<std::int32_t>(positions_.size()));
                    positions_.push_back(p);
                }
            return;
        }
        place(s + 1, p, left);
        for (const Color c : {Color::white, Color::black})
            for (const bool king : {false, true}) {
                if (!king && (G::crowning_row(c) & bit(s))) continue;
                Position q = p;
                q.pieces[index(c)] |= bit(s);
                if (king) q.kings |= bit(s);
                place(s + 1, q, left - 1);
            }
    }

    void successors() {
        first_.push_back(0);
        for (const Position& p : positions_) {
            MoveList list;
            Movegen<R>::generate(p, list);
            const bool mate = egdb::stores_mate_distance(egdb::Material::of(p));
            for (const Move& m : list) {
                Position q = p;
                q.make(m);
                q.key = 0;
                const bool converts = m.is_capture() || m.crowns;
                next_.push_back({q.of(q.side) ? ids_.at(q) : -1, !converts || mate});
            }
            first_.push_back(next_.size());
        }
    }

    // In place: a pass that changes nothing leaves values that agree with
    // their successors everywhere, and only the true values do.
    void solve() {
        values_.assign(positions_.size(), egdb::Value{});
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = 0; i < positions_.size(); ++i) {
                egdb::Value best{egdb::Wdl::loss, 0};
                for (std::size_t k = first_[i]; k < first_[i + 1]; ++k) {
                    const Successor& s = next_[k];
                    egdb::Value child = s.index < 0 ? egdb::Value{egdb::Wdl::loss, 0} : values_[s.index];
                    if (!s.keeps_distance) child.plies = 0;
                    egdb::Value v{};
                    if (child.result == egdb::Wdl::loss) v = {egdb::Wdl::win, child.plies + 1};
                    if (child.result == egdb::Wdl::win) v = {egdb::Wdl::loss, child.plies + 1};
                    if (k == first_[i] || better(v, best)) best = v;
                }
                changed = changed || best != values_[i];
                values_[i] = best;
            }
        }
    }

    static bool better(egdb::Value a, egdb::Value b) {
        if (a.result != b.result) return a.result > b.result;
        if (a.result == egdb::Wdl::win) return a.plies < b.plies;
        if (a.result == egdb::Wdl::loss) return a.plies > b.plies;
        return false;
    }

    std::vector<Position> positions_;
    std::unordered_map<Position, std::int32_t, Hash> ids_;
    std::vector<std::size_t> first_;
    std::vector<Successor> next_;
    std::vector<egdb::Value> values_;
};

}  // namespace yaad::test
