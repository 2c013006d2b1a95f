// Notebook 003, first cell (lessons/udl-self-attention.json).
#include <doctest/doctest.h>

#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("003 In[None]: all_x = [np.random.normal(size=(D, 1)) for _ in range(N)], seed 3") {
  const Trace t = notebook_trace("udl-self-attention");
  const Matrix& x = trace_matrix(t, "X");  // (D, N): x_n is column n
  check_printed(transpose(x), R"([[ 1.78862847  0.43650985  0.09649747 -1.8634927 ]
 [-0.2773882  -0.35475898 -0.08274148 -0.62700068]
 [-0.04381817 -0.47721803 -1.31386475  0.88462238]])",
                kDigits8);
}

TEST_CASE("003 In[None]: attentions for output 0, 1, 2 (unscaled, per input)") {
  const Trace t = notebook_trace("udl-self-attention");
  const Matrix& w = trace_matrix(t, "weights@unscaled");  // row n: output n
  check_printed_relative(slice_rows(w, 0, 1), "[1.24326146e-13 9.98281489e-01 1.71851130e-03]",
                         5e-9);
  check_printed_relative(slice_rows(w, 1, 2), "[2.79525306e-12 5.85506360e-03 9.94144936e-01]",
                         5e-9);
  check_printed(slice_rows(w, 2, 3), "[0.00505708 0.00654776 0.98839516]", kDigits8);
}

TEST_CASE("003 In[None]: x_prime_n_calculated and the matrix form agree") {
  const Trace t = notebook_trace("udl-self-attention");
  const Matrix& out = trace_matrix(t, "output@unscaled");  // (D, N): x'_n is column n
  check_printed(transpose(out), R"([[ 0.94744244 -0.24348429 -0.91310441 -0.44522983]
 [ 1.64201168 -0.08470004  4.02764044  2.18690791]
 [ 1.61949281 -0.06641533  3.96863308  2.15858316]])",
                kDigits8);
  check_printed(out, R"([[ 0.94744244  1.64201168  1.61949281]
 [-0.24348429 -0.08470004 -0.06641533]
 [-0.91310441  4.02764044  3.96863308]
 [-0.44522983  2.18690791  2.15858316]])",
                kDigits8);
}

TEST_CASE("003 In[None]: scaled dot-product attention result (cut off in the export)") {
  const Trace t = notebook_trace("udl-self-attention");
  const Matrix& out = trace_matrix(t, "output");
  check_printed(slice_rows(out, 0, 1), "[[ 0.97411966  1.59622051  1.32638014]]", kDigits8);
  check_printed(slice_cols(slice_rows(out, 1, 2), 0, 2), "[[-0.23738409 -0.09516106]]", kDigits8);
  // "0.1306" is where the export stops: the value starts with those digits.
  CHECK(out(1, 2) >= 0.1306);
  CHECK(out(1, 2) < 0.1307);
}
