// DamExchange messages (HUB.md, "DXP"): the exact fixed-width layouts of
// every message type both ways, the decoder's refusals, and the NUL framing
// of a byte stream that arrives in arbitrary pieces.

#include "dxp_messages.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "input_error.hpp"

using namespace yaad;
using namespace std::string_literals;  // "a\0b"s keeps its NULs

namespace {

constexpr int international = 50;

std::string name32(const std::string& name) { return name + std::string(32 - name.size(), ' '); }

template <class T>
T decode_as(const std::string& text, int squares = international) {
    const DxpMessage m = decode_dxp(text, squares);
    REQUIRE(std::holds_alternative<T>(m));
    return std::get<T>(m);
}

// Every frame the framer has ready now.
std::vector<std::string> drain(DxpFramer& f) {
    std::vector<std::string> out;
    while (auto frame = f.next()) out.push_back(*frame);
    return out;
}

using Strings = std::vector<std::string>;

const std::string start50 = std::string(20, 'z') + std::string(10, 'e') + std::string(20, 'w');

}  // namespace

TEST_CASE("DXP MOVE: the known encodings") {
    // M, seconds(4), from(2), to(2), count(2), captured(2 each).
    const DxpMove quiet = decode_as<DxpMove>("M0012061100");
    CHECK(quiet.seconds == 12);
    CHECK(quiet.from == 6);
    CHECK(quiet.to == 11);
    CHECK(quiet.captured.empty());
    CHECK(encode_dxp(DxpMove{12, 6, 11, {}}) == "M0012061100");

    const DxpMove capture = decode_as<DxpMove>("M001205250422122320");
    CHECK(capture.seconds == 12);
    CHECK(capture.from == 5);
    CHECK(capture.to == 25);
    CHECK(capture.captured == std::vector<int>{22, 12, 23, 20});
    CHECK(encode_dxp(capture) == "M001205250422122320");

    CHECK(encode_dxp(DxpMove{0, 32, 28, {}}) == "M0000322800");
    CHECK(encode_dxp(DxpMove{9999, 46, 5, {37}}) == "M9999460501" "37");
}

TEST_CASE("DXP GAMEREQ: start position and set-up position") {
    const std::string text = "R01" + name32("Scan") + "W" + "005" + "075" + "A";
    CHECK(text.size() == 43);
    const DxpGameRequest r = decode_as<DxpGameRequest>(text);
    CHECK(r.name == "Scan");  // the padding is not part of the name
    CHECK(r.follower_colour == Color::white);
    CHECK(r.minutes == 5);
    CHECK(r.moves == 75);
    CHECK_FALSE(r.side_to_move.has_value());
    CHECK(encode_dxp(r) == text);

    const std::string setup = "R01" + name32("yaad") + "Z" + "120" + "000" + "B" + "W" + start50;
    const DxpGameRequest s = decode_as<DxpGameRequest>(setup);
    CHECK(s.follower_colour == Color::black);
    CHECK(s.minutes == 120);
    CHECK(s.moves == 0);
    REQUIRE(s.side_to_move.has_value());
    CHECK(*s.side_to_move == Color::white);
    CHECK(s.squares == start50);
    CHECK(encode_dxp(s) == setup);

    // The squares follow the agreed board: 32 of them on 8x8.
    const std::string board32 = std::string(12, 'z') + std::string(8, 'e') + std::string(12, 'w');
    const std::string eight = "R01" + name32("x") + "W" + "001" + "000" + "BZ" + board32;
    CHECK(decode_as<DxpGameRequest>(eight, 32).squares == board32);
    CHECK_THROWS_AS(decode_dxp(eight, international), InputError);
}

