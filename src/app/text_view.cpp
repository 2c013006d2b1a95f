// The text view's content (web/textview/main.js renders it as HTML): the
// current step as text and tables, every number written as the canvas writes
// it, inputs marked so the page can offer them as form fields. Its labels,
// headings, button texts and captions come in the learner's language, each a
// whole message, written as the page wrote them in English.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/api.h"
#include "core/learning/activity_view.h"
#include "core/logic/judge.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "ui/activity_panel.h"
#include "ui/matrix_view.h"
#include "ui/training_panel.h"

namespace attn::app {

namespace {

// A number as JavaScript's String(x) writes it ("1", "0.5", "1e-7"): the
// estimate's range was written by the page that way.
// A range's end as a learner reads it ("0.5", "3").
std::string shortest(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// A fraction as a whole percentage, halves rounded up (as Math.round does).
std::string percent(double x) {
  return std::to_string(static_cast<long long>(std::floor(100 * x + 0.5)));
}

std::string axis_label(const std::vector<std::string>& labels, int i) {
  return i < static_cast<int>(labels.size()) && !labels[i].empty() ? labels[i] : std::to_string(i);
}

// A table's caption: its name, shape, and whether its cells take typing.
std::string caption(const TraceMatrix& m) {
  const std::string rows = std::to_string(m.value.rows());
  const std::string cols = std::to_string(m.value.rows() > 0 ? m.value.cols() : 0);
  if (m.editable)
    // TRANSLATORS: a table's caption in the text view: a matrix's name and its size
    // (rows×columns); its cells are fields the learner may type new numbers in.
    return trf("{matrix} ({rows}×{cols}) — type to change",
               {{"matrix", m.label}, {"rows", rows}, {"cols", cols}});
  if (m.overridable)
    // TRANSLATORS: a table's caption in the text view: a matrix's name and its size
    // (rows×columns); a number typed in a cell is a what-if (the computed number
    // replaced by hand).
    return trf("{matrix} ({rows}×{cols}) — type a what-if",
               {{"matrix", m.label}, {"rows", rows}, {"cols", cols}});
  // TRANSLATORS: a table's caption in the text view: a matrix's name and its size
  // (rows×columns).
  return trf("{matrix} ({rows}×{cols})", {{"matrix", m.label}, {"rows", rows}, {"cols", cols}});
}

// What a screen reader says of a cell besides its number: " (a what-if)",
// " (changed)" (the page puts it after the number), or "".
std::string cell_marks(bool overridden, bool changed) {
  if (overridden && changed)
    // TRANSLATORS: said of a table's number by a screen reader: it was typed by hand
    // (a what-if) and differs from the notebook's.
    return std::string(" ") + tr("(a what-if) (changed)");
  if (overridden)
    // TRANSLATORS: said of a table's number by a screen reader: it was typed by hand
    // in place of the computed one.
    return std::string(" ") + tr("(a what-if)");
  // TRANSLATORS: said of a table's number by a screen reader: it differs from the
  // notebook's.
  if (changed) return std::string(" ") + tr("(changed)");
  return "";
}

// A field's label for a screen reader: the matrix, the cell's row and column
// (a token or an index), and its marks.
std::string cell_label(const TraceMatrix& m, int r, int c, bool overridden, bool changed) {
  const std::string row = axis_label(m.rows, r), column = axis_label(m.cols, c);
  if (overridden && changed)
    // TRANSLATORS: a table field's label, read by a screen reader. {row} and {column}
    // are tokens or indices; the number was typed by hand and differs from the notebook's.
    return trf("{matrix}, row {row}, column {column} (a what-if) (changed)",
               {{"matrix", m.label}, {"row", row}, {"column", column}});
  if (overridden)
    // TRANSLATORS: a table field's label, read by a screen reader. {row} and {column}
    // are tokens or indices; the number was typed by hand in place of the computed one.
    return trf("{matrix}, row {row}, column {column} (a what-if)",
               {{"matrix", m.label}, {"row", row}, {"column", column}});
  if (changed)
    // TRANSLATORS: a table field's label, read by a screen reader. {row} and {column}
    // are tokens or indices; the number differs from the notebook's.
    return trf("{matrix}, row {row}, column {column} (changed)",
               {{"matrix", m.label}, {"row", row}, {"column", column}});
  // TRANSLATORS: a table field's label, read by a screen reader. {row} and {column}
  // are tokens or indices, e.g. "X, row The, column 1".
  return trf("{matrix}, row {row}, column {column}",
             {{"matrix", m.label}, {"row", row}, {"column", column}});
}

}  // namespace

std::string Api::text_view_json() const {
  const CatalogScope words = app_.speaking();
  using json = nlohmann::json;
  const ui::ViewState& view = app_.view();
  const ui::UiContext& context = app_.ui();
  const LessonLibrary& library = app_.library();
  const Session& s = app_.session();
  const Trace& t = context.trace();  // what open predictions cover is "?" here too
  const TraceStep& step = t.steps[view.step];
  const int digits = context.digits(step);
  json lessons = json::array();
  for (int i = 0; i < library.size(); ++i)
    lessons.push_back({{"id", library[i].id}, {"title", library.entries()[i].title}});
  json matrices = json::array();
  const PartState& part = s.state().parts[step.part];
  for (int i : app_.window().matrices_in_order()) {  // as the canvas shows them
    const TraceMatrix& m = t.matrices[i];
    const TraceMatrix* notebook = s.notebook().find(m.key);
    json cells = json::array(), changed = json::array(), overridden = json::array();
    json marks = json::array(), cell_labels = json::array();  // only a field has a label
    json covered = json::array();                             // "?": no field, whatever the matrix
    const int index = t.index_of(m.key);
    for (int r = 0; r < m.value.rows(); ++r) {
      json row_cells = json::array(), row_changed = json::array(), row_overridden = json::array();
      json row_marks = json::array(), row_labels = json::array(), row_covered = json::array();
      for (int c = 0; c < m.value.cols(); ++c) {
        row_covered.push_back(context.covered(index, r, c));
        const bool is_changed = differs_from_notebook(m, notebook, r, c);
        const bool is_overridden =
            m.overridable && part.override_at(m.key.stage, m.key.head, r, c) != nullptr;
        row_cells.push_back(number_text(m.value(r, c), digits));
        row_changed.push_back(is_changed);
        row_overridden.push_back(is_overridden);
        row_marks.push_back(cell_marks(is_overridden, is_changed));
        if (m.editable || m.overridable)
          row_labels.push_back(cell_label(m, r, c, is_overridden, is_changed));
      }
      cells.push_back(std::move(row_cells));
      changed.push_back(std::move(row_changed));
      overridden.push_back(std::move(row_overridden));
      marks.push_back(std::move(row_marks));
      covered.push_back(std::move(row_covered));
      if (m.editable || m.overridable) cell_labels.push_back(std::move(row_labels));
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
                        {"overridden", std::move(overridden)},
                        {"caption", caption(m)},
                        {"marks", std::move(marks)},
                        {"cellLabels", std::move(cell_labels)},
                        {"covered", std::move(covered)},
                        {"coveredNote", context.cover && context.cover->any(index)
                                            ? ui::covered_text(context.asked_step(index))
                                            : ""}});
  }
  json covered_notes = json::array();  // the step's matrices covered whole, as the canvas says
  for (int i : step.matrices)
    if (context.covered(i)) covered_notes.push_back(ui::covered_matrix_text(context, i));
  // Predictions and challenges, as the canvas shows them: an open prediction
  // covers the step's sentences and results here too.
  const Prediction* open = context.open_prediction();
  json sentences = json::array();
  if (!open)
    for (const TraceSentence& x : step.sentences) {
      if (x.covered) continue;  // whether it holds would answer an open prediction
      // A sentence that holds only for the notebook's numbers, as the page shows it.
      std::string stale;
      if (!x.holds)
        stale = trf(
            // TRANSLATORS: in the text view, before a step's sentence that is true of the
            // notebook's numbers but not of the learner's.
            "The notebook's numbers only (yours differ): {sentence}", {{"sentence", x.text}});
      sentences.push_back({{"text", x.text}, {"holds", x.holds}, {"stale", stale}});
    }
  // Where the canvas shows the training panel: the loss now and at the start,
  // and each query's most attended key beside the one the target wants.
  json training = json::array();
  ui::TrainingPanel panel;
  panel.ui = const_cast<ui::UiContext*>(&context);  // shown() only reads
  const TraceMatrix* loss = context.in_part(Stage::loss);
  if (!open && panel.shown() && loss && loss->value.size() > 0 &&
      !context.covered(t.index_of(loss->key)) && std::isfinite(loss->value(0, 0))) {
    const TraceMatrix* start = s.notebook().find(loss->key);
    const int loss_digits = std::max(3, digits);
    training.push_back(
        // TRANSLATORS: the loss (how far the layer is from its target) at the learner's
        // numbers, and at the numbers the lesson starts from.
        trf("Loss now: {now}. Where the lesson starts: {start}.",
            {{"now", number_text(loss->value(0, 0), loss_digits)},
             {"start", start ? number_text(start->value(0, 0), loss_digits) : std::string("?")}}));
    const TraceMatrix* target = t.find({step.part, Stage::target, 0, 0});
    const TraceMatrix* weights =
        t.find({step.part, Stage::weights, context.heads() > 1 ? 1 : 0, 0});
    const bool rows = weights && weights->row_kind != AxisKind::Key;
    if (target && weights && rows && !context.covered(t.index_of(weights->key)) &&
        target->value.rows() == weights->value.rows() &&
        target->value.cols() == weights->value.cols()) {
      auto most = [](const Matrix& m, int r) {
        int best = 0;
        for (int c = 1; c < m.cols(); ++c)
          if (m(r, c) > m(r, best)) best = c;
        return best;
      };
      for (int r = 0; r < target->value.rows(); ++r) {
        double wanted = 0.0;
        for (int c = 0; c < target->value.cols(); ++c) wanted += target->value(r, c);
        if (wanted <= 0.0) continue;
        const int now = most(weights->value, r), goal = most(target->value, r);
        const std::string query = axis_label(weights->rows, r);
        training.push_back(
            now == goal
                // TRANSLATORS: in the text view, beside training: a query's largest attention
                // weight is on the key the target pattern wants.
                ? trf("\"{query}\" attends most to \"{key}\", as the target wants.",
                      {{"query", query}, {"key", axis_label(weights->cols, now)}})
                // TRANSLATORS: the same when it is on another key than the target's.
                : trf("\"{query}\" attends most to \"{key}\"; the target wants \"{target}\".",
                      {{"query", query},
                       {"key", axis_label(weights->cols, now)},
                       {"target", axis_label(target->cols, goal)}}));
      }
    }
  }
  const Evaluation e = context.evaluation();
  const int words_digits = std::min(digits, 3);
  const LessonProgress& progress = app_.slot().progress;
  json prediction, answers = json::array(), challenges = json::array();
  if (!view.explore) {
    const StepSpec& spec = context.step_spec();
    if (open) {
      const PredictionView v = view_prediction(*open, e, nullptr, words_digits, context.cover);
      // An earlier open question covers what this one needs: no answer yet.
      const int waits = context.open_waits;
      prediction = {{"id", open->id},
                    {"ask", v.ask},
                    {"options", v.options},
                    {"estimate", open->kind == Prediction::Kind::Estimate},
                    {"waits", waits < 0 ? "" : ui::waits_text(waits + 1)}};
      if (open->kind == Prediction::Kind::Estimate) {
        const std::string min = shortest(open->estimate.min), max = shortest(open->estimate.max);
        const std::string label = trf(
            // TRANSLATORS: the label of a field for the learner's guess of a number, between
            // {min} and {max}.
            "Your estimate ({min} to {max})", {{"min", min}, {"max", max}});
        prediction.update(
            {{"min", open->estimate.min}, {"max", open->estimate.max}, {"estimateLabel", label}});
      }
    }
    for (const Prediction& p : spec.predictions) {
      const auto a = progress.answers.find(p.id);
      if (a == progress.answers.end() || a->second.skipped) continue;
      const std::optional<Evaluation> then = context.evaluation_then(p.id);
      const PredictionView v = view_prediction(p, e, &a->second, words_digits, context.reveal_cover,
                                               then ? &*then : nullptr);
      answers.push_back({{"ask", v.ask},
                         {"picked", v.picked},
                         {"right", v.right},
                         {"answer", v.answer},
                         {"answerNow", v.answer_now},
                         {"numbers", v.numbers},
                         {"reveal", v.reveal},
                         {"verdict", v.right ? tr("Right.") : tr("Not quite.")},
                         {"answerChanged", v.now_line}});
    }
    // As on the canvas: one question at a time, so no challenge (and none of
    // its numbers) while a prediction is open.
    std::vector<const Challenge*> shown;
    if (const Challenge* taken = find_challenge(s.lesson(), view.challenge); taken && !open)
      shown.push_back(taken);
    if (!open)
      for (const Challenge& c : spec.challenges)
        if (&c != (shown.empty() ? nullptr : shown[0])) shown.push_back(&c);
    for (const Challenge* c : shown) {
      const auto hints = progress.hints.find(c->id);
      const std::optional<Evaluation> solved_with = context.evaluation_solved(c->id);
      const ChallengeView v = view_challenge(*c, e, s.lesson().parts[c->goal.part],
                                             hints == progress.hints.end() ? 0 : hints->second,
                                             progress.solved.count(c->id) > 0, words_digits,
                                             context.cover, solved_with ? &*solved_with : nullptr);
      json hints_texts = json::array();
      for (size_t i = 0; i < v.hints.size(); ++i)
        hints_texts.push_back(trf("Hint {number}: {hint}",
                                  {{"number", std::to_string(i + 1)}, {"hint", v.hints[i]}}));
      std::string closeness;  // none without a measure of it
      if (v.now.closeness >= 0)
        // TRANSLATORS: how close the learner is to a challenge's goal.
        // xgettext:no-c-format
        closeness = trf("{percent}% of the way there.", {{"percent", percent(v.now.closeness)}});
      const std::string rules = v.now.within_rules
                                    ? trf("You may change {allowed}.", {{"allowed", v.allowed}})
                                    : ui::rules_broken_text(v.allowed);
      const bool taken = view.challenge == c->id;
      challenges.push_back({{"id", c->id},
                            {"task", v.task},
                            {"allowed", v.allowed},
                            {"status", v.status},
                            {"solved", v.solved},
                            {"solvedNow", v.now.solved()},
                            {"numbers", v.numbers},
                            {"withinRules", v.now.within_rules},
                            {"closeness", v.now.closeness},
                            {"hints", v.hints},
                            {"hintsLeft", v.hints_left},
                            {"success", v.success},
                            {"taken", taken},
                            {"heading", v.now.solved() ? tr("Challenge solved")
                                        : v.solved     ? tr("Challenge (solved before)")
                                                       : tr("Challenge")},
                            {"closenessText", closeness},
                            {"rules", rules},
                            {"hintTexts", std::move(hints_texts)},
                            {"hintButton", v.hints.empty() ? tr("A hint") : tr("Another hint")},
                            {"takeButton", taken ? tr("Put it down") : tr("Take it on")}});
    }
  }
  // The text view's own labels, buttons and headings (index.html's and the
  // page's, which write them in English until this arrives).
  const json labels{
      // TRANSLATORS: in the text view, the label of the menu that picks the lesson.
      {"lesson", tr("Lesson")},
      // TRANSLATORS: in the text view, a button.
      {"previous", tr("Previous step")},
      // TRANSLATORS: in the text view, a button.
      {"next", tr("Next step")},
      // TRANSLATORS: for screen readers, the name of the text view's bar holding the
      // lesson menu and the step buttons.
      {"navigation", tr("Lesson and step")},
      // TRANSLATORS: for screen readers, the name of the text view: the current step
      // written as text and tables.
      {"region", tr("The current step as text")},
      {"textView", tr("Text view")},
      // TRANSLATORS: for screen readers, the name of the interactive canvas; "Text
      // view" is the button's label (msgid "Text view").
      {"canvas", tr("Attention Lab: an interactive lesson on self-attention. The Text view "
                    "button shows the same step as text and tables.")},
      // TRANSLATORS: a button that leaves the text view for the canvas.
      {"back", tr("Back to the interactive view")},
      {"predictFirst", tr("Predict first")},
      // TRANSLATORS: a button that submits the learner's answer to a prediction.
      {"check", tr("Check my answer")},
      {"skip", tr("Skip")}};
  const std::string position =
      trf("Step {step} of {count}",
          {{"step", std::to_string(view.step + 1)}, {"count", std::to_string(t.steps.size())}});
  const std::string& source = s.lesson().source;
  const std::string title_line =
      source.empty() ? s.lesson().title
                     // TRANSLATORS: a lesson's title and its source (the book or course it
                     // follows), in the text view.
                     : trf("{title}: {source}", {{"title", s.lesson().title}, {"source", source}});
  const json out{{"lesson", s.lesson().id},
                 {"lessons", std::move(lessons)},
                 {"title", s.lesson().title},
                 {"source", s.lesson().source},
                 {"step", view.step},
                 {"steps", t.steps.size()},
                 {"stepTitle", step.title},
                 {"formula", step.formula},
                 {"sentences", sentences},
                 {"training", std::move(training)},
                 {"digits", digits},
                 {"matrices", std::move(matrices)},
                 {"covered", std::move(covered_notes)},
                 {"prediction", std::move(prediction)},
                 {"answers", std::move(answers)},
                 {"challenges", std::move(challenges)},
                 {"progress", progress_object()},
                 {"position", position},
                 {"titleLine", title_line},
                 {"labels", labels}};
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace attn::app
