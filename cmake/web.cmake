# The web build: attention.js + attention.wasm, assembled with the page into
# dist/ (target `dist`: a static folder any host can serve as it is, with a
# web app manifest, its icons and a service worker that keeps it working
# offline), and the same program as one self-contained file,
# dist/attention-lab.html (target `single-file`), for file:// and uploads.
set(ATTN_WEB_SOURCES
  ${PROJECT_SOURCE_DIR}/src/platform/web/main.cpp
  ${PROJECT_SOURCE_DIR}/src/platform/web/browser_input.cpp
  ${PROJECT_SOURCE_DIR}/src/platform/web/page_api.cpp)
# Closure compiler minifies Emscripten's JavaScript (24 -> 15 kB gzipped). The
# version Emscripten 3.1.6 was released with, from npm (package.json); emcc
# finds it through EM_CLOSURE_COMPILER, set on every link of this build.
set(ATTN_CLOSURE_COMPILER "${PROJECT_SOURCE_DIR}/node_modules/.bin/google-closure-compiler")
if(NOT EXISTS "${ATTN_CLOSURE_COMPILER}")
  message(FATAL_ERROR "${ATTN_CLOSURE_COMPILER} is missing: run scripts/deps.sh build (./dev does)")
endif()
set_property(GLOBAL PROPERTY RULE_LAUNCH_LINK
             "${CMAKE_COMMAND} -E env EM_CLOSURE_COMPILER=${ATTN_CLOSURE_COMPILER}")

# attn_web_executable(<name> <lessons library> <link option>...)
function(attn_web_executable name lessons)
  add_executable(${name} ${ATTN_WEB_SOURCES})
  target_link_libraries(${name} PRIVATE attention_render attn_json ${lessons})
  set_target_properties(${name} PROPERTIES SUFFIX ".js")
  attn_project_options(${name})
  target_link_options(${name} PRIVATE
    -sMODULARIZE=1
    -sEXPORT_NAME=createAttentionModule
    -sENVIRONMENT=web
    -sFILESYSTEM=0
    -sMALLOC=emmalloc
    -sALLOW_MEMORY_GROWTH=1
    -sDYNAMIC_EXECUTION=0            # no eval: the page runs under a strict CSP
    -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString
    -sTEXTDECODER=2                  # every browser has TextDecoder: no fallback
    # The Module keys web/page/main.js passes (anything else Emscripten could read is left out):
    -sINCOMING_MODULE_JS_API=canvas,arguments,print,printErr,onAbort,instantiateWasm,loadSplitModule
    -sEXPORTED_FUNCTIONS=_main,_malloc,_free  # malloc: lesson files' bytes
    --closure=1                      # JS called from outside uses Module['quoted'] names
    -sBINARYEN_EXTRA_PASSES=--converge  # wasm-opt -Oz again until it gains nothing: 1.4 kB gzipped
    ${ARGN})
endfunction()

# The page fetches each built-in lesson's file when it is first opened. Its
# program is linked whole, with names, and an instrumented copy
# (-sSPLIT_MODULE), then split in two by what its first frames run:
# scripts/split_wasm.mjs loads the page in headless Chromium with the
# instrumented copy, and Binaryen's wasm-split moves every function those
# first visits did not run to attention.deferred.wasm, which the page
# (web/page/loader.js) fetches once the first frame is drawn (docs/performance.md).
attn_web_executable(attention attention_lessons_fetched
  -sSPLIT_MODULE=1 -Wno-experimental
  --profiling-funcs)                 # names for the split; wasm-split writes none
find_program(ATTN_WASM_SPLIT wasm-split PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)  # Debian's binaryen
set(ATTN_SPLIT_DIR "${CMAKE_BINARY_DIR}/split")
set(ATTN_WASM_FILES "${ATTN_SPLIT_DIR}/attention.js" "${ATTN_SPLIT_DIR}/attention.wasm"
    "${ATTN_SPLIT_DIR}/attention.deferred.wasm")

