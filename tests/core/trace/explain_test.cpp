// Tests of core/trace/explain.h: single numbers explained with their operands.
#include "core/trace/explain.h"

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "core/text/number_text.h"
#include "support/printed.h"

using namespace attn;
using attn::test::key_of;

namespace {
Trace trace_of(const char* id) { return test::notebook_trace(id); }
std::string joined(const Explanation& e) {
  std::string s;
  for (const std::string& l : e.lines) s += l + "\n";
  return s;
}
}  // namespace

TEST_CASE("a score is written out as its dot product") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of(key_of(t, "scores")), 0, 2, 2);
  CHECK(e.title == "scores [I, Batman]");
  // q(I) = [1, 3], k(Batman) = [1, 1]: 1×1 + 3×1 = 4
  CHECK(joined(e) == "score = q(I) · k(Batman)\n= 1.00×1.00 + 3.00×1.00\n= 4.00\n");
}

TEST_CASE("a scaled score shows its divisor") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of(key_of(t, "scaled")), 0, 0, 8);
  CHECK(e.lines.front().find("score / 1.4142  (√2)") != std::string::npos);
  CHECK(e.lines.back() == "= 3.53553391");
}

TEST_CASE("a weight is exp(s) over the row's sum of exp") {
  const Trace t = trace_of("i-am-batman");
  const Explanation e = explain_cell(t, t.index_of(key_of(t, "weights")), 1, 0, 8);
  CHECK(e.lines[1] == "= e^(0.000) / (e^(0.000) + e^(0.000) + e^(0.000))");
  CHECK(e.lines.back() == "= 0.33333333");
}

TEST_CASE("an output row is written as the weighted sum of the value rows, for every lesson") {
  // Output[q] = w(q, 0) × V[t0] + w(q, 1) × V[t1] + ..., with the weights the
  // softmax gave query q, in the order of the keys.
  int rows = 0;
  for (const auto& l : builtin_lessons()) {
    const Trace t = build_trace(*l, default_state(*l));
    for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
      const TraceMatrix& m = t.matrices[i];
      if (m.key.stage != Stage::output && m.key.stage != Stage::context) continue;
      if (m.key.stage == Stage::output && t.find({m.key.part, Stage::W_o, 0, 0})) continue;
      const TraceMatrix& w = *t.find({m.key.part, Stage::weights, m.key.head, m.key.variant});
      const TraceMatrix& v = *t.find({m.key.part, Stage::V, 0, 0});
      const std::vector<std::string>& tokens = t.parts[m.key.part].tokens;
      // A cross-attention's keys and values are the memory's tokens.
      const std::vector<std::string>& keys =
          t.parts[m.key.part].memory_tokens.empty() ? tokens : t.parts[m.key.part].memory_tokens;
      const bool key_rows = w.arrangement != Arrangement::QueryRows;
      for (int q = 0; q < static_cast<int>(tokens.size()); ++q) {
        INFO(l->id << " " << t.id_of(m.key) << " row " << q);
        std::string expected = m.label + "[" + tokens[q] + "] = ";
        for (size_t k = 0; k < keys.size(); ++k)
          expected += (k ? " + " : "") + number_text(key_rows ? w.value(k, q) : w.value(q, k), 2) +
                      " × " + v.label + "[" + keys[k] + "]";
        CHECK(explain_output_row(t, i, q, 2) == expected);
        ++rows;
      }
    }
  }
  CHECK(rows > 30);
}

TEST_CASE(
    "notebook 002's breakdown: Output[Me] = 0.70 × V[Me] + 0.20 × V[against] + 0.10 × V[the]") {
  const Trace t = trace_of("attention-times-value");
  CHECK(explain_output_row(t, t.index_of(key_of(t, "value-64/output")), 0, 1) ==
        "Output[Me] = 0.7 × V[Me] + 0.2 × V[against] + 0.1 × V[the]");
  CHECK(explain_output_row(t, t.index_of(key_of(t, "value-64/output")), 2, 1) ==
        "Output[the] = 0.1 × V[Me] + 0.3 × V[against] + 0.6 × V[the]");
}

TEST_CASE("the notebook's multi-head answer explains which weights it used") {
  const Trace t = trace_of("udl-multihead");
  const Explanation e = explain_cell(t, t.index_of(key_of(t, "context_h1@your_answer")), 0, 0, 3);
  CHECK(joined(e).find("notebook's arrangement") != std::string::npos);
}

TEST_CASE("every computed cell of every lesson: the written-out arithmetic gives the cell") {
  int checked = 0;
  std::vector<std::shared_ptr<const Lesson>> lessons = builtin_lessons();
  for (const char* fixture : {"positions-lesson", "memory-lesson", "kv-cache-lesson",
                              "train-lesson", "train-weights-lesson"}) {  // positions, RoPE, memory
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/" + fixture + ".json");
    LoadResult r = load_lesson(std::string(std::istreambuf_iterator<char>(in), {}));
    REQUIRE(r.ok());
    lessons.push_back(std::make_shared<const Lesson>(std::move(*r.lesson)));
  }
  for (const auto& l : lessons) {
    LessonState state = default_state(*l);
    for (size_t i = 0; i < state.parts.size(); ++i) {
      AttentionOptions& o = state.parts[i].options;
      o.causal = l->parts[i].memory_tokens.empty();  // masked scores too
      o.order.clear();
      for (int t = static_cast<int>(l->parts[i].tokens.size()) - 1; t >= 0; --t)
        o.order.push_back(t);  // standing in reverse: positions, the mask follow
      o.first_position = 3;
    }
    for (const Trace& t : {build_trace(*l, default_state(*l)), build_trace(*l, state)}) {
      for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
        const TraceMatrix& m = t.matrices[i];
        for (int r = 0; r < m.value.rows(); ++r)
          for (int c = 0; c < m.value.cols(); ++c) {
            const Explanation e = explain_cell(t, i, r, c, 4);
            REQUIRE(!e.lines.empty());
            if (std::isnan(e.recomputed)) continue;
            INFO(l->id << " " << t.id_of(m.key) << "[" << r << ", " << c << "]: " << joined(e));
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
