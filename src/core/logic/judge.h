// Judging a lesson's conditions and measures (core/lesson/condition.h) on the
// numbers of a trace: the learner's, the notebook's, and the states they came
// from. Step texts, predictions and challenges all ask here.
#pragma once

#include <vector>

#include "core/lesson/condition.h"
#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

// What a condition is judged against.
struct Evaluation {
  const Trace& now;
  const Trace& notebook;
  const LessonState& state;
  const LessonState& defaults;
};

// NaN when the numbers are not there (a masked setting removed a matrix).
double measure(const Measure& m, const Evaluation& e);
bool holds(const Condition& c, const Evaluation& e);
// Where a slice's largest (smallest) entry is, -1 if the slice is not there.
int largest_at(const SliceSpec& s, const Trace& t, bool smallest = false);
// ...every place it is, when several share it (to 1e-12, relative).
std::vector<int> all_largest_at(const SliceSpec& s, const Trace& t, bool smallest = false);
// The slice's numbers.
std::vector<double> slice_values(const SliceSpec& s, const Trace& t);

}  // namespace attn
