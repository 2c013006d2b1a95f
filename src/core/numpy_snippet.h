// "Copy as numpy": a short Python/numpy program that rebuilds a part's current
// inputs (edits included) and computes its steps, so a learner can paste it
// into their notebook and get the same numbers.
#pragma once

#include <string>

#include "core/lesson.h"

namespace attn {

std::string numpy_snippet(const Lesson& lesson, const LessonState& state, int part);

}  // namespace attn
