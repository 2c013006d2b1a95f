// The steps of a lesson that does not write its own: one per stage of the
// pipeline, with plain wording. Used by the loader only.
#pragma once

#include <vector>

#include "core/lesson/lesson.h"

namespace attn {

std::vector<StepSpec> default_steps(const Part& part, int part_index);

}  // namespace attn
