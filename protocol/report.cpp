#include "report.hpp"

#include <cstdio>
#include <cstdlib>

#include "notation.hpp"
#include "search.hpp"
#include "variant.hpp"

namespace yaad {

std::string iteration_line(Variant v, const Position& root, const SearchInfo& info, int multipv) {
    const double nps = info.seconds > 0 ? info.nodes / info.seconds : 0.0;
    std::string line = "depth=" + std::to_string(info.depth) + " ";
    if (multipv > 1) line += "multipv=" + std::to_string(info.line) + " ";
    char head[160];
    std::snprintf(head, sizeof head, "score=%s nodes=%llu nps=%.0f time=%.3f ", score_text(info.score).c_str(),
                  static_cast<unsigned long long>(info.nodes), nps, info.seconds);
    line += head;
    if (info.database_hits > 0) line += "egdb-hits=" + std::to_string(info.database_hits) + " ";
    return line + "pv=" + format_line(v, root, info.pv);
}

std::string score_for_people(int score, Color side_to_move) {
    const std::string leader = score > 0 ? (side_to_move == Color::white ? "White" : "Black")
                                         : (side_to_move == Color::white ? "Black" : "White");
    if (is_decisive(score)) {
        const int plies = win_score - std::abs(score);
        const int moves = (plies + 1) / 2;
        return leader + " wins in " + std::to_string(moves) + (moves == 1 ? " move (" : " moves (") +
               std::to_string(plies) + (plies == 1 ? " ply)" : " plies)");
    }
    if (is_decided(score)) {
        const int plies = known_win_score - std::abs(score);
        return leader + " wins (endgame database: " + std::to_string(plies) +
               (plies == 1 ? " ply" : " plies") + " to the next capture, crowning or the end)";
    }
    if (score == 0) return "0.00: level";
    char text[48];
    std::snprintf(text, sizeof text, "+%.2f for ", std::abs(score) / 100.0);
    return text + leader;
}

namespace {

// 1234 -> "1234 ", 1234567 -> "1.23 M ": a count and the space before its unit.
std::string count_text(double n) {
    char text[32];
    if (n >= 1e6)
        std::snprintf(text, sizeof text, "%.2f M ", n / 1e6);
    else if (n >= 1e4)
        std::snprintf(text, sizeof text, "%.1f k ", n / 1e3);
    else
        std::snprintf(text, sizeof text, "%.0f ", n);
    return text;
}

}  // namespace

std::string readable_iteration(Variant v, const Position& root, const SearchInfo& info, int multipv) {
    const double nps = info.seconds > 0 ? info.nodes / info.seconds : 0.0;
    std::string line = "depth " + std::to_string(info.depth) + "  ";
    if (multipv > 1) line += "line " + std::to_string(info.line) + "  ";
    line += score_for_people(info.score, root.side) + "  " +
                       format_line(v, root, info.pv) + "  (" + count_text(static_cast<double>(info.nodes)) +
                       "nodes, " + count_text(nps) + "nodes/s, ";
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f s", info.seconds);
    line += seconds;
    if (info.database_hits > 0) line += ", " + std::to_string(info.database_hits) + " database hits";
    return line + ")";
}

std::string game_end_text(const Game& game) {
    const GameStatus s = game.status();
    const std::string side = player_name(game.position().side);
    const std::string winner = s.outcome == Outcome::white_wins   ? "White wins"
                               : s.outcome == Outcome::black_wins ? "Black wins"
                                                                  : "Draw";
    switch (s.reason) {
        case EndReason::no_pieces: return winner + ": " + side + " has no pieces left";
        case EndReason::no_moves: return winner + ": " + side + " cannot move";
        case EndReason::repetition: return winner + ": the same position a third time";
        case EndReason::no_progress: {
            const int plies = visit_variant(game.variant(), [](auto r) { return decltype(r)::progress_limit_plies; });
            return winner + ": " + std::to_string(plies / 2) + " moves each without progress";
        }
        case EndReason::lone_king: {
            const DrawCounters& c = game.counters();
            return winner + ": the count ran out (" + player_name(c.strong) + " had " + std::to_string(c.lone_king.moves) +
                   " moves" + (c.lone_king.counts_both_sides ? " each" : "") + " to win against the lone king)";
        }
        case EndReason::none: break;
    }
    return winner;
}

}  // namespace yaad
