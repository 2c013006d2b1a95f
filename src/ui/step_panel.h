// The current step: its title, formula and explanation in the notebook's
// terms, and its matrices laid out side by side where they fit, each result
// beside the numbers it is computed from.
#pragma once

#include <vector>

#include "ui/activity_panel.h"
#include "ui/context.h"

namespace attn::ui {

struct StepPanel {
  UiContext* ui = nullptr;
  void draw();
  // The matrices on screen, in the order they are drawn (operands first);
  // while a prediction is open, only the operands.
  std::vector<int> matrices_in_order() const;

 private:
  ActivityPanel activities_;
};

}  // namespace attn::ui
