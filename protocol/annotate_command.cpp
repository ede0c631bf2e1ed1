// yaad annotate GAME.pdn: every game of a PDN file back, each move with
// the engine's score and best line as a comment, ? and ?? on mistakes and
// blunders (annotation.hpp), and a summary per side; or all that as JSON.

#include <cstdio>
#include <iostream>
#include <sstream>

#include "annotation.hpp"
#include "cli.hpp"
#include "database_option.hpp"
#include "input_error.hpp"
#include "notation.hpp"
#include "pdn_reader.hpp"
#include "pdn_writer.hpp"
#include "text.hpp"
#include "variant.hpp"
#include "version.hpp"

namespace yaad::cli {

namespace {

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string json_men(int score) { return score_text(score); }

std::string json_summary(const SideSummary& s) {
    char loss[32];
    std::snprintf(loss, sizeof loss, "%.2f", s.average_loss());
    return "{\"moves\": " + std::to_string(s.moves) + ", \"average_loss\": " + loss +
           ", \"mistakes\": " + std::to_string(s.mistakes) + ", \"blunders\": " + std::to_string(s.blunders) + "}";
}

std::string json_game(const PdnGame& pdn, const Game& game, const GameJudgement& j) {
    const Variant v = game.variant();
    std::ostringstream out;
    out << "{\"tags\": {";
    for (std::size_t i = 0; i < pdn.tags.size(); ++i)
        out << (i ? ", " : "") << json_string(pdn.tags[i].first) << ": " << json_string(pdn.tags[i].second);
    out << "}, \"variant\": " << json_string(variant_name(v));
    if (!pdn.opening_comment.empty()) out << ", \"comment\": " << json_string(pdn.opening_comment);
    out << ", \"moves\": [";
    Position p = game.start();
    for (std::size_t i = 0; i < j.moves.size(); ++i) {
        const MoveJudgement& m = j.moves[i];
        out << (i ? ",\n  " : "\n  ") << "{\"ply\": " << i + 1 << ", \"side\": " << json_string(color_name(m.side))
            << ", \"move\": " << json_string(format_move(v, p, m.played)) << ", \"forced\": "
            << (m.forced ? "true" : "false");
        if (i < pdn.comments.size() && !pdn.comments[i].empty()) out << ", \"comment\": " << json_string(pdn.comments[i]);
        if (!m.forced) {
            out << ", \"depth\": " << m.depth << ", \"score\": " << json_men(m.played_score)
                << ", \"best\": " << json_string(m.best_line.empty() ? "" : format_move(v, p, m.best_line.front()))
                << ", \"best_score\": " << json_men(m.best_score)
                << ", \"best_line\": " << json_string(format_line(v, p, m.best_line)) << ", \"loss\": "
                << m.loss / 100.0 << ", \"mark\": " << json_string(m.mark);
        }
        out << "}";
        p.make(m.played);
    }
    out << "],\n \"summary\": {\"white\": " << json_summary(j.white) << ", \"black\": " << json_summary(j.black)
        << "}}";
    return out.str();
}

std::string pdn_annotated(const PdnGame& pdn, const Game& game, const GameJudgement& j, const std::string& annotator) {
    std::vector<std::pair<std::string, std::string>> tags;
    for (const auto& [name, value] : pdn.tags)
        if (!pdn_game_writes_tag(name) && name != "Annotator")
            tags.emplace_back(name, value);
    tags.emplace_back("Annotator", annotator);
    std::vector<MoveNote> notes;
    Position p = game.start();
    // A game yaad annotated before gets a fresh annotation, not a second.
    const bool annotated = pdn.tag("Annotator").value_or("").starts_with("yaad ");
    for (std::size_t i = 0; i < j.moves.size(); ++i) {
        const MoveJudgement& m = j.moves[i];
        // The game's own comment on the move (a clock time, a remark) comes first.
        const std::string own = i < pdn.comments.size() && !annotated ? pdn.comments[i] : "";
        const std::string engine = judgement_comment(game.variant(), p, m);
        notes.push_back({m.mark, own.empty() ? engine : engine.empty() ? own : own + " " + engine});
        p.make(m.played);
    }
    const std::string closing = summary_text(Color::white, j.white) + "; " + summary_text(Color::black, j.black);
    std::string result = pdn.result.empty() ? pdn.tag("Result").value_or("*") : pdn.result;
    // The game's comment before its first move is its own, never yaad's.
    return pdn_game(game, tags, result, notes, closing, pdn.opening_comment);
}

int run_annotate(const po::variables_map& vm) {
    if (!vm.count("file")) throw InputError("give the PDN file: yaad annotate GAME.pdn");
    const std::string path = vm["file"].as<std::string>();
    SearchLimits limits;
    const bool by_time = vm.count("movetime") > 0;
    if (by_time && !vm["depth"].defaulted()) throw InputError("give --depth or --movetime, not both");
    if (by_time) {
        const double s = vm["movetime"].as<double>();
        if (!(s > 0 && s <= 3600)) throw InputError("--movetime must be 0 to 3600 seconds");
        limits.move_time = s;
    } else {
        const std::uint64_t d = unsigned_option(vm, "depth");
        if (d < 2 || d > 40) throw InputError("--depth must be 2 to 40");
        limits.depth = static_cast<int>(d);
    }
    apply_eval_options(vm);
    const std::vector<PdnGame> games = read_pdn_file(path);
    const Variant fallback = variant_option(vm);
    std::vector<Game> replayed;
    for (std::size_t i = 0; i < games.size(); ++i) {
        try {
            replayed.push_back(replay_pdn_game(games[i], fallback));
        } catch (const InputError& e) {
            throw InputError("game " + std::to_string(i + 1) + ": " + e.what());
        }
    }

    Engine engine(unsigned_option(vm, "hash"));
    std::vector<std::string> warnings;
    engine.set_database(open_database(egdb_dir_option(vm), warnings));
    for (const std::string& w : warnings) std::cerr << "warning: " << w << std::endl;
    std::ostringstream budget;
    if (by_time)
        budget << limits.move_time << " s a move";
    else
        budget << "depth " << limits.depth;
    const std::string annotator = "yaad " + std::string(version) + ", " + budget.str();
    const bool json = vm.count("json") > 0;
    if (json) std::cout << "{\"annotator\": " << json_string(annotator) << ", \"games\": [\n";
    for (std::size_t i = 0; i < games.size(); ++i) {
        engine.new_game();
        const GameJudgement j = judge_game(engine, replayed[i], limits);
        if (json)
            std::cout << (i ? ",\n" : "") << json_game(games[i], replayed[i], j);
        else
            std::cout << pdn_annotated(games[i], replayed[i], j, annotator);
        std::cout.flush();
    }
    if (json) std::cout << "\n]}\n";
    return 0;
}

}  // namespace

Command annotate_command() {
    return {"annotate", "a PDN file's games back with the engine's score and best line on every move",
            "GAME.pdn [--depth D | --movetime S] [--json] [--variant V] [--egdb DIR]",
            [](po::options_description& d) {
                declare_variant(d);
                d.add_options()("file", po::value<std::string>(), "the PDN file")(
                    "depth", po::value<std::string>()->default_value("10"), "search this many plies a move")(
                    "movetime", po::value<double>(), "or search this many seconds a move")(
                    "json", "print JSON instead of PDN")(
                    "hash", po::value<std::string>()->default_value("64"), "transposition table size in MB");
                declare_egdb_dir(d);
                declare_eval(d);
            },
            run_annotate};
}

}  // namespace yaad::cli
