// Predictions and challenges on a lesson small enough to work out by hand:
// two tokens, Q = I, K = diag(3, 1), V = [[1, 2], [3, 4]]; d_k = 2, so row
// "a" of the weights is softmax(3/√2, 0) = (0.8926, 0.1074).
#include "core/lesson/activity.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/learning/activity_view.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/state_link.h"
#include "core/load/lesson_loader.h"
#include "core/logic/answers.h"
#include "core/logic/judge.h"
#include "core/text/translation.h"
#include "support/printed.h"

using namespace attn;

namespace {

const char* kLesson = R"({"id": "t", "title": "t", "tokens": ["a", "b"],
  "Q": [[1, 0], [0, 1]], "K": [[3, 0], [0, 1]], "V": [[1, 2], [3, 4]],
  "steps": [{"id": "w", "title": "weights", "show": ["weights"],
    "predict": [
      {"id": "most", "ask": "Which key will \"a\" attend to most?",
       "pick": {"largest": {"of": "weights", "query": "a"}},
       "reveal": "You picked {picked}; {answer} gets {max weights[a]:2}."},
      {"id": "peak", "ask": "Peaked or flat?",
       "choices": [{"text": "peaked",
                    "when": {"compare": [{"max": {"of": "weights", "query": "a"}}, "above", 0.8]}},
                   {"text": "flat",
                    "when": {"compare": [{"max": {"of": "weights", "query": "a"}}, "below", 0.8]}}],
       "reveal": ["It is {answer}."]},
      {"id": "how-much", "ask": "How much does \"a\" give \"b\"?",
       "estimate": {"measure": {"value": {"of": "weights", "query": "a", "key": "b"}},
                    "min": 0, "max": 1, "within": 0.05},
       "reveal": "You said {picked}, it is {answer}."}],
    "challenges": [
      {"id": "flip", "task": "Make \"a\" attend most to \"b\" by changing one number of K.",
       "goal": {"largest": {"of": "weights", "query": "a"}, "is": "b"},
       "allowed": {"only": ["K"], "cells_at_most": 1},
       "meter": {"measure": {"value": {"of": "weights", "query": "a", "key": "b"}}, "target": 0.5},
       "status": "\"b\" gets {weights[a, b]}",
       "hints": ["K's first row is a's own key.", "Make K[b, 0] larger than 3."],
       "success": "\"a\" now looks at \"b\".",
       "solution": {"v": 1, "parts": [{"part": 0, "set": [["K", 1, 0, 4]]}]}}]}]})";

std::shared_ptr<const Lesson> lesson() {
  LoadResult r = load_lesson(kLesson);
  REQUIRE_MESSAGE(r.ok(), r.error.message("inline"));
  return std::make_shared<const Lesson>(std::move(*r.lesson));
}

Evaluation now(const Session& s) { return {s.trace(), s.notebook(), s.state(), s.defaults()}; }

const StepSpec& step(const Session& s) { return s.lesson().parts[0].steps[0]; }

}  // namespace

TEST_CASE("pick a key: judged by where the live row is largest, ties all right") {
  Session s(lesson());
  const Prediction& p = step(s).predictions[0];
  CHECK(prediction_options(p, s.trace()) == std::vector<std::string>{"a", "b"});
  CHECK(right_option(p, now(s)) == 0);
  CHECK(is_right(p, now(s), 0));
  CHECK_FALSE(is_right(p, now(s), 1));
  CHECK_FALSE(is_right(p, now(s), 7));  // not an option
  CHECK(picked_text(p, s.trace(), 1) == "b");
  CHECK(answer_text(p, now(s), 3) == "a");
  // After an edit the same answer is judged on the new numbers.
  REQUIRE(s.set_value(test::key_of(s.trace(), "K"), 1, 0, 4.0).empty());
  CHECK(right_option(p, now(s)) == 1);
  CHECK(is_right(p, now(s), 1));
  REQUIRE(s.set_value(test::key_of(s.trace(), "K"), 1, 0, 3.0).empty());  // a tie
  CHECK(is_right(p, now(s), 0));
  CHECK(is_right(p, now(s), 1));
}

