#pragma once
// Reads PDN files: games of tag pairs and move text, as yaad writes them
// (pdn_writer.hpp) and as other programs do, with comments, variations,
// NAGs and move numbers skipped.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"

namespace yaad {

struct PdnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::vector<std::string> moves;                         // main line only
    // Per move of `moves`: the comments that follow it in the main line
    // ("{[%clk 0:01:58]}", "; a line comment"), joined by a space; "" for
    // none.
    std::vector<std::string> comments;
    // The comments after the game's first tag and before its first move
    // (an opening's name, a source), joined by a space. A comment before a
    // game's tags belongs to no game (a file's header) and is not kept.
    std::string opening_comment;
    std::string result;                                     // "1-0", "0-1", "1/2-1/2", "*" or empty

    // The value of the first tag of that name.
    std::optional<std::string> tag(std::string_view name) const;
};

// Every game in the text, in order (a UTF-8 byte order mark before it is
// skipped). Throws InputError for text that is not PDN (an unterminated
// tag, comment or variation), naming the line.
std::vector<PdnGame> read_pdn(std::string_view text);

// Every game in a file of at most 64 MB; InputError for a file that cannot
// be read, is larger, is not PDN or holds no game.
std::vector<PdnGame> read_pdn_file(const std::string& path);

// The variant a GameType tag names: the exact form yaad writes, or the
// bare number of a variant with one (20, 21, 25, 26; a bare 23 is Pool).
std::optional<Variant> variant_of_game_type(std::string_view game_type);

// The game replayed: its variant from GameType (`fallback` without one),
// its start from FEN, then every move. Throws InputError naming the first
// move that is not legal.
Game replay_pdn_game(const PdnGame& pdn, Variant fallback);

}  // namespace yaad
