// Which matrices a part of a lesson shows, in pipeline order, and how each is
// laid out: known from the lesson and its options alone, before any number is
// computed. The loader resolves names and token labels with it; the trace
// computes exactly these matrices (core/trace/trace.h).
#pragma once

#include <utility>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/lesson/matrix_key.h"

namespace attn {

// What runs along an axis of a matrix: token labels have meaning for queries
// and keys (the memory's tokens are keys), dimension labels are indices, a
// position's label is its number (P and RoPE's angles: one row per position).
// A step's row is a token as it was made, in the order of generation (the
// KV cache's).
enum class AxisKind { Dim, Token, Query, Key, Single, Position, Step };
inline bool is_token_axis(AxisKind k) {
  return k == AxisKind::Token || k == AxisKind::Query || k == AxisKind::Key;
}
// Tokens or positions: what the columns layout writes as columns.
inline bool is_sequence_axis(AxisKind k) {
  return is_token_axis(k) || k == AxisKind::Position || k == AxisKind::Step;
}

// Where a part's matrix sits and how it is laid out: known from the lesson
// and the options alone, before any number is computed.
struct MatrixSpec {
  MatrixKey key;
  AxisKind row_kind = AxisKind::Dim, col_kind = AxisKind::Dim;
  bool editable = false;     // an input the learner may change
  bool overridable = false;  // a computed number the learner may override (what-if)
  // Shown as the transpose of the row layout the core computes in: tokens as
  // columns (columns layout), or weights stored (out, in).
  bool transposed = false;
};

// Every matrix a part shows, in pipeline order, with the part's own options
// and then each variant's. The causal mask adds `masked`.
std::vector<MatrixSpec> part_matrices(const Part& part, int part_index,
                                      const AttentionOptions& options);
// The (rows, cols) a matrix of the part will have, as shown.
std::pair<int, int> matrix_shape(const Part& part, const MatrixSpec& spec);

}  // namespace attn
