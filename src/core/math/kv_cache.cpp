// Generating with a KV cache, one token at a time, and what it costs (kv_cache.h).
#include "core/math/kv_cache.h"

#include <cassert>

#include "core/math/softmax.h"

namespace attn {

namespace {
Matrix row_of(const Matrix& m, int r) {
  Matrix out(1, m.cols());
  for (int c = 0; c < m.cols(); ++c) out(0, c) = m(r, c);
  return out;
}
}  // namespace

CacheStep cache_step(const Matrix& q, const Matrix& k, const Matrix& v, int heads,
                     const Matrix* w_o, const Scaling& scaling, const std::vector<int>& standing,
                     int t) {
  assert(t >= 0 && t < static_cast<int>(standing.size()));
  CacheStep s;
  const int token = standing[static_cast<size_t>(t)];
  // 1. the new token's query, key and value
  s.q = row_of(q, token);
  s.k = row_of(k, token);
  s.v = row_of(v, token);
  // 2. the cache: the keys and values of the tokens made so far, the new row last
  s.K = Matrix(t + 1, k.cols());
  s.V = Matrix(t + 1, v.cols());
  for (int r = 0; r <= t; ++r) {
    const int made = standing[static_cast<size_t>(r)];
    for (int c = 0; c < k.cols(); ++c) s.K(r, c) = k(made, c);
    for (int c = 0; c < v.cols(); ++c) s.V(r, c) = v(made, c);
  }
  // 3. per head: the new query against every key in the cache, softmax, values
  const int d_head = q.cols() / heads, dv_head = v.cols() / heads;
  Matrix context(1, v.cols());
  for (int h = 0; h < heads; ++h) {
    Matrix scores(1, t + 1);
    for (int r = 0; r <= t; ++r) {
      double dot = 0;
      for (int c = h * d_head; c < (h + 1) * d_head; ++c) dot += s.q(0, c) * s.K(r, c);
      scores(0, r) = dot;
    }
    const double divisor = scaling.divisor_for(d_head);
    Matrix scaled = scores;
    for (size_t i = 0; i < scaled.size(); ++i) scaled.data()[i] /= divisor;
    Matrix weights = softmax(scaled, Axis::Rows);
    for (int c = 0; c < dv_head; ++c) {
      double sum = 0;
      for (int r = 0; r <= t; ++r) sum += weights(0, r) * s.V(r, h * dv_head + c);
      context(0, h * dv_head + c) = sum;
    }
    s.scores.push_back(std::move(scores));
    s.scaled.push_back(std::move(scaled));
    s.weights.push_back(std::move(weights));
  }
  // 4. the output row (W_o after the heads side by side)
  s.output = w_o ? matmul(context, *w_o) : context;
  return s;
}

int64_t MultiplyAdds::cached(int t) const { return per_token + (t + 1) * attention; }
int64_t MultiplyAdds::recomputed(int t) const {
  const int64_t m = t + 1;
  return m * per_token + m * (m + 1) / 2 * attention;
}
int64_t MultiplyAdds::cached_total(int n) const {
  return n * per_token + attention * n * (n + 1) / 2;
}
int64_t MultiplyAdds::recomputed_total(int n) const {
  const int64_t N = n;
  return per_token * N * (N + 1) / 2 + attention * N * (N + 1) * (N + 2) / 6;
}

MultiplyAdds multiply_adds(int d, int d_k, int d_v, int d_out) {
  MultiplyAdds m;
  m.per_token = static_cast<int64_t>(d) * (2 * d_k + d_v) + static_cast<int64_t>(d_v) * d_out;
  m.attention = d_k + d_v;
  return m;
}

}  // namespace attn
