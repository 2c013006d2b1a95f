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

# The page fetches each built-in lesson's file when it is first opened. The
# linked program is split in two (scripts/split_program.mjs): attention.wasm
# keeps the functions web/first-frames.funcs names, what the first frames run
# (`./dev split-profile` writes it), and attention.deferred.wasm has the rest,
# which the page fetches once the first frame is drawn. The parts get their
# build id (scripts/program_files.mjs): attention.js and both parts carry it,
# and the page checks it.
attn_web_executable(attention attention_lessons_fetched
  -sSPLIT_MODULE=1 -Wno-experimental # attention.wasm.orig, the whole program; attention.wasm instrumented
  --profiling-funcs)                 # names, for the list (the parts have none)
find_program(ATTN_WASM_SPLIT wasm-split PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)  # Debian's binaryen
set(ATTN_FIRST_FRAMES "${PROJECT_SOURCE_DIR}/web/first-frames.funcs")
set(ATTN_PROGRAM_DIR "${CMAKE_BINARY_DIR}/program")
set(ATTN_PROGRAM_FILES "${ATTN_PROGRAM_DIR}/attention.js" "${ATTN_PROGRAM_DIR}/attention.wasm"
    "${ATTN_PROGRAM_DIR}/attention.deferred.wasm" "${ATTN_PROGRAM_DIR}/attention.whole.wasm"
    "${ATTN_PROGRAM_DIR}/program.json")
add_custom_command(
  OUTPUT ${ATTN_PROGRAM_FILES}
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/program_files.mjs $<TARGET_FILE:attention> "${ATTN_PROGRAM_DIR}"
          --split "${ATTN_WASM_SPLIT}" "${ATTN_FIRST_FRAMES}"
  DEPENDS attention "${ATTN_FIRST_FRAMES}" ${PROJECT_SOURCE_DIR}/scripts/program_files.mjs
          ${PROJECT_SOURCE_DIR}/scripts/split_program.mjs
  COMMENT "Splitting the program in two and giving it its build id"
  VERBATIM)
# `./dev split-profile`: web/first-frames.funcs written again from the page as built.
add_custom_target(split-profile
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/split_profile.mjs --wasm-split "${ATTN_WASM_SPLIT}"
          --linked $<TARGET_FILE:attention> --dist "${ATTN_DIST}" --out "${ATTN_FIRST_FRAMES}"
  DEPENDS dist
  COMMENT "Listing the functions the page's first frames run (headless Chromium)"
  VERBATIM)

