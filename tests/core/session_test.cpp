#include "core/session.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/builtin_lessons.h"

using namespace attn;

TEST_CASE("set_value recomputes the whole trace at once") {
  Session s(*find_builtin_lesson("the-cat-sat"));
  const Matrix before = s.trace().find("weights")->value;
  const uint64_t revision = s.revision();
  CHECK(s.set_value("W_q", 0, 1, 2.0) == "");
  CHECK(s.revision() == revision + 1);
  CHECK(s.trace().find("W_q")->value(0, 1) == 2.0);
  CHECK(max_abs_diff(s.trace().find("weights")->value, before) > 1e-3);
  // Still a softmax: every row sums to 1.
  const Matrix& w = s.trace().find("weights")->value;
  for (int r = 0; r < w.rows(); ++r) {
    double sum = 0;
    for (int c = 0; c < w.cols(); ++c) sum += w(r, c);
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-14));
  }
}

TEST_CASE("edits are marked against the notebook and reset brings every number back") {
  Session s(*find_builtin_lesson("i-am-batman"));
  const int x = s.trace().index_of("X");
  const int out = s.trace().index_of("output");
  CHECK_FALSE(s.differs_from_notebook(x, 1, 0));
  s.set_value("X", 1, 0, 0.5);
  CHECK(s.differs_from_notebook(x, 1, 0));
  CHECK_FALSE(s.differs_from_notebook(x, 0, 0));
  CHECK(s.differs_from_notebook(out, 1, 0));
  CHECK_FALSE(s.is_default());
  s.reset();
  CHECK(s.is_default());
  CHECK(s.trace().find("output")->value == s.notebook().find("output")->value);
}

TEST_CASE("bad edits change nothing and say why") {
  Session s(*find_builtin_lesson("the-cat-sat"));
  const uint64_t revision = s.revision();
  CHECK(s.set_value("nope", 0, 0, 1) == "no matrix \"nope\" in this lesson");
  CHECK(s.set_value("weights", 0, 0, 1) == "\"weights\" is computed, not an input");
  CHECK(s.set_value("X", 3, 0, 1) == "(3, 0) is outside \"X\", which is (3, 4)");
  CHECK(s.set_value("X", 0, 0, NAN) == "not a finite number");
  CHECK(s.revision() == revision);
}

TEST_CASE("values are clamped to the documented range; extreme input gives no NaN") {
  Session s(*find_builtin_lesson("she-likes-coffee"));
  for (double v : {1e300, -1e300, 1e6, -1e6, 1e-300}) {
    CHECK(s.set_value("X", 0, 0, v) == "");
    CHECK(std::fabs(s.trace().find("X")->value(0, 0)) <= Limits::kMaxAbsValue);
    for (const TraceMatrix& m : s.trace().matrices) {
      INFO(m.id << " after X[0,0] = " << v);
      CHECK(all_finite(m.value));
    }
  }
}

TEST_CASE("scaling and the causal mask recompute; the divisor is clamped") {
  Session s(*find_builtin_lesson("the-cat-sat"));
  s.set_causal(0, true);
  const TraceMatrix* w = s.trace().find("weights");
  CHECK(w->value(0, 1) == 0.0);
  CHECK(w->value(0, 0) == 1.0);
  CHECK(s.trace().find("masked") != nullptr);
  s.set_scaling(0, {ScaleMode::Divide, 0.0});
  CHECK(s.state().parts[0].options.scaling.divisor == Limits::kMinDivisor);
  s.set_scaling(0, {ScaleMode::Divide, INFINITY});
  CHECK(std::isfinite(s.state().parts[0].options.scaling.divisor));
}

TEST_CASE("a new seed redraws exactly what numpy would; the notebook's seed restores it") {
  Session s(*find_builtin_lesson("the-cat-sat"));
  const Matrix w_q = s.trace().find("W_q")->value;
  s.set_seed(0, 0, 1);
  CHECK(s.trace().find("W_q")->value(0, 0) ==
        doctest::Approx(0.417022004702574).epsilon(1e-15));  // seed(1); rand()
  s.set_seed(0, 0, 0);
  CHECK(s.trace().find("W_q")->value == w_q);
}

TEST_CASE("set_state accepts only states that fit the lesson") {
  Session s(*find_builtin_lesson("i-am-batman"));
  LessonState good = s.state();
  good.parts[0].inputs["X"](0, 0) = 7.0;
  CHECK(s.set_state(good));
  CHECK(s.trace().find("X")->value(0, 0) == 7.0);
  LessonState bad = s.state();
  bad.parts[0].inputs["X"] = Matrix(2, 2);
  CHECK_FALSE(s.set_state(bad));
  CHECK(s.trace().find("X")->value(0, 0) == 7.0);
}
