#pragma once
// The opening book in play: which positions it knows, the moves it offers
// there with their backed-up scores, and the choice among those moves
// (any within a margin of the best, at random, so that games differ).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "book_file.hpp"
#include "move.hpp"
#include "position.hpp"
#include "random.hpp"

namespace yaad {

struct BookMove {
    Move move;
    int score = 0;  // from the mover's side, hundredths of a man
};

class OpeningBook {
public:
    explicit OpeningBook(BookFile file, std::string source);

    Variant variant() const { return file_.variant; }
    std::size_t size() const { return file_.entries.size(); }
    // Where it came from: "built-in" or a file name.
    const std::string& source() const { return source_; }
    const BookFile& file() const { return file_; }

    const BookEntry* find(std::uint64_t key) const;

    // The moves of `p` the book knows, best first (ties in move order);
    // empty when the book has not expanded p.
    std::vector<BookMove> moves(const Position& p) const;

    // A move within `margin` of the best, each such move equally likely;
    // none when the book does not know p.
    std::optional<BookMove> choose(const Position& p, int margin, Random& random) const;

private:
    BookFile file_;
    std::string source_;
};

// Whether a book of variant `book` serves games of `game`. Jamaican and
// Pool have the same rules on mirrored boards, and yaad stores both the
// same way (geometry.hpp: the mirror is only in the squares' names), so a
// position has the same key in both and one book serves both.
bool book_serves(Variant book, Variant game);

// Why a book of `book` plays a game of `game`, for people who see a
// Jamaican book in a Pool game: " (pool plays from the jamaican book: the
// same game on the mirrored board)", or "" when the variants are the same.
std::string serving_note(Variant book, Variant game);

// The book built into yaad for `v` (Pool plays from the Jamaican one);
// null when there is none.
std::shared_ptr<const OpeningBook> builtin_book(Variant v);

// The book in `path` for playing `v`. Throws InputError (one line) for a
// file that cannot be read, is not a book, is corrupt, of another version
// or of a variant whose book does not serve v.
std::shared_ptr<const OpeningBook> read_book(const std::string& path, Variant v);

// The book a front end asks for: "" the built-in one, else a file.
std::shared_ptr<const OpeningBook> open_book(const std::string& file, Variant v);

}  // namespace yaad
