// Notebook 002, qk_transpose_operation() (lessons/qk-transpose.json).
#include <doctest/doctest.h>

#include <cmath>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("002 In[4] example 1: Q, K, K^T and QK^T") {
  const Trace t = notebook_trace("qk-transpose");
  check_printed(trace_matrix(t, "basic/Q"), "[[1 2 3]\n [1 2 1]]", 0.0);
  check_printed(trace_matrix(t, "basic/K"), "[[1 2 1]\n [2 1 3]]", 0.0);
  check_printed(trace_matrix(t, "basic/K_T"), "[[1 2]\n [2 1]\n [1 3]]", 0.0);
  check_printed(trace_matrix(t, "basic/scores"), "[[ 8 13]\n [ 6  7]]", 0.0);
}

TEST_CASE("002 In[4] example 3: every method gives [[17 23] [39 53]]") {
  const Trace t = notebook_trace("qk-transpose");
  check_printed(trace_matrix(t, "methods/scores"), "[[17 23]\n [39 53]]", 0.0);
}

TEST_CASE("002 In[4] example 2: the unseeded draw uses the stated seed 0") {
  // The notebook drew without a seed; the lesson states np.random.seed(0):
  //   >>> np.random.seed(0); np.random.randn(4, 3).round(2)
  const Trace t = notebook_trace("qk-transpose");
  check_printed(trace_matrix(t, "attention/Q"), R"([[ 1.76  0.4   0.98]
 [ 2.24  1.87 -0.98]
 [ 0.95 -0.15 -0.1 ]
 [ 0.41  0.14  1.45]])",
                kDigits2);
  check_printed(trace_matrix(t, "attention/K"), R"([[ 0.76  0.12  0.44]
 [ 0.33  1.49 -0.21]
 [ 0.31 -0.85 -2.55]
 [ 0.65  0.86 -0.74]])",
                kDigits2);
  const Matrix& q = trace_matrix(t, "attention/Q");
  const Matrix& k = trace_matrix(t, "attention/K");
  const Matrix scores = matmul(q, transpose(k));
  CHECK(max_abs_diff(trace_matrix(t, "attention/scores"), scores) <= 1e-15);
  CHECK(max_abs_diff(trace_matrix(t, "attention/scaled"), scaled(scores, 1 / std::sqrt(3.0))) <=
        1e-15);
  const Matrix& w = trace_matrix(t, "attention/weights");
  for (int r = 0; r < 4; ++r) {
    double sum = 0;
    for (int c = 0; c < 4; ++c) sum += w(r, c);
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-15));
  }
}

TEST_CASE("002 In[4]: the lesson's result is example 2's attention") {
  const Trace t = notebook_trace("qk-transpose");
  REQUIRE(t.result_weights.size() == 1);
  CHECK(t.matrices[t.result_weights[0]].id == "attention/weights");
  CHECK(t.result_output == -1);  // example 2 has no values
}
