// Generating with a KV cache (issue 41): which token is being made, a step
// back or on (or playing them one after another), what this step cost in
// multiply-adds with the cache and without, and at the last token that the
// rows made one at a time are the whole causal attention's. Shown in parts
// with "kv_cache", above the step's matrices.
#pragma once

#include "ui/context.h"

namespace attn::ui {

struct CachePanel {
  UiContext* ui = nullptr;
  bool shown() const;
  void draw();
  // Alt+→ / Alt+←: the next token made, or the one before. True if it stepped.
  bool handle_keys();

 private:
  void draw_counts(int t);
  void draw_agreement();
  double last_advance_ = 0.0;  // ImGui time of the last step played
};

}  // namespace attn::ui
