// Tests of core/math/softmax.h: stable softmax along rows and columns.
#include "core/math/softmax.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

double row_sum(const Matrix& m, int r) {
  double s = 0;
  for (int c = 0; c < m.cols(); ++c) s += m(r, c);
  return s;
}
}  // namespace

TEST_CASE("softmax rows sum to 1 and follow exp ratios") {
  const Matrix w = softmax(from_rows({{1, 2, 3}, {0, 0, 0}}), Axis::Rows);
  CHECK(row_sum(w, 0) == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(w(0, 1) / w(0, 0) == doctest::Approx(std::exp(1.0)).epsilon(1e-14));
  for (int c = 0; c < 3; ++c) CHECK(w(1, c) == doctest::Approx(1.0 / 3).epsilon(1e-15));
}

TEST_CASE("softmax is shift-invariant") {
  const Matrix x = from_rows({{0.3, -1.2, 2.5, 0.0}});
  const Matrix base = softmax(x, Axis::Rows);
  for (double shift : {-1000.0, -3.0, 7.5, 1e5}) {
    Matrix shifted = x;
    for (int c = 0; c < 4; ++c) shifted(0, c) += shift;
    CHECK(max_abs_diff(softmax(shifted, Axis::Rows), base) <= 1e-12);
  }
}

TEST_CASE("softmax along columns is softmax of the transpose") {
  const Matrix x = from_rows({{1, 5}, {2, -1}, {0.5, 3}});
  CHECK(max_abs_diff(softmax(x, Axis::Cols), transpose(softmax(transpose(x), Axis::Rows))) == 0.0);
}

TEST_CASE("extreme inputs give no NaN and sum to 1") {
  for (double big : {1e6, 1e300, -1e300, 1.7e308}) {
    const Matrix w = softmax(from_rows({{big, 0.0, -big}}), Axis::Rows);
    CHECK(all_finite(w));
    CHECK(row_sum(w, 0) == doctest::Approx(1.0).epsilon(1e-15));
  }
  const Matrix w = softmax(from_rows({{1e300, 1e300, -1e300}}), Axis::Rows);
  CHECK(w(0, 0) == doctest::Approx(0.5).epsilon(1e-15));
  CHECK(w(0, 2) == 0.0);
}

TEST_CASE("+inf entries share the weight; -inf entries get none") {
  const Matrix w = softmax(from_rows({{kInf, 2.0, kInf, -kInf}}), Axis::Rows);
  CHECK(w == from_rows({{0.5, 0.0, 0.5, 0.0}}));
  const Matrix masked = softmax(from_rows({{1.0, -kInf, 1.0}}), Axis::Rows);
  CHECK(masked == from_rows({{0.5, 0.0, 0.5}}));
}

TEST_CASE("a fully masked row gets all zeros (defined, documented, never NaN)") {
  const Matrix w = softmax(from_rows({{-kInf, -kInf}, {0.0, 0.0}}), Axis::Rows);
  CHECK(w == from_rows({{0.0, 0.0}, {0.5, 0.5}}));
}

TEST_CASE("NaN entries count as -inf") {
  const Matrix w = softmax(from_rows({{NAN, 0.0}}), Axis::Rows);
  CHECK(w == from_rows({{0.0, 1.0}}));
}
