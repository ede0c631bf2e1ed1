// PDN games written by pdn_writer and read back by pdn_reader, and PDN as
// other programs write it (comments, variations, NAGs, results in points).

#include "pdn_reader.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "pdn_writer.hpp"
#include "random.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

// A game of random legal moves until it ends or reaches `plies`.
Game random_game(Variant v, const Position& start, std::uint64_t seed, int plies) {
    Game game(v, start);
    Random rng(seed);
    for (int i = 0; i < plies && game.status().outcome == Outcome::ongoing; ++i) {
        const MoveList moves = game.legal_moves();
        game.play(moves[static_cast<std::size_t>(rng.below(moves.size()))]);
    }
    return game;
}

}  // namespace

TEST_CASE("every variant's games survive a PDN round trip, moves and end") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        std::string file;
        std::vector<Game> written;
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            written.push_back(random_game(v, start_position(v), seed, seed % 2 ? 400 : 31));
            const GameStatus s = written.back().status();
            file += pdn_game(written.back(), {{"Event", "round trip"}, {"Round", std::to_string(seed)}},
                             std::string(pdn_result(s.outcome)));
        }
        const std::vector<PdnGame> read = read_pdn(file);
        REQUIRE(read.size() == written.size());
        for (std::size_t i = 0; i < read.size(); ++i) {
            CAPTURE(i);
            CHECK(read[i].tag("Round") == std::to_string(i + 1));
            CHECK(read[i].result == pdn_result(written[i].status().outcome));
            const Game back = replay_pdn_game(read[i], Variant::international);
            CHECK(back.variant() == v);
            CHECK(back.moves() == written[i].moves());
            CHECK(back.position() == written[i].position());
            CHECK(back.status().outcome == written[i].status().outcome);
        }
    }
}

TEST_CASE("a game from a set-up position keeps its start") {
    const Variant v = Variant::english;
    const Position start = parse_fen(v, "B:W18,19,K30:B1,5,K12");
    const Game game = random_game(v, start, 5, 12);
    const std::vector<PdnGame> read = read_pdn(pdn_game(game, {}, "*"));
    REQUIRE(read.size() == 1);
    CHECK(read[0].tag("SetUp") == "1");
    const Game back = replay_pdn_game(read[0], Variant::jamaican);
    CHECK(back.start() == start);
    CHECK(back.moves() == game.moves());
}

TEST_CASE("Result closes the seven tags, before the others") {
    const Game game(Variant::international);
    const std::string with_black = pdn_game(game, {{"Event", "e"}, {"White", "w"}, {"Black", "b"}, {"Annotator", "a"}}, "*");
    CHECK(with_black.substr(0, with_black.find("\n\n")) ==
          "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[Annotator \"a\"]\n[GameType \"20\"]");
    const std::string without = pdn_game(game, {{"Event", "e"}}, "1-0");
    CHECK(without.substr(0, without.find("\n\n")) == "[Event \"e\"]\n[Result \"1-0\"]\n[GameType \"20\"]");
}

TEST_CASE("PDN as other programs write it") {
    const std::string text =
        "; a file comment\n"
        "[Event \"club\"]\n[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n\n"
        "1. 32-28 {a quiet start} 19-23 2. 28x19 (2. 33-29 23x34 $2) 14x23! $1 3.34-29 1... 2-0\n"
        "[Event \"second\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 9-14?! 22-17 1-1\n"
        "[Event \"third\"]\n1. 11-15 *\n";
    const std::vector<PdnGame> games = read_pdn(text);
    REQUIRE(games.size() == 3);
    CHECK(games[0].tag("White") == "A");
    CHECK(games[0].moves == std::vector<std::string>{"32-28", "19-23", "28x19", "14x23", "34-29"});
    // The main line's comments stay with their moves; a variation's go with it.
    CHECK(games[0].comments == std::vector<std::string>{"a quiet start", "", "", "", ""});
    // The file's comment before any tag is no game's.
    CHECK(games[0].opening_comment.empty());
    CHECK(games[0].result == "1-0");
    const Game first = replay_pdn_game(games[0], Variant::jamaican);
    CHECK(first.variant() == Variant::international);
    CHECK(first.ply_count() == 5);
    CHECK(games[1].result == "1/2-1/2");
    CHECK(replay_pdn_game(games[1], Variant::jamaican).variant() == Variant::english);
    // Without a GameType the caller's variant is taken.
    CHECK(replay_pdn_game(games[2], Variant::english).variant() == Variant::english);
    CHECK(games[2].result == "*");
}

