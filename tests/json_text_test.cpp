// The web board's JSON (protocol/json_text.hpp): what goes to the page is
// valid JSON in valid UTF-8 whatever the text, and a message from the page
// is one flat object or one InputError line.

#include "json_text.hpp"

#include <doctest/doctest.h>

#include <string>

#include "input_error.hpp"

using namespace yaad;

TEST_CASE("json: strings are escaped and made valid UTF-8") {
    CHECK(json::quote("a\"b\\c\nd\te") == "\"a\\\"b\\\\c\\nd\\u0009e\"");
    CHECK(json::quote("é ♛") == "\"é ♛\"");
    CHECK(json::quote(std::string("x\xff\xc3y", 4)) == "\"x??y\"");
    CHECK(json::quote("\xed\xa0\x80") == "\"???\"");  // a surrogate in UTF-8 form
    CHECK(json::Object().add("type", "state").add("ply", 3).add("over", false).add_raw("m", "[1]").text() ==
          "{\"type\":\"state\",\"ply\":3,\"over\":false,\"m\":[1]}");
    CHECK(json::array(std::vector<int>{1, 2}) == "[1,2]");
    CHECK(json::array(std::vector<std::string>{"a", "b"}) == "[\"a\",\"b\"]");
}

TEST_CASE("json: a message's members") {
    const json::Message m(R"( {"type": "move", "move": "c3-d4\u00e9\ud83d\ude00", "ply": 12, "on": true,
                              "x": null, "t": -0.5e1} )");
    CHECK(m.string("type") == "move");
    CHECK(m.string("move") == "c3-d4é😀");
    CHECK(m.integer("ply", 0, 100) == 12);
    CHECK(m.boolean("on"));
    CHECK(m.number("t") == -5.0);
    CHECK_FALSE(m.has("x"));
    CHECK_FALSE(m.has("nothing"));
    CHECK_THROWS_WITH_AS(m.integer("ply", 0, 10), "'ply' must be 0 to 10", InputError);
    CHECK_THROWS_WITH_AS(m.integer("t", -10, 10), "'t' must be a whole number -10 to 10", InputError);
    CHECK_THROWS_WITH_AS(m.string("ply"), "'ply' must be a string", InputError);
    CHECK_THROWS_WITH_AS(m.string("x"), "the message needs 'x'", InputError);
    CHECK(json::Message("{}").has("type") == false);
}

TEST_CASE("json: what is not a flat object is one error line") {
    for (const char* bad : {"", "x", "[]", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":[1]}", "{\"a\":{}}",
                            "{\"a\":1} 2", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\q\"}", "{\"a\":01x}", "{\"a\":-}",
                            "{\"a\":1,\"a\":2}", "{\"a\":\"\x01\"}", "{\"a\":\"\xff\"}", "{\"a\":tru}", "{\"a\":\"abc"}) {
        CAPTURE(bad);
        try {
            json::Message m(bad);
            FAIL("accepted");
        } catch (const InputError& e) {
            CHECK(std::string(e.what()).starts_with("bad message: "));
            CHECK(std::string(e.what()).find('\n') == std::string::npos);
        }
    }
}
