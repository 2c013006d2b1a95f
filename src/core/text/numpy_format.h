// Numbers as numpy prints them, so the CLI's text output and the copied
// snippets read like the notebooks.
#pragma once

#include <string>

#include "core/math/matrix.h"

namespace attn {

struct PrintOptions {
  int precision = 8;      // np.set_printoptions(precision=...)
  bool suppress = false;  // np.set_printoptions(suppress=...)
};

// print(arr) of a 2-D float array, e.g. "[[1.  0.5]\n [0.  2. ]]". Positional
// or scientific as numpy chooses; no line wrapping. -inf prints as "-inf".
std::string format_array(const Matrix& m, const PrintOptions& options = {});

// The shortest text that reads back to exactly this double ("0.1", "1e-07").
std::string format_round_trip(double value);

}  // namespace attn