TEST_CASE("DXP GAMEACC, GAMEEND, CHAT, BACKREQ, BACKACC: exact layouts") {
    const std::string acc = "A" + name32("yaad") + "0";
    CHECK(encode_dxp(DxpGameAccept{"yaad", 0}) == acc);
    const DxpGameAccept a = decode_as<DxpGameAccept>("A" + name32("Kingsrow") + "2");
    CHECK(a.name == "Kingsrow");
    CHECK(a.code == 2);

    CHECK(encode_dxp(DxpGameEnd{2, 1}) == "E21");
    const DxpGameEnd e = decode_as<DxpGameEnd>("E30");
    CHECK(e.reason == 3);
    CHECK(e.stop == 0);

    CHECK(encode_dxp(DxpChat{"good luck"}) == "Cgood luck");
    CHECK(decode_as<DxpChat>("Cgood luck").text == "good luck");
    CHECK(decode_as<DxpChat>("C").text.empty());

    CHECK(encode_dxp(DxpBackRequest{12, Color::black}) == "B012Z");
    const DxpBackRequest b = decode_as<DxpBackRequest>("B001W");
    CHECK(b.move_number == 1);
    CHECK(b.side == Color::white);

    CHECK(encode_dxp(DxpBackAccept{1}) == "K1");
    CHECK(decode_as<DxpBackAccept>("K0").code == 0);
}

TEST_CASE("DXP round trip of every message type") {
    const std::vector<DxpMessage> messages = {
        DxpGameRequest{"yaad", Color::black, 10, 50, {}, {}},
        DxpGameRequest{"a b", Color::white, 999, 999, Color::black, start50},
        DxpGameAccept{"yaad", 3},
        DxpMove{7, 31, 27, {}},
        DxpMove{0, 28, 10, {14, 19, 23}},
        DxpGameEnd{0, 0},
        DxpGameEnd{1, 1},
        DxpChat{"hello, world = 1"},
        DxpBackRequest{999, Color::white},
        DxpBackAccept{0},
    };
    for (const DxpMessage& m : messages) {
        const std::string text = encode_dxp(m);
        CAPTURE(text);
        CHECK(text.size() <= dxp_max_length);
        CHECK(encode_dxp(decode_dxp(text, international)) == text);
        CHECK(decode_dxp(text, international).index() == m.index());
    }
}

TEST_CASE("DXP encoding clips what does not fit") {
    // A name longer than its 32 characters, a chat longer than a frame.
    const std::string long_name(40, 'n');
    const std::string acc = encode_dxp(DxpGameAccept{long_name, 0});
    CHECK(acc.size() == 34);
    CHECK(acc == "A" + std::string(32, 'n') + "0");
    CHECK(encode_dxp(DxpChat{std::string(300, 'c')}).size() == dxp_max_length);
}

TEST_CASE("DXP a request of another version decodes as far as its version, to be refused") {
    const auto m = decode_dxp("R02" + name32("x") + "W005000A", international);
    REQUIRE(std::holds_alternative<DxpGameRequest>(m));
    CHECK(std::get<DxpGameRequest>(m).version == "02");
    CHECK(std::get<DxpGameRequest>(decode_dxp("R01" + name32("x") + "W005000A", international)).version == "01");
}

TEST_CASE("DXP decoding errors") {
    auto refused = [](const std::string& text, int squares = international) {
        CAPTURE(text);
        CHECK_THROWS_AS(decode_dxp(text, squares), InputError);
    };
    refused("");
    refused("X123");                                  // unknown type
    refused("m0012061100");                           // types are upper case
    refused(std::string(128, 'C'));                   // longer than a frame
    refused("C\xe9t\xe9");                            // beyond ASCII
    refused("C\0"s);                 // a NUL inside
    refused("M001206110");                            // too short
    refused("M00120611000");                          // one character too many
    refused("M00a2061100");                           // non-digit seconds
    refused("M0012061101");                           // one capture announced, none given
    refused("M00120611011213");                       // one captured square too many
    refused("M0012 61100");                           // a blank is not a digit
    refused("E4" "0");                                // reason 4
    refused("E02");                                   // stop 2
    refused("E0");                                    // stop code missing
    refused("E000");                                  // too long
    refused("R01" + name32("x") + "X005000A");       // colour
    refused("R01" + name32("x") + "W0x5000A");       // minutes
    refused("R01" + name32("x") + "W005000C");       // start letter
    refused("R01" + name32("x") + "W005000");        // start letter missing
    refused("R01" + name32("x") + "W005000AZ");      // junk after A
    refused("R01" + name32("x") + "W005000BW" + std::string(49, 'e'));           // too few squares
    refused("R01" + name32("x") + "W005000BW" + std::string(49, 'e') + "b");     // 'b' is not DXP
    refused("R01" + name32("x") + "W005000BX" + std::string(50, 'e'));           // side to move
    refused("R01short");
    refused("A" + name32("x"));                       // code missing
    refused("A" + name32("x") + "y");
    refused("B01W");                                  // move number of two digits
    refused("B001Q");
    refused("K");
    refused("K01");
}

