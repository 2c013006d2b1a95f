// The app: the learner's sessions and view over the lesson library, and the
// one place where any of them changes. Panels (src/ui) request changes while
// a frame is built; the API (app/api.h), the start path and the tests call
// App::apply too, which bumps one version counter whenever the reported state
// (ReportedState: what the page hears) changed. Platform shells own the window
// and the loop and call frame() between ImGui::NewFrame() and
// ImGui::EndFrame(). Where the rest of App lives:
//   app.cpp        construction, apply, the frame, the keyboard's entry
//   start.cpp      the one start path
//   assets.cpp     what the app needs from its shell: lessons' files, catalogs, fonts
//   figures.cpp    figures for slides, queued and drawn off screen
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/assets.h"
#include "app/lesson_library.h"
#include "app/start.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/lesson.h"
#include "core/logic/cover.h"
#include "core/text/translation.h"
#include "ui/context.h"
#include "ui/fonts.h"
#include "ui/main_window.h"

namespace attn::app {

// A value from a link, a call or a command line, quoted and cut for a message.
std::string quoted_value(std::string_view s);

// A what-if (a computed score or weight set by hand), as the API names it.
struct ReportedOverride {
  std::string matrix;  // as setValue takes it
  int row = 0, col = 0;
  std::string row_token, col_token;
  double value = 0.0;
  bool operator==(const ReportedOverride&) const = default;
};

// What the shell reports at every change (window.attention.state(),
// statechange): the version bumps exactly when one of these changes.
struct ReportedState {
  std::string lesson, title;
  bool builtin = false;
  std::vector<std::string> notices;
  int step = 0, steps = 0;
  std::string step_id, step_title;
  bool dark = false;
  std::string language;
  bool explore = false, locked = false, embed = false, touch = false, keep_row_sum = true;
  std::string challenge;  // the challenge taken on, or ""
  bool edited = false;
  LessonState state;  // the learner's numbers and settings (a link's "changes")
  std::vector<ReportedOverride> overrides;
  uint64_t revision = 0;
  LessonProgress progress;  // reported as its counts; kept whole so a hint taken is a change
  // Gradient descent shown on a challenge: its id ("" if none), the steps
  // played of how many, and once played, what the card says.
  struct Descent {
    std::string challenge;
    int step = 0, steps = 0;
    bool reached = false;
    std::vector<std::string> said;
    bool operator==(const Descent&) const = default;
  } descent;
  bool operator==(const ReportedState&) const = default;
};

// A figure asked for, waiting for the shell to draw it after a frame.
struct FigureJob {
  uint64_t id = 0;  // the API's answer names it
  ui::request::SaveFigure figure;
  int lesson = 0, step = 0;  // drawn as they were when it was asked for
};

class App {
 public:
  // Where the built-in lessons' files come from: compiled in (the desktop app,
  // the tests, the single-file page), or provided by the shell as the learner
  // opens each (the page's build compiles none in; the tests ask for this).
  enum class LessonFiles { compiled_in, provided };
  explicit App(ui::HeatmapRenderer* heatmaps, LessonFiles files = LessonFiles::compiled_in);
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // The one start path: both shells collect parameters and call this once.
  // Whatever cannot be used becomes a notice; the app always starts.
  void start(const StartParameters& parameters);

  // --- What the app needs from its shell (assets.cpp) -----------------------
  // Fonts rasterised at this device-pixel ratio, with the characters the
  // lessons need; call before each frame. Returns true when the atlas was
  // rebuilt (the renderer must then recreate its font texture).
  bool set_pixel_ratio(float ratio);
  // Files the app wants and this build does not carry (the page's): each
  // returned once. The shell fetches asset_file(asset) and hands it over, or
  // says why it could not. A lesson the page opens with is handed over
  // before start(). provide_asset returns why the file cannot be used (only
  // a lesson's file can be refused at once), or "".
  std::vector<Asset> take_wanted_assets();
  std::string provide_asset(const Asset& asset, std::string bytes);
  void asset_failed(const Asset& asset, std::string_view why);
  // The current lesson's and the interface's characters the canvas cannot
  // draw now, with where they are; and what font is being fetched ("" if none).
  std::vector<CharacterUse> undrawable_characters() const;
  std::string font_loading() const { return fonts_.loading(); }

