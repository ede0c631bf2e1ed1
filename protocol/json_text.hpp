#pragma once
// JSON text for the web board's messages (yaad serve): a writer of flat
// objects and arrays, and the reader of the page's messages. Strings are
// made valid UTF-8 on the way out, since a browser drops a WebSocket whose
// text frame is not.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace yaad::json {

// A quoted JSON string; bytes that are not valid UTF-8 become '?'.
std::string quote(std::string_view s);

// Builds one object: Object().add("type", "state").add("ply", 3).text().
class Object {
public:
    Object& add(std::string_view name, std::string_view value);
    Object& add(std::string_view name, const char* value) { return add(name, std::string_view(value)); }
    Object& add(std::string_view name, const std::string& value) { return add(name, std::string_view(value)); }
    Object& add(std::string_view name, std::int64_t value);
    Object& add(std::string_view name, int value) { return add(name, static_cast<std::int64_t>(value)); }
    Object& add(std::string_view name, std::uint64_t value) { return add(name, static_cast<std::int64_t>(value)); }
    Object& add(std::string_view name, double value);
    Object& add(std::string_view name, bool value);
    // `json` is already JSON text (an object or an array).
    Object& add_raw(std::string_view name, std::string_view json);
    std::string text() const { return body_ + "}"; }

private:
    void key(std::string_view name);
    std::string body_ = "{";
};

// "[1,2,3]", "[\"a\",\"b\"]", and an array of JSON texts.
std::string array(const std::vector<int>& values);
std::string array(const std::vector<std::string>& values);
std::string raw_array(const std::vector<std::string>& json_texts);

// A message from the page: one JSON object whose members are strings,
// numbers, booleans or null (nested values are refused: no message needs
// them). Throws InputError, one line, for anything else.
class Message {
public:
    explicit Message(std::string_view text);

    // The member's value; InputError when absent or of another type.
    std::string string(std::string_view name) const;
    std::int64_t integer(std::string_view name, std::int64_t min, std::int64_t max) const;
    double number(std::string_view name) const;
    bool boolean(std::string_view name) const;
    bool has(std::string_view name) const;

private:
    enum class Kind { string, number, boolean, null };
    struct Member {
        std::string name;
        Kind kind;
        std::string value;  // strings decoded; numbers as written; "true"/"false"
    };
    const Member& find(std::string_view name, Kind kind, const char* what) const;
    std::vector<Member> members_;
};

}  // namespace yaad::json
