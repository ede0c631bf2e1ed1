#pragma once
// Every weight of the evaluation, by variant family, in one place so they
// can be tuned. Units: hundredths of a man.

#include <array>

#include "rules.hpp"

namespace yaad {

struct EvalWeights {
    int man;
    int king;
    // Bonus for a man by how many rows it has advanced from its own back
    // row; full in the endgame, a quarter of it with all men on the board.
    std::array<int, 10> advance;
    int back_rank;      // a man still guarding its own back row, while the opponent has men
    int centre;         // a man on one of the central squares
    int edge;           // subtracted for a man on the left or right edge (negative: a bonus)
    int king_mobility;  // each square a king can move to
    int men_mobility;   // each move a man has (a side that runs out of moves loses)
    int main_diagonal;  // a king on the long diagonal (flying kings)
    int runaway;        // a man no opposing piece can stop, less runaway_step per row to go
    int runaway_step;
    int balance;   // subtracted per man of difference between the two wings
    int exchange;  // material lead times this, divided by the pieces on the board (> 0: trade when ahead)
    int chase;     // when ahead, each step the kings are closer to the enemy (the fit may make it < 0)
};

// Jamaican, Pool, Russian, Brazilian: flying kings on 8x8. Fitted by
// yaad-tune to 6,900 Jamaican self-play games at depth 6-7.
inline constexpr EvalWeights flying_eight_weights{
    .man = 100,
    .king = 299,
    .advance = {0, 32, 14, 23, 24, 26, 66, 0, 0, 0},
    .back_rank = 48,
    .centre = 9,
    .edge = -6,
    .king_mobility = 7,
    .men_mobility = 10,
    .main_diagonal = 25,
    .runaway = 187,
    .runaway_step = 55,
    .balance = 11,
    .exchange = -12,
    .chase = -15,
};

// English checkers: kings step one square. Fitted by yaad-tune to 8,000
// English self-play games at depth 6-7.
inline constexpr EvalWeights english_weights{
    .man = 100,
    .king = 199,
    .advance = {0, 68, 44, 46, 45, 38, 14, 0, 0, 0},
    .back_rank = 108,
    .centre = 2,
    .edge = -5,
    .king_mobility = 3,
    .men_mobility = 18,
    .main_diagonal = 0,
    .runaway = 68,
    .runaway_step = 10,
    .balance = 3,
    .exchange = -109,
    .chase = 4,
};

// International: flying kings on 10x10.
inline constexpr EvalWeights international_weights{
    .man = 100,
    .king = 300,
    .advance = {0, 1, 3, 5, 8, 12, 17, 24, 34, 0},
    .back_rank = 6,
    .centre = 4,
    .edge = 3,
    .king_mobility = 2,
    .men_mobility = 2,
    .main_diagonal = 15,
    .runaway = 80,
    .runaway_step = 8,
    .balance = 3,
    .exchange = 500,
    .chase = 2,
};

// Six-row: 6x6, kings step one square.
inline constexpr EvalWeights sixrow_weights{
    .man = 100,
    .king = 150,
    .advance = {0, 4, 9, 16, 25, 0, 0, 0, 0, 0},
    .back_rank = 8,
    .centre = 5,
    .edge = 2,
    .king_mobility = 3,
    .men_mobility = 2,
    .main_diagonal = 0,
    .runaway = 40,
    .runaway_step = 8,
    .balance = 0,
    .exchange = 150,
    .chase = 4,
};

template <class R>
constexpr const EvalWeights& weights_for() {
    if constexpr (R::board_size == 10)
        return international_weights;
    else if constexpr (R::board_size == 6)
        return sixrow_weights;
    else if constexpr (R::flying_kings)
        return flying_eight_weights;
    else
        return english_weights;
}

}  // namespace yaad
