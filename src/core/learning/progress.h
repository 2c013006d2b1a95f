// A learner's progress through one lesson (steps seen, predictions answered,
// hints taken, challenges solved), and the saved-work format that keeps it
// with the lesson's numbers across a reload:
//   {"v": 1, "lesson": "the-cat-sat", "step": 3, "state": {...state link...},
//    "visited": [0, 1, 2, 3], "answers": {"the-attends": {"picked": 2, "right": false,
//    "answer": "cat", "state": ""}, "flatter": {"skipped": true}}, "hints": {"sat-wins": 1},
//    "solved": ["sat-wins"], "solvedWith": {"sat-wins": "{...state link...}"},
//    "opened": "step=1"}
// `opened` is the link the work was saved under (its step), so a link to
// another step wins over the saved one.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

struct PredictionAnswer {
  bool skipped = false;
  double picked = 0.0;  // an option's index, or the estimate
  bool right = false;   // judged on the numbers when it was given
  std::string answer;  // the right answer then, in no language (core/lesson/activity.h, answer_key)
  // The numbers it was given on: the reveal speaks of them. None in work
  // saved before they were kept.
  std::optional<LessonState> state;
  bool operator==(const PredictionAnswer&) const = default;
};

// The numbers a prediction was answered on, rebuilt from its state link.
struct AnsweredNumbers {
  LessonState state;
  Trace trace;
};

struct LessonProgress {
  std::set<int> visited;  // step indices
  std::map<std::string, PredictionAnswer> answers;
  std::map<std::string, int> hints;  // challenge id -> hints shown
  // Challenge ids, each with the numbers it was solved with, to go back to
  // (none in work saved before they were kept).
  std::map<std::string, std::optional<LessonState>> solved;
  bool operator==(const LessonProgress&) const = default;
  bool empty() const { return *this == LessonProgress{}; }
};

struct ProgressCounts {
  int steps = 0, visited = 0;
  int predictions = 0, answered = 0, right = 0;  // answered: not skipped
  int challenges = 0, solved = 0;
  // Every step seen.
  bool complete() const { return steps > 0 && visited == steps; }
  // Right predictions and solved challenges, of all there are; -1 with none.
  double score() const;
};
ProgressCounts count_progress(const Lesson& lesson, const LessonProgress& p);

struct SavedWork {
  int step = 0;
  std::optional<LessonState> state;  // the numbers and settings (none saved: the lesson's own)
  LessonProgress progress;
  std::string opened;  // the link's step when it was saved
};
std::string encode_saved(const Lesson& lesson, const SavedWork& work);

struct DecodedWork {
  std::optional<SavedWork> work;
  std::string error;  // why it was refused
};
// Anything malformed, of another lesson or of another version is refused
// with a reason; answers and challenges the lesson no longer has are dropped.
DecodedWork decode_saved(const Lesson& lesson, std::string_view text);

}  // namespace attn
