// The current step: its title, formula and explanation in the notebook's
// terms, and its matrices laid out side by side where they fit.
#pragma once

#include "ui/context.h"

namespace attn::ui {

struct StepPanel {
  UiContext* ui = nullptr;
  void draw();
};

}  // namespace attn::ui
