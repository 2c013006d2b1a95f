#include "ui/fonts.h"

#include "core/embedded_file.h"

// The subset font, embedded by cmake/embed.cmake (see ATTN_FONT_UNICODES).
extern const attn::EmbeddedFile kFontFiles[];
extern const size_t kFontFilesCount;

namespace attn::ui {

Fonts load_fonts(float pixel_ratio) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // The same ranges the font was subset to at build time (CMake passes them).
  static const ImWchar ranges[] = {ATTN_FONT_RANGES, 0};
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes live in the binary
  config.OversampleH = 1;  // rasterised at the device's own pixel size: no oversampling needed
  config.OversampleV = 1;
  config.PixelSnapH = true;
  void* data = const_cast<unsigned char*>(kFontFiles[0].data);
  const int size = static_cast<int>(kFontFiles[0].size);
  Fonts f;
  f.body = io.Fonts->AddFontFromMemoryTTF(data, size, 15.0f * pixel_ratio, &config, ranges);
  f.small = io.Fonts->AddFontFromMemoryTTF(data, size, 13.0f * pixel_ratio, &config, ranges);
  f.title = io.Fonts->AddFontFromMemoryTTF(data, size, 20.0f * pixel_ratio, &config, ranges);
  io.Fonts->Build();
  io.FontGlobalScale = 1.0f / pixel_ratio;
  io.FontDefault = f.body;
  return f;
}

}  // namespace attn::ui
