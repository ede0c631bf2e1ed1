#include "book_file.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "byte_fields.hpp"
#include "input_error.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

constexpr std::array<char, 8> magic{'Y', 'A', 'A', 'D', 'B', 'O', 'O', 'K'};
// magic, version 4, variant 1, reserved 3, leaf depth 4, leaf nodes 8, count 8.
constexpr std::size_t header_bytes = 8 + 4 + 1 + 3 + 4 + 8 + 8;
constexpr std::size_t entry_bytes = 8 + 2 + 1;
// Far above any book worth carrying (ten million positions).
constexpr std::uintmax_t max_book_bytes = 128u << 20;

}  // namespace

std::vector<std::uint8_t> encode_book(const BookFile& book) {
    std::vector<std::uint8_t> out(magic.begin(), magic.end());
    out.reserve(header_bytes + entry_bytes * book.entries.size() + 8);
    put_field(out, book_version, 4);
    put_field(out, static_cast<std::uint8_t>(book.variant), 1);
    put_field(out, 0, 3);
    put_field(out, book.leaf_depth, 4);
    put_field(out, book.leaf_nodes, 8);
    put_field(out, book.entries.size(), 8);
    for (const BookEntry& e : book.entries) {
        put_field(out, e.key, 8);
        put_field(out, static_cast<std::uint16_t>(e.score), 2);
        put_field(out, e.expanded ? 1 : 0, 1);
    }
    put_field(out, fnv1a(out), 8);
    return out;
}

BookFile decode_book(std::span<const std::uint8_t> bytes, const std::string& name) {
    auto fail = [&](const std::string& why) { return InputError(name + ": " + why); };
    if (bytes.size() < header_bytes + 8 || !std::equal(magic.begin(), magic.end(), bytes.begin()))
        throw fail("not a yaad opening book");
    const auto version = get_field(bytes, 8, 4);
    if (version != book_version)
        throw fail("book version " + std::to_string(version) + ", this yaad reads version " +
                   std::to_string(book_version));
    const auto variant = get_field(bytes, 12, 1);
    if (variant >= all_variants.size()) throw fail("unknown variant number " + std::to_string(variant));
    BookFile book;
    book.variant = static_cast<Variant>(variant);
    book.leaf_depth = static_cast<std::uint32_t>(get_field(bytes, 16, 4));
    book.leaf_nodes = get_field(bytes, 20, 8);
    const std::uint64_t count = get_field(bytes, 28, 8);
    const std::uint64_t room = (bytes.size() - header_bytes - 8) / entry_bytes;
    if (count > room || header_bytes + count * entry_bytes + 8 != bytes.size())
        throw fail(std::to_string(bytes.size()) + " bytes for " + std::to_string(count) +
                   " positions (truncated?)");
    const std::size_t end = header_bytes + static_cast<std::size_t>(count) * entry_bytes;
    if (fnv1a(bytes.first(end)) != get_field(bytes, end, 8)) throw fail("checksum mismatch (corrupt file)");
    book.entries.resize(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < book.entries.size(); ++i) {
        const std::size_t at = header_bytes + i * entry_bytes;
        BookEntry& e = book.entries[i];
        e.key = get_field(bytes, at, 8);
        e.score = static_cast<std::int16_t>(get_field(bytes, at + 8, 2));
        e.expanded = bytes[at + 10] != 0;
        // Lookups search by key: an unsorted file would hide positions.
        if (i > 0 && e.key <= book.entries[i - 1].key) throw fail("positions out of order (corrupt file)");
    }
    return book;
}

BookFile read_book_file(const std::string& path) {
    // A device or a directory named by mistake must not be read forever.
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) throw InputError("cannot read the book " + path);
    if (std::filesystem::file_size(path, error) > max_book_bytes)
        throw InputError(path + ": too large for a book (more than " + std::to_string(max_book_bytes >> 20) + " MB)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read the book " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return decode_book(bytes, path);
}

void write_book_file(const std::string& path, const BookFile& book) {
    const std::vector<std::uint8_t> bytes = encode_book(book);
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) throw InputError("cannot write " + temporary);
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) throw InputError("cannot rename " + temporary + " to " + path);
}

}  // namespace yaad
