// yaad serve: the web board. One HTTP server on one I/O thread serves the
// page (built into the binary, web_files.hpp) and speaks WebSocket with it;
// each WebSocket is one tab's game (web_game.hpp), whose searches run on
// threads of their own. Boost.Beast, since Boost is already a dependency
// and Debian ships it as headers: no new library to install or build.

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "database_option.hpp"
#include "input_error.hpp"
#include "opening_book.hpp"
#include "text.hpp"
#include "version.hpp"
#include "web_files.hpp"
#include "web_game.hpp"

namespace yaad {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Each game holds a table of options.hash_mb; this bounds the memory.
constexpr std::size_t max_games = 32;
// A PDN upload is the largest message a page sends.
constexpr std::size_t max_message_bytes = 1 << 20;

class Server {
public:
    Server(net::io_context& io, const tcp::endpoint& at, WebGameOptions options)
        : io_(io), acceptor_(io), options_(std::move(options)) {
        acceptor_.open(at.protocol());
        acceptor_.set_option(net::socket_base::reuse_address(true));
        acceptor_.bind(at);
        acceptor_.listen();
    }

    net::io_context& io() { return io_; }
    bool loopback() const { return acceptor_.local_endpoint().address().is_loopback(); }
    const WebGameOptions& options() const { return options_; }
    tcp::endpoint endpoint() const { return acceptor_.local_endpoint(); }

    void accept();

    // Whether another game may start now.
    bool room_for_a_game() {
        std::erase_if(games_, [](const std::weak_ptr<WebGame>& g) { return g.expired(); });
        return games_.size() < max_games;
    }
    void add(const std::shared_ptr<WebGame>& game) { games_.push_back(game); }

    // Stops every search and waits for its thread: the I/O thread has
    // stopped, and nothing may post to it while it is destroyed.
    void shut_down_games() {
        for (const auto& g : games_)
            if (const auto game = g.lock()) game->shut_down();
    }

private:
    net::io_context& io_;
    tcp::acceptor acceptor_;
    WebGameOptions options_;
    std::vector<std::weak_ptr<WebGame>> games_;
};

// One page's WebSocket: messages in to its game, the game's messages out
// in order.
class SocketSession : public std::enable_shared_from_this<SocketSession> {
public:
    SocketSession(tcp::socket&& socket, Server& server) : ws_(std::move(socket)), server_(server) {}

    void accept(http::request<http::string_body> request) {
        websocket::stream_base::timeout timeouts;
        timeouts.handshake_timeout = std::chrono::seconds(30);
        // Pings at half this; a page that answers none is gone.
        timeouts.idle_timeout = std::chrono::seconds(60);
        timeouts.keep_alive_pings = true;
        ws_.set_option(timeouts);
        ws_.read_message_max(max_message_bytes);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        const std::weak_ptr<SocketSession> weak = weak_from_this();
        net::io_context& io = server_.io();
        game_ = std::make_shared<WebGame>(
            server_.options(),
            [weak](std::string message) {
                if (const auto self = weak.lock()) self->send(std::move(message));
            },
            [&io](std::function<void()> f) { net::post(io, std::move(f)); });
        server_.add(game_);
        game_->start();
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec) {
            // The page has gone: its search ends now.
            game_->shut_down();
            closed_ = true;
            return;
        }
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (ws_.got_text())
            game_->handle(text);
        else
            game_->handle("binary");  // answered with an error like any other bad message
        read();
    }

    void send(std::string message) {
        if (closed_) return;
        // A page that reads nothing while an analysis reports: drop reports
        // rather than keep them all.
        if (queue_.size() > 256 && message.starts_with("{\"type\":\"info\"")) return;
        // One that reads nothing at all while it sends is dropped.
        if (queue_.size() > 4096) {
            closed_ = true;
            beast::get_lowest_layer(ws_).close();
            return;
        }
        queue_.push_back(std::move(message));
        if (queue_.size() == 1) write_next();
    }

    void write_next() {
        ws_.text(true);
        ws_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) {
                self->closed_ = true;
                self->queue_.clear();
                return;
            }
            self->queue_.pop_front();
            if (!self->queue_.empty()) self->write_next();
        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    Server& server_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    std::shared_ptr<WebGame> game_;
    bool closed_ = false;
};

http::response<http::string_body> plain_response(const http::request<http::string_body>& request, http::status status,
                                                 const std::string& text) {
    http::response<http::string_body> response{status, request.version()};
    response.set(http::field::content_type, "text/plain; charset=utf-8");
    response.keep_alive(request.keep_alive());
    response.body() = text + "\n";
    response.prepare_payload();
    return response;
}

http::response<http::string_body> file_response(const http::request<http::string_body>& request) {
    if (request.method() != http::verb::get && request.method() != http::verb::head)
        return plain_response(request, http::status::method_not_allowed, "only GET here");
    std::string_view path(request.target().data(), request.target().size());
    path = path.substr(0, path.find('?'));
    if (path == "/") path = "/index.html";
    for (const WebFile& f : web_files()) {
        if (f.path != path) continue;
        http::response<http::string_body> response{http::status::ok, request.version()};
        response.set(http::field::content_type, std::string(f.content_type));
        // A rebuilt yaad serves a new page: never keep an old one.
        response.set(http::field::cache_control, "no-cache");
        response.set("X-Content-Type-Options", "nosniff");
        response.keep_alive(request.keep_alive());
        if (request.method() == http::verb::get) response.body() = std::string(f.body);
        response.prepare_payload();
        if (request.method() == http::verb::head) response.content_length(f.body.size());
        return response;
    }
    return plain_response(request, http::status::not_found, "no such page");
}

