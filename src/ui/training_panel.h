// Training (issue 42): one step of gradient descent at a time, or played;
// the learning rate; the loss now against where the lesson starts; the
// learner's loss curve so far and where the lesson's own steps would go from
// here; back to the starting weights. Shown in parts with "train", above the
// step's matrices.
#pragma once

#include <cstdint>
#include <vector>

#include "ui/context.h"

namespace attn::ui {

struct TrainingPanel {
  UiContext* ui = nullptr;
  bool shown() const;
  void draw();

 private:
  void draw_controls(bool covered);
  void draw_curve(const TraceMatrix& loss, int index);
  // The loss before each of the learner's steps, this part's, since the
  // starting weights (or the lesson opened).
  std::vector<double> history_;
  const Session* history_session_ = nullptr;
  int history_part_ = -1;
  uint64_t seen_revision_ = UINT64_MAX;
  bool stepping_ = false;        // a step was requested: the next change is its result
  double last_step_time_ = 0.0;  // ImGui time of the last step played
};

}  // namespace attn::ui
