#pragma once
// What the rules tests share: move lists as sorted text, positions reached
// by seeded random play, and a doctest printer for lists of strings so a
// failed comparison shows both lists.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fen.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "random.hpp"
#include "rules.hpp"

namespace yaad::test {

using Strings = std::vector<std::string>;

// The Russian position of issue 2, used under every variant's rules: the
// black man on 14 can take 17, 18, 25 and 26 round the diamond they make,
// either way round, and come back to 14.
inline constexpr const char* diamond = "B:B1,2,3,4,5,6,7,8,10,14,15:W17,18,19,24,25,26,27,28,29,31,32";

inline Strings sorted(Strings s) {
    std::sort(s.begin(), s.end());
    return s;
}

// The legal moves of p written in `format`, sorted. Hub is the default:
// it names every captured square, so two different moves never look alike.
inline Strings move_texts(Variant v, const Position& p, MoveFormat format = MoveFormat::hub) {
    Strings out;
    for (const Move& m : legal_moves(v, p)) out.push_back(format_move(v, p, m, format));
    return sorted(out);
}

inline Strings move_texts(Variant v, std::string_view fen, MoveFormat format = MoveFormat::hub) {
    return move_texts(v, parse_fen(v, fen), format);
}

// The position after the one legal move written `text`.
inline Position after(Variant v, const Position& p, std::string_view text) {
    Position next = p;
    next.make(parse_move(v, p, text));
    return next;
}

// A random game from the start position: every legal move equally likely,
// so kings and odd material come up as well as openings.
struct RandomGame {
    std::vector<Position> positions;  // the start, then after each move
    std::vector<Move> moves;
};

// `games` random games, each cut after `max_plies` plies. Seeded, so each
// run sees the same games; long games reach kings and endgames, short ones
// do not.
inline std::vector<RandomGame> random_games(Variant v, std::uint64_t seed, int games, int max_plies) {
    Random random(seed);
    std::vector<RandomGame> out(static_cast<std::size_t>(games));
    for (RandomGame& game : out) {
        Position p = start_position(v);
        game.positions.push_back(p);
        for (int ply = 0; ply < max_plies; ++ply) {
            const MoveList moves = legal_moves(v, p);
            if (moves.empty()) break;
            game.moves.push_back(moves[random.below(moves.size())]);
            p.make(game.moves.back());
            game.positions.push_back(p);
        }
    }
    return out;
}

// Every position of random_games, one game after another.
inline std::vector<Position> random_positions(Variant v, std::uint64_t seed, int games, int max_plies) {
    std::vector<Position> out;
    for (const RandomGame& game : random_games(v, seed, games, max_plies))
        out.insert(out.end(), game.positions.begin(), game.positions.end());
    return out;
}

}  // namespace yaad::test

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
    static String convert(const std::vector<std::string>& v) {
        std::string out = "{";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
        return String(out.c_str()) + "}";
    }
};
}  // namespace doctest
