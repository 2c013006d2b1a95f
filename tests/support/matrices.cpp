// Matrix helpers for the tests: literals, slices, comparisons (matrices.h).
#include "support/matrices.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/math/softmax.h"

namespace attn::test {

Matrix from_rows(std::initializer_list<std::initializer_list<double>> rows) {
  const int n = static_cast<int>(rows.size());
  const int m = n ? static_cast<int>(rows.begin()->size()) : 0;
  Matrix out(n, m);
  int r = 0;
  for (const auto& row : rows) {
    REQUIRE_MESSAGE(static_cast<int>(row.size()) == m, "from_rows: ragged rows");
    std::copy(row.begin(), row.end(), out.row(r++));
  }
  return out;
}

Matrix slice_rows(const Matrix& a, int begin, int end) {
  REQUIRE((0 <= begin && begin <= end && end <= a.rows()));
  Matrix out(end - begin, a.cols());
  std::copy(a.row(begin), a.row(begin) + out.size(), out.data());
  return out;
}

Matrix scaled(const Matrix& a, double factor) {
  Matrix out = a;
  for (size_t i = 0; i < out.size(); ++i) out.data()[i] *= factor;
  return out;
}

double max_abs_diff(const Matrix& a, const Matrix& b) {
  REQUIRE(a.same_shape(b));
  double worst = 0.0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::fabs(a.data()[i] - b.data()[i]));
  return worst;
}

bool all_finite(const Matrix& a) {
  return std::all_of(a.data(), a.data() + a.size(), [](double v) { return std::isfinite(v); });
}

Matrix per_token_attention(const Matrix& q, const Matrix& k, const Matrix& v,
                           const AttentionOptions& options) {
  const int n = q.rows();
  const double divisor = options.scaling.divisor_for(q.cols());
  Matrix out(n, v.cols());
  std::vector<double> weights(n);
  for (int query = 0; query < n; ++query) {
    // dot products of q_n with all keys
    for (int key = 0; key < n; ++key) {
      double dot = 0.0;
      for (int d = 0; d < q.cols(); ++d) dot += k(key, d) * q(query, d);
      weights[key] =
          options.causal && key > query ? -std::numeric_limits<double>::infinity() : dot / divisor;
    }
    softmax_slice(weights.data(), n);
    // weighted sum of the values
    for (int key = 0; key < n; ++key)
      for (int d = 0; d < v.cols(); ++d) out(query, d) += weights[key] * v(key, d);
  }
  return out;
}

}  // namespace attn::test