  // --- Changes ---------------------------------------------------------------
  // Applies one change; returns "" or why nothing changed.
  std::string apply(const ui::Request& request);
  // A message at the top of the page (bad input, a lesson that failed).
  void notice(std::string text);
  // A notice that the built-in lessons stand in for a lesson that could not
  // be had (a link's, lesson-url's): it goes once a lesson from a file is
  // shown, when what it says is no longer so.
  void stand_in_notice(std::string text);
  // A short message that fades ("Link copied", "Figure saved: ...").
  void show_toast(std::string text);
  // Shows a lesson by id (start.cpp): "" or why not.
  std::string open_lesson(std::string_view id);
  // Applies a link's changes to the current lesson (start.cpp): "" or why not.
  std::string apply_link_state(std::string_view state);
  // Loads a lesson file and shows it; on error the current lesson stays and
  // the error is returned (`as_notice`: said at the top of the page too,
  // for the learner who asked for it; an API caller hears it instead).
  std::string load(std::string_view bytes, std::string_view source, bool linked, bool as_notice);

  // "Copy as numpy": the step's matrices as the learner sees them, as numpy.
  std::string shown_numpy_snippet() const;

  // --- The frame ------------------------------------------------------------
  // Builds this frame's UI, then applies what the panels requested.
  void frame();
  // True while something on screen animates, just changed, or a figure
  // waits: frames must keep coming.
  bool animating() const;

  // --- Figures for slides (figures.cpp) -------------------------------------
  // Queues a figure of the current step (or one of its matrices) at once, or
  // says why it cannot be made. `id`: the job's, for its answer.
  std::string queue_figure(const ui::request::SaveFigure& figure, uint64_t* id = nullptr);
  // The oldest figure asked for, once: the shell then calls begin_figure, draws
  // it off screen in frames of its own (platform::make_figure), each calling
  // draw_figure, and ends with end_figure.
  std::optional<FigureJob> take_figure();
  // Sets the figure's step and theme; "" or why it cannot be drawn now (the
  // lesson changed since it was asked for): then nothing is changed.
  std::string begin_figure(const FigureJob& job);
  // One frame of the figure: the step's title, formula, text and matrices (or
  // one matrix), without controls. Returns the size it took. `width`: the
  // figure's width, or 0 for as wide as a slide.
  ImVec2 draw_figure(const FigureJob& job, float width);
  void end_figure();
  // "the-cat-sat-step4.png", "the-cat-sat-step4-weights.png"
  std::string figure_file_name(const FigureJob& job) const;
  // What draws the matrices: the shells render its queued textures before the frame.
  ui::HeatmapRenderer& heatmaps() { return *heatmaps_; }

  // --- The keyboard ---------------------------------------------------------
  // Whether keys belong to the app now: a cell has the keyboard, a number is
  // being typed, or ImGui wants them (the page lets Tab through only then).
  bool wants_keyboard() const;
  // Whether Tab (Shift+Tab) moves the keyboard to another matrix's numbers on
  // the canvas rather than out of it: the page lets the key through only then.
  bool wants_tab(bool back) const;
  // The keyboard arrived on the canvas (by Tab, or Shift+Tab): onto the first
  // (or last) matrix whose numbers can change.
  void enter_cells(bool from_end);

  // --- Reading ---------------------------------------------------------------
  const Session& session() const { return *slot().session; }
  const ui::ViewState& view() const { return view_; }
  const LessonLibrary& library() const { return library_; }
  const LessonSlot& slot() const { return library_[view_.lesson]; }
  const ui::UiContext& ui() const { return ui_; }
  const ui::MainWindow& window() const { return window_; }
  // The link's step at start, kept with saved work (core/learning/progress.h).
  const std::string& opened() const { return opened_; }
  ReportedState reported() const;
  // Bumps whenever reported() changes.
  uint64_t version() const { return version_; }

  // The learner's language: its catalog (null: English), and a scope in which
  // tr() speaks it. Every entry point of the App and its Api opens one, so
  // two Apps in one process each speak their own language; a shell wording
  // something of its own for this app's learner opens one too. It follows
  // the App: a language picked while it is open speaks at once.
  const Catalog* catalog() const { return words_; }
  CatalogScope speaking() const { return CatalogScope::following(&words_); }

  // Set by a platform that makes links (the web page): shows "Copy link",
  // which calls it (the shell asks the API for the link).
  std::function<void()> on_copy_link;
  // Set by a platform with a text view (the web page): shows "Text view".
  std::function<void()> on_show_text_view;
  std::function<void()> on_edit_lesson;  // the page opens its editor (web/editor/)

