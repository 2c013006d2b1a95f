# Third-party code: found on the machine (Debian packages, and ImGui's sources
# fetched by scripts/deps.sh), never committed. Built without -Werror.

# nlohmann/json (Debian's nlohmann-json3-dev), header-only, reached through a
# folder holding only it, so the web build does not see the host's /usr/include.
find_path(ATTN_JSON_INCLUDE nlohmann/json.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
set(attn_json_dir "${CMAKE_BINARY_DIR}/deps/json")
file(MAKE_DIRECTORY "${attn_json_dir}")
file(CREATE_LINK "${ATTN_JSON_INCLUDE}/nlohmann" "${attn_json_dir}/nlohmann" SYMBOLIC)
add_library(attn_json INTERFACE)
target_include_directories(attn_json SYSTEM INTERFACE "${attn_json_dir}")

# Dear ImGui sources: $IMGUI_DIR, or the cache scripts/deps.sh fills
# ($ATTENTION_CACHE/imgui, by default .cache/imgui).
if(DEFINED ENV{IMGUI_DIR} AND NOT IMGUI_DIR)
  set(IMGUI_DIR "$ENV{IMGUI_DIR}")
endif()
set(IMGUI_DIR "${IMGUI_DIR}" CACHE PATH "Dear ImGui source folder (holds imgui.cpp)")
if(NOT IMGUI_DIR)
  if(DEFINED ENV{ATTENTION_CACHE} AND NOT "$ENV{ATTENTION_CACHE}" STREQUAL "")
    set(IMGUI_DIR "$ENV{ATTENTION_CACHE}/imgui" CACHE PATH "" FORCE)
  else()
    set(IMGUI_DIR "${PROJECT_SOURCE_DIR}/.cache/imgui" CACHE PATH "" FORCE)
  endif()
endif()
if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "Dear ImGui sources not found in ${IMGUI_DIR}: run scripts/deps.sh build "
                      "(any ./dev command fetches them), or set IMGUI_DIR")
endif()

# The web build never uses ImGui's built-in ProggyClean font (the app adds its
# own before the atlas is built), but ImFontAtlas::Build() calls
# AddFontDefault() when no font was added, which links in the font's 12 kB of
# compressed data. ImGui 1.91 has IMGUI_DISABLE_DEFAULT_FONT for this; 1.86
# has not, so the web build compiles a copy of imgui_draw.cpp without the call.
set(attn_imgui_draw "${IMGUI_DIR}/imgui_draw.cpp")
if(EMSCRIPTEN)
  file(READ "${IMGUI_DIR}/imgui_draw.cpp" attn_source)
  set(attn_call "    if (ConfigData.Size == 0)\n        AddFontDefault();\n")
  string(FIND "${attn_source}" "${attn_call}" attn_at)
  if(attn_at EQUAL -1)
    message(FATAL_ERROR "${IMGUI_DIR}/imgui_draw.cpp: ImFontAtlas::Build() no longer calls AddFontDefault() as 1.86 did")
  endif()
  string(REPLACE "${attn_call}" "    IM_ASSERT(ConfigData.Size > 0 && \"Attention Lab adds its font first\");\n"
         attn_source "${attn_source}")
  file(WRITE "${CMAKE_BINARY_DIR}/deps/imgui/imgui_draw.cpp.new" "${attn_source}")
  configure_file("${CMAKE_BINARY_DIR}/deps/imgui/imgui_draw.cpp.new" "${CMAKE_BINARY_DIR}/deps/imgui/imgui_draw.cpp"
                 COPYONLY)  # rewritten only when it changed
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${IMGUI_DIR}/imgui_draw.cpp")
  set(attn_imgui_draw "${CMAKE_BINARY_DIR}/deps/imgui/imgui_draw.cpp")
endif()

