// The app: the lesson library, the learner's sessions and view, and the one
// place where any of them changes. Panels (src/ui) request changes while a
// frame is built; the page's API, the tests and the shells call the methods
// below; both end in App::apply, which bumps one version counter whenever
// what state_json() reports has changed. Platform shells own the window and
// the loop and call frame() between ImGui::NewFrame() and ImGui::EndFrame().
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/start.h"
#include "core/lesson.h"
#include "core/progress.h"
#include "core/session.h"
#include "core/translation.h"
#include "ui/bars.h"
#include "ui/context.h"
#include "ui/live_panel.h"
#include "ui/number_editor.h"
#include "ui/side_panels.h"
#include "ui/step_panel.h"

namespace attn::app {

class App {
 public:
  // Where the built-in lessons' files come from: compiled in (the desktop app,
  // the tests, the single-file page), or provided by the shell as the learner
  // opens each (the page's build compiles none in; the tests ask for this).
  enum class LessonFiles { compiled_in, provided };
  explicit App(ui::HeatmapRenderer* heatmaps, LessonFiles files = LessonFiles::compiled_in);

  // The one start path: both shells collect parameters and call this once.
  // Whatever cannot be used becomes a notice; the app always starts.
  void start(const StartParameters& parameters);

  // Fonts rasterised at this device-pixel ratio, with the characters the
  // lessons need; call before each frame. Returns true when the atlas was
  // rebuilt (the renderer must then recreate its font texture).
  bool set_pixel_ratio(float ratio);
  // Font packs a lesson needs that this build does not carry (the web page's):
  // names, once each. The shell fetches fonts/<name>.ttf and hands it over.
  std::vector<std::string> take_wanted_fonts();
  void provide_font(std::string_view name, std::string bytes);
  void font_failed(std::string_view name, std::string_view why);
  // {"loading": what is being fetched or "", "missing": [{character, codepoint,
  // where}]}: the current lesson's characters the canvas cannot draw now.
  std::string glyphs_json() const;
  // The language the learner picked, when this build does not carry its
  // catalog (the web page's): its code, once. The shell fetches
  // lang/<code>.json and hands it over, or says why it could not.
  std::optional<std::string> take_wanted_catalog();
  void provide_catalog(std::string_view code, std::string_view bytes);
  void catalog_failed(std::string_view code, std::string_view why);
  std::string set_language(std::string_view code);
  // A built-in lesson the learner opened whose file is not here (the page's):
  // its id, once. The shell fetches lessons/<id>.json and hands it over, or
  // says why it could not; the lesson opens when it arrives. The page hands
  // over the lesson it opens with before start(). Returns why the file cannot
  // be used ("" when it can, or when that lesson is here already).
  std::optional<std::string> take_wanted_lesson();
  std::string provide_lesson(std::string_view id, std::string_view bytes);
  void lesson_failed(std::string_view id, std::string_view why);

  // Builds this frame's UI, then applies what the panels requested.
  void frame();
  // True while something on screen animates or just changed, so frames must keep coming.
  bool animating() const;

  // Applies one change; returns "" or why nothing changed.
  std::string apply(const ui::Request& request);

  // --- Figures for slides ----------------------------------------------------
  // The figure a panel or the API asked for this frame, once: the shell then
  // draws it off screen in frames of its own (platform::render_offscreen),
  // each calling draw_figure, and ends with end_figure.
  std::optional<ui::request::SaveFigure> take_figure();
  // One frame of the figure: the step's title, formula, text and matrices
  // (or one matrix), in the figure's theme, without controls. Returns the
  // size it took. `width`: the figure's width, or 0 for as wide as a slide
  // (the shell asks once at 0, then at the width that came back).
  ImVec2 draw_figure(const ui::request::SaveFigure& figure, float width);
  void end_figure();
  // "the-cat-sat-step4.png", "the-cat-sat-step4-weights.png"
  std::string figure_file_name(const ui::request::SaveFigure& figure) const;
  // What draws the matrices: the shells render its queued textures before the frame.
  ui::HeatmapRenderer& heatmaps() { return *heatmaps_; }

  // --- The API (window.attention, postMessage, tests): ids as text ----------
  std::vector<std::string> lesson_ids() const;
  std::string set_lesson(std::string_view id);
  // Loads a lesson file and shows it; on error the current lesson stays.
  std::string add_lesson(std::string_view bytes, std::string_view source);
  std::string set_step(int step);
  // `matrix` as the trace's JSON names it: "W_q", "value-64/weights". An
  // input, or a what-if on a computed score or weight.
  std::string set_value(std::string_view matrix, int row, int col, double value);
  // The same with the number as a learner typed it ("−0.5", "0,5").
  std::string set_value_text(std::string_view matrix, int row, int col, std::string_view text);
  // Applies a link's changes to the current lesson.
  std::string apply_state(std::string_view state);
  void notice(std::string text);
  // A short message that fades ("Link copied", "Figure saved: ...").
  void show_toast(std::string text);
  std::string trace_json() const;
  std::string state_json() const;
  // {"lesson" or "lesson-url", "step", "theme", "embed", "lang", "state"}: what a link
  // to exactly this needs (the page turns it into a URL).
  std::string link_json() const;
  std::string numpy_snippet() const;
  // The learner's progress on the current lesson (core/progress.h's counts):
  // {lesson, steps, visited, predictions, answered, right, challenges,
  // solved, complete, score}; score is null for a lesson with nothing to answer.
  std::string progress_json() const;
  // The current lesson's saved work, for the shell to keep: {"lesson": id,
  // "work": text}; "work" is null when there is nothing to keep.
  std::string saved_work_json() const;
  // The current step as the text view shows it (src/app/text_view.cpp).
  std::string text_view_json() const;

