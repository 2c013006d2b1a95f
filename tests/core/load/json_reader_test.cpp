// Tests of core/load/json_reader.h: untrusted JSON read without throwing.
#include "core/load/json_reader.h"
#include "core/lesson/lesson.h"

#include <doctest/doctest.h>

using namespace attn;

TEST_CASE("depth is checked before anything is built; syntax errors come back as values") {
  LoadError e;
  CHECK_FALSE(parse_json(std::string(20, '[') + std::string(20, ']'), 16, e));
  CHECK(e.reason == "nested deeper than 16 levels");
  CHECK(e.path == "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0");  // the 17th level
  CHECK(parse_json(std::string(16, '[') + std::string(16, ']'), 16, e));
  CHECK_FALSE(parse_json("{\"a\": [1, 2,", 16, e));
  CHECK(e.reason.rfind("invalid JSON: ", 0) == 0);
  CHECK_FALSE(parse_json("[1, NaN]", 16, e));
  CHECK(e.path == "/1");
  CHECK(e.reason == "NaN and Infinity are not JSON numbers; write a finite number");
}

TEST_CASE("the first problem is kept, with its JSON Pointer") {
  Reader r;
  const json doc = json::parse(R"({"a/b": {"x": "s"}})");
  std::string out;
  CHECK_FALSE(r.text(doc["a/b"], Pointer("/a~1b"), "y", 10, true, out));
  CHECK_FALSE(r.text(doc["a/b"], Pointer("/a~1b"), "x", 0, true, out));  // too long: not recorded
  CHECK(r.error().path == "/a~1b");
  CHECK(r.error().reason == "missing key \"y\"");
}

TEST_CASE("unknown keys suggest the closest allowed one; notes are allowed") {
  Reader r;
  CHECK(r.known_keys(json::parse(R"({"_note": 1, "causal": true})"), Pointer(), {"causal"}));
  CHECK_FALSE(r.known_keys(json::parse(R"({"casual": true})"), Pointer(), {"causal", "heads"}));
  CHECK(r.error().reason == "unknown key \"casual\"; did you mean \"causal\"?");
}

TEST_CASE("matrices: rows of equal length, finite numbers within range") {
  Reader r;
  Matrix m;
  CHECK(r.matrix(json::parse("[[1, 2], [3, 4]]"), Pointer("/X"), std::nullopt, 8, 10, m));
  CHECK(m(1, 0) == 3);
  CHECK(r.matrix(json::parse("[1, 2, 3]"), Pointer("/b"), true, 8, 10, m));  // a column
  CHECK((m.rows() == 3 && m.cols() == 1));
  CHECK_FALSE(r.matrix(json::parse("[[1, 20]]"), Pointer("/X"), std::nullopt, 8, 10, m));
  CHECK(r.error().path == "/X/0/1");
  CHECK(r.error().reason == "20 is out of range (|value| <= 10)");
}

TEST_CASE("a word from an enum's table") {
  Reader r;
  Layout layout = Layout::Rows;
  CHECK(r.word(json("columns"), Pointer("/layout"), kLayoutNames, layout, "no"));
  CHECK(layout == Layout::Columns);
  CHECK_FALSE(r.word(json(3), Pointer("/layout"), kLayoutNames, layout, "not a layout"));
  CHECK(r.error().reason == "not a layout");
}
