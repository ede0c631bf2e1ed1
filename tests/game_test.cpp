// The end of the game (RULES.md §4) through yaad::Game, and random openings
// (RULES.md §5).

#include "game.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "board_layout.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "random.hpp"
#include "random_opening.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

Game game(Variant v, const char* fen) { return Game(v, parse_fen(v, fen)); }

bool ongoing(const Game& g) { return g.status().outcome == Outcome::ongoing; }

bool drawn_by(const Game& g, EndReason reason) {
    const GameStatus s = g.status();
    return s.outcome == Outcome::draw && s.reason == reason;
}

// Moves the king of the side to move between squares a and b, whichever it
// stands on: two kings shuffling make the same positions over and over.
void shuffle(Game& g, std::pair<int, int> white, std::pair<int, int> black, int plies) {
    const BoardLayout& l = layout(g.variant());
    for (int i = 0; i < plies; ++i) {
        const Color side = g.position().side;
        const auto [a, b] = side == Color::white ? white : black;
        const bool on_a = (g.position().of(side) & bit(*l.square(a))) != 0;
        g.play(std::to_string(on_a ? a : b) + "-" + std::to_string(on_a ? b : a));
    }
}

// Plays quiet king moves, each into a position this game has not seen
// before (so no repetition can end it) and after which the side to move has
// a move and no capture (so the material stays as it is). Moves are tried
// in Hub order, backtracking out of dead ends, so the game is the same on
// every run; each call looks a few plies further than it plays, so that the
// next call does not start in a dead end.
class Wanderer {
public:
    explicit Wanderer(Game& g) : game_(g) { seen_.insert(g.position().key); }

    void play(int plies) { walk(plies, false); }

    // One quiet man move under the same conditions.
    void play_man_move() { walk(1, true); }

private:
    static constexpr int lookahead = 4;

    void walk(int plies, bool man_first) {
        REQUIRE(extend(plies + lookahead, man_first));
        for (int i = 0; i < lookahead; ++i) {
            seen_.erase(game_.position().key);
            game_.undo();
        }
    }

    bool extend(int plies, bool man_first) {
        if (plies == 0) return true;
        const Variant v = game_.variant();
        const Position p = game_.position();
        std::vector<std::pair<std::string, Move>> options;
        for (const Move& m : game_.legal_moves())
            options.emplace_back(format_move(v, p, m, MoveFormat::hub), m);
        std::sort(options.begin(), options.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [text, m] : options) {
            const bool king = (p.kings & bit(m.from)) != 0;
            if (m.is_capture() || king == man_first) continue;
            Position next = p;
            next.make(m);
            if (seen_.count(next.key)) continue;
            const MoveList replies = legal_moves(v, next);
            if (replies.empty() || replies[0].is_capture()) continue;
            seen_.insert(next.key);
            game_.play(m);
            if (extend(plies - 1, false)) return true;
            game_.undo();
            seen_.erase(next.key);
        }
        return false;
    }

    Game& game_;
    std::set<std::uint64_t> seen_;
};

}  // namespace

TEST_CASE("RULES §4 no move is a loss: no pieces left") {
    // Black 14 takes the last white piece.
    Game g = game(Variant::pool, "B:W18:B14");
    CHECK(ongoing(g));
    g.play("14x23");
    CHECK(g.status().outcome == Outcome::black_wins);
    CHECK(g.status().reason == EndReason::no_pieces);

    const GameStatus empty = game(Variant::english, "W:W:B1").status();
    CHECK(empty.outcome == Outcome::black_wins);
    CHECK(empty.reason == EndReason::no_pieces);
    const GameStatus black_empty = game(Variant::international, "B:W40:B").status();
    CHECK(black_empty.outcome == Outcome::white_wins);
}

TEST_CASE("RULES §4 no move is a loss: a blocked side loses") {
    // White 29 is stuck behind 25 with 22 occupied: it cannot move or take.
    Game blocked = game(Variant::pool, "W:W29:B22,25");
    CHECK(blocked.legal_moves().empty());
    CHECK(blocked.status().outcome == Outcome::black_wins);
    CHECK(blocked.status().reason == EndReason::no_moves);

    // The move that blocks wins: 18-22 leaves 29 without a move.
    Game g = game(Variant::pool, "B:W29:B18,25");
    CHECK(ongoing(g));
    g.play("18-22");
    CHECK(g.status().outcome == Outcome::black_wins);
    CHECK(g.status().reason == EndReason::no_moves);
}

