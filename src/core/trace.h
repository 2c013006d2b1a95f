// The trace: every step of a lesson's computation with the matrices it shows,
// in the notebook's order and terms. The UI, the CLI and the tests all read a
// Trace, so what is shown is what was computed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/lesson.h"
#include "core/matrix.h"
#include "core/matrix_key.h"

namespace attn {

// What runs along an axis of a matrix: token labels have meaning for queries
// and keys, dimension labels are indices.
enum class AxisKind { Dim, Token, Query, Key, Single };
inline bool is_token_axis(AxisKind k) {
  return k == AxisKind::Token || k == AxisKind::Query || k == AxisKind::Key;
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

struct TraceMatrix : MatrixSpec {
  std::string label;                    // display name: "attention weights (head 1)"
  std::vector<std::string> rows, cols;  // axis labels: tokens or indices
  Matrix value;                         // in the part's layout, as the notebook shows it
  // For scores, weights and outputs: how they were computed.
  Arrangement arrangement = Arrangement::QueryRows;
  double divisor = 1.0;  // what this head's scores were divided by
};

struct TraceStep {
  std::string id, title, formula, text;
  int part = 0;
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
  std::vector<std::string> variants;  // variant ids, in order
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

// Computes every part of the lesson from the given state.
Trace build_trace(const Lesson& lesson, const LessonState& state);

}  // namespace attn