# ImGui itself, without platform or renderer: the headless UI tests use this.
add_library(imgui STATIC
  ${IMGUI_DIR}/imgui.cpp ${attn_imgui_draw}
  ${IMGUI_DIR}/imgui_tables.cpp ${IMGUI_DIR}/imgui_widgets.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
set_target_properties(imgui PROPERTIES CXX_STANDARD 17)  # ImGui 1.86 predates C++20's enum rules
target_compile_definitions(imgui PUBLIC
  IMGUI_DISABLE_FILE_FUNCTIONS      # no filesystem in the web build; no imgui.ini
  IMGUI_DISABLE_DEMO_WINDOWS
  IMGUI_DISABLE_OBSOLETE_FUNCTIONS
  IMGUI_ENABLE_TEST_ENGINE)         # item hooks: label -> rectangle for tests (src/ui/item_registry.cpp)
# The sanitized tree builds our code at -O0 (half the compile time of -O1);
# ImGui, not ours to debug, stays at -O1, where the UI tests spend their time.
if(ATTN_SANITIZE)
  target_compile_options(imgui PRIVATE -O1)
endif()

# The OpenGL3 backend reads back the GL state it changes before each frame's
# drawing, to restore it after. In a browser each of those reads of the
# viewport, scissor box and blend state waits for the GPU process to finish
# everything sent before it: a frame drawn after the first waited there
# 0.5 s for software GL to compile and draw the first (docs/performance.md,
# "Start-up"). The web shell sets the viewport itself before drawing and
# uses the blend state's defaults, so the web build compiles a copy that
# takes those instead of reading them (the rest of the state it reads is
# kept by the browser's WebGL itself, no wait).
set(attn_imgui_opengl3 "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
if(EMSCRIPTEN)
  file(READ "${attn_imgui_opengl3}" attn_source)
  set(attn_reads [=[
    GLint last_viewport[4]; glGetIntegerv(GL_VIEWPORT, last_viewport);
    GLint last_scissor_box[4]; glGetIntegerv(GL_SCISSOR_BOX, last_scissor_box);
    GLenum last_blend_src_rgb; glGetIntegerv(GL_BLEND_SRC_RGB, (GLint*)&last_blend_src_rgb);
    GLenum last_blend_dst_rgb; glGetIntegerv(GL_BLEND_DST_RGB, (GLint*)&last_blend_dst_rgb);
    GLenum last_blend_src_alpha; glGetIntegerv(GL_BLEND_SRC_ALPHA, (GLint*)&last_blend_src_alpha);
    GLenum last_blend_dst_alpha; glGetIntegerv(GL_BLEND_DST_ALPHA, (GLint*)&last_blend_dst_alpha);
    GLenum last_blend_equation_rgb; glGetIntegerv(GL_BLEND_EQUATION_RGB, (GLint*)&last_blend_equation_rgb);
    GLenum last_blend_equation_alpha; glGetIntegerv(GL_BLEND_EQUATION_ALPHA, (GLint*)&last_blend_equation_alpha);
]=])
  set(attn_known [=[
    // Attention Lab's web build (cmake/dependencies.cmake): known, not read back.
    GLint last_viewport[4] = { 0, 0, fb_width, fb_height };
    GLint last_scissor_box[4] = { 0, 0, fb_width, fb_height };
    GLenum last_blend_src_rgb = GL_ONE, last_blend_dst_rgb = GL_ZERO, last_blend_src_alpha = GL_ONE, last_blend_dst_alpha = GL_ZERO;
    GLenum last_blend_equation_rgb = GL_FUNC_ADD, last_blend_equation_alpha = GL_FUNC_ADD;
]=])
  string(FIND "${attn_source}" "${attn_reads}" attn_at)
  if(attn_at EQUAL -1)
    message(FATAL_ERROR "${attn_imgui_opengl3}: ImGui_ImplOpenGL3_RenderDrawData() no longer reads the GL state as 1.86 did")
  endif()
  string(REPLACE "${attn_reads}" "${attn_known}" attn_source "${attn_source}")
  file(WRITE "${CMAKE_BINARY_DIR}/deps/imgui/imgui_impl_opengl3.cpp.new" "${attn_source}")
  configure_file("${CMAKE_BINARY_DIR}/deps/imgui/imgui_impl_opengl3.cpp.new"
                 "${CMAKE_BINARY_DIR}/deps/imgui/imgui_impl_opengl3.cpp" COPYONLY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${attn_imgui_opengl3}")
  set(attn_imgui_opengl3 "${CMAKE_BINARY_DIR}/deps/imgui/imgui_impl_opengl3.cpp")
endif()

# GLFW + OpenGL3 backends for the app, on both targets.
add_library(imgui_backends STATIC
  ${IMGUI_DIR}/backends/imgui_impl_glfw.cpp ${attn_imgui_opengl3})
target_link_libraries(imgui_backends PUBLIC imgui)
set_target_properties(imgui_backends PROPERTIES CXX_STANDARD 17)
if(EMSCRIPTEN)
  target_link_options(imgui_backends PUBLIC "-sUSE_GLFW=3" "-sMIN_WEBGL_VERSION=2" "-sMAX_WEBGL_VERSION=2")
else()
  find_package(glfw3 3.3 REQUIRED)
  find_package(OpenGL REQUIRED)
  target_link_libraries(imgui_backends PUBLIC glfw OpenGL::GL ${CMAKE_DL_LIBS})
endif()

# stb_image_write (Debian's libstb-dev): figures (both builds) and the
# desktop app's screenshots. Its own folder only: the web build must not see
# the system's other headers.
find_path(ATTN_STB_DIR stb_image_write.h PATHS /usr/include/stb NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH REQUIRED)

# The UI's fonts: DejaVu Sans (fonts-dejavu-core) and, for Chinese, Japanese
# and Korean, WenQuanYi Micro Hei (fonts-wqy-microhei), cut by fonttools
# (python3-fonttools) into a small base font and packs (CMakeLists.txt).
find_file(ATTN_FONT_TTF DejaVuSans.ttf PATHS /usr/share/fonts/truetype/dejavu NO_CMAKE_FIND_ROOT_PATH REQUIRED)
find_file(ATTN_FONT_CJK wqy-microhei.ttc PATHS /usr/share/fonts/truetype/wqy NO_CMAKE_FIND_ROOT_PATH REQUIRED)
find_program(ATTN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
