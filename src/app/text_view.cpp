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
  for (int i : step.matrices) {
    const TraceMatrix& m = t.matrices[i];
    const TraceMatrix* notebook = s.notebook().find(m.key);
    json cells = json::array(), values = json::array(), changed = json::array();
    for (int r = 0; r < m.value.rows(); ++r) {
      json row_cells = json::array(), row_values = json::array(), row_changed = json::array();
      for (int c = 0; c < m.value.cols(); ++c) {
        row_cells.push_back(number_text(m.value(r, c), digits));
        row_values.push_back(m.value(r, c));  // non-finite: null
        row_changed.push_back(differs_from_notebook(m, notebook, r, c));
      }
      cells.push_back(std::move(row_cells));
      values.push_back(std::move(row_values));
      changed.push_back(std::move(row_changed));
    }
    matrices.push_back({{"id", t.id_of(m.key)},
                        {"label", m.label},
                        {"editable", m.editable},
                        {"rows", m.rows},
                        {"cols", m.cols},
                        {"cells", std::move(cells)},
                        {"values", std::move(values)},
                        {"changed", std::move(changed)}});
  }
  const json view{{"lesson", s.lesson().id},
                  {"lessons", std::move(lessons)},
                  {"title", s.lesson().title},
                  {"source", s.lesson().source},
                  {"step", view_.step},
                  {"steps", t.steps.size()},
                  {"stepTitle", step.title},
                  {"formula", step.formula},
                  {"text", step.text},
                  {"digits", digits},
                  {"matrices", std::move(matrices)}};
  return view.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace attn::app
