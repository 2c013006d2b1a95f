// Tests of core/lesson/lesson.h: layouts' transposes, head blocks and redraws.
#include "core/lesson/lesson.h"

#include <doctest/doctest.h>

#include "core/load/lesson_loader.h"
#include "core/math/numpy_random.h"
#include "support/printed.h"

using namespace attn;

TEST_CASE("which inputs each layout shows transposed from the row layout the core computes in") {
  CHECK_FALSE(input_is_transposed(Layout::Rows, Stage::X));
  CHECK_FALSE(input_is_transposed(Layout::Rows, Stage::W_q));
  CHECK(input_is_transposed(Layout::RowsTransposedWeights, Stage::W_q));
  CHECK_FALSE(input_is_transposed(Layout::RowsTransposedWeights, Stage::X));
  CHECK(input_is_transposed(Layout::Columns, Stage::X));
  CHECK(input_is_transposed(Layout::Columns, Stage::W_o));
  CHECK(input_is_transposed(Layout::Columns, Stage::b_q));
  CHECK_FALSE(input_is_transposed(Layout::Columns, Stage::weights));
}

TEST_CASE("heads split the output features: columns, or rows of a transposed input") {
  const Block rows = head_block(Layout::Rows, Stage::W_q, 8, 8, 2, 2);
  CHECK_FALSE(rows.along_rows);
  CHECK(rows.begin == 4);
  CHECK(rows.end == 8);
  const Block columns = head_block(Layout::Columns, Stage::W_q, 8, 8, 2, 1);
  CHECK(columns.along_rows);
  CHECK(columns.begin == 0);
  CHECK(columns.end == 4);
}

TEST_CASE("a redraw fills head blocks in the order written, as numpy draws them") {
  // udl-multihead: after seed(0), head 1's six parameters come first.
  const Lesson& l = *test::builtin("udl-multihead");
  const LessonState s = default_state(l);
  NumpyRandom rng(0);
  const Matrix head1_q = rng.normal(4, 8);  // Ω_q1: rows 0-3 of W_q (columns layout)
  const Matrix& w_q = s.parts[0].inputs.at(Stage::W_q);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c) CHECK(w_q(r, c) == head1_q(r, c));
  CHECK(s.parts[0].seeds == std::vector<uint32_t>{3, 0});
}

TEST_CASE("redraw with another seed replaces only that group's draws") {
  const Lesson& l = *test::builtin("udl-multihead");
  LessonState s = default_state(l);
  const Matrix x = s.parts[0].inputs.at(Stage::X);
  redraw(l.parts[0], 1, 5, s.parts[0]);
  CHECK(s.parts[0].inputs.at(Stage::X) == x);  // group 0 (inputs) untouched
  CHECK(s.parts[0].seeds[1] == 5);
  NumpyRandom rng(5);
  CHECK(s.parts[0].inputs.at(Stage::W_q)(0, 0) == rng.normal(1, 1)(0, 0));
}
