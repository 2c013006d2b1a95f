// The built-in lessons' predictions and challenges: every lesson has at
// least two predictions and one challenge; each prediction has a right answer
// at the notebook's numbers and its texts fill in; each challenge is open at
// the notebook's numbers, and its solution, applied, solves it within the
// rules.
#include <doctest/doctest.h>

#include "core/learning/session.h"
#include "core/lesson/activity.h"
#include "core/lesson/live_text.h"
#include "core/lesson/state_link.h"
#include "core/load/builtin_lessons.h"
#include "core/logic/answers.h"
#include "core/logic/judge.h"
#include "core/logic/render_text.h"

using namespace attn;

TEST_CASE("every built-in lesson asks at least two predictions and sets a challenge") {
  for (const auto& lesson : builtin_lessons()) {
    INFO(lesson->id);
    Session s(lesson);
    const Evaluation e{s.trace(), s.notebook(), s.state(), s.defaults()};
    int predictions = 0, challenges = 0;
    for (const Part& part : lesson->parts)
      for (const StepSpec& step : part.steps) {
        for (const Prediction& p : step.predictions) {
          INFO(p.id);
          ++predictions;
          if (p.kind == Prediction::Kind::Estimate) {
            CHECK(is_right(p, e, measure(p.estimate.measure, e)));
          } else {
            const int right = right_option(p, e);
            CHECK(right >= 0);
            CHECK(is_right(p, e, right));
            CHECK(prediction_options(p, s.trace()).size() >= 2);
          }
          const Filling fill{e, 3, picked_text(p, s.trace(), 0), answer_text(p, e, 3)};
          CHECK(render_text(p.ask, fill).find("—") == std::string::npos);
          for (const TextBlock& b : p.reveal)
            CHECK(render_text(b.text, fill).find("—") == std::string::npos);
        }
        for (const Challenge& c : step.challenges) {
          INFO(c.id);
          ++challenges;
          CHECK_FALSE(challenge_status(c, e).solved());
          REQUIRE(c.solution);
          Session solved(lesson);
          solved.set_state(*c.solution);
          const ChallengeStatus st = challenge_status(
              c, {solved.trace(), solved.notebook(), solved.state(), solved.defaults()});
          CHECK(st.goal);
          CHECK(st.within_rules);
          CHECK(st.solved());
          if (c.meter) CHECK(st.closeness == doctest::Approx(1.0).epsilon(1e-9));
        }
      }
    CHECK(predictions >= 2);
    CHECK(challenges >= 1);
  }
}
