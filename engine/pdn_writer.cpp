#include "pdn_writer.hpp"

#include "fen.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "variant.hpp"

namespace yaad {

std::string_view pdn_game_type(Variant v) {
    return visit_variant(v, [](auto r) { return decltype(r)::pdn_game_type; });
}

std::string pdn_game(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
                     const std::string& result) {
    const Variant v = game.variant();
    std::string out;
    auto tag = [&](const std::string& name, const std::string& value) {
        out += "[" + name + " \"" + value + "\"]\n";
    };
    for (const auto& [name, value] : tags) tag(name, value);
    tag("Result", result);
    tag("GameType", std::string(pdn_game_type(v)));
    if (!(game.start() == start_position(v))) {
        tag("SetUp", "1");
        tag("FEN", to_fen(v, game.start()));
    }
    out += '\n';

    const Color first = visit_variant(v, [](auto r) { return decltype(r)::first_player; });
    Position p = game.start();
    std::string line;
    int number = 1;
    bool first_move = true;
    for (const Move& m : game.moves()) {
        std::string word;
        if (p.side == first) {
            word = std::to_string(number) + ". ";
        } else if (first_move) {
            word = std::to_string(number) + "... ";
        }
        word += format_move(v, p, m);
        if (p.side != first) ++number;
        first_move = false;
        p.make(m);
        // Lines of at most 80 characters, as PGN-style readers expect.
        if (!line.empty() && line.size() + 1 + word.size() > 80) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty() && line.size() + 1 + result.size() > 80) {
        out += line + '\n';
        line.clear();
    }
    line += (line.empty() ? "" : " ") + result;
    return out + line + "\n\n";
}

}  // namespace yaad
