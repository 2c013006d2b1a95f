// Tests of core/math/matrix.h: the matrix's operations.
#include "core/math/matrix.h"

#include <doctest/doctest.h>

#include <cmath>

#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("matmul: (2, 3) · (3, 2)") {
  const Matrix a = from_rows({{1, 2, 3}, {4, 5, 6}});
  const Matrix b = from_rows({{7, 8}, {9, 10}, {11, 12}});
  CHECK(matmul(a, b) == from_rows({{58, 64}, {139, 154}}));
}

TEST_CASE("matmul_transposed_into equals matmul with an explicit transpose") {
  const Matrix q = from_rows({{1, 2, 3}, {1, 2, 1}, {0, 1, 0}, {2, 0, 1}, {1, 1, 1}});
  const Matrix k = from_rows({{1, 2, 1}, {2, 1, 3}, {0, 0, 1}, {1, 0, 0}, {3, 1, 2}});
  Matrix out;  // five keys: a block of four and one left over
  matmul_transposed_into(q, k, out);
  CHECK(out == matmul(q, transpose(k)));
  CHECK(out(0, 0) == 8);
  CHECK(out(0, 1) == 13);
}

TEST_CASE("matmul_into reuses its output buffer") {
  const Matrix a = from_rows({{1, 2}, {3, 4}});
  Matrix out(2, 2, 99.0);
  const double* before = out.data();
  matmul_into(a, a, out);
  CHECK(out.data() == before);
  CHECK(out == from_rows({{7, 10}, {15, 22}}));
}

TEST_CASE("transpose swaps the axes") {
  const Matrix a = from_rows({{1, 2, 3}, {4, 5, 6}});
  const Matrix t = transpose(a);
  CHECK(t.rows() == 3);
  CHECK(t.cols() == 2);
  CHECK(t == from_rows({{1, 4}, {2, 5}, {3, 6}}));
  CHECK(transpose(t) == a);
}

TEST_CASE("a row bias is added to every row") {
  const Matrix a = from_rows({{1, 2}, {3, 4}});
  CHECK(add_row_bias(a, from_rows({{10, 20}})) == from_rows({{11, 22}, {13, 24}}));
}

TEST_CASE("column slices side by side give the matrix back") {
  const Matrix a = from_rows({{1, 2, 3, 4}, {5, 6, 7, 8}});
  CHECK(slice_cols(a, 1, 3) == from_rows({{2, 3}, {6, 7}}));
  CHECK(hconcat({slice_cols(a, 0, 2), slice_cols(a, 2, 4)}) == a);
}
