#include "dxp.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

#include "board_layout.hpp"
#include "database_option.hpp"
#include "dxp_messages.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "input_error.hpp"
#include "legal_moves.hpp"
#include "notation.hpp"
#include "pdn_writer.hpp"
#include "search.hpp"
#include "tcp.hpp"
#include "text.hpp"
#include "variant.hpp"

namespace yaad {

namespace {

// The connection closed, or the peer stayed silent too long.
struct PeerGone {};

struct GameRecord {
    int number = 0;
    std::string white, black;
    std::string result = "*";
    std::string reason;
    bool stop_requested = false;
};

std::string result_for(Color winner) { return winner == Color::white ? "1-0" : "0-1"; }

class DxpSession {
public:
    DxpSession(TcpConnection& connection, const DxpOptions& options)
        : connection_(connection), options_(options), engine_(options.hash_mb),
          squares_(layout(options.variant).squares()) {
        engine_.set_level(options.level);
        // A book file that cannot be used: one line, and play without it.
        if (const auto problem = give_book(engine_, options.variant, options.book))
            std::cerr << "error: " << *problem << "\n";
    }

    void set_database(std::shared_ptr<const egdb::Database> database) { engine_.set_database(std::move(database)); }

    int run_initiator() {
        for (int g = 1; g <= options_.games; ++g) {
            // Colours alternate: the initiator has White in odd games.
            const Color follower = g % 2 == 1 ? Color::black : Color::white;
            const Position start =
                options_.fen ? parse_position(options_.variant, *options_.fen) : start_position(options_.variant);
            DxpGameRequest request;
            request.name = options_.name;
            request.follower_colour = follower;
            request.minutes = options_.minutes;
            request.moves = options_.move_limit;
            if (options_.fen) {
                request.side_to_move = start.side;
                request.squares = squares_text(start);
            }
            send(request);
            const DxpGameAccept accept = await_accept();
            if (accept.code != 0) {
                log("the follower refused the game (code " + std::to_string(accept.code) + ")");
                return 1;
            }
            Game game(options_.variant, start);
            const GameRecord record = play_game(game, ~follower, accept.name, g, g == options_.games,
                                                {options_.minutes, options_.move_limit});
            if (record.stop_requested) break;
        }
        return 0;
    }

    int run_follower() {
        int number = 0;
        for (;;) {
            std::optional<DxpMessage> message = std::move(pending_);
            pending_.reset();
            if (!message) message = receive();
            if (!message) continue;
            if (const auto* request = std::get_if<DxpGameRequest>(&*message)) {
                std::optional<Position> start = accept_request(*request);
                if (!start) continue;
                Game game(options_.variant, *start);
                // The initiator sets the clock for both sides.
                const GameRecord record = play_game(game, request->follower_colour, request->name, ++number, false,
                                                    {request->minutes, request->moves});
                if (record.stop_requested) return 0;
            } else if (const auto* end = std::get_if<DxpGameEnd>(&*message)) {
                send(DxpGameEnd{0, 0});
                if (end->stop) return 0;
            } else {
                handle_aside(*message);
            }
        }
    }

private:
    void log(const std::string& text) const { std::cerr << "dxp: " << text << std::endl; }

    void send(const DxpMessage& m) {
        std::string frame = encode_dxp(m);
        frame += '\0';
        if (!connection_.send_all(frame)) throw PeerGone{};
    }

    void chat(const std::string& text) {
        log("to peer: " + text);
        send(DxpChat{text});
    }

    // The next message of the peer. A malformed one is answered with a chat
    // error and comes back empty.
    std::optional<DxpMessage> receive() {
        for (;;) {
            if (const auto frame = framer_.next()) {
                try {
                    return decode_dxp(*frame, squares_);
                } catch (const InputError& e) {
                    chat(std::string("error: ") + e.what());
                    return std::nullopt;
                }
            }
            const auto bytes = connection_.receive(options_.peer_timeout);
            if (!bytes) {
                log("no word from the peer for " + std::to_string(static_cast<int>(options_.peer_timeout)) + " s");
                throw PeerGone{};
            }
            if (bytes->empty()) throw PeerGone{};
            framer_.feed(*bytes);
        }
    }

