// Every measure and every kind of condition, on a lesson small enough to
// work out by hand: two tokens, Q = I, K = diag(3, 1), V = [[1, 2], [3, 4]].
#include "core/lesson/condition.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/learning/session.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_logic_reader.h"
#include "core/logic/judge.h"

using namespace attn;

namespace {

std::shared_ptr<const Lesson> tiny() {
  LoadResult r = load_lesson(R"({"id": "t", "title": "t", "tokens": ["a", "b"],
    "Q": [[1, 0], [0, 1]], "K": [[3, 0], [0, 1]], "V": [[1, 2], [3, 4]]})");
  REQUIRE_MESSAGE(r.ok(), r.error.message("inline"));
  return std::make_shared<const Lesson>(std::move(*r.lesson));
}

// A condition written as in a lesson file, judged on the session's numbers.
bool judge(const Session& s, const char* text) {
  Reader r;
  LogicReader logic(r, s.lesson().parts[0], 0);
  Condition c;
  const bool read = logic.condition(json::parse(text), Pointer(), c);
  INFO(r.error().path << ": " << r.error().reason);
  REQUIRE(read);
  return holds(c, Evaluation{s.trace(), s.notebook(), s.state(), s.defaults()});
}

double measured(const Session& s, const char* text) {
  Reader r;
  LogicReader logic(r, s.lesson().parts[0], 0);
  Measure m;
  REQUIRE(logic.measure(json::parse(text), Pointer(), m));
  return measure(m, Evaluation{s.trace(), s.notebook(), s.state(), s.defaults()});
}

}  // namespace

TEST_CASE("measures: a value, a query's max, min, sum, spread and entropy, the divisor") {
  Session s(tiny());
  // scaled = [[3, 0], [0, 1]] / √2; softmax of row a: (0.8926, 0.1074)
  const double wa = 1.0 / (1.0 + std::exp(-3.0 / std::sqrt(2.0)));
  CHECK(measured(s, R"({"value": {"of": "weights", "query": "a", "key": "a"}})") ==
        doctest::Approx(wa).epsilon(1e-12));
  CHECK(measured(s, R"({"max": {"of": "weights", "query": "a"}})") ==
        doctest::Approx(wa).epsilon(1e-12));
  CHECK(measured(s, R"({"min": {"of": "weights", "query": "a"}})") ==
        doctest::Approx(1 - wa).epsilon(1e-12));
  CHECK(measured(s, R"({"sum": {"of": "weights", "query": "b"}})") ==
        doctest::Approx(1.0).epsilon(1e-12));
  CHECK(measured(s, R"({"spread": {"of": "scores", "query": "a"}})") == 3.0);
  CHECK(measured(s, R"({"entropy": {"of": "weights", "query": "a"}})") ==
        doctest::Approx(-wa * std::log(wa) - (1 - wa) * std::log(1 - wa)).epsilon(1e-12));
  CHECK(measured(s, R"({"divisor": true})") == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
  CHECK(measured(s, R"({"value": {"of": "V", "token": "b", "dim": 1}})") == 4.0);
  CHECK(measured(s, "0.25") == 0.25);
}

TEST_CASE("compare, largest, smallest, all, any, not") {
  Session s(tiny());
  CHECK(judge(s, R"({"compare": [{"max": {"of": "weights", "query": "a"}}, "above", 0.8]})"));
  CHECK_FALSE(judge(s, R"({"compare": [{"max": {"of": "weights", "query": "a"}}, "below", 0.8]})"));
  CHECK(judge(
      s, R"({"compare": [{"sum": {"of": "weights", "query": "a"}}, "near", 1], "within": 1e-9})"));
  CHECK(judge(s, R"({"largest": {"of": "weights", "query": "a"}, "is": "a"})"));
  CHECK(judge(s, R"({"largest": {"of": "weights", "query": "b"}, "is": "b"})"));
  CHECK(judge(s, R"({"smallest": {"of": "weights", "query": "a"}, "is": "b"})"));
  CHECK_FALSE(judge(s, R"({"largest": {"of": "weights", "query": "a"}, "is": "b"})"));
  CHECK(judge(
      s, R"({"all": [{"largest": {"of": "weights", "query": "a"}, "is": "a"}, {"mask": false}]})"));
  CHECK_FALSE(judge(
      s, R"({"all": [{"largest": {"of": "weights", "query": "a"}, "is": "a"}, {"mask": true}]})"));
  CHECK(judge(s, R"({"any": [{"mask": true}, {"scale": "sqrt_dk"}]})"));
  CHECK(judge(s, R"({"not": {"mask": true}})"));
}

TEST_CASE("same: two matrices equal entry by entry, within a tolerance") {
  Session s(tiny());
  CHECK(judge(s, R"({"same": ["Q", "Q"]})"));
  CHECK_FALSE(judge(s, R"({"same": ["Q", "K"]})"));  // diag(1, 1) against diag(3, 1)
  CHECK(judge(s, R"({"same": ["Q", "K"], "within": 2})"));
  REQUIRE(s.set_value({0, Stage::K, 0, 0}, 0, 0, 1.0) == "");
  CHECK(judge(s, R"({"same": ["Q", "K"]})"));
}

TEST_CASE("settings, and the learner's numbers against the notebook's") {
  Session s(tiny());
  CHECK(judge(s, R"({"unchanged": {"of": "weights", "query": "a"}})"));
  CHECK_FALSE(judge(s, R"({"changed": {"something": true}})"));  // nothing changed yet
  s.set_scaling(0, {ScaleMode::Divide, 0.1});
  CHECK(judge(s, R"({"scale": "temperature"})"));
  CHECK_FALSE(judge(s, R"({"unchanged": {"of": "weights", "query": "a"}})"));
  CHECK(judge(s, R"({"changed": {"only": ["temperature"], "something": true}})"));
  CHECK_FALSE(judge(s, R"({"changed": {"only": ["K"]}})"));  // the temperature is not allowed
  // A notebook measure: the learner's weight against the notebook's.
  CHECK(judge(s, R"({"compare": [{"max": {"of": "weights", "query": "a"}}, "above",
                                 {"max": {"of": "weights", "query": "a"}, "notebook": true}]})"));
  s.reset();
  REQUIRE(s.set_value({0, Stage::K, 0, 0}, 1, 0, 5.0) == "");
  CHECK(judge(s, R"({"changed": {"only": ["K"], "cells_at_most": 1}})"));
  REQUIRE(s.set_value({0, Stage::K, 0, 0}, 1, 1, 5.0) == "");
  CHECK_FALSE(judge(s, R"({"changed": {"only": ["K"], "cells_at_most": 1}})"));
  REQUIRE(s.set_value({0, Stage::scores, 0, 0}, 0, 1, 9.0) == "");
  CHECK_FALSE(judge(s, R"({"changed": {"only": ["K"]}})"));  // a what-if is not allowed
  CHECK(judge(s, R"({"changed": {"only": ["K", "what-ifs"]}})"));
}

TEST_CASE("a condition on a matrix the settings removed does not hold, and never crashes") {
  Session s(tiny());
  CHECK_FALSE(judge(s, R"({"compare": [{"max": {"of": "masked", "query": "b"}}, "above", -1]})"));
  s.set_causal(0, true);
  CHECK(judge(s, R"({"compare": [{"max": {"of": "masked", "query": "b"}}, "above", -1]})"));
}
