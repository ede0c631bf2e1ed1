#pragma once
// A game judged move by move: for each move, the engine's best move and
// score before it, the score after the move played, the loss between them
// and a mark for a mistake or a blunder (the thresholds below), then a
// summary per side. `yaad annotate` prints it as PDN or JSON.

#include <optional>
#include <string>
#include <vector>

#include "game.hpp"
#include "limits.hpp"
#include "search.hpp"

namespace yaad {

// Losses, in hundredths of a man, from which a move is marked. A decided
// game counts as 10 men, so a won game let go, or a drawn one lost, is a
// blunder.
inline constexpr int mistake_loss = 40;
inline constexpr int blunder_loss = 100;
inline constexpr int decided_value = 1000;

struct MoveJudgement {
    Color side = Color::white;
    Move played{};
    bool forced = false;     // the only legal move: not searched, no loss
    int depth = 0;
    int played_score = 0;    // after the move, from the mover's side
    int best_score = 0;      // before it, from the mover's side
    std::vector<Move> best_line;  // from the position before the move
    int loss = 0;            // hundredths of a man, 0 or more
    std::string mark;        // "", "?" or "??"
};

struct SideSummary {
    int moves = 0;  // judged (forced moves are not)
    int total_loss = 0;
    int mistakes = 0;
    int blunders = 0;
    double average_loss() const { return moves ? total_loss / 100.0 / moves : 0.0; }
};

struct GameJudgement {
    std::vector<MoveJudgement> moves;
    SideSummary white, black;
    const SideSummary& of(Color c) const { return c == Color::white ? white : black; }
};

// Judges every move of `game` with `engine` at `limits` (a depth or a time
// per search; the position after a move is searched one ply less deep, so
// both scores see as far). Deterministic for a depth and one thread.
GameJudgement judge_game(Engine& engine, const Game& game, const SearchLimits& limits);

// "+0.13", "-1.40", "+99.93" (a win in 7 plies, as Hub writes it).
std::string signed_score(int score);

// The PDN comment of one move: "+0.13/10" when it was the best, else
// "-0.25/10, best 11-16 +0.20: 11-16 22-18 8-11"; "forced" for the only move.
std::string judgement_comment(Variant v, const Position& before, const MoveJudgement& j);

// "White: average loss 0.12, 1 mistake, 0 blunders".
std::string summary_text(Color side, const SideSummary& s);

}  // namespace yaad
