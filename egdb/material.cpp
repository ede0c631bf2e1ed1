#include "material.hpp"

#include <algorithm>

#include "variant.hpp"

namespace yaad::egdb {

Material Material::of(const Position& p) {
    return {popcount(p.men(Color::white)), popcount(p.kings_of(Color::white)), popcount(p.men(Color::black)),
            popcount(p.kings_of(Color::black))};
}

std::string Material::name() const {
    return std::to_string(white_men) + "m" + std::to_string(white_kings) + "k-" + std::to_string(black_men) + "m" +
           std::to_string(black_kings) + "k";
}

Variant family(Variant v) { return v == Variant::jamaican ? Variant::pool : v; }

std::vector<Material> materials_up_to(Variant family, int pieces) {
    const auto [size, men_rows] =
        visit_variant(family, [](auto r) { return std::pair{decltype(r)::board_size, decltype(r)::men_rows}; });
    const int per_side = std::min(max_kind, men_rows * size / 2);
    std::vector<Material> out;
    for (int total = 2; total <= pieces; ++total)
        for (int men = 0; men <= total; ++men)
            for (int wm = 0; wm <= men; ++wm)
                for (int wk = 0; wk + wm + (men - wm) <= total; ++wk) {
                    const Material m{wm, wk, men - wm, total - men - wk};
                    if (m.white() >= 1 && m.black() >= 1 && m.white() <= per_side && m.black() <= per_side)
                        out.push_back(m);
                }
    return out;
}

}  // namespace yaad::egdb