TEST_CASE("choices: the right one is the one whose condition holds now") {
  Session s(lesson());
  const Prediction& p = step(s).predictions[1];
  CHECK(prediction_options(p, s.trace()) == std::vector<std::string>{"peaked", "flat"});
  CHECK(right_option(p, now(s)) == 0);  // 0.89 > 0.8
  CHECK(is_right(p, now(s), 0));
  CHECK_FALSE(is_right(p, now(s), 1));
  s.set_scaling(0, {ScaleMode::Divide, 100.0});  // a high temperature flattens it
  CHECK(right_option(p, now(s)) == 1);
  CHECK(answer_text(p, now(s), 3) == "flat");
}

TEST_CASE("estimate: right within its tolerance of the live measure") {
  Session s(lesson());
  const Prediction& p = step(s).predictions[2];
  const double truth = 1.0 / (1.0 + std::exp(3.0 / std::sqrt(2.0)));  // 0.1074
  CHECK(prediction_options(p, s.trace()).empty());
  CHECK(is_right(p, now(s), truth + 0.049));
  CHECK_FALSE(is_right(p, now(s), truth + 0.051));
  CHECK(picked_text(p, s.trace(), 0.25) == "0.25");
  CHECK(answer_text(p, now(s), 2) == "0.11");
}

TEST_CASE("answer_reads: the matrices each kind of prediction is judged on") {
  Session s(lesson());
  const MatrixKey weights = test::key_of(s.trace(), "weights");
  for (const Prediction& p : step(s).predictions)  // a pick, choices, an estimate
    CHECK(answer_reads(p) == std::vector<MatrixKey>{weights});
  Prediction both;
  both.kind = Prediction::Kind::Choose;
  Choice same;
  same.when.kind = Condition::Kind::Same;
  same.when.a = weights;
  same.when.b = test::key_of(s.trace(), "output");
  both.choices = {same, same};
  Choice setting;  // a setting, no numbers
  setting.when.kind = Condition::Kind::ScaleIs;
  both.choices.push_back(setting);
  CHECK(answer_reads(both) == std::vector<MatrixKey>{weights, test::key_of(s.trace(), "output")});
}

TEST_CASE("an answer is kept in no language, and read in the current one") {
  Session s(lesson());
  const Prediction& pick = step(s).predictions[0];
  const Prediction& choices = step(s).predictions[1];
  const Prediction& estimate = step(s).predictions[2];
  CHECK(answer_key(pick, now(s)) == "a");
  CHECK(answer_key(choices, now(s)) == "0");
  CHECK(answer_key(estimate, now(s)) == "0.107");
  CHECK(answer_of_key(choices, s.trace(), "0") == "peaked");
  CHECK(answer_of_key(choices, s.trace(), "flat") == "flat");             // kept before keys were
  REQUIRE(s.set_value(test::key_of(s.trace(), "K"), 1, 0, 3.0).empty());  // a tie
  CHECK(answer_key(pick, now(s)) == "a\nb");
  CHECK(answer_of_key(pick, s.trace(), "a\nb") == "a and b");

  // Answered during the tie, then read in another language: the answer has
  // not changed, only the words around it.
  const PredictionAnswer given{false, 0.0, true, answer_key(pick, now(s)), std::nullopt};
  std::string error;
  const auto es = Catalog::parse(
      R"({"language": "es", "messages": {"{list} and {item}": "{list} y {item}"}})", &error);
  const PredictionView v = [&] {
    const CatalogScope spanish(es.get());
    return view_prediction(pick, now(s), &given, 3);
  }();
  CHECK(v.answer == "a y b");
  CHECK(v.answer_now == "");
  // After an edit that moves it: the answer then, in the current language,
  // and the answer now on a line of its own.
  REQUIRE(s.set_value(test::key_of(s.trace(), "K"), 1, 0, 4.0).empty());
  const PredictionView moved = view_prediction(pick, now(s), &given, 3);
  CHECK(moved.answer == "a and b");
  CHECK(moved.answer_now == "b");
}

