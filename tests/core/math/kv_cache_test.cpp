// Generating with a KV cache, against numpy: the cat sat (notebook 000's X,
// np.random.seed(0) and three np.random.rand(4, 4)), causal, made one token
// at a time as the numpy reference does it:
//   K_cache, V_cache = empty
//   for t in range(N):
//       x = X[t:t+1]; q, k, v = x @ W_q, x @ W_k, x @ W_v
//       K_cache = np.vstack([K_cache, k]); V_cache = np.vstack([V_cache, v])
//       weights_t = softmax(q @ K_cache.T / np.sqrt(d_k)); output_t = weights_t @ V_cache
// and the multiply-adds counted from the products' shapes. Then the property
// that makes the cache right: the rows made one at a time are the whole
// causal attention's, with heads, RoPE, positions, W_o, and any order.
#include "core/math/kv_cache.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/math/numpy_random.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {

Session cat_sat_generating(const nlohmann::json& keys = nlohmann::json::object()) {
  nlohmann::json file = nlohmann::json::parse(builtin_lesson_file("the-cat-sat"));
  file.erase("steps");
  file["causal"] = true;
  file["kv_cache"] = true;
  file.update(keys);
  LoadResult r = load_lesson(file.dump());
  INFO(r.error.message("the cat sat"));
  REQUIRE(r.ok());
  return Session(std::make_shared<const Lesson>(std::move(*r.lesson)));
}

const TraceMatrix& of(const Session& s, Stage stage, int head = 0) {
  const TraceMatrix* m = s.trace().find({0, stage, head, 0});
  REQUIRE(m);
  return *m;
}

}  // namespace

TEST_CASE("each step of the cat sat, made with a cache, is numpy's") {
  Session s = cat_sat_generating();
  const Matrix weights[] = {
      from_rows({{1.0}}), from_rows({{0.002795365880109591, 0.9972046341198904}}),
      from_rows({{0.0008823409135446609, 0.7117846370959755, 0.28733302199047994}})};
  const Matrix outputs[] = {
      from_rows({{0.8156582327903346, 1.00546590266799, 0.71642099636362, 0.6778609687051469}}),
      from_rows({{2.552855162679933, 2.5707559091361976, 2.3038115031637703, 1.6188553961920633}}),
      from_rows({{2.4230939155325673, 2.4927003829077066, 2.181088298825406, 1.5824781591097574}})};
  const int cached[] = {56, 64, 72}, recomputed[] = {56, 120, 192};
  for (int t = 0; t < 3; ++t) {
    s.set_cache_step(0, t);
    INFO("t = " << t);
    CHECK(max_abs_diff(of(s, Stage::weights_t).value, weights[t]) <= 1e-12);
    CHECK(max_abs_diff(of(s, Stage::output_t).value, outputs[t]) <= 1e-12);
    // The cache grows by one row a step, the new token's last.
    CHECK(of(s, Stage::K_cache).value.rows() == t + 1);
    CHECK(of(s, Stage::V_cache).value.rows() == t + 1);
    CHECK(of(s, Stage::K_cache).rows.back() == s.lesson().parts[0].tokens[t]);
    CHECK(of(s, Stage::q_t).rows == std::vector<std::string>{s.lesson().parts[0].tokens[t]});
    CHECK(of(s, Stage::macs).value(t, 0) == cached[t]);
    CHECK(of(s, Stage::macs).value(t, 1) == recomputed[t]);
  }
  // Totals: 56 + 64 + 72 with the cache, 56 + 120 + 192 without.
  CHECK(of(s, Stage::macs).value(2, 2) == 192);
  CHECK(of(s, Stage::macs).value(2, 3) == 368);
}

TEST_CASE("multiply-adds: linear per step with the cache, quadratic without; closed forms") {
  // d = d_k = d_v = 4, no W_o: 48 a token, 8 a key (the research table).
  const MultiplyAdds m = multiply_adds(4, 4, 4, 0);
  const int64_t cached[] = {56, 64, 72, 80, 88}, recomputed[] = {56, 120, 192, 272, 360};
  int64_t with = 0, without = 0;
  for (int t = 0; t < 5; ++t) {
    CHECK(m.cached(t) == cached[t]);
    CHECK(m.recomputed(t) == recomputed[t]);
    with += m.cached(t), without += m.recomputed(t);
    CHECK(m.cached_total(t + 1) == with);
    CHECK(m.recomputed_total(t + 1) == without);
  }
  CHECK(m.cached_total(5) == 360);
  CHECK(m.recomputed_total(5) == 1000);
  // Writing all N words with the cache costs what recomputing the last one alone does.
  for (int n = 1; n <= 64; ++n) CHECK(m.cached_total(n) == m.recomputed(n - 1));
  // W_o: d_v·d_out more a token.
  CHECK(multiply_adds(4, 4, 4, 3).per_token == 48 + 12);
}

TEST_CASE("the rows made one at a time are the whole causal attention's") {
  NumpyRandom rng(5);
  auto rows = [](const Matrix& m) {
    std::vector<std::vector<double>> out;
    for (int r = 0; r < m.rows(); ++r) out.emplace_back(m.row(r), m.row(r) + m.cols());
    return out;
  };
  const nlohmann::json base{{"id", "g"},
                            {"title", "G"},
                            {"tokens", {"a", "b", "c", "d", "e"}},
                            {"causal", true},
                            {"kv_cache", true},
                            {"X", rows(rng.randn(5, 4))},
                            {"W_q", rows(rng.randn(4, 4))},
                            {"W_k", rows(rng.randn(4, 4))},
                            {"W_v", rows(rng.randn(4, 4))}};
  for (const nlohmann::json& extra :
       {nlohmann::json::object(), nlohmann::json{{"heads", 2}},
        nlohmann::json{{"rope", true}, {"first_position", 3}},
        nlohmann::json{{"positions", "sinusoidal"}, {"scale", 0.7}},
        nlohmann::json{{"heads", 2}, {"W_o", rows(rng.randn(4, 3))}}}) {
    nlohmann::json file = base;
    file.update(extra);
    LoadResult r = load_lesson(file.dump());
    INFO(extra.dump() << " " << r.error.message(""));
    REQUIRE(r.ok());
    Session s(std::make_shared<const Lesson>(std::move(*r.lesson)));
    for (const std::vector<int>& order : {std::vector<int>{0, 1, 2, 3, 4}, {3, 1, 4, 0, 2}}) {
      REQUIRE(s.set_order(0, order).empty());
      s.set_cache_step(0, 4);
      const Matrix& made = of(s, Stage::made).value;
      const Matrix& output = of(s, Stage::output).value;
      for (int r = 0; r < 5; ++r)
        for (int c = 0; c < output.cols(); ++c)
          CHECK(made(r, c) == doctest::Approx(output(order[r], c)).epsilon(1e-12).scale(1e-12));
      // The new token's weights are its row of the causal weights, read in the order made.
      const Matrix& w = of(s, Stage::weights, s.lesson().parts[0].heads > 1).value;
      const Matrix& w_t = of(s, Stage::weights_t, s.lesson().parts[0].heads > 1).value;
      for (int k = 0; k < 5; ++k)
        CHECK(w_t(0, k) == doctest::Approx(w(order[4], order[k])).epsilon(1e-12).scale(1e-12));
    }
  }
}
