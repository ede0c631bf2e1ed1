#pragma once

#include <cstdint>

namespace yaad {

enum class Color : std::uint8_t { white = 0, black = 1 };

constexpr Color operator~(Color c) { return c == Color::white ? Color::black : Color::white; }

constexpr int index(Color c) { return static_cast<int>(c); }

constexpr const char* color_name(Color c) { return c == Color::white ? "white" : "black"; }

// The side as a player, in text for people: "White", "Black".
constexpr const char* player_name(Color c) { return c == Color::white ? "White" : "Black"; }

}  // namespace yaad
