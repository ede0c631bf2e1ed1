#pragma once
// How the squares of a variant's board are named and displayed (RULES.md §1):
// PDN numbers, algebraic names, and display coordinates with White at the
// bottom. The move generator never needs any of this.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "bitboard.hpp"
#include "geometry.hpp"
#include "rules.hpp"

namespace yaad {

// Built at compile time for each variant (see layout()).
class BoardLayout {
public:
    constexpr BoardLayout() = default;
    constexpr BoardLayout(int size, Orientation orientation, bool ranks_from_black)
        : size_(size), mirrored_(orientation == Orientation::mirrored), ranks_from_black_(ranks_from_black) {
        square_of_.fill(-1);
        int number = 0;
        for (int row = 0; row < size; ++row)
            for (int column = 0; column < size; ++column) {
                // Standard boards have White's lower-left corner dark,
                // mirrored ones the lower-right (RULES.md §1).
                const bool dark = mirrored_ ? (column + row) % 2 == 0 : (column + row) % 2 == 1;
                if (!dark) continue;
                const int x = mirrored_ ? size - 1 - column : column;
                const int y = size - 1 - row;
                const Square s = layout_square(size, x, y);
                board_ |= bit(s);
                number_of_[s] = ++number;
                square_of_[number] = s;
                column_of_[s] = column;
                row_of_[s] = row;
            }
    }

    int size() const { return size_; }
    int squares() const { return size_ * size_ / 2; }
    Bitboard board() const { return board_; }

    // PDN number of a square, 1..squares().
    int number(Square s) const { return number_of_[s]; }
    // The square with a PDN number, if the number is on the board.
    std::optional<Square> square(int number) const;

    std::string algebraic(Square s) const;
    // Parses "c3", "C3", "j10": a file letter and a rank number.
    std::optional<Square> parse_algebraic(std::string_view text) const;

    // Display coordinates: column 0 at the left, row 0 at the top.
    int column(Square s) const { return column_of_[s]; }
    int row(Square s) const { return row_of_[s]; }
    // The playable square shown at (column, row), if that square is dark.
    std::optional<Square> at(int column, int row) const;

    // "a".."j" and the rank number shown beside display row `row`.
    char file_letter(int column) const { return static_cast<char>('a' + column); }
    int rank_number(int row) const { return ranks_from_black_ ? row + 1 : size_ - row; }

private:
    int size_ = 0;
    bool mirrored_ = false;
    bool ranks_from_black_ = false;
    Bitboard board_ = 0;
    std::array<int, 64> number_of_{};
    std::array<int, 64> column_of_{};
    std::array<int, 64> row_of_{};
    std::array<Square, 51> square_of_{};  // by number
};

const BoardLayout& layout(Variant v);

}  // namespace yaad
