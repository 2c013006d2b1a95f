// A file compiled into the binary by cmake/embed.cmake (attn_embed): its name
// and bytes. Every build compiles in the fonts, the shaders, the languages and
// the built-in lessons' list; all but the page's also the lessons, the font
// packs and the catalogs, which the page fetches when first needed.
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
