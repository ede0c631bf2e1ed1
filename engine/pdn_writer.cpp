#include "pdn_writer.hpp"

#include <ctime>

#include "fen.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "text.hpp"
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

std::vector<std::string> numbered_moves(const Game& game, const std::vector<MoveNote>& notes) {
    const Variant v = game.variant();
    const Color first = visit_variant(v, [](auto r) { return decltype(r)::first_player; });
    std::vector<std::string> entries;
    Position p = game.start();
    int number = 1;
    bool after_comment = false;
    const std::vector<Move> moves = game.moves();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (p.side == first)
            entries.push_back(std::to_string(number) + ". ");
        else if (entries.empty() || after_comment)
            entries.push_back(std::to_string(number) + "... ");
        else
            entries.back() += ' ';
        entries.back() += format_move(v, p, moves[i]);
        after_comment = false;
        if (i < notes.size()) {
            entries.back() += notes[i].mark;
            if (!notes[i].comment.empty()) {
                entries.back() += " {" + notes[i].comment + "}";
                after_comment = true;
            }
        }
        if (p.side != first) ++number;
        p.make(moves[i]);
    }
    return entries;
}

bool pdn_game_writes_tag(std::string_view name) {
    return name == "Result" || name == "GameType" || name == "SetUp" || name == "FEN";
}

std::string pdn_game(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags,
                     const std::string& result, const std::vector<MoveNote>& notes, const std::string& closing,
                     const std::string& opening) {
    const Variant v = game.variant();
    std::string out;
    auto tag = [&](const std::string& name, const std::string& value) {
        out += "[" + name + " \"" + value + "\"]\n";
    };
    // Result closes the seven tags PDN puts first (after Black), before
    // any others the caller gives.
    bool result_written = false;
    for (const auto& [name, value] : tags) {
        tag(name, value);
        if (name == "Black" && !result_written) {
            tag("Result", result);
            result_written = true;
        }
    }
    if (!result_written) tag("Result", result);
    tag("GameType", std::string(pdn_game_type(v)));
    if (!(game.start() == start_position(v))) {
        tag("SetUp", "1");
        tag("FEN", to_fen(v, game.start()));
    }
    out += '\n';

    std::vector<std::string> entries = numbered_moves(game, notes);
    if (!opening.empty()) entries.insert(entries.begin(), "{" + opening + "}");
    if (!closing.empty()) entries.push_back("{" + closing + "}");
    // Comments may be long: lines break between words, but a move number
    // stays with its move.
    std::vector<std::string> words;
    for (const std::string& entry : entries)
        for (const std::string_view w : split_words(entry)) {
            if (!words.empty() && words.back().back() == '.' && words.back().front() != '{')
                words.back() += " " + std::string(w);
            else
                words.emplace_back(w);
        }
    std::string line;
    for (const std::string& entry : words) {
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
