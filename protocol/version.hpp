#pragma once

#include <string_view>

namespace yaad {

// Set by CMake from the project version.
inline constexpr std::string_view version = YAAD_VERSION;

}  // namespace yaad
