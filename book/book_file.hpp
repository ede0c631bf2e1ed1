#pragma once
// The opening book's file: a versioned header, the positions sorted by
// their Zobrist key (which depends on the pieces and the side to move, not
// on the moves that led there, so transpositions share an entry), and a
// checksum over everything before it. The builder writes exactly what the
// engine reads; a file is small (11 bytes a position) so a book of
// 100,000 positions stays near 1 MB.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rules.hpp"

namespace yaad {

inline constexpr std::uint32_t book_version = 1;

struct BookEntry {
    std::uint64_t key = 0;
    // From the side to move, in hundredths of a man (the search's units):
    // for an expanded position the negamax of its children, for a leaf its
    // own search score.
    std::int16_t score = 0;
    // Its children are in the book too: the book knows its moves.
    bool expanded = false;

    friend bool operator==(const BookEntry&, const BookEntry&) = default;
};

struct BookFile {
    Variant variant = Variant::jamaican;
    // How the leaves were scored, so that a resumed build goes on alike:
    // a depth, or a node budget (0: not that kind).
    std::uint32_t leaf_depth = 0;
    std::uint64_t leaf_nodes = 0;
    std::vector<BookEntry> entries;  // sorted by key, keys distinct
};

// The file's bytes. Sorts nothing: entries must already be sorted.
std::vector<std::uint8_t> encode_book(const BookFile& book);
// Reads a book; `name` heads the one-line InputError for bytes that are
// not a book, a book of another version, a truncated or corrupt one.
BookFile decode_book(std::span<const std::uint8_t> bytes, const std::string& name);

BookFile read_book_file(const std::string& path);
// Writes through a temporary file renamed into place, so an interrupted
// build never leaves a truncated book behind.
void write_book_file(const std::string& path, const BookFile& book);

}  // namespace yaad