    // Chat and the like, which may come at any time.
    void handle_aside(const DxpMessage& m) {
        if (const auto* c = std::get_if<DxpChat>(&m))
            log("from peer: " + c->text);
        else if (std::holds_alternative<DxpBackAccept>(m))
            log("unexpected back-accept ignored");
        else
            chat("error: unexpected message '" + encode_dxp(m).substr(0, 1) + "' here");
    }

    DxpGameAccept await_accept() {
        for (;;) {
            const auto m = receive();
            if (!m) continue;
            if (const auto* a = std::get_if<DxpGameAccept>(&*m)) return *a;
            handle_aside(*m);
        }
    }

    std::string squares_text(const Position& p) const {
        std::string s = to_hub_position(options_.variant, p).substr(1);
        for (char& c : s) c = c == 'b' ? 'z' : c == 'B' ? 'Z' : c;
        return s;
    }

    // Answers a game request; the start position when accepted.
    std::optional<Position> accept_request(const DxpGameRequest& r) {
        if (r.version != "01") {
            chat("cannot play DXP version " + printable_excerpt(r.version) + ", only 01");
            send(DxpGameAccept{options_.name, 1});
            return std::nullopt;
        }
        Position start;
        try {
            if (r.side_to_move) {
                std::string hub(1, *r.side_to_move == Color::white ? 'W' : 'B');
                for (char c : r.squares) hub += c == 'z' ? 'b' : c == 'Z' ? 'B' : c;
                start = parse_hub_position(options_.variant, hub);
            } else {
                start = start_position(options_.variant);
            }
            if (legal_moves(options_.variant, start).empty()) throw InputError("no legal move in the start position");
        } catch (const InputError& e) {
            chat(std::string("cannot play this game: ") + e.what());
            send(DxpGameAccept{options_.name, 2});
            return std::nullopt;
        }
        send(DxpGameAccept{options_.name, 0});
        // Say what we understood, so that a mismatch shows at once.
        char no_clock[64];
        std::snprintf(no_clock, sizeof no_clock, "no clock (%g s a move), ", move_time_without_clock());
        chat(options_.name + " plays " + color_name(r.follower_colour) + ", " +
             (r.minutes > 0 ? std::to_string(r.minutes) + " min per side, " : std::string(no_clock)) +
             (r.moves > 0 ? std::to_string(r.moves) + " moves" : "no move limit"));
        return start;
    }

    DxpMove to_dxp(const Move& m, double seconds) const {
        const BoardLayout& l = layout(options_.variant);
        DxpMove out{static_cast<int>(std::min(seconds, 9999.0)), l.number(m.from), l.number(m.to), {}};
        for_each_square(m.captured, [&](Square s) { out.captured.push_back(l.number(s)); });
        std::sort(out.captured.begin(), out.captured.end());
        return out;
    }

    // The peer's move as a legal move of the game, or InputError.
    Move from_dxp(const Game& game, const DxpMove& m) const {
        std::string text = std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
        for (int c : m.captured) text += "x" + std::to_string(c);
        return parse_move(options_.variant, game.position(), text, MoveReading::hub_first);
    }

    // Ends the game from our side and waits for the peer's acknowledgement.
    // Returns whether the peer wants no more games.
    bool end_game(int reason, bool last) {
        send(DxpGameEnd{reason, last ? 1 : 0});
        try {
            for (;;) {
                const auto m = receive();
                if (!m) continue;
                if (const auto* end = std::get_if<DxpGameEnd>(&*m)) return end->stop == 1;
                handle_aside(*m);
            }
        } catch (const PeerGone&) {
            return true;
        }
    }

