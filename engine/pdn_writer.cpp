#include "pdn_writer.hpp"

#include <ctime>

#include "fen.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "variant.hpp"

namespace yaad {

std::string_view pdn_game_type(Variant v) {
    return visit_variant(v, [](auto r) { return decltype(r)::pdn_game_type; });
}

std::string pdn_date_today() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
    return text;
}

std::vector<std::string> numbered_moves(const Game& game) {
    const Variant v = game.variant();
    const Color first = visit_variant(v, [](auto r) { return decltype(r)::first_player; });
    std::vector<std::string> entries;
    Position p = game.start();
    int number = 1;
    for (const Move& m : game.moves()) {
        if (p.side == first)
            entries.push_back(std::to_string(number) + ". ");
        else if (entries.empty())
            entries.push_back(std::to_string(number) + "... ");
        else
            entries.back() += ' ';
        entries.back() += format_move(v, p, m);
        if (p.side != first) ++number;
        p.make(m);
    }
    return entries;
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

    std::string line;
    for (const std::string& entry : numbered_moves(game)) {
        // Lines of at most 80 characters, as PGN-style readers expect.
        if (!line.empty() && line.size() + 1 + entry.size() > 80) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + entry;
    }
    if (!line.empty() && line.size() + 1 + result.size() > 80) {
        out += line + '\n';
        line.clear();
    }
    line += (line.empty() ? "" : " ") + result;
    return out + line + "\n\n";
}

}  // namespace yaad