TEST_CASE("RULES §4 threefold repetition is a draw (standard 8x8 variants)") {
    // Each side has a king shuffling in its corner and a man that stays.
    for (const Variant v : {Variant::pool, Variant::english, Variant::russian, Variant::brazilian}) {
        CAPTURE(variant_name(v));
        Game g = game(v, "W:WK32,13:BK1,20");
        shuffle(g, {32, 28}, {1, 5}, 4);
        CHECK(g.repetitions() == 2);
        CHECK(ongoing(g));
        shuffle(g, {32, 28}, {1, 5}, 3);
        CHECK(g.repetitions() == 2);
        CHECK(ongoing(g));
        shuffle(g, {32, 28}, {1, 5}, 1);
        CHECK(g.repetitions() == 3);
        CHECK(drawn_by(g, EndReason::repetition));
    }
}

TEST_CASE("RULES §4 threefold repetition is a draw (Jamaican, International)") {
    Game jamaican = game(Variant::jamaican, "W:WK29,16:BK4,17");
    shuffle(jamaican, {29, 25}, {4, 8}, 7);
    CHECK(ongoing(jamaican));
    shuffle(jamaican, {29, 25}, {4, 8}, 1);
    CHECK(drawn_by(jamaican, EndReason::repetition));

    Game international = game(Variant::international, "W:WK46,48:BK1,20");
    shuffle(international, {46, 41}, {1, 6}, 7);
    CHECK(ongoing(international));
    shuffle(international, {46, 41}, {1, 6}, 1);
    CHECK(drawn_by(international, EndReason::repetition));
}

TEST_CASE("RULES §4 six-row: repetition alone does not end the game") {
    Game g = game(Variant::sixrow, "W:WK16:BK3");
    shuffle(g, {16, 13}, {3, 6}, 16);
    CHECK(g.repetitions() == 5);
    CHECK(ongoing(g));
}

TEST_CASE("RULES §4 six-row: 30 plies without capture or promotion draw") {
    Game g = game(Variant::sixrow, "W:WK16:BK3");
    shuffle(g, {16, 13}, {3, 6}, 29);
    CHECK(g.counters().progress_plies == 29);
    CHECK(ongoing(g));
    shuffle(g, {16, 13}, {3, 6}, 1);
    CHECK(drawn_by(g, EndReason::no_progress));
}

TEST_CASE("RULES §4 six-row: a capture resets the 30-ply count") {
    Game g = game(Variant::sixrow, "W:WK16:BK1,8");
    shuffle(g, {16, 13}, {1, 4}, 9);
    // Black's man steps next to the king on 13 (a man move, no reset);
    // the king must take it.
    g.play("8-11");
    CHECK(g.counters().progress_plies == 10);
    CHECK(test::move_texts(Variant::sixrow, g.position()) == test::Strings{"13x8x11"});
    g.play("13x8");
    CHECK(g.counters().progress_plies == 0);
    shuffle(g, {8, 12}, {1, 4}, 29);
    CHECK(ongoing(g));
    shuffle(g, {8, 12}, {1, 4}, 1);
    CHECK(drawn_by(g, EndReason::no_progress));
}

TEST_CASE("RULES §4 six-row: a promotion resets the 30-ply count, a plain man move does not") {
    Game g = game(Variant::sixrow, "W:W4,10,K16:BK3");
    shuffle(g, {16, 13}, {3, 6}, 10);
    g.play("10-7");
    CHECK(g.counters().progress_plies == 11);
    shuffle(g, {16, 13}, {3, 6}, 9);
    CHECK(g.counters().progress_plies == 20);
    g.play("4-1");
    CHECK(g.counters().progress_plies == 0);
    shuffle(g, {16, 13}, {3, 6}, 29);
    CHECK(ongoing(g));
    shuffle(g, {16, 13}, {3, 6}, 1);
    CHECK(drawn_by(g, EndReason::no_progress));
}

TEST_CASE("RULES §4 English: 80 plies with no capture and no man moved draw; a man move resets") {
    Game g = game(Variant::english, "W:WK1,K2,21:BK31,K32,12");
    Wanderer w(g);
    w.play(50);
    CHECK(g.counters().progress_plies == 50);
    w.play_man_move();
    CHECK(g.counters().progress_plies == 0);
    w.play(79);
    CHECK(g.counters().progress_plies == 79);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(drawn_by(g, EndReason::no_progress));
}

TEST_CASE("RULES §4 Russian: 30 plies in which only kings moved draw; a man move resets") {
    Game g = game(Variant::russian, "W:WK1,K2,21:BK31,K32,12");
    Wanderer w(g);
    w.play(20);
    w.play_man_move();
    CHECK(g.counters().progress_plies == 0);
    w.play(29);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(drawn_by(g, EndReason::no_progress));
}

TEST_CASE("RULES §4 Russian: three kings against a lone king, 15 moves each") {
    // The 30-ply kings-only rule runs out on the same ply here: with only
    // kings on the board both counts start together.
    Game g = game(Variant::russian, "W:WK1,K3,K30:BK18");
    CHECK(g.counters().lone_king.moves == 15);
    CHECK(g.counters().lone_king.counts_both_sides);
    Wanderer w(g);
    w.play(29);
    CHECK(g.counters().strong_moves == 15);
    CHECK(g.counters().weak_moves == 14);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(g.status().outcome == Outcome::draw);
    CHECK(g.counters().rule_draw<rules::Russian>() != EndReason::none);
}

