// What the fuzzer checks for one input: any bytes loaded as a lesson and, if they load, worked
// through a session, each trace checked (fuzz_lesson.h).
#include "fuzz/fuzz_lesson.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/learning/activity_view.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/state_link.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/answers.h"
#include "core/logic/judge.h"
#include "core/trace/explain.h"
#include "core/trace/numpy_snippet.h"
#include "core/trace/trace_json.h"

namespace attn::fuzz {

namespace {

[[noreturn]] void broken(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "fuzz: %s %s\n", what, detail.c_str());
  std::abort();
}

void check_trace(const Trace& t) {
  for (const TraceMatrix& m : t.matrices)
    for (size_t i = 0; i < m.value.size(); ++i) {
      const double v = m.value.data()[i];
      if (std::isnan(v)) broken("NaN in", t.id_of(m.key));
      if (std::isinf(v) && !(m.key.stage == Stage::masked && v < 0))
        broken("infinity in", t.id_of(m.key));
    }
  const std::string json = trace_to_json(t);
  if (nlohmann::json::parse(json, nullptr, false).is_discarded())
    broken("trace JSON does not parse");
  // A few explanations per matrix: they read operands across the trace.
  for (int i = 0; i < static_cast<int>(t.matrices.size()); ++i) {
    const Matrix& m = t.matrices[i].value;
    if (m.empty()) continue;
    const Explanation e = explain_cell(t, i, m.rows() - 1, m.cols() - 1, 3);
    if (e.lines.empty()) broken("empty explanation for", t.id_of(t.matrices[i].key));
  }
}

// Edits a learner could make, at the extremes.
void exercise(Session& s, const uint8_t* data, size_t size) {
  check_trace(s.trace());
  const double extremes[] = {1e300, -1e300, 0.0, 1e-300, 7.5, -1e6};
  size_t k = 0;
  for (const TraceMatrix& m : std::vector<TraceMatrix>(s.trace().matrices)) {
    if (!m.editable || m.value.empty()) continue;
    const int r = size ? data[k % size] % m.value.rows() : 0;
    const int c = size ? data[(k + 1) % size] % m.value.cols() : 0;
    s.set_value(m.key, r, c, extremes[k % 6]);
    ++k;
  }
  for (int p = 0; p < static_cast<int>(s.lesson().parts.size()); ++p) {
    s.set_causal(p, true);
    s.set_scaling(p, {ScaleMode::Divide, 1e-9});  // clamped to the documented minimum
  }
  check_trace(s.trace());
  const std::string link = encode_state(s.lesson(), s.state());
  const DecodedState back = decode_state(s.lesson(), link);
  if (!back.state || !(*back.state == s.state()))
    broken("state link does not round-trip", back.error);
  // Predictions and challenges, judged and worded on these extreme numbers;
  // saved work round-trips.
  const Evaluation e{s.trace(), s.notebook(), s.state(), s.defaults()};
  LessonProgress progress;
  for (const Part& part : s.lesson().parts)
    for (const StepSpec& spec : part.steps) {
      for (const Prediction& p : spec.predictions) {
        const PredictionAnswer a{false, 0.0, is_right(p, e, 0.0), answer_key(p, e), s.defaults()};
        const PredictionView v = view_prediction(p, e, &a, 3);
        if (v.picked.empty()) broken("a prediction's answer has no words", p.id);
        progress.answers[p.id] = a;
      }
      for (const Challenge& c : spec.challenges) {
        const ChallengeView v = view_challenge(c, e, part, 99, false, 3);
        if (v.now.closeness > 1.0 || v.hints_left < 0)
          broken("challenge status out of range", c.id);
        progress.solved[c.id] = s.state();
      }
    }
  const SavedWork work{static_cast<int>(s.trace().steps.size()) - 1, s.state(), progress, "1"};
  const DecodedWork again = decode_saved(s.lesson(), encode_saved(s.lesson(), work));
  if (!again.work || !(again.work->progress == progress))
    broken("saved work does not round-trip", again.error);
  for (const TraceStep& step : s.trace().steps) {
    SnippetRequest request;
    request.part = step.part;
    for (int i : step.matrices) request.shown.push_back(s.trace().matrices[i].key);
    if (numpy_snippet(s.lesson(), s.state(), s.trace(), request).empty())
      broken("empty numpy snippet");
  }
}

}  // namespace

void check_one_input(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  constexpr std::string_view kState = "state:";
  if (text.substr(0, kState.size()) == kState && size > kState.size()) {
    const auto& lessons = builtin_lessons();
    const std::shared_ptr<const Lesson>& lesson = lessons[data[kState.size()] % lessons.size()];
    const DecodedState d = decode_state(*lesson, text.substr(kState.size() + 1));
    if (!d.state) {
      if (d.error.empty() || d.error.find('\n') != std::string::npos)
        broken("bad state error", d.error);
      return;
    }
    Session s(lesson);
    s.set_state(*d.state);  // a decoded state fits its lesson: set_state asserts it
    exercise(s, data, size);
    return;
  }
  const LoadResult r = load_lesson(text);
  if (!r.ok()) {
    const std::string message = r.error.message("fuzz.json");
    if (r.error.reason.empty() || message.find('\n') != std::string::npos)
      broken("bad error line", message);
    return;
  }
  Session s(std::make_shared<const Lesson>(std::move(*r.lesson)));
  exercise(s, data, size);
}

}  // namespace attn::fuzz
