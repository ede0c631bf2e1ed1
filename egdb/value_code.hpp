#pragma once
// How a position's value is stored: 2 bits of result and 14 of plies in a
// 16-bit code, and the count code of the endings that store one.

#include <cstdint>

namespace yaad::egdb {

enum class Wdl : std::int8_t { loss = -1, draw = 0, win = 1 };  // for the side to move

// A value: the result for the side to move and its distance in plies.
struct Value {
    Wdl result = Wdl::draw;
    int plies = 0;  // 0 for a draw

    friend bool operator==(const Value&, const Value&) = default;
};

constexpr int max_plies = (1 << 14) - 1;

constexpr std::uint16_t encode(Value v) {
    if (v.result == Wdl::draw) return 0;
    return static_cast<std::uint16_t>(v.plies << 2 | (v.result == Wdl::win ? 1 : 2));
}

constexpr Value decode(std::uint16_t code) {
    switch (code & 3) {
        case 1: return {Wdl::win, code >> 2};
        case 2: return {Wdl::loss, code >> 2};
        default: return {};
    }
}

// The count code where no number of plies left lets the win or loss stand:
// every line to it passes a capture after which the new material's count
// is too short.
constexpr std::uint16_t count_never = 0xffff;

}  // namespace yaad::egdb
