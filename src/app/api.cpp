// The app's API: names as text in, typed requests to App::apply, JSON out.
#include "app/api.h"

#include <nlohmann/json.hpp>

#include "core/lesson/state_link.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_translations.h"
#include "core/text/characters.h"
#include "core/trace/trace_json.h"
#include "ui/number_editor.h"

namespace attn::app {

using json = nlohmann::json;

namespace {
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }
}  // namespace

std::vector<std::string> Api::lesson_ids() const {
  const CatalogScope words = app_.speaking();
  return app_.library().ids();
}

std::string Api::set_lesson(std::string_view id) {
  const CatalogScope words = app_.speaking();
  return app_.open_lesson(id);
}

std::string Api::add_lesson(std::string_view bytes, std::string_view source) {
  const CatalogScope words = app_.speaking();
  return app_.load(bytes, source, false, false);
}

std::string Api::check_lesson(std::string_view bytes) const {
  const CatalogScope words = app_.speaking();
  const LoadResult r = load_lesson(bytes, app_.catalog());
  if (r.ok()) return R"({"ok":true})";
  return nlohmann::json{{"ok", false},
                        {"path", r.error.path},
                        {"reason", r.error.reason},
                        {"message", r.error.message("")}}
      .dump();
}

std::string Api::drawn_inputs(std::string_view bytes) const {
  const CatalogScope words = app_.speaking();
  const LoadResult r = load_lesson(bytes, app_.catalog());
  if (!r.ok()) return nlohmann::json{{"error", r.error.message("")}}.dump();
  if (r.lesson->parts.size() != 1)
    return R"({"error":"a lesson in parts: switch its inputs in the lesson file's text"})";
  nlohmann::json inputs = nlohmann::json::object();
  // Every input at the lesson's defaults, in the layout the file writes it.
  const LessonState defaults = default_state(*r.lesson);  // kept: the loop reads into it
  for (const auto& [stage, m] : defaults.parts[0].inputs) {
    nlohmann::json rows = nlohmann::json::array();
    for (int i = 0; i < m.rows(); ++i) {
      nlohmann::json row = nlohmann::json::array();
      for (int j = 0; j < m.cols(); ++j) row.push_back(m(i, j));
      rows.push_back(std::move(row));
    }
    inputs[std::string(stage_name(stage))] = std::move(rows);
  }
  return nlohmann::json{{"inputs", std::move(inputs)}}.dump();
}

std::string Api::preview_lesson(std::string_view bytes) {
  const CatalogScope words = app_.speaking();
  LessonFile file = read_lesson_file(bytes, app_.catalog());
  LoadResult r = file.document ? load_lesson_document(*file.document, app_.catalog())
                               : LoadResult{std::nullopt, file.error};
  if (!r.ok()) return r.error.message("");
  // Its own slot, whatever id the draft has: the learner's lesson of that id,
  // and the work saved on it, stay as they were.
  r.lesson->id = std::string(kDraftLessonId);
  return app_.apply(ui::request::AddLesson{std::make_shared<const Lesson>(std::move(*r.lesson)),
                                           std::string(bytes), std::move(file.document), "", true});
}

std::string Api::lesson_file() const { return app_.library()[app_.view().lesson].text; }

std::string Api::translatable_texts(std::string_view bytes) const {
  const LessonFile file = read_lesson_file(bytes);  // a refusal in English, as every refusal here
  if (!file.document) return dump({{"error", file.error.message("")}});
  json texts = json::array();
  for (const auto& [path, text] : attn::translatable_texts(*file.document))
    texts.push_back({{"path", path}, {"text", text}});
  return dump({{"texts", texts}});
}

std::string Api::set_step(int step) {
  const CatalogScope words = app_.speaking();
  return app_.apply(ui::request::GoToStep{step});
}

std::string Api::train_step() {
  const CatalogScope words = app_.speaking();
  const int part = app_.session().trace().steps[app_.view().step].part;
  if (!app_.session().lesson().parts[part].train)
    return "this step's part has no \"train\": nothing to train";
  return app_.apply(ui::request::TrainStep{part});
}

std::string Api::set_value(std::string_view matrix, int row, int col, double value) {
  const CatalogScope words = app_.speaking();
  const std::optional<MatrixKey> key = app_.session().trace().key_of(matrix);
  if (!key) return "no matrix " + quoted_value(matrix) + " in this lesson";
  return app_.apply(ui::request::EditCell{*key, row, col, value});
}

std::string Api::set_value_text(std::string_view matrix, int row, int col, std::string_view text) {
  const CatalogScope words = app_.speaking();
  double value = 0.0;
  if (!ui::parse_number(std::string(text), value)) return quoted_value(text) + " is not a number";
  return set_value(matrix, row, col, value);
}

std::string Api::apply_state(std::string_view state) {
  const CatalogScope words = app_.speaking();
  return app_.apply_link_state(state);
}

std::string Api::set_language(std::string_view code) {
  const CatalogScope words = app_.speaking();
  return app_.apply(ui::request::SetLanguage{std::string(code)});
}

