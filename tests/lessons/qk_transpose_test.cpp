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
  // The notebook's own draws were unseeded; these are numpy's for seed 0:
  //   np.random.seed(0); Q = np.random.randn(4, 3); K = np.random.randn(4, 3)
  //   s = Q @ K.T; print(s); print(s / np.sqrt(3)); print(softmax(s / np.sqrt(3)))
  check_printed(trace_matrix(t, "attention/scores"),
                R"([[ 1.82562532  0.98568931 -2.28821286  0.7725427 ]
 [ 1.49886169  3.73850448  1.60145844  3.80437565]
 [ 0.65882168  0.11205668  0.69023222  0.56676223]
 [ 0.97550599  0.05386244 -3.70722732 -0.68641963]])",
                kDigits8);
  check_printed(trace_matrix(t, "attention/scaled"),
                R"([[ 1.05402527  0.56908799 -1.32110031  0.44602773]
 [ 0.8653682   2.15842657  0.92460246  2.19645731]
 [ 0.38037088  0.06469595  0.39850576  0.32722033]
 [ 0.56320865  0.03109749 -2.14036869 -0.39630456]])",
                kDigits8);
  check_printed(trace_matrix(t, "attention/weights"),
                R"([[0.44381746 0.2732743  0.04127627 0.24163197]
 [0.10537295 0.38396997 0.11180321 0.39885387]
 [0.27057492 0.19732934 0.27552653 0.25656922]
 [0.49081959 0.28828958 0.03286799 0.18802284]])",
                kDigits8);
}

TEST_CASE("002 In[4]: the lesson's result is example 2's attention") {
  const Trace t = notebook_trace("qk-transpose");
  REQUIRE(t.result_weights.size() == 1);
  CHECK(t.id_of(t.matrices[t.result_weights[0]].key) == "attention/weights");
  CHECK(t.result_output == -1);  // example 2 has no values
}
