#pragma once
// Hub protocol v2 (HUB.md), as spoken by Scan 3.1, the Hub GUI and
// pydraughts: a line protocol on standard input and output.

#include <iosfwd>
#include <optional>
#include <string>

#include "book_option.hpp"
#include "variant.hpp"

namespace yaad {

// The parameters a session starts with, until set-param changes them: a
// GUI sends only what differs from the defaults the engine declares.
struct HubStart {
    std::string egdb_dir;  // egdb-path
    int level = 20;
    Variant variant = default_variant;
    BookChoice book;
};

// Runs a Hub session until `quit` or end of input. `first_line`, if given,
// was already read from `in` (the shell hands over on a first line "hub").
void run_hub(std::istream& in, std::ostream& out, const std::optional<std::string>& first_line = std::nullopt,
             const HubStart& start = {});

}  // namespace yaad
