#include "core/matrix.h"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

using namespace attn;

TEST_CASE("matmul: (2, 3) · (3, 2)") {
  const Matrix a = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  const Matrix b = Matrix::from_rows({{7, 8}, {9, 10}, {11, 12}});
  CHECK(matmul(a, b) == Matrix::from_rows({{58, 64}, {139, 154}}));
}

TEST_CASE("matmul_transposed equals matmul with an explicit transpose") {
  const Matrix q = Matrix::from_rows({{1, 2, 3}, {1, 2, 1}});
  const Matrix k = Matrix::from_rows({{1, 2, 1}, {2, 1, 3}});
  CHECK(matmul_transposed(q, k) == matmul(q, transpose(k)));
  CHECK(matmul_transposed(q, k) == Matrix::from_rows({{8, 13}, {6, 7}}));
}

TEST_CASE("matmul_into reuses its output buffer") {
  const Matrix a = Matrix::from_rows({{1, 2}, {3, 4}});
  Matrix out(2, 2, 99.0);
  const double* before = out.data();
  matmul_into(a, a, out);
  CHECK(out.data() == before);
  CHECK(out == Matrix::from_rows({{7, 10}, {15, 22}}));
}

TEST_CASE("transpose swaps the axes") {
  const Matrix a = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  const Matrix t = transpose(a);
  CHECK(t.rows() == 3);
  CHECK(t.cols() == 2);
  CHECK(t == Matrix::from_rows({{1, 4}, {2, 5}, {3, 6}}));
  CHECK(transpose(t) == a);
}

TEST_CASE("bias add in both conventions") {
  const Matrix a = Matrix::from_rows({{1, 2}, {3, 4}});
  CHECK(add_row_bias(a, Matrix::from_rows({{10, 20}})) == Matrix::from_rows({{11, 22}, {13, 24}}));
  CHECK(add_col_bias(a, Matrix::from_rows({{10}, {20}})) ==
        Matrix::from_rows({{11, 12}, {23, 24}}));
  // The conventions are transposes of each other.
  CHECK(transpose(add_col_bias(a, Matrix::from_rows({{10}, {20}}))) ==
        add_row_bias(transpose(a), Matrix::from_rows({{10, 20}})));
}

TEST_CASE("slicing and concatenation round-trip") {
  const Matrix a = Matrix::from_rows({{1, 2, 3, 4}, {5, 6, 7, 8}});
  CHECK(slice_cols(a, 1, 3) == Matrix::from_rows({{2, 3}, {6, 7}}));
  CHECK(slice_rows(a, 1, 2) == Matrix::from_rows({{5, 6, 7, 8}}));
  CHECK(hconcat({slice_cols(a, 0, 2), slice_cols(a, 2, 4)}) == a);
  CHECK(vconcat({slice_rows(a, 0, 1), slice_rows(a, 1, 2)}) == a);
}

TEST_CASE("from_rows rejects ragged rows") {
  CHECK_THROWS_AS(Matrix::from_rows({{1, 2}, {3}}), std::invalid_argument);
}

TEST_CASE("max_abs_diff and all_finite") {
  const Matrix a = Matrix::from_rows({{1, 2}});
  CHECK(max_abs_diff(a, Matrix::from_rows({{1, 2.5}})) == doctest::Approx(0.5).epsilon(1e-15));
  CHECK(all_finite(a));
  CHECK_FALSE(all_finite(Matrix::from_rows({{1, INFINITY}})));
}
