#include "board_layout.hpp"

#include <cctype>

#include "geometry.hpp"
#include "variant.hpp"

namespace yaad {

BoardLayout::BoardLayout(int size, Orientation orientation, bool ranks_from_black)
    : size_(size), mirrored_(orientation == Orientation::mirrored), ranks_from_black_(ranks_from_black) {
    number_of_.fill(0);
    square_of_.fill(-1);
    int number = 0;
    for (int row = 0; row < size; ++row)
        for (int column = 0; column < size; ++column) {
            // Standard boards have White's lower-left corner dark, mirrored
            // ones the lower-right (RULES.md §1).
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

std::optional<Square> BoardLayout::square(int number) const {
    if (number < 1 || number > squares()) return std::nullopt;
    return square_of_[number];
}

std::optional<Square> BoardLayout::at(int column, int row) const {
    if (column < 0 || column >= size_ || row < 0 || row >= size_) return std::nullopt;
    for (int n = 1; n <= squares(); ++n)
        if (column_of_[square_of_[n]] == column && row_of_[square_of_[n]] == row) return square_of_[n];
    return std::nullopt;
}

std::string BoardLayout::algebraic(Square s) const {
    std::string name(1, file_letter(column_of_[s]));
    name += std::to_string(rank_number(row_of_[s]));
    return name;
}

std::optional<Square> BoardLayout::parse_algebraic(std::string_view text) const {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    int rank = 0;
    for (char c : text.substr(1)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        rank = rank * 10 + (c - '0');
    }
    if (text[1] == '0' || rank < 1 || rank > size_) return std::nullopt;
    const int row = ranks_from_black_ ? rank - 1 : size_ - rank;
    return at(column, row);
}

const BoardLayout& layout(Variant v) {
    static const std::array<BoardLayout, all_variants.size()> layouts = [] {
        auto make = [](Variant variant) {
            return visit_variant(variant, [](auto r) {
                using R = decltype(r);
                return BoardLayout(R::board_size, R::orientation, R::ranks_from_black);
            });
        };
        return std::array{make(all_variants[0]), make(all_variants[1]), make(all_variants[2]),
                          make(all_variants[3]), make(all_variants[4]), make(all_variants[5]),
                          make(all_variants[6])};
    }();
    return layouts[static_cast<int>(v)];
}

}  // namespace yaad
