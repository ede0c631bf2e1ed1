#pragma once
// Moves as text (RULES.md §1 and HUB.md).

#include <string>
#include <string_view>
#include <vector>

#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

enum class MoveFormat {
    pdn,        // the variant's default PDN notation
    numeric,    // PDN with numbered squares
    algebraic,  // PDN with algebraic squares
    hub,        // Hub: numeric, a capture lists every captured square
};

std::string square_text(Variant v, Square s, SquareStyle style);

// `m` must be legal in `before`. In PDN a capture shows only its ends unless
// another legal move shares them; then it shows every landing square of its
// route (the smallest route, number by number, if it has several).
std::string format_move(Variant v, const Position& before, const Move& m, MoveFormat format = MoveFormat::pdn);

// The moves in the order people look them up: by the squares' numbers
// where they are numbered, by file then rank where they are named.
std::vector<Move> sorted_moves(Variant v, std::vector<Move> moves, MoveFormat format = MoveFormat::pdn);

// The same moves as text, in that order.
std::vector<std::string> sorted_move_texts(Variant v, const Position& before, std::vector<Move> moves,
                                           MoveFormat format = MoveFormat::pdn);

// A sequence of moves from `start`, separated by spaces.
std::string format_line(Variant v, Position start, const std::vector<Move>& moves,
                        MoveFormat format = MoveFormat::pdn);

// Which reading of "a x b x c" to try first: a PDN route through b, or a Hub
// move from a to b capturing c.
enum class MoveReading { pdn_first, hub_first };

// Reads a move in any accepted form (RULES.md §1: numeric or algebraic, any
// case, '-', 'x', ':', '×' or '–', a full route or only the ends, the Hub
// form) and returns the one legal move it names. Throws InputError for bad
// syntax, an illegal move or one that names several legal moves.
Move parse_move(Variant v, const Position& p, std::string_view text,
                MoveReading reading = MoveReading::pdn_first);

}  // namespace yaad