 private:
  LessonSlot& slot_mut() { return library_[view_.lesson]; }
  Session& session_mut() { return *slot().session; }
  void select(int index);
  // ImGui's style and the heatmaps' colours follow the view's theme and touch
  // (the view owns them); after every change, and a figure's frames.
  void follow_theme();
  // The saved work for the current lesson, if the shell had some: its numbers,
  // step and progress. Returns whether there was any (a notice if unreadable).
  bool restore_saved();
  // After every change: the step is seen, and a challenge on screen that is
  // solved now counts as solved.
  void note_progress();
  // Keeps ui().cover and ui().veiled current: what the open predictions
  // cover, for the lesson, step and answers now (recomputed only when one of
  // those, or the trace's shape, changed; the veiled trace when the numbers did).
  void refresh_cover();
  // Records a prediction's answer, judged on the numbers now.
  std::string answer(const std::string& id, double picked);
  // Training's matrices back to the lesson's (the rest of the learner's numbers stay).
  std::string reset_training(int part);
  // descent.cpp: gradient descent shown on a challenge, a step a frame, and
  // the learner's numbers back.
  std::string show_descent(const std::string& challenge);
  void descent_step();
  void back_to_my_numbers();
  // Whether a request changes the learner's numbers (descent ends before it).
  static bool changes_numbers(const ui::Request& request);
  void add(const ui::request::AddLesson& added);
  // Why a figure cannot be made as asked on the current step ("" if it can).
  std::string check_figure(const ui::request::SaveFigure& figure) const;

  // assets.cpp
  std::string provide_lesson(std::string_view id, std::string_view bytes);
  void lesson_failed(std::string_view id, std::string_view why);
  void provide_catalog(std::string_view code, std::string_view bytes);
  void catalog_failed(std::string_view code, std::string_view why);
  void font_failed(std::string_view name, std::string_view why);
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
  LessonLibrary library_;
  std::map<std::string, std::string> saved_;  // from the shell at start, by lesson id
  std::string opened_;                        // the link's step at start, kept with saved work
  std::string stand_in_;                      // stand_in_notice()'s text, while it is shown
  std::optional<SavedWork> restored_;         // what restore_saved() last used
  std::map<std::string, std::shared_ptr<const Catalog>, std::less<>> catalogs_;  // by code
  std::shared_ptr<const Catalog> catalog_;         // the learner's language's; null: English
  const Catalog* words_ = nullptr;                 // catalog_.get(), which speaking() follows
  std::vector<CharacterUse> language_characters_;  // the catalog's, beyond ASCII
  AssetWants wants_;                               // files asked of the shell, not yet here
  int pending_lesson_ = -1;                        // picked, its file not here yet
  std::string pending_language_;                   // picked, its catalog not here yet
  ui::ViewState view_;
  std::optional<std::pair<bool, bool>> styled_;  // the theme and touch ImGui's style has
  // What refresh_cover() last computed, and from what.
  struct CoverInputs {
    const Session* session = nullptr;
    const Lesson* lesson = nullptr;
    int step = -1;
    bool explore = false;
    std::vector<std::string> settled;             // predictions answered or skipped
    std::vector<std::pair<uint32_t, int>> shape;  // each matrix's key and size
    bool operator==(const CoverInputs&) const = default;
  } cover_inputs_;
  uint64_t veiled_revision_ = 0;
  // The numbers answers were given on and challenges solved with, each with
  // its trace (by id), and the lesson they were built for.
  std::map<std::string, LessonState> answered_states_, solved_states_;
  std::map<std::string, AnsweredNumbers> answered_, solved_with_;
  const Lesson* numbers_lesson_ = nullptr;
  Cover cover_;
  Cover reveal_cover_;
  Trace veiled_;
  ui::FontSet fonts_;
  ui::UiContext ui_;
  ui::MainWindow window_;
  std::deque<FigureJob> figures_;  // asked for, not yet taken
  uint64_t next_figure_id_ = 0;
  std::optional<ui::ViewState> before_figure_;  // the view a figure's frames replace
  bool starting_ = false;                       // inside start(): nothing seen yet
  uint64_t version_ = 0;
  bool changed_this_frame_ = false;  // one more frame shows what a request changed
};

}  // namespace attn::app
