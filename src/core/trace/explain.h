// Explanations of single numbers, written out with their own operands: what a
// learner sees when pointing at a cell. Built from the trace (never by
// recomputing attention), so the last number always equals the cell.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "core/trace/trace.h"

namespace attn {

struct Explanation {
  std::string title;               // "weights[The, cat]"
  std::vector<std::string> lines;  // the formula, then the numbers, then the result
  // The value the written-out arithmetic gives, from the operands shown; NaN
  // for inputs. Equals the cell: the tests check every cell of every lesson.
  double recomputed;
};

// Explains entry (row, col) of trace matrix `index`. Inputs say where they come
// from; computed entries show the operation with the operands' values.
// `precision` is the number of decimals to write.
Explanation explain_cell(const Trace& trace, int index, int row, int col, int precision);

// A whole output row as a weighted sum of value rows, as notebook 002 writes it:
// "Output[Me] = 0.7 × V[Me] + 0.2 × V[against] + 0.1 × V[the]".
// Empty when the matrix is not an attention output.
std::string explain_output_row(const Trace& trace, int index, int row, int precision);

}  // namespace attn
