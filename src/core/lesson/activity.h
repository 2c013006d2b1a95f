// Active learning, as lesson data: predictions a learner commits to before a
// step shows its result, and challenges they reach by changing numbers. Both
// are judged on the live trace (core/logic/answers.h), so they stay fair
// after any edit; nothing here is code from the lesson file. Read by
// core/load/activity_reader.cpp; docs/lessons.md has the format.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/condition.h"
#include "core/lesson/live_text.h"
#include "core/lesson/state.h"

namespace attn {

struct Lesson;

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
  static constexpr int kDigits = 2;  // a guess is shown and kept to this many decimals
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
  std::optional<LessonState> solution;  // one way there (written as a state link in the file)
};

// By id, anywhere in the lesson; null if it has none of that id.
const Prediction* find_prediction(const Lesson& lesson, std::string_view id);
const Challenge* find_challenge(const Lesson& lesson, std::string_view id);

}  // namespace attn
