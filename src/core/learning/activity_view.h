// What a learner sees of a prediction and a challenge, every text filled in
// from the numbers: the canvas and the text view show the same words.
#pragma once

#include <string>
#include <vector>

#include "core/lesson/activity.h"
#include "core/logic/answers.h"
#include "core/logic/cover.h"

namespace attn {

// An answered prediction's reveal is judged and worded on the numbers it was
// answered on (`then`, from PredictionAnswer::state), so "Not quite. You
// picked "sat"" never stands beside ""sat" gets the most"; how the learner's
// numbers now answer it, where that differs, is a line of its own.
struct PredictionAnswer;
struct PredictionView {
  std::string ask;
  std::vector<std::string> options;  // empty for Estimate
  bool answered = false, skipped = false, right = false;
  std::string picked, answer;  // as {picked} and {answer} read: on the numbers then
  std::string answer_now;      // the right answer on the numbers now, if it differs
  std::vector<std::string> reveal;
};
// `then`: the numbers the answer was given on (null: unknown, work saved
// before they were kept; the reveal then reads today's). `cover`: what open
// predictions cover (core/cover.h), "?" in the texts; null: nothing.
PredictionView view_prediction(const Prediction& p, const Evaluation& e,
                               const PredictionAnswer* given, int digits,
                               const Cover* cover = nullptr, const Evaluation* then = nullptr);

struct ChallengeView {
  std::string task, allowed, status;
  ChallengeStatus now;
  bool solved = false;             // solved once (the learner may have moved on)
  std::vector<std::string> hints;  // those asked for so far
  int hints_left = 0;
  std::vector<std::string> success;  // once solved
};
ChallengeView view_challenge(const Challenge& c, const Evaluation& e, const Part& part,
                             int hints_shown, bool solved, int digits,
                             const Cover* cover = nullptr);

}  // namespace attn
