#include "tcp.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "input_error.hpp"

namespace yaad {

namespace {

// Moves are small and each one waits for an answer: send them at once.
void no_delay(int fd) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string system_error(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace

TcpConnection TcpConnection::connect_to(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int e = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); e != 0)
        throw InputError("cannot resolve " + host + ": " + gai_strerror(e));
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(found);
    if (fd < 0) throw InputError(system_error("cannot connect to " + host + ":" + service));
    no_delay(fd);
    return TcpConnection(fd);
}

TcpConnection TcpConnection::accept_one(const std::string& address, int port) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (inet_pton(AF_INET, address.c_str(), &addr.sin_addr) != 1)
        throw InputError("not an IPv4 address: " + address);
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0) throw InputError(system_error("cannot open a socket"));
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(listener, 1) != 0) {
        const std::string message = system_error("cannot listen on " + address + ":" + std::to_string(port));
        close(listener);
        throw InputError(message);
    }
    const int fd = accept(listener, nullptr, nullptr);
    close(listener);
    if (fd < 0) throw InputError(system_error("accept failed"));
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

}  // namespace yaad