    // Goes back to move `number` with `side` to move, if the game has it.
    void take_back(Game& game, const DxpBackRequest& b) {
        const Color first = visit_variant(options_.variant, [](auto r) { return decltype(r)::first_player; });
        const Color start_side = game.start().side;
        for (std::size_t ply = 0; ply <= game.ply_count(); ++ply) {
            const Color side = ply % 2 == 0 ? start_side : ~start_side;
            const int move_number = 1 + static_cast<int>((ply + (start_side == first ? 0 : 1)) / 2);
            if (side == b.side && move_number == b.move_number) {
                while (game.ply_count() > ply) game.undo();
                send(DxpBackAccept{0});
                return;
            }
        }
        send(DxpBackAccept{1});
    }

    struct GameClock {
        int minutes;     // per side for the whole game; 0: no clock
        int move_limit;  // moves in the game; 0: none
    };

    // A request of 0 minutes sets no clock (pydraughts, and so the
    // lidraughts bot, always sends 000): each move then takes --movetime,
    // or this many seconds, as a Hub search without a level does.
    static constexpr double unclocked_move_time = 1.0;

    double move_time_without_clock() const {
        return options_.move_time > 0 ? options_.move_time : unclocked_move_time;
    }

    GameRecord play_game(Game& game, Color mine, const std::string& opponent, int number, bool last,
                         GameClock rules) {
        GameRecord record;
        record.number = number;
        record.white = mine == Color::white ? options_.name : opponent;
        record.black = mine == Color::white ? opponent : options_.name;
        double clock = rules.minutes * 60.0;
        // The initiator says whether this game is the last; the follower is
        // always willing to play on.
        const bool stop_after = options_.initiator && last;
        try {
            for (;;) {
                if (game.position().side == mine) {
                    const GameStatus s = game.status();
                    if (s.outcome != Outcome::ongoing) {
                        record.result = std::string(pdn_result(s.outcome));
                        record.reason = std::string(reason_name(s.reason));
                        record.stop_requested = end_game(s.outcome == Outcome::draw ? 2 : 1, stop_after);
                        break;
                    }
                    if (rules.move_limit > 0 && static_cast<int>(game.ply_count()) >= 2 * rules.move_limit) {
                        record.result = "1/2-1/2";
                        record.reason = "move-limit";
                        record.stop_requested = end_game(2, stop_after);
                        break;
                    }
                    clock -= think_and_move(game, rules.minutes > 0 ? std::optional<double>(clock) : std::nullopt,
                                            rules.move_limit);
                    continue;
                }
                const auto m = receive();
                if (!m) {
                    record.reason = "malformed-message";
                    record.stop_requested = end_game(0, stop_after);
                    break;
                }
                if (const auto* move = std::get_if<DxpMove>(&*m)) {
                    try {
                        game.play(from_dxp(game, *move));
                    } catch (const InputError& e) {
                        chat(std::string("error: ") + e.what());
                        record.result = result_for(mine);
                        record.reason = "illegal-move";
                        record.stop_requested = end_game(3, stop_after);
                        break;
                    }
                } else if (const auto* end = std::get_if<DxpGameEnd>(&*m)) {
                    send(DxpGameEnd{0, stop_after ? 1 : 0});
                    record.stop_requested = end->stop == 1;
                    const GameStatus s = game.status();
                    if (s.outcome != Outcome::ongoing) {
                        record.result = std::string(pdn_result(s.outcome));
                        record.reason = std::string(reason_name(s.reason));
                    } else {
                        // The peer's own verdict: 1 it gives up, 2 a draw, 3 it wins.
                        record.result = end->reason == 1   ? result_for(mine)
                                        : end->reason == 3 ? result_for(~mine)
                                        : end->reason == 2 ? "1/2-1/2"
                                                           : "*";
                        record.reason = "peer-ended-" + std::to_string(end->reason);
                    }
                    break;
                } else if (const auto* back = std::get_if<DxpBackRequest>(&*m)) {
                    take_back(game, *back);
                } else if (std::holds_alternative<DxpGameRequest>(*m)) {
                    // A new game before this one ended: this one is abandoned.
                    pending_ = *m;
                    record.reason = "abandoned";
                    break;
                } else {
                    handle_aside(*m);
                }
            }
        } catch (const PeerGone&) {
            if (record.reason.empty()) record.reason = "connection-lost";
            report(game, record);
            throw;
        }
        report(game, record);
        return record;
    }

