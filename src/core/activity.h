// Active learning, as lesson data: predictions a learner commits to before a
// step shows its result, and challenges they reach by changing numbers. Both
// are judged on the live trace (core/condition.h), so they stay fair after
// any edit; nothing here is code from the lesson file. Read by
// core/activity_reader.cpp; docs/lessons.md has the format.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/condition.h"
#include "core/live_text.h"

namespace attn {

struct Part;
struct Lesson;
class Cover;

// "Which key will "The" attend to most?": one of a slice's keys, judged by
// where the slice is largest (or smallest).
struct PickKey {
  SliceSpec slice;
  bool smallest = false;
};
// "Flatter or more peaked?": options, the right one(s) those whose condition
// holds on the live numbers.
struct Choice {
  std::string text;
  Condition when;
};
// "About how much will "cat" get?": a number the learner drags, right within
// `within` of the measure.
struct Estimate {
  Measure measure;
  double min = 0.0, max = 1.0, within = 0.05;
};

struct Prediction {
  enum class Kind { Pick, Choose, Estimate };
  std::string id;  // unique within the lesson
  Kind kind = Kind::Pick;
  LiveText ask;
  PickKey pick;                 // Pick
  std::vector<Choice> choices;  // Choose
  Estimate estimate;            // Estimate
  // Shown once answered: may use {picked} and {answer} beside the numbers.
  std::vector<TextBlock> reveal;
};

struct Challenge {
  std::string id;  // unique within the lesson
  LiveText goal_text;
  Condition goal;
  ChangeRule allowed;  // what may be changed; something must be
  // How close: the measure's way from its notebook value to `target`, as a
  // fraction (optional).
  std::optional<Measure> meter;
  double target = 0.0;
  LiveText status;  // the numbers that matter, live ("sat" gets 0.34)
  std::vector<LiveText> hints;
  std::vector<TextBlock> success;
  std::string solution;  // one way there, as a state link (core/state_link.h); may be empty
};

// By id, anywhere in the lesson; null if it has none of that id.
const Prediction* find_prediction(const Lesson& lesson, std::string_view id);
const Challenge* find_challenge(const Lesson& lesson, std::string_view id);

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
std::string picked_text(const Prediction& p, const Trace& t, double picked, int digits);
std::string answer_text(const Prediction& p, const Evaluation& e, int digits);
// The right answer in no language, as a learner's progress keeps it (so a
// change of language does not read as a changed answer): the option's index,
// every tied key on a line of its own, or the number to 3 decimals.
std::string answer_key(const Prediction& p, const Evaluation& e);
// A key as {answer} reads it in the current language. A key that is not one
// (saved before keys were kept) is shown as it is.
std::string answer_of_key(const Prediction& p, const Trace& t, const std::string& key, int digits);

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

// What a learner sees of a prediction and a challenge, every text filled in
// from the live numbers: the canvas and the text view show the same words.
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
