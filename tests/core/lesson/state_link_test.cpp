// Tests of core/lesson/state_link.h: the learner's changes through a link and back.
#include "core/lesson/state_link.h"

#include <doctest/doctest.h>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "support/printed.h"

using namespace attn;

TEST_CASE("the lesson's own numbers need no state at all") {
  const Lesson& l = *test::builtin("the-cat-sat");
  CHECK(encode_state(l, default_state(l)) == "");
}

TEST_CASE("edits, seeds, scale and mask survive the round trip exactly") {
  for (const auto& lesson : builtin_lessons()) {
    const Lesson& l = *lesson;
    INFO(l.id);
    Session s(lesson);
    for (const TraceMatrix& m : s.trace().matrices)
      if (m.editable) {
        CHECK(s.set_value(m.key, m.value.rows() - 1, 0, 0.1 + 1.0 / 3.0) == "");
        break;
      }
    if (!l.parts[0].random.empty()) s.set_seed(0, 0, 1234567);
    s.set_scaling(s.lesson().main_part, {ScaleMode::Divide, 0.37});
    s.set_causal(s.lesson().main_part, true);
    for (const TraceMatrix& m : s.trace().matrices)  // a what-if score
      if (m.overridable && m.key.stage == Stage::scores) {
        CHECK(s.set_value(m.key, 0, m.value.cols() - 1, 2.0 / 3.0) == "");
        break;
      }
    const std::string text = encode_state(l, s.state());
    const DecodedState d = decode_state(l, text);
    REQUIRE_MESSAGE(d.state, d.error);
    CHECK(*d.state == s.state());
    CHECK(text.size() < 400);  // a handful of changes: a short link
  }
}

TEST_CASE("malformed or foreign states are refused with a reason") {
  const Lesson& l = *test::builtin("i-am-batman");
  CHECK(decode_state(l, "{").error == "the link's state is not readable");
  CHECK(decode_state(l, R"({"v": 2, "parts": []})").error ==
        "the link's state is from another version");
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 3}]})").error ==
        "the link's state is for another lesson");
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 0, "set": [["W_x", 0, 0, 1]]}]})").error ==
        "the link edits \"W_x\", which this lesson has no input of");
  CHECK(
      decode_state(l, R"({"v": 1, "parts": [{"part": 0, "set": [["X", 9, 0, 1]]}]})").error ==
      "an edit in the link is outside its matrix: [\"X\",9,0,1], and X is 3 × 2 (rows and columns "
      "count from 0)");
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 0, "scale": "huge"}]})").error ==
        "the link's scale is not \"sqrt_dk\", \"none\" or a number");
  CHECK(decode_state(l, std::string(70000, ' ')).error == "the link's state is too long");
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 0, "override": [["output", 0, 0, 0, 1]]}]})")
            .error == "the link overrides \"output\", which this lesson does not compute");
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 0, "override": [["scores", 1, 0, 0, 1]]}]})")
            .error == "an override in the link is outside its matrix");  // one head: head 0
  CHECK(decode_state(l, R"({"v": 1, "parts": [{"part": 0, "override": [["scores", 0, 0, 0, 1],
                                                                      ["scores", 0, 0, 0, 2]]}]})")
            .error == "the link overrides one number twice");
  // Values beyond the limits are clamped, not refused.
  const DecodedState d =
      decode_state(l, R"({"v": 1, "parts": [{"part": 0, "set": [["X", 0, 0, 1e300]]}]})");
  REQUIRE(d.state);
  CHECK(d.state->parts[0].inputs.at(Stage::X)(0, 0) == Limits::kMaxAbsValue);
}
