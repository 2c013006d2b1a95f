# attn_embed(<target> SYMBOL <name> FILES <file>...)
# Compiles files into <target> as `const attn::EmbeddedFile <name>[]` and
# `const size_t <name>Count`, regenerated when any file changes.
set(ATTN_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/embed_files.cmake")

function(attn_embed target)
  cmake_parse_arguments(ARG "" "SYMBOL" "FILES" ${ARGN})
  set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded/${ARG_SYMBOL}.cpp")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${out} -DSYMBOL=${ARG_SYMBOL} "-DFILES=${ARG_FILES}"
            -P "${ATTN_EMBED_SCRIPT}"
    DEPENDS ${ARG_FILES} "${ATTN_EMBED_SCRIPT}"
    COMMENT "Embedding ${ARG_SYMBOL}"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
endfunction()
