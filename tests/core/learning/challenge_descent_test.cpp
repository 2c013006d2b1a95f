// "Show how gradient descent would do it": a challenge's loss against central
// finite differences, descent reaching the goal of the built-in challenges it
// applies to within its bound, and only finite numbers for any finite start.
#include "core/learning/challenge_descent.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/load/builtin_lessons.h"
#include "core/math/numpy_random.h"

using namespace attn;

namespace {

struct Case {
  std::shared_ptr<const Lesson> lesson;
  const Challenge* challenge;
};

Case builtin(const char* lesson, const char* challenge) {
  Case c{find_builtin_lesson(lesson), nullptr};
  REQUIRE(c.lesson);
  c.challenge = find_challenge(*c.lesson, challenge);
  REQUIRE(c.challenge);
  return c;
}

}  // namespace

TEST_CASE("which built-in challenges gradient descent can do") {
  CHECK(descent_unsupported(*builtin("the-cat-sat", "cat-sat-make-sat-win").lesson,
                            *builtin("the-cat-sat", "cat-sat-make-sat-win").challenge) == "");
  const Case th = builtin("train-a-head", "th-by-hand");
  CHECK(descent_unsupported(*th.lesson, *th.challenge) == "");
  // Changing X, a memory or the temperature is not what the backprop differentiates.
  const Case kv = builtin("kv-cache", "kv-today-to-cat");
  CHECK(descent_unsupported(*kv.lesson, *kv.challenge) != "");
  const Case ca = builtin("cross-attention", "ca-sat-to-sest");
  CHECK(descent_unsupported(*ca.lesson, *ca.challenge) != "");
  const Case udl = builtin("udl-self-attention", "udl-spread-x0");
  CHECK(descent_unsupported(*udl.lesson, *udl.challenge) != "");
  const Case rp = builtin("rotary-positions", "rp-sat-looks-back");
  CHECK(descent_unsupported(*rp.lesson, *rp.challenge) != "");
}

// The built-in challenges descent can reach: (lesson, challenge).
constexpr std::pair<const char*, const char*> kReachable[] = {
    {"the-cat-sat", "cat-sat-make-sat-win"}, {"train-a-head", "th-by-hand"}};

TEST_CASE("a challenge's loss gradient matches central finite differences") {
  for (const auto& reachable : kReachable) {
    const char* lesson = reachable.first;  // not a binding: clang's CAPTURE cannot take one
    const char* id = reachable.second;
    CAPTURE(lesson);
    const Case c = builtin(lesson, id);
    const LessonState state = default_state(*c.lesson);
    const ChallengeLoss exact = challenge_loss(*c.lesson, *c.challenge, state);
    REQUIRE(!exact.gradients.empty());
    const double h = 1e-6;
    for (const auto& [stage, g] : exact.gradients) {
      for (size_t i = 0; i < g.size(); ++i) {
        LessonState up = state, down = state;
        up.parts[0].inputs.at(stage).data()[i] += h;
        down.parts[0].inputs.at(stage).data()[i] -= h;
        const double numeric = (challenge_loss(*c.lesson, *c.challenge, up).loss -
                                challenge_loss(*c.lesson, *c.challenge, down).loss) /
                               (2 * h);
        CHECK(g.data()[i] == doctest::Approx(numeric).epsilon(1e-5).scale(1.0));
      }
    }
  }
}

TEST_CASE("descent reaches the built-in challenges' goals within its bound") {
  for (const auto& reachable : kReachable) {
    const char* lesson = reachable.first;  // not a binding: clang's CAPTURE cannot take one
    const char* id = reachable.second;
    CAPTURE(lesson);
    const Case c = builtin(lesson, id);
    const LessonState start = default_state(*c.lesson);
    const ChallengeDescent d = descend_challenge(*c.lesson, *c.challenge, start, start);
    CHECK(d.unsupported == "");
    CHECK(d.reached);
    REQUIRE(!d.path.empty());
    CHECK(static_cast<int>(d.path.size()) <= ChallengeDescent::kMaxSteps);
    CHECK(d.loss.size() == d.path.size() + 1);
    CHECK(d.loss.back() < d.loss.front());
    const NumbersChanged changed = numbers_changed(start, d.path.back());
    CHECK(changed.count > 1);  // more than the one number the learner may change
    CHECK(changed.total > 0.0);
    CHECK(numbers_changed(start, start).count == 0);
  }
}

TEST_CASE("descent keeps every number finite from any finite start") {
  const Case c = builtin("the-cat-sat", "cat-sat-make-sat-win");
  const LessonState defaults = default_state(*c.lesson);
  NumpyRandom rng(7);
  for (const double scale : {0.0, 1e-3, 1.0, 50.0, 1e3, 1e6}) {
    CAPTURE(scale);
    LessonState start = defaults;
    for (Stage s : {Stage::W_q, Stage::W_k, Stage::X}) {
      Matrix& m = start.parts[0].inputs.at(s);
      const Matrix r = rng.rand(m.rows(), m.cols());
      for (size_t i = 0; i < m.size(); ++i) m.data()[i] = scale * (2 * r.data()[i] - 1);
    }
    const ChallengeDescent d = descend_challenge(*c.lesson, *c.challenge, start, defaults);
    for (double l : d.loss) CHECK(std::isfinite(l));
    for (const LessonState& s : d.path)
      for (const auto& [stage, m] : s.parts[0].inputs)
        for (size_t i = 0; i < m.size(); ++i) CHECK(std::isfinite(m.data()[i]));
  }
}

// The closing comparison: descent's changes counted from the learner's numbers
// it started from, the learner's from the lesson's own, every number they
// moved (here one of W_k, which the challenge allows, and one of X, which it
// does not: both are the learner's edits).
TEST_CASE(
    "the comparison counts descent from the learner's numbers, the learner from the lesson's") {
  const Case c = builtin("the-cat-sat", "cat-sat-make-sat-win");
  const LessonState defaults = default_state(*c.lesson);
  LessonState mine = defaults;
  mine.parts[0].inputs.at(Stage::W_k)(1, 1) += 0.5;
  mine.parts[0].inputs.at(Stage::X)(0, 0) += 0.25;
  const ChallengeDescent d = descend_challenge(*c.lesson, *c.challenge, mine, defaults);
  REQUIRE(d.reached);
  REQUIRE(!d.path.empty());
  const NumbersChanged its = numbers_changed(mine, d.path.back());
  const std::vector<std::string> said = descent_sentences(d, mine, defaults);
  REQUIRE(said.size() == 4);
  CHECK(said[1] == "It changed " + std::to_string(its.count) + " numbers by " +
                       said[1].substr(said[1].find(" by ") + 4));
  CHECK(said[2] == "You changed 2 numbers by 0.75 in total.");
  // Descent moved W_k only (what the challenge allows), from the learner's numbers: the
  // learner's own X edit is not descent's, and its count is the W_k numbers it moved.
  CHECK(d.path.back().parts[0].inputs.at(Stage::X) == mine.parts[0].inputs.at(Stage::X));
  CHECK(its.count <= static_cast<int>(mine.parts[0].inputs.at(Stage::W_k).size()));
}
