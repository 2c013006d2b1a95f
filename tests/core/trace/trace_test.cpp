// Tests of core/trace/trace.h: the trace's numbers in every layout and setting.
#include "core/trace/trace.h"

#include <doctest/doctest.h>

#include <set>

#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;
using test::matrix_of;

namespace {
Lesson load(const char* json) {
  LoadResult r = load_lesson(json);
  INFO(r.error.message("inline"));
  REQUIRE(r.ok());
  return *r.lesson;
}
}  // namespace

TEST_CASE(
    "every step of every built-in lesson shows matrices, with unique ids and labels that fit") {
  for (const auto& lesson : builtin_lessons()) {
    const Trace t = build_trace(*lesson, default_state(*lesson));
    INFO(lesson->id);
    CHECK(!t.steps.empty());
    std::set<std::string> ids;
    for (const TraceStep& s : t.steps) {
      CHECK(ids.insert(s.id).second);
      CHECK(!s.title.empty());
      CHECK(!s.matrices.empty());
    }
    std::set<std::string> matrix_ids;
    for (size_t i = 0; i < t.matrices.size(); ++i) {
      const TraceMatrix& m = t.matrices[i];
      const std::string id = t.id_of(m.key);
      CHECK(matrix_ids.insert(id).second);
      CHECK(t.key_of(id) == m.key);  // the text form reads back to the same key
      CHECK(t.index_of(m.key) == static_cast<int>(i));
      CHECK(static_cast<int>(m.rows.size()) == m.value.rows());
      CHECK(static_cast<int>(m.cols.size()) == m.value.cols());
      // finite everywhere, but for masked scores
      if (m.key.stage != Stage::masked) CHECK(all_finite(m.value));
    }
    CHECK(!t.result_weights.empty());
  }
}

TEST_CASE("token labels follow the layout: rows per token, or columns per token") {
  const Trace rows = test::notebook_trace("the-cat-sat");
  CHECK(matrix_of(rows, "X").rows == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(matrix_of(rows, "weights").cols == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(matrix_of(rows, "weights").row_kind == AxisKind::Query);
  const Trace cols = test::notebook_trace("udl-self-attention");
  CHECK(matrix_of(cols, "X").cols == std::vector<std::string>{"x0", "x1", "x2"});
  CHECK(matrix_of(cols, "Q").col_kind == AxisKind::Query);
  CHECK(matrix_of(cols, "W_q").label == "Ω_q");
}

TEST_CASE("the three layouts compute the same attention") {
  // One set of numbers written three ways.
  const Lesson rows = load(R"({"id": "r", "title": "r", "tokens": ["a", "b"],
    "X": [[1, 2], [3, -1]], "W_q": [[1, 0.5], [0, 2]], "W_k": [[2, 1], [1, 0]],
    "W_v": [[0, 1], [1, 1]],
    "b_q": [0.5, -1]})");
  const Lesson transposed =
      load(R"({"id": "t", "title": "t", "tokens": ["a", "b"], "layout": "rows_transposed_weights",
    "X": [[1, 2], [3, -1]], "W_q": [[1, 0], [0.5, 2]], "W_k": [[2, 1], [1, 0]],
    "W_v": [[0, 1], [1, 1]],
    "b_q": [0.5, -1]})");
  const Lesson columns =
      load(R"({"id": "c", "title": "c", "tokens": ["a", "b"], "layout": "columns",
    "X": [[1, 3], [2, -1]], "W_q": [[1, 0], [0.5, 2]], "W_k": [[2, 1], [1, 0]],
    "W_v": [[0, 1], [1, 1]],
    "b_q": [[0.5], [-1]]})");
  const Trace a = build_trace(rows, default_state(rows));
  const Trace b = build_trace(transposed, default_state(transposed));
  const Trace c = build_trace(columns, default_state(columns));
  auto m = [](const Trace& t, const char* id) { return matrix_of(t, id).value; };
  CHECK(max_abs_diff(m(a, "weights"), m(b, "weights")) == 0.0);
  CHECK(max_abs_diff(m(a, "weights"), m(c, "weights")) == 0.0);
  CHECK(max_abs_diff(m(a, "output"), m(b, "output")) == 0.0);
  CHECK(max_abs_diff(m(a, "output"), transpose(m(c, "output"))) == 0.0);
  CHECK(max_abs_diff(m(a, "Q"), transpose(m(c, "Q"))) == 0.0);
}

TEST_CASE("inputs at the documented limits give finite results") {
  // |x| <= 1e6, widths <= 128, 64 tokens, divisor >= 1e-3 (Limits).
  Lesson lesson = load(R"({"id": "big", "title": "big", "tokens": ["a"], "X": [[1]], "W_q": [[1]],
    "W_k": [[1]], "W_v": [[1]], "W_o": [[1]], "scale": 0.001})");
  Part& p = lesson.parts[0];
  p.tokens.assign(Limits::kMaxTokens, "t");
  LessonState state = default_state(lesson);
  auto& in = state.parts[0].inputs;
  in[Stage::X] = Matrix(Limits::kMaxTokens, Limits::kMaxDim, Limits::kMaxAbsValue);
  for (Stage w : {Stage::W_q, Stage::W_k, Stage::W_v, Stage::W_o})
    in[w] = Matrix(Limits::kMaxDim, Limits::kMaxDim, Limits::kMaxAbsValue);
  in[Stage::W_k] = Matrix(Limits::kMaxDim, Limits::kMaxDim, -Limits::kMaxAbsValue);
  const Trace t = build_trace(lesson, state);
  for (const TraceMatrix& m : t.matrices) {
    INFO(t.id_of(m.key));
    CHECK(all_finite(m.value));
  }
}

TEST_CASE("variants recompute from the same inputs with their own options") {
  const Trace t = test::notebook_trace("udl-self-attention");
  CHECK(matrix_of(t, "scaled@unscaled").value == matrix_of(t, "scores@unscaled").value);
  CHECK(max_abs_diff(matrix_of(t, "scaled").value, matrix_of(t, "scores").value) > 0.1);
  CHECK_FALSE(t.key_of("Q@unscaled"));  // inputs and projections are shared
}

TEST_CASE("step formulas follow the scale setting") {
  const Lesson& lesson = *test::builtin("the-cat-sat");
  LessonState state = default_state(lesson);
  Trace t = build_trace(lesson, state);
  CHECK(t.steps[2].formula == "scores = Q·Kᵀ / √d_k");
  state.parts[0].options.scaling = {ScaleMode::None, 1.0};
  t = build_trace(lesson, state);
  CHECK(t.steps[2].formula == "scores = Q·Kᵀ");
}