    // Searches, sends and plays our move; returns the seconds it took.
    // `clock`: the seconds left, or none when the game has no clock.
    double think_and_move(Game& game, std::optional<double> clock, int move_limit) {
        SearchLimits limits;
        if (clock) {
            limits.time = std::max(*clock, 0.05);
            if (options_.move_time > 0) limits.move_time = options_.move_time;
            if (move_limit > 0) limits.moves_to_go = std::max(1, move_limit - static_cast<int>(game.ply_count() / 2));
        } else {
            limits.move_time = move_time_without_clock();
        }
        SearchControl control;
        const auto start = std::chrono::steady_clock::now();
        const SearchResult r = engine_.search(game, limits, control);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        send(to_dxp(*r.best, seconds));
        game.play(*r.best);
        return seconds;
    }

    void report(const Game& game, const GameRecord& r) {
        std::cout << "game " << r.number << " white=" << r.white << " black=" << r.black << " result=" << r.result
                  << " reason=" << r.reason << " plies=" << game.ply_count() << std::endl;
        if (!options_.pdn_file) return;
        std::ofstream pdn(*options_.pdn_file, std::ios::app);
        pdn << pdn_game(game,
                        {{"Event", "DXP match"},
                         {"Site", options_.host + ":" + std::to_string(options_.port)},
                         {"Date", pdn_date_today()},
                         {"Round", std::to_string(r.number)},
                         {"White", r.white},
                         {"Black", r.black},
                         {"Termination", r.reason}},
                        r.result);
    }

    TcpConnection& connection_;
    const DxpOptions& options_;
    Engine engine_;
    int squares_;
    DxpFramer framer_;
    std::optional<DxpMessage> pending_;
};

// Listens, says so, and accepts one peer; the listening socket is closed
// once the peer is there. The line goes to stderr, beside the other `dxp:`
// lines, and not to stdout, whose lines are the games' results, one each,
// for scripts to read. It comes only once the socket listens, so whoever
// waits for it can connect at once; with --port 0 it is the only way to
// learn the port. Sets options.port to the port it listens on.
TcpConnection accept_peer(DxpOptions& options) {
    TcpListener listener(options.address, options.port);
    options.port = listener.port();
    std::cerr << "dxp: listening on " << listener.address() << ":" << listener.port() << std::endl;
    return listener.accept_one();
}

// Connects, trying again for --connect-timeout while the other side does
// not listen yet; says so once, so that a wait is not a mystery (and so
// that a test can tell when to start listening).
TcpConnection connect_peer(const DxpOptions& options) {
    const auto say = [&](const std::string& why) {
        std::cerr << "dxp: " << why << "; trying again for up to " << options.connect_timeout << " s"
                  << std::endl;
    };
    return TcpConnection::connect_to(options.host, options.port, options.connect_timeout, say);
}

}  // namespace

int run_dxp(const DxpOptions& given) {
    DxpOptions options = given;
    std::vector<std::string> warnings;
    std::shared_ptr<const egdb::Database> database = open_database(options.egdb_dir, warnings);
    for (const std::string& w : warnings) std::cerr << "warning: " << w << std::endl;
    TcpConnection connection = options.listen ? accept_peer(options) : connect_peer(options);
    DxpSession session(connection, options);
    session.set_database(std::move(database));
    try {
        return options.initiator ? session.run_initiator() : session.run_follower();
    } catch (const PeerGone&) {
        // The peer left: normal at the end of a match, when we follow.
        return options.initiator ? 1 : 0;
    }
}

}  // namespace yaad
