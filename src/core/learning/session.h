// The model a learner works on: one lesson, its current inputs and settings,
// and the trace computed from them. Every edit recomputes the whole trace at
// once, so whatever reads trace() after an edit sees the new numbers. The app
// (and through it the UI, the page's API and the tests) edits through here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

struct EditOptions {
  // Weights (given, or overridden): the rest of the query's weights rescale
  // so they still sum to 1, and the value is kept within [0, 1].
  bool keep_row_sum = false;
};

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

  // Sets one entry of an input, or overrides a computed score or weight (a
  // what-if: everything after it follows). Values are clamped to
  // ±Limits::kMaxAbsValue. Returns "" or why nothing changed (a matrix that
  // cannot be changed, outside the matrix, not a finite number).
  std::string set_value(const MatrixKey& key, int row, int col, double value,
                        const EditOptions& options = {});
  // One entry back to the notebook's number, on its own: an input's entry as
  // the lesson gives it (a weight alone, its row's others left as they are),
  // or a what-if taken back. Returns "" or why not (as set_value).
  std::string reset_value(const MatrixKey& key, int row, int col);
  // Takes one override back; false if there was none.
  bool remove_override(const MatrixKey& key, int row, int col);
  void clear_overrides();
  void set_scaling(int part, Scaling scaling);  // divisor clamped to Limits
  void set_causal(int part, bool causal);
  void set_first_position(int part, int first);  // clamped to 0..Limits::kMaxFirstPosition
  void set_cache_step(int part, int step);       // generating with a cache: clamped to the tokens
  // Training: the learning rate (0: the lesson's; clamped to Limits), and one
  // step of gradient descent on the learner's numbers: "" or why not (a part
  // without training, a step that would leave the limits).
  void set_learning_rate(int part, double lr);
  std::string train_step(int part);
  // The tokens in another order (order[r]: the token standing r-th); "" or why not.
  std::string set_order(int part, const std::vector<int>& order);
  void set_seed(int part, int group, uint32_t seed);  // redraws as numpy would
  // Replaces the whole state: one that decode_state() made for this lesson.
  void set_state(const LessonState& state);
  // The same lesson with its texts in another language (core/load/lesson_translations.h):
  // every number, shape and id the same, so the learner's state stays.
  void replace_texts(std::shared_ptr<const Lesson> lesson);
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
