// Step texts stay true as the numbers change: for every built-in lesson,
// after random edits, what-ifs and settings, every number a text states comes
// from a placeholder filled from the numbers on screen, and every sentence
// that holds only under a condition is marked when the condition fails.
#include "core/lesson/live_text.h"

#include <doctest/doctest.h>

#include <cstring>
#include <random>
#include <regex>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "core/logic/judge.h"
#include "core/logic/render_text.h"
#include "support/printed.h"

using namespace attn;

namespace {

void meddle(Session& s, std::mt19937& rng) {
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  std::vector<std::pair<MatrixKey, std::pair<int, int>>> changeable;
  for (const TraceMatrix& m : s.trace().matrices)
    if (m.editable || m.overridable)
      changeable.emplace_back(m.key, std::pair{m.value.rows(), m.value.cols()});
  for (int i = 0; i < 4; ++i) {
    const auto& [key, shape] = changeable[pick(static_cast<int>(changeable.size()))];
    s.set_value(key, pick(shape.first), pick(shape.second),
                std::uniform_real_distribution<double>(-4, 4)(rng), {.keep_row_sum = pick(2) == 0});
  }
  for (int p = 0; p < static_cast<int>(s.lesson().parts.size()); ++p) {
    s.set_causal(p, pick(2) == 0);
    const int mode = pick(3);
    s.set_scaling(p, {static_cast<ScaleMode>(mode), 0.1 + pick(20) * 0.25});
  }
}

// Numbers a text may state without a placeholder: whole numbers (shapes,
// counts, seeds, step numbers) and these references.
const std::regex kDecimal(R"((\d+\.\d+|\d+\s*%))");
const char* kReferences[] = {"Equation 12.3"};

std::string without_references(std::string s) {
  for (const char* r : kReferences)
    for (size_t at = s.find(r); at != std::string::npos; at = s.find(r))
      s.erase(at, std::strlen(r));
  return s;
}

}  // namespace

TEST_CASE("every number a step states comes from a placeholder, or its sentence has a condition") {
  int sentences = 0;
  for (const auto& lesson : builtin_lessons())
    for (const Part& part : lesson->parts)
      for (const StepSpec& step : part.steps) {
        for (const Piece& p : step.formula)
          if (p.fill == Fill::Literal) {
            INFO(lesson->id << " " << step.id << " formula: " << p.text);
            CHECK_FALSE(std::regex_search(without_references(p.text), kDecimal));
          }
        // What a step says about its numbers: its text, what a prediction
        // reveals, a challenge's status and success. (A question or a task may
        // name a threshold: "above 0.6" is not a claim.)
        std::vector<const TextBlock*> claims;
        for (const TextBlock& b : step.text) claims.push_back(&b);
        for (const Prediction& p : step.predictions)
          for (const TextBlock& b : p.reveal) claims.push_back(&b);
        std::vector<TextBlock> status;
        for (const Challenge& c : step.challenges) {
          status.push_back({c.status, {}});
          for (const TextBlock& b : c.success) claims.push_back(&b);
        }
        for (const TextBlock& b : status) claims.push_back(&b);
        for (const TextBlock* b : claims) {
          ++sentences;
          if (b->when) continue;  // marked when it stops holding
          for (const Piece& p : b->text)
            if (p.fill == Fill::Literal) {
              INFO(lesson->id << " " << step.id << ": " << p.text);
              CHECK_FALSE(std::regex_search(without_references(p.text), kDecimal));
            }
        }
      }
  CHECK(sentences > 80);
}

TEST_CASE("after random edits, what-ifs and settings, the texts say what the numbers say") {
  std::mt19937 rng(13);
  int conditions = 0, failing = 0, placeholders = 0;
  for (const auto& lesson : builtin_lessons()) {
    for (int round = 0; round < 6; ++round) {
      Session s(lesson);
      if (round) meddle(s, rng);
      // The same state computed afresh: what the texts must agree with.
      const Trace notebook = build_trace(s.lesson(), s.defaults());
      const Trace fresh = build_trace(s.lesson(), s.state(), &notebook, &s.defaults());
      const Evaluation e{fresh, notebook, s.state(), s.defaults()};
      size_t at = 0;
      for (const Part& part : s.lesson().parts)
        for (const StepSpec& spec : part.steps) {
          const TraceStep& shown = s.trace().steps[at++];
          INFO(lesson->id << " round " << round << " step " << spec.id);
          const Filling f{e, std::min(shown.precision, 3), "", ""};
          CHECK(shown.formula == render_text(spec.formula, f));
          REQUIRE(shown.sentences.size() == spec.text.size());
          for (size_t i = 0; i < spec.text.size(); ++i) {
            CHECK(shown.sentences[i].text == render_text(spec.text[i].text, f));
            for (const Piece& p : spec.text[i].text) placeholders += p.fill != Fill::Literal;
            if (!spec.text[i].when) {
              CHECK(shown.sentences[i].holds);
              continue;
            }
            ++conditions;
            const bool really = holds(*spec.text[i].when, e);
            CHECK(shown.sentences[i].holds == really);
            failing += !really;
          }
        }
    }
  }
  CHECK(placeholders > 100);
  CHECK(conditions > 40);
  CHECK(failing > 5);  // the edits did make some notebook sentences untrue
}

TEST_CASE("placeholders: values, percentages, the largest key, a row, the settings") {
  const LoadResult r =
      load_lesson(R"json({"id": "t", "title": "t", "tokens": ["a", "b"],
    "Q": [[1, 0], [0, 1]], "K": [[3, 0], [0, 1]], "V": [[1, 2], [3, 4]],
    "steps": [{"title": "s", "formula": "w = softmax(scores{scale}{mask})",
               "text": "{weights[a, a]:2} {weights[a, a]:%} {largest weights[a]} )json"
                  R"json({smallest weights[a]} {row V[b]:0} {sum weights[b]:1} {divisor}",
               "show": ["weights"]}]})json");
  REQUIRE_MESSAGE(r.ok(), r.error.message("inline"));
  Session s(std::make_shared<const Lesson>(*r.lesson));
  // scores a·a = 3, a·b = 0, divided by √2: softmax(2.12, 0) = (0.89, 0.11)
  CHECK(s.trace().steps[0].text == "0.89 89% a b [3, 4] 1.0 1.414");
  CHECK(s.trace().steps[0].formula == "w = softmax(scores / √d_k)");
  s.set_causal(0, true);
  s.set_scaling(0, {ScaleMode::Divide, 0.5});
  CHECK(s.trace().steps[0].formula == "w = softmax(scores / T + mask)");
  CHECK(s.trace().steps[0].text.substr(0, 10) == "1.00 100% ");
}
