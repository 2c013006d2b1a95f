// The trace: every step of a lesson's computation with the matrices it shows,
// in the notebook's order and terms. The UI, the CLI and the tests all read a
// Trace, so what is shown is what was computed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/lesson/matrix_key.h"
#include "core/lesson/part_matrices.h"
#include "core/math/matrix.h"

namespace attn {

struct TraceMatrix : MatrixSpec {
  std::string label;                    // display name: "attention weights (head 1)"
  std::vector<std::string> rows, cols;  // axis labels: tokens or indices
  Matrix value;                         // in the part's layout, as the notebook shows it
  // For scores, weights and outputs: how they were computed.
  Arrangement arrangement = Arrangement::QueryRows;
  double divisor = 1.0;  // what this head's scores were divided by
  // X_P, Q_rot, K_rot: the row of P (of the angles) each token reads, the
  // position it stands at counted from the first.
  std::vector<int> slots;
  RopePairs pairs = RopePairs::Interleaved;  // Q_rot, K_rot: which columns turn together
};

// Token-major matrices (X, Q, K, V, head outputs, outputs) have one token per
// row, or per column in the columns layout; so have position-major ones (P,
// RoPE's angles), one position per row. These read them either way.
inline int token_count(const TraceMatrix& m) {
  return is_sequence_axis(m.row_kind) ? m.value.rows() : m.value.cols();
}
inline int dim_count(const TraceMatrix& m) {
  return is_sequence_axis(m.row_kind) ? m.value.cols() : m.value.rows();
}
inline double at_token(const TraceMatrix& m, int token, int dim) {
  return is_sequence_axis(m.row_kind) ? m.value(token, dim) : m.value(dim, token);
}
// The token (or position) and the dimension of entry (row, col).
inline std::pair<int, int> token_dim(const TraceMatrix& m, int row, int col) {
  return is_sequence_axis(m.row_kind) ? std::pair{row, col} : std::pair{col, row};
}
// The query and the key of entry (row, col) of an (N, N) attention matrix.
inline std::pair<int, int> query_key(const TraceMatrix& m, int row, int col) {
  return m.row_kind == AxisKind::Key ? std::pair{col, row} : std::pair{row, col};
}
// The weight query q gives key k when the values are summed: notebook 003's
// "Your answer" arrangement reads its (query, key) weights the other way round.
inline double weight_for(const TraceMatrix& w, int q, int k) {
  return w.arrangement != Arrangement::QueryRows ? w.value(k, q) : w.value(q, k);
}

// A sentence of a step's text as the live numbers fill it, and whether it
// still holds for them (or only described the notebook's).
struct TraceSentence {
  std::string text;
  bool holds = true;
  // Its condition reads a number an open prediction covers: whether it holds
  // would tell the answer, so it is shown neither way (core/logic/cover.h).
  bool covered = false;
};

struct TraceStep {
  std::string id, title;
  std::string formula;  // filled in, with the settings in force
  std::string text;     // every sentence, filled in
  std::vector<TraceSentence> sentences;
  int part = 0;
  int part_step = 0;          // its index in the part's steps (the lesson's StepSpec)
  int precision = 8;          // digits the notebook printed at this step
  bool suppress = false;      // ...and whether it suppressed scientific notation
  std::vector<int> matrices;  // indices into Trace::matrices
};

// What the trace needs to know of each part to name and explain its matrices.
struct TracePart {
  std::string id;  // empty when the lesson has one part
  std::string title;
  Layout layout = Layout::Rows;
  int heads = 1;
  std::vector<std::string> tokens;
  std::vector<std::string> memory_tokens;  // cross-attention's keys, or none
  std::vector<std::string> variants;       // variant ids, in order
  // Where the tokens stand at the part's own settings: the first position,
  // and order[r], the token standing r-th (every matrix keeps one row per
  // token, in the lesson's order; a view may show them as they stand).
  int first_position = 0;
  std::vector<int> order;
};

struct Trace {
  std::string lesson_id, title, source;
  std::vector<TracePart> parts;
  std::vector<TraceMatrix> matrices;
  std::vector<TraceStep> steps;
  int main_part = 0;

  // The lesson's result: its main part's weights (one per head) and output.
  std::vector<int> result_weights;
  int result_output = -1;

  int index_of(const MatrixKey& key) const;  // -1 if absent
  const TraceMatrix* find(const MatrixKey& key) const;

  // The text form, for the JSON and the API only: "[part/]stage[_hH][@variant]".
  std::string id_of(const MatrixKey& key) const;
  std::optional<MatrixKey> key_of(std::string_view id) const;

  std::unordered_map<uint32_t, int> index;  // MatrixKey::packed() -> position in matrices
};

// Computes every part of the lesson from the given state: every matrix, and
// each step with the matrices it shows. Its words (formula, sentences) are
// left empty: core/logic/build_trace.h fills them from these numbers.
Trace compute_trace(const Lesson& lesson, const LessonState& state);

}  // namespace attn
