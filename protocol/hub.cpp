#include "hub.hpp"

#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include "database_option.hpp"
#include "engine_params.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "opening_book.hpp"
#include "search.hpp"
#include "text.hpp"
#include "tokenizer.hpp"
#include "version.hpp"

namespace yaad {

namespace {

// Without a `level` since the last `pos` or `go`: a thinking search takes
// a second; an analysis runs until `stop`.
constexpr double default_move_time = 1.0;

std::optional<double> parse_real(std::string_view text) {
    const std::string s(trim(text));
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

class HubSession {
public:
    HubSession(std::ostream& out, const HubStart& start) : out_(out), engine_(settings_.hash_mb) {
        settings_.egdb_path = start.egdb_dir;
        settings_.level = start.level;
        settings_.variant = start.variant;
        settings_.book = start.book;
        engine_.set_level(start.level);
    }
    ~HubSession() { finish_search(); }

    // Returns false when the session should end.
    bool handle(std::string_view line) {
        CommandLine command;
        try {
            command = tokenize_command(line);
        } catch (const InputError& e) {
            // A line we cannot read still interrupts a search, as any line
            // other than ping, ponder-hit and stop does.
            finish_search();
            error(e.what());
            return true;
        }
        if (command.command.empty()) return true;
        if (search_running_ && answer_during_search(command.command)) return true;
        finish_search();
        try {
            return dispatch(command);
        } catch (const InputError& e) {
            error(e.what());
        }
        return true;
    }

    // The three commands a search goes on through (HUB.md).
    bool answer_during_search(const std::string& command) {
        if (command == "ping")
            send("pong");
        else if (command == "stop")
            control_.stop();
        else if (command == "ponder-hit")
            control_.ponder_hit();
        else
            return false;
        return true;
    }

    void finish_search() {
        if (search_running_) control_.stop();
        if (search_thread_.joinable()) search_thread_.join();
    }

private:
    void send(const std::string& line) {
        const std::lock_guard lock(output_mutex_);
        out_ << line << '\n';
        out_.flush();
    }

    void error(const std::string& message) {
        // One printable line; the protocol has no escape for a quote inside
        // a quoted value.
        std::string text;
        for (char c : message) text += c == '"' ? '\'' : std::isprint(static_cast<unsigned char>(c)) ? c : '?';
        send("error message=\"" + text + "\"");
    }

    bool dispatch(const CommandLine& c) {
        const std::string& name = c.command;
        if (name == "hub") {
            greet();
        } else if (name == "set-param") {
            set_param(c);
        } else if (name == "init") {
            initialised_ = true;
            try {
                take_hash_memory(TranspositionTable::default_mb);
            } catch (const InputError& e) {
                settings_.hash_mb = engine_.hash_mb();
                error(e.what());
            }
            try {
                open_database(settings_.egdb_path);
            } catch (const InputError& e) {
                error(e.what());
            }
            use_book();
            send("ready");
        } else if (name == "ping") {
            send("pong");
        } else if (name == "new-game") {
            engine_.new_game();
        } else if (name == "quit") {
            return false;
        } else if (name == "stop" || name == "ponder-hit") {
            // The search already ended on its own: nothing to do.
        } else if (name == "pos") {
            require_init(name);
            set_position(c);
        } else if (name == "level") {
            require_init(name);
            set_level(c);
        } else if (name == "go") {
            require_init(name);
            go(c);
        } else {
            throw InputError("unknown command: " + printable_excerpt(name));
        }
        return true;
    }

    void require_init(const std::string& command) const {
        if (!initialised_) throw InputError(command + " before init: send hub, then init");
    }

    void greet() {
        send("id name=yaad version=" + quote_value(version) + " author=\"yaad developers\" country=Jamaica");
        for (const EngineParam& p : engine_params()) send(hub_param_line(p, settings_));
        send("wait");
    }

    void set_param(const CommandLine& c) {
        const auto name = c.value("name");
        const auto value = c.value("value");
        if (!name || !value) throw InputError("set-param needs name=<param> value=<value>");
        const EngineParam* p = find_engine_param(*name);
        // HUB.md: unknown arguments are ignored, and clients send
        // parameters of other engines (lidraughts' bot: initial-time).
        if (!p) return;
        EngineSettings changed = settings_;
        p->set(changed, *value);
        if (changed.hash_mb != settings_.hash_mb) {
            engine_.set_hash_mb(changed.hash_mb);
            if (initialised_) take_hash_memory(settings_.hash_mb);
        }
        if (changed.variant != settings_.variant) game_.reset();
        engine_.set_threads(changed.threads);
        engine_.set_level(changed.level);
        if (initialised_ && changed.egdb_path != settings_.egdb_path) open_database(changed.egdb_path);
        const bool book_changed = changed.book.on != settings_.book.on || changed.book.margin != settings_.book.margin ||
                                  changed.book.file != settings_.book.file || changed.variant != settings_.variant;
        settings_ = changed;
        if (initialised_ && book_changed) use_book();
    }

    // A book file that cannot be used is one error line; play goes on
    // without a book.
    void use_book() {
        if (const auto problem = give_book(engine_, settings_.variant, settings_.book)) error(*problem);
    }

    // Gives the engine the database in `dir`; a slice that cannot be read
    // is skipped with an error line. Throws InputError, keeping the
    // database it had, for a directory that is not there.
    void open_database(const std::string& dir) {
        std::vector<std::string> warnings;
        // A slice found corrupt during a search is reported the same way;
        // error() is safe from the search thread.
        std::shared_ptr<const egdb::Database> database =
            yaad::open_database(dir, warnings, [this](const std::string& w) { error(w); });
        for (const std::string& w : warnings) error(w);
        engine_.set_database(std::move(database));
    }

    // Allocates the table now, so that no search pays for it; when the
    // memory is not there, goes back to `fallback_mb` and says so.
    void take_hash_memory(std::size_t fallback_mb) {
        try {
            engine_.prepare();
        } catch (const std::bad_alloc&) {
            const std::size_t wanted = engine_.hash_mb();
            engine_.set_hash_mb(fallback_mb);
            engine_.prepare();
            throw InputError("not enough memory for a " + std::to_string(wanted) + " MB hash; keeping " +
                             std::to_string(engine_.hash_mb()) + " MB");
        }
    }

    void set_position(const CommandLine& c) {
        const Variant v = settings_.variant;
        const auto text = c.value("pos");
        if (!text && !c.has_flag("start")) throw InputError("pos needs pos=<position> or start");
        Game game(v, text ? parse_position(v, *text) : start_position(v));
        if (const auto moves = c.value("moves")) {
            for (std::string_view m : split_words(*moves)) {
                try {
                    game.play(m, MoveReading::hub_first);
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()) + " after " + std::to_string(game.ply_count()) +
                                     " moves of pos moves=");
                }
            }
        }
        game_ = std::move(game);
        level_.reset();
    }

