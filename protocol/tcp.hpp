#pragma once
// A TCP connection over POSIX sockets, just enough for DXP: connect or
// accept one peer, send all bytes, receive with a timeout.

#include <optional>
#include <string>

namespace yaad {

class TcpConnection {
public:
    // Throws InputError when the connection cannot be made.
    static TcpConnection connect_to(const std::string& host, int port);
    // Listens on address:port and accepts one peer.
    static TcpConnection accept_one(const std::string& address, int port);

    TcpConnection(TcpConnection&& other) noexcept;
    TcpConnection& operator=(TcpConnection&&) = delete;
    ~TcpConnection();

    // False when the peer has gone.
    bool send_all(const std::string& bytes);
    // Bytes as they arrive; an empty string on end of stream; nothing when
    // `seconds` pass without any.
    std::optional<std::string> receive(double seconds);

private:
    explicit TcpConnection(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace yaad
