#include "web_game.hpp"

#include <algorithm>
#include <random>

#include "board_layout.hpp"
#include "fen.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "pdn_reader.hpp"
#include "pdn_writer.hpp"
#include "random_opening.hpp"
#include "report.hpp"
#include "text.hpp"
#include "variant.hpp"
#include "version.hpp"

namespace yaad {

namespace {

std::string capitalised(Color c) { return c == Color::white ? "White" : "Black"; }

// The score for the evaluation bar: men from White's side, a decided game
// as +-100 (the page clamps the bar).
double white_men(int score, Color side_to_move) {
    double men = is_decided(score) ? (score > 0 ? 100.0 : -100.0) : score / 100.0;
    return side_to_move == Color::white ? men : -men;
}

std::string piece_char(const Position& p, Square s) {
    const Bitboard b = bit(s);
    const bool king = (p.kings & b) != 0;
    if (p.of(Color::white) & b) return king ? "W" : "w";
    if (p.of(Color::black) & b) return king ? "B" : "b";
    return "";
}

// The legal moves as the page needs them: PDN numbers of the origin, the
// destination, the landing squares of each route and the captured pieces;
// `text` names the move in the variant's notation (the full route when
// another move shares its ends), and the page sends it back to play it.
std::string moves_json(Variant v, const Game& game) {
    const BoardLayout& l = layout(v);
    const Position& p = game.position();
    const MoveList legal = game.legal_moves();
    const std::vector<Route> routes = capture_routes(v, p);
    std::vector<std::string> out;
    for (const Move& m : legal) {
        std::vector<std::string> paths;
        for (const Route& r : routes) {
            if (!r.move.same_effect(m)) continue;
            std::vector<int> landings;
            for (Square s : r.landings) landings.push_back(l.number(s));
            paths.push_back(json::array(landings));
        }
        if (paths.empty()) paths.push_back(json::array(std::vector<int>{l.number(m.to)}));
        std::vector<int> captured;
        for_each_square(m.captured, [&](Square s) { captured.push_back(l.number(s)); });
        std::sort(captured.begin(), captured.end());
        out.push_back(json::Object()
                          .add("text", format_move(v, p, m))
                          .add("from", l.number(m.from))
                          .add("to", l.number(m.to))
                          .add_raw("paths", json::raw_array(paths))
                          .add_raw("captures", json::array(captured))
                          .text());
    }
    return json::raw_array(out);
}

std::string board_json(Variant v, const Position& p) {
    const BoardLayout& l = layout(v);
    const SquareStyle style = visit_variant(v, [](auto r) { return decltype(r)::square_style; });
    std::vector<std::string> squares;
    for (int n = 1; n <= l.squares(); ++n) {
        const Square s = *l.square(n);
        squares.push_back(json::Object()
                              .add("n", n)
                              .add("column", l.column(s))
                              .add("row", l.row(s))
                              .add("name", square_text(v, s, style))
                              .add("piece", piece_char(p, s))
                              .text());
    }
    return json::raw_array(squares);
}

std::string frame_json(Variant v) {
    const BoardLayout& l = layout(v);
    std::vector<std::string> files, ranks;
    for (int i = 0; i < l.size(); ++i) {
        files.push_back(std::string(1, l.file_letter(i)));
        ranks.push_back(std::to_string(l.rank_number(i)));
    }
    return json::Object().add_raw("files", json::array(files)).add_raw("ranks", json::array(ranks)).text();
}

}  // namespace

WebGame::WebGame(const WebGameOptions& options, Send send, Post post)
    : send_(std::move(send)), post_(std::move(post)), options_(options), game_(options.variant),
      engine_(options.hash_mb) {
    engine_.set_database(options_.database);
}

WebGame::~WebGame() { shut_down(); }

void WebGame::shut_down() { stop_search(); }

void WebGame::start() {
    use_book();
    send_state();
}

void WebGame::use_book() {
    const BookChoice& choice = options_.book;
    if (choice.on && options_.file_book && book_serves(options_.file_book->variant(), game_.variant())) {
        engine_.set_book(options_.file_book, choice.margin);
        return;
    }
    if (const auto problem = give_book(engine_, game_.variant(), choice)) send_error(*problem);
}

void WebGame::handle(std::string_view text) {
    try {
        const json::Message m(text);
        dispatch(m.string("type"), m);
    } catch (const InputError& e) {
        send_error(e.what());
    }
}

void WebGame::dispatch(const std::string& type, const json::Message& m) {
    const Variant v = game_.variant();
    if (type == "state") {
        send_state();
    } else if (type == "new") {
        Variant chosen = v;
        if (m.has("variant")) {
            const std::string name = m.string("variant");
            const auto parsed = parse_variant(name);
            if (!parsed) throw InputError("unknown variant " + quoted_excerpt(name) + " (choose from: " + variant_names() + ")");
            chosen = *parsed;
        }
        Game fresh(chosen);
        if (m.has("fen")) fresh = Game(chosen, parse_position(chosen, m.string("fen")));
        new_game(fresh);
        changed();
    } else if (type == "random") {
        // Choosing uniformly counts every sequence below (perft): 8 plies
        // take a tenth of a second in International, 10 plies five seconds,
        // and this runs on the I/O thread.
        const int plies = m.has("plies") ? static_cast<int>(m.integer("plies", 1, 8)) : 4;
        const std::uint64_t seed = m.has("seed") ? static_cast<std::uint64_t>(m.integer("seed", 0, 1LL << 52))
                                                 : std::random_device{}();
        const RandomOpening o = random_opening(v, plies, seed);
        Game opened(v);
        for (const Move& move : o.moves) opened.play(move);
        new_game(opened);
        by_engine_.assign(o.moves.size(), false);
        send_(json::Object()
                  .add("type", "opening")
                  .add("seed", seed)
                  .add("moves", format_line(v, opened.start(), o.moves))
                  .text());
        changed();
    } else if (type == "move") {
        if (game_.status().outcome != Outcome::ongoing) throw InputError("the game is over: start a new one or undo");
        if (m.has("ply") && m.integer("ply", 0, 1 << 30) != static_cast<std::int64_t>(game_.ply_count()))
            throw InputError("the position has changed since that move was made");
        const Color side = game_.position().side;
        if (searching_ == SearchKind::play || players_[index(side)] == Player::engine)
            throw InputError("it is the engine's move (" + capitalised(side) + ")");
        stop_search();
        play(parse_move(v, game_.position(), m.string("move")), false);
        changed();
    } else if (type == "undo") {
        if (game_.ply_count() == 0) throw InputError("nothing to take back");
        undo();
        changed();
    } else if (type == "go") {
        if (game_.status().outcome != Outcome::ongoing) throw InputError("the game is over: start a new one or undo");
        if (searching_ == SearchKind::play) throw InputError("the engine is already thinking");
        start_search(SearchKind::play);
        send_state();
    } else if (type == "players") {
        set_players(m);
        changed();
    } else if (type == "analyse") {
        const bool on = m.boolean("on");
        if (m.has("multipv")) multipv_ = static_cast<int>(m.integer("multipv", 1, 10));
        if (searching_ == SearchKind::analysis) stop_search();
        analysing_ = on;
        changed();
    } else if (type == "stop") {
        // A move being thought about is played at once; an analysis ends.
        if (searching_ == SearchKind::play) {
            control_.stop();
        } else {
            analysing_ = false;
            stop_search();
            send_state();
        }
    } else if (type == "load") {
        load_pdn(m.string("pdn"), m.has("game") ? static_cast<std::size_t>(m.integer("game", 1, 100000)) : 1);
    } else {
        throw InputError("unknown message type " + quoted_excerpt(type));
    }
}

void WebGame::new_game(const Game& game) {
    stop_search();
    game_ = game;
    by_engine_.assign(game_.ply_count(), false);
    loaded_result_.clear();
    engine_.new_game();
    use_book();
}

void WebGame::play(const Move& m, bool by_engine) {
    game_.play(m);
    by_engine_.push_back(by_engine);
    loaded_result_.clear();
}

// Back to the last position where a person is to move (one ply when the
// engine plays neither side or both).
void WebGame::undo() {
    stop_search();
    const bool someone_human = players_[0] == Player::human || players_[1] == Player::human;
    do {
        if (!game_.undo()) break;
        if (!by_engine_.empty()) by_engine_.pop_back();
    } while (someone_human && game_.ply_count() > 0 && players_[index(game_.position().side)] == Player::engine);
    loaded_result_.clear();
}

void WebGame::load_pdn(const std::string& text, std::size_t index) {
    const std::vector<PdnGame> games = read_pdn(text);
    if (games.empty()) throw InputError("no PDN game in that text");
    if (index > games.size())
        throw InputError("there are only " + std::to_string(games.size()) + " games in that text");
    const PdnGame& pdn = games[index - 1];
    const Game loaded = replay_pdn_game(pdn, game_.variant());
    stop_search();
    game_ = loaded;
    by_engine_.assign(game_.ply_count(), false);
    engine_.new_game();
    use_book();
    loaded_result_ = game_.status().outcome == Outcome::ongoing && pdn.result != "*" ? pdn.result : "";
    changed();
}

void WebGame::set_players(const json::Message& m) {
    Player players[2] = {players_[0], players_[1]};
    for (const Color c : {Color::white, Color::black}) {
        const char* name = color_name(c);
        if (!m.has(name)) continue;
        const std::string who = m.string(name);
        if (who != "human" && who != "engine") throw InputError(std::string("'") + name + "' is 'human' or 'engine'");
        players[index(c)] = who == "engine" ? Player::engine : Player::human;
    }
    Strength s = strength_;
    if (m.has("level")) s.level = static_cast<int>(m.integer("level", weakest_level, full_strength));
    if (m.has("movetime")) {
        s.move_time = m.number("movetime");
        if (!(s.move_time >= 0.05 && s.move_time <= 3600)) throw InputError("'movetime' must be 0.05 to 3600 seconds");
    }
    if (m.has("nodes")) s.nodes = static_cast<std::uint64_t>(m.integer("nodes", 0, 1LL << 40));
    // A change of who plays, not of how, stops a move being thought about.
    if (searching_ == SearchKind::play && players[index(game_.position().side)] == Player::human) stop_search();
    players_[0] = players[0];
    players_[1] = players[1];
    strength_ = s;
}

void WebGame::changed() {
    const bool ongoing = game_.status().outcome == Outcome::ongoing;
    const bool engine_to_move = ongoing && players_[index(game_.position().side)] == Player::engine;
    // An analysis gives way to the engine's own move.
    if (searching_ == SearchKind::analysis && (engine_to_move || !analysing_)) stop_search();
    if (searching_ == SearchKind::none && ongoing) {
        if (engine_to_move)
            start_search(SearchKind::play);
        else if (analysing_)
            start_search(SearchKind::analysis);
    }
    send_state();
}

void WebGame::start_search(SearchKind kind) {
    stop_search();
    SearchLimits limits;
    if (kind == SearchKind::analysis) {
        limits.infinite = true;
        limits.analysis = true;
        limits.multipv = multipv_;
    } else {
        limits.move_time = strength_.move_time;
        limits.nodes = strength_.nodes;
        engine_.set_level(strength_.level);
    }
    control_.reset(false);
    searching_ = kind;
    const std::uint64_t id = ++search_id_;
    const std::weak_ptr<WebGame> self = weak_from_this();
    thread_ = std::thread([this, self, id, kind, limits, game = game_] {
        const Variant v = game.variant();
        const Position root = game.position();
        SearchResult r;
        try {
            r = engine_.search(game, limits, control_, [&](const SearchInfo& info) {
            std::string message = json::Object()
                                      .add("type", "info")
                                      .add("kind", kind == SearchKind::play ? "play" : "analysis")
                                      .add("depth", info.depth)
                                      .add("line", info.line)
                                      .add("score", score_for_people(info.score, root.side))
                                      .add("white", white_men(info.score, root.side))
                                      .add("pv", format_line(v, root, info.pv))
                                      .add("nodes", info.nodes)
                                      .add("seconds", info.seconds)
                                      .text();
            post_([self, id, message = std::move(message)] {
                if (const auto game = self.lock(); game && game->search_id_ == id) game->send_(message);
            });
            });
        } catch (const std::exception& e) {
            // The table's memory, most likely: the page hears why, and the
            // search ends without a move.
            r = SearchResult{};
            post_([self, id, what = std::string(e.what())] {
                if (const auto game = self.lock(); game && game->search_id_ == id)
                    game->send_error("the engine could not search: " + what);
            });
        }
        post_([self, id, kind, r] {
            if (const auto game = self.lock()) game->search_done(id, kind, r);
        });
    });
}

void WebGame::stop_search() {
    if (!thread_.joinable()) return;
    // The search looks at the flag every 1024 nodes: the wait is short.
    control_.stop();
    thread_.join();
    ++search_id_;
    searching_ = SearchKind::none;
}

void WebGame::search_done(std::uint64_t id, SearchKind kind, const SearchResult& result) {
    if (id != search_id_) return;
    thread_.join();
    searching_ = SearchKind::none;
    // An analysis ends by itself only at the deepest depth; it starts
    // again at the next change.
    if (kind == SearchKind::analysis) {
        send_state();
        return;
    }
    if (!result.best || game_.status().outcome != Outcome::ongoing) {
        // No move (a failed search): the engine does not try again until
        // the next change, so a failure cannot repeat without end.
        send_state();
        return;
    }
    const Position before = game_.position();
    json::Object message;
    message.add("type", "engine").add("move", format_move(game_.variant(), before, *result.best));
    if (result.from_book)
        message.add("book", true)
            .add("score", score_for_people(result.score, before.side))
            .add("white", white_men(result.score, before.side));
    else if (result.depth > 0)
        message.add("score", score_for_people(result.score, before.side))
            .add("white", white_men(result.score, before.side))
            .add("depth", result.depth);
    send_(message.text());
    play(*result.best, true);
    changed();
}

std::string WebGame::status_text() const {
    const GameStatus s = game_.status();
    const Color side = game_.position().side;
    if (s.outcome == Outcome::ongoing) {
        if (!loaded_result_.empty()) return "The game's record ends " + loaded_result_ + "; " + capitalised(side) + " to move";
        const MoveList moves = game_.legal_moves();
        const bool capture = !moves.empty() && moves[0].is_capture();
        return capitalised(side) + " to move" + (capture ? ": a capture is compulsory" : "");
    }
    return game_end_text(game_);
}

// The count of a counting rule under way: "13-move count: White has made
// 5 of 13 moves", and the no-progress rule once half of it has gone.
std::string WebGame::count_text() const {
    if (game_.status().outcome != Outcome::ongoing) return "";
    const DrawCounters& c = game_.counters();
    if (c.lone_king.moves > 0) {
        const std::string limit = std::to_string(c.lone_king.moves);
        std::string text = limit + "-move count: " + capitalised(c.strong) + " has made " +
                           std::to_string(c.strong_moves) + " of " + limit + " moves";
        if (c.lone_king.counts_both_sides)
            text += ", " + capitalised(~c.strong) + " " + std::to_string(c.weak_moves) + " of " + limit;
        return text;
    }
    const int limit = visit_variant(game_.variant(), [](auto r) { return decltype(r)::progress_limit_plies; });
    if (limit > 0 && c.progress_plies * 2 >= limit)
        return "no progress for " + std::to_string(c.progress_plies) + " of " + std::to_string(limit) + " plies";
    return "";
}

std::string WebGame::pdn_text() const {
    auto player = [&](Color c) -> std::string {
        bool engine = false, person = false;
        Position p = game_.start();
        const std::vector<Move> moves = game_.moves();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            if (p.side == c) (i < by_engine_.size() && by_engine_[i] ? engine : person) = true;
            p.make(moves[i]);
        }
        if (engine && !person) return "yaad " + std::string(version);
        return "?";
    };
    const GameStatus s = game_.status();
    const std::string result = s.outcome != Outcome::ongoing ? std::string(pdn_result(s.outcome))
                               : loaded_result_.empty()     ? "*"
                                                            : loaded_result_;
    return pdn_game(game_,
                    {{"Event", "yaad board game"},
                     {"Site", "?"},
                     {"Date", pdn_date_today()},
                     {"Round", "-"},
                     {"White", player(Color::white)},
                     {"Black", player(Color::black)}},
                    result);
}

