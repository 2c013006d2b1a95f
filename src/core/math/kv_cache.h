// Generating with a KV cache: a decoder makes its tokens one at a time, and
// at step t only the new token's query, key and value are computed; the keys
// and values of the tokens before it are kept (the cache) and read again.
//   q_t (1, d_k), k_t, v_t               the new token's
//   K_cache = [K_cache; k_t] (t+1, d_k)  one new row each step (V_cache alike)
//   scores_t = q_t · K_cacheᵀ / divisor  (1, t+1) per head: no mask, the cache
//                                        holds only the keys at or before t
//   weights_t = softmax(scores_t);  output_t = weights_t · V_cache (· W_o)
// Step by step, the rows equal the whole causal attention's. Multiply-adds
// (one a·b added to a sum) with the cache and without it (every row
// recomputed each step, counting only the entries the mask keeps):
//   per token  c = d·(2·d_k + d_v) (+ d_v·d_out with W_o)
//   cached(t)     = c + (t+1)(d_k + d_v)                 linear in t
//   recomputed(t) = (t+1)·c + (t+1)(t+2)/2·(d_k + d_v)  quadratic in t
// Checked against numpy (tests/core/math/kv_cache_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "core/math/attention.h"
#include "core/math/matrix.h"

namespace attn {

struct CacheStep {
  Matrix q, k, v;  // (1, d_k), (1, d_k), (1, d_v): the new token's (q and k turned, with RoPE)
  Matrix K, V;     // (t+1, d_k), (t+1, d_v): the cache, the new row last
  std::vector<Matrix> scores, scaled, weights;  // per head, (1, t+1)
  Matrix output;                                // (1, d_out)
  Matrix made;  // (t+1, d_out): every row made so far, one step at a time
};

// Step t of generating the tokens in the order `standing` (standing[r] is the
// token made r-th): q, k, v are every token's (N rows, in the lesson's order),
// w_o may be null.
CacheStep cache_step(const Matrix& q, const Matrix& k, const Matrix& v, int heads,
                     const Matrix* w_o, const Scaling& scaling, const std::vector<int>& standing,
                     int t);

struct MultiplyAdds {
  int64_t per_token = 0;  // c: one token's projections (and W_o)
  int64_t cached(int t) const;
  int64_t recomputed(int t) const;
  int64_t cached_total(int n) const;  // over steps 0 … n−1
  int64_t recomputed_total(int n) const;
  int64_t attention = 0;  // d_k + d_v: one key's score and its value's term
};
MultiplyAdds multiply_adds(int d, int d_k, int d_v, int d_out);  // d_out 0: no W_o

}  // namespace attn
