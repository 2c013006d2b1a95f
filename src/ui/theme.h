// Light (the default: course pages are mostly light) and dark themes, and the
// few colours the panels draw themselves.
#pragma once

#include "imgui.h"

namespace attn::ui {

struct Palette {
  ImU32 text, text_muted, accent, accent_soft, changed, positive, negative, grid, panel;
  ImU32 series[8];  // one colour per key in plots
};

void apply_theme(bool dark);
const Palette& palette();  // of the theme applied last

}  // namespace attn::ui