  // Set by a platform that makes links (the web page): shows "Copy link",
  // which calls it with link_json().
  std::function<void(const std::string&)> on_copy_link;
  // Set by a platform with a text view (the web page): shows "Text view".
  std::function<void()> on_show_text_view;

  // Whether keys belong to the app now: a cell has the keyboard, a number is
  // being typed, or ImGui wants them (the page lets Tab through only then).
  bool wants_keyboard() const;
  // Whether Tab (Shift+Tab) moves the keyboard to another matrix's numbers on
  // the canvas rather than out of it: the page lets the key through only then.
  bool wants_tab(bool back) const;
  // The keyboard arrived on the canvas (by Tab, or Shift+Tab): onto the first
  // (or last) matrix whose numbers can change.
  void enter_cells(bool from_end);

  const Session& session() const { return *slot().session; }
  const ui::ViewState& view() const { return view_; }
  // Bumps whenever what state_json() reports changes.
  uint64_t version() const { return version_; }

 private:
  nlohmann::json progress_object() const;  // progress_json()'s document

  struct LessonSlot {
    std::string id;                          // known before its file is here (a built-in's)
    std::shared_ptr<const Lesson> lesson;    // as shown: in the learner's language, if translated;
                                             // null while a built-in's file is not here
    std::shared_ptr<const Lesson> original;  // as its file has it
    std::string text;                        // its file's JSON, read again to translate it
    std::unique_ptr<Session> session;        // made when first opened; keeps the learner's edits
    bool builtin = false;                    // one of the eight, not a file
    std::string file;                        // the lesson file as named at start (lesson-url)
    LessonProgress progress;
    bool restore_checked = false;  // saved work looked for (once, when first opened)
    std::vector<CharacterUse>
        characters;  // its file's, beyond ASCII (built-ins: none beyond the base font)
    std::vector<CharacterUse> shown_characters;  // those of its texts as shown (translated)
  };
  LessonSlot& slot() { return lessons_[view_.lesson]; }
  const LessonSlot& slot() const { return lessons_[view_.lesson]; }
  Session& session_mut() { return *slot().session; }
  void select(int index);
  // The saved work for the current lesson, if the shell had some: its numbers,
  // step and progress. Returns whether there was any (a notice if unreadable).
  bool restore_saved();
  // After every change: the step is seen, and a challenge on screen that is
  // solved now counts as solved.
  void note_progress();
  // Records a prediction's answer, judged on the numbers now.
  std::string answer(const std::string& id, double picked);
  void handle_keys();
  // Where Tab (by = 1) or Shift+Tab (by = -1) moves the keyboard: the next
  // matrix on screen whose numbers can change; none past either end.
  ui::CellRef next_focus(int by) const;
  void draw_body();
  // Why a figure cannot be made as asked ("" if it can).
  std::string check_figure(const ui::request::SaveFigure& figure) const;
  // Loads a lesson file and shows it; `linked`: named by the start parameters,
  // so links name the file again.
  std::string load(std::string_view bytes, std::string_view source, bool linked);
  void add(std::shared_ptr<const Lesson> lesson, std::string text, const std::string& file,
           const std::vector<CharacterUse>& characters);
  // Shows lessons_[index] in the learner's language where it has a translation
  // (the catalog's, for a built-in; its file's own, else), its numbers and
  // the learner's changes kept.
  void localize(int index);
  // The fonts for every loaded lesson's characters and the interface's
  // language, and the status line while one of them loads.
  void need_fonts();
  void font_status();
  // The catalog for a shipped language: here already, compiled in, or null.
  std::shared_ptr<const Catalog> catalog_for(std::string_view code);
  // Switches the interface to a language whose catalog is here.
  void use_language(std::string_view code, std::shared_ptr<const Catalog> catalog);
  // One notice naming characters no font here has, with where they are.
  void report_missing(const std::string& lesson_title, const std::vector<CharacterUse>& uses);

  ui::HeatmapRenderer* heatmaps_;
  std::map<std::string, std::string> saved_;  // from the shell at start, by lesson id
  std::string opened_;                        // the link's step at start, kept with saved work
  std::optional<SavedWork> restored_;         // what restore_saved() last used
  std::vector<LessonSlot> lessons_;
  std::vector<ui::LessonEntry> entries_;  // the picker's view of lessons_
  std::map<std::string, std::shared_ptr<const Catalog>, std::less<>> catalogs_;  // by code
  std::vector<CharacterUse> language_characters_;  // the catalog's, beyond ASCII
  int pending_lesson_ = -1;                        // picked, its file not here yet
  bool lesson_asked_ = false;                      // the shell was told to fetch it
  std::string pending_language_;                   // picked, its catalog not here yet
  bool catalog_asked_ = false;                     // the shell was told to fetch it
  ui::ViewState view_;
  ui::FontSet fonts_;
  ui::UiContext ui_;
  ui::TopBar top_bar_;
  ui::StepBar step_bar_;
  ui::StepPanel step_panel_;
  ui::LivePanel live_panel_;
  ui::PipelinePanel pipeline_panel_;
  ui::TemperaturePanel temperature_panel_;
  ui::SettingsPanel settings_panel_;
  ui::NumberEditor number_editor_;
  std::optional<ui::request::SaveFigure> figure_;  // asked for, not yet taken
  std::pair<int, int> shown_step_{-1, -1};         // (lesson, step) drawn last
  bool starting_ = false;                          // inside start(): nothing seen yet
  uint64_t version_ = 0;
  bool changed_this_frame_ = false;  // one more frame shows what a request changed
};

}  // namespace attn::app
