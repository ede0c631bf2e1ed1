#pragma once
// DamExchange play over TCP: `yaad dxp --listen` (follower) and
// `yaad dxp --connect HOST --initiator` (initiator).

#include <cstddef>
#include <optional>
#include <string>

#include "book_option.hpp"
#include "rules.hpp"

namespace yaad {

constexpr int dxp_default_port = 27531;

struct DxpOptions {
    Variant variant = Variant::international;  // DXP is the 10x10 game unless both sides agree otherwise
    bool listen = false;
    std::string host = "127.0.0.1";     // --connect
    std::string address = "127.0.0.1";  // --listen binds here
    int port = dxp_default_port;  // with --listen, 0 takes any free port
    double connect_timeout = 0;   // seconds of retrying a refused --connect; 0: one try
    bool initiator = false;
    int games = 1;
    int minutes = 5;       // thinking time per side and game
    int move_limit = 0;    // moves per game; 0: none
    std::optional<std::string> fen;  // set-up start position for the initiator's games
    std::optional<std::string> pdn_file;
    std::string name = "yaad";
    std::size_t hash_mb = 64;
    double move_time = 0;  // > 0: think this long per move, whatever the clock says
    double peer_timeout = 600;  // seconds of silence from the peer before giving up
    std::string egdb_dir;       // "" egdb beside yaad if there, "none" no database
    int level = 20;             // strength of our moves (search/strength.hpp)
    BookChoice book;            // the opening book
};

// Plays as the options say; prints one result line per game. A listening
// side first says on stderr where it listens, once it does:
// `dxp: listening on ADDRESS:PORT`. Returns the exit status. Throws
// InputError for a connection that cannot be made or a database directory
// that does not exist.
int run_dxp(const DxpOptions& options);

}  // namespace yaad
