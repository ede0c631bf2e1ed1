#pragma once
// A move is what it does to the board: origin, destination, the set of
// pieces it captures and whether the moving man is crowned. That is enough
// to make it; its written route is rebuilt on demand by notation.cpp.

#include <array>
#include <cstddef>
#include <cstdint>

#include "bitboard.hpp"

namespace yaad {

// Trivially constructible on purpose: a MoveList must not initialise its
// storage each time it is created. Write Move{} for a zeroed one.
struct Move {
    Bitboard captured;
    std::uint8_t from;
    std::uint8_t to;
    bool crowns;

    bool is_capture() const { return captured != 0; }
    bool same_effect(const Move& o) const {
        return from == o.from && to == o.to && captured == o.captured;
    }
    friend bool operator==(const Move&, const Move&) = default;
};

// A fixed-capacity list owned by the caller, so generation never allocates.
// The capacity exceeds the most moves any position of our variants has been
// seen to allow; a generator that would overflow it keeps the first moves
// and sets `overflowed` rather than write past the end.
class MoveList {
public:
    static constexpr std::size_t capacity = 512;

    void push(const Move& m) {
        if (size_ < capacity)
            moves_[size_++] = m;
        else
            overflowed_ = true;
    }
    void clear() { size_ = 0; }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool overflowed() const { return overflowed_; }

    Move& operator[](std::size_t i) { return moves_[i]; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }

private:
    std::array<Move, capacity> moves_;
    std::size_t size_ = 0;
    bool overflowed_ = false;
};

}  // namespace yaad
