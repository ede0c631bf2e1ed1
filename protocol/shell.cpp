#include "shell.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "board_layout.hpp"
#include "book_option.hpp"
#include "database_option.hpp"
#include "eval_choice.hpp"
#include "fen.hpp"
#include "hub.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "pdn_reader.hpp"
#include "pdn_writer.hpp"
#include "perft.hpp"
#include "random_opening.hpp"
#include "report.hpp"
#include "search.hpp"
#include "text.hpp"
#include "variant.hpp"
#include "version.hpp"

namespace yaad {

namespace {

constexpr double default_think_seconds = 1.0;

const char* help_text = R"(commands:
  <move>                   play a move: 11-15, c3-d4, 15x24, c3:e5, a full route ...
  go [depth D|time S|nodes N]       the engine plays a move (default: the level)
  analyse [depth D|time S|nodes N]  the engine's analysis, one line per depth,
                           until 'stop' (or the limit given)
  stop                     end the analysis
  level [depth D|time S|nodes N]    show or set what go and auto use (default: time 1)
  level N                  play at strength N: 20 full (default), 1 the weakest
  multipv [N]              show or set how many lines analyse shows (default 1)
  book [on|off]            show the book's moves here, or play from the book or not (default on)
  book margin X            book moves up to X hundredths of a man below the best are played too
  book file FILE|builtin   play from another book file, or the built-in one again
  auto on|off              the engine answers each of your moves (default off)
  undo [N]                 take back the last move (or N moves)
  history                  the moves so far, numbered
  save FILE                add the game to a PDN file (a new file or at its end;
                           a name with spaces in double quotes: save "my games.pdn")
  load FILE [N]            take up game N (default 1) of a PDN file
  moves                    list the legal moves
  board                    show the board
  new                      a new game from the start position
  fen [FEN]                show the position as a FEN, or set one (PDN FEN or Hub string)
  variant [NAME]           show or change the game: )";

const char* help_tail = R"(
  random [PLIES] [SEED]    a random opening (default 4 plies, a fresh seed)
  eval                     the evaluation of the position, term by term or piece by piece
  egdb [DIR|none]          show or change the endgame database directory
  perft D                  count the move sequences up to depth D
  hash MB                  size of the engine's table
  help                     this text
  quit                     leave
A game not saved is not dropped at once: quit, new, variant, fen, load and
random say so and go ahead when the same command is typed again.
)";

class Shell {
public:
    Shell(std::ostream& out, Variant v, bool prompt, int level, const BookChoice& book)
        : out_(out), game_(v), prompt_(prompt), book_(book) {
        engine_.set_level(level);
    }
    ~Shell() { end_analysis(); }

    // Whether an analysis started by a command runs on (or has ended by
    // itself and printed the prompt): the caller then owes no prompt.
    bool analysing() const { return analysis_.joinable(); }

    // The input has ended: an analysis without limits would never end.
    void finish() {
        if (analysis_infinite_) control_.stop();
        end_analysis();
    }

    // Takes the database in `dir` (see open_database); says what it found
    // when asked to or when something is wrong.
    void use_database(std::string_view dir, bool report) {
        std::vector<std::string> warnings;
        std::shared_ptr<const egdb::Database> database = open_database(dir, warnings);
        for (const std::string& w : warnings) out_ << "warning: " << w << "\n";
        engine_.set_database(std::move(database));
        database_dir_ = std::string(trim(dir));
        if (report) show_database();
    }

    // Gives the engine the book book_ names for the game's variant; a file
    // that cannot be used is one error line and play goes on without it.
    void use_book() {
        book_variant_ = game_.variant();
        if (const auto problem = give_book(engine_, game_.variant(), book_)) out_ << "error: " << *problem << "\n";
    }

    void greet() {
        out_ << "yaad shell, " << variant_name(game_.variant())
             << " draughts. Type a move to play it, 'go' for the engine to move, 'help' for more.\n";
        show_board();
    }

