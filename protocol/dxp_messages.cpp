#include "dxp_messages.hpp"

#include <cctype>
#include <cstdio>

#include "input_error.hpp"
#include "text.hpp"

namespace yaad {

namespace {

constexpr int name_width = 32;

// Reads fixed-width fields left to right.
class FieldReader {
public:
    FieldReader(std::string_view text, char type) : text_(text), type_(type) {}

    std::string_view take(std::size_t width, const char* field) {
        if (at_ + width > text_.size())
            throw InputError(std::string("DXP '") + type_ + "' message too short for its " + field);
        const std::string_view part = text_.substr(at_, width);
        at_ += width;
        return part;
    }

    int number(std::size_t width, const char* field) {
        const std::string_view digits = take(width, field);
        int value = 0;
        for (char c : digits) {
            if (c < '0' || c > '9')
                throw InputError(std::string("DXP '") + type_ + "' message: " + field + " is not a number: " +
                                 quoted_excerpt(digits));
            value = value * 10 + (c - '0');
        }
        return value;
    }

    Color colour(const char* field) {
        const std::string_view c = take(1, field);
        if (c == "W") return Color::white;
        if (c == "Z") return Color::black;
        throw InputError(std::string("DXP '") + type_ + "' message: " + field + " must be W or Z");
    }

    char letter(const char* field) { return take(1, field)[0]; }

    std::string_view rest() {
        const std::string_view r = text_.substr(at_);
        at_ = text_.size();
        return r;
    }

