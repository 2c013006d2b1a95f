// Word order (issue 40): the tokens as they stand, to drag, tap or move with
// the keyboard; what the move did to the outputs; the first position; the
// positions' waves and one query pair's turn under RoPE. Shown in lessons
// about order (core/lesson/lesson.h: Sequence), above the step's matrices.
#pragma once

#include <cstdint>
#include <vector>

#include "core/trace/trace.h"
#include "ui/context.h"

namespace attn::ui {

struct OrderPanel {
  UiContext* ui = nullptr;
  // The lesson is about order (a part with positions or RoPE, a variant in
  // another order, a challenge that allows one) and this part has tokens to move.
  bool shown() const;
  void draw();
  // Alt+↑/↓ (Alt+←/→ where tokens are columns) on a focused cell of a
  // token's row: that token one place earlier or later. True if it moved one.
  bool handle_keys();

 private:
  void draw_tokens();
  void draw_moved_outputs();
  void draw_first_position();
  void draw_waves(const TraceMatrix& p);
  void draw_rotation();
  // The part's trace with its tokens in the lesson's order and every other
  // number the learner's: what a move is measured against.
  const Trace& in_lesson_order();

  int picked_ = -1;    // the token tapped: its "earlier" and "later" buttons show
  int dragging_ = -1;  // the token dragged by the press now held: its release is no tap
  int pair_ = 0;       // RoPE's pair the circle shows
  Trace unmoved_;
  uint64_t unmoved_revision_ = UINT64_MAX;
  const Session* unmoved_session_ = nullptr;
};

}  // namespace attn::ui
