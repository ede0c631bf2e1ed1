#include "board_layout.hpp"

#include <cctype>

#include "variant.hpp"

namespace yaad {

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
    static constexpr auto layouts = [] {
        std::array<BoardLayout, all_variants.size()> all{};
        for (const Variant variant : all_variants)
            all[static_cast<std::size_t>(variant)] = visit_variant(variant, [](auto r) {
                using R = decltype(r);
                return BoardLayout(R::board_size, R::orientation, R::ranks_from_black);
            });
        return all;
    }();
    return layouts[static_cast<std::size_t>(v)];
}

}  // namespace yaad
