# Writes OUT, a C++ file holding the bytes of DIR/<family>.weights for each
# family that has one, of DIR/<family>.net for each family with a network
# and of DIR/variants/<variant>.weights for each variant with weights of
# its own, so the weights are part of the binary (no
# download, no file to find at run time). Run by eval/CMakeLists.txt at
# build time.
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/embed_files.cmake)
set(body "// Generated from eval/weights/ by eval/embed_weights.cmake: do not edit.\n")
string(APPEND body "#include \"builtin_weights.hpp\"\n\nnamespace yaad {\n\n")
embed_switch(body builtin_weights_bytes EvalFamily "${DIR}/@NAME@.weights"
             flying8 english international sixrow)
embed_switch(body builtin_net_bytes EvalFamily "${DIR}/@NAME@.net"
             flying8 english international sixrow)
embed_switch(body builtin_variant_weights_bytes Variant "${DIR}/variants/@NAME@.weights"
             jamaican pool english russian brazilian international sixrow)
string(APPEND body "}  // namespace yaad\n")
write_if_different("${OUT}" "${body}")
