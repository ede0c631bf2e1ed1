#include "annotation.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "notation.hpp"

namespace yaad {

namespace {

int value(int score) {
    if (is_decided(score)) return score > 0 ? decided_value : -decided_value;
    return std::clamp(score, -decided_value, decided_value);
}

// The score of the position after the move for the side that made it.
int score_after(Engine& engine, const Game& after, SearchLimits limits, Color mover) {
    const GameStatus s = after.status();
    if (s.outcome == Outcome::draw) return 0;
    if (s.outcome != Outcome::ongoing) {
        const bool mover_won = (s.outcome == Outcome::white_wins) == (mover == Color::white);
        return mover_won ? win_score - 1 : -(win_score - 1);
    }
    SearchControl control;
    const SearchResult r = engine.search(after, limits, control);
    return -r.score;
}

}  // namespace

GameJudgement judge_game(Engine& engine, const Game& game, const SearchLimits& base) {
    GameJudgement judgement;
    SearchLimits limits = base;
    limits.analysis = true;
    SearchLimits after_limits = limits;
    if (after_limits.depth > 1) --after_limits.depth;

    Game before(game.variant(), game.start());
    for (const Move& played : game.moves()) {
        MoveJudgement j;
        j.side = before.position().side;
        j.played = played;
        j.forced = before.legal_moves().size() == 1;
        if (!j.forced) {
            SearchControl control;
            const SearchResult best = engine.search(before, limits, control);
            j.depth = best.depth;
            j.best_score = best.score;
            j.best_line = best.pv;
            Game after = before;
            after.play(played);
            j.played_score = best.best && best.best->same_effect(played)
                                 ? best.score
                                 : score_after(engine, after, after_limits, j.side);
            j.loss = std::max(0, value(j.best_score) - value(j.played_score));
            j.mark = j.loss >= blunder_loss ? "??" : j.loss >= mistake_loss ? "?" : "";
            SideSummary& s = j.side == Color::white ? judgement.white : judgement.black;
            ++s.moves;
            s.total_loss += j.loss;
            s.mistakes += j.mark == "?";
            s.blunders += j.mark == "??";
        }
        judgement.moves.push_back(j);
        before.play(played);
    }
    return judgement;
}

std::string signed_score(int score) {
    const std::string text = score_text(score);
    return text.front() == '-' ? text : "+" + text;
}

std::string judgement_comment(Variant v, const Position& before, const MoveJudgement& j) {
    if (j.forced) return "forced";
    std::string text = signed_score(j.played_score) + "/" + std::to_string(j.depth);
    // A played move that scores as well as the search's choice (another way
    // to the same result, seen deeper after the move) needs no alternative.
    if (!j.best_line.empty() && !j.best_line.front().same_effect(j.played) && j.best_score > j.played_score)
        text += ", best " + format_move(v, before, j.best_line.front()) + " " + signed_score(j.best_score) + ": " +
                format_line(v, before, j.best_line);
    return text;
}

std::string summary_text(Color side, const SideSummary& s) {
    char loss[32];
    std::snprintf(loss, sizeof loss, "%.2f", s.average_loss());
    auto count = [](int n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    return std::string(side == Color::white ? "White" : "Black") + ": average loss " + loss + ", " +
           count(s.mistakes, "mistake", "mistakes") + ", " + count(s.blunders, "blunder", "blunders");
}

}  // namespace yaad
