#include "json_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "input_error.hpp"
#include "text.hpp"

namespace yaad::json {

namespace {

// The length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    std::size_t n = 0;
    unsigned min = 0;
    unsigned code = 0;
    if (c < 0x80) return 1;
    if ((c & 0xe0) == 0xc0) n = 2, min = 0x80, code = c & 0x1f;
    else if ((c & 0xf0) == 0xe0) n = 3, min = 0x800, code = c & 0x0f;
    else if ((c & 0xf8) == 0xf0) n = 4, min = 0x10000, code = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80) return 0;
        code = (code << 6) | (byte(i + k) & 0x3f);
    }
    // Overlong forms, surrogates and code points past Unicode are invalid.
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
    return n;
}

void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xc0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xe0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (code & 0x3f));
    }
}

// Reads the page's JSON: one object of scalar members.
class Reader {
public:
    explicit Reader(std::string_view text) : s_(text) {}

    void fail(const std::string& what) const {
        throw InputError("bad message: " + what + " at character " + std::to_string(i_ + 1));
    }
    void skip_blanks() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    bool at_end() {
        skip_blanks();
        return i_ == s_.size();
    }
    char peek() {
        skip_blanks();
        if (i_ == s_.size()) fail("unexpected end");
        return s_[i_];
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++i_;
    }
    bool take_word(std::string_view w) {
        if (s_.substr(i_, w.size()) != w) return false;
        i_ += w.size();
        return true;
    }

    unsigned hex4() {
        if (i_ + 4 > s_.size()) fail("a short \\u escape");
        unsigned code = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = s_[i_++];
            code <<= 4;
            if (c >= '0' && c <= '9') code |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f') code |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') code |= static_cast<unsigned>(c - 'A' + 10);
            else fail("a bad \\u escape");
        }
        return code;
    }

    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            if (i_ >= s_.size()) fail("an unterminated string");
            const char c = s_[i_];
            if (c == '"') {
                ++i_;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
            if (c != '\\') {
                const std::size_t n = utf8_length(s_, i_);
                if (n == 0) fail("text that is not UTF-8");
                out.append(s_.substr(i_, n));
                i_ += n;
                continue;
            }
            if (++i_ >= s_.size()) fail("an unterminated string");
            const char e = s_[i_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned code = hex4();
                    if (code >= 0xd800 && code <= 0xdbff) {
                        if (!take_word("\\u")) fail("a lone surrogate");
                        const unsigned low = hex4();
                        if (low < 0xdc00 || low > 0xdfff) fail("a lone surrogate");
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                    } else if (code >= 0xdc00 && code <= 0xdfff) {
                        fail("a lone surrogate");
                    }
                    append_utf8(out, code);
                    break;
                }
                default: fail("a bad escape");
            }
        }
    }

    std::string number() {
        const std::size_t start = i_;
        if (i_ < s_.size() && s_[i_] == '-') ++i_;
        const auto digits = [&] {
            const std::size_t from = i_;
            while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            return i_ - from;
        };
        if (digits() == 0) fail("a bad number");
        if (i_ < s_.size() && s_[i_] == '.' && (++i_, digits() == 0)) fail("a bad number");
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            if (digits() == 0) fail("a bad number");
        }
        return std::string(s_.substr(start, i_ - start));
    }

    std::size_t position() const { return i_; }

private:
    std::string_view s_;
    std::size_t i_ = 0;
};

}  // namespace

std::string quote(std::string_view s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20 || c == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", c);
            out += escape;
        } else if (c >= 0x80) {
            const std::size_t n = utf8_length(s, i);
            if (n == 0) {
                out += '?';
                ++i;
                continue;
            }
            out.append(s.substr(i, n));
            i += n;
            continue;
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    return out + "\"";
}

void Object::key(std::string_view name) {
    if (body_.size() > 1) body_ += ',';
    body_ += quote(name);
    body_ += ':';
}

Object& Object::add(std::string_view name, std::string_view value) {
    key(name);
    body_ += quote(value);
    return *this;
}

Object& Object::add(std::string_view name, std::int64_t value) {
    key(name);
    body_ += std::to_string(value);
    return *this;
}

Object& Object::add(std::string_view name, double value) {
    key(name);
    if (!std::isfinite(value)) value = 0;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    body_ += text;
    return *this;
}

Object& Object::add(std::string_view name, bool value) {
    key(name);
    body_ += value ? "true" : "false";
    return *this;
}

Object& Object::add_raw(std::string_view name, std::string_view json) {
    key(name);
    body_ += json;
    return *this;
}

std::string array(const std::vector<int>& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
    return out + "]";
}

std::string array(const std::vector<std::string>& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + quote(values[i]);
    return out + "]";
}

std::string raw_array(const std::vector<std::string>& json_texts) {
    std::string out = "[";
    for (std::size_t i = 0; i < json_texts.size(); ++i) out += (i ? "," : "") + json_texts[i];
    return out + "]";
}

Message::Message(std::string_view text) {
    Reader r(text);
    r.expect('{');
    if (r.peek() == '}') {
        r.expect('}');
    } else {
        while (true) {
            Member m;
            m.name = r.string();
            r.expect(':');
            const char c = r.peek();
            if (c == '"') {
                m.kind = Kind::string;
                m.value = r.string();
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                m.kind = Kind::number;
                m.value = r.number();
            } else if (r.take_word("true")) {
                m.kind = Kind::boolean;
                m.value = "true";
            } else if (r.take_word("false")) {
                m.kind = Kind::boolean;
                m.value = "false";
            } else if (r.take_word("null")) {
                m.kind = Kind::null;
            } else if (c == '{' || c == '[') {
                r.fail("a nested value (members are strings, numbers or booleans)");
            } else {
                r.fail("a bad value");
            }
            for (const Member& other : members_)
                if (other.name == m.name) r.fail("member " + quoted_excerpt(m.name) + " given twice");
            members_.push_back(std::move(m));
            if (r.peek() == ',') {
                r.expect(',');
                continue;
            }
            r.expect('}');
            break;
        }
    }
    if (!r.at_end()) r.fail("text after the object");
}

bool Message::has(std::string_view name) const {
    for (const Member& m : members_)
        if (m.name == name && m.kind != Kind::null) return true;
    return false;
}

const Message::Member& Message::find(std::string_view name, Kind kind, const char* what) const {
    for (const Member& m : members_) {
        if (m.name != name || m.kind == Kind::null) continue;
        if (m.kind != kind) throw InputError("'" + std::string(name) + "' must be " + what);
        return m;
    }
    throw InputError("the message needs '" + std::string(name) + "'");
}

std::string Message::string(std::string_view name) const { return find(name, Kind::string, "a string").value; }

std::int64_t Message::integer(std::string_view name, std::int64_t min, std::int64_t max) const {
    const std::string& text = find(name, Kind::number, "a number").value;
    const auto n = parse_integer(text[0] == '-' ? text.substr(1) : text);
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    if (!n) throw InputError("'" + std::string(name) + "' must be a whole number " + range);
    const std::int64_t value = text[0] == '-' ? -*n : *n;
    if (value < min || value > max) throw InputError("'" + std::string(name) + "' must be " + range);
    return value;
}

double Message::number(std::string_view name) const {
    return std::strtod(find(name, Kind::number, "a number").value.c_str(), nullptr);
}

bool Message::boolean(std::string_view name) const { return find(name, Kind::boolean, "true or false").value == "true"; }

}  // namespace yaad::json
