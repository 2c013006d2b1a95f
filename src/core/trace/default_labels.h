// The captions of the matrices a lesson does not name (scores, weights, …):
// English, marked for the catalog; the trace translates them when it is built
// (trace.cpp, label_of), in the scope's language.
#pragma once

#include "core/lesson/matrix_key.h"

namespace attn {

// A stage's caption, or null where the trace writes it itself ("∂L/∂W_q")
// or the matrix is shown by its own name (inputs, Q, K, V).
const char* default_label(Stage s);

}  // namespace attn
