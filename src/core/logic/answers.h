// Judging a learner's activities on the numbers: a prediction's options, its
// right answer and whether an answer is right; how far a challenge has come.
// The types are the lesson's (core/lesson/activity.h); what a learner sees of
// them is core/learning/activity_view.h.
#pragma once

#include <string>
#include <vector>

#include "core/lesson/activity.h"
#include "core/lesson/lesson.h"
#include "core/logic/judge.h"

namespace attn {

// The matrices a prediction's answer is read from (its pick, its options'
// conditions, its estimate), each once: what the question is about.
std::vector<MatrixKey> answer_reads(const Prediction& p);

// The options a learner picks from: a slice's keys, or the choices' texts.
std::vector<std::string> prediction_options(const Prediction& p, const Trace& t);
// The right option on the live numbers (the first, if several are); -1 for
// Estimate, or when the numbers are not there.
int right_option(const Prediction& p, const Evaluation& e);
// Whether an answer is right on the live numbers: `picked` is an option's
// index, or for Estimate the number itself.
bool is_right(const Prediction& p, const Evaluation& e, double picked);
// What {picked} and {answer} read: an option's text, or a number.
std::string picked_text(const Prediction& p, const Trace& t, double picked);
std::string answer_text(const Prediction& p, const Evaluation& e, int digits);
// The right answer in no language, as a learner's progress keeps it (so a
// change of language does not read as a changed answer): the option's index,
// every tied key on a line of its own, or the number to 3 decimals.
std::string answer_key(const Prediction& p, const Evaluation& e);
// A key as {answer} reads it in the current language. A key that is not one
// (saved before keys were kept) is shown as it is.
std::string answer_of_key(const Prediction& p, const Trace& t, const std::string& key);

struct ChallengeStatus {
  bool goal = false;         // the goal holds
  bool within_rules = true;  // only what is allowed was changed
  bool changed = false;      // and something was
  double closeness = -1.0;   // 0..1 along the meter, -1 without one
  bool solved() const { return goal && within_rules && changed; }
};
ChallengeStatus challenge_status(const Challenge& c, const Evaluation& e);
// What the rules allow, in words: "one number of W_k", "the temperature".
std::string allowed_text(const ChangeRule& rule, const Part& part);

}  // namespace attn
