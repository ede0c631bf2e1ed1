# Helpers for the build-time scripts that put data files (weights, books)
# into the binary, so the README's two commands need no file at run time.
# Included by eval/embed_weights.cmake and book/embed_books.cmake.

# embed_switch(OUT_VAR FUNCTION ENUM PATTERN NAME...) appends to OUT_VAR the
# C++ of `std::span<const std::uint8_t> FUNCTION(ENUM key)`: for each NAME
# whose file PATTERN (with @NAME@ replaced by NAME) exists, the key
# ENUM::NAME returns that file's bytes; any other key an empty span.
#
# The assembler's .incbin copies each file into the object as it is: a
# book of megabytes written as a C++ array of literals took the build
# seconds per megabyte to write and more to compile. The generated C++
# names the files, not their bytes, so the CMakeLists that compiles it
# lists them as its OBJECT_DEPENDS, to compile it again when one changes.
function(embed_switch out_var function enum pattern)
  set(blobs "")
  set(declarations "")
  set(cases "")
  foreach(name ${ARGN})
    string(REPLACE "@NAME@" "${name}" path "${pattern}")
    if(EXISTS "${path}")
      set(symbol "yaad_${function}_${name}")
      # Escaped twice: for the assembler's string, then for the C++ one.
      set(escaped "${path}")
      foreach(round 1 2)
        string(REPLACE "\\" "\\\\" escaped "${escaped}")
        string(REPLACE "\"" "\\\"" escaped "${escaped}")
      endforeach()
      string(APPEND blobs "    \".section .rodata\\n.balign 16\\n.globl ${symbol}\\n.hidden ${symbol}\\n${symbol}:\\n"
                          ".incbin \\\"${escaped}\\\"\\n.globl ${symbol}_end\\n.hidden ${symbol}_end\\n"
                          "${symbol}_end:\\n.previous\\n\"\n")
      string(APPEND declarations "extern \"C\" const std::uint8_t ${symbol}[], ${symbol}_end[];\n")
      string(APPEND cases "        case ${enum}::${name}:\n"
                          "            return {${symbol}, static_cast<std::size_t>(${symbol}_end - ${symbol})};\n")
    endif()
  endforeach()
  set(code "")
  if(blobs)
    string(APPEND code "asm(\n${blobs});\n\n${declarations}\n")
  endif()
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
