// What a lesson says about its numbers is checked at load, with the loader's
// one-line errors: unknown matrices and tokens, malformed placeholders and
// conditions.
#include "core/load/lesson_logic_reader.h"

#include <doctest/doctest.h>

#include "core/load/lesson_loader.h"

using namespace attn;

namespace {
// The error line for a step text, or "ok".
std::string error_of(const std::string& text) {
  const std::string lesson = R"({"id": "t", "title": "t", "tokens": ["a", "b"],
    "Q": [[1, 0], [0, 1]], "K": [[3, 0], [0, 1]], "V": [[1, 2], [3, 4]],
    "steps": [{"title": "s", "text": )" +
                             text + R"(, "show": ["weights"]}]})";
  LoadResult r = load_lesson(lesson);
  return r.ok() ? "ok" : r.error.message("lesson.json");
}
}  // namespace

TEST_CASE("placeholders name matrices, tokens and formats the part has") {
  CHECK(error_of(R"("{weights[a, b]} {largest weights[a]} {row V[b]:2} {entropy weights[b]:%}")") ==
        "ok");
  CHECK(error_of(R"("{attention[a, b]}")") ==
        "lesson.json: /steps/0/text: \"attention\" is not a matrix this lesson computes");
  CHECK(error_of(R"("{weights[a, c]}")") ==
        "lesson.json: /steps/0/text: \"c\" is not a token of this lesson");
  CHECK(error_of(R"("{V[a, 7]}")") ==
        "lesson.json: /steps/0/text: \"7\" is not an index from 0 to 1");
  CHECK(error_of(R"("{weights[a]}")") ==
        "lesson.json: /steps/0/text: {weights[a]}: a number needs its row and column, [ROW, COL]");
  CHECK(
      error_of(R"("{median weights[a]}")") ==
      "lesson.json: /steps/0/text: {median weights[a]}: unknown function \"median\"; use largest, "
      "smallest, row, max, min, sum, spread or entropy");
  CHECK(error_of(R"("{weights[a, b]:99}")") ==
        "lesson.json: /steps/0/text: {weights[a, b]:99}: the format after \":\" is decimals (0 to "
        "12) or \"%\"");
  CHECK(error_of(R"("{picked}")") ==
        "lesson.json: /steps/0/text: {picked} belongs in a prediction's reveal");
  CHECK(error_of(R"("an open { brace")") ==
        "lesson.json: /steps/0/text: a \"{\" with no \"}\": write {{ for a brace");
  CHECK(error_of(R"("a {{brace} is fine")") == "ok");
}

TEST_CASE("sentences with conditions: each condition is checked where it is written") {
  CHECK(
      error_of(
          R"([{"text": "x", "when": {"largest": {"of": "weights", "query": "a"}, "is": "b"}}])") ==
      "ok");
  CHECK(
      error_of(
          R"([{"text": "x", "when": {"largest": {"of": "weights", "query": "z"}, "is": "b"}}])") ==
      "lesson.json: /steps/0/text/0/when/largest/query: \"z\" is not a token of this lesson");
  CHECK(error_of(R"([{"text": "x", "when": {"mask": true, "scale": "none"}}])") ==
        "lesson.json: /steps/0/text/0/when: a condition is exactly one of: all, any, not, compare, "
        "largest, smallest, changed, unchanged, same, scale, mask");
  CHECK(error_of(R"([{"text": "x", "when": {"compare": [1, "bigger", 2]}}])") ==
        "lesson.json: /steps/0/text/0/when/compare/1: expected \"above\", \"below\" or \"near\"");
  CHECK(error_of(R"([{"text": "x", "when": {"compare": [1, "near", 2]}}])") ==
        "lesson.json: /steps/0/text/0/when: missing key \"within\" (how near is near)");
  CHECK(error_of(R"([{"text": "x", "when": {"changed": {"only": ["W_q"]}}}])") ==
        "lesson.json: /steps/0/text/0/when/changed/only/0: \"W_q\" is not an input of this lesson, "
        "\"temperature\", \"mask\", \"seeds\", \"order\", \"first_position\" or \"what-ifs\"");
  CHECK(error_of(R"([{"txt": "x"}])") ==
        "lesson.json: /steps/0/text/0/txt: unknown key \"txt\"; did you mean \"text\"?");
  CHECK(error_of(R"(42)") ==
        "lesson.json: /steps/0/text: expected text, or a list of sentences, got a number");
}

// Cross-attention: a query's keys are the memory's tokens, in conditions, picks and placeholders
// (the cross-attention lesson's "Which French word will "cat" attend to most?").
TEST_CASE("a memory's tokens name the keys") {
  const auto error_with = [](const std::string& text) {
    const std::string lesson = R"({"id": "t", "title": "t", "tokens": ["a", "b"],
      "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
      "W_v": [[1, 0], [0, 1]],
      "memory": {"tokens": ["m", "n", "o"], "X": [[1, 0], [0, 1], [1, 1]]},
      "steps": [{"title": "s", "text": )" +
                               text + R"(, "show": ["weights", "memory"],
        "predict": [{"id": "p", "ask": "?", "pick": {"largest": {"of": "weights", "query": "a"}},
                     "reveal": "{answer}"}]}]})";
    LoadResult r = load_lesson(lesson);
    return r.ok() ? "ok" : r.error.message("lesson.json");
  };
  CHECK(error_with(R"("{weights[a, o]} {memory[n, 1]} {largest weights[b]}")") == "ok");
  CHECK(
      error_with(
          R"([{"text": "x", "when": {"largest": {"of": "weights", "query": "a"}, "is": "n"}}])") ==
      "ok");
  CHECK(
      error_with(
          R"([{"text": "x", "when": {"largest": {"of": "weights", "query": "a"}, "is": "b"}}])") ==
      "lesson.json: /steps/0/text/0/when/is: \"b\" is not a token of the memory");  // a key
  CHECK(error_with(R"("{weights[m, a]}")") ==
        "lesson.json: /steps/0/text: \"m\" is not a token of this lesson");
  LoadResult r = load_lesson(R"({"id": "t", "title": "t", "tokens": ["a", "b"],
      "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
      "memory": {"tokens": ["m", "n", "o"], "X": [[1, 0], [0, 1], [1, 1]]},
      "steps": [{"title": "s", "show": ["weights"],
        "predict": [{"id": "p", "ask": "?", "pick": {"largest": {"of": "weights", "query": "a"}},
                     "reveal": "{answer}"}]}]})");
  REQUIRE(r.ok());
}

TEST_CASE("a lesson with parts says \"this part\", one without says \"this lesson\"") {
  const std::string parts = R"({"id": "t", "title": "t", "parts": [{"id": "p", "tokens": ["a", "b"],
    "Q": [[1, 0], [0, 1]], "K": [[3, 0], [0, 1]], "V": [[1, 2], [3, 4]],
    "steps": [{"title": "s", "text": "{weights[a, c]}", "show": ["weights"]}]}]})";
  LoadResult r = load_lesson(parts);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error.message("lesson.json") ==
        "lesson.json: /parts/0/steps/0/text: \"c\" is not a token of this part");
  CHECK(error_of(R"("{weights[a, c]}")") ==
        "lesson.json: /steps/0/text: \"c\" is not a token of this lesson");
}
