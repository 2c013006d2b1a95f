// The panels beside the step: the pipeline as live thumbnails, how the
// softmax moves with the temperature, and the settings.
#pragma once

#include "ui/context.h"

namespace attn::ui {

// X → Q, K, V → QKᵀ → scale → (mask) → softmax → ×V → output, one live
// thumbnail per stage; clicking a stage jumps to the step that shows it.
struct PipelinePanel {
  UiContext* ui = nullptr;
  void draw();
};

// How the followed query's weights move as the temperature goes from very
// small (one-hot) to very large (uniform), with the current divisor marked.
// Shown from the step that introduces scaling.
struct TemperaturePanel {
  UiContext* ui = nullptr;
  bool shown() const;
  void draw();

 private:
  int first_step() const;
  // The step whose open question the followed query's weights answer (1-based), or 0.
  int covered_by() const;
};

// Scaling, causal mask, seeds, head, digits, how weights are edited, and the
// learner's what-if overrides, for the current part.
struct SettingsPanel {
  UiContext* ui = nullptr;
  void draw();

 private:
  void draw_figure();
  // The next figure: 1x to 4x, light or dark, the whole step or one of its
  // matrices (an index into the step's, -1 for all).
  int figure_scale_ = 2;
  int figure_dark_ = -1;  // -1: as the screen
  int figure_matrix_ = -1;
};

}  // namespace attn::ui
