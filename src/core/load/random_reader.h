// A part's "random": groups of draws, each np.random.seed(seed) followed by
// its draws in order (docs/lessons.md, "Random draws"), read with the
// loader's one-line errors.
#pragma once

#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"

namespace attn {

bool read_random(Reader& r, const json& v, const Pointer& path, Part& part);

}  // namespace attn
