#pragma once
// Grows an opening book by drop-out expansion (Lincke): the book is a tree
// (a graph, since transpositions share a node) whose leaves are scored by
// a search and whose inner positions take the negamax of their children.
// Each round expands the leaves that are cheapest to reach, where reaching
// a position costs a fixed amount per ply plus, at every step, how much
// worse the move taken is than the best there. Good lines grow deep; a
// line a little worse grows too, later; a bad move stays a leaf.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "book_file.hpp"

namespace yaad {

struct BookBuildOptions {
    Variant variant = Variant::jamaican;
    std::uint64_t positions = 20000;  // stop once the book holds this many
    // How a leaf is scored: a depth or a node budget (not both).
    int depth = 0;
    std::uint64_t nodes = 0;
    int threads = 1;
    std::size_t hash_mb = 64;
    // Every position of the first this many plies is expanded whatever its
    // score: the random openings of Jamaican and Pool start there.
    int forced_plies = 0;
    // The cost of one ply, in hundredths of a man: against the cost of a
    // weaker move, it sets how deep against how wide the book grows.
    int ply_cost = 10;
};

struct BookProgress {
    std::size_t positions = 0;  // in the book (searched)
    std::size_t expanded = 0;   // of those, positions whose moves the book knows
    std::size_t searched = 0;   // leaves searched by this run
    double seconds = 0;         // since this run started
};

// The plies a variant's book covers in full (forced_plies): 4 for Jamaican
// and Pool, whose games start from a random 4-ply opening; 2 for the
// others, whose games start from the start position, so that the book
// knows an answer to every first move and every reply to its own.
int book_forced_plies(Variant v);

// Grows `start` (a book of options.variant, possibly empty) until it holds
// options.positions positions. `progress` is called every few seconds and
// at the end; `save` with the book so far about once a minute and at the
// end, so an interrupted build loses little.
BookFile build_book(const BookBuildOptions& options, const BookFile& start,
                    const std::function<void(const BookProgress&)>& progress,
                    const std::function<void(const BookFile&)>& save);

}  // namespace yaad
