// Text that stays true as the numbers change. A step's text and formula are
// templates: literal text and placeholders such as {largest weights[The]} or
// {weights[The, cat]}, filled in from the live trace whenever it is
// recomputed. A sentence that cannot be written as a template carries a
// condition ("when"), and is shown as describing the notebook's numbers once
// the learner's numbers no longer make it true. The placeholder syntax is in
// docs/lessons.md; the loader reads it (core/load/lesson_logic_reader.cpp), and
// core/logic/render_text.h fills it in.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/lesson/condition.h"

namespace attn {

enum class Fill {
  Literal,   // `text` as written
  Number,    // a measure, with `digits` decimals (-1: the step's), or `percent`
  Largest,   // the key (or column) where a slice is largest
  Smallest,  // ...smallest
  Row,       // a slice as a list: [1.00, 1.80, 3.00, 3.80]
  Scale,     // the scaling in force, for formulas: " / √d_k", " / T" or ""
  Mask,      // the causal mask in force, for formulas: " + mask" or ""
  Divisor,   // what the scores are divided by: "2", "0.5", "1"
  Picked,    // a prediction's answer: what the learner picked
  Answer,    // ...and what is right on the live numbers
};

struct Piece {
  Fill fill = Fill::Literal;
  std::string text;  // Literal
  Measure measure;   // Number (and Divisor: its part)
  SliceSpec slice;   // Largest, Smallest, Row
  int digits = -1;
  bool percent = false;
};
using LiveText = std::vector<Piece>;

// A sentence, and when it holds: a sentence with no condition always does.
struct TextBlock {
  LiveText text;
  std::optional<Condition> when;
};

// Literal text (no placeholders).
LiveText literal(std::string text);

}  // namespace attn
