// Sub-slices (issue 12): on each board size they split a slice exactly,
// every position in the sub-slice of its leading men's rows, numbered one
// to one, and quiet moves never lead to a sub-slice built later.

#include <doctest/doctest.h>

#include <map>

#include "movegen.hpp"
#include "rules.hpp"
#include "slice_index.hpp"
#include "sub_slice.hpp"

using namespace yaad;
using namespace yaad::egdb;

namespace {

template <class R>
void check_split(const Material& m) {
    constexpr int N = R::board_size;
    const SliceIndex<N> whole(m);
    const auto order = SubSlice<N>::order(m);
    std::map<std::pair<int, int>, int> rank;
    std::uint64_t total = 0;
    for (const auto& lead : order) {
        rank[lead] = static_cast<int>(rank.size());
        total += SubSlice<N>(m, lead.first, lead.second).size();
    }
    CHECK(total == whole.size());

    std::uint64_t positions = 0, bad_numbering = 0, bad_order = 0;
    MoveList list;
    for (std::uint64_t i = 0; i < whole.size(); ++i) {
        Position p;
        if (!whole.position(i, p)) continue;
        ++positions;
        const std::pair lead{SubSlice<N>::lead(p, Color::white), SubSlice<N>::lead(p, Color::black)};
        const SubSlice<N> sub(m, lead.first, lead.second);
        Position back;
        const std::uint64_t j = sub.index(p);
        if (!rank.contains(lead) || !sub.contains(p) || j >= sub.size() || !sub.position(j, back) ||
            back.pieces != p.pieces || back.kings != p.kings || back.side != p.side)
            ++bad_numbering;
        Movegen<R>::generate(p, list);
        for (const Move& move : list) {
            if (move.is_capture() || move.crowns) continue;
            Position q = p;
            q.template make<false>(move);
            const std::pair to{SubSlice<N>::lead(q, Color::white), SubSlice<N>::lead(q, Color::black)};
            if (rank.at(to) > rank.at(lead)) ++bad_order;
        }
    }
    CHECK(positions > 0);
    CHECK(bad_numbering == 0);
    CHECK(bad_order == 0);
}

}  // namespace

TEST_CASE("egdb: sub-slices split a slice one to one, in an order quiet moves respect") {
    SUBCASE("8x8") { check_split<rules::English>({2, 0, 1, 1}); }
    SUBCASE("8x8, men only") { check_split<rules::Pool>({2, 0, 2, 0}); }
    SUBCASE("6x6") { check_split<rules::Sixrow>({2, 1, 2, 0}); }
    SUBCASE("10x10") { check_split<rules::International>({1, 1, 1, 0}); }
}
