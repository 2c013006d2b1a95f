# Debian's hardening flags for the native Release build (the .deb's and the
# benchmark's tree), as dpkg-buildflags gives them with every hardening
# feature on: _FORTIFY_SOURCE, the strong stack protector, format checks,
# RELRO and BIND_NOW at link time; PIE is GCC's default on Debian and asked
# for here too. The optimisation level stays the build type's (-O3, which the
# benchmark measures): dpkg-buildflags is told to leave out its -O2 and -g.
# Debug trees are left alone: _FORTIFY_SOURCE needs an optimised build.
if(EMSCRIPTEN OR NOT CMAKE_BUILD_TYPE STREQUAL "Release")
  return()
endif()
find_program(ATTN_DPKG_BUILDFLAGS dpkg-buildflags)
if(NOT ATTN_DPKG_BUILDFLAGS)
  message(FATAL_ERROR "dpkg-buildflags (Debian's dpkg-dev) gives the Release build its hardening flags: "
                      "run scripts/deps.sh package")
endif()
function(attn_buildflags variable out)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
            "DEB_CFLAGS_MAINT_STRIP=-O2 -g" "DEB_CXXFLAGS_MAINT_STRIP=-O2 -g"
            ${ATTN_DPKG_BUILDFLAGS} --get ${variable}
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"  # its -ffile-prefix-map maps this folder to "."
    OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE
    COMMAND_ERROR_IS_FATAL ANY)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(${out} ${flags} PARENT_SCOPE)
endfunction()
attn_buildflags(CPPFLAGS attn_cppflags)
attn_buildflags(CFLAGS attn_cflags)
attn_buildflags(CXXFLAGS attn_cxxflags)
attn_buildflags(LDFLAGS attn_ldflags)
add_compile_options(${attn_cppflags} "$<$<COMPILE_LANGUAGE:C>:${attn_cflags}>"
                    "$<$<COMPILE_LANGUAGE:CXX>:${attn_cxxflags}>")
add_link_options(${attn_ldflags})
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
include(CheckPIESupported)
check_pie_supported()
