// The search: always a legal move, the only move at once, and the draw rules
// of RULES.md §4 scored as draws.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "fen.hpp"
#include "game.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "search.hpp"
#include "test_helpers.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

SearchResult search_depth(const Game& game, int depth, std::size_t hash_mb = 4) {
    Engine engine(hash_mb);
    SearchControl control;
    SearchLimits limits;
    limits.depth = depth;
    limits.analysis = true;
    return engine.search(game, limits, control);
}

bool is_legal(const Game& game, const Move& m) {
    for (const Move& legal : game.legal_moves())
        if (legal.same_effect(m)) return true;
    return false;
}

// Plays `plies` quiet moves from `game`, each to a position not seen before
// in which the side to move has no capture, so nothing but the counters
// changes. Returns false when no such move exists.
bool shuffle_quietly(Game& game, int plies) {
    std::set<std::uint64_t> seen{game.position().key};
    for (int i = 0; i < plies; ++i) {
        bool moved = false;
        for (const Move& m : game.legal_moves()) {
            if (m.is_capture() || m.crowns) continue;
            Position next = game.position();
            next.make(m);
            if (seen.count(next.key)) continue;
            const MoveList replies = legal_moves(game.variant(), next);
            if (replies.empty() || replies[0].is_capture()) continue;
            game.play(m);
            seen.insert(next.key);
            moved = true;
            break;
        }
        if (!moved) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("search: the move is always legal, in every variant") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        int searched = 0;
        for (const Position& p : test::random_positions(v, 11, 6, 120)) {
            if (searched++ % 23 != 0) continue;
            const Game game(v, p);
            if (game.legal_moves().empty()) continue;
            const SearchResult r = search_depth(game, 4);
            REQUIRE(r.best.has_value());
            CHECK(is_legal(game, *r.best));
        }
    }
}

TEST_CASE("search: a forced move is played at once, without searching") {
    // English: the black man on 14 must take 18; nothing else is legal.
    const Game game(Variant::english, parse_fen(Variant::english, "B:W18,30:B1,14"));
    REQUIRE(game.legal_moves().size() == 1);
    Engine engine(1);
    SearchControl control;
    const SearchResult r = engine.search(game, SearchLimits{.depth = 20}, control);
    REQUIRE(r.best.has_value());
    CHECK(format_move(Variant::english, game.position(), *r.best, MoveFormat::hub) == "14x23x18");
    CHECK(r.nodes == 0);
    CHECK(r.depth == 0);
}

TEST_CASE("search: analysis searches a forced move anyway") {
    const Game game(Variant::english, parse_fen(Variant::english, "B:W18,30:B1,14"));
    const SearchResult r = search_depth(game, 6);
    CHECK(r.depth == 6);
    CHECK(r.nodes > 0);
}

TEST_CASE("search: no legal move gives no best move") {
    // White has no piece that can move: its only man is blocked.
    const Game game(Variant::english, parse_fen(Variant::english, "W:W5:B1"));
    REQUIRE(game.legal_moves().empty());
    CHECK_FALSE(search_depth(game, 5).best.has_value());
}

TEST_CASE("search: a side with a single mobile man plays on") {
    // International: white's men are jammed against black's except one.
    const Game game(Variant::international,
                    parse_fen(Variant::international, "W:W26,27,28,29,30,36:B16,17,18,19,20,21,22,23,24,25"));
    for (int depth : {1, 3, 6, 9}) {
        const SearchResult r = search_depth(game, depth);
        REQUIRE(r.best.has_value());
        CHECK(is_legal(game, *r.best));
    }
}

TEST_CASE("search: RULES §4 a win is scored as a win") {
    // Pool: the black king must take 25 and, by the landing rule, 23 too,
    // ending on 27 where 32x23 takes it; the last black man falls soon.
    const Game game(Variant::pool, parse_fen(Variant::pool, "W:W23,30,31,32:BK29,8"));
    const SearchResult r = search_depth(game, 9);
    CHECK(is_decisive(r.score));
    CHECK(r.score > 0);
    CHECK(format_move(Variant::pool, game.position(), *r.best) == "30-25");
}