TEST_CASE("RULES §4 Pool: three kings against one king, drawn after the stronger side's 13th move") {
    Game g = game(Variant::pool, "W:WK1,K3,K30:BK18");
    Wanderer w(g);
    w.play(24);
    CHECK(g.counters().strong_moves == 12);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(g.counters().strong_moves == 13);
    CHECK(drawn_by(g, EndReason::lone_king));

    // Black to move first: the weak side's 13th move does not draw.
    Game h = game(Variant::pool, "B:WK1,K3,K30:BK18");
    Wanderer x(h);
    x.play(25);
    CHECK(h.counters().strong_moves == 12);
    CHECK(ongoing(h));
    x.play(1);
    CHECK(drawn_by(h, EndReason::lone_king));
}

TEST_CASE("RULES §4 Jamaican: three kings against one king, drawn after the stronger side's 13th move") {
    // The first Pool case mirrored.
    Game g = game(Variant::jamaican, "W:WK2,K4,K31:BK19");
    Wanderer w(g);
    w.play(24);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(drawn_by(g, EndReason::lone_king));
}

TEST_CASE("RULES §4 Pool: the 13 moves count from the first position with three kings against one") {
    // Three kings and a man against a king is no such ending; the count
    // starts when the lone king takes the man, and White moves first.
    Game g = game(Variant::pool, "B:WK1,K3,K30,22:BK18");
    CHECK(g.counters().lone_king.moves == 0);
    g.play("18x29");
    CHECK(g.counters().lone_king.moves == 13);
    CHECK(g.counters().strong_moves == 0);
    Wanderer w(g);
    w.play(24);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(drawn_by(g, EndReason::lone_king));
}

TEST_CASE("RULES §4 International and Brazilian: 50 plies in which only kings moved draw") {
    for (const auto& entry : {std::pair{Variant::international, "W:WK1,K2,31:BK49,K50,20"},
                              std::pair{Variant::brazilian, "W:WK1,K2,21:BK31,K32,12"}}) {
        // Not a structured binding: CAPTURE refers to it from a lambda,
        // which clang 14 does not allow for bindings.
        const Variant v = entry.first;
        const char* const fen = entry.second;
        CAPTURE(variant_name(v));
        Game g = game(v, fen);
        Wanderer w(g);
        w.play(30);
        w.play_man_move();
        CHECK(g.counters().progress_plies == 0);
        w.play(49);
        CHECK(ongoing(g));
        w.play(1);
        CHECK(drawn_by(g, EndReason::no_progress));
    }
}

TEST_CASE("RULES §4 International: a king and two men against a lone king, 16 moves each") {
    Game g = game(Variant::international, "W:WK47,31,35:BK5");
    Wanderer w(g);
    w.play(31);
    CHECK(g.counters().strong_moves == 16);
    CHECK(g.counters().weak_moves == 15);
    CHECK(ongoing(g));
    w.play(1);
    CHECK(drawn_by(g, EndReason::lone_king));
}

TEST_CASE("RULES §4 International, Brazilian: lone king v one or two pieces with a king, 5 moves each") {
    for (const auto& entry :
         {std::pair{Variant::international, "W:WK47,35:BK5"}, std::pair{Variant::international, "W:WK47:BK5"},
          std::pair{Variant::brazilian, "W:WK30,21:BK4"}}) {
        const Variant v = entry.first;
        const char* const fen = entry.second;
        CAPTURE(fen);
        Game g = game(v, fen);
        Wanderer w(g);
        w.play(9);
        CHECK(ongoing(g));
        w.play(1);
        CHECK(drawn_by(g, EndReason::lone_king));
    }
    // Four pieces against a lone king: no lone-king count at all.
    Game g = game(Variant::international, "W:WK47,31,33,35:BK5");
    CHECK(g.counters().lone_king.moves == 0);
    Wanderer w(g);
    w.play(40);
    CHECK(ongoing(g));
}

namespace {

struct Snapshot {
    Position position;
    DrawCounters counters;
    int repetitions;
    std::size_t plies;
};

Snapshot snapshot(const Game& g) { return {g.position(), g.counters(), g.repetitions(), g.ply_count()}; }

// Takes back every move, checking each state against the one recorded
// before that move.
void unwind(Game& g, std::vector<Snapshot>& before) {
    while (!before.empty()) {
        REQUIRE(g.undo());
        const Snapshot& s = before.back();
        CHECK(g.position() == s.position);
        CHECK(g.position().key == s.position.key);
        CHECK(g.counters().progress_plies == s.counters.progress_plies);
        CHECK(g.counters().strong_moves == s.counters.strong_moves);
        CHECK(g.counters().weak_moves == s.counters.weak_moves);
        CHECK(g.counters().lone_king.moves == s.counters.lone_king.moves);
        CHECK(g.repetitions() == s.repetitions);
        CHECK(g.ply_count() == s.plies);
        CHECK(g.moves().size() == s.plies);
        before.pop_back();
    }
    CHECK_FALSE(g.undo());
}

}  // namespace

