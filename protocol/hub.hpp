#pragma once
// Hub protocol v2 (HUB.md), as spoken by Scan 3.1, the Hub GUI and
// pydraughts: a line protocol on standard input and output.

#include <iosfwd>
#include <optional>
#include <string>

namespace yaad {

// Runs a Hub session until `quit` or end of input. `first_line`, if given,
// was already read from `in` (the shell hands over on a first line "hub").
// `egdb_dir` is the egdb-path parameter's value until set-param changes it.
void run_hub(std::istream& in, std::ostream& out, const std::optional<std::string>& first_line = std::nullopt,
             const std::string& egdb_dir = {});

}  // namespace yaad
