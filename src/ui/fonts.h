// The UI's font: DejaVu Sans from Debian's fonts-dejavu-core, cut down to the
// glyphs below at build time and compiled into the binary.
#pragma once

#include "imgui.h"

namespace attn::ui {

struct Fonts {
  ImFont* body = nullptr;   // ~15 px
  ImFont* small = nullptr;  // ~13 px: labels, numbers in dense grids
  ImFont* title = nullptr;  // ~20 px: step titles
};

// (Re)builds the atlas rasterised at `pixel_ratio` (device pixels per UI
// pixel) and sets io.FontGlobalScale to match. The renderer must recreate
// its font texture afterwards.
Fonts load_fonts(float pixel_ratio);

}  // namespace attn::ui
