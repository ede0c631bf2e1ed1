#pragma once

#include <stdexcept>
#include <string>

namespace yaad {

// Text from outside (a FEN, a move, a command) that cannot be accepted. The
// message is one line, fit to show the user as it is.
struct InputError : std::runtime_error {
    explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace yaad
