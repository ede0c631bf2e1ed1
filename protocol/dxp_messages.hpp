#pragma once
// DamExchange (DXP) messages (HUB.md): fixed-width ASCII fields, one message
// per NUL-terminated frame. Decoding never trusts its input: a malformed
// message throws InputError.

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "color.hpp"

namespace yaad {

struct DxpGameRequest {
    std::string name;       // the initiator's
    Color follower_colour = Color::white;  // the colour the follower is asked to play
    int minutes = 0;        // thinking time per side for the whole game
    int moves = 0;          // moves in the whole game; 0: no limit
    // Set-up start: side to move and one character per square (e w z W Z).
    std::optional<Color> side_to_move;
    std::string squares;
    // Only "01" exists; a request of another version is decoded no further
    // than its version, so that it can be refused with GAMEACC code 1.
    std::string version = "01";
};

struct DxpGameAccept {
    std::string name;  // the follower's
    int code = 0;      // 0 accept, 1 version refused, 2 not this game, 3 no game at all
};

struct DxpMove {
    int seconds = 0;
    int from = 0;
    int to = 0;
    std::vector<int> captured;
};

struct DxpGameEnd {
    int reason = 0;  // 0 none, 1 I lose, 2 draw, 3 I win
    int stop = 0;    // 0 another game is fine, 1 stop altogether
};

struct DxpChat {
    std::string text;
};

struct DxpBackRequest {
    int move_number = 1;  // the move to go back to, from 1
    Color side = Color::white;
};

struct DxpBackAccept {
    int code = 0;  // 0 accepted, 1 refused
};

using DxpMessage =
    std::variant<DxpGameRequest, DxpGameAccept, DxpMove, DxpGameEnd, DxpChat, DxpBackRequest, DxpBackAccept>;

constexpr std::size_t dxp_max_length = 127;

// `squares` is the number of squares of the agreed board (50 for the
// international game); a set-up position must have that many.
DxpMessage decode_dxp(std::string_view text, int squares);
std::string encode_dxp(const DxpMessage& message);

// Splits a byte stream into messages on NUL. Bytes may arrive in any
// pieces: several messages in one read, one message over several reads.
class DxpFramer {
public:
    void feed(std::string_view bytes);
    // The next complete message, if one has arrived. Of a frame longer than
    // the protocol allows, its first dxp_max_length + 1 bytes are returned,
    // for the decoder to reject, and the rest up to its NUL is dropped.
    std::optional<std::string> next();

private:
    std::string buffer_;
    std::size_t scanned_ = 0;
    bool skipping_ = false;  // inside an overlong frame
};

}  // namespace yaad
