# attn_project_options(<target>): the project's own code builds with every
# warning as an error; third-party targets do not call this.
function(attn_project_options target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror)
  # GCC 12 at -O3 (native-release) warns -Wrestrict inside std::string's
  # operator+ (GCC bug 105329, a false positive that floods the build log).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()

# Sanitizers for the native-asan preset: -DATTN_SANITIZE=address,undefined
set(ATTN_SANITIZE "" CACHE STRING "Sanitizers for every target, e.g. address,undefined")
if(ATTN_SANITIZE)
  add_compile_options(-fsanitize=${ATTN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ATTN_SANITIZE})
endif()
