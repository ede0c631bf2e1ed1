#pragma once
// The interactive shell: a person at a terminal plays and analyses games.

#include <iosfwd>
#include <string>

#include "book_option.hpp"
#include "rules.hpp"

namespace yaad {

// Reads commands from `in` until `quit` or end of input. With `prompt` it
// prints a prompt before each command (for a terminal, not for scripts).
// `egdb_dir` names the endgame database ("" egdb beside yaad if there,
// "none" none).
void run_shell(std::istream& in, std::ostream& out, Variant v, bool prompt, const std::string& egdb_dir = {},
               int level = 20, const BookChoice& book = {});

}  // namespace yaad
