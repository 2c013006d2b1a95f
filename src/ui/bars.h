// The two bars above the step: the lesson picker with the page's buttons and
// notices, and the step navigation.
#pragma once

#include <string>
#include <vector>

#include "ui/context.h"

namespace attn::ui {

// Lesson picker (or the title in an embed), the source line, Reset, Copy as
// numpy, Copy link, theme; then the notices.
struct TopBar {
  UiContext* ui = nullptr;
  void draw();
  // The passing state and the last confirmation, over the page (after the
  // main window: a window of their own).
  void draw_passing();

 private:
  std::vector<std::string> shown_notices_;
};

// A step's title as the step list shows it: "2. Attention scores", or the
// title alone where it starts with that number ("Step 2: Attention scores").
std::string numbered_step_title(int step, const std::string& title);

// ◀ 1 2 3 … ▶ "Step 2 of 5".
struct StepBar {
  UiContext* ui = nullptr;
  void draw();
};

}  // namespace attn::ui
