// Progress counts, and the saved-work format: what a reload restores, and
// what it refuses (with a reason) rather than breaking the page.
#include "core/learning/progress.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/lesson/state_link.h"
#include "core/load/builtin_lessons.h"

using namespace attn;

namespace {

const Lesson& cat() { return *find_builtin_lesson("the-cat-sat"); }

// The first prediction and challenge of a lesson.
std::string first_prediction(const Lesson& l) {
  for (const Part& p : l.parts)
    for (const StepSpec& s : p.steps)
      if (!s.predictions.empty()) return s.predictions[0].id;
  return "";
}
std::string first_challenge(const Lesson& l) {
  for (const Part& p : l.parts)
    for (const StepSpec& s : p.steps)
      if (!s.challenges.empty()) return s.challenges[0].id;
  return "";
}

}  // namespace

TEST_CASE("counts: steps seen, predictions answered and right, challenges solved, a score") {
  const Lesson& l = cat();
  LessonProgress p;
  ProgressCounts c = count_progress(l, p);
  CHECK(c.steps == 5);
  CHECK(c.visited == 0);
  CHECK(c.predictions >= 2);
  CHECK(c.challenges >= 1);
  CHECK(c.score() == doctest::Approx(0.0).epsilon(1e-12));
  CHECK_FALSE(c.complete());
  p.visited = {0, 1, 2, 3, 4, 99};  // a step the lesson does not have is not counted
  p.answers[first_prediction(l)] = {false, 1, true, "cat", default_state(l)};
  p.solved[first_challenge(l)] = default_state(l);
  c = count_progress(l, p);
  CHECK(c.visited == 5);
  CHECK(c.complete());
  CHECK(c.answered == 1);
  CHECK(c.right == 1);
  CHECK(c.solved == 1);
  CHECK(c.score() == doctest::Approx(2.0 / (c.predictions + c.challenges)).epsilon(1e-12));
}

TEST_CASE("saved work round-trips: step, numbers, answers, hints, solved") {
  const Lesson& l = cat();
  SavedWork w;
  w.step = 3;
  w.state = decode_state(l, R"({"v":1,"parts":[{"part":0,"set":[["W_k",1,0,1.5]]}]})").state;
  REQUIRE(w.state);
  w.progress.visited = {0, 1, 3};
  w.progress.answers[first_prediction(l)] = {false, 2, false, "cat", w.state};
  w.progress.hints[first_challenge(l)] = 1;
  w.progress.solved[first_challenge(l)] = w.state;
  w.opened = "1";
  const DecodedWork d = decode_saved(l, encode_saved(l, w));
  REQUIRE_MESSAGE(d.work, d.error);
  CHECK(d.work->step == 3);
  CHECK(d.work->state == w.state);
  CHECK(d.work->progress == w.progress);
  CHECK(d.work->opened == "1");
}

TEST_CASE("an answer's numbers: kept when they are this lesson's, else dropped, never the work") {
  const Lesson& l = cat();
  const std::string id = first_prediction(l);
  auto answer_state = [&](const nlohmann::json& state) {
    SavedWork w;
    w.progress.answers[id] = {false, 1, true, "cat", default_state(l)};
    nlohmann::json doc = nlohmann::json::parse(encode_saved(l, w));
    doc["answers"][id]["state"] = state;
    const DecodedWork d = decode_saved(l, doc.dump());
    REQUIRE_MESSAGE(d.work, d.error);
    return d.work->progress.answers.at(id).state;
  };
  CHECK(answer_state("") == std::optional(default_state(l)));  // the notebook's numbers
  const std::string edited = R"({"v":1,"parts":[{"part":0,"set":[["W_k",1,0,1.5]]}]})";
  CHECK(answer_state(edited) == decode_state(l, edited).state);
  CHECK(answer_state(edited) != std::optional(default_state(l)));
  CHECK_FALSE(answer_state(R"({"v": 7})").has_value());  // not this lesson's: unknown
  CHECK_FALSE(answer_state(3).has_value());
}

TEST_CASE("saved work that is corrupt, foreign or stale is refused with a reason") {
  const Lesson& l = cat();
  auto reason = [&](const std::string& text) {
    const DecodedWork d = decode_saved(l, text);
    CHECK_FALSE(d.work);
    return d.error;
  };
  CHECK(reason("") == "it is not readable");
  CHECK(reason("{\"v\": 1, \"lesson\": \"the-cat-sat\"") == "it is not readable");
  CHECK(reason("[1, 2]") == "it is not readable");
  CHECK(reason(std::string(300000, ' ')) == "it is too long");
  CHECK(reason(std::string(100, '[') + std::string(100, ']')) == "it is not readable");
  CHECK(reason(R"({"v": 2, "lesson": "the-cat-sat"})") == "it is from another version");
  CHECK(reason(R"({"v": 1, "lesson": "i-am-batman"})") == "it belongs to another lesson");
  CHECK(reason(R"({"v": 1, "lesson": "the-cat-sat", "step": 5})") ==
        "its step is not a step of this lesson");
  CHECK(reason(R"({"v": 1, "lesson": "the-cat-sat", "step": "2"})") ==
        "its step is not a step of this lesson");
  CHECK(reason(R"({"v": 1, "lesson": "the-cat-sat", "state": {"v": 1, "parts": [{"part": 0,
        "set": [["W_zz", 0, 0, 1]]}]}})")
            .find("W_zz") != std::string::npos);
  CHECK(reason(R"({"v": 1, "lesson": "the-cat-sat", "answers": []})") ==
        "its answers are not readable");
  const std::string bad_answer = R"({"v": 1, "lesson": "the-cat-sat", "answers": {")" +
                                 first_prediction(l) + R"(": {"picked": "x"}}})";
  CHECK(reason(bad_answer) == "an answer is not readable");
}

TEST_CASE("saved work for predictions and challenges the lesson no longer has is dropped") {
  const Lesson& l = cat();
  const DecodedWork d = decode_saved(l, R"({"v": 1, "lesson": "the-cat-sat", "step": 1,
    "visited": [0, 1, 42, -1, "x"], "answers": {"gone": {"skipped": true}},
    "hints": {"gone": 2}, "solved": ["gone", 7]})");
  REQUIRE_MESSAGE(d.work, d.error);
  CHECK(d.work->progress.visited == std::set<int>{0, 1});
  CHECK(d.work->progress.answers.empty());
  CHECK(d.work->progress.hints.empty());
  CHECK(d.work->progress.solved.empty());
}
