#include "tcp.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>
#include <thread>

#include "input_error.hpp"

namespace yaad {

namespace {

// Moves are small and each one waits for an answer: send them at once.
void no_delay(int fd) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string system_error(const std::string& what) { return what + ": " + std::strerror(errno); }

using Clock = std::chrono::steady_clock;

// How often a refused connection is tried again: soon enough not to keep a
// script waiting, seldom enough to cost nothing.
constexpr auto retry_pause = std::chrono::milliseconds(50);

// What a peer that is not listening yet (or a network on its way up) gives.
bool worth_retrying(int error) {
    return error == ECONNREFUSED || error == ETIMEDOUT || error == ECONNRESET || error == EHOSTUNREACH ||
           error == ENETUNREACH || error == EAGAIN || error == EINTR;
}

// Connects fd to a; 0 or the errno. With a deadline the attempt ends there,
// so that a host that never answers cannot outlast the retry time;
// without one it lasts as long as the kernel tries.
int connect_by(int fd, const addrinfo& a, std::optional<Clock::time_point> deadline) {
    if (!deadline) return connect(fd, a.ai_addr, a.ai_addrlen) == 0 ? 0 : errno;
    const int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    int error = connect(fd, a.ai_addr, a.ai_addrlen) == 0 ? 0 : errno;
    if (error == EINPROGRESS) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
        pollfd p{fd, POLLOUT, 0};
        socklen_t size = sizeof error;
        if (poll(&p, 1, static_cast<int>(std::clamp<long long>(left, 0, 1 << 30))) != 1 ||
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) != 0)
            error = ETIMEDOUT;
    }
    fcntl(fd, F_SETFL, flags);
    return error;
}

}  // namespace

TcpConnection TcpConnection::connect_to(const std::string& host, int port, double retry_seconds,
                                        const std::function<void(const std::string&)>& retrying) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int e = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); e != 0)
        throw InputError("cannot resolve " + host + ": " + gai_strerror(e));
    std::optional<Clock::time_point> deadline;
    if (retry_seconds > 0)
        deadline = Clock::now() +
                   std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(retry_seconds));
    const std::string failed = "cannot connect to " + host + ":" + service + ": ";
    int fd = -1;
    int error = 0;
    for (bool first = true;; first = false) {
        for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
            fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
            if (fd < 0) {
                error = errno;
                continue;
            }
            error = connect_by(fd, *a, deadline);
            if (error != 0) {
                close(fd);
                fd = -1;
            }
        }
        const auto now = Clock::now();
        if (fd >= 0 || !deadline || !worth_retrying(error) || now >= *deadline) break;
        if (first && retrying) retrying(failed + std::strerror(error));
        std::this_thread::sleep_for(std::min<Clock::duration>(retry_pause, *deadline - now));
    }
    freeaddrinfo(found);
    if (fd < 0) {
        std::ostringstream message;
        message << failed << std::strerror(error);
        if (deadline) message << " (tried for " << retry_seconds << " s)";
        throw InputError(message.str());
    }
    no_delay(fd);
    return TcpConnection(fd);
}

TcpConnection::TcpConnection(TcpConnection&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

TcpConnection::~TcpConnection() {
    if (fd_ >= 0) close(fd_);
}

bool TcpConnection::send_all(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

std::optional<std::string> TcpConnection::receive(double seconds) {
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(seconds * 1000));
    if (ready == 0) return std::nullopt;
    if (ready < 0) return errno == EINTR ? std::optional<std::string>() : std::optional<std::string>(std::string());
    char buffer[4096];
    ssize_t n;
    do n = ::recv(fd_, buffer, sizeof buffer, 0);
    while (n < 0 && errno == EINTR);
    if (n <= 0) return std::string();
    return std::string(buffer, static_cast<std::size_t>(n));
}

TcpListener::TcpListener(const std::string& address, int port) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (inet_pton(AF_INET, address.c_str(), &addr.sin_addr) != 1)
        throw InputError("not an IPv4 address: " + address);
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw InputError(system_error("cannot open a socket"));
    int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    socklen_t size = sizeof addr;
    if (bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(fd_, 1) != 0 ||
        getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &size) != 0) {
        const std::string message = system_error("cannot listen on " + address + ":" + std::to_string(port));
        close(fd_);
        throw InputError(message);
    }
    char text[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &addr.sin_addr, text, sizeof text);
    address_ = text;
    port_ = ntohs(addr.sin_port);
}

TcpListener::~TcpListener() { close(fd_); }

TcpConnection TcpListener::accept_one() {
    int fd;
    do fd = accept(fd_, nullptr, nullptr);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) throw InputError(system_error("accept failed"));
    no_delay(fd);
    return TcpConnection(fd);
}

}  // namespace yaad
