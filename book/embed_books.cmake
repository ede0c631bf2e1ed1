# Writes OUT, a C++ file holding the bytes of DIR/<variant>.book for each
# variant that has one, so the books are part of the binary (the README's
# two commands need nothing else). Run by book/CMakeLists.txt at build time.
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/embed_files.cmake)
set(body "// Generated from book/books/ by book/embed_books.cmake: do not edit.\n")
string(APPEND body "#include \"builtin_books.hpp\"\n\nnamespace yaad {\n\n")
embed_switch(body builtin_book_bytes Variant "${DIR}/@NAME@.book"
             jamaican pool english russian brazilian international sixrow)
string(APPEND body "}  // namespace yaad\n")
write_if_different("${OUT}" "${body}")
