// The lesson format's shape rules: every input's shape, given or drawn, and
// whether they fit together (the path that computes Q, K, V, the widths, the
// heads). Used by the loader only.
#pragma once

#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"

namespace attn {

// Fills part.shapes from the given inputs and the draws, then checks them;
// `path` is the part's place in the file, for messages.
bool check_shapes(Reader& r, Part& part, const Pointer& path);

}  // namespace attn