TEST_CASE("search: RULES §4 a position that would stand for the third time scores as a draw") {
    // Pool, Black to move with a lone king against a king and three men: a
    // lost ending, except that 5-1 brings back a position for the third
    // time.
    Game game(Variant::pool, parse_fen(Variant::pool, "B:W25,26,30,K32:BK1"));
    for (const char* m : {"1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1", "28-32", "1-5", "32-28"}) game.play(m);
    const SearchResult r = search_depth(game, 8);
    CHECK(r.score == 0);
    CHECK(format_move(Variant::pool, game.position(), *r.best) == "5-1");

    // For the second time it draws nothing: White need not come back.
    Game twice(Variant::pool, parse_fen(Variant::pool, "B:W25,26,30,K32:BK1"));
    for (const char* m : {"1-5", "32-28", "5-1", "28-32", "1-5", "32-28"}) twice.play(m);
    CHECK(search_depth(twice, 8).score < -100);

    // Without that history the same position is lost.
    const Game fresh(Variant::pool, game.position());
    CHECK(search_depth(fresh, 8).score < -100);
}

TEST_CASE("search: RULES §4 Jamaican three kings against one: after twelve moves the thirteenth draws") {
    // The stronger side has 12 of its 13 moves behind it; unless its next
    // move wins on the spot, the game is drawn.
    Game game(Variant::jamaican, parse_fen(Variant::jamaican, "W:WK29,K30,K31:BK4"));
    REQUIRE(shuffle_quietly(game, 24));
    REQUIRE(game.counters().strong_moves == 12);
    REQUIRE(game.status().outcome == Outcome::ongoing);
    bool immediate_win = false;
    for (const Move& m : game.legal_moves()) {
        Position next = game.position();
        next.make(m);
        if (legal_moves(Variant::jamaican, next).empty()) immediate_win = true;
    }
    REQUIRE_FALSE(immediate_win);
    CHECK(search_depth(game, 8).score == 0);

    // Twelve moves earlier the strong side still has time to win.
    const Game fresh(Variant::jamaican, parse_fen(Variant::jamaican, "W:WK29,K30,K31:BK4"));
    CHECK(search_depth(fresh, 8).score > 0);
}

TEST_CASE("search: RULES §4 six-row: the thirtieth ply without capture or crowning draws") {
    Game game(Variant::sixrow, parse_fen(Variant::sixrow, "W:WK13,K14,K15:BK3"));
    REQUIRE(shuffle_quietly(game, 29));
    REQUIRE(game.counters().progress_plies == 29);
    REQUIRE_FALSE(game.legal_moves()[0].is_capture());
    CHECK(search_depth(game, 6).score == 0);
}

TEST_CASE("search: asked to move after a counting rule has drawn the game, it still gives a legal move") {
    // A GUI may ask anyway; the root is searched even then.
    Game game(Variant::sixrow, parse_fen(Variant::sixrow, "W:WK13,K14,K15:BK3"));
    REQUIRE(shuffle_quietly(game, 30));
    REQUIRE(game.status().reason == EndReason::no_progress);
    for (int depth : {1, 4}) {
        const SearchResult r = search_depth(game, depth);
        REQUIRE(r.best.has_value());
        CHECK(is_legal(game, *r.best));
        CHECK(r.pv.size() >= 1);
    }
}

TEST_CASE("search: the same search twice gives the same nodes, move and score") {
    const Game game(Variant::international, start_position(Variant::international));
    const SearchResult a = search_depth(game, 8, 16);
    const SearchResult b = search_depth(game, 8, 16);
    CHECK(a.nodes == b.nodes);
    CHECK(a.score == b.score);
    CHECK(a.best->same_effect(*b.best));
}

TEST_CASE("search: with helper threads the move is legal and every thread's nodes count") {
    for (const Variant v : {Variant::jamaican, Variant::international}) {
        CAPTURE(variant_name(v));
        const Game game(v, start_position(v));
        for (const int threads : {1, 3}) {
            Engine engine(4);
            engine.set_threads(threads);
            SearchControl control;
            std::uint64_t main_nodes = 0;  // the iterations report the main thread's nodes
            const SearchResult r = engine.search(game, SearchLimits{.depth = 9}, control,
                                                 [&](const SearchInfo& info) { main_nodes = info.nodes; });
            REQUIRE(r.best.has_value());
            CHECK(is_legal(game, *r.best));
            CHECK(r.depth == 9);
            if (threads == 1)
                CHECK(r.nodes == main_nodes);
            else
                CHECK(r.nodes > main_nodes);
        }
    }
    Engine engine(4);
    CHECK(engine.threads() == 1);
    engine.set_threads(0);
    CHECK(engine.threads() == 1);
    engine.set_threads(1000);
    CHECK(engine.threads() == Engine::max_threads);
}

