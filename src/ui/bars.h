// The two bars above the step: the lesson picker with the page's buttons and
// notices, and the step navigation.
#pragma once

#include "ui/context.h"

namespace attn::ui {

// Lesson picker (or the title in an embed), the source line, Reset, Copy as
// numpy, Copy link, theme; then notices and the last confirmation.
struct TopBar {
  UiContext* ui = nullptr;
  void draw();
};

// ◀ 1 2 3 … ▶ "Step 2 of 5".
struct StepBar {
  UiContext* ui = nullptr;
  void draw();
};

}  // namespace attn::ui
