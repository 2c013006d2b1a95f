// Tests of core/learning/session.h: a lesson's state, changed and recomputed.
#include "core/learning/session.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/load/builtin_lessons.h"
#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;
using test::builtin;
using test::key_of;

namespace {
// Edits by the names the API uses.
std::string set(Session& s, std::string_view id, int row, int col, double value) {
  return s.set_value(key_of(s.trace(), id), row, col, value);
}
const TraceMatrix& at(const Session& s, std::string_view id) {
  return test::matrix_of(s.trace(), id);
}
}  // namespace

TEST_CASE("set_value recomputes the whole trace at once") {
  Session s(builtin("the-cat-sat"));
  const Matrix before = at(s, "weights").value;
  const uint64_t revision = s.revision();
  CHECK(set(s, "W_q", 0, 1, 2.0) == "");
  CHECK(s.revision() == revision + 1);
  CHECK(at(s, "W_q").value(0, 1) == 2.0);
  CHECK(max_abs_diff(at(s, "weights").value, before) > 1e-3);
  // Still a softmax: every row sums to 1.
  const Matrix& w = at(s, "weights").value;
  for (int r = 0; r < w.rows(); ++r) {
    double sum = 0;
    for (int c = 0; c < w.cols(); ++c) sum += w(r, c);
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-14));
  }
}

TEST_CASE("edits are marked against the notebook and reset brings every number back") {
  Session s(builtin("i-am-batman"));
  auto differs = [&](const char* id, int r, int c) {
    const TraceMatrix& m = at(s, id);
    return differs_from_notebook(m, s.notebook().find(m.key), r, c);
  };
  CHECK_FALSE(differs("X", 1, 0));
  set(s, "X", 1, 0, 0.5);
  CHECK(differs("X", 1, 0));
  CHECK_FALSE(differs("X", 0, 0));
  CHECK(differs("output", 1, 0));
  CHECK_FALSE(s.is_default());
  s.reset();
  CHECK(s.is_default());
  CHECK(at(s, "output").value == test::matrix_of(s.notebook(), "output").value);
}

TEST_CASE("bad edits change nothing and say why") {
  Session s(builtin("the-cat-sat"));
  const uint64_t revision = s.revision();
  CHECK(s.set_value({0, Stage::context, 0, 0}, 0, 0, 1) == "no such matrix in this lesson");
  CHECK(set(s, "output", 0, 0, 1) ==
        "\"output\" is computed from the numbers before it; change an input, a score or a weight");
  CHECK(set(s, "X", 3, 0, 1) == "(3, 0) is outside \"X\", which is (3, 4)");
  CHECK(set(s, "X", 0, 0, NAN) == "not a finite number");
  CHECK(s.revision() == revision);
}

TEST_CASE("values are clamped to the documented range; extreme input gives no NaN") {
  Session s(builtin("she-likes-coffee"));
  for (double v : {1e300, -1e300, 1e6, -1e6, 1e-300}) {
    CHECK(set(s, "X", 0, 0, v) == "");
    CHECK(std::fabs(at(s, "X").value(0, 0)) <= Limits::kMaxAbsValue);
    for (const TraceMatrix& m : s.trace().matrices) {
      INFO(s.trace().id_of(m.key) << " after X[0,0] = " << v);
      CHECK(all_finite(m.value));
    }
  }
}

TEST_CASE("scaling and the causal mask recompute; the divisor is clamped") {
  Session s(builtin("the-cat-sat"));
  s.set_causal(0, true);
  const TraceMatrix& w = at(s, "weights");
  CHECK(w.value(0, 1) == 0.0);
  CHECK(w.value(0, 0) == 1.0);
  CHECK(s.trace().key_of("masked").has_value());
  s.set_scaling(0, {ScaleMode::Divide, 0.0});
  CHECK(s.state().parts[0].options.scaling.divisor == Limits::kMinDivisor);
  s.set_scaling(0, {ScaleMode::Divide, INFINITY});
  CHECK(std::isfinite(s.state().parts[0].options.scaling.divisor));
}

TEST_CASE("a new seed redraws exactly what numpy would; the notebook's seed restores it") {
  Session s(builtin("the-cat-sat"));
  const Matrix w_q = at(s, "W_q").value;
  s.set_seed(0, 0, 1);
  CHECK(at(s, "W_q").value(0, 0) ==
        doctest::Approx(0.417022004702574).epsilon(1e-15));  // seed(1); rand()
  s.set_seed(0, 0, 0);
  CHECK(at(s, "W_q").value == w_q);
}

TEST_CASE("set_state replaces the whole state and recomputes; the same state changes nothing") {
  Session s(builtin("i-am-batman"));
  LessonState edited = s.state();
  edited.parts[0].inputs[Stage::X](0, 0) = 7.0;
  s.set_state(edited);
  CHECK(at(s, "X").value(0, 0) == 7.0);
  CHECK(at(s, "Q").value(0, 1) == 7.0 * 3.0);  // Q = X·W_qᵀ: X[I] = (7, 0), W_q[1] = (3, 4)
  const uint64_t revision = s.revision();
  s.set_state(edited);
  CHECK(s.revision() == revision);
}

