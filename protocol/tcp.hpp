#pragma once
// TCP over POSIX sockets, just enough for DXP: connect to a peer (retrying
// for a while if asked), or listen and accept one peer; send all bytes,
// receive with a timeout.

#include <functional>
#include <optional>
#include <string>

namespace yaad {

class TcpConnection {
public:
    // Tries to connect until `retry_seconds` have passed (0: one attempt),
    // while the peer refuses or cannot be reached: it may not be listening
    // yet. `retrying` hears why at the first such failure. Throws InputError
    // when the connection cannot be made.
    static TcpConnection connect_to(const std::string& host, int port, double retry_seconds = 0,
                                    const std::function<void(const std::string& why)>& retrying = {});

    TcpConnection(TcpConnection&& other) noexcept;
    TcpConnection& operator=(TcpConnection&&) = delete;
    ~TcpConnection();

    // False when the peer has gone.
    bool send_all(const std::string& bytes);
    // Bytes as they arrive; an empty string on end of stream; nothing when
    // `seconds` pass without any.
    std::optional<std::string> receive(double seconds);

private:
    friend class TcpListener;
    explicit TcpConnection(int fd) : fd_(fd) {}
    int fd_ = -1;
};

// A socket bound and listening from construction on, so that the caller can
// say so (and which port it got) before it waits for the peer.
class TcpListener {
public:
    // Port 0 takes any free port. Throws InputError.
    TcpListener(const std::string& address, int port);
    TcpListener(const TcpListener&) = delete;
    TcpListener& operator=(const TcpListener&) = delete;
    ~TcpListener();

    std::string address() const { return address_; }
    int port() const { return port_; }
    // Waits for one peer. Throws InputError.
    TcpConnection accept_one();

private:
    int fd_ = -1;
    std::string address_;
    int port_ = 0;
};

}  // namespace yaad