    // Returns false on quit.
    bool handle(std::string_view line) {
        const auto words = split_quoted_words(line);
        if (words.empty()) return true;
        const std::string command = to_lower(words[0]);
        const std::vector<std::string_view> args(words.begin() + 1, words.end());
        // A running analysis: `stop` ends it; an analysis without limits
        // ends for any command; one with limits finishes first, so a line
        // typed ahead (or a script's next line) never cuts it short.
        if (analysing()) {
            if (command == "stop" || command == "quit" || command == "exit" || analysis_infinite_) control_.stop();
            end_analysis();
            if (command == "stop") return true;
        }
        if (command == "quit" || command == "exit") return warn_of_unsaved_game("quit");
        try {
            dispatch(command, args, line);
        } catch (const InputError& e) {
            out_ << "error: " << e.what() << "\n";
        }
        return true;
    }

private:
    void dispatch(const std::string& command, const std::vector<std::string_view>& args, std::string_view line) {
        if (command == "help" || command == "?") {
            out_ << help_text << variant_names() << help_tail;
        } else if (command == "board" || command == "show") {
            show_board();
        } else if (command == "new") {
            if (warn_of_unsaved_game(command)) return;
            new_game(game_.variant(), start_position(game_.variant()));
        } else if (command == "variant") {
            if (args.empty()) {
                out_ << variant_name(game_.variant()) << "\n";
                return;
            }
            const auto v = parse_variant(args[0]);
            if (!v) throw InputError("unknown variant " + quoted_excerpt(args[0]) + " (choose from: " + variant_names() + ")");
            if (warn_of_unsaved_game(command)) return;
            new_game(*v, start_position(*v));
        } else if (command == "fen") {
            const std::string_view rest = trim(line.substr(line.find_first_of(" \t") == std::string_view::npos
                                                                ? line.size()
                                                                : line.find_first_of(" \t")));
            if (rest.empty())
                out_ << to_fen(game_.variant(), game_.position()) << "\n";
            else if (const Position p = parse_position(game_.variant(), rest); !warn_of_unsaved_game(command))
                new_game(game_.variant(), p);
        } else if (command == "moves") {
            list_moves();
        } else if (command == "undo") {
            undo(args.empty() ? 1 : count_argument(args[0], "undo"));
            show_board();
        } else if (command == "history") {
            show_history();
        } else if (command == "save") {
            if (args.size() != 1) throw InputError("save FILE (a name with spaces in double quotes)");
            save(args[0]);
        } else if (command == "load") {
            if (args.empty() || args.size() > 2) throw InputError("load FILE [N] (a name with spaces in double quotes)");
            load(args[0], args.size() == 2 ? count_argument(args[1], "load") : 1);
        } else if (command == "go") {
            engine_move(args.empty() ? level_ : limits_from(args));
        } else if (command == "analyse" || command == "analyze") {
            if (game_.status().outcome != Outcome::ongoing) throw InputError("the game is over; 'new' or 'undo'");
            SearchLimits limits;
            if (args.empty())
                limits.infinite = true;
            else
                limits = limits_from(args);
            analyse(limits);
        } else if (command == "stop") {
            out_ << "no analysis is running\n";
        } else if (command == "book") {
            book_command(args);
        } else if (command == "multipv") {
            if (args.size() > 1) throw InputError("multipv [N]");
            if (!args.empty()) {
                const auto n = parse_integer(args[0]);
                if (!n || *n < 1 || *n > max_multipv)
                    throw InputError("multipv takes a number of lines, 1 to " + std::to_string(max_multipv));
                multipv_ = static_cast<int>(*n);
            }
            out_ << "multipv " << multipv_ << "\n";
        } else if (command == "level") {
            if (args.size() == 1 && !parse_integer(args[0])) {
                throw InputError("level N (a strength 1 to 20), or level depth D, time S or nodes N");
            } else if (args.size() == 1) {
                const auto n = parse_integer(args[0]);
                if (!n || *n < weakest_level || *n > full_strength)
                    throw InputError("level N takes a strength 1 to 20 (20 is full strength)");
                engine_.set_level(static_cast<int>(*n));
            } else if (!args.empty()) {
                level_ = limits_from(args);
            }
            out_ << "level: " << level_text(level_) << ", strength " << engine_.level()
                 << (engine_.level() == full_strength ? " (full)" : "") << "\n";
        } else if (command == "auto") {
            if (args.size() != 1 || (to_lower(args[0]) != "on" && to_lower(args[0]) != "off"))
                throw InputError("auto on|off");
            auto_reply_ = to_lower(args[0]) == "on";
            out_ << "the engine " << (auto_reply_ ? "answers" : "does not answer") << " your moves\n";
        } else if (command == "eval") {
            show_eval();
            show_database_verdict();
        } else if (command == "egdb") {
            if (args.size() > 1) throw InputError("egdb [DIR|none]");
            if (args.empty())
                show_database();
            else
                use_database(args[0], true);
        } else if (command == "perft") {
            if (args.size() != 1) throw InputError("perft D");
            const int depth = count_argument(args[0], "perft");
            if (depth > 20) throw InputError("perft depth 1 to 20 here; yaad perft goes deeper");
            for (int d = 1; d <= depth; ++d)
                out_ << "perft " << d << " nodes=" << perft(game_.variant(), game_.position(), d) << "\n";
        } else if (command == "random") {
            const int plies = args.empty() ? 4 : count_argument(args[0], "random");
            std::uint64_t seed = std::random_device{}();
            if (args.size() > 1) {
                const auto s = parse_integer(args[1]);
                if (!s || *s < 0) throw InputError("the seed is a whole number 0 or more");
                seed = static_cast<std::uint64_t>(*s);
            }
            const RandomOpening o = random_opening(game_.variant(), plies, seed);
            if (warn_of_unsaved_game(command)) return;
            new_game(game_.variant(), start_position(game_.variant()), false);
            for (const Move& m : o.moves) play(m, false);
            unsaved_ = false;  // the opening begins the game, as `new` does
            out_ << "random opening (seed " << seed << "): " << format_line(game_.variant(), game_.start(), o.moves)
                 << "\n";
            show_board();
        } else if (command == "hash") {
            if (args.size() != 1) throw InputError("hash MB");
            engine_.set_hash_mb(static_cast<std::size_t>(count_argument(args[0], "hash")));
            out_ << "hash " << engine_.hash_mb() << " MB\n";
        } else if (line.find_first_of("0123456789") == std::string_view::npos) {
            throw InputError("unknown command " + quoted_excerpt(command) + " ('help' lists them)");
        } else {
            play_move(line);
        }
    }