std::string Api::save_figure(float scale, bool dark, std::string_view matrix, bool download,
                             uint64_t* id) {
  const CatalogScope words = app_.speaking();
  ui::request::SaveFigure f;
  f.scale = scale;
  f.dark = dark;
  f.download = download;
  if (!matrix.empty()) {
    f.matrix = app_.session().trace().key_of(matrix);
    if (!f.matrix) return "no matrix " + quoted_value(matrix) + " on this step";
  }
  return app_.queue_figure(f, id);
}

std::string Api::trace_json() const {
  const CatalogScope words = app_.speaking();
  return trace_to_json(app_.session().trace());
}

std::string Api::state_json() const {
  const CatalogScope words = app_.speaking();
  const ReportedState r = app_.reported();
  json overrides = json::array();  // the what-ifs, named as setValue takes them
  for (const ReportedOverride& o : r.overrides)
    overrides.push_back({{"matrix", o.matrix},
                         {"row", o.row},
                         {"col", o.col},
                         {"rowToken", o.row_token},
                         {"colToken", o.col_token},
                         {"value", o.value}});
  return dump(json{
      {"lesson", r.lesson},
      {"title", r.title},
      {"builtin", r.builtin},
      {"draft", r.lesson == kDraftLessonId},
      {"notices", r.notices},
      {"step", r.step},
      {"steps", r.steps},
      {"stepId", r.step_id},
      {"stepTitle", r.step_title},
      {"theme", r.dark ? "dark" : "light"},
      {"language", r.language},
      {"mode", r.explore ? "explore" : "learn"},
      {"locked", r.locked},
      {"embed", r.embed},
      {"touch", r.touch},
      {"keepRowSum", r.keep_row_sum},
      {"challenge", r.challenge},
      {"descent", r.descent.challenge.empty() ? json()
                                              : json{{"challenge", r.descent.challenge},
                                                     {"step", r.descent.step},
                                                     {"steps", r.descent.steps},
                                                     {"done", r.descent.step >= r.descent.steps},
                                                     {"reached", r.descent.reached},
                                                     {"said", r.descent.said}}},
      {"edited", r.edited},
      {"changes", encode_state(app_.session().lesson(), r.state)},
      {"overrides", std::move(overrides)},
      {"revision", r.revision},
      {"progress", progress_object()}});
}

std::string Api::progress_json() const {
  const CatalogScope words = app_.speaking();
  return dump(progress_object());
}

json Api::progress_object() const {
  const Lesson& lesson = app_.session().lesson();
  const ProgressCounts c = count_progress(lesson, app_.slot().progress);
  return json{{"lesson", lesson.id},        {"steps", c.steps},
              {"visited", c.visited},       {"predictions", c.predictions},
              {"answered", c.answered},     {"right", c.right},
              {"challenges", c.challenges}, {"solved", c.solved},
              {"complete", c.complete()},   {"score", c.score() < 0 ? json() : json(c.score())}};
}

std::string Api::saved_work_json() const {
  const CatalogScope words = app_.speaking();
  const Session& session = app_.session();
  if (session.lesson().id == kDraftLessonId) return "null";  // a draft keeps no work
  SavedWork w;
  w.step = app_.view().step;
  if (!session.is_default()) w.state = session.state();
  w.progress = app_.slot().progress;
  w.opened = app_.opened();
  // Nothing kept beyond the first step seen: nothing to save.
  const bool nothing = !w.state && w.step == 0 && w.progress.answers.empty() &&
                       w.progress.solved.empty() && w.progress.hints.empty() &&
                       w.progress.visited.size() <= 1;
  return dump(json{{"lesson", session.lesson().id},
                   {"language", app_.view().language},
                   {"work", nothing ? json() : json(encode_saved(session.lesson(), w))}});
}

std::string Api::link_json() const {
  const CatalogScope words = app_.speaking();
  const ui::ViewState& view = app_.view();
  const Session& session = app_.session();
  json link = json::object();
  if (app_.slot().in_link)
    link["lesson-in-link"] = "1";  // the page puts its #lesson= back
  else if (!app_.slot().file.empty())
    link["lesson-url"] = app_.slot().file;
  else
    link["lesson"] = session.lesson().id;
  link["step"] = std::to_string(view.step + 1);
  if (view.dark) link["theme"] = "dark";
  if (view.embed) link["embed"] = "1";
  if (view.language != "en") link["lang"] = view.language;
  if (const std::string state = encode_state(session.lesson(), session.state()); !state.empty())
    link["state"] = state;
  return dump(link);
}

std::string Api::glyphs_json() const {
  const CatalogScope words = app_.speaking();
  json missing = json::array();
  for (const CharacterUse& c : app_.undrawable_characters())
    missing.push_back({{"character", utf8_of(c.codepoint)},
                       {"codepoint", codepoint_name(c.codepoint)},
                       {"where", c.where}});
  return json{{"loading", app_.font_loading()}, {"missing", missing}}.dump();
}

}  // namespace attn::app
