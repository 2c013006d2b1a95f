// Files compiled into the binary by cmake/embed.cmake (lessons, font,
// shaders), so the web build and the single-file page need no extra fetches.
#pragma once

#include <cstddef>
#include <string_view>

namespace attn {

struct EmbeddedFile {
  const char* name;  // file name, without folders
  const unsigned char* data;
  size_t size;
  std::string_view text() const { return {reinterpret_cast<const char*>(data), size}; }
};

}  // namespace attn
