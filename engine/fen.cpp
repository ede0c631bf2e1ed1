#include "fen.hpp"

#include <cctype>

#include "board_layout.hpp"
#include "geometry.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

// Collects pieces one by one and checks them (RULES.md §1).
class PositionBuilder {
public:
    explicit PositionBuilder(Variant v) : variant_(v), layout_(yaad::layout(v)) {
        crowning_rows_ = visit_variant(v, [](auto r) {
            using G = Geometry<decltype(r)::board_size>;
            return std::array{G::crowning_row(Color::white), G::crowning_row(Color::black)};
        });
    }

    void add_number(Color c, int number, bool king) {
        const auto s = layout_.square(number);
        if (!s)
            throw InputError("square " + std::to_string(number) + " is not on the board (1-" +
                             std::to_string(layout_.squares()) + ")");
        add_square(c, *s, king);
    }

    void add_square(Color c, Square s, bool king) {
        if (position_.occupied() & bit(s))
            throw InputError("square " + std::to_string(layout_.number(s)) + " is given twice");
        if (!king && (crowning_rows_[index(c)] & bit(s)))
            throw InputError(std::string(color_name(c)) + " man on square " +
                             std::to_string(layout_.number(s)) + ", its own crowning row");
        position_.pieces[index(c)] |= bit(s);
        if (king) position_.kings |= bit(s);
    }

    Position finish(Color side) {
        position_.side = side;
        position_.refresh_key();
        return position_;
    }

    const BoardLayout& layout() const { return layout_; }
    Variant variant() const { return variant_; }

private:
    Variant variant_;
    const BoardLayout& layout_;
    std::array<Bitboard, 2> crowning_rows_{};
    Position position_;
};

std::optional<Color> parse_colour(char c) {
    switch (c) {
        case 'W': case 'w': return Color::white;
        case 'B': case 'b': return Color::black;
        default: return std::nullopt;
    }
}

int parse_square_number(std::string_view text) {
    const auto n = parse_integer(text);
    if (!n || *n < 0 || *n > 1000) throw InputError("bad square " + quoted_excerpt(text));
    return static_cast<int>(*n);
}

// One item of a FEN list: 12, K12, 21-32, K1-4, c3, Kc3.
void add_fen_item(PositionBuilder& builder, Color c, std::string_view item) {
    bool king = false;
    if (!item.empty() && (item.front() == 'K' || item.front() == 'k')) {
        king = true;
        item = trim(item.substr(1));
    }
    if (item.empty()) throw InputError("empty square in the piece list");
    if (std::isalpha(static_cast<unsigned char>(item.front()))) {
        const auto s = builder.layout().parse_algebraic(item);
        if (!s) throw InputError("bad square " + quoted_excerpt(item));
        builder.add_square(c, *s, king);
        return;
    }
    const auto dash = item.find('-', 1);
    if (dash == std::string_view::npos) {
        builder.add_number(c, parse_square_number(item), king);
        return;
    }
    const int first = parse_square_number(trim(item.substr(0, dash)));
    const int last = parse_square_number(trim(item.substr(dash + 1)));
    if (first > last) throw InputError("range " + quoted_excerpt(item) + " runs backwards");
    for (int n = first; n <= last; ++n) builder.add_number(c, n, king);
}

// "5,6,7" or "5-7", "K5,K6" or "K5-6": whichever is shorter, the list on a tie.
std::string fen_run(int first, int last, bool king) {
    const std::string k = king ? "K" : "";
    std::string listed;
    for (int n = first; n <= last; ++n) listed += (n > first ? "," : "") + k + std::to_string(n);
    if (first == last) return listed;
    const std::string ranged = k + std::to_string(first) + "-" + std::to_string(last);
    return ranged.size() < listed.size() ? ranged : listed;
}

