#include "core/explain.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/builtin_lessons.h"
#include "core/session.h"

using namespace attn;

namespace {
Trace trace_of(const char* id) {
  const Lesson& l = *find_builtin_lesson(id);
  return build_trace(l, default_state(l));
}
std::string joined(const Explanation& e) {
  std::string s;
  for (const std::string& l : e.lines) s += l + "\n";
  return s;
}
}  // namespace

TEST_CASE("a score is written out as its dot product") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of("scores"), 0, 2, 2);
  CHECK(e.title == "scores [I, Batman]");
  // q(I) = [1, 3], k(Batman) = [1, 1]: 1×1 + 3×1 = 4
  CHECK(joined(e) == "score = q(I) · k(Batman)\n= 1.00×1.00 + 3.00×1.00\n= 4.00\n");
}

TEST_CASE("a scaled score shows its divisor") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of("scaled"), 0, 0, 8);
  CHECK(e.lines.front().find("score / 1.4142  (√2)") != std::string::npos);
  CHECK(e.lines.back() == "= 3.53553391");
}

TEST_CASE("a weight is exp(s) over the row's sum of exp") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of("weights"), 1, 0, 8);
  CHECK(e.lines[1] == "= e^(0.000) / (e^(0.000) + e^(0.000) + e^(0.000))");
  CHECK(e.lines.back() == "= 0.33333333");
}

TEST_CASE("an output entry is the weighted sum of values, for every row of every lesson") {
  for (const Lesson& l : builtin_lessons()) {
    const Trace t = build_trace(l, default_state(l));
    for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
      const TraceMatrix& m = t.matrices[i];
      if (m.role != Role::Output && m.role != Role::Context) continue;
      const bool projected =
          m.role == Role::Output && t.find(m.id.substr(0, m.id.size() - m.name.size()) + "W_o");
      for (int r = 0; r < m.value.rows(); ++r) {
        INFO(l.id << " " << m.id << " row " << r);
        const Explanation e = explain_cell(t, i, r, 0, 6);
        REQUIRE(e.lines.size() >= 3);
        const std::string row_sum =
            explain_output_row(t, i, m.row_kind == AxisKind::Dim ? 0 : r, 2);
        if (!projected) CHECK(!row_sum.empty());
      }
    }
  }
}

TEST_CASE(
    "notebook 002's breakdown: Output[Me] = 0.70 × V[Me] + 0.20 × V[against] + 0.10 × V[the]") {
  const Trace t = trace_of("attention-times-value");
  CHECK(explain_output_row(t, t.index_of("value-64/output"), 0, 1) ==
        "Output[Me] = 0.7 × V[Me] + 0.2 × V[against] + 0.1 × V[the]");
  CHECK(explain_output_row(t, t.index_of("value-64/output"), 2, 1) ==
        "Output[the] = 0.1 × V[Me] + 0.3 × V[against] + 0.6 × V[the]");
}

TEST_CASE("the notebook's multi-head answer explains which weights it used") {
  const Trace t = trace_of("udl-multihead");
  const Explanation e = explain_cell(t, t.index_of("context_h1@your_answer"), 0, 0, 3);
  CHECK(joined(e).find("notebook's arrangement") != std::string::npos);
}

TEST_CASE("every computed cell of every lesson: the written-out arithmetic gives the cell") {
  int checked = 0;
  for (const Lesson& l : builtin_lessons()) {
    LessonState state = default_state(l);
    for (PartState& p : state.parts) p.options.causal = true;  // masked scores too
    for (const Trace& t : {build_trace(l, default_state(l)), build_trace(l, state)}) {
      for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
        const TraceMatrix& m = t.matrices[i];
        for (int r = 0; r < m.value.rows(); ++r)
          for (int c = 0; c < m.value.cols(); ++c) {
            const Explanation e = explain_cell(t, i, r, c, 4);
            REQUIRE(!e.lines.empty());
            if (std::isnan(e.recomputed)) continue;
            INFO(l.id << " " << m.id << "[" << r << ", " << c << "]: " << joined(e));
            const double v = m.value(r, c);
            if (std::isinf(v))
              CHECK(e.recomputed == v);
            else
              CHECK(e.recomputed == doctest::Approx(v).epsilon(1e-12).scale(1e-12));
            ++checked;
          }
      }
    }
  }
  CHECK(checked > 2000);
}
