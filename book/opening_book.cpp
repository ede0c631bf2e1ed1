#include "opening_book.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <span>

#include "builtin_books.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "variant.hpp"

namespace yaad {

OpeningBook::OpeningBook(BookFile file, std::string source) : file_(std::move(file)), source_(std::move(source)) {}

const BookEntry* OpeningBook::find(std::uint64_t key) const {
    const auto& e = file_.entries;
    const auto it = std::lower_bound(e.begin(), e.end(), key, [](const BookEntry& a, std::uint64_t k) { return a.key < k; });
    return it != e.end() && it->key == key ? &*it : nullptr;
}

std::vector<BookMove> OpeningBook::moves(const Position& p) const {
    std::vector<BookMove> result;
    const BookEntry* here = find(p.key);
    if (!here || !here->expanded) return result;
    for (const Move& m : legal_moves(file_.variant, p)) {
        Position after = p;
        after.make(m);
        if (const BookEntry* child = find(after.key)) result.push_back({m, -child->score});
    }
    std::stable_sort(result.begin(), result.end(), [](const BookMove& a, const BookMove& b) { return a.score > b.score; });
    return result;
}

std::optional<BookMove> OpeningBook::choose(const Position& p, int margin, Random& random) const {
    const std::vector<BookMove> known = moves(p);
    if (known.empty()) return std::nullopt;
    std::size_t within = 0;
    while (within < known.size() && known[within].score >= known.front().score - margin) ++within;
    return known[random.below(within)];
}

bool book_serves(Variant book, Variant game) {
    const auto same_rules = [](Variant v) { return v == Variant::pool ? Variant::jamaican : v; };
    return same_rules(book) == same_rules(game);
}

std::string serving_note(Variant book, Variant game) {
    if (book == game) return "";
    return " (" + std::string(variant_name(game)) + " plays from the " + std::string(variant_name(book)) +
           " book: the same game on the mirrored board)";
}

std::shared_ptr<const OpeningBook> builtin_book(Variant v) {
    if (v == Variant::pool) v = Variant::jamaican;
    // Decoded once per variant, when first asked for.
    static std::array<std::shared_ptr<const OpeningBook>, all_variants.size()> books;
    static std::array<bool, all_variants.size()> tried{};
    static std::mutex lock;
    const std::lock_guard guard(lock);
    const auto i = static_cast<std::size_t>(v);
    if (!tried[i]) {
        tried[i] = true;
        const std::span<const std::uint8_t> bytes = builtin_book_bytes(v);
        if (!bytes.empty())
            books[i] = std::make_shared<const OpeningBook>(
                decode_book(bytes, "built-in " + std::string(variant_name(v)) + " book"), "built-in");
    }
    return books[i];
}

std::shared_ptr<const OpeningBook> read_book(const std::string& path, Variant v) {
    BookFile file = read_book_file(path);
    if (!book_serves(file.variant, v))
        throw InputError(path + ": a book of " + std::string(variant_name(file.variant)) + ", not of " +
                         std::string(variant_name(v)));
    return std::make_shared<const OpeningBook>(std::move(file), path);
}

std::shared_ptr<const OpeningBook> open_book(const std::string& file, Variant v) {
    return file.empty() ? builtin_book(v) : read_book(file, v);
}

}  // namespace yaad
