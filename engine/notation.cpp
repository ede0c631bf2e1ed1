#include "notation.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <vector>

#include "board_layout.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "move_explanation.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

struct VariantStyle {
    SquareStyle squares;
    char capture_mark;
};

VariantStyle default_style(Variant v) {
    return visit_variant(v, [](auto r) {
        using R = decltype(r);
        return VariantStyle{R::square_style, R::capture_mark};
    });
}

std::vector<int> landing_numbers(const BoardLayout& l, const Route& r) {
    std::vector<int> numbers;
    for (Square s : r.landings) numbers.push_back(l.number(s));
    return numbers;
}

std::string hub_text(const BoardLayout& l, const Move& m) {
    std::string out = std::to_string(l.number(m.from)) + (m.is_capture() ? "x" : "-") + std::to_string(l.number(m.to));
    std::vector<int> captured;
    for_each_square(m.captured, [&](Square s) { captured.push_back(l.number(s)); });
    std::sort(captured.begin(), captured.end());
    for (int n : captured) {
        out += 'x';
        out += std::to_string(n);
    }
    return out;
}

// Reads "11-15", "c3xe5", "28x19x23", "a1:c3", "15×24": squares and the
// separators between them. Returns the squares.
std::vector<Square> read_squares(const BoardLayout& l, std::string_view text) {
    std::vector<Square> squares;
    std::string_view rest = trim(text);
    // Trailing annotations ("32-28*", "15x24!") say nothing about the move.
    while (!rest.empty() && std::string_view("!?*+#").find(rest.back()) != std::string_view::npos)
        rest.remove_suffix(1);
    auto fail = [&]() -> InputError { return InputError("cannot read move " + quoted_excerpt(text)); };
    for (;;) {
        std::size_t n = 0;
        if (n < rest.size() && std::isalpha(static_cast<unsigned char>(rest[n]))) ++n;
        const std::size_t digits_start = n;
        while (n < rest.size() && std::isdigit(static_cast<unsigned char>(rest[n]))) ++n;
        if (n == digits_start || n > 4) throw fail();
        const std::string_view token = rest.substr(0, n);
        std::optional<Square> s;
        if (digits_start == 1) {
            s = l.parse_algebraic(token);
        } else {
            const auto number = parse_integer(token);
            if (number) s = l.square(static_cast<int>(*number));
        }
        if (!s) throw InputError("no square " + quoted_excerpt(token) + " on this board in move " + quoted_excerpt(text));
        squares.push_back(*s);
        rest.remove_prefix(n);
        if (rest.empty()) break;
        // One separator: - x X : or the UTF-8 multiplication sign and en dash.
        if (rest[0] == '-' || rest[0] == 'x' || rest[0] == 'X' || rest[0] == ':')
            rest.remove_prefix(1);
        else if (rest.starts_with("\xC3\x97") || rest.starts_with("\xE2\x80\x93"))
            rest.remove_prefix(rest[0] == '\xC3' ? 2 : 3);
        else
            throw fail();
    }
    if (squares.size() < 2) throw fail();
    return squares;
}

// The legal moves that a route through these landing squares makes.
std::vector<Move> moves_by_route(const std::vector<Route>& routes, const std::vector<Square>& squares) {
    std::vector<Move> found;
    for (const Route& r : routes) {
        if (r.move.from != squares.front()) continue;
        if (!std::equal(r.landings.begin(), r.landings.end(), squares.begin() + 1, squares.end())) continue;
        if (std::none_of(found.begin(), found.end(), [&](const Move& m) { return m.same_effect(r.move); }))
            found.push_back(r.move);
    }
    return found;
}

// The legal moves of the Hub form: from, to, then the captured squares.
std::vector<Move> moves_by_hub_form(const MoveList& legal, const std::vector<Square>& squares) {
    Bitboard captured = 0;
    for (std::size_t i = 2; i < squares.size(); ++i) {
        if (captured & bit(squares[i])) return {};
        captured |= bit(squares[i]);
    }
    std::vector<Move> found;
    for (const Move& m : legal)
        if (m.from == squares[0] && m.to == squares[1] && m.captured == captured) found.push_back(m);
    return found;
}

}  // namespace

std::string square_text(Variant v, Square s, SquareStyle style) {
    const BoardLayout& l = layout(v);
    return style == SquareStyle::numeric ? std::to_string(l.number(s)) : l.algebraic(s);
}

