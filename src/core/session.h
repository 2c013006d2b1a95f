// The model a learner works on: one lesson, its current inputs and settings,
// and the trace computed from them. Every edit recomputes the whole trace at
// once, so whatever reads trace() after an edit sees the new numbers. The UI,
// the page's API and the tests all edit through here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/lesson.h"
#include "core/trace.h"

namespace attn {

class Session {
 public:
  explicit Session(Lesson lesson);

  const Lesson& lesson() const { return lesson_; }
  const LessonState& state() const { return state_; }
  const Trace& trace() const { return trace_; }
  // The trace at the lesson's own numbers: what the notebook printed.
  const Trace& notebook() const { return notebook_; }
  // Bumps whenever the trace is recomputed; views cache against it.
  uint64_t revision() const { return revision_; }

  // Sets one entry of an editable input, clamped to ±Limits::kMaxAbsValue.
  // Returns "" or why nothing changed (unknown matrix, not editable, out of
  // range index, not a finite number).
  std::string set_value(std::string_view matrix_id, int row, int col, double value);
  void set_scaling(int part, Scaling scaling);  // divisor clamped to Limits
  void set_causal(int part, bool causal);
  void set_seed(int part, int group, uint32_t seed);  // redraws as numpy would
  // Replaces the whole state (a shared link); false if it does not fit the lesson.
  bool set_state(const LessonState& state);
  void reset();  // back to the notebook's numbers

  bool is_default() const { return state_ == defaults_; }
  // Whether entry (row, col) of trace matrix `index` differs from the notebook.
  bool differs_from_notebook(int index, int row, int col) const;

 private:
  void recompute();

  Lesson lesson_;
  LessonState defaults_, state_;
  Trace notebook_, trace_;
  uint64_t revision_ = 0;
};

}  // namespace attn