TEST_CASE("search: stop ends an infinite search with a legal move") {
    const Game game(Variant::jamaican, start_position(Variant::jamaican));
    Engine engine(4);
    SearchControl control;
    control.stop();
    const SearchResult r = engine.search(game, SearchLimits{.infinite = true}, control);
    REQUIRE(r.best.has_value());
    CHECK(is_legal(game, *r.best));
}

TEST_CASE("search: scores in men as protocols print them") {
    CHECK(score_text(25) == "0.25");
    CHECK(score_text(-140) == "-1.40");
    CHECK(score_text(0) == "0.00");
    CHECK(score_text(win_score - 7) == "99.93");
    CHECK(score_text(-(win_score - 12)) == "-99.88");
}

TEST_CASE("search: multi-PV gives distinct moves, each line complete, in score order") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        const std::vector<Position> positions = test::random_positions(v, 7, 3, 12);
        for (const Position& p : positions) {
            const Game game(v, p);
            const std::size_t legal = game.legal_moves().size();
            if (legal < 2) continue;
            for (const int lines : {3, 64}) {
                Engine engine(4);
                SearchControl control;
                SearchLimits limits;
                limits.depth = 5;
                limits.analysis = true;
                limits.multipv = lines;
                std::vector<std::vector<SearchInfo>> by_depth(6);
                const SearchResult r = engine.search(game, limits, control, [&](const SearchInfo& info) {
                    by_depth[static_cast<std::size_t>(info.depth)].push_back(info);
                });
                const std::size_t expected = std::min<std::size_t>(static_cast<std::size_t>(lines), legal);
                for (int depth = 1; depth <= 5; ++depth) {
                    const std::vector<SearchInfo>& infos = by_depth[static_cast<std::size_t>(depth)];
                    REQUIRE(infos.size() == expected);
                    std::set<std::string> firsts;
                    for (std::size_t k = 0; k < infos.size(); ++k) {
                        CHECK(infos[k].line == static_cast<int>(k + 1));
                        REQUIRE_FALSE(infos[k].pv.empty());
                        CHECK(is_legal(game, infos[k].pv.front()));
                        firsts.insert(format_move(v, p, infos[k].pv.front(), MoveFormat::hub));
                        if (k > 0) CHECK(infos[k - 1].score >= infos[k].score);
                    }
                    CHECK(firsts.size() == infos.size());
                }
                REQUIRE(r.best);
                CHECK(r.best->same_effect(by_depth[5].front().pv.front()));
                CHECK(r.score == by_depth[5].front().score);
            }
        }
    }
}

TEST_CASE("search: multi-PV stopped by a node limit in the middle of a depth keeps a complete best line") {
    // A limit that runs out while a later line is searched leaves the
    // root's frame without a line: the result must come from the lines
    // already reported.
    for (const Variant v : {Variant::jamaican, Variant::international, Variant::english}) {
        CAPTURE(variant_name(v));
        for (const Position& p : test::random_positions(v, 11, 2, 20)) {
            const Game game(v, p);
            Engine engine(1);
            for (std::uint64_t nodes = 100; nodes <= 20000; nodes = nodes * 3 / 2) {
                CAPTURE(nodes);
                engine.new_game();
                SearchControl control;
                SearchLimits limits;
                limits.nodes = nodes;
                limits.multipv = 4;
                const SearchResult r = engine.search(game, limits, control);
                if (game.legal_moves().size() < 2) continue;  // answered without a search
                REQUIRE(r.best);
                CHECK(is_legal(game, *r.best));
                REQUIRE_FALSE(r.pv.empty());
                CHECK(r.pv.front().same_effect(*r.best));
            }
        }
    }
}