set(ATTN_DIST "${PROJECT_SOURCE_DIR}/dist" CACHE PATH "Where the deployable page is assembled")
# The page's modules (web/page/) as served: one minified page.js bundled by
# esbuild, with its source map, and the tables they share with the app (the
# languages, the built-in lessons' ids).
file(GLOB ATTN_PAGE_MODULES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/page/*.js)
set(ATTN_PAGE_JS "${CMAKE_BINARY_DIR}/page/page.js")
add_custom_command(
  OUTPUT "${ATTN_PAGE_JS}" "${ATTN_PAGE_JS}.map"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/bundle_page.mjs ${PROJECT_SOURCE_DIR}/web/page/main.js "${ATTN_PAGE_JS}"
          "${ATTN_LESSON_DIR}/index.json"
  DEPENDS ${ATTN_PAGE_MODULES} ${PROJECT_SOURCE_DIR}/scripts/bundle_page.mjs "${ATTN_LANGUAGES_FILE}"
          "${ATTN_LESSON_DIR}/index.json"
  COMMENT "Bundling web/page/ into page.js (esbuild)"
  VERBATIM)
set(ATTN_PAGE_FILES
  ${PROJECT_SOURCE_DIR}/index.html
  "${ATTN_PAGE_JS}"
  ${PROJECT_SOURCE_DIR}/web/page.css
  ${PROJECT_SOURCE_DIR}/web/favicon.svg
  ${PROJECT_SOURCE_DIR}/web/manifest.webmanifest)
# The other languages (po/languages.json): a catalog's code runs at start, and the font packs.
set(attn_profile_catalog ${ATTN_CATALOG_FILES})
add_custom_command(
  OUTPUT ${ATTN_WASM_FILES}
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/split_wasm.mjs --wasm-split "${ATTN_WASM_SPLIT}"
          --module $<TARGET_FILE:attention> --out "${ATTN_SPLIT_DIR}"
          --page ${ATTN_PAGE_FILES} --lessons ${ATTN_LESSON_FILES} --catalog ${attn_profile_catalog}
          --fonts ${ATTN_FONT_PACK_FILES}
  DEPENDS attention ${ATTN_PAGE_FILES} ${ATTN_LESSON_FILES} ${attn_profile_catalog} ${ATTN_FONT_PACK_FILES}
          ${PROJECT_SOURCE_DIR}/scripts/split_wasm.mjs ${PROJECT_SOURCE_DIR}/scripts/serve.mjs
  COMMENT "Splitting attention.wasm by what its first frames run (headless Chromium, wasm-split)"
  VERBATIM)
add_custom_command(
  OUTPUT "${ATTN_DIST}/attention-lab.html"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs "${ATTN_SPLIT_DIR}/attention.js"
          "${ATTN_PAGE_JS}" "${ATTN_DIST}/attention-lab.html" ${ATTN_LESSON_FILES}
  DEPENDS ${ATTN_WASM_FILES} ${ATTN_PAGE_FILES} ${ATTN_LESSON_FILES} ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs
  COMMENT "Writing dist/attention-lab.html (one self-contained file)"
  VERBATIM)
set(ATTN_EXAMPLE_FILES
  ${PROJECT_SOURCE_DIR}/web/examples/embed.html
  ${PROJECT_SOURCE_DIR}/web/examples/embed.js
  ${PROJECT_SOURCE_DIR}/web/examples/attention-host.js
  ${PROJECT_SOURCE_DIR}/web/examples/embed.css)
add_custom_target(single-file DEPENDS "${ATTN_DIST}/attention-lab.html")

# The manifest's icons (cmake/icons.cmake).
include(${PROJECT_SOURCE_DIR}/cmake/icons.cmake)
set(ATTN_WEB_ICONS "${CMAKE_BINARY_DIR}/icons/icon-192.png" "${CMAKE_BINARY_DIR}/icons/icon-512.png"
    "${CMAKE_BINARY_DIR}/icons/icon-maskable-512.png")
attn_icon(OUTPUT "${CMAKE_BINARY_DIR}/icons/icon-192.png" SIZE 192)
attn_icon(OUTPUT "${CMAKE_BINARY_DIR}/icons/icon-512.png" SIZE 512)
attn_icon(OUTPUT "${CMAKE_BINARY_DIR}/icons/icon-maskable-512.png" SIZE 512 MASKABLE)

# The manifest's screenshots (Chromium's install dialog), made from the real
# page by scripts/screenshots.mjs: fetched only by that dialog, so not kept
# for offline use.
set(ATTN_SCREENSHOTS ${PROJECT_SOURCE_DIR}/web/screenshots/wide.png ${PROJECT_SOURCE_DIR}/web/screenshots/narrow.png)

# What the service worker keeps for offline use: the page and everything it
# loads, by name in dist/, with every built-in lesson (not the examples, nor
# the single file; catalogs and font packs join the cache when first fetched,
# web/sw.js).
set(ATTN_PRECACHE attention.js attention.wasm attention.deferred.wasm)
foreach(file IN LISTS ATTN_PAGE_FILES ATTN_WEB_ICONS)
  get_filename_component(name "${file}" NAME)
  list(APPEND ATTN_PRECACHE "${name}")
endforeach()
foreach(file IN LISTS ATTN_LESSON_FILES)
  get_filename_component(name "${file}" NAME)
  list(APPEND ATTN_PRECACHE "lessons/${name}")
endforeach()

# The LMS package, dist/attention-lab-scorm.zip (SCORM 1.2): the lesson and the
# rule the instructor chose (./dev package-scorm sets these; docs/embedding.md).
# Their defaults are web/scorm/defaults.json's.
file(READ ${PROJECT_SOURCE_DIR}/web/scorm/defaults.json attn_scorm_defaults)
string(JSON attn_scorm_lesson GET "${attn_scorm_defaults}" lesson)
string(JSON attn_scorm_complete_when GET "${attn_scorm_defaults}" completeWhen)
string(JSON attn_scorm_mastery GET "${attn_scorm_defaults}" mastery)
set(ATTN_SCORM_LESSON "${attn_scorm_lesson}" CACHE STRING "The SCORM package's lesson (a built-in lesson id)")
set(ATTN_SCORM_COMPLETE_WHEN "${attn_scorm_complete_when}" CACHE STRING
    "The SCORM package's rule: all-steps (completed) or challenges (passed/failed by the score)")
set(ATTN_SCORM_MASTERY "${attn_scorm_mastery}" CACHE STRING
    "The SCORM package's passing score, 0 to 100 (the challenges rule)")

add_custom_target(dist ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}/examples" "${ATTN_DIST}/fonts" "${ATTN_DIST}/lang"
          "${ATTN_DIST}/lessons" "${ATTN_DIST}/screenshots"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_SCREENSHOTS} "${ATTN_DIST}/screenshots/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_LESSON_FILES} "${ATTN_DIST}/lessons/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_EXAMPLE_FILES} "${ATTN_DIST}/examples/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_FONT_PACK_FILES} "${ATTN_DIST}/fonts/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_CATALOG_FILES} "${ATTN_DIST}/lang/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_PAGE_FILES} "${ATTN_PAGE_JS}.map" ${ATTN_WEB_ICONS}
          ${ATTN_WASM_FILES} "${ATTN_DIST}/"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/service_worker.mjs ${PROJECT_SOURCE_DIR}/web/sw.js "${ATTN_DIST}"
          ${ATTN_PRECACHE}
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/scorm_package.mjs --dist "${ATTN_DIST}"
          --out "${ATTN_DIST}/attention-lab-scorm.zip" --cmake "${CMAKE_COMMAND}" --lesson "${ATTN_SCORM_LESSON}"
          --complete-when "${ATTN_SCORM_COMPLETE_WHEN}" --mastery "${ATTN_SCORM_MASTERY}"
  DEPENDS ${ATTN_WASM_FILES} ${ATTN_PAGE_FILES} ${ATTN_EXAMPLE_FILES} ${ATTN_WEB_ICONS} ${ATTN_FONT_PACK_FILES} ${ATTN_LESSON_FILES}
          ${ATTN_SCREENSHOTS}
          ${ATTN_CATALOG_FILES}
          ${PROJECT_SOURCE_DIR}/web/sw.js
          ${PROJECT_SOURCE_DIR}/scripts/service_worker.mjs ${PROJECT_SOURCE_DIR}/scripts/scorm_package.mjs
          ${PROJECT_SOURCE_DIR}/web/scorm/scorm-adapter.js ${PROJECT_SOURCE_DIR}/web/scorm/defaults.json
  COMMENT "Assembling dist/ (and the SCORM package)"
  VERBATIM)
