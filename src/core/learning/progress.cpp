// A learner's progress: its counts and score, and saved work encoded and decoded (progress.h).
#include "core/learning/progress.h"

#include <cmath>

#include "core/lesson/state_link.h"
#include "core/load/json_reader.h"

namespace attn {

namespace {

constexpr size_t kMaxSavedBytes = 256 * 1024;

// Saved work keeps a state as a link's text ("" the lesson's own numbers):
// the state, if it is one of this lesson.
std::optional<LessonState> state_of(const Lesson& lesson, const json& state) {
  if (!state.is_string()) return std::nullopt;
  return decode_state(lesson, std::string_view(state.get_ref<const std::string&>())).state;
}

template <class F>
void for_each_activity(const Lesson& lesson, F&& f) {
  for (const Part& part : lesson.parts)
    for (const StepSpec& step : part.steps) f(step);
}

int step_count(const Lesson& lesson) {
  int n = 0;
  for (const Part& part : lesson.parts) n += static_cast<int>(part.steps.size());
  return n;
}

}  // namespace

double ProgressCounts::score() const {
  const int total = predictions + challenges;
  return total ? static_cast<double>(right + solved) / total : -1.0;
}

ProgressCounts count_progress(const Lesson& lesson, const LessonProgress& p) {
  ProgressCounts c;
  c.steps = step_count(lesson);
  for (int s : p.visited) c.visited += s >= 0 && s < c.steps;
  for_each_activity(lesson, [&](const StepSpec& s) {
    for (const Prediction& x : s.predictions) {
      ++c.predictions;
      const auto a = p.answers.find(x.id);
      if (a != p.answers.end() && !a->second.skipped) {
        ++c.answered;
        c.right += a->second.right;
      }
    }
    for (const Challenge& x : s.challenges) {
      ++c.challenges;
      c.solved += p.solved.count(x.id) > 0;
    }
  });
  return c;
}

std::string encode_saved(const Lesson& lesson, const SavedWork& work) {
  json answers = json::object();
  for (const auto& [id, a] : work.progress.answers) {
    answers[id] = a.skipped ? json{{"skipped", true}}
                            : json{{"picked", a.picked}, {"right", a.right}, {"answer", a.answer}};
    if (!a.skipped && a.state) answers[id]["state"] = encode_state(lesson, *a.state);
  }
  json doc = {{"v", 1},
              {"lesson", lesson.id},
              {"step", work.step},
              {"visited", work.progress.visited},
              {"answers", std::move(answers)},
              {"hints", work.progress.hints},
              {"solved", json::array()},
              {"opened", work.opened}};
  for (const auto& [id, state] : work.progress.solved) {
    doc["solved"].push_back(id);
    if (state) doc["solvedWith"][id] = encode_state(lesson, *state);
  }
  if (work.state)
    if (json state = state_json(lesson, *work.state); !state.is_null())
      doc["state"] = std::move(state);
  return doc.dump();
}

DecodedWork decode_saved(const Lesson& lesson, std::string_view text) {
  DecodedWork out;
  auto refuse = [&](std::string why) {
    out.error = std::move(why);
    out.work.reset();
    return out;
  };
  if (text.size() > kMaxSavedBytes) return refuse("it is too long");
  LoadError parse_error;
  const std::optional<json> parsed = parse_json(text, 8, parse_error);
  if (!parsed || !parsed->is_object()) return refuse("it is not readable");
  const json& doc = *parsed;
  if (doc.value("v", 0) != 1) return refuse("it is from another version");
  if (!doc.contains("lesson") || doc["lesson"] != lesson.id)
    return refuse("it belongs to another lesson");

  SavedWork w;
  const int steps = step_count(lesson);
  if (const auto step = doc.find("step"); step != doc.end()) {
    if (!step->is_number_integer() || step->get<long long>() < 0 || step->get<long long>() >= steps)
      return refuse("its step is not a step of this lesson");
    w.step = step->get<int>();
  }
  if (const auto state = doc.find("state"); state != doc.end()) {
    DecodedState d = decode_state_json(lesson, *state);
    if (!d.state) return refuse(d.error);
    w.state = std::move(d.state);
  }
  if (const auto visited = doc.find("visited"); visited != doc.end()) {
    if (!visited->is_array()) return refuse("its steps seen are not a list");
    for (const json& s : *visited)
      if (s.is_number_integer() && s.get<long long>() >= 0 && s.get<long long>() < steps)
        w.progress.visited.insert(s.get<int>());
  }
  if (const auto answers = doc.find("answers"); answers != doc.end()) {
    if (!answers->is_object()) return refuse("its answers are not readable");
    for (const auto& [id, a] : answers->items()) {
      if (!find_prediction(lesson, id)) continue;  // the lesson changed since
      if (!a.is_object()) return refuse("an answer is not readable");
      PredictionAnswer x;
      x.skipped = a.value("skipped", false) == true;
      if (!x.skipped) {
        const auto picked = a.find("picked");
        const auto right = a.find("right");
        const auto answer = a.find("answer");
        if (picked == a.end() || !picked->is_number() || !std::isfinite(picked->get<double>()) ||
            right == a.end() || !right->is_boolean() || answer == a.end() || !answer->is_string() ||
            answer->get_ref<const std::string&>().size() > 1000)
          return refuse("an answer is not readable");
        x.picked = picked->get<double>();
        x.right = right->get<bool>();
        x.answer = answer->get<std::string>();
        // The numbers it was given on: kept if they are this lesson's, else
        // the reveal speaks of today's, as before they were kept.
        if (const auto state = a.find("state"); state != a.end())
          x.state = state_of(lesson, *state);
      }
      w.progress.answers[id] = std::move(x);
    }
  }
  if (const auto hints = doc.find("hints"); hints != doc.end()) {
    if (!hints->is_object()) return refuse("its hints are not readable");
    for (const auto& [id, n] : hints->items())
      if (find_challenge(lesson, id) && n.is_number_integer() && n.get<long long>() >= 0 &&
          n.get<long long>() <= 100)
        w.progress.hints[id] = n.get<int>();
  }
  if (const auto solved = doc.find("solved"); solved != doc.end()) {
    if (!solved->is_array()) return refuse("its solved challenges are not a list");
    for (const json& id : *solved)
      if (id.is_string() && find_challenge(lesson, id.get<std::string>()))
        w.progress.solved[id.get<std::string>()] = std::nullopt;
  }
  // The numbers each was solved with, where they are this lesson's.
  if (const auto with = doc.find("solvedWith"); with != doc.end() && with->is_object())
    for (const auto& [id, state] : with->items())
      if (w.progress.solved.count(id)) w.progress.solved[id] = state_of(lesson, state);
  if (const auto opened = doc.find("opened"); opened != doc.end() && opened->is_string() &&
                                              opened->get_ref<const std::string&>().size() < 100)
    w.opened = opened->get<std::string>();
  out.work = std::move(w);
  return out;
}

}  // namespace attn
