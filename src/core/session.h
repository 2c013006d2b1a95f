// The model a learner works on: one lesson, its current inputs and settings,
// and the trace computed from them. Every edit recomputes the whole trace at
// once, so whatever reads trace() after an edit sees the new numbers. The app
// (and through it the UI, the page's API and the tests) edits through here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/lesson.h"
#include "core/trace.h"

namespace attn {

class Session {
 public:
  explicit Session(std::shared_ptr<const Lesson> lesson);

  const Lesson& lesson() const { return *lesson_; }
  const LessonState& state() const { return state_; }
  const LessonState& defaults() const { return defaults_; }
  const Trace& trace() const { return trace_; }
  // The trace at the lesson's own numbers: what the notebook printed.
  const Trace& notebook() const { return notebook_; }
  // Bumps whenever the trace is recomputed; views cache against it.
  uint64_t revision() const { return revision_; }

  // Sets one entry of an editable input, clamped to ±Limits::kMaxAbsValue.
  // Returns "" or why nothing changed (not editable, outside the matrix, not
  // a finite number).
  std::string set_value(const MatrixKey& key, int row, int col, double value);
  void set_scaling(int part, Scaling scaling);  // divisor clamped to Limits
  void set_causal(int part, bool causal);
  void set_seed(int part, int group, uint32_t seed);  // redraws as numpy would
  // Replaces the whole state: one that decode_state() made for this lesson.
  void set_state(const LessonState& state);
  void reset();  // back to the notebook's numbers

  bool is_default() const { return state_ == defaults_; }

 private:
  void recompute();

  std::shared_ptr<const Lesson> lesson_;
  LessonState defaults_, state_;
  Trace notebook_, trace_;
  uint64_t revision_ = 0;
};

// Whether entry (row, col) of a matrix differs from the notebook's matrix
// with the same key (`then`; null when a setting added the matrix).
bool differs_from_notebook(const TraceMatrix& now, const TraceMatrix* then, int row, int col);

}  // namespace attn