    // A game played or changed since it was last begun, saved or loaded
    // would be lost: a command that drops it (quit, new, variant, fen,
    // load, random) says so and does nothing; the same command typed again
    // goes ahead. Another one warns in its turn, so `new` after a warned
    // `quit` does not drop the game unasked.
    bool warn_of_unsaved_game(std::string_view command) {
        if (!unsaved_ || game_.ply_count() == 0 || warned_command_ == command) return false;
        warned_command_ = command;
        out_ << "the game is not saved (" << game_.ply_count() << (game_.ply_count() == 1 ? " ply" : " plies")
             << "): 'save FILE' keeps it; '" << command
             << (command == "quit" ? "' again leaves without it\n" : "' again drops it\n");
        return true;
    }

    static int count_argument(std::string_view text, const char* what) {
        const auto n = parse_integer(text);
        if (!n || *n < 1 || *n > 100000) throw InputError(std::string(what) + " takes a whole number 1 or more");
        return static_cast<int>(*n);
    }

    static std::string level_text(const SearchLimits& l) {
        if (l.depth > 0) return "depth " + std::to_string(l.depth);
        if (l.nodes > 0) return "nodes " + std::to_string(l.nodes);
        std::ostringstream text;
        text << "time " << l.move_time << " s a move";
        return text.str();
    }