    void set_level(const CommandLine& c) {
        SearchLimits limits;
        bool any = false;
        auto number = [&](const char* key, double low) -> std::optional<double> {
            const auto text = c.value(key);
            if (!text) return std::nullopt;
            const auto v = parse_real(*text);
            if (!v || *v < low) throw InputError(std::string("level ") + key + " needs a number " + (low > 0 ? "above 0" : "0 or more") + ", not " + quoted_excerpt(*text));
            any = true;
            return v;
        };
        if (const auto d = number("depth", 1)) limits.depth = static_cast<int>(std::min<double>(*d, max_search_depth));
        if (const auto n = number("nodes", 1)) limits.nodes = static_cast<std::uint64_t>(std::min(*n, 1e18));
        if (const auto t = number("move-time", 0)) limits.move_time = std::max(*t, 0.001);
        const auto time = number("time", 0);
        const auto inc = number("inc", 0);
        const auto moves = number("moves", 1);
        if ((inc || moves) && !time) throw InputError("level moves= and inc= go with time=");
        if (time) {
            // The increment is added before each move (HUB.md): this move
            // may count on time + inc.
            limits.increment = inc.value_or(0);
            limits.time = *time + limits.increment;
            limits.moves_to_go = moves ? static_cast<int>(std::min(*moves, 1e6)) : 0;
        }
        if (c.has_flag("infinite")) {
            limits.infinite = true;
            any = true;
        }
        if (!any) throw InputError("level needs depth=, nodes=, move-time=, time= or infinite");
        level_ = limits;
    }

