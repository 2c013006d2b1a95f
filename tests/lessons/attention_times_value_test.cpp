// Notebook 002, attention_value_example() (lessons/attention-times-value.json).
#include <doctest/doctest.h>

#include <cmath>

#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("002 In[5] 1: attention weights (3x3)") {
  const Trace t = notebook_trace("attention-times-value");
  check_printed(trace_matrix(t, "value-64/weights"), R"([[0.7 0.2 0.1]
 [0.3 0.5 0.2]
 [0.1 0.3 0.6]])",
                kDigits8);
}

TEST_CASE("002 In[5] 2: V = np.random.seed(42); randn(3, 64), first 10 dimensions") {
  const Trace t = notebook_trace("attention-times-value");
  const Matrix& v = trace_matrix(t, "value-64/V");
  REQUIRE(v.cols() == 64);
  check_printed(slice_cols(v, 0, 10),
                R"([[ 0.5  -0.14  0.65  1.52 -0.23 -0.23  1.58  0.77 -0.47  0.54]
 [ 0.81  1.36 -0.07  1.    0.36 -0.65  0.36  1.54 -0.04  1.56]
 [ 0.1  -0.5  -1.55  0.07 -1.06  0.47 -0.92  1.55 -0.78 -0.32]])",
                kDigits2);
}

TEST_CASE("002 In[5] 3: output = attention x value, first 10 dimensions") {
  const Trace t = notebook_trace("attention-times-value");
  const Matrix& out = trace_matrix(t, "value-64/output");
  REQUIRE(out.rows() == 3);
  REQUIRE(out.cols() == 64);
  check_printed(slice_cols(slice_rows(out, 0, 2), 0, 10),
                R"([[ 0.52  0.12  0.28  1.27 -0.2  -0.25  1.09  1.   -0.41  0.66]
 [ 0.58  0.54 -0.15  0.97 -0.1  -0.3   0.47  1.31 -0.32  0.88]])",
                kDigits2);
  // The export stops after four numbers of row 2.
  check_printed(slice_cols(slice_rows(out, 2, 3), 0, 4), "[[ 0.35  0.09 -0.89  0.49]]", kDigits2);
}

TEST_CASE("002 In[5] breakdown: Output[0] = 0.7 x V[0] + 0.2 x V[1] + 0.1 x V[2] matches") {
  const Trace t = notebook_trace("attention-times-value");
  const Matrix& v = trace_matrix(t, "value-64/V");
  const Matrix& out = trace_matrix(t, "value-64/output");
  for (int d = 0; d < 64; ++d) {
    const double manual = 0.7 * v(0, d) + 0.2 * v(1, d) + 0.1 * v(2, d);
    CHECK(std::fabs(out(0, d) - manual) <= 1e-12);  // np.allclose(output[0], manual_output_0)
  }
}

TEST_CASE("002 In[5] mini example: output (3x4), rounded to 2") {
  const Trace t = notebook_trace("attention-times-value");
  check_printed(trace_matrix(t, "mini/V"), R"([[1.  2.  3.  4. ]
 [0.5 1.5 2.5 3.5]
 [2.  1.  4.  3. ]])",
                kDigits8);
  // Printed by hand in the notebook: Output[0] = [1.0, 1.8, 3.0, 3.8] (the
  // export stops before output_mini.round(2) itself).
  check_printed(slice_rows(trace_matrix(t, "mini/output"), 0, 1), "[1.0, 1.8, 3.0, 3.8]", 0.05);
}
