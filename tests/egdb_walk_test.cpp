// The builder's fast ways through a numbering (issue 12): the walk over a
// range of indices and the decoder of increasing indices give exactly the
// positions that decoding each index alone gives, for whole slices and
// sub-slices on every board size.

#include <doctest/doctest.h>

#include <random>

#include "position_walk.hpp"
#include "slice_index.hpp"
#include "sub_slice.hpp"

using namespace yaad;
using namespace yaad::egdb;

namespace {

// The walk over [begin, end) against position() index by index, in ranges
// that start and end anywhere (inside a run of kings, say).
template <int N, class Index>
void check_walk(const Index& index, std::uint64_t begin, std::uint64_t end) {
    std::uint64_t next = begin, wrong = 0;
    for_each_position<N>(index, begin, end, [&](std::uint64_t i, const Position& p) {
        Position want;
        for (; next < i; ++next)
            if (index.position(next, want)) ++wrong;  // left out, but it has a position
        if (!index.position(i, want) || !(want == p)) ++wrong;
        next = i + 1;
    });
    for (Position want; next < end; ++next)
        if (index.position(next, want)) ++wrong;
    CHECK(wrong == 0);
}

// Increasing indices with gaps, as the builder's layers are, and one out of order.
template <int N, class Index>
void check_decoder(const Index& index) {
    OrderedDecoder<N, Index> decoder(index);
    std::mt19937_64 random(12);
    std::uint64_t wrong = 0, positions = 0;
    auto check = [&](std::uint64_t i) {
        Position got, want;
        const bool has = decoder.position(i, got);
        if (has != index.position(i, want) || (has && !(got == want))) ++wrong;
        positions += has;
    };
    for (std::uint64_t i = 0; i < index.size(); i += 1 + random() % 40) check(i);
    check(index.size() / 3);
    CHECK(positions > 0);
    CHECK(wrong == 0);
}

template <int N>
void check_all(const Material& m) {
    const SliceIndex<N> whole(m);
    check_walk<N>(whole, 0, whole.size());
    check_walk<N>(whole, 7, whole.size() / 2 + 5);
    check_decoder<N>(whole);
    for (const auto& [white, black] : SubSlice<N>::order(m)) {
        const SubSlice<N> sub(m, white, black);
        check_walk<N>(sub, 0, sub.size());
        check_walk<N>(sub, sub.size() / 3 + 1, sub.size() - 1);
        check_decoder<N>(sub);
    }
}

}  // namespace

TEST_CASE("egdb: the walk and the ordered decoder give each index's position") {
    // Men and kings of both sides, one each: runs of several are the other
    // cases' (3 white kings, 2 white men, 2 black men with kings, 2 black
    // kings). Two white kings more made this case 60 s under ASan.
    SUBCASE("8x8, men and kings of both sides") { check_all<8>({1, 1, 1, 1}); }
    SUBCASE("8x8, kings only") { check_all<8>({0, 3, 0, 1}); }
    SUBCASE("8x8, men only") { check_all<8>({2, 0, 1, 0}); }
    SUBCASE("6x6") { check_all<6>({1, 1, 2, 1}); }
    SUBCASE("10x10") { check_all<10>({1, 1, 0, 2}); }
}

TEST_CASE("egdb: next_set steps through the sets of squares in colex order") {
    const Bitboard place = 0b1011'0110'1101;
    for (int k = 1; k <= 4; ++k) {
        const std::uint64_t sets = SliceIndex<8>::choose(popcount(place), k);
        Bitboard set = first_set(k, place);
        for (std::uint64_t r = 0; r < sets; ++r) {
            REQUIRE(set == SliceIndex<8>::unrank(r, k, place));
            if (r + 1 < sets) set = next_set(set, place);
        }
    }
}
