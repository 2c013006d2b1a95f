// How a matrix fits the width it has: how many decimals, numbers or a
// heatmap, a sideways scroll, and the cells' and labels' sizes.
#pragma once

#include "core/trace/trace.h"
#include "ui/context.h"

namespace attn::ui {

struct Geometry {
  bool numbers;  // numbers in the cells (else a heatmap: numbers on hover and tap)
  bool scroll;   // wider than the space: a sideways scroll (mouse screens only)
  int digits;    // decimals shown
  float cell_w, cell_h, label_w, header_h;
};

// The width of m's widest number written with `digits` decimals (at least
// "−8.00"'s), in the current font; `numbers` keeps what it writes.
float number_width(const TraceMatrix& m, int digits, NumberTexts& numbers);

// The geometry of m in avail pixels, at most digits decimals. Needs the
// small font pushed.
Geometry geometry(const UiContext& ui, const TraceMatrix& m, int digits, float avail);

}  // namespace attn::ui
