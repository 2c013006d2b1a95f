// Which numbers a number is computed from, one pass back, and which numbers
// it feeds, one pass on: what the page shows beside a step's result (its
// operands) and highlights when a cell is pointed at or dragged.
#pragma once

#include <vector>

#include "core/trace/trace.h"

namespace attn {

// The matrices a computed matrix is computed from, one pass back, in
// pipeline order: scores from Q and K, weights from the scaled (or masked)
// scores, an output from the weights and V... Empty for inputs.
std::vector<MatrixKey> operands_of(const Trace& trace, const MatrixKey& key);

// Whether `key` is one of `sources` or computed from one of them, any number
// of passes back. A variant of a matrix stands for the matrix itself too (the
// weights "unscaled" rank the keys as the weights do), so a source's plain
// twin, at the part's own settings, counts as a source.
bool follows_from(const Trace& trace, const MatrixKey& key, const std::vector<MatrixKey>& sources);

// Whether `a` orders each query's keys as `b` does: the scores, scaled
// scores, masked scores and weights of one head, at any setting (dividing by
// a positive number and softmax keep the order). A question on the largest
// weight is answered by any of them.
bool ranks_like(const MatrixKey& a, const MatrixKey& b);

// Whether entry (from_row, from_col) of `from` is a direct operand of entry
// (to_row, to_col) of `to`: one of the numbers it is computed from.
bool feeds(const Trace& trace, const TraceMatrix& from, int from_row, int from_col,
           const TraceMatrix& to, int to_row, int to_col);

}  // namespace attn