TEST_CASE("PDN: a comment before the first move is the game's, and written back before it") {
    const std::string text = "[Event \"e\"]\n{Source: a club bulletin}\n[GameType \"21\"]\n\n"
                             "{Old Fourteenth} 1. 11-15 {book} 23-19 *\n";
    const std::vector<PdnGame> games = read_pdn(text);
    REQUIRE(games.size() == 1);
    CHECK(games[0].opening_comment == "Source: a club bulletin Old Fourteenth");
    CHECK(games[0].comments == std::vector<std::string>{"book", ""});
    const Game game = replay_pdn_game(games[0], Variant::jamaican);
    const std::string written =
        pdn_game(game, {{"Event", "e"}}, "*", {{"", "book"}, {"", ""}}, {}, games[0].opening_comment);
    CHECK(written.substr(written.find("\n\n") + 2) ==
          "{Source: a club bulletin Old Fourteenth} 1. 11-15 {book} 1... 23-19 *\n\n");
    const std::vector<PdnGame> back = read_pdn(written);
    REQUIRE(back.size() == 1);
    CHECK(back[0].opening_comment == games[0].opening_comment);
    CHECK(back[0].comments == games[0].comments);
}

TEST_CASE("a lidraughts export: byte order mark, CRLF lines, clock comments, FEN without SetUp") {
    const std::string text =
        "\xEF\xBB\xBF[Event \"Rated Russian game\"]\r\n[Site \"https://lidraughts.org/Ab3dEf9h\"]\r\n"
        "[Result \"2-0\"]\r\n[WhiteElo \"1500\"]\r\n[GameType \"25\"]\r\n[TimeControl \"180+2\"]\r\n"
        "[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]\r\n\r\n"
        "1. 22-18 11-15 {[%clock w0:03:00 B0:03:00]} 2. 18x11 8x15 {[%clock w0:03:01 B0:02:58]} 2-0\r\n";
    const std::vector<PdnGame> games = read_pdn(text);
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Event") == "Rated Russian game");
    CHECK(games[0].comments ==
          std::vector<std::string>{"", "[%clock w0:03:00 B0:03:00]", "", "[%clock w0:03:01 B0:02:58]"});
    CHECK(games[0].result == "1-0");
    const Game game = replay_pdn_game(games[0], Variant::jamaican);
    CHECK(game.variant() == Variant::russian);
    CHECK(game.ply_count() == 4);
    CHECK(to_fen(Variant::russian, game.position()) == "W:W21,23-32:B1-7,9,10,12,15");
}

TEST_CASE("game types name the variants") {
    for (const Variant v : all_variants) CHECK(variant_of_game_type(pdn_game_type(v)) == v);
    CHECK(variant_of_game_type("23") == Variant::pool);
    CHECK(variant_of_game_type(" 20 ") == Variant::international);
    CHECK_FALSE(variant_of_game_type("22").has_value());
    CHECK_FALSE(variant_of_game_type("chess").has_value());
}

TEST_CASE("bad PDN and illegal moves are errors that say where") {
    CHECK_THROWS_WITH_AS(read_pdn("[Event \"x\"]\n1. 32-28 {never closed\n"), "PDN line 2: a comment that never ends",
                         InputError);
    CHECK_THROWS_WITH_AS(read_pdn("\n\n[Event \"x\"\n1. 32-28 *"), "PDN line 3: a tag without its ']'", InputError);
    CHECK_THROWS_WITH_AS(read_pdn("1. 32-28 (1. 31-27 *"), "PDN line 1: a variation that never ends", InputError);
    CHECK_THROWS_AS(read_pdn("[Event]\n"), InputError);

    const std::vector<PdnGame> illegal = read_pdn("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *");
    REQUIRE(illegal.size() == 1);
    try {
        replay_pdn_game(illegal[0], Variant::international);
        FAIL("an illegal move was replayed");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).rfind("the game's move 3 (white, '28-22'): ", 0) == 0);
    }
    CHECK_THROWS_WITH_AS(replay_pdn_game(read_pdn("[GameType \"99\"]\n*")[0], Variant::jamaican),
                         "GameType '99' is not a game yaad plays", InputError);
}

TEST_CASE("numbered moves start at the second player's move when it is first to play") {
    const Variant v = Variant::international;
    Game game(v, parse_fen(v, "B:W31-50:B1-20"));
    game.play("19-23");
    game.play("31-27");
    game.play("14-19");
    CHECK(numbered_moves(game) == std::vector<std::string>{"1... 19-23", "2. 31-27 14-19"});
}
