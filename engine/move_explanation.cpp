#include "move_explanation.hpp"

#include <cstdlib>

#include "board_layout.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

std::string side_name(Color c) { return c == Color::white ? "White" : "Black"; }

// Up to six moves in square order, then how many more.
std::string move_list(Variant v, const Position& p, const std::vector<Move>& moves, SquareStyle style) {
    const MoveFormat format = style == SquareStyle::numeric ? MoveFormat::numeric : MoveFormat::algebraic;
    const std::vector<std::string> texts = sorted_move_texts(v, p, moves, format);
    constexpr std::size_t shown = 6;
    std::string out;
    for (std::size_t i = 0; i < texts.size() && i < shown; ++i) out += (i ? ", " : "") + texts[i];
    if (texts.size() > shown) out += " and " + std::to_string(texts.size() - shown) + " more";
    return out;
}

}  // namespace

std::string why_illegal(Variant v, const Position& p, const std::vector<Square>& squares, SquareStyle style) {
    const BoardLayout& l = layout(v);
    auto name = [&](Square s) { return square_text(v, s, style); };
    const Square from = squares.front();
    const Square to = squares.back();
    const Color side = p.side;
    if (!(p.occupied() & bit(from))) return "no piece on " + name(from);
    if (p.of(~side) & bit(from))
        return "the piece on " + name(from) + " is " + side_name(~side) + "'s; " + side_name(side) + " is to move";

    const MoveList legal = legal_moves(v, p);
    if (legal.empty()) return side_name(side) + " has no legal move: the game is over";
    std::vector<Move> all(legal.begin(), legal.end());
    std::vector<Move> from_here;
    for (const Move& m : legal)
        if (m.from == from) from_here.push_back(m);

    if (all.front().is_capture()) {
        const bool maximum = visit_variant(v, [](auto r) { return decltype(r)::capture_choice; }) ==
                             CaptureChoice::maximum;
        return std::string(maximum ? "a capture of the most pieces is compulsory: " : "a capture is compulsory: ") +
               move_list(v, p, all, style);
    }
    if (squares.size() > 2 || from == to) return "that is not a route of a capture; nothing can be taken now";
    if (p.occupied() & bit(to)) return name(to) + " is not empty";

    const int rows = l.row(to) - l.row(from);
    const int columns = l.column(to) - l.column(from);
    if (std::abs(rows) != std::abs(columns)) return "pieces move along a diagonal";
    const bool king = (p.kings & bit(from)) != 0;
    const bool flying = visit_variant(v, [](auto r) { return decltype(r)::flying_kings; });
    if (!king) {
        // White plays up the board as shown, Black down it.
        const bool forward = side == Color::white ? rows < 0 : rows > 0;
        const bool backward_captures = visit_variant(v, [](auto r) { return decltype(r)::men_capture_backward; });
        if (!forward)
            return backward_captures ? "men move forward only (backward only to capture)"
                                     : "men move and capture forward only";
        if (std::abs(rows) > 1) return "a man moves one square; it jumps only to capture";
    } else if (!flying && std::abs(rows) > 1) {
        return "a king moves one square in " + std::string(variant_name(v)) + "; it jumps only to capture";
    } else if (flying) {
        return "the diagonal from " + name(from) + " to " + name(to) + " is blocked";
    }
    if (from_here.empty()) return "the piece on " + name(from) + " cannot move";
    return "the piece on " + name(from) + " can go: " + move_list(v, p, from_here, style);
}

}  // namespace yaad
