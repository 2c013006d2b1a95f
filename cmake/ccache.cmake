# Compiled files reused across builds and clones with ccache (Debian's
# package; scripts/deps.sh installs it): a clean clone's ./dev test compiles
# only what no earlier build on this machine compiled. Paths under the clone
# are hashed relative to it (base_dir) and debug info does not tie an object
# to its directory (hash_dir off), so a second clone reuses the first one's
# objects. Without ccache, with a launcher of one's own, or where the cache
# cannot be written (a CI user without a home), builds compile as before.
find_program(ATTN_CCACHE ccache)
if(ATTN_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  if(DEFINED ENV{CCACHE_DIR})
    set(attn_ccache_dir "$ENV{CCACHE_DIR}")
  elseif(DEFINED ENV{XDG_CACHE_HOME})
    set(attn_ccache_dir "$ENV{XDG_CACHE_HOME}/ccache")
  else()
    set(attn_ccache_dir "$ENV{HOME}/.cache/ccache")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E make_directory "${attn_ccache_dir}/tmp"
                  RESULT_VARIABLE attn_ccache_dir_failed OUTPUT_QUIET ERROR_QUIET)
  if(NOT attn_ccache_dir_failed)
    execute_process(COMMAND ${CMAKE_COMMAND} -E touch "${attn_ccache_dir}/tmp/.writable"
                    RESULT_VARIABLE attn_ccache_dir_failed OUTPUT_QUIET ERROR_QUIET)
  endif()
  if(attn_ccache_dir_failed)
    message(STATUS "ccache: ${attn_ccache_dir} cannot be written; compiling without it")
  else()
    set(attn_launcher ${CMAKE_COMMAND} -E env CCACHE_DIR=${attn_ccache_dir}
                      CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1 ${ATTN_CCACHE})
    set(CMAKE_C_COMPILER_LAUNCHER ${attn_launcher})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${attn_launcher})
  endif()
endif()
