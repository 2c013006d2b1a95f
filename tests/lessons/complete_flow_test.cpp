// Notebook 002, complete_attention_flow() (lessons/complete-flow.json). The
// export stops before this function's printout, so the expected values are
// worked out here in closed form from the notebook's Q, K and V.
#include <doctest/doctest.h>

#include <cmath>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("002 complete flow, step 1: scores = Q @ K.T") {
  const Trace t = notebook_trace("complete-flow");
  // Q row 0 = [1, 0, 1, 0] meets K rows [1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 1, 1].
  check_printed(trace_matrix(t, "scores"), "[[1. 1. 2.] [1. 1. 1.] [1. 1. 1.]]", 0.0);
}

TEST_CASE("002 complete flow, step 2: scores / sqrt(d_k), d_k = 4") {
  const Trace t = notebook_trace("complete-flow");
  check_printed(trace_matrix(t, "scaled"), "[[0.5 0.5 1. ] [0.5 0.5 0.5] [0.5 0.5 0.5]]", 0.0);
}

TEST_CASE("002 complete flow, steps 3-4: attention and output") {
  const Trace t = notebook_trace("complete-flow");
  const double a = std::exp(0.5), b = std::exp(1.0), sum = 2 * a + b;
  const Matrix& w = trace_matrix(t, "weights");
  CHECK(w(0, 0) == doctest::Approx(a / sum).epsilon(1e-14));
  CHECK(w(0, 1) == doctest::Approx(a / sum).epsilon(1e-14));
  CHECK(w(0, 2) == doctest::Approx(b / sum).epsilon(1e-14));
  for (int r = 1; r < 3; ++r)
    for (int c = 0; c < 3; ++c) CHECK(w(r, c) == doctest::Approx(1.0 / 3).epsilon(1e-14));
  // Rows 1 and 2 attend evenly: their output is the mean of the value rows.
  const Matrix& out = trace_matrix(t, "output");
  const double mean[4] = {3.5 / 3, 4.5 / 3, 9.5 / 3, 10.5 / 3};
  const double v[3][4] = {{1, 2, 3, 4}, {0.5, 1.5, 2.5, 3.5}, {2, 1, 4, 3}};
  for (int d = 0; d < 4; ++d) {
    CHECK(out(1, d) == doctest::Approx(mean[d]).epsilon(1e-14));
    CHECK(out(2, d) == doctest::Approx(mean[d]).epsilon(1e-14));
    CHECK(out(0, d) ==
          doctest::Approx((a * v[0][d] + a * v[1][d] + b * v[2][d]) / sum).epsilon(1e-14));
  }
}
