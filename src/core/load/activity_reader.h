// Reads a step's predictions and challenges (docs/lessons.md, "Predictions
// and challenges") into core/lesson/activity.h's types, with the loader's one-line
// errors. A challenge's solution is checked once the whole lesson is read
// (check_solutions), since it is a state of the whole lesson.
#pragma once

#include <set>
#include <string>

#include "core/lesson/activity.h"
#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"
#include "core/load/lesson_logic_reader.h"

namespace attn {

struct ActivityLimits {
  static constexpr size_t kMaxPerStep = 8;  // predictions, and challenges, per step
  static constexpr size_t kMaxChoices = 8;
  static constexpr size_t kMaxHints = 8;
};

// The keys a step and its activities may have, read here and by the loader,
// and listed in the format's description (core/load/lesson_format.h).
struct ActivityKeys {
  std::vector<std::string> step, prediction, pick, choice, estimate, challenge, meter;
  // The keys an estimate and a challenge must have, each missing one named
  // (a prediction's, a choice's and a meter's have messages of their own).
  std::vector<std::string> estimate_required, challenge_required;
  // The ways a prediction asks: exactly one of these keys.
  std::vector<std::string> prediction_kinds;
};
const ActivityKeys& activity_keys();

class ActivityReader {
 public:
  ActivityReader(Reader& r, const Part& part, int part_index);

  // The step's "predict" and "challenges" keys, if it has them. `ids` holds
  // the lesson's prediction and challenge ids so far: each is used once.
  bool read(const json& step, const Pointer& path, StepSpec& out, std::set<std::string>& ids);

 private:
  bool prediction(const json& v, const Pointer& path, Prediction& out);
  bool challenge(const json& v, const Pointer& path, Challenge& out);
  bool unique_id(const json& v, const Pointer& path, std::set<std::string>& ids, std::string& out);

  Reader& r_;
  LogicReader logic_;   // the numbers and conditions
  LogicReader reveal_;  // ...and {picked}, {answer}
};

// Every challenge's solution in the file `doc` decodes as a state of this
// lesson, kept in its Challenge; fails at the first that does not.
// `steps_at(p)` is where part p's steps are in the file.
bool check_solutions(Reader& r, Lesson& lesson, const json& doc,
                     const std::vector<Pointer>& steps_at);

}  // namespace attn
