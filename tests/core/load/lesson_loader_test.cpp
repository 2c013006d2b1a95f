// Tests of core/load/lesson_loader.h: lesson files loaded, or refused with a message.
#include "core/load/lesson_loader.h"

#include <doctest/doctest.h>

#include <string>

using namespace attn;

namespace {
// The error line for a lesson text, or "ok".
std::string error_of(const std::string& json) {
  LoadResult r = load_lesson(json);
  return r.ok() ? "ok" : r.error.message("lesson.json");
}

const char* kMinimal = R"({"id": "tiny", "title": "Tiny", "tokens": ["a", "b"],
  "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
    "W_v": [[1, 2], [3, 4]]})";
}  // namespace

TEST_CASE("the minimal keys are enough, with defaults") {
  LoadResult r = load_lesson(kMinimal);
  REQUIRE(r.ok());
  const Lesson& l = *r.lesson;
  CHECK(l.id == "tiny");
  REQUIRE(l.parts.size() == 1);
  CHECK(l.parts[0].heads == 1);
  CHECK(l.parts[0].options.scaling.mode == ScaleMode::SqrtDk);
  CHECK_FALSE(l.parts[0].options.causal);
  CHECK(l.parts[0].layout == Layout::Rows);
  CHECK(!l.parts[0].steps.empty());  // default steps
}

TEST_CASE("scale accepts sqrt_dk, none, or a number to divide by") {
  std::string j = kMinimal;
  j.insert(j.size() - 1, R"(, "scale": 2.5, "causal": true)");
  LoadResult r = load_lesson(j);
  REQUIRE(r.ok());
  CHECK(r.lesson->parts[0].options.scaling.mode == ScaleMode::Divide);
  CHECK(r.lesson->parts[0].options.scaling.divisor == 2.5);
  CHECK(r.lesson->parts[0].options.causal);
}

TEST_CASE("errors name the JSON path and the reason") {
  CHECK(error_of("{").find("lesson.json: invalid JSON: ") == 0);
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a"], "X": [[1, 2]], )"
                 R"("W_q": [[1], [2]], "W_k": [[1], [2]], "casual": true})") ==
        "lesson.json: /casual: unknown key \"casual\"; did you mean \"causal\"?");
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a", "b"], "X": [[1, 2], [3]], )"
                 R"("W_q": [[1], [2]], "W_k": [[1], [2]]})") ==
        "lesson.json: /X/1: row has 1 number, expected 2 like row 0 (rows must have equal length)");
  CHECK(error_of(R"({"title": "x"})") == "lesson.json: missing key \"id\"");
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a"], "X": [[1, 2]], )"
                 R"("W_q": [[1], [2], [3]], "W_k": [[1], [2]]})") ==
        "lesson.json: /W_q: W_q (3, 1) does not fit: X·W needs as many rows as X has columns (2)");
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a"], "heads": 2, "X": [[1, 2]], )"
                 R"("W_q": [[1, 1, 1], [2, 2, 2]], "W_k": [[1, 1, 1], [2, 2, 2]]})") ==
        "lesson.json: /W_q: W_q (2, 3): its width 3 does not divide into 2 equal heads");
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a"], "X": [[1, NaN]]})") ==
        "lesson.json: /X/0/1: NaN and Infinity are not JSON numbers; write a finite number");
  CHECK(error_of(R"({"id": "x", "title": "x", "tokens": ["a"], "X": [[1, 1e999]], )"
                 R"("W_q": [[1], [2]], "W_k": [[1], [2]]})") ==
        "lesson.json: /X/0/1: number 1e999 is too large to be a finite number");
}

TEST_CASE("a lesson may name its JSON Schema, for editors") {
  std::string j = kMinimal;
  j.insert(1, R"("$schema": "https://attention-lab.example/lesson.schema.json", )");
  CHECK(error_of(j) == "ok");
}

TEST_CASE("display names name matrices the part has") {
  std::string j = kMinimal;
  j.insert(j.size() - 1, R"(, "names": {"weights_h1": "w"})");
  CHECK(error_of(j) ==
        "lesson.json: /names/weights_h1: \"weights_h1\" names no matrix: use a stage (X, W_q, …, "
        "scores, weights, output), with _hN for a head and @VARIANT");
}

TEST_CASE("steps may only show matrices the part computes") {
  std::string j = kMinimal;
  j.insert(j.size() - 1, R"(, "steps": [{"title": "One", "show": ["weights", "nonsense"]}])");
  CHECK(error_of(j) ==
        "lesson.json: /steps/0/show/1: \"nonsense\" is not a matrix this lesson computes");
}

TEST_CASE("deep nesting is refused before it is built") {
  std::string deep = R"({"id": "x", "title": "x", "tokens": )" + std::string(100, '[') +
                     std::string(100, ']') + "}";
  CHECK(error_of(deep).find("nested deeper than 16 levels") != std::string::npos);
}

TEST_CASE("random draws fill inputs in the stated order") {
  LoadResult r =
      load_lesson(R"({"id": "r", "title": "r", "tokens": ["a", "b"], "X": [[1, 0], [0, 1]],
    "random": [{"seed": 0, "draws": [{"name": "W_q", "fn": "rand", "shape": [2, 2]},
                                     {"name": "W_k", "fn": "rand", "shape": [2, 2]}]}]})");
  REQUIRE(r.ok());
  const LessonState s = default_state(*r.lesson);
  CHECK(s.parts[0].inputs.at(Stage::W_q)(0, 0) ==
        doctest::Approx(0.5488135039273248).epsilon(1e-15));
  CHECK(s.parts[0].inputs.at(Stage::W_k)(0, 0) ==
        doctest::Approx(0.4236547993389047).epsilon(1e-15));
  CHECK(s.parts[0].seeds == std::vector<uint32_t>{0});
}

TEST_CASE("errors are one line even when the file's keys hold line breaks (found by the fuzzer)") {
  const std::string e = error_of("{\"title\": \"x\", \"a\\nb\": 1}");
  CHECK(e == "lesson.json: /a\\nb: unknown key \"a\\nb\"");
  CHECK(e.find('\n') == std::string::npos);
  // JSON Pointer escaping: "/" and "~" inside keys.
  CHECK(error_of(R"({"a/b~c": 1})") == "lesson.json: /a~1b~0c: unknown key \"a/b~c\"");
}
