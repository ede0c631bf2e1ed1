#pragma once
// What a slice of the database holds: the men and kings of each side. The
// database is built and probed slice by slice; a slice depends only on
// slices with fewer pieces (captures) or as many pieces and fewer men
// (crownings), so building in that order needs nothing not yet built.

#include <string>
#include <string_view>
#include <vector>

#include "position.hpp"
#include "rules.hpp"

namespace yaad::egdb {

struct Material {
    int white_men = 0, white_kings = 0, black_men = 0, black_kings = 0;

    int white() const { return white_men + white_kings; }
    int black() const { return black_men + black_kings; }
    int pieces() const { return white() + black(); }
    int men() const { return white_men + black_men; }
    bool kings_only() const { return men() == 0; }

    static Material of(const Position& p);
    // "1m2k-0m1k": white's men and kings, then black's.
    std::string name() const;
    friend bool operator==(const Material&, const Material&) = default;
};

// The largest count of one kind of piece of one side that a slice may hold.
constexpr int max_kind = 9;

// Positions of kings only with at most this many pieces store the plies to
// the game's end (through captures) rather than to the next conversion, and
// the plies a counting rule must leave for a win to stand: the endings the
// lone-king rules govern (issue 12).
constexpr int mate_distance_pieces = 4;
inline bool stores_mate_distance(const Material& m) { return m.kings_only() && m.pieces() <= mate_distance_pieces; }

// The variant whose set of slices serves v: Jamaican is Pool on a board
// whose squares are only named differently (geometry.hpp), so Pool's set
// serves it unchanged.
Variant family(Variant v);

// Every material with 2 to `pieces` pieces, one piece at least on each
// side and no more on a side than the variant starts with, in build order.
std::vector<Material> materials_up_to(Variant family, int pieces);

}  // namespace yaad::egdb