set(ATTN_DIST "${PROJECT_SOURCE_DIR}/dist" CACHE PATH "Where the deployable page is assembled")
# attn_bundle(<folder> <output>): the modules of web/<folder>/, from its
# main.js, bundled by esbuild into one minified classic script with its source
# map, with the tables they share with the app (the languages, the built-in
# lessons' ids, a lesson link's limits, the lesson format's description) and
# the program's build id.
function(attn_bundle folder output)
  # (with the page's and the SCORM package's modules, which the others import)
  file(GLOB modules CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/${folder}/*.js ${PROJECT_SOURCE_DIR}/web/${folder}/*.css
       ${PROJECT_SOURCE_DIR}/web/page/*.js ${PROJECT_SOURCE_DIR}/web/scorm/*.js)
  get_filename_component(name "${output}" NAME)
  add_custom_command(
    OUTPUT "${output}" "${output}.map"
    COMMAND node ${PROJECT_SOURCE_DIR}/scripts/bundle_page.mjs ${PROJECT_SOURCE_DIR}/web/${folder}/main.js "${output}"
            "${ATTN_LESSON_DIR}/index.json" "${ATTN_PROGRAM_DIR}/program.json"
    DEPENDS ${modules} ${PROJECT_SOURCE_DIR}/scripts/bundle_page.mjs "${ATTN_LANGUAGES_FILE}"
            ${PROJECT_SOURCE_DIR}/web/lesson-link.json ${PROJECT_SOURCE_DIR}/python/attention_lab/lesson_format.json
            "${ATTN_LESSON_DIR}/index.json" "${ATTN_PROGRAM_DIR}/program.json"
    COMMENT "Bundling web/${folder}/ into ${name} (esbuild)"
    VERBATIM)
endfunction()
# The page (web/page/) as served: page.js; the lesson editor (web/editor/),
# editor.js, and the text view's renderer (web/textview/), textview.js, which
# the page loads when each is first opened.
set(ATTN_PAGE_JS "${CMAKE_BINARY_DIR}/page/page.js")
attn_bundle(page "${ATTN_PAGE_JS}")
set(ATTN_EDITOR_JS "${CMAKE_BINARY_DIR}/page/editor.js")
attn_bundle(editor "${ATTN_EDITOR_JS}")
set(ATTN_TEXTVIEW_JS "${CMAKE_BINARY_DIR}/page/textview.js")
attn_bundle(textview "${ATTN_TEXTVIEW_JS}")
# The page's own files: index.html and the stylesheet are written into dist/
# with the program's files under content-hashed names (scripts/dist_files.mjs).
set(ATTN_PAGE_FILES
  ${PROJECT_SOURCE_DIR}/index.html
  "${ATTN_PAGE_JS}"
  "${ATTN_EDITOR_JS}"
  "${ATTN_TEXTVIEW_JS}"
  ${PROJECT_SOURCE_DIR}/web/page.css)
set(ATTN_STATIC_FILES
  ${PROJECT_SOURCE_DIR}/web/favicon.svg
  ${PROJECT_SOURCE_DIR}/web/manifest.webmanifest)
add_custom_command(
  OUTPUT "${ATTN_DIST}/attention-lab.html"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs "${ATTN_PROGRAM_DIR}/attention.js"
          "${ATTN_PAGE_JS}" "${ATTN_TEXTVIEW_JS}" "${ATTN_DIST}/attention-lab.html" ${ATTN_LESSON_FILES}
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs "${ATTN_DIST}/attention-lab.html"
  DEPENDS ${ATTN_PROGRAM_FILES} ${ATTN_PAGE_FILES} ${ATTN_STATIC_FILES} ${ATTN_LESSON_FILES}
          ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs ${PROJECT_SOURCE_DIR}/scripts/dist_files.mjs
          ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs
  COMMENT "Writing dist/attention-lab.html (one self-contained file)"
  VERBATIM)
set(ATTN_EXAMPLE_FILES
  ${PROJECT_SOURCE_DIR}/web/examples/embed.html
  ${PROJECT_SOURCE_DIR}/web/examples/embed.js
  ${PROJECT_SOURCE_DIR}/web/examples/attention-host.js
  ${PROJECT_SOURCE_DIR}/web/examples/embed.css)
# One single file per language besides, each with its catalog and the font
# packs its words need: dist/attention-lab.<code>.html.
set(ATTN_SINGLE_FILES "${ATTN_DIST}/attention-lab.html")
foreach(code IN LISTS ATTN_LANGUAGES)
  set(out "${ATTN_DIST}/attention-lab.${code}.html")
  list(APPEND ATTN_SINGLE_FILES "${out}")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}"
    COMMAND node ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs "${ATTN_PROGRAM_DIR}/attention.js"
            "${ATTN_PAGE_JS}" "${ATTN_TEXTVIEW_JS}" "${out}"
            --language ${code} "${ATTN_CATALOG_DIR}/${code}.json" "${ATTN_FONT_DIR}" ${ATTN_LESSON_FILES}
    COMMAND node ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs "${out}"
    DEPENDS ${ATTN_PROGRAM_FILES} ${ATTN_PAGE_FILES} ${ATTN_STATIC_FILES} ${ATTN_LESSON_FILES}
            "${ATTN_CATALOG_DIR}/${code}.json" ${ATTN_FONT_PACK_FILES} "${ATTN_FONT_COVERAGE}"
            ${PROJECT_SOURCE_DIR}/scripts/single_file.mjs ${PROJECT_SOURCE_DIR}/scripts/dist_files.mjs
            ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs
    COMMENT "Writing dist/attention-lab.${code}.html (one self-contained file, in ${code})"
    VERBATIM)
endforeach()
add_custom_target(single-file DEPENDS ${ATTN_SINGLE_FILES})

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
# web/sw.js). The program's files, named by their content, are added from
# dist/index.html (scripts/service_worker.mjs).
set(ATTN_PRECACHE index.html)
foreach(file IN LISTS ATTN_STATIC_FILES ATTN_WEB_ICONS)
  get_filename_component(name "${file}" NAME)
  list(APPEND ATTN_PRECACHE "${name}")
endforeach()
foreach(file IN LISTS ATTN_LESSON_FILES)
  get_filename_component(name "${file}" NAME)
  list(APPEND ATTN_PRECACHE "lessons/${name}")
endforeach()

# The LMS package, dist/attention-lab-scorm.zip (SCORM 1.2): the lesson and the
# rule the instructor chose (./dev package-scorm sets these; docs/scorm.md).
# Their defaults are web/scorm/defaults.json's.
file(READ ${PROJECT_SOURCE_DIR}/web/scorm/defaults.json attn_scorm_defaults)
string(JSON attn_scorm_lesson GET "${attn_scorm_defaults}" lesson)
string(JSON attn_scorm_complete_when GET "${attn_scorm_defaults}" completeWhen)
string(JSON attn_scorm_mastery GET "${attn_scorm_defaults}" mastery)
string(JSON attn_scorm_lock GET "${attn_scorm_defaults}" lock)
set(ATTN_SCORM_LESSON "${attn_scorm_lesson}" CACHE STRING "The SCORM package's lesson (a built-in lesson id)")
set(ATTN_SCORM_COMPLETE_WHEN "${attn_scorm_complete_when}" CACHE STRING
    "The SCORM package's rule: all-steps (completed) or challenges (passed/failed by the score)")
set(ATTN_SCORM_MASTERY "${attn_scorm_mastery}" CACHE STRING
    "The SCORM package's passing score, 0 to 100 (the challenges rule)")
set(ATTN_SCORM_LOCK "${attn_scorm_lock}" CACHE STRING
    "yes: the SCORM package keeps predictions and challenges on (no switch); no: the learner may turn them off")

add_custom_target(dist ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory "${ATTN_DIST}/examples" "${ATTN_DIST}/fonts" "${ATTN_DIST}/lang"
          "${ATTN_DIST}/lessons" "${ATTN_DIST}/screenshots"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_SCREENSHOTS} "${ATTN_DIST}/screenshots/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_LESSON_FILES} "${ATTN_DIST}/lessons/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_EXAMPLE_FILES} "${ATTN_DIST}/examples/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_FONT_PACK_FILES} "${ATTN_DIST}/fonts/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_CATALOG_FILES} "${ATTN_DIST}/lang/"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTN_STATIC_FILES} ${ATTN_WEB_ICONS} "${ATTN_DIST}/"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/dist_files.mjs "${ATTN_DIST}" "${ATTN_PROGRAM_DIR}" "${ATTN_PAGE_JS}"
          ${PROJECT_SOURCE_DIR}/web/page.css ${PROJECT_SOURCE_DIR}/index.html "${ATTN_EDITOR_JS}" "${ATTN_TEXTVIEW_JS}"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/service_worker.mjs ${PROJECT_SOURCE_DIR}/web/sw.js "${ATTN_DIST}"
          ${ATTN_PRECACHE}
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/scorm_package.mjs --dist "${ATTN_DIST}"
          --out "${ATTN_DIST}/attention-lab-scorm.zip" --cmake "${CMAKE_COMMAND}" --lesson "${ATTN_SCORM_LESSON}"
          --complete-when "${ATTN_SCORM_COMPLETE_WHEN}" --mastery "${ATTN_SCORM_MASTERY}"
          --lock "${ATTN_SCORM_LOCK}"
  COMMAND node ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs "${ATTN_DIST}"
  DEPENDS ${ATTN_PROGRAM_FILES} ${ATTN_PAGE_FILES} ${ATTN_STATIC_FILES} ${ATTN_EXAMPLE_FILES} ${ATTN_WEB_ICONS} ${ATTN_FONT_PACK_FILES} ${ATTN_LESSON_FILES}
          ${ATTN_SCREENSHOTS}
          ${ATTN_CATALOG_FILES}
          ${PROJECT_SOURCE_DIR}/web/sw.js
          ${PROJECT_SOURCE_DIR}/scripts/service_worker.mjs ${PROJECT_SOURCE_DIR}/scripts/scorm_package.mjs
          ${PROJECT_SOURCE_DIR}/scripts/dist_files.mjs ${PROJECT_SOURCE_DIR}/scripts/precompress.mjs
          ${PROJECT_SOURCE_DIR}/web/scorm/scorm-adapter.js ${PROJECT_SOURCE_DIR}/web/scorm/defaults.json
  COMMENT "Assembling dist/ (the program's files named by their content, the SCORM package, .br and .gz twins)"
  VERBATIM)
