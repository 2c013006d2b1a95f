#include "core/trace.h"

#include <doctest/doctest.h>

#include <set>

#include "core/builtin_lessons.h"
#include "core/lesson_loader.h"

using namespace attn;

namespace {
Lesson load(const char* json) {
  LoadResult r = load_lesson(json);
  INFO(r.error.message("inline"));
  REQUIRE(r.ok());
  return *r.lesson;
}
}  // namespace

TEST_CASE("every built-in lesson loads, in the picker's order") {
  const std::vector<std::string> ids = {"the-cat-sat",   "i-am-batman",     "attention-times-value",
                                        "complete-flow", "qk-transpose",    "udl-self-attention",
                                        "udl-multihead", "she-likes-coffee"};
  REQUIRE(builtin_lesson_files().size() == ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    LoadResult r = load_lesson(builtin_lesson_files()[i].text());
    INFO(builtin_lesson_files()[i].name << ": " << r.error.message(builtin_lesson_files()[i].name));
    REQUIRE(r.ok());
    CHECK(r.lesson->id == ids[i]);
  }
  REQUIRE(builtin_lessons().size() == ids.size());
}

TEST_CASE(
    "every step of every built-in lesson shows matrices, with unique ids and labels that fit") {
  for (const Lesson& lesson : builtin_lessons()) {
    const Trace t = build_trace(lesson, default_state(lesson));
    INFO(lesson.id);
    CHECK(!t.steps.empty());
    std::set<std::string> ids;
    for (const TraceStep& s : t.steps) {
      CHECK(ids.insert(s.id).second);
      CHECK(!s.title.empty());
      CHECK(!s.matrices.empty());
    }
    std::set<std::string> matrix_ids;
    for (const TraceMatrix& m : t.matrices) {
      CHECK(matrix_ids.insert(m.id).second);
      CHECK(static_cast<int>(m.rows.size()) == m.value.rows());
      CHECK(static_cast<int>(m.cols.size()) == m.value.cols());
      // finite everywhere, but for masked scores
      if (m.role != Role::Masked) CHECK(all_finite(m.value));
    }
    CHECK(!t.result_weights.empty());
  }
}

TEST_CASE("token labels follow the layout: rows per token, or columns per token") {
  const Trace rows = build_trace(*find_builtin_lesson("the-cat-sat"),
                                 default_state(*find_builtin_lesson("the-cat-sat")));
  CHECK(rows.find("X")->rows == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(rows.find("weights")->cols == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(rows.find("weights")->row_kind == AxisKind::Query);
  const Lesson& udl = *find_builtin_lesson("udl-self-attention");
  const Trace cols = build_trace(udl, default_state(udl));
  CHECK(cols.find("X")->cols == std::vector<std::string>{"x0", "x1", "x2"});
  CHECK(cols.find("Q")->col_kind == AxisKind::Query);
  CHECK(cols.find("W_q")->label == "Ω_q");
}

TEST_CASE("the three layouts compute the same attention") {
  // One set of numbers written three ways.
  const Lesson rows = load(R"({"id": "r", "title": "r", "tokens": ["a", "b"],
    "X": [[1, 2], [3, -1]], "W_q": [[1, 0.5], [0, 2]], "W_k": [[2, 1], [1, 0]], "W_v": [[0, 1], [1, 1]],
    "b_q": [0.5, -1]})");
  const Lesson transposed =
      load(R"({"id": "t", "title": "t", "tokens": ["a", "b"], "layout": "rows_transposed_weights",
    "X": [[1, 2], [3, -1]], "W_q": [[1, 0], [0.5, 2]], "W_k": [[2, 1], [1, 0]], "W_v": [[0, 1], [1, 1]],
    "b_q": [0.5, -1]})");
  const Lesson columns =
      load(R"({"id": "c", "title": "c", "tokens": ["a", "b"], "layout": "columns",
    "X": [[1, 3], [2, -1]], "W_q": [[1, 0], [0.5, 2]], "W_k": [[2, 1], [1, 0]], "W_v": [[0, 1], [1, 1]],
    "b_q": [[0.5], [-1]]})");
  const Trace a = build_trace(rows, default_state(rows));
  const Trace b = build_trace(transposed, default_state(transposed));
  const Trace c = build_trace(columns, default_state(columns));
  CHECK(max_abs_diff(a.find("weights")->value, b.find("weights")->value) == 0.0);
  CHECK(max_abs_diff(a.find("weights")->value, c.find("weights")->value) == 0.0);
  CHECK(max_abs_diff(a.find("output")->value, b.find("output")->value) == 0.0);
  CHECK(max_abs_diff(a.find("output")->value, transpose(c.find("output")->value)) == 0.0);
  CHECK(max_abs_diff(a.find("Q")->value, transpose(c.find("Q")->value)) == 0.0);
}

TEST_CASE("inputs at the documented limits give finite results") {
  // |x| <= 1e6, widths <= 128, 64 tokens, divisor >= 1e-3 (Limits).
  Lesson lesson = load(R"({"id": "big", "title": "big", "tokens": ["a"], "X": [[1]], "W_q": [[1]],
    "W_k": [[1]], "W_v": [[1]], "W_o": [[1]], "scale": 0.001})");
  Part& p = lesson.parts[0];
  p.tokens.assign(Limits::kMaxTokens, "t");
  LessonState state = default_state(lesson);
  auto& in = state.parts[0].inputs;
  in["X"] = Matrix(Limits::kMaxTokens, Limits::kMaxDim, Limits::kMaxAbsValue);
  for (const char* w : {"W_q", "W_k", "W_v", "W_o"})
    in[w] = Matrix(Limits::kMaxDim, Limits::kMaxDim, Limits::kMaxAbsValue);
  in["W_k"] = Matrix(Limits::kMaxDim, Limits::kMaxDim, -Limits::kMaxAbsValue);
  const Trace t = build_trace(lesson, state);
  for (const TraceMatrix& m : t.matrices) {
    INFO(m.id);
    CHECK(all_finite(m.value));
  }
}

TEST_CASE("variants recompute from the same inputs with their own options") {
  const Lesson& udl = *find_builtin_lesson("udl-self-attention");
  const Trace t = build_trace(udl, default_state(udl));
  const TraceMatrix* unscaled = t.find("scaled@unscaled");
  REQUIRE(unscaled != nullptr);
  CHECK(unscaled->value == t.find("scores@unscaled")->value);
  CHECK(max_abs_diff(t.find("scaled")->value, t.find("scores")->value) > 0.1);
  CHECK(t.find("Q@unscaled") == nullptr);  // inputs and projections are shared
}

TEST_CASE("step formulas follow the scale setting") {
  const Lesson& lesson = *find_builtin_lesson("the-cat-sat");
  LessonState state = default_state(lesson);
  Trace t = build_trace(lesson, state);
  CHECK(t.steps[2].formula == "scores = Q·Kᵀ / √d_k");
  state.parts[0].options.scaling = {ScaleMode::None, 1.0};
  t = build_trace(lesson, state);
  CHECK(t.steps[2].formula == "scores = Q·Kᵀ");
}
