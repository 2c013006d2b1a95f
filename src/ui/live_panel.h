// The live result: the attention weights one query gives its keys, with
// their numbers, the notebook's value as a faint baseline and the change
// beside each, and that query's output row. It stays on screen whatever the
// step and the layout, so a drag anywhere shows what it does to the softmax.
#pragma once

#include "ui/context.h"

namespace attn::ui {

struct LivePanel {
  UiContext* ui = nullptr;
  void draw();
  // The height draw() needs at this width (for docking it at the bottom).
  float height(float width) const;
};

}  // namespace attn::ui
