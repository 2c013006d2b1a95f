# Compiled files reused across builds and clones with ccache (Debian's
# package; scripts/deps.sh installs it): a clean clone's ./dev test compiles
# only what no earlier build on this machine compiled. Paths under the clone
# are hashed relative to it (base_dir) and debug info does not tie an object
# to its directory (hash_dir off), so a second clone reuses the first one's
# objects. Without ccache, or with a launcher of one's own, nothing changes.
find_program(ATTN_CCACHE ccache)
if(ATTN_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(attn_launcher ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1
                    ${ATTN_CCACHE})
  set(CMAKE_C_COMPILER_LAUNCHER ${attn_launcher})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${attn_launcher})
endif()
