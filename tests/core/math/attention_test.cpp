// Tests of core/math/attention.h: one head and multi-head attention.
#include "core/math/attention.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/math/numpy_random.h"
#include "core/math/softmax.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {
struct Qkv {
  Matrix q, k, v;
};
Qkv random_qkv(uint32_t seed, int n, int d) {
  NumpyRandom rng(seed);
  return {rng.randn(n, d), rng.randn(n, d), rng.randn(n, d)};
}
}  // namespace

TEST_CASE("one head: scores, scale by sqrt(d_k), softmax rows, weighted values") {
  const Qkv x = random_qkv(1, 5, 4);
  HeadTrace t;
  attention_head(x.q, x.k, &x.v, {}, t);
  const Matrix scores = matmul(x.q, transpose(x.k));
  CHECK(max_abs_diff(t.scores, scores) <= 1e-15);
  CHECK(t.divisor == 2.0);
  CHECK(max_abs_diff(t.scaled, scaled(scores, 0.5)) <= 1e-15);
  CHECK(max_abs_diff(t.weights, softmax(t.scaled, Axis::Rows)) == 0.0);
  CHECK(max_abs_diff(t.output, matmul(t.weights, x.v)) <= 1e-15);
  CHECK(t.masked.empty());
}

TEST_CASE("scaling: none and a temperature") {
  const Qkv x = random_qkv(2, 3, 4);
  HeadTrace none, temp;
  AttentionOptions o;
  o.scaling = {ScaleMode::None, 1.0};
  attention_head(x.q, x.k, &x.v, o, none);
  CHECK(none.scaled == none.scores);
  o.scaling = {ScaleMode::Divide, 0.25};
  attention_head(x.q, x.k, &x.v, o, temp);
  CHECK(max_abs_diff(temp.scaled, scaled(temp.scores, 4.0)) <= 1e-14);
}

TEST_CASE("causal mask: no weight on later keys, rows still sum to 1") {
  const Qkv x = random_qkv(3, 4, 2);
  AttentionOptions o;
  o.causal = true;
  HeadTrace t;
  attention_head(x.q, x.k, &x.v, o, t);
  for (int q = 0; q < 4; ++q) {
    double sum = 0;
    for (int k = 0; k < 4; ++k) {
      if (k > q) {
        CHECK(std::isinf(t.masked(q, k)));
        CHECK(t.weights(q, k) == 0.0);
      }
      sum += t.weights(q, k);
    }
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-15));
  }
  CHECK(t.weights(0, 0) == 1.0);  // the first token sees only itself
}

TEST_CASE("key-rows arrangement: transposed weights, same output") {
  const Qkv x = random_qkv(4, 5, 3);
  AttentionOptions rows, cols;
  cols.arrangement = Arrangement::KeyRows;
  for (bool causal : {false, true}) {
    rows.causal = cols.causal = causal;
    HeadTrace a, b;
    attention_head(x.q, x.k, &x.v, rows, a);
    attention_head(x.q, x.k, &x.v, cols, b);
    CHECK(max_abs_diff(a.weights, transpose(b.weights)) <= 1e-15);
    CHECK(max_abs_diff(a.output, b.output) <= 1e-14);
  }
}

TEST_CASE("one head equals the single-head path") {
  const Qkv x = random_qkv(5, 4, 6);
  Matrix w_o = NumpyRandom(9).randn(6, 3);
  MultiHeadTrace mh;
  HeadTrace single;
  attention_head(x.q, x.k, &x.v, {}, single);
  multi_head_attention(x.q, x.k, &x.v, 1, nullptr, {}, mh);
  CHECK(mh.heads.size() == 1);
  CHECK(mh.output == single.output);
  multi_head_attention(x.q, x.k, &x.v, 1, &w_o, {}, mh);
  CHECK(max_abs_diff(mh.output, matmul(single.output, w_o)) <= 1e-14);
}

TEST_CASE("multi-head: contiguous column blocks, each scaled by its own width") {
  const Qkv x = random_qkv(6, 4, 6);
  MultiHeadTrace mh;
  multi_head_attention(x.q, x.k, &x.v, 3, nullptr, {}, mh);
  REQUIRE(mh.heads.size() == 3);
  for (int h = 0; h < 3; ++h) {
    HeadTrace expected;
    const Matrix q = slice_cols(x.q, 2 * h, 2 * h + 2), k = slice_cols(x.k, 2 * h, 2 * h + 2),
                 v = slice_cols(x.v, 2 * h, 2 * h + 2);
    attention_head(q, k, &v, {}, expected);
    CHECK(mh.heads[h].divisor == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
    CHECK(mh.heads[h].weights == expected.weights);
    CHECK(slice_cols(mh.concat, 2 * h, 2 * h + 2) == expected.output);
  }
}

TEST_CASE("the per-token loop of notebook 003 equals the matrix form") {
  const Qkv x = random_qkv(7, 6, 4);
  for (bool causal : {false, true}) {
    AttentionOptions o;
    o.causal = causal;
    HeadTrace t;
    attention_head(x.q, x.k, &x.v, o, t);
    CHECK(max_abs_diff(per_token_attention(x.q, x.k, x.v, o), t.output) <= 1e-14);
  }
}

TEST_CASE("the three ways to compute QKᵀ agree (notebook 002, example 3)") {
  const Matrix q = from_rows({{1, 2}, {3, 4}});
  const Matrix k = from_rows({{5, 6}, {7, 8}});
  const Matrix expected = from_rows({{17, 23}, {39, 53}});
  CHECK(matmul(q, transpose(k)) == expected);  // Q @ K.T
  Matrix product;
  matmul_transposed_into(q, k, product);
  CHECK(product == expected);  // rows of K read directly
  Matrix dots(2, 2);           // np.dot, entry by entry
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) dots(i, j) = q(i, 0) * k(j, 0) + q(i, 1) * k(j, 1);
  CHECK(dots == expected);
}

TEST_CASE("without values: scores and weights only") {
  const Qkv x = random_qkv(8, 3, 2);
  MultiHeadTrace mh;
  multi_head_attention(x.q, x.k, nullptr, 1, nullptr, {}, mh);
  CHECK(mh.output.empty());
  CHECK(mh.heads[0].weights.rows() == 3);
}

TEST_CASE("inputs at the documented limit stay finite") {
  // |values| <= 1e6 and widths <= 128 (Limits): the largest score is ~2e30.
  Matrix q(4, 128, 1e6), k(4, 128, -1e6), v(4, 128, 1e6);
  HeadTrace t;
  AttentionOptions o;
  o.scaling = {ScaleMode::Divide, 1e-3};
  attention_head(q, k, &v, o, t);
  CHECK(all_finite(t.scores));
  CHECK(all_finite(t.weights));
  CHECK(all_finite(t.output));
}
