#pragma once
// A game: the variant, the start position and every move since, with what
// the end-of-game rules of RULES.md §4 need (position keys for repetition,
// the draw counters).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "draw_rules.hpp"
#include "move.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace yaad {

enum class Outcome : std::uint8_t { ongoing, white_wins, black_wins, draw };

struct GameStatus {
    Outcome outcome = Outcome::ongoing;
    EndReason reason = EndReason::none;
};

// "ongoing", "white-wins", "black-wins", "draw".
std::string_view outcome_name(Outcome o);
// "no-pieces", "no-moves", "repetition", "no-progress", "lone-king".
std::string_view reason_name(EndReason r);
// The PDN result: "1-0", "0-1", "1/2-1/2" or "*".
std::string_view pdn_result(Outcome o);

class Game {
public:
    explicit Game(Variant v);
    Game(Variant v, const Position& start);
    // A game taken up at `start` with draw counters already running, as
    // in the middle of a game whose earlier moves are not known.
    Game(Variant v, const Position& start, const DrawCounters& counters);

    Variant variant() const { return variant_; }
    const Position& start() const { return start_; }
    const Position& position() const { return plies_.back().position; }
    const DrawCounters& counters() const { return plies_.back().counters; }
    std::vector<Move> moves() const;
    std::size_t ply_count() const { return plies_.size() - 1; }

    MoveList legal_moves() const;

    // Plays a legal move of the current position.
    void play(const Move& m);
    // Reads and plays a move; throws InputError if it is not legal here.
    Move play(std::string_view text, MoveReading reading = MoveReading::pdn_first);
    // Takes back the last move; false at the start.
    bool undo();

    // How often the current position (pieces and side to move) has stood on
    // the board, counting now.
    int repetitions() const;

    // Keys of the positions since the last irreversible move, oldest first,
    // the current one last: what a search needs to see repetitions.
    std::vector<std::uint64_t> reversible_keys() const;

    GameStatus status() const;

private:
    struct Ply {
        Move move;  // the move that led here (unused for the start)
        Position position;
        DrawCounters counters;
        std::uint16_t reversible_plies;  // plies since a capture or man move
    };

    Variant variant_;
    Position start_;
    std::vector<Ply> plies_;
};

}  // namespace yaad
