#include "position.hpp"

namespace yaad {

std::uint64_t Position::compute_key() const {
    std::uint64_t k = side == Color::black ? zobrist::black_to_move : 0;
    for (Color c : {Color::white, Color::black})
        for_each_square(of(c), [&](Square s) { k ^= zobrist::piece_keys[index(c)][(kings >> s) & 1][s]; });
    return k;
}

}  // namespace yaad
