// The panels beside the step: the pipeline as live thumbnails, the softmax
// weights as bars with their temperature curve, and the settings.
#pragma once

#include "ui/context.h"

namespace attn::ui {

// X → Q, K, V → QKᵀ → scale → (mask) → softmax → ×V → output, one live
// thumbnail per stage; clicking a stage jumps to the step that shows it.
struct PipelinePanel {
  UiContext* ui = nullptr;
  void draw();
};

// Each query's attention weights as bars, and how one query's weights move
// as the temperature goes from very small (one-hot) to very large (uniform).
struct SoftmaxPanel {
  UiContext* ui = nullptr;
  void draw();
};

// Scaling, causal mask, seeds, head and digits for the current part.
struct SettingsPanel {
  UiContext* ui = nullptr;
  void draw();
};

}  // namespace attn::ui