TEST_CASE("DxpFramer: several messages in one piece") {
    DxpFramer f;
    f.feed("M0012061100\0E00\0Chi"s);
    CHECK(drain(f) == Strings{"M0012061100", "E00"});
    // The unfinished chat waits for its NUL.
    f.feed(" there\0"s);
    CHECK(drain(f) == Strings{"Chi there"});
    CHECK_FALSE(f.next().has_value());
}

TEST_CASE("DxpFramer: one message split over many pieces") {
    DxpFramer f;
    const std::string frame = "R01" + name32("yaad") + "Z005000A";
    for (char c : frame) {
        f.feed(std::string(1, c));
        CHECK_FALSE(f.next().has_value());
    }
    f.feed(std::string(1, '\0'));
    CHECK(drain(f) == Strings{frame});
    // An empty frame is handed over as such, for the decoder to refuse.
    f.feed(std::string(1, '\0'));
    CHECK(drain(f) == Strings{""});
}

TEST_CASE("DxpFramer: an overlong frame is handed over, then framing goes on after its NUL") {
    DxpFramer f;
    // 127 characters and a NUL is the longest legal frame: it must wait.
    f.feed(std::string(127, 'C'));
    CHECK_FALSE(f.next().has_value());
    f.feed(std::string(1, '\0'));
    CHECK(drain(f) == Strings{std::string(127, 'C')});

    // 200 bytes and no NUL cannot be a message: its first 128 come out, for
    // the decoder to refuse, and the rest of the frame is dropped, so the
    // buffer does not grow without bound.
    f.feed(std::string(200, 'x'));
    const auto junk = f.next();
    REQUIRE(junk.has_value());
    CHECK(*junk == std::string(128, 'x'));
    CHECK_THROWS_AS(decode_dxp(*junk, international), InputError);
    CHECK_FALSE(f.next().has_value());
    f.feed(std::string(5000, 'y'));
    CHECK_FALSE(f.next().has_value());
    f.feed("K0\0E00\0"s);
    CHECK(drain(f) == Strings{"E00"});
}

TEST_CASE("DxpFramer: the same frames whether the bytes come at once or one by one") {
    // The first input is one the fuzzer found: an overlong frame whose
    // pieces used to decide where it was cut.
    const std::vector<std::string> inputs = {
        "R01y01yaad 01yaad   " + std::string(94, '~') + "\14\14\14\14\14\14\14\14\16\14\14\14\14\14\14\14\10\14",
        std::string(300, 'x') + "\0E00\0"s,
        std::string(128, 'x') + "\0E00\0"s,
        std::string(127, 'x') + "\0E00\0"s + std::string(129, 'z'),
    };
    for (const std::string& bytes : inputs) {
        DxpFramer whole, pieces;
        whole.feed(bytes);
        const Strings at_once = drain(whole);
        Strings one_by_one;
        for (char c : bytes) {
            pieces.feed(std::string(1, c));
            for (std::string& frame : drain(pieces)) one_by_one.push_back(std::move(frame));
        }
        CHECK(at_once == one_by_one);
        CHECK_FALSE(at_once.empty());
    }
}
