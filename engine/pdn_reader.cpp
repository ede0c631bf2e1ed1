#include "pdn_reader.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>

#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "pdn_writer.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

bool is_result(std::string_view w) {
    // Draughts PDN also writes results in points: 2-0, 1-1, 0-2 (and 0-0
    // for a double forfeit).
    return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "2-0" || w == "0-2" || w == "1-1" ||
           w == "0-0";
}

std::string normal_result(std::string_view w) {
    if (w == "2-0") return "1-0";
    if (w == "0-2") return "0-1";
    if (w == "1-1") return "1/2-1/2";
    return std::string(w);
}

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::vector<PdnGame> games() {
        std::vector<PdnGame> games;
        PdnGame game;
        bool in_moves = false;
        auto finish = [&] {
            if (!game.tags.empty() || !game.moves.empty() || !game.result.empty()) games.push_back(std::move(game));
            game = PdnGame{};
            in_moves = false;
        };
        while (skip_blanks()) {
            const char c = text_[at_];
            if (c == '[') {
                if (in_moves || !game.result.empty()) finish();
                game.tags.push_back(read_tag());
            } else if (c == '{') {
                const std::size_t start = at_ + 1;
                skip_until('}', "comment");
                keep_comment(game, text_.substr(start, at_ - 1 - start));
            } else if (c == ';') {
                const std::size_t start = at_ + 1;
                while (at_ < text_.size() && text_[at_] != '\n') ++at_;
                keep_comment(game, text_.substr(start, at_ - start));
            } else if (c == '(') {
                skip_variation();
            } else if (c == '%' && (at_ == 0 || text_[at_ - 1] == '\n')) {
                while (at_ < text_.size() && text_[at_] != '\n') ++at_;
            } else {
                const std::string_view word = read_word();
                in_moves = true;
                if (is_result(word)) {
                    game.result = normal_result(word);
                    finish();
                } else if (const std::string move = move_of(word); !move.empty()) {
                    game.moves.push_back(move);
                    game.comments.emplace_back();
                }
            }
        }
        finish();
        return games;
    }

private:
    static void keep_comment(PdnGame& game, std::string_view comment) {
        comment = trim(comment);
        if (comment.empty() || (game.moves.empty() && game.tags.empty())) return;
        std::string& kept = game.moves.empty() ? game.opening_comment : game.comments.back();
        if (!kept.empty()) kept += ' ';
        kept += comment;
    }

    bool skip_blanks() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
        return at_ < text_.size();
    }

    int line_number() const {
        int line = 1;
        for (std::size_t i = 0; i < at_ && i < text_.size(); ++i) line += text_[i] == '\n';
        return line;
    }

    [[noreturn]] void fail(const std::string& what, std::size_t where) {
        at_ = where;
        throw InputError("PDN line " + std::to_string(line_number()) + ": " + what);
    }

    std::pair<std::string, std::string> read_tag() {
        const std::size_t start = at_;
        ++at_;
        const std::size_t end = text_.find(']', at_);
        const std::size_t newline = text_.find('\n', at_);
        if (end == std::string_view::npos || (newline != std::string_view::npos && newline < end))
            fail("a tag without its ']'", start);
        const std::string_view inside = trim(text_.substr(at_, end - at_));
        at_ = end + 1;
        const std::size_t blank = inside.find_first_of(" \t");
        const std::size_t open = inside.find('"');
        const std::size_t close = inside.rfind('"');
        if (blank == std::string_view::npos || open == std::string_view::npos || close == open)
            fail("a tag is [Name \"value\"], not [" + printable_excerpt(inside) + "]", start);
        return {std::string(inside.substr(0, blank)), std::string(inside.substr(open + 1, close - open - 1))};
    }

    void skip_until(char close, const char* what) {
        const std::size_t start = at_;
        const std::size_t end = text_.find(close, at_ + 1);
        if (end == std::string_view::npos) fail(std::string("a ") + what + " that never ends", start);
        at_ = end + 1;
    }

    void skip_variation() {
        const std::size_t start = at_;
        int depth = 0;
        for (; at_ < text_.size(); ++at_) {
            const char c = text_[at_];
            if (c == '{') {
                skip_until('}', "comment");
                --at_;
            } else if (c == '(') {
                ++depth;
            } else if (c == ')' && --depth == 0) {
                ++at_;
                return;
            }
        }
        fail("a variation that never ends", start);
    }

    std::string_view read_word() {
        const std::size_t start = at_;
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (std::isspace(static_cast<unsigned char>(c)) || c == '{' || c == '(' || c == ';' || c == '[') break;
            ++at_;
        }
        if (at_ == start) fail("a stray '" + std::string(1, text_[at_]) + "'", start);
        return text_.substr(start, at_ - start);
    }

    // The move in a word of move text: without a move number in front
    // ("12." or "12...") or marks behind ("!", "?"); empty for a lone move
    // number or a NAG ($3).
    static std::string move_of(std::string_view w) {
        if (w.front() == '$') return {};
        std::size_t digits = 0;
        while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
        if (digits > 0 && digits < w.size() && w[digits] == '.') {
            w.remove_prefix(digits);
            while (!w.empty() && w.front() == '.') w.remove_prefix(1);
        }
        while (!w.empty() && (w.back() == '!' || w.back() == '?')) w.remove_suffix(1);
        return std::string(w);
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<std::string> PdnGame::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return v;
    return std::nullopt;
}

std::vector<PdnGame> read_pdn(std::string_view text) {
    // Windows programs often begin a UTF-8 file with a byte order mark.
    constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
    if (text.starts_with(byte_order_mark)) text.remove_prefix(byte_order_mark.size());
    return Reader(text).games();
}

std::vector<PdnGame> read_pdn_file(const std::string& path) {
    constexpr std::uintmax_t most_bytes = 64u << 20;
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (error) throw InputError("cannot read " + quoted_excerpt(path) + ": " + error.message());
    if (bytes > most_bytes) throw InputError(quoted_excerpt(path) + " is over 64 MB: not a PDN file to read here");
    std::ifstream in(path, std::ios::binary);
    std::string text(bytes, '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(bytes))) throw InputError("cannot read " + quoted_excerpt(path));
    std::vector<PdnGame> games = read_pdn(text);
    if (games.empty()) throw InputError(quoted_excerpt(path) + " holds no PDN game");
    return games;
}

std::optional<Variant> variant_of_game_type(std::string_view game_type) {
    const std::string_view type = trim(game_type);
    for (const Variant v : all_variants)
        if (pdn_game_type(v) == type) return v;
    const std::string_view number = type.substr(0, type.find(','));
    if (number == "23") return Variant::pool;
    for (const Variant v : all_variants)
        if (pdn_game_type(v) == number) return v;
    return std::nullopt;
}

Game replay_pdn_game(const PdnGame& pdn, Variant fallback) {
    Variant v = fallback;
    if (const auto type = pdn.tag("GameType")) {
        const auto named = variant_of_game_type(*type);
        if (!named) throw InputError("GameType " + quoted_excerpt(*type) + " is not a game yaad plays");
        v = *named;
    }
    const auto fen = pdn.tag("FEN");
    Game game(v, fen ? parse_position(v, *fen) : start_position(v));
    for (std::size_t i = 0; i < pdn.moves.size(); ++i) {
        const Color side = game.position().side;
        try {
            game.play(pdn.moves[i]);
        } catch (const InputError& e) {
            throw InputError("the game's move " + std::to_string(i + 1) + " (" + std::string(color_name(side)) +
                             ", " + quoted_excerpt(pdn.moves[i]) + "): " + e.what());
        }
    }
    return game;
}

}  // namespace yaad
