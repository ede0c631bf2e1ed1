#pragma once
// Small string helpers shared by the parsers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yaad {

std::string_view trim(std::string_view s);
std::string to_lower(std::string_view s);
std::vector<std::string_view> split(std::string_view s, char separator);
// Splits on runs of blanks (spaces, tabs, CR, LF); no empty pieces.
std::vector<std::string_view> split_words(std::string_view s);
// The same, but a word in double quotes may hold blanks (a file name such
// as "my games.pdn"); the quotes are not part of it, and a quote left open
// runs to the end.
std::vector<std::string_view> split_quoted_words(std::string_view s);
// A whole string of decimal digits that fits in an int64.
std::optional<std::int64_t> parse_integer(std::string_view s);
// User input made fit for a one-line message: printable ASCII only (other
// bytes become '?'), cut after 60 characters.
std::string printable_excerpt(std::string_view s);
// The same in single quotes.
std::string quoted_excerpt(std::string_view s);

}  // namespace yaad