    static SearchLimits limits_from(const std::vector<std::string_view>& args) {
        SearchLimits limits;
        if (args.size() != 2) throw InputError("give depth D, time S or nodes N");
        const std::string kind = to_lower(args[0]);
        if (kind == "depth") {
            limits.depth = std::min(count_argument(args[1], "depth"), max_search_depth);
        } else if (kind == "nodes") {
            const auto n = parse_integer(args[1]);
            if (!n || *n < 1) throw InputError("nodes takes a whole number 1 or more");
            limits.nodes = static_cast<std::uint64_t>(*n);
        } else if (kind == "time") {
            char* end = nullptr;
            const std::string text(args[1]);
            const double s = std::strtod(text.c_str(), &end);
            if (end != text.c_str() + text.size() || !(s > 0 && s < 1e6)) throw InputError("time takes seconds, e.g. 2.5");
            limits.move_time = s;
        } else {
            throw InputError("give depth D, time S or nodes N");
        }
        return limits;
    }

    void new_game(Variant v, const Position& p, bool show = true) {
        game_ = Game(v, p);
        record_ = GameRecord{};
        unsaved_ = false;
        engine_.new_game();
        if (show) show_board();
    }

    void play(const Move& m, bool by_engine) {
        game_.play(m);
        record_.by_engine.push_back(by_engine);
        record_changed();
    }

    void undo(int n) {
        for (int i = 0; i < n && game_.undo(); ++i) {
            if (!record_.by_engine.empty()) record_.by_engine.pop_back();
            record_changed();
        }
    }

    // A move played or taken back: the loaded record's result, other tags
    // and comments no longer describe the game, and it is not saved.
    void record_changed() {
        record_.loaded_result.clear();
        record_.loaded_as_is = false;
        unsaved_ = true;
        warned_command_.clear();
    }

    void show_history() {
        if (!(game_.start() == start_position(game_.variant())))
            out_ << "from " << to_fen(game_.variant(), game_.start()) << "\n";
        const std::vector<std::string> entries = numbered_moves(game_);
        if (entries.empty()) out_ << "no moves yet\n";
        for (const std::string& e : entries) out_ << e << "\n";
        const std::string result = result_text();
        if (result != "*") out_ << result << "\n";
    }

    // The game's result: the board's verdict, else the one the loaded
    // game's record gave (a resignation, an agreed draw) while nothing has
    // been played or taken back since.
    std::string result_text() const {
        const GameStatus s = game_.status();
        if (s.outcome != Outcome::ongoing) return std::string(pdn_result(s.outcome));
        return record_.loaded_result.empty() ? "*" : record_.loaded_result;
    }

