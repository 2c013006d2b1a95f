// Numerically stable softmax along the rows or the columns of a matrix.
//
// Each slice (a row, or a column) is normalised on its own: the slice's maximum
// is subtracted before exp(), so large inputs do not overflow. The result is
// defined for every input, and never NaN:
//   - finite entries: the usual softmax; the slice sums to 1.
//   - +inf entries: they share the weight equally, every other entry gets 0
//     (the limit as those entries grow).
//   - -inf entries (masked positions) get exactly 0.
//   - a slice whose entries are all -inf (fully masked) gets all zeros: the
//     query attends to nothing and its output is the zero vector.
//   - NaN entries are treated as -inf.
#pragma once

#include "core/math/matrix.h"

namespace attn {

enum class Axis { Rows, Cols };

// Softmax of n values read with the given stride, written back in place.
void softmax_slice(double* values, int n, int stride = 1);

Matrix softmax(const Matrix& x, Axis axis);

}  // namespace attn
