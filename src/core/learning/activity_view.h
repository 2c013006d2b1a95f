// What a learner sees of a prediction and a challenge, every text filled in
// from the numbers: the canvas and the text view show the same words.
#pragma once

#include <string>
#include <vector>

#include "core/lesson/activity.h"
#include "core/logic/answers.h"
#include "core/logic/cover.h"

namespace attn {

// An answered prediction is shown on the numbers it was answered on (`then`,
// from PredictionAnswer::state): its ask quotes them and its reveal is judged
// and worded on them, so "Not quite. You picked "sat"" never stands beside
// ""sat" gets the most", nor a question beside a reveal of other numbers; how
// the learner's numbers now answer it, where that differs, is a line of its own.
struct PredictionAnswer;
struct PredictionView {
  std::string ask;
  std::vector<std::string> options;  // empty for Estimate
  bool answered = false, skipped = false, right = false;
  std::string picked, answer;  // as {picked} and {answer} read: on the numbers then
  std::string answer_now;      // the right answer on the numbers now, if it differs
  // Whose numbers the question and its reveal speak of, said before both: "When you answered:"
  // once the learner's numbers differ from those, "With your numbers now:"
  // when they were not kept (older saved work); empty while they are the same.
  std::string numbers;
  std::vector<std::string> reveal;  // every sentence on the numbers then, as one snapshot
  // How the numbers now answer it, where that differs: a line of its own.
  std::string now_line;
};
// `then`: the numbers the answer was given on, which the ask and the reveal
// read (null: unknown, work saved before they were kept; they read today's).
// `cover`: what open predictions cover (core/logic/cover.h), "?" in the
// texts; null: nothing.
PredictionView view_prediction(const Prediction& p, const Evaluation& e,
                               const PredictionAnswer* given, int digits,
                               const Cover* cover = nullptr, const Evaluation* then = nullptr);

struct ChallengeView {
  std::string task, allowed, status;  // on the numbers now
  ChallengeStatus now;
  bool solved = false;             // solved once (the learner may have moved on)
  std::vector<std::string> hints;  // those asked for so far
  int hints_left = 0;
  // Once solved: on the numbers it was solved with (`solved_with`), said
  // before it ("When you solved it:") once the learner's differ from those.
  std::string numbers;
  std::vector<std::string> success;
};
// `solved_with`: the numbers it was solved with (null: unknown, or not solved
// yet; the success reads today's).
ChallengeView view_challenge(const Challenge& c, const Evaluation& e, const Part& part,
                             int hints_shown, bool solved, int digits, const Cover* cover = nullptr,
                             const Evaluation* solved_with = nullptr);

}  // namespace attn