    void finish() const {
        if (at_ != text_.size())
            throw InputError(std::string("DXP '") + type_ + "' message has " + std::to_string(text_.size() - at_) +
                             " characters too many");
    }

private:
    std::string_view text_;
    char type_;
    std::size_t at_ = 1;  // after the type letter
};

std::string fixed(int value, int width) {
    char text[16];
    std::snprintf(text, sizeof text, "%0*d", width, value);
    return text;
}

std::string padded_name(std::string name) {
    name.resize(name_width, ' ');
    return name;
}

char colour_letter(Color c) { return c == Color::white ? 'W' : 'Z'; }

std::string trimmed_name(std::string_view field) { return std::string(trim(field)); }

}  // namespace

DxpMessage decode_dxp(std::string_view text, int squares) {
    if (text.empty()) throw InputError("empty DXP message");
    if (text.size() > dxp_max_length)
        throw InputError("DXP message of " + std::to_string(text.size()) + " characters (at most 127)");
    for (char c : text)
        if (static_cast<unsigned char>(c) < 1 || static_cast<unsigned char>(c) > 127)
            throw InputError("DXP message with a character outside ASCII 1-127");
    const char type = text[0];
    FieldReader r(text, type);
    switch (type) {
        case 'R': {
            DxpGameRequest m;
            m.version = std::string(r.take(2, "version"));
            if (m.version != "01") return m;
            m.name = trimmed_name(r.take(name_width, "name"));
            m.follower_colour = r.colour("follower colour");
            m.minutes = r.number(3, "thinking time");
            m.moves = r.number(3, "number of moves");
            const char start = r.letter("start position");
            if (start == 'B') {
                m.side_to_move = r.colour("colour to move");
                m.squares = std::string(r.take(static_cast<std::size_t>(squares), "position"));
                for (char c : m.squares)
                    if (std::string_view("ewzWZ").find(c) == std::string_view::npos)
                        throw InputError("DXP position with '" + std::string(1, c) + "' (use e w z W Z)");
            } else if (start != 'A') {
                throw InputError("DXP start position must be A or B");
            }
            r.finish();
            return m;
        }
        case 'A': {
            DxpGameAccept m;
            m.name = trimmed_name(r.take(name_width, "name"));
            m.code = r.number(1, "acceptance code");
            r.finish();
            return m;
        }
        case 'M': {
            DxpMove m;
            m.seconds = r.number(4, "time");
            m.from = r.number(2, "from square");
            m.to = r.number(2, "to square");
            const int count = r.number(2, "number captured");
            for (int i = 0; i < count; ++i) m.captured.push_back(r.number(2, "captured square"));
            r.finish();
            return m;
        }
        case 'E': {
            DxpGameEnd m;
            m.reason = r.number(1, "reason");
            m.stop = r.number(1, "stop code");
            if (m.reason > 3 || m.stop > 1) throw InputError("DXP game end with unknown codes");
            r.finish();
            return m;
        }
        case 'C': return DxpChat{std::string(r.rest())};
        case 'B': {
            DxpBackRequest m;
            m.move_number = r.number(3, "move number");
            m.side = r.colour("colour to move");
            r.finish();
            return m;
        }
        case 'K': {
            DxpBackAccept m;
            m.code = r.number(1, "acceptance code");
            r.finish();
            return m;
        }
        default: break;
    }
    throw InputError("unknown DXP message type '" + std::string(1, std::isprint(static_cast<unsigned char>(type)) ? type : '?') + "'");
}

std::string encode_dxp(const DxpMessage& message) {
    struct Encoder {
        std::string operator()(const DxpGameRequest& m) const {
            std::string out = "R" + m.version + padded_name(m.name);
            out += colour_letter(m.follower_colour);
            out += fixed(m.minutes, 3) + fixed(m.moves, 3);
            if (m.side_to_move) {
                out += 'B';
                out += colour_letter(*m.side_to_move);
                out += m.squares;
            } else {
                out += 'A';
            }
            return out;
        }
        std::string operator()(const DxpGameAccept& m) const { return "A" + padded_name(m.name) + fixed(m.code, 1); }
        std::string operator()(const DxpMove& m) const {
            std::string out = "M" + fixed(m.seconds, 4) + fixed(m.from, 2) + fixed(m.to, 2) +
                              fixed(static_cast<int>(m.captured.size()), 2);
            for (int c : m.captured) out += fixed(c, 2);
            return out;
        }
        std::string operator()(const DxpGameEnd& m) const { return "E" + fixed(m.reason, 1) + fixed(m.stop, 1); }
        std::string operator()(const DxpChat& m) const { return "C" + m.text.substr(0, dxp_max_length - 1); }
        std::string operator()(const DxpBackRequest& m) const {
            return "B" + fixed(m.move_number, 3) + colour_letter(m.side);
        }
        std::string operator()(const DxpBackAccept& m) const { return "K" + fixed(m.code, 1); }
    };
    return std::visit(Encoder{}, message);
}

void DxpFramer::feed(std::string_view bytes) { buffer_.append(bytes); }

std::optional<std::string> DxpFramer::next() {
    for (;;) {
        const auto end = buffer_.find('\0', scanned_);
        if (skipping_) {
            // The rest of an overlong frame, up to its NUL, is dropped.
            if (end == std::string::npos) {
                buffer_.clear();
                scanned_ = 0;
                return std::nullopt;
            }
            buffer_.erase(0, end + 1);
            scanned_ = 0;
            skipping_ = false;
            continue;
        }
        if (end != std::string::npos && end <= dxp_max_length) {
            std::string frame = buffer_.substr(0, end);
            buffer_.erase(0, end + 1);
            scanned_ = 0;
            return frame;
        }
        if (buffer_.size() > dxp_max_length) {
            // No NUL where a message must have one: hand over its first
            // bytes, for the decoder to refuse, and drop the rest. Cutting
            // at a fixed length keeps the frames the same however the bytes
            // arrive, and the buffer bounded.
            std::string frame = buffer_.substr(0, dxp_max_length + 1);
            buffer_.erase(0, dxp_max_length + 1);
            scanned_ = 0;
            skipping_ = true;
            return frame;
        }
        scanned_ = buffer_.size();
        return std::nullopt;
    }
}

}  // namespace yaad
