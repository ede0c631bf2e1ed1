#include "referee.hpp"

#include <iostream>
#include <optional>

#include "fen.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "text.hpp"
#include "tokenizer.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

std::string state_fields(const Game& game) {
    const GameStatus s = game.status();
    std::string out = "state=" + std::string(outcome_name(s.outcome));
    if (s.reason != EndReason::none) out += " reason=" + std::string(reason_name(s.reason));
    return out + " result=" + std::string(pdn_result(s.outcome));
}

class Referee {
public:
    // Returns the answer line, or nothing for quit.
    std::optional<std::string> answer(std::string_view line) {
        const CommandLine c = tokenize_command(line);
        if (c.command.empty()) throw InputError("empty line");
        if (c.command == "quit") return std::nullopt;
        if (c.command == "new") return start(c);
        if (c.command == "play") return play(c);
        if (c.command == "status")
            return "status fen=" + to_fen(game_.variant(), game_.position()) +
                   " ply=" + std::to_string(game_.ply_count()) + " " + state_fields(game_);
        if (c.command == "moves") {
            std::string list;
            for (const Move& m : game_.legal_moves()) {
                if (!list.empty()) list += ' ';
                list += format_move(game_.variant(), game_.position(), m, MoveFormat::hub);
            }
            return "moves list=\"" + list + "\"";
        }
        throw InputError("unknown command: " + printable_excerpt(c.command));
    }

private:
    std::string start(const CommandLine& c) {
        Variant v = game_.variant();
        if (const auto name = c.value("variant")) {
            const auto parsed = parse_variant(*name);
            if (!parsed) throw InputError("unknown variant " + quoted_excerpt(*name));
            v = *parsed;
        }
        const auto pos = c.value("pos");
        game_ = Game(v, pos ? parse_position(v, *pos) : start_position(v));
        return "ok variant=" + std::string(variant_name(v)) + " fen=" + to_fen(v, game_.position()) + " " +
               state_fields(game_);
    }

    std::string play(const CommandLine& c) {
        if (c.arguments.size() != 1 || c.arguments[0].value) throw InputError("play takes one move: play 11-15");
        if (game_.status().outcome != Outcome::ongoing) return "illegal message=\"the game is over\"";
        const Position before = game_.position();
        Move m;
        try {
            m = game_.play(c.arguments[0].name, MoveReading::hub_first);
        } catch (const InputError& e) {
            std::string message = e.what();
            for (char& ch : message)
                if (ch == '"') ch = '\'';
            return "illegal message=\"" + message + "\"";
        }
        const Variant v = game_.variant();
        return "legal move=" + format_move(v, before, m, MoveFormat::hub) + " pdn=" + format_move(v, before, m) +
               " fen=" + to_fen(v, game_.position()) + " " + state_fields(game_);
    }

    Game game_{default_variant};
};

}  // namespace

void run_referee(std::istream& in, std::ostream& out) {
    Referee referee;
    std::string line;
    while (std::getline(in, line)) {
        std::string answer;
        try {
            const auto a = referee.answer(line);
            if (!a) return;
            answer = *a;
        } catch (const InputError& e) {
            std::string message = e.what();
            for (char& ch : message)
                if (ch == '"') ch = '\'';
            answer = "error message=\"" + message + "\"";
        }
        out << answer << std::endl;
    }
}

}  // namespace yaad