    // The seven tags PDN requires (Result is added by pdn_game): a loaded
    // game keeps its own, and its other tags while its moves are the
    // record's (a Termination or a clock would not fit a game played on);
    // a game played here says who played each side.
    std::vector<std::pair<std::string, std::string>> pdn_tags() const {
        auto player = [&](Color c) -> std::string {
            bool engine = false, person = false;
            Position p = game_.start();
            const std::vector<Move> moves = game_.moves();
            for (std::size_t i = 0; i < moves.size(); ++i) {
                if (p.side == c) (record_.by_engine[i] ? engine : person) = true;
                p.make(moves[i]);
            }
            if (engine && !person) return "yaad " + std::string(version);
            return "?";
        };
        std::vector<std::pair<std::string, std::string>> tags{
            {"Event", "yaad shell game"}, {"Site", "?"},         {"Date", pdn_date_today()},
            {"Round", "-"},               {"White", player(Color::white)}, {"Black", player(Color::black)}};
        if (record_.loaded) {
            // A loaded game was not played here: a tag its record lacks is
            // unknown, as PDN writes it.
            tags = {{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"}, {"Black", "?"}};
            for (auto& [name, value] : tags)
                for (const auto& [loaded_name, loaded_value] : record_.loaded_tags)
                    if (loaded_name == name) value = loaded_value;
            if (record_.loaded_as_is)
                for (const auto& loaded_tag : record_.loaded_tags) {
                    const std::string& name = loaded_tag.first;
                    const bool seven = std::any_of(tags.begin(), tags.begin() + 6, [&](const auto& t) { return t.first == name; });
                    if (!pdn_game_writes_tag(name) && !seven) tags.push_back(loaded_tag);
                }
        }
        return tags;
    }

    void save(std::string_view file) {
        std::vector<MoveNote> notes;
        std::string opening;
        if (record_.loaded_as_is) {
            for (const std::string& comment : record_.loaded_comments) notes.push_back({"", comment});
            opening = record_.loaded_opening_comment;
        }
        const std::string text = pdn_game(game_, pdn_tags(), result_text(), notes, {}, opening);
        const bool existed = std::filesystem::exists(std::string(file));
        std::ofstream out(std::string(file), std::ios::app | std::ios::binary);
        if (!out) throw InputError("cannot write " + quoted_excerpt(file));
        out << text;
        out.flush();
        if (!out) throw InputError("writing " + quoted_excerpt(file) + " failed (disk full?)");
        unsaved_ = false;
        out_ << (existed ? "added the game to " : "saved the game in ") << file << " (" << game_.ply_count()
             << (game_.ply_count() == 1 ? " ply, " : " plies, ") << result_text() << ")\n";
    }

    void load(std::string_view file, int number) {
        const std::vector<PdnGame> games = read_pdn_file(std::string(file));
        if (number > static_cast<int>(games.size()))
            throw InputError(quoted_excerpt(file) + " holds " + std::to_string(games.size()) +
                             (games.size() == 1 ? " game" : " games"));
        const PdnGame& pdn = games[static_cast<std::size_t>(number - 1)];
        Game game = replay_pdn_game(pdn, game_.variant());
        if (warn_of_unsaved_game("load")) return;
        game_ = std::move(game);
        engine_.new_game();
        record_ = GameRecord{};
        record_.by_engine.assign(game_.ply_count(), false);
        record_.loaded = true;
        record_.loaded_as_is = true;
        record_.loaded_tags = pdn.tags;
        record_.loaded_comments = pdn.comments;
        record_.loaded_opening_comment = pdn.opening_comment;
        unsaved_ = false;
        record_.loaded_result = pdn.result.empty() ? pdn.tag("Result").value_or("") : pdn.result;
        if (record_.loaded_result == "*") record_.loaded_result.clear();
        out_ << "game " << number << " of " << games.size() << " in " << file << ": "
             << pdn.tag("White").value_or("?") << " - " << pdn.tag("Black").value_or("?") << ", "
             << variant_name(game_.variant()) << ", " << game_.ply_count()
             << (game_.ply_count() == 1 ? " ply" : " plies") << ", " << result_text() << "\n";
        show_board();
    }

    void play_move(std::string_view text) {
        if (game_.status().outcome != Outcome::ongoing) throw InputError("the game is over; 'new' or 'undo'");
        const Position before = game_.position();
        const Move m = parse_move(game_.variant(), before, trim(text));
        play(m, false);
        out_ << "you played " << format_move(game_.variant(), before, m) << "\n";
        if (auto_reply_ && game_.status().outcome == Outcome::ongoing) {
            engine_move(level_);
            return;
        }
        show_board();
    }

    void book_command(const std::vector<std::string_view>& args) {
        const std::string what = args.empty() ? "" : to_lower(args[0]);
        if (args.empty()) {
            use_book_of_variant();
        } else if (args.size() == 1 && (what == "on" || what == "off")) {
            book_.on = what == "on";
            use_book();
        } else if (args.size() == 2 && what == "margin") {
            const auto n = parse_integer(args[1]);
            if (!n || *n < 0 || *n > max_book_margin)
                throw InputError("book margin takes hundredths of a man, 0 to " + std::to_string(max_book_margin));
            book_.margin = static_cast<int>(*n);
            use_book();
        } else if (args.size() == 2 && what == "file") {
            BookChoice wanted = book_;
            wanted.file = to_lower(args[1]) == "builtin" ? "" : std::string(args[1]);
            wanted.on = true;
            // A file that cannot be used changes nothing.
            if (!wanted.file.empty()) read_book(wanted.file, game_.variant());
            book_ = wanted;
            use_book();
        } else {
            throw InputError("book [on|off], book margin X, book file FILE|builtin");
        }
        out_ << book_status(engine_, book_, game_.variant()) << "\n";
        if (const auto moves = book_moves_text(engine_, game_)) out_ << *moves << "\n";
    }

    // The variant changes with `variant`, `load` and the like: the book
    // follows when it is next needed.
    void use_book_of_variant() {
        if (book_variant_ != game_.variant()) use_book();
    }

    void engine_move(const SearchLimits& limits) {
        if (game_.status().outcome != Outcome::ongoing) throw InputError("the game is over; 'new' or 'undo'");
        use_book_of_variant();
        SearchControl control;
        const SearchResult r = engine_.search(game_, limits, control);
        if (!r.best) throw InputError("no legal move");
        const Position before = game_.position();
        play(*r.best, true);
        out_ << "yaad plays " << format_move(game_.variant(), before, *r.best);
        if (r.from_book) out_ << "  (book, " << score_for_people(r.score, before.side) << ")";
        if (r.depth > 0) out_ << "  (" << score_for_people(r.score, before.side) << ", depth " << r.depth << ")";
        out_ << "\n";
        show_board();
    }

    // Runs beside the command loop, so that `stop` can end it; writes
    // nothing once a command is being handled (the loop joins it first).
    void analyse(SearchLimits limits) {
        limits.analysis = true;
        limits.multipv = multipv_;
        use_book_of_variant();
        if (const auto moves = book_moves_text(engine_, game_)) out_ << *moves << "\n";
        show_database_verdict();
        out_.flush();
        control_.reset(false);
        analysis_infinite_ = limits.infinite;
        analysis_ = std::thread([this, limits] {
            const Position root = game_.position();
            const SearchResult r = engine_.search(game_, limits, control_, [&](const SearchInfo& info) {
                out_ << readable_iteration(game_.variant(), root, info, limits.multipv) << std::endl;
            });
            out_ << "best move " << (r.best ? format_move(game_.variant(), root, *r.best) : "none") << "\n";
            if (prompt_ && !control_.stopped()) out_ << "yaad> ";
            out_.flush();
        });
    }

    void end_analysis() {
        if (!analysis_.joinable()) return;
        analysis_.join();
    }

    void list_moves() {
        const MoveList moves = game_.legal_moves();
        const std::vector<std::string> texts =
            sorted_move_texts(game_.variant(), game_.position(), std::vector<Move>(moves.begin(), moves.end()));
        out_ << moves.size() << (moves.size() == 1 ? " move:" : " moves:");
        for (const std::string& t : texts) out_ << " " << t;
        out_ << "\n";
    }

    void show_eval() {
        const LearnedExplanation learned = explain_learned(game_.variant(), game_.position());
        if (learned.network) {
            show_network(learned);
            return;
        }
        if (!learned.parts.empty()) {
            out_ << "evaluation: " << learned.source << "\n"
                 << std::left << std::setw(16) << "term" << std::right << std::setw(8) << "white" << "\n";
            for (const auto& [name, value] : learned.parts)
                out_ << std::left << std::setw(16) << name << std::right << std::fixed << std::setprecision(2)
                     << std::setw(8) << value / 100.0 << "\n";
            show_divisor(learned.divisor);
            out_ << "total " << score_for_people(learned.score, game_.position().side) << "\n";
            out_.unsetf(std::ios::fixed);
            return;
        }
        // Kings only: the learned evaluations see men (static_eval.hpp).
        if (const std::string learned_one = eval_description(game_.variant()); learned_one != "hand-made")
            out_ << "evaluation: hand-made, kings only (" << learned_one << " is for positions with men)\n";
        EvalTrace trace;
        const int score = evaluate(game_.variant(), game_.position(), &trace);
        out_ << std::left << std::setw(16) << "term" << std::right << std::setw(8) << "white" << std::setw(8) << "black"
             << "\n";
        for (std::size_t t = 0; t + 1 < EvalTrace::names.size(); ++t) {
            out_ << std::left << std::setw(16) << EvalTrace::names[t] << std::right << std::fixed << std::setprecision(2)
                 << std::setw(8) << trace.terms[t][0] / 100.0 << std::setw(8) << -trace.terms[t][1] / 100.0 << "\n";
        }
        show_divisor(trace.terms.back()[0]);
        out_ << "total " << score_for_people(score, game_.position().side) << "\n";
        out_.unsetf(std::ios::fixed);
    }

    // The network's score, each piece's share, largest first, then what
    // the search does to the score: the shares for the side to move, the
    // scores for whoever they favour.
    void show_network(const LearnedExplanation& e) {
        const Variant v = game_.variant();
        const Color to_move = game_.position().side;
        const char* side = player_name(to_move);
        const SquareStyle style = visit_variant(v, [](auto r) { return decltype(r)::square_style; });
        auto signed_men = [](int score) {
            char text[32];
            std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
            return std::string(text);
        };
        out_ << "evaluation: " << e.source << "\n"
             << std::left << std::setw(19) << "network" << score_for_people(*e.network, to_move) << "\n"
             << std::left << std::setw(18) << "piece" << std::right << std::setw(6) << "share"
             << "  (the score less the score without the piece, for " << side << ")\n";
        std::vector<NetPieceShare> pieces = e.pieces;
        std::stable_sort(pieces.begin(), pieces.end(), [](const NetPieceShare& a, const NetPieceShare& b) {
            return (a.share ? std::abs(*a.share) : -1) > (b.share ? std::abs(*b.share) : -1);
        });
        int sum = 0;
        for (const NetPieceShare& piece : pieces) {
            const std::string name = std::string(color_name(piece.color)) + (piece.king ? " king " : " man ") +
                                     square_text(v, piece.square, style);
            out_ << std::left << std::setw(18) << name << std::right;
            if (piece.share) {
                sum += *piece.share;
                out_ << std::setw(6) << signed_men(*piece.share) << "\n";
            } else {
                out_ << std::setw(6) << "-" << "  (" << player_name(piece.color)
                     << "'s only piece: a side is never left without pieces)\n";
            }
        }
        out_ << std::left << std::setw(18) << "sum of the shares" << std::right << std::setw(6) << signed_men(sum)
             << "  (not the score: a network's shares do not add up)\n";
        if (e.divisor == 1) out_ << "the search adds nothing to the network's score\n";
        show_divisor(e.divisor);
        out_ << "total " << score_for_people(e.score, to_move) << "\n";
    }

    void show_divisor(int divisor) {
        if (divisor == 0)
            out_ << "a drawn ending: only a capture on the board now could decide it\n";
        else if (divisor > 1)
            out_ << "scaled down by " << divisor << " (drawish ending)\n";
    }

    void show_database_verdict() {
        if (const auto verdict = database_verdict(engine_.database(), game_)) out_ << *verdict << "\n";
    }

    void show_database() {
        const egdb::Database* database = engine_.database();
        if (!database) {
            out_ << "no endgame database\n";
            return;
        }
        out_ << "endgame database " << (database_dir_.empty() ? egdb::default_directory().string() : database_dir_)
             << ": up to " << database->max_pieces(game_.variant()) << " pieces in " << variant_name(game_.variant())
             << "\n";
    }

    void show_board() {
        const Variant v = game_.variant();
        const BoardLayout& l = layout(v);
        const Position& p = game_.position();
        const int n = l.size();
        out_ << "\n    ";
        for (int c = 0; c < n; ++c) out_ << ' ' << l.file_letter(c);
        out_ << "\n";
        for (int r = 0; r < n; ++r) {
            out_ << std::setw(3) << l.rank_number(r) << " ";
            std::string numbers;
            for (int c = 0; c < n; ++c) {
                const auto s = l.at(c, r);
                char cell = ' ';
                if (s) {
                    const Bitboard b = bit(*s);
                    const bool king = (p.kings & b) != 0;
                    cell = (p.of(Color::white) & b) ? (king ? 'W' : 'w') : (p.of(Color::black) & b) ? (king ? 'B' : 'b') : '.';
                    char number[8];
                    std::snprintf(number, sizeof number, "%3d", l.number(*s));
                    numbers += number;
                }
                out_ << ' ' << cell;
            }
            out_ << " " << std::setw(3) << std::left << l.rank_number(r) << std::right << "  " << numbers << "\n";
        }
        out_ << "    ";
        for (int c = 0; c < n; ++c) out_ << ' ' << l.file_letter(c);
        out_ << "\n\n" << (p.side == Color::white ? "White" : "Black") << " to move.  " << to_fen(v, p) << "\n";
        const GameStatus s = game_.status();
        if (s.outcome != Outcome::ongoing)
            out_ << "Game over. " << game_end_text(game_) << "\n";
    }

    // What the PDN record needs beyond the moves.
    struct GameRecord {
        std::vector<bool> by_engine;  // per ply since the start: the engine chose it
        bool loaded = false;       // taken up from a PDN file
        bool loaded_as_is = false;  // ... and nothing played or taken back since
        std::vector<std::pair<std::string, std::string>> loaded_tags;
        std::vector<std::string> loaded_comments;  // per move, kept like the tags
        std::string loaded_opening_comment;        // before the first move, kept alike
        std::string loaded_result;
    };

    std::ostream& out_;
    Game game_;
    GameRecord record_;
    Engine engine_;
    std::string database_dir_;
    bool auto_reply_ = false;
    bool unsaved_ = false;  // moves played or taken back since the game was last saved, loaded or begun
    std::string warned_command_;  // the dropping command that warned of this unsaved game
    bool prompt_;
    SearchLimits level_{.move_time = default_think_seconds};
    SearchControl control_;
    std::thread analysis_;
    bool analysis_infinite_ = false;
    int multipv_ = 1;
    BookChoice book_;
    std::optional<Variant> book_variant_;  // the variant the engine's book was chosen for
};

}  // namespace

void run_shell(std::istream& in, std::ostream& out, Variant v, bool prompt, const std::string& egdb_dir,
               int level, const BookChoice& book) {
    std::string line;
    // A GUI that starts plain `yaad` speaks first: "hub" switches to Hub.
    if (!prompt) {
        if (!std::getline(in, line)) return;
        if (trim(line) == "hub") {
            run_hub(in, out, line, HubStart{egdb_dir, level, v, book});
            return;
        }
    }
    // The search thread of `analyse` writes while this one reads: reading
    // must not flush the output from here (see run_hub).
    in.tie(nullptr);
    Shell shell(out, v, prompt, level, book);
    try {
        shell.use_database(egdb_dir, false);
    } catch (const InputError& e) {
        out << "error: " << e.what() << "\n";
    }
    shell.use_book();
    shell.greet();
    if (!prompt && !shell.handle(line)) return;
    if (!shell.analysing()) out.flush();
    for (;;) {
        if (prompt && !shell.analysing()) out << "yaad> " << std::flush;
        if (!std::getline(in, line)) break;
        if (!shell.handle(line)) break;
        if (!shell.analysing()) out.flush();
    }
    shell.finish();
    out.flush();
}

}  // namespace yaad