void WebGame::send_state() {
    const Variant v = game_.variant();
    const Position& p = game_.position();
    const GameStatus s = game_.status();
    const MoveList legal = game_.legal_moves();
    std::vector<std::string> names;
    for (Variant each : all_variants) names.push_back(std::string(variant_name(each)));
    std::vector<std::string> plies;
    {
        Position at = game_.start();
        for (const Move& m : game_.moves()) {
            plies.push_back(format_move(v, at, m));
            at.make(m);
        }
    }
    const std::string players = json::Object()
                                    .add("white", players_[0] == Player::engine ? "engine" : "human")
                                    .add("black", players_[1] == Player::engine ? "engine" : "human")
                                    .add("level", strength_.level)
                                    .add("movetime", strength_.move_time)
                                    .add("nodes", strength_.nodes)
                                    .text();
    send_(json::Object()
              .add("type", "state")
              .add("variant", variant_name(v))
              .add_raw("variants", json::array(names))
              .add("size", board_size(v))
              .add_raw("frame", frame_json(v))
              .add_raw("board", board_json(v, p))
              .add("side", color_name(p.side))
              .add("fen", to_fen(v, p))
              .add("start_fen", to_fen(v, game_.start()))
              .add("ply", game_.ply_count())
              .add_raw("moves", s.outcome == Outcome::ongoing ? moves_json(v, game_) : "[]")
              .add("capture", s.outcome == Outcome::ongoing && !legal.empty() && legal[0].is_capture())
              .add_raw("plies", json::array(plies))
              .add_raw("history", json::array(numbered_moves(game_)))
              .add("over", s.outcome != Outcome::ongoing)
              .add("result", s.outcome != Outcome::ongoing ? std::string(pdn_result(s.outcome)) : loaded_result_.empty() ? "*" : loaded_result_)
              .add("reason", s.outcome != Outcome::ongoing ? std::string(reason_name(s.reason)) : "")
              .add("status", status_text())
              .add("count", count_text())
              .add_raw("players", players)
              .add("thinking", searching_ == SearchKind::play)
              .add("analysing", analysing_)
              .add("multipv", multipv_)
              .add("pdn", pdn_text())
              .text());
}

void WebGame::send_error(const std::string& message) {
    send_(json::Object().add("type", "error").add("message", message).text());
}

}  // namespace yaad