std::string format_move(Variant v, const Position& before, const Move& m, MoveFormat format) {
    const BoardLayout& l = layout(v);
    if (format == MoveFormat::hub) return hub_text(l, m);

    VariantStyle style = default_style(v);
    if (format == MoveFormat::numeric) style.squares = SquareStyle::numeric;
    if (format == MoveFormat::algebraic) style.squares = SquareStyle::algebraic;
    auto name = [&](Square s) { return square_text(v, s, style.squares); };

    if (!m.is_capture()) return name(m.from) + "-" + name(m.to);
    const std::string mark(1, style.capture_mark);

    const MoveList legal = legal_moves(v, before);
    const bool shares_ends = std::any_of(legal.begin(), legal.end(), [&](const Move& o) {
        return o.from == m.from && o.to == m.to && !o.same_effect(m);
    });
    if (!shares_ends) return name(m.from) + mark + name(m.to);

    std::vector<int> best;
    const Route* chosen = nullptr;
    const auto routes = capture_routes(v, before);
    for (const Route& r : routes) {
        if (!r.move.same_effect(m)) continue;
        const auto numbers = landing_numbers(l, r);
        if (!chosen || numbers < best) {
            best = numbers;
            chosen = &r;
        }
    }
    if (!chosen) return name(m.from) + mark + name(m.to);
    std::string out = name(m.from);
    for (Square s : chosen->landings) out += mark + name(s);
    return out;
}

std::vector<Move> sorted_moves(Variant v, std::vector<Move> moves, MoveFormat format) {
    const BoardLayout& l = layout(v);
    const bool numeric = format == MoveFormat::numeric || format == MoveFormat::hub ||
                         (format == MoveFormat::pdn && default_style(v).squares == SquareStyle::numeric);
    auto key = [&](Square s) { return numeric ? l.number(s) : l.column(s) * 100 + l.rank_number(l.row(s)); };
    std::sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
        return std::make_tuple(key(a.from), key(a.to), a.captured) < std::make_tuple(key(b.from), key(b.to), b.captured);
    });
    return moves;
}

std::vector<std::string> sorted_move_texts(Variant v, const Position& before, std::vector<Move> moves,
                                           MoveFormat format) {
    moves = sorted_moves(v, std::move(moves), format);
    std::vector<std::string> texts;
    for (const Move& m : moves) texts.push_back(format_move(v, before, m, format));
    return texts;
}

std::string format_line(Variant v, Position start, const std::vector<Move>& moves, MoveFormat format) {
    std::string line;
    for (const Move& m : moves) {
        if (!line.empty()) line += ' ';
        line += format_move(v, start, m, format);
        start.make(m);
    }
    return line;
}

Move parse_move(Variant v, const Position& p, std::string_view text, MoveReading reading) {
    const BoardLayout& l = layout(v);
    const std::vector<Square> squares = read_squares(l, text);
    const MoveList legal = legal_moves(v, p);

    std::vector<Move> first, second;
    if (squares.size() == 2) {
        for (const Move& m : legal)
            if (m.from == squares[0] && m.to == squares[1]) first.push_back(m);
        // Ends shared by several moves: the text is still the full route of
        // a single jump, if one of them is that.
        if (first.size() > 1) second = moves_by_route(capture_routes(v, p), squares);
    } else {
        auto by_route = moves_by_route(capture_routes(v, p), squares);
        auto by_hub = moves_by_hub_form(legal, squares);
        first = reading == MoveReading::hub_first ? by_hub : by_route;
        second = reading == MoveReading::hub_first ? by_route : by_hub;
    }
    if (first.size() == 1) return first.front();
    if (second.size() == 1 && (first.empty() || squares.size() == 2)) return second.front();
    if (first.empty() && second.empty()) {
        const std::string_view typed = trim(text);
        const SquareStyle style = std::isalpha(static_cast<unsigned char>(typed.front())) ? SquareStyle::algebraic
                                                                                           : SquareStyle::numeric;
        throw InputError("illegal move " + quoted_excerpt(text) + ": " + why_illegal(v, p, squares, style));
    }
    throw InputError("ambiguous move " + quoted_excerpt(text) + ": give every landing square or the captured squares");
}

}  // namespace yaad
