# Helpers for the build-time scripts that put data files (weights, books)
# into the binary as byte arrays, so the README's two commands need no file
# at run time. Included by eval/embed_weights.cmake and book/embed_books.cmake.

# embed_switch(OUT_VAR FUNCTION ENUM PATTERN NAME...) appends to OUT_VAR the
# C++ of `std::span<const std::uint8_t> FUNCTION(ENUM key)`: for each NAME
# whose file PATTERN (with @NAME@ replaced by NAME) exists, the key
# ENUM::NAME returns that file's bytes; any other key an empty span.
function(embed_switch out_var function enum pattern)
  set(arrays "")
  set(cases "")
  foreach(name ${ARGN})
    string(REPLACE "@NAME@" "${name}" path "${pattern}")
    if(EXISTS "${path}")
      file(READ "${path}" hex HEX)
      string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
      string(APPEND arrays "const std::uint8_t ${function}_${name}[] = {${bytes}};\n")
      string(APPEND cases "        case ${enum}::${name}: return {${function}_${name}, sizeof ${function}_${name}};\n")
    endif()
  endforeach()
  set(code "namespace {\n\n${arrays}\n}  // namespace\n\n")
  string(APPEND code "std::span<const std::uint8_t> ${function}(${enum} key) {\n")
  string(APPEND code "    switch (key) {\n${cases}        default: return {};\n    }\n}\n\n")
  set(${out_var} "${${out_var}}${code}" PARENT_SCOPE)
endfunction()

# write_if_different(PATH CONTENT): an unchanged file keeps its time stamp,
# so what includes or compiles it is not rebuilt.
function(write_if_different path content)
  file(WRITE "${path}.tmp" "${content}")
  file(COPY_FILE "${path}.tmp" "${path}" ONLY_IF_DIFFERENT)
  file(REMOVE "${path}.tmp")
endfunction()
