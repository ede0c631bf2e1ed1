#pragma once
// The one line scanner of the protocols: `command name=value name="quoted
// value" flag` (HUB.md). Blanks separate tokens and may surround '='; a
// value needs quotes for blanks, '=' or emptiness; there is no escape.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace yaad {

struct CommandArgument {
    std::string name;
    std::optional<std::string> value;  // empty for a flag
};

struct CommandLine {
    std::string command;
    std::vector<CommandArgument> arguments;

    // The first argument of that name.
    const CommandArgument* find(std::string_view name) const;
    bool has_flag(std::string_view name) const;
    std::optional<std::string> value(std::string_view name) const;
};

// Throws InputError on an unterminated quote or a stray '=' or '"'.
// Returns an empty command for a blank line.
CommandLine tokenize_command(std::string_view line);

// Quotes a value for output when it needs it.
std::string quote_value(std::string_view value);

}  // namespace yaad
