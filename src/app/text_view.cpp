// The text view's content (web/page.js renders it as HTML): the current step
// as text and tables, every number written as the canvas writes it, inputs
// marked so the page can offer them as form fields.
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "core/number_text.h"

namespace attn::app {

std::string App::text_view_json() const {
  using json = nlohmann::json;
  const Session& s = session();
  const Trace& t = s.trace();
  const TraceStep& step = t.steps[view_.step];
  const int digits = ui_.digits(step);
  json lessons = json::array();
  for (const LessonSlot& l : lessons_)
    lessons.push_back({{"id", l.lesson->id}, {"title", l.lesson->title}});
  json matrices = json::array();
  const PartState& part = s.state().parts[step.part];
  for (int i : step_panel_.matrices_in_order()) {  // as the canvas shows them
    const TraceMatrix& m = t.matrices[i];
    const TraceMatrix* notebook = s.notebook().find(m.key);
    json cells = json::array(), changed = json::array(), overridden = json::array();
    for (int r = 0; r < m.value.rows(); ++r) {
      json row_cells = json::array(), row_changed = json::array(), row_overridden = json::array();
      for (int c = 0; c < m.value.cols(); ++c) {
        row_cells.push_back(number_text(m.value(r, c), digits));
        row_changed.push_back(differs_from_notebook(m, notebook, r, c));
        row_overridden.push_back(m.overridable &&
                                 part.override_at(m.key.stage, m.key.head, r, c) != nullptr);
      }
      cells.push_back(std::move(row_cells));
      changed.push_back(std::move(row_changed));
      overridden.push_back(std::move(row_overridden));
    }
    matrices.push_back({{"id", t.id_of(m.key)},
                        {"label", m.label},
                        {"changeable", m.editable      ? "input"
                                       : m.overridable ? "what-if"
                                                       : ""},
                        {"rows", m.rows},
                        {"cols", m.cols},
                        {"cells", std::move(cells)},
                        {"changed", std::move(changed)},
                        {"overridden", std::move(overridden)}});
  }
  // Predictions and challenges, as the canvas shows them: an open prediction
  // covers the step's sentences and results here too.
  const Prediction* open = ui_.open_prediction();
  json sentences = json::array();
  if (!open)
    for (const TraceSentence& x : step.sentences)
      sentences.push_back({{"text", x.text}, {"holds", x.holds}});
  const Evaluation e = ui_.evaluation();
  const int words_digits = std::min(digits, 3);
  const LessonProgress& progress = slot().progress;
  json prediction, answers = json::array(), challenges = json::array();
  if (!view_.explore) {
    const StepSpec& spec = ui_.step_spec();
    if (open) {
      const PredictionView v = view_prediction(*open, e, nullptr, words_digits);
      prediction = {{"id", open->id},
                    {"ask", v.ask},
                    {"options", v.options},
                    {"estimate", open->kind == Prediction::Kind::Estimate}};
      if (open->kind == Prediction::Kind::Estimate)
        prediction.update({{"min", open->estimate.min}, {"max", open->estimate.max}});
    }
    for (const Prediction& p : spec.predictions) {
      const auto a = progress.answers.find(p.id);
      if (a == progress.answers.end() || a->second.skipped) continue;
      const PredictionView v = view_prediction(p, e, &a->second, words_digits);
      answers.push_back({{"ask", v.ask},
                         {"picked", v.picked},
                         {"right", v.right},
                         {"answer", v.answer},
                         {"answerThen", v.answer_then},
                         {"reveal", v.reveal}});
    }
    std::vector<const Challenge*> shown;
    if (const Challenge* taken = find_challenge(s.lesson(), view_.challenge))
      shown.push_back(taken);
    if (!open)
      for (const Challenge& c : spec.challenges)
        if (&c != (shown.empty() ? nullptr : shown[0])) shown.push_back(&c);
    for (const Challenge* c : shown) {
      const auto hints = progress.hints.find(c->id);
      const ChallengeView v = view_challenge(*c, e, s.lesson().parts[c->goal.part],
                                             hints == progress.hints.end() ? 0 : hints->second,
                                             progress.solved.count(c->id) > 0, words_digits);
      challenges.push_back({{"id", c->id},
                            {"task", v.task},
                            {"allowed", v.allowed},
                            {"status", v.status},
                            {"solved", v.solved},
                            {"solvedNow", v.now.solved()},
                            {"withinRules", v.now.within_rules},
                            {"closeness", v.now.closeness},
                            {"hints", v.hints},
                            {"hintsLeft", v.hints_left},
                            {"success", v.success},
                            {"taken", view_.challenge == c->id}});
    }
  }
  const json view{{"lesson", s.lesson().id},
                  {"lessons", std::move(lessons)},
                  {"title", s.lesson().title},
                  {"source", s.lesson().source},
                  {"step", view_.step},
                  {"steps", t.steps.size()},
                  {"stepTitle", step.title},
                  {"formula", step.formula},
                  {"sentences", sentences},
                  {"digits", digits},
                  {"matrices", std::move(matrices)},
                  {"covered", open ? step.matrices.size() : 0},
                  {"prediction", std::move(prediction)},
                  {"answers", std::move(answers)},
                  {"challenges", std::move(challenges)},
                  {"progress", nlohmann::json::parse(progress_json())}};
  return view.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace attn::app