// A page of another site must not drive the engine through the visitor's
// browser: a WebSocket is accepted only from the board's own page (or
// from a client that sends no Origin, which no browser is).
bool same_origin(const http::request<http::string_body>& request) {
    const auto origin = request.find(http::field::origin);
    if (origin == request.end()) return true;
    return origin->value() == "http://" + std::string(request[http::field::host]);
}

// A server on the loopback address answers only to loopback names, so a
// site whose name is made to point at 127.0.0.1 (DNS rebinding) is not its
// own page.
bool loopback_host(const http::request<http::string_body>& request) {
    std::string host(request[http::field::host]);
    if (host.starts_with("[")) host = host.substr(0, host.find(']') + 1);
    else host = host.substr(0, host.find(':'));
    return host == "localhost" || host == "[::1]" || host.starts_with("127.");
}

// One connection's HTTP requests, until it becomes a WebSocket.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, Server& server) : stream_(std::move(socket)), server_(server) {}

    void read() {
        parser_.emplace();
        parser_->body_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(60));
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

private:
    void on_read(beast::error_code ec) {
        if (ec) {
            beast::error_code ignored;
            stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
            return;
        }
        http::request<http::string_body> request = parser_->release();
        if (server_.loopback() && !loopback_host(request)) {
            respond(plain_response(request, http::status::forbidden, "this board answers to 127.0.0.1 and localhost"));
            return;
        }
        if (websocket::is_upgrade(request)) {
            if (!same_origin(request)) {
                respond(plain_response(request, http::status::forbidden, "a WebSocket only from the board's own page"));
                return;
            }
            if (!server_.room_for_a_game()) {
                respond(plain_response(request, http::status::service_unavailable,
                                       "too many games at once (" + std::to_string(max_games) + ")"));
                return;
            }
            stream_.expires_never();
            std::make_shared<SocketSession>(stream_.release_socket(), server_)->accept(std::move(request));
            return;
        }
        respond(file_response(request));
    }

    void respond(http::response<http::string_body> response) {
        response_ = std::move(response);
        http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            if (self->response_.keep_alive()) {
                self->read();
            } else {
                beast::error_code ignored;
                self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
            }
        });
    }

    beast::tcp_stream stream_;
    Server& server_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    http::response<http::string_body> response_;
};

void Server::accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (!ec) std::make_shared<HttpSession>(std::move(socket), *this)->read();
        if (acceptor_.is_open()) accept();
    });
}

int run_serve(const cli::po::variables_map& vm) {
    cli::apply_eval_options(vm);
    WebGameOptions options;
    options.variant = cli::variant_option(vm);
    const std::uint64_t port = cli::unsigned_option(vm, "port");
    if (port > 65535) throw InputError("--port must be 0 to 65535 (0: any free port)");
    options.hash_mb = static_cast<std::size_t>(std::clamp<std::uint64_t>(cli::unsigned_option(vm, "hash"), 1, 1024));
    const std::string host = vm["host"].as<std::string>();
    beast::error_code ec;
    // "localhost" is the one name taken: people type it.
    const net::ip::address address = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
    if (ec) throw InputError("--host must be an IP address such as 127.0.0.1, not " + quoted_excerpt(host));
    std::vector<std::string> warnings;
    options.database = open_database(cli::egdb_dir_option(vm), warnings);
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    options.book = cli::book_option(vm);
    if (options.book.on && !options.book.file.empty()) {
        // Read once, here, for every tab: a file that cannot be used is one
        // error line, and the board plays without a book.
        try {
            options.file_book = std::make_shared<const OpeningBook>(read_book_file(options.book.file), options.book.file);
        } catch (const InputError& e) {
            std::cerr << "error: " << e.what() << "; playing without a book\n";
            options.book.on = false;
        }
        options.book.file.clear();
    }

    net::io_context io(1);
    std::optional<Server> server;
    try {
        server.emplace(io, tcp::endpoint(address, static_cast<unsigned short>(port)), options);
    } catch (const boost::system::system_error& e) {
        throw InputError("cannot listen on " + host + " port " + std::to_string(port) + ": " + e.code().message());
    }
    server->accept();
    net::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&io](beast::error_code, int) { io.stop(); });

    const tcp::endpoint at = server->endpoint();
    const std::string shown = address.is_v6() ? "[" + at.address().to_string() + "]" : at.address().to_string();
    if (!address.is_loopback())
        std::cerr << "warning: --host " << host << " lets other machines play on this board; it has no password\n";
    std::cout << "yaad " << version << " board at http://" << shown << ":" << at.port() << "/" << std::endl;
    io.run();
    server->shut_down_games();
    return 0;
}

}  // namespace

namespace cli {

Command serve_command() {
    return {"serve",
            "the web board: play and analyse every variant in a browser (http://127.0.0.1:8080/)",
            "[--port P] [--host H] [--variant V] [--hash MB] [--egdb DIR] [--eval E] [--eval-file F] "
            "[--book on|off|FILE] [--book-margin M]",
            [](po::options_description& d) {
                d.add_options()("port", po::value<std::string>()->default_value("8080"),
                                "TCP port; 0 takes any free port (see the line printed)")(
                    "host", po::value<std::string>()->default_value("127.0.0.1"),
                    "address to listen on; the default lets only this machine in")(
                    "hash", po::value<std::string>()->default_value("16"), "each game's table in MB");
                declare_variant(d);
                declare_eval(d);
                declare_egdb_dir(d);
                declare_book(d);
            },
            run_serve};
}

}  // namespace cli

}  // namespace yaad