    void go(const CommandLine& c) {
        if (!game_) throw InputError("go without a position: send pos first");
        check_go_mode(c);
        const bool ponder = c.has_flag("ponder");
        const bool analyze = c.has_flag("analyze") || c.has_flag("analyse");
        SearchLimits limits = level_.value_or(SearchLimits{});
        if (!level_) {
            if (analyze)
                limits.infinite = true;
            else
                limits.move_time = default_move_time;
        }
        limits.analysis = analyze;
        limits.multipv = settings_.multipv;
        level_.reset();

        if (game_->legal_moves().empty()) {
            send("done");
            return;
        }
        // An analysis shows what the book knows here before it searches,
        // as the shell's analyse does.
        if (analyze) send_book_moves();
        control_.reset(ponder);
        search_running_ = true;
        search_thread_ = std::thread([this, limits] {
            const Variant v = game_->variant();
            const Position root = game_->position();
            const SearchResult r = engine_.search(*game_, limits, control_, [&](const SearchInfo& info) {
                send(info_line(v, root, info, limits.multipv));
            });
            // A move from the book has no search to report: its line says
            // so, with the book's score, so a GUI shows more than a move.
            if (r.from_book && r.best) send(book_line(v, root, *r.best, r.score, 0));
            std::string done = "done";
            if (r.best) {
                done += " move=" + format_move(v, root, *r.best, MoveFormat::hub);
                if (r.ponder) {
                    Position after = root;
                    after.make(*r.best);
                    done += " ponder=" + format_move(v, after, *r.ponder, MoveFormat::hub);
                }
            }
            send(done);
            search_running_ = false;
        });
    }

    // A mode we do not know must not start a search the client did not ask
    // for; a bare `go` plays a move, as `go think` does.
    static void check_go_mode(const CommandLine& c) {
        for (const CommandArgument& a : c.arguments) {
            if (a.value) continue;
            if (a.name == "think" || a.name == "ponder" || a.name == "analyze" || a.name == "analyse") continue;
            throw InputError("unknown go mode: " + printable_excerpt(a.name) + " (think, ponder or analyze)");
        }
    }

    // One info line per move the book knows in the current position, best
    // first, ranked by multipv= as several lines of a search are.
    void send_book_moves() {
        const OpeningBook* book = engine_.book();
        if (!book || !book_serves(book->variant(), game_->variant())) return;
        const std::vector<BookMove> moves = book->moves(game_->position());
        for (std::size_t i = 0; i < moves.size(); ++i)
            send(book_line(game_->variant(), game_->position(), moves[i].move, moves[i].score,
                           static_cast<int>(i) + 1));
    }

    // A book move as an info line: depth 0 and no nodes (nothing was
    // searched), and book=true, since HUB.md allows key=value pairs only.
    static std::string book_line(Variant v, const Position& root, const Move& move, int score, int rank) {
        std::string line = "info depth=0 mean-depth=0.0 score=" + score_text(score) +
                           " nodes=0 time=0.000 nps=0.00 ";
        if (rank > 0) line += "multipv=" + std::to_string(rank) + " ";
        return line + "pv=\"" + format_move(v, root, move, MoveFormat::hub) + "\" book=true";
    }

    // With several lines, multipv= gives each line's rank at its depth.
    static std::string info_line(Variant v, const Position& root, const SearchInfo& info, int multipv) {
        char head[200];
        const double nps = info.seconds > 0 ? info.nodes / info.seconds / 1e6 : 0.0;
        std::snprintf(head, sizeof head, "info depth=%d mean-depth=%.1f score=%s nodes=%llu time=%.3f nps=%.2f ",
                      info.depth, info.mean_depth, score_text(info.score).c_str(),
                      static_cast<unsigned long long>(info.nodes), info.seconds, nps);
        std::string line = head;
        if (multipv > 1) line += "multipv=" + std::to_string(info.line) + " ";
        line += "pv=";
        line += '"';
        line += format_line(v, root, info.pv, MoveFormat::hub);
        line += '"';
        if (info.database_hits > 0) line += " egdb-hits=" + std::to_string(info.database_hits);
        return line;
    }

    std::ostream& out_;
    std::mutex output_mutex_;
    EngineSettings settings_;
    Engine engine_;
    bool initialised_ = false;
    std::optional<Game> game_;
    std::optional<SearchLimits> level_;
    SearchControl control_;
    std::atomic<bool> search_running_{false};
    std::thread search_thread_;
};

}  // namespace

void run_hub(std::istream& in, std::ostream& out, const std::optional<std::string>& first_line,
             const HubStart& start) {
    // Every line is flushed as it is written. Left tied to the output, the
    // input would flush it before each read from this thread, racing the
    // search thread's writes without the lock: a line could come out twice.
    in.tie(nullptr);
    HubSession session(out, start);
    if (first_line && !session.handle(*first_line)) return;
    std::string line;
    while (std::getline(in, line))
        if (!session.handle(line)) break;
    session.finish_search();
}

}  // namespace yaad
