// The live result: the attention weights one query gives its keys, with
// their numbers, the notebook's value as a faint baseline and the change
// beside each, and that query's output row. It stays on screen whatever the
// step and the layout, so a drag anywhere shows what it does to the softmax.
#pragma once

#include "ui/context.h"

namespace attn::ui {

struct LivePanel {
  UiContext* ui = nullptr;
  // Under the step on a portrait phone: the title and the query's buttons on
  // one line, no line saying which row this is and no legend, so that the
  // lesson keeps most of the screen.
  bool compact = false;
  void draw();
  // The height draw() took last time (its content changes little from frame
  // to frame): what a dock gives it. A first guess before it has drawn.
  float height() const;

 private:
  // Query q's row of the output, or "output[query] = ?" where all of it is covered.
  void draw_output(int q, const std::string& query) const;
  // Query q's row of the output, "output[query] = [...]", "*" on changed numbers.
  void draw_output_row(const TraceMatrix& out, int q, const std::string& query) const;
  float last_height_ = 0.0f;
};

}  // namespace attn::ui
