#include "text.hpp"

#include <cctype>
#include <charconv>

namespace yaad {

namespace {
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
}  // namespace

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = s.find(separator);
        parts.push_back(s.substr(0, at));
        if (at == std::string_view::npos) return parts;
        s.remove_prefix(at + 1);
    }
}

namespace {

std::vector<std::string_view> words_of(std::string_view s, bool quotes) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && is_blank(s[i])) ++i;
        if (quotes && i < s.size() && s[i] == '"') {
            const std::size_t start = ++i;
            while (i < s.size() && s[i] != '"') ++i;
            words.push_back(s.substr(start, i - start));
            if (i < s.size()) ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < s.size() && !is_blank(s[i])) ++i;
        if (i > start) words.push_back(s.substr(start, i - start));
    }
    return words;
}

}  // namespace

std::vector<std::string_view> split_words(std::string_view s) { return words_of(s, false); }

std::vector<std::string_view> split_quoted_words(std::string_view s) { return words_of(s, true); }

std::optional<std::int64_t> parse_integer(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

std::string printable_excerpt(std::string_view s) {
    constexpr std::size_t limit = 60;
    std::string out;
    for (char c : s.substr(0, limit)) out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    if (s.size() > limit) out += "...";
    return out;
}

std::string quoted_excerpt(std::string_view s) { return "'" + printable_excerpt(s) + "'"; }

}  // namespace yaad
