// What every panel works with: the model (the current lesson's Session), the
// learner's view settings, and the drawing resources. Panels are small
// structs that keep a pointer to this and their own view state.
#pragma once

#include <algorithm>
#include <string>

#include "core/session.h"
#include "ui/fonts.h"
#include "ui/heatmap.h"

namespace attn::ui {

// The learner's view: everything that is not the model.
struct ViewState {
  int step = 0;
  int head = 1;        // the head shown where a part has several (1-based)
  int query = 0;       // the query row the softmax panel follows
  int precision = -1;  // digits shown; -1: what the notebook printed at each step
  bool dark = false;
  bool embed = false;  // a focused embed: no lesson picker, less chrome
  // A cell the learner tapped or clicked: its explanation stays shown.
  int pinned_matrix = -1, pinned_row = 0, pinned_col = 0;
};

struct UiContext {
  Session* session = nullptr;
  ViewState* view = nullptr;
  Fonts* fonts = nullptr;
  HeatmapRenderer* heatmaps = nullptr;
  float pixel_ratio = 1.0f;  // device pixels per UI pixel, for crisp textures

  const Trace& trace() const { return session->trace(); }
  const TraceStep& step() const { return session->trace().steps[view->step]; }
  // Digits for a step: the learner's choice, or the notebook's (0 to 12 either
  // way: a typed-in 9999999 must not ask printf for ten million decimals).
  int digits(const TraceStep& s) const {
    return std::clamp(view->precision >= 0 ? view->precision : s.precision, 0, 12);
  }
  // The part the current step belongs to.
  int part() const { return step().part; }
};

}  // namespace attn::ui
