// What a lesson can say about the numbers on screen, as data (judged against
// the live trace by core/logic/judge.h): "the weight "The" gives "cat" is above 0.5", "row "cat" is
// nearly uniform", "the learner changed only W_k". Step texts use these to say when a sentence
// holds (core/lesson/live_text.h), predictions to judge an answer and challenges to see a goal
// reached (core/lesson/activity.h). Declarative data from the lesson file (read by
// core/load/lesson_logic_reader.cpp), never code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/lesson/matrix_key.h"
#include "core/math/attention.h"

namespace attn {

// A matrix's numbers for one query (a row, or a column when keys are rows),
// or one row of any other matrix. Resolved from token names at load.
struct SliceSpec {
  MatrixKey matrix;
  int index = 0;        // the query (or row)
  bool column = false;  // the slice runs down a column
};
// One number of a matrix.
struct CellSpec {
  MatrixKey matrix;
  int row = 0, col = 0;
};

enum class MeasureKind {
  Number,   // a constant
  Value,    // one cell
  Max,      // a slice's largest entry
  Min,      // ...smallest
  Sum,      // ...sum
  Spread,   // ...largest minus smallest
  Entropy,  // ...−Σ w ln w: 0 when one-hot, ln N when uniform
  Divisor,  // what the part's scores are divided by: √d_k, 1 or T
};

struct Measure {
  MeasureKind kind = MeasureKind::Number;
  double number = 0.0;    // Number
  CellSpec cell;          // Value
  SliceSpec slice;        // the slice measures
  int part = 0;           // Divisor
  bool notebook = false;  // measured on the notebook's numbers instead of the learner's
};

enum class Comparison { Above, Below, Near };  // Near: within `tolerance`

// What the learner changed from the notebook's numbers.
struct ChangeRule {
  std::vector<Stage> inputs;    // inputs that may differ
  bool temperature = false;     // the scale setting may differ
  bool mask = false;            // the causal mask may differ
  bool overrides = false;       // what-if numbers may be set
  bool seeds = false;           // other random draws may be made
  bool order = false;           // the tokens may stand in another order
  bool first_position = false;  // the first token may stand elsewhere
  int max_cells = -1;           // at most this many input numbers differ (-1: any)
  bool something = false;       // and at least one thing must differ
};

struct Condition {
  enum class Kind {
    All,
    Any,
    Not,      // children
    Compare,  // left `comparison` right
    Largest,
    Smallest,   // the slice's largest (smallest) entry is at `at`
    Changed,    // the learner's changes keep to `changes`
    Unchanged,  // the slice equals the notebook's, to 1e-9
    Same,       // two matrices are equal, entry by entry, within `tolerance`
    ScaleIs,    // the part's scale mode is `scale`
    MaskIs,     // the part's causal mask is `mask`
  };
  Kind kind = Kind::All;
  std::vector<Condition> children;
  Measure left, right;
  Comparison comparison = Comparison::Above;
  double tolerance = 0.0;
  SliceSpec slice;
  int at = 0;      // Largest, Smallest: an index along the slice (a key)
  MatrixKey a, b;  // Same
  ChangeRule changes;
  int part = 0;
  ScaleMode scale = ScaleMode::SqrtDk;
  bool mask = false;
};

}  // namespace attn
