#pragma once
// Hub protocol v2 (HUB.md), as spoken by Scan 3.1, the Hub GUI and
// pydraughts: a line protocol on standard input and output.

#include <iosfwd>
#include <optional>
#include <string>

namespace yaad {

// Runs a Hub session until `quit` or end of input. `first_line`, if given,
// was already read from `in` (the shell hands over on a first line "hub").
// `egdb_dir` and `level` are the egdb-path and level parameters' values
// until set-param changes them.
void run_hub(std::istream& in, std::ostream& out, const std::optional<std::string>& first_line = std::nullopt,
             const std::string& egdb_dir = {}, int level = 20);

}  // namespace yaad
