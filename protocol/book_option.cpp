#include "book_option.hpp"

#include "input_error.hpp"
#include "notation.hpp"
#include "variant.hpp"

namespace yaad {

std::optional<std::string> give_book(Engine& engine, Variant v, const BookChoice& choice) {
    if (!choice.on) {
        engine.set_book(nullptr, choice.margin);
        return std::nullopt;
    }
    try {
        engine.set_book(open_book(choice.file, v), choice.margin);
    } catch (const InputError& e) {
        engine.set_book(nullptr, choice.margin);
        return std::string(e.what()) + "; playing without a book";
    }
    return std::nullopt;
}

std::optional<std::string> book_moves_text(const Engine& engine, const Game& game) {
    const OpeningBook* book = engine.book();
    if (!book || !book_serves(book->variant(), game.variant())) return std::nullopt;
    const std::vector<BookMove> moves = book->moves(game.position());
    if (moves.empty()) return std::nullopt;
    std::string text = std::string("book (scores for ") + (game.position().side == Color::white ? "White" : "Black") + "):";
    for (std::size_t i = 0; i < moves.size(); ++i)
        text += (i ? ", " : " ") + format_move(game.variant(), game.position(), moves[i].move) + " " +
                (moves[i].score > 0 ? "+" : "") + score_text(moves[i].score);
    return text;
}

std::string book_status(const Engine& engine, const BookChoice& choice, Variant v) {
    std::string text = std::string("book ") + (choice.on ? "on" : "off") + ", margin " +
                       std::to_string(choice.margin) + " (" + score_text(choice.margin) + " men)";
    if (const OpeningBook* book = engine.book())
        text += ", " + book->source() + ": " + std::to_string(book->size()) + " positions of " +
                std::string(variant_name(book->variant())) + serving_note(book->variant(), v);
    else if (choice.on)
        text += ", no book for " + std::string(variant_name(v));
    return text;
}

}  // namespace yaad
