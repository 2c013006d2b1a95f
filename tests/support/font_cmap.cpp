// Whether the cut fonts really draw a character, from each one's character map (font_cmap.h).
#include "support/font_cmap.h"

#include <vector>

#include "core/base/embedded_file.h"

// ImGui compiles stb_truetype static inside imgui_draw.cpp: a copy of our own.
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include "imstb_truetype.h"

extern const attn::EmbeddedFile kFontFiles[];  // src/ui/fonts.cpp: the base and the names
extern const size_t kFontFilesCount;
extern const attn::EmbeddedFile kFontPackFiles[];
extern const size_t kFontPackFilesCount;

namespace attn::test {

bool fonts_draw(char32_t codepoint) {
  static const std::vector<stbtt_fontinfo> fonts = [] {
    std::vector<stbtt_fontinfo> out;
    auto add = [&out](const EmbeddedFile& f) {
      stbtt_fontinfo info;
      if (f.data && stbtt_InitFont(&info, f.data, stbtt_GetFontOffsetForIndex(f.data, 0)))
        out.push_back(info);
    };
    for (size_t i = 0; i < kFontFilesCount; ++i) add(kFontFiles[i]);
    for (size_t i = 0; i < kFontPackFilesCount; ++i) add(kFontPackFiles[i]);
    return out;
  }();
  for (const stbtt_fontinfo& f : fonts)
    if (stbtt_FindGlyphIndex(&f, static_cast<int>(codepoint)) != 0) return true;
  return false;
}

}  // namespace attn::test