TEST_CASE("a what-if score: its row renormalises and everything after it follows") {
  Session s(builtin("the-cat-sat"));
  const Matrix before = at(s, "weights").value;
  CHECK(set(s, "scaled", 0, 0, 9.0) == "");  // "The" now scores itself highest
  const Matrix w = at(s, "weights").value;
  CHECK(w(0, 0) > 0.9);
  double sum = 0;
  for (int k = 0; k < 3; ++k) sum += w(0, k);
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-14));
  for (int r = 1; r < 3; ++r)  // other queries are untouched
    for (int k = 0; k < 3; ++k) CHECK(w(r, k) == before(r, k));
  CHECK(at(s, "scores").value == s.notebook().find(at(s, "scores").key)->value);  // before it: no
  REQUIRE(s.state().parts[0].overrides.size() == 1);
  CHECK(s.state().parts[0].overrides[0] == Override{Stage::scaled, 0, 0, 0, 9.0});
  CHECK_FALSE(s.is_default());
}

TEST_CASE("an overridden weight keeps its query's weights summing to 1 when asked") {
  Session s(builtin("the-cat-sat"));
  const Matrix before = at(s, "weights").value;
  CHECK(s.set_value(key_of(s.trace(), "weights"), 0, 1, 0.2, {.keep_row_sum = true}) == "");
  const Matrix w = at(s, "weights").value;
  CHECK(w(0, 1) == 0.2);
  CHECK(w(0, 0) + w(0, 1) + w(0, 2) == doctest::Approx(1.0).epsilon(1e-14));
  // The others keep their proportions.
  CHECK(w(0, 2) / w(0, 0) == doctest::Approx(before(0, 2) / before(0, 0)).epsilon(1e-12));
  // Without it, one number changes and the row no longer sums to 1.
  CHECK(set(s, "weights", 1, 1, 0.9) == "");
  CHECK(at(s, "weights").value(1, 0) == before(1, 0));
  CHECK(at(s, "weights").value(1, 0) + 0.9 + at(s, "weights").value(1, 2) > 1.2);
}

TEST_CASE("given weights rescale along the query's row; the value stays within [0, 1]") {
  Session s(builtin("attention-times-value"));
  const MatrixKey w = key_of(s.trace(), "mini/weights");
  CHECK(s.set_value(w, 0, 0, 1.66, {.keep_row_sum = true}) == "");
  const Matrix* m = &s.trace().find(w)->value;
  CHECK((*m)(0, 0) == 1.0);  // clamped: a weight is at most 1
  CHECK((*m)(0, 1) == 0.0);
  CHECK((*m)(0, 2) == 0.0);
  CHECK(s.set_value(w, 1, 1, 0.25, {.keep_row_sum = true}) == "");
  m = &s.trace().find(w)->value;  // an edit makes a new trace
  CHECK((*m)(1, 0) == doctest::Approx(0.3 * 0.75 / 0.5).epsilon(1e-15));  // 0.3 and 0.2 share 0.75
  CHECK((*m)(1, 2) == doctest::Approx(0.2 * 0.75 / 0.5).epsilon(1e-15));
}

TEST_CASE("overrides are taken back one by one, or all at once, or by reset") {
  Session s(builtin("udl-multihead"));
  const MatrixKey scores = key_of(s.trace(), "scores_h2");
  CHECK(s.set_value(scores, 1, 2, 5.0) == "");
  CHECK(s.set_value(scores, 0, 0, -5.0) == "");
  CHECK(s.state().parts[0].overrides.size() == 2);
  CHECK(s.remove_override(scores, 1, 2));
  CHECK_FALSE(s.remove_override(scores, 1, 2));
  CHECK(s.state().parts[0].overrides.size() == 1);
  s.clear_overrides();
  CHECK(s.is_default());
  CHECK(s.set_value(scores, 0, 0, -5.0) == "");
  s.reset();
  CHECK(s.state().parts[0].overrides.empty());
  // Variants keep their own numbers: what-ifs apply to the part's own settings.
  CHECK_FALSE(s.trace().find(key_of(s.trace(), "weights_h1@your_answer"))->overridable);
}

TEST_CASE("a restored state keeps the masks: none over a memory, one while generating") {
  // The monkey found it: saved work with "causal" on cross-attention's part
  // reached the attention pass, whose mask needs a square.
  Session cross(builtin("cross-attention"));
  LessonState state = cross.state();
  state.parts[0].options.causal = true;
  cross.set_state(state);
  CHECK_FALSE(cross.state().parts[0].options.causal);
  Session cache(builtin("kv-cache"));
  state = cache.state();
  state.parts[0].options.causal = false;
  cache.set_state(state);
  CHECK(cache.state().parts[0].options.causal);
}
