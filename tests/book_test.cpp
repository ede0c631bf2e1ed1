// The opening book: its file round-trips and refuses bad bytes in one
// line, a move is chosen within the margin (exactly, given a seed), the
// engine plays from it only where it should, and the builder grows and
// extends a book.

#include "opening_book.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "book_builder.hpp"
#include "builtin_books.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "search.hpp"
#include "temp_dir.hpp"
#include "variant.hpp"

using namespace yaad;

namespace {

// The Jamaican start expanded, each move scored (for the mover) as given
// in legal-move order: children store the negated score.
BookFile hand_made_book(const std::vector<int>& move_scores) {
    BookFile f;
    f.variant = Variant::jamaican;
    f.leaf_nodes = 1000;
    const Position start = start_position(Variant::jamaican);
    const MoveList moves = legal_moves(Variant::jamaican, start);
    REQUIRE(moves.size() == move_scores.size());
    int best = -30000;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Position after = start;
        after.make(moves[i]);
        f.entries.push_back({after.key, static_cast<std::int16_t>(-move_scores[i]), false});
        best = std::max(best, move_scores[i]);
    }
    f.entries.push_back({start.key, static_cast<std::int16_t>(best), true});
    std::sort(f.entries.begin(), f.entries.end(), [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
    return f;
}

std::string text(const Position& p, const Move& m) { return format_move(Variant::jamaican, p, m); }

std::string error_of(std::span<const std::uint8_t> bytes) {
    try {
        decode_book(bytes, "b.book");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("book file: what is written is read back, byte for byte") {
    const BookFile f = hand_made_book({3, -2, 7, 7, 0, -40, 5});
    const std::vector<std::uint8_t> bytes = encode_book(f);
    CHECK(bytes.size() == 36 + 8 * 11 + 8);
    const BookFile back = decode_book(bytes, "b.book");
    CHECK(back.variant == f.variant);
    CHECK(back.leaf_nodes == 1000);
    CHECK(back.leaf_depth == 0);
    CHECK(back.entries == f.entries);
    CHECK(encode_book(back) == bytes);

    test::TempDir dir("book-file");
    std::filesystem::create_directories(dir.path);
    const std::string path = (dir.path / "j.book").string();
    write_book_file(path, f);
    CHECK(read_book_file(path).entries == f.entries);
    CHECK(!std::filesystem::exists(path + ".part"));
    CHECK(read_book(path, Variant::jamaican)->size() == 8);
    CHECK_THROWS_WITH_AS(read_book(path, Variant::english), (path + ": a book of jamaican, not of english").c_str(),
                         InputError);
    // Pool is Jamaican on the other diagonal, stored alike: one book serves both.
    CHECK(read_book(path, Variant::pool)->size() == 8);
    CHECK(book_serves(Variant::pool, Variant::jamaican));
    CHECK(!book_serves(Variant::english, Variant::pool));
}

TEST_CASE("book: the built-in Jamaican book plays Pool, the same moves on the mirrored board") {
    const auto jamaican = builtin_book(Variant::jamaican);
    REQUIRE(jamaican);
    CHECK(builtin_book(Variant::pool) == jamaican);
    const Position start = start_position(Variant::pool);
    CHECK(start == start_position(Variant::jamaican));
    const std::vector<BookMove> moves = jamaican->moves(start);
    CHECK(moves.size() == legal_moves(Variant::pool, start).size());
}

TEST_CASE("book: every variant has a built-in book, well formed, that knows every move of the start") {
    for (const Variant v : all_variants) {
        CAPTURE(variant_name(v));
        // Pool plays from the Jamaican book (see above).
        const Variant own = v == Variant::pool ? Variant::jamaican : v;
        const std::span<const std::uint8_t> bytes = builtin_book_bytes(own);
        REQUIRE(!bytes.empty());
        const BookFile f = decode_book(bytes, "built-in");
        CHECK(f.variant == own);
        CHECK(encode_book(f) == std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
        // Under 300 KB, except the two whose books reach furthest.
        if (own != Variant::jamaican && own != Variant::international) CHECK(bytes.size() < 300'000);
        const auto book = builtin_book(v);
        REQUIRE(book);
        const Position start = start_position(v);
        CHECK(book->moves(start).size() == legal_moves(v, start).size());
        // Every reply to every first move too (book_forced_plies).
        for (const Move& m : legal_moves(v, start)) {
            Position after = start;
            after.make(m);
            CHECK(book->moves(after).size() == legal_moves(v, after).size());
        }

        // A truncated or altered copy of it is one line, never a book.
        std::vector<std::uint8_t> copy(bytes.begin(), bytes.end());
        copy.pop_back();
        CHECK_THROWS_AS(decode_book(copy, "b.book"), InputError);
        copy.assign(bytes.begin(), bytes.end());
        copy[copy.size() / 2] ^= 0x01;
        CHECK_THROWS_WITH_AS(decode_book(copy, "b.book"), "b.book: checksum mismatch (corrupt file)", InputError);
    }
}

TEST_CASE("book file: truncated, corrupt, foreign or of another version: one line") {
    const std::vector<std::uint8_t> good = encode_book(hand_made_book({3, -2, 7, 7, 0, -40, 5}));
    std::vector<std::uint8_t> truncated(good.begin(), good.end() - 5);
    CHECK(error_of(truncated) == "b.book: 127 bytes for 8 positions (truncated?)");
    std::vector<std::uint8_t> flipped = good;
    flipped[60] ^= 0x10;
    CHECK(error_of(flipped) == "b.book: checksum mismatch (corrupt file)");
    std::vector<std::uint8_t> version = good;
    version[8] = 9;
    CHECK(error_of(version) == "b.book: book version 9, this yaad reads version 1");
    const std::vector<std::uint8_t> text{'h', 'e', 'l', 'l', 'o'};
    CHECK(error_of(text) == "b.book: not a yaad opening book");
    CHECK(error_of({}) == "b.book: not a yaad opening book");
    CHECK_THROWS_WITH_AS(read_book_file("/nonexistent/x.book"), "cannot read the book /nonexistent/x.book", InputError);
}

TEST_CASE("book: the moves best first, a choice within the margin, the same for the same seed") {
    const OpeningBook book(hand_made_book({3, -2, 7, 7, 0, -40, 5}), "test");
    const Position start = start_position(Variant::jamaican);
    const MoveList legal = legal_moves(Variant::jamaican, start);
    const std::vector<BookMove> moves = book.moves(start);
    REQUIRE(moves.size() == 7);
    std::vector<int> scores;
    for (const BookMove& m : moves) scores.push_back(m.score);
    CHECK(scores == std::vector<int>{7, 7, 5, 3, 0, -2, -40});
    CHECK(moves[0].move == legal[2]);  // ties keep the move order
    CHECK(moves[1].move == legal[3]);

    // Margin 0: the two best; margin 4: also 5 and 3; every one drawn.
    for (const auto& entry : std::map<int, std::size_t>{{0, 2}, {2, 3}, {4, 4}, {100, 7}}) {
        // Not a structured binding: clang 14 cannot capture one (CAPTURE).
        const int margin = entry.first;
        const std::size_t count = entry.second;
        CAPTURE(margin);
        Random random(7);
        std::set<std::string> drawn;
        int lowest = 7;
        for (int i = 0; i < 400; ++i) {
            const BookMove m = *book.choose(start, margin, random);
            drawn.insert(text(start, m.move));
            lowest = std::min(lowest, m.score);
        }
        CHECK(drawn.size() == count);
        CHECK(lowest >= 7 - margin);
    }
    Random a(2026), b(2026);
    std::string first, again;
    for (int i = 0; i < 8; ++i) {
        first += text(start, book.choose(start, 4, a)->move) + " ";
        again += text(start, book.choose(start, 4, b)->move) + " ";
    }
    CHECK(first == again);
    CHECK(first == "a3-b4 c3-d4 c3-b4 c3-b4 c3-b4 c3-d4 c3-d4 g3-h4 ");

    // A position the book has not expanded (a leaf, or unknown): no move.
    Position after = start;
    after.make(legal[0]);
    Random r(1);
    CHECK(book.moves(after).empty());
    CHECK(!book.choose(after, 100, r));
}

TEST_CASE("book: the engine plays from it at once, but not in analysis, for another variant or below full strength") {
    auto book = std::make_shared<const OpeningBook>(hand_made_book({3, -2, 7, 1, 0, -40, 5}), "test");
    const Position start = start_position(Variant::jamaican);
    Engine engine(1);
    engine.set_book(book, 0);
    SearchControl control;
    SearchLimits limits;
    limits.depth = 4;
    const SearchResult r = engine.search(Game(Variant::jamaican), limits, control);
    CHECK(r.from_book);
    CHECK(r.score == 7);
    CHECK(r.nodes == 0);
    CHECK(r.best == legal_moves(Variant::jamaican, start)[2]);

    limits.analysis = true;
    const SearchResult analysed = engine.search(Game(Variant::jamaican), limits, control);
    CHECK(!analysed.from_book);
    CHECK(analysed.nodes > 0);
    limits.analysis = false;
    CHECK(engine.search(Game(Variant::pool), limits, control).from_book);
    CHECK(!engine.search(Game(Variant::english), limits, control).from_book);
    engine.set_level(full_strength - 1);
    const SearchResult weaker = engine.search(Game(Variant::jamaican), limits, control);
    CHECK(!weaker.from_book);
    CHECK(weaker.nodes > 0);
    engine.set_level(full_strength);
    CHECK(engine.search(Game(Variant::jamaican), limits, control).from_book);
    engine.set_book(nullptr, 0);
    CHECK(!engine.search(Game(Variant::jamaican), limits, control).from_book);
}

TEST_CASE("book builder: the first plies in full, scores backed up, an interrupted build extended") {
    BookBuildOptions o;
    o.variant = Variant::jamaican;
    o.depth = 2;
    o.hash_mb = 1;
    o.forced_plies = book_forced_plies(Variant::jamaican);
    CHECK(o.forced_plies == 4);
    CHECK(book_forced_plies(Variant::international) == 2);
    o.positions = 60;
    int saves = 0;
    BookFile empty;
    const BookFile small = build_book(o, empty, [](const BookProgress&) {}, [&](const BookFile&) { ++saves; });
    CHECK(saves == 1);
    CHECK(small.entries.size() >= 60);
    const OpeningBook book(small, "small");
    const Position start = start_position(Variant::jamaican);
    const std::vector<BookMove> moves = book.moves(start);
    // The forced plies come first: every move of the start is in the book.
    CHECK(moves.size() == 7);
    // Negamax: the start's score is the best of its moves.
    CHECK(book.find(start.key)->score == moves.front().score);

    o.positions = 400;
    const BookFile larger = build_book(o, small, [](const BookProgress&) {}, [](const BookFile&) {});
    CHECK(larger.entries.size() >= 400);
    std::set<std::uint64_t> keys;
    for (const BookEntry& e : larger.entries) keys.insert(e.key);
    std::size_t kept = 0;
    for (const BookEntry& e : small.entries) kept += keys.count(e.key);
    CHECK(kept == small.entries.size());
    // Deterministic with one thread and a depth.
    CHECK(build_book(o, small, [](const BookProgress&) {}, [](const BookFile&) {}).entries == larger.entries);
}
