// Notebook 003, multi-head cell (lessons/udl-multihead.json): both the
// notebook's "Your answer" and its "True values".
#include <doctest/doctest.h>

#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("003 In[2]: input X = np.random.normal(size=(8, 6)), seed 3") {
  const Trace t = notebook_trace("udl-multihead");
  check_printed(trace_matrix(t, "X"), R"([[ 1.789  0.437  0.096 -1.863 -0.277 -0.355]
 [-0.083 -0.627 -0.044 -0.477 -1.314  0.885]
 [ 0.881  1.71   0.05  -0.405 -0.545 -1.546]
 [ 0.982 -1.101 -1.185 -0.206  1.486  0.237]
 [-1.024 -0.713  0.625 -0.161 -0.769 -0.23 ]
 [ 0.745  1.976 -1.244 -0.626 -0.804 -2.419]
 [-0.924 -1.024  1.124 -0.132 -1.623  0.647]
 [-0.356 -1.743 -0.597 -0.589 -0.874  0.03 ]])",
                kDigits3);
}

TEST_CASE("003 In[2]: Your answer (the notebook's code: V @ weights)") {
  const Trace t = notebook_trace("udl-multihead");
  check_printed(trace_matrix(t, "output@your_answer"),
                R"([[ -6.116  -2.101  -4.916   1.423 -23.905   1.114]
 [ -0.292  11.13   -3.113   3.138   1.478  -1.398]
 [  3.321  -2.467  -5.165   9.575  19.153  -6.726]
 [ -0.572 -16.139  -6.007   3.42    2.422  -2.753]
 [ -3.825  -8.241  -1.443   0.117 -15.956   1.291]
 [  1.683   0.325  -4.154   0.296   3.734 -16.751]
 [ -1.102   7.947  10.164  -7.631  -5.134  17.329]
 [  3.313   8.716 -11.429  12.2    16.57  -19.903]])",
                kDigits3);
}

TEST_CASE("003 In[2]: True values (the notebook prints 7 of the 8 rows)") {
  const Trace t = notebook_trace("udl-multihead");
  check_printed(slice_rows(trace_matrix(t, "output"), 0, 7),
                R"([[-21.207  -5.373 -20.933  -9.179 -11.319 -17.812]
 [ -1.995   7.906 -10.516   3.452   9.863  -7.24 ]
 [  5.479   1.115   9.244   0.453   5.656   7.089]
 [ -7.413  -7.416   0.363  -5.573  -6.736  -0.848]
 [-11.261  -9.937  -4.848  -8.915 -13.378  -5.761]
 [  3.548  10.036  -2.244   1.604  12.113  -2.557]
 [  4.888  -5.814   2.407   3.228  -4.232   3.71 ]])",
                kDigits3);
}

TEST_CASE("003 In[2]: the two answers differ by one arrangement: transposed weights") {
  const Trace t = notebook_trace("udl-multihead");
  for (const char* h : {"_h1", "_h2"}) {
    const Matrix& true_weights = trace_matrix(t, std::string("weights") + h);  // (keys, queries)
    const Matrix& notebook_weights = trace_matrix(t, std::string("weights") + h + "@your_answer");
    CHECK(max_abs_diff(true_weights, transpose(notebook_weights)) <= 1e-15);
    // The book's arrangement: each column (one query) sums to 1.
    for (int q = 0; q < 6; ++q) {
      double sum = 0;
      for (int k = 0; k < 6; ++k) sum += true_weights(k, q);
      CHECK(sum == doctest::Approx(1.0).epsilon(1e-14));
    }
  }
  const TraceMatrix* variant = &matrix_of(t, "output@your_answer");
  REQUIRE(variant != nullptr);
  CHECK(variant->label.find("Your answer") != std::string::npos);
  CHECK(matrix_of(t, "output").label.find("True values") != std::string::npos);
}
