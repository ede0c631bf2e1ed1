#pragma once
// Which opening book a front end hands its engine (--book, --book-margin,
// the Hub parameters book, book-margin and book-file, the shell's book
// command), and how a position's book moves read for people.

#include <optional>
#include <string>

#include "game.hpp"
#include "search.hpp"

namespace yaad {

// Hundredths of a man: book moves this close to the best are played too,
// so that games differ; the book's scores are not finer than that.
inline constexpr int default_book_margin = 5;
inline constexpr int max_book_margin = 1000;

struct BookChoice {
    bool on = true;
    int margin = default_book_margin;
    std::string file;  // "": the built-in book of the variant
};

// Gives `engine` the book `choice` asks for, for playing `v`. A file that
// cannot be used leaves the engine without a book and returns the one
// line saying why.
std::optional<std::string> give_book(Engine& engine, Variant v, const BookChoice& choice);

// "book (scores for Black): 11-15 +0.12, 9-14 +0.08" for the
// current position; nothing when the engine's book does not know it.
std::optional<std::string> book_moves_text(const Engine& engine, const Game& game);

// "book on, margin 5 (0.05 men), built-in: 41230 positions of jamaican".
std::string book_status(const Engine& engine, const BookChoice& choice, Variant v);

}  // namespace yaad
