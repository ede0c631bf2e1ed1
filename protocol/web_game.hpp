#pragma once
// One browser tab's game on the web board (yaad serve): the messages of
// docs/web.md in, JSON messages out. It keeps the game, who plays each
// side and the engine; a search runs on a thread of its own, so the
// server's I/O never waits for one, and reports back through `post`.
// Every member is used on the I/O thread only.

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "book_option.hpp"
#include "database.hpp"
#include "game.hpp"
#include "json_text.hpp"
#include "opening_book.hpp"
#include "search.hpp"
#include "variant.hpp"

namespace yaad {

struct WebGameOptions {
    Variant variant = default_variant;
    std::size_t hash_mb = 16;
    std::shared_ptr<const egdb::Database> database;
    BookChoice book;  // the built-in book of the game's variant, by default
    // serve --book FILE, read once: it serves the variant it was built for
    // (and Pool or Jamaican with it); the other variants keep their
    // built-in books.
    std::shared_ptr<const OpeningBook> file_book;
};

class WebGame : public std::enable_shared_from_this<WebGame> {
public:
    using Send = std::function<void(std::string json)>;
    // Runs a function on the I/O thread, later; from any thread.
    using Post = std::function<void(std::function<void()>)>;

    WebGame(const WebGameOptions& options, Send send, Post post);
    WebGame(const WebGame&) = delete;
    WebGame& operator=(const WebGame&) = delete;
    ~WebGame();

    // The first message to the page: the whole state.
    void start();
    // One message from the page. A bad one gets an "error" message and
    // changes nothing.
    void handle(std::string_view text);
    // Ends a running search and waits for its thread (the page has gone,
    // or the server stops).
    void shut_down();

private:
    enum class Player { human, engine };
    struct Strength {
        int level = 20;
        double move_time = 1;      // seconds a move
        std::uint64_t nodes = 0;   // 0: no node limit
    };
    enum class SearchKind { none, play, analysis };

    void dispatch(const std::string& type, const json::Message& m);
    void new_game(const Game& game);
    void play(const Move& m, bool by_engine);
    void undo();
    void load_pdn(const std::string& text, std::size_t index);
    void set_players(const json::Message& m);
    // Gives the engine the book of the game's variant (which a new or a
    // loaded game may change); a book that cannot be used is an error
    // message, and the engine plays on without one.
    void use_book();

    // After every change of the game or the players: the state to the
    // page, then the engine's move or the analysis if one is due.
    void changed();
    void start_search(SearchKind kind);
    void stop_search();
    void search_done(std::uint64_t id, SearchKind kind, const SearchResult& result);

    void send_state();
    void send_error(const std::string& message);
    std::string pdn_text() const;
    std::string status_text() const;
    std::string count_text() const;

    Send send_;
    Post post_;
    WebGameOptions options_;
    Game game_;
    std::vector<bool> by_engine_;  // per ply: the engine chose it
    std::string loaded_result_;    // a loaded game's result while nothing changed since
    Player players_[2] = {Player::human, Player::human};
    Strength strength_;
    bool analysing_ = false;
    int multipv_ = 1;

    Engine engine_;
    SearchControl control_;
    std::thread thread_;
    SearchKind searching_ = SearchKind::none;
    std::uint64_t search_id_ = 0;  // reports of other searches are stale
};

}  // namespace yaad