TEST_CASE("a reveal is judged and worded on the numbers it was answered on") {
  // Answered "b" (wrong: "a" gets 0.89), then K edited until "b" wins: the
  // reveal still says what was true then, and the change is a line apart.
  Session s(lesson());
  const Prediction& pick = step(s).predictions[0];
  const LessonState then_state = s.state();
  const Trace then_trace = s.trace();
  const PredictionAnswer given{false, 1.0, is_right(pick, now(s), 1.0), answer_key(pick, now(s)),
                               s.state()};
  CHECK_FALSE(given.right);
  REQUIRE(s.set_value(test::key_of(s.trace(), "K"), 1, 0, 5.0).empty());
  CHECK(answer_key(pick, now(s)) == "b");  // "b" is right now
  const Evaluation then{then_trace, s.notebook(), then_state, s.defaults()};
  const PredictionView v = view_prediction(pick, now(s), &given, 2, nullptr, &then);
  CHECK_FALSE(v.right);
  CHECK(v.picked == "b");
  CHECK(v.answer == "a");
  REQUIRE(v.reveal.size() == 1);
  CHECK(v.reveal[0] == "You picked b; a gets 0.89.");
  CHECK(v.answer_now == "b");
  // Without the numbers then (work saved before they were kept), the answer
  // is still theirs; the reveal can only read today's numbers.
  PredictionAnswer old = given;
  old.state.reset();
  const PredictionView legacy = view_prediction(pick, now(s), &old, 2);
  CHECK(legacy.answer == "a");
  CHECK(legacy.answer_now == "b");
}

TEST_CASE("a challenge: the goal, what may change, how close, solved only within the rules") {
  Session s(lesson());
  const Challenge& c = step(s).challenges[0];
  ChallengeStatus st = challenge_status(c, now(s));
  CHECK_FALSE(st.goal);
  CHECK_FALSE(st.changed);
  CHECK(st.within_rules);
  CHECK(st.closeness == doctest::Approx(0.0).epsilon(1e-12));
  CHECK_FALSE(st.solved());

  const MatrixKey k = test::key_of(s.trace(), "K");
  REQUIRE(s.set_value(k, 1, 0, 2.0).empty());  // on the way: b's weight grows
  st = challenge_status(c, now(s));
  CHECK(st.changed);
  CHECK(st.closeness > 0.0);
  CHECK(st.closeness < 1.0);
  CHECK_FALSE(st.solved());

  REQUIRE(s.set_value(k, 1, 0, 4.0).empty());
  st = challenge_status(c, now(s));
  CHECK(st.goal);
  CHECK(st.closeness == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(st.solved());

  REQUIRE(s.set_value(k, 0, 1, 0.5).empty());  // a second number of K: against the rules
  st = challenge_status(c, now(s));
  CHECK(st.goal);
  CHECK_FALSE(st.within_rules);
  CHECK_FALSE(st.solved());

  s.reset();  // the temperature alone is not allowed either
  s.set_scaling(0, {ScaleMode::Divide, 0.01});
  CHECK_FALSE(challenge_status(c, now(s)).within_rules);
}

TEST_CASE("a challenge's solution, applied, solves it") {
  Session s(lesson());
  const Challenge& c = step(s).challenges[0];
  REQUIRE(c.solution);
  s.set_state(*c.solution);
  CHECK(challenge_status(c, now(s)).solved());
}

TEST_CASE("what the rules allow, in words") {
  Session s(lesson());
  const Part& part = s.lesson().parts[0];
  CHECK(allowed_text(step(s).challenges[0].allowed, part) == "one number of K");
  ChangeRule r;
  r.temperature = true;
  CHECK(allowed_text(r, part) == "the temperature");
  r.inputs = {Stage::Q, Stage::K};
  r.max_cells = 2;
  CHECK(allowed_text(r, part) == "Q, K or the temperature (at most 2 numbers)");
}
