// "Copy as numpy": a short Python/numpy program that rebuilds a part's current
// inputs (the learner's edits and what-ifs included), recomputes it the way
// the notebook writes it, and prints exactly the matrices a step shows, under
// the names the page gives them, with the decimals the page shows, so a
// learner can paste it into their notebook and see the same numbers.
#pragma once

#include <string>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

struct SnippetRequest {
  int part = 0;
  std::vector<MatrixKey> shown;  // the matrices to print, in order (the step's)
  int digits = 8;                // decimals, as the page shows them
  std::string heading;           // a comment line: lesson and step
};

std::string numpy_snippet(const Lesson& lesson, const LessonState& state, const Trace& trace,
                          const SnippetRequest& request);

}  // namespace attn