TEST_CASE("Game::undo restores the position, the history and the counters") {
    // A random Pool game, captures included.
    Game g(Variant::pool);
    CHECK_FALSE(g.undo());
    Random random(5);
    std::vector<Snapshot> before;
    for (int i = 0; i < 60 && ongoing(g); ++i) {
        before.push_back(snapshot(g));
        const MoveList moves = g.legal_moves();
        g.play(moves[random.below(moves.size())]);
    }
    CHECK(before.size() > 30);
    unwind(g, before);
    CHECK(g.position() == start_position(Variant::pool));

    // Counting moves in a lone-king ending.
    Game h = game(Variant::pool, "W:WK1,K3,K30:BK18");
    Wanderer w(h);
    for (int i = 0; i < 10; ++i) {
        before.push_back(snapshot(h));
        w.play(1);
    }
    CHECK(h.counters().strong_moves == 5);
    CHECK(h.counters().weak_moves == 5);
    unwind(h, before);
}

TEST_CASE("RULES §5 random openings: the same seed gives the same opening, and every move is legal") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        const RandomOpening a = random_opening(v, 6, 1234);
        const RandomOpening b = random_opening(v, 6, 1234);
        CHECK(a.moves == b.moves);
        CHECK(a.positions == b.positions);
        REQUIRE(a.moves.size() == 6);
        REQUIRE(a.positions.size() == 7);
        CHECK(a.positions[0] == start_position(v));
        for (std::size_t i = 0; i < a.moves.size(); ++i) {
            const MoveList legal = legal_moves(v, a.positions[i]);
            CHECK(std::find(legal.begin(), legal.end(), a.moves[i]) != legal.end());
            Position next = a.positions[i];
            next.make(a.moves[i]);
            CHECK(next == a.positions[i + 1]);
        }
    }
    // Jamaican's "Random" start is four plies.
    CHECK(random_opening(Variant::jamaican, 4, 3).moves.size() == 4);
    CHECK(random_opening(Variant::jamaican, 0, 3).positions ==
          std::vector<Position>{start_position(Variant::jamaican)});
    CHECK_THROWS_AS(random_opening(Variant::jamaican, -1, 3), InputError);
    // Different seeds reach different openings.
    std::set<std::string> finals;
    for (std::uint64_t seed = 0; seed < 20; ++seed)
        finals.insert(to_fen(Variant::pool, random_opening(Variant::pool, 6, seed).positions.back()));
    CHECK(finals.size() > 10);
}

namespace {

void collect_leaves(Variant v, const Position& p, int depth, const std::string& path,
                    std::map<std::string, int>& leaves) {
    if (depth == 0) {
        leaves[path] = 0;
        return;
    }
    for (const Move& m : legal_moves(v, p)) {
        Position next = p;
        next.make(m);
        collect_leaves(v, next, depth - 1, path + format_move(v, p, m, MoveFormat::hub) + " ", leaves);
    }
}

}  // namespace

TEST_CASE("RULES §5 random openings are uniform over the leaves of the perft tree") {
    // Six-row, 3 plies: 106 leaves spread unevenly under the first moves, so
    // a generator choosing each ply uniformly would be far off (its
    // chi-square here would be near 8000).
    const Variant v = Variant::sixrow;
    std::map<std::string, int> leaves;
    collect_leaves(v, start_position(v), 3, "", leaves);
    REQUIRE(leaves.size() == 106);

    const int per_leaf = 100;
    for (std::uint64_t seed = 0; seed < leaves.size() * per_leaf; ++seed) {
        const RandomOpening o = random_opening(v, 3, seed);
        std::string path;
        for (std::size_t i = 0; i < o.moves.size(); ++i)
            path += format_move(v, o.positions[i], o.moves[i], MoveFormat::hub) + " ";
        const auto leaf = leaves.find(path);
        REQUIRE(leaf != leaves.end());
        ++leaf->second;
    }
    double chi_square = 0;
    int least = per_leaf;
    for (const auto& [path, n] : leaves) {
        chi_square += double(n - per_leaf) * (n - per_leaf) / per_leaf;
        least = std::min(least, n);
    }
    // 105 degrees of freedom: mean 105, standard deviation about 14.5.
    CHECK(chi_square < 180);
    CHECK(least > 50);
}