std::string fen_list(const BoardLayout& l, const Position& p, Color c) {
    std::string out;
    int n = 1;
    while (n <= l.squares()) {
        const Square s = *l.square(n);
        if (!(p.of(c) & bit(s))) {
            ++n;
            continue;
        }
        const bool king = (p.kings & bit(s)) != 0;
        int last = n;
        while (last < l.squares()) {
            const Square next = *l.square(last + 1);
            if (!(p.of(c) & bit(next)) || ((p.kings & bit(next)) != 0) != king) break;
            ++last;
        }
        if (!out.empty()) out += ',';
        out += fen_run(n, last, king);
        n = last + 1;
    }
    return out;
}

}  // namespace

Position parse_fen(Variant v, std::string_view text) {
    std::string_view body = trim(text);
    if (!body.empty() && body.back() == '.') body = trim(body.substr(0, body.size() - 1));
    const auto fields = split(body, ':');
    const std::string_view side_text = trim(fields[0]);
    const auto side = side_text.size() == 1 ? parse_colour(side_text[0]) : std::nullopt;
    if (!side) throw InputError("FEN must start with the side to move, W or B: " + quoted_excerpt(text));

    PositionBuilder builder(v);
    bool listed[2] = {false, false};
    for (std::size_t i = 1; i < fields.size(); ++i) {
        const std::string_view field = trim(fields[i]);
        if (field.empty()) continue;
        // Some programs append move counters (":H0:F1"); they carry nothing
        // our position needs.
        if ((field[0] == 'H' || field[0] == 'F' || field[0] == 'h' || field[0] == 'f') &&
            parse_integer(field.substr(1)))
            continue;
        const auto colour = parse_colour(field[0]);
        if (!colour) throw InputError("FEN list must start with W or B: " + quoted_excerpt(field));
        if (listed[index(*colour)])
            throw InputError(std::string("FEN gives the ") + color_name(*colour) + " pieces twice");
        listed[index(*colour)] = true;
        for (std::string_view item : split(field.substr(1), ',')) {
            item = trim(item);
            if (!item.empty()) add_fen_item(builder, *colour, item);
        }
    }
    return builder.finish(*side);
}

std::string to_fen(Variant v, const Position& p) {
    const BoardLayout& l = layout(v);
    return std::string(p.side == Color::white ? "W" : "B") + ":W" + fen_list(l, p, Color::white) + ":B" +
           fen_list(l, p, Color::black);
}

Position parse_hub_position(Variant v, std::string_view text) {
    text = trim(text);
    PositionBuilder builder(v);
    const int squares = builder.layout().squares();
    if (static_cast<int>(text.size()) != squares + 1)
        throw InputError("a " + std::string(variant_name(v)) + " position string has " +
                         std::to_string(squares + 1) + " characters, not " + std::to_string(text.size()));
    const auto side = parse_colour(text[0]);
    if (!side) throw InputError("position string must start with the side to move, W or B");
    for (int n = 1; n <= squares; ++n) {
        switch (text[n]) {
            case 'w': builder.add_number(Color::white, n, false); break;
            case 'W': builder.add_number(Color::white, n, true); break;
            case 'b': builder.add_number(Color::black, n, false); break;
            case 'B': builder.add_number(Color::black, n, true); break;
            case 'e': case '.': break;
            default:
                throw InputError("position string: bad character '" + std::string(1, text[n]) +
                                 "' for square " + std::to_string(n) + " (use w b W B e)");
        }
    }
    return builder.finish(*side);
}

std::string to_hub_position(Variant v, const Position& p) {
    const BoardLayout& l = layout(v);
    std::string out(p.side == Color::white ? "W" : "B");
    for (int n = 1; n <= l.squares(); ++n) {
        const Bitboard b = bit(*l.square(n));
        const bool king = (p.kings & b) != 0;
        if (p.of(Color::white) & b)
            out += king ? 'W' : 'w';
        else if (p.of(Color::black) & b)
            out += king ? 'B' : 'b';
        else
            out += 'e';
    }
    return out;
}

Position parse_position(Variant v, std::string_view text) {
    text = trim(text);
    if (to_lower(text) == "start") return start_position(v);
    if (text.find(':') != std::string_view::npos) return parse_fen(v, text);
    return parse_hub_position(v, text);
}

}  // namespace yaad
