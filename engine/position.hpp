#pragma once
// A position: who stands where and who is to move, with its Zobrist key.
// It knows nothing of the variant; the move generator does.

#include <array>
#include <cstdint>

#include "bitboard.hpp"
#include "color.hpp"
#include "move.hpp"

namespace yaad {

namespace zobrist {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// keys[colour][is_king][square]
inline constexpr auto piece_keys = [] {
    std::array<std::array<std::array<std::uint64_t, 64>, 2>, 2> k{};
    std::uint64_t state = 0x59aad0c0ffee1234ULL;
    for (auto& colour : k)
        for (auto& kind : colour)
            for (auto& key : kind) key = splitmix64(state);
    return k;
}();

inline constexpr std::uint64_t black_to_move = [] {
    std::uint64_t state = 0x1234abcd5678ef90ULL;
    return splitmix64(state);
}();

}  // namespace zobrist

struct Position {
    std::array<Bitboard, 2> pieces{};  // by colour, men and kings
    Bitboard kings = 0;                // of both colours
    Color side = Color::white;
    std::uint64_t key = 0;

    Bitboard occupied() const { return pieces[0] | pieces[1]; }
    Bitboard of(Color c) const { return pieces[index(c)]; }
    Bitboard men(Color c) const { return pieces[index(c)] & ~kings; }
    Bitboard kings_of(Color c) const { return pieces[index(c)] & kings; }

    // The key computed from scratch; `key` must always equal it.
    std::uint64_t compute_key() const;
    void refresh_key() { key = compute_key(); }

    // Plays a legal move for the side to move. Perft passes false to skip
    // the key, which it never reads.
    template <bool UpdateKey = true>
    void make(const Move& m);

    friend bool operator==(const Position& a, const Position& b) {
        return a.pieces == b.pieces && a.kings == b.kings && a.side == b.side;
    }
};

template <bool UpdateKey>
inline void Position::make(const Move& m) {
    const int us = index(side);
    const int them = 1 - us;
    const Bitboard from = bit(m.from);
    const Bitboard to = bit(m.to);
    const bool was_king = (kings & from) != 0;

    if constexpr (UpdateKey) {
        for_each_square(m.captured, [&](Square s) {
            key ^= zobrist::piece_keys[them][(kings >> s) & 1][s];
        });
        key ^= zobrist::piece_keys[us][was_king][m.from];
        key ^= zobrist::piece_keys[us][was_king || m.crowns][m.to];
        key ^= zobrist::black_to_move;
    }

    // XOR, not OR: a capture may end on its own origin square.
    pieces[us] ^= from ^ to;
    pieces[them] &= ~m.captured;
    kings &= ~m.captured;
    if (was_king)
        kings ^= from ^ to;
    else if (m.crowns)
        kings |= to;
    side = ~side;
}

}  // namespace yaad
