// The trace: every step of a lesson's computation with the matrices it shows,
// in the notebook's order and terms. The UI, the CLI and the tests all read a
// Trace, so what is shown is what was computed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/lesson.h"
#include "core/matrix.h"

namespace attn {

enum class Role {
  Input,    // X
  Weight,   // W_q, W_k, W_v, W_o
  Bias,     // b_q, b_k, b_v
  Query,    // Q
  Key,      // K
  Value,    // V
  Scores,   // raw dot products
  Scaled,   // scores / divisor
  Masked,   // scaled with the causal mask
  Weights,  // softmax: attention weights
  Context,  // one head's weighted sum of values
  Concat,   // heads side by side
  Output,   // the part's final output
};

// What runs along an axis of a matrix: token labels have meaning for queries
// and keys, dimension labels are indices.
enum class AxisKind { Dim, Token, Query, Key, Single };

struct TraceMatrix {
  std::string id;  // unique in the trace: [part/]name[_hN][@variant], e.g. "weights_h1@your_answer"
  std::string name;   // within the part, without the part prefix: "weights_h1@your_answer"
  std::string base;   // "weights"
  std::string label;  // display name: "attention weights (head 1, Your answer)"
  Role role = Role::Input;
  int part = 0;
  int head = 0;         // 1..H for per-head matrices, else 0
  std::string variant;  // empty for the part's own settings
  AxisKind row_kind = AxisKind::Dim, col_kind = AxisKind::Dim;
  std::vector<std::string> rows, cols;  // labels
  Matrix value;                         // in the part's layout, as the notebook shows it
  bool editable = false;                // an input the learner may change
  // Shown as the transpose of the row layout the core computes in: tokens as
  // columns (columns layout), or weights stored (out, in).
  bool transposed = false;
  // For scores, weights and outputs: how they were computed.
  Arrangement arrangement = Arrangement::QueryRows;
  double divisor = 1.0;  // what this head's scores were divided by
  int heads = 1;         // the part's head count
};

struct TraceStep {
  std::string id, title, formula, text;
  int part = 0;
  int precision = 8;          // digits the notebook printed at this step
  bool suppress = false;      // ...and whether it suppressed scientific notation
  std::vector<int> matrices;  // indices into Trace::matrices
};

struct Trace {
  std::string lesson_id, title, source;
  std::vector<TraceMatrix> matrices;
  std::vector<TraceStep> steps;
  int main_part = 0;

  // The lesson's result: its main part's weights (one per head) and output.
  std::vector<int> result_weights;
  int result_output = -1;

  const TraceMatrix* find(std::string_view id) const;
  int index_of(std::string_view id) const;  // -1 if absent
};

// Computes every part of the lesson from the given state.
Trace build_trace(const Lesson& lesson, const LessonState& state);

// Matrix ids as the trace and the API name them.
std::string matrix_id(const Lesson& lesson, int part, const std::string& name);

}  // namespace attn
