# The web build: attention.js + attention.wasm, assembled with the page into
# dist/ (a static folder any host can serve as it is).
add_executable(attention src/platform/web/main.cpp)
target_link_libraries(attention PRIVATE attention_gl attn_json)
set_target_properties(attention PROPERTIES SUFFIX ".js")
attn_project_options(attention)
target_link_options(attention PRIVATE
  -sMODULARIZE=1
  -sEXPORT_NAME=createAttentionModule
  -sENVIRONMENT=web
  -sFILESYSTEM=0
  -sMALLOC=emmalloc
  -sALLOW_MEMORY_GROWTH=1
  -sDYNAMIC_EXECUTION=0            # no eval: the page runs under a strict CSP
  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString
  -sEXPORTED_FUNCTIONS=_main)

set(ATTN_DIST "${PROJECT_SOURCE_DIR}/dist" CACHE PATH "Where the deployable page is assembled")
set(ATTN_PAGE_FILES
  ${PROJECT_SOURCE_DIR}/index.html
  ${PROJECT_SOURCE_DIR}/web/page.js
  ${PROJECT_SOURCE_DIR}/web/page.css
  ${PROJECT_SOURCE_DIR}/web/favicon.svg)
add_custom_target(dist ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_PAGE_FILES}
          $<TARGET_FILE_DIR:attention>/attention.js $<TARGET_FILE_DIR:attention>/attention.wasm "${ATTN_DIST}/"
  DEPENDS attention ${ATTN_PAGE_FILES}
  COMMENT "Assembling dist/"
  VERBATIM)
