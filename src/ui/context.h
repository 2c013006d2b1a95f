// What every panel works with: the model (read only), the learner's view
// settings (read only), the drawing resources, and a list to put requests in.
// Panels never change anything themselves: they request, and the app (the
// one owner, src/app/app.h) applies every request after the frame is built.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/learning/challenge_descent.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/logic/cover.h"
#include "core/logic/judge.h"
#include "core/text/characters.h"
#include "core/trace/dependencies.h"
#include "ui/fonts.h"
#include "ui/heatmap.h"
#include "ui/number_texts.h"
#include "ui/theme.h"

namespace attn::ui {

// One entry of one matrix of the trace.
struct CellRef {
  MatrixKey key;
  int row = -1, col = -1;
  bool valid() const { return row >= 0 && col >= 0; }
  bool operator==(const CellRef&) const = default;
};

// The learner's view: everything that is not the model.
struct ViewState {
  int lesson = 0;  // index into the lesson list
  int step = 0;
  int head = 1;        // the head shown where a part has several (1-based)
  int query = 0;       // the query row the softmax panel follows
  int precision = -1;  // digits shown; -1: what the notebook printed at each step
  bool dark = false;
  std::string language = "en";                 // a code of core/text/translation.h's languages()
  std::vector<std::string> offered_languages;  // those this build can show; empty: all
  bool embed = false;                          // a focused embed: no lesson picker, less chrome
  bool touch = false;        // a finger is the pointer: larger targets, a keypad to type
  bool keep_row_sum = true;  // editing a weight rescales the query's others to sum to 1
  bool explore = false;      // ?mode=explore: no predictions or challenges, the bare explorer
  bool locked = false;       // ?lock=1 (a graded package): predictions and challenges stay on
  std::string challenge;     // the challenge the learner took on (its id), shown on every step
  // What plays by itself, a step at a time: training's gradient descent, or
  // the cache's tokens (the app stops it at an error, or the last token), or
  // gradient descent toward a challenge's goal (DescentShown).
  enum class Playing { Nothing, Training, Cache, Descent };
  Playing playing = Playing::Nothing;
  CellRef focus;  // the cell the keyboard is on (valid() while it is)
  // A cell the learner tapped or clicked: its explanation stays shown.
  bool pinned = false;
  MatrixKey pin;
  int pin_row = 0, pin_col = 0;
  std::vector<std::string> notices;  // messages at the top (bad input, a lesson that failed)
  std::string status;                // a passing state under the notices ("Loading the font…")
  std::string toast;                 // a short confirmation ("Copied")
  double toast_until = 0.0;          // ImGui time it fades at
};

//-----------------------------------------------------------------------------
// Requests: every change a view can ask for.
//-----------------------------------------------------------------------------
namespace request {
struct SelectLesson {
  int index;
};
struct GoToStep {
  int step;
};
struct EditCell {
  MatrixKey key;
  int row, col;
  double value;
};
struct SetScaling {
  int part;
  Scaling scaling;
};
struct SetCausal {
  int part;
  bool causal;
};
struct SetSeed {
  int part, group;
  uint32_t seed;
};
// Where the tokens stand (core/lesson/lesson.h: Sequence): their order
// (order[r]: the token standing r-th) and the first position.
struct SetOrder {
  int part;
  std::vector<int> order;
};
struct SetFirstPosition {
  int part, first;
};
// Generating with a KV cache: the step shown.
struct SetCacheStep {
  int part, step;
};
// Training: one step of gradient descent from the learner's numbers, the
// learning rate (0: the lesson's), and the trained matrices back to the lesson's.
struct TrainStep {
  int part;
};
struct SetLearningRate {
  int part;
  double lr;
};
struct ResetTraining {
  int part;
};
struct Play {
  ViewState::Playing what;  // Nothing: pause
};
// "Show how gradient descent would do it" for a challenge: the app runs the
// descent from the learner's numbers (core/learning/challenge_descent.h), the card
// asks for one step of it a frame, and the learner's numbers come back at the end.
struct ShowDescent {
  std::string challenge;
};
struct DescentStep {};
struct BackToMyNumbers {};
struct ResetNumbers {};
struct SetTheme {
  bool dark;
};
struct FollowQuery {
  int query;
};
struct ShowHead {
  int head;
};
struct Pin {
  MatrixKey key;
  int row, col;
};
struct Unpin {};
struct SetDigits {
  int digits;
};  // -1: as the notebook printed
struct DismissNotice {
  int index;
};
struct CopySnippet {};
struct CopyLink {};
struct EditNumber {
  CellRef cell;
  std::string typed;
};  // open the number editor
struct RemoveOverride {
  CellRef cell;
};
// One number back to the notebook's, on its own (an input's entry, or a
// what-if taken back).
struct ResetCell {
  CellRef cell;
};
struct ClearOverrides {};
struct SetKeepRowSum {
  bool keep;
};
struct FocusCell {
  CellRef cell;
};  // invalid: the keyboard leaves the cells
struct SetTouch {
  bool touch;
};
struct ShowTextView {};
struct EditLesson {};  // the page's lesson editor, on the lesson shown
// Predictions and challenges (core/lesson/activity.h), by id.
struct AnswerPrediction {
  std::string id;
  double picked;  // an option's index, or the estimate
};
struct SkipPrediction {
  std::string id;
};
struct TakeChallenge {
  std::string id;  // empty: put the challenge down
};
struct ShowHint {
  std::string challenge;
};
struct StartOver {};  // the lesson's numbers, answers and progress, all cleared
// A picture of the current step (or of one matrix on it) for slides: drawn
// off screen by the shell after this frame (App::take_figure).
struct SaveFigure {
  float scale = 2.0f;  // device pixels per UI pixel, 1 to 4
  bool dark = false;
  std::optional<MatrixKey> matrix;  // one of the step's matrices; none: the whole step
  bool download = true;             // the page offers the file (false: only the API hears it)
};
struct SetExplore {
  bool explore;
};
// A shipped language's code (core/text/translation.h); the interface switches once
// its catalog is here (the page fetches it).
struct SetLanguage {
  std::string code;
};
// From the API and the start parameters rather than a panel:
struct AddLesson {
  std::shared_ptr<const Lesson> lesson;
  std::string text;                                // its file's JSON, as it came
  std::shared_ptr<const nlohmann::json> document;  // ...parsed: read again in another language
  std::string file;
  bool keep_step = false;  // the editor's preview: the step shown stays, as far as it goes
};
struct RestoreState {
  LessonState state;
};  // a link's changes, checked by decode_state
struct SetEmbed {
  bool embed;
};
struct Notice {
  std::string text;
};
}  // namespace request

using Request = std::variant<
    request::SelectLesson, request::GoToStep, request::EditCell, request::SetScaling,
    request::SetCausal, request::SetSeed, request::SetOrder, request::SetFirstPosition,
    request::SetCacheStep, request::TrainStep, request::SetLearningRate, request::ResetTraining,
    request::Play, request::ShowDescent, request::DescentStep, request::BackToMyNumbers,
    request::ResetNumbers, request::SetTheme, request::FollowQuery, request::ShowHead, request::Pin,
    request::Unpin, request::SetDigits, request::DismissNotice, request::CopySnippet,
    request::CopyLink, request::EditNumber, request::RemoveOverride, request::ResetCell,
    request::ClearOverrides, request::SetKeepRowSum, request::FocusCell, request::SetTouch,
    request::ShowTextView, request::EditLesson, request::AnswerPrediction, request::SkipPrediction,
    request::TakeChallenge, request::ShowHint, request::StartOver, request::SetExplore,
    request::SetLanguage, request::SaveFigure, request::AddLesson, request::RestoreState,
    request::SetEmbed, request::Notice>;

// Gradient descent shown on a challenge (request::ShowDescent), kept with the
// lesson's session until the learner goes back to their numbers. While it is
// there, no challenge counts as solved: the numbers are not the learner's.
struct DescentShown {
  std::string challenge;  // its id
  LessonState before;     // the learner's numbers, to go back to
  ChallengeDescent run;
  size_t shown = 0;  // steps of run.path applied so far
  bool done() const { return shown >= run.path.size(); }
};

// A lesson as the picker lists it.
struct LessonEntry {
  std::string title, source;
};

struct UiContext {
  const Session* session = nullptr;
  const ViewState* view = nullptr;
  const LessonProgress* progress = nullptr;              // the current lesson's
  const std::optional<DescentShown>* descent = nullptr;  // the current lesson's
  const std::vector<LessonEntry>* lessons = nullptr;
  Fonts* fonts = nullptr;
  HeatmapRenderer* heatmaps = nullptr;
  float pixel_ratio = 1.0f;       // device pixels per UI pixel, for crisp textures
  bool can_copy_link = false;     // the platform makes links (the web page)
  bool can_show_text = false;     // the platform has a text view (the web page)
  bool can_edit = false;          // the platform has a lesson editor (the served page)
  std::vector<Request> requests;  // this frame's, applied by the app after the frame
  // The cell pointed at, dragged or focused: its operands and what it feeds
  // are highlighted. Views set `hot_next` while drawing; the app makes it
  // `hot` for the next frame (cells drawn before it would miss it otherwise).
  CellRef hot, hot_next;
  // The number being dragged, unrounded: a slow drag moves it by less than
  // the grid it snaps to each frame, which adds up here instead of being lost.
  struct Drag {
    unsigned id = 0;  // the cell's ImGui id while it is dragged
    double raw = 0.0;
  } drag;
  // The numbers drawn, written once and kept: drawing is read-only but may fill it.
  mutable NumberTexts numbers;

  void request(Request r) { requests.push_back(std::move(r)); }

  // The trace as the learner may see it: the session's, with what open
  // predictions cover taken out (NaN, written "?"). The page's API reads the
  // session's whole trace instead.
  const Trace* veiled = nullptr;
  const Trace& trace() const { return veiled ? *veiled : session->trace(); }
  const TraceStep& step() const { return trace().steps[view->step]; }
  // The colours of the theme the view shows (a figure's frames: the figure's).
  const Palette& palette() const { return ui::palette(view->dark); }
  // Digits for a step: the learner's choice, or the notebook's (0 to 12 either
  // way: a typed-in 9999999 must not ask printf for ten million decimals).
  int digits(const TraceStep& s) const {
    return std::clamp(view->precision >= 0 ? view->precision : s.precision, 0, 12);
  }
  // The part the current step belongs to.
  int part() const { return step().part; }
  // The lesson's step behind a trace step: its predictions and challenges.
  const StepSpec& step_spec() const {
    const TraceStep& s = step();
    return session->lesson().parts[s.part].steps[s.part_step];
  }
  Evaluation evaluation() const {
    return {session->trace(), session->notebook(), session->state(), session->defaults()};
  }
  // The numbers each answered prediction was answered on, and each solved
  // challenge solved with (by id), kept by the app: a reveal and a success
  // text speak of them. Null, or no entry: unknown (older saved work).
  const std::map<std::string, AnsweredNumbers>* answered = nullptr;
  const std::map<std::string, AnsweredNumbers>* solved_with = nullptr;
  std::optional<Evaluation> evaluation_then(const std::string& prediction) const {
    return evaluation_of(answered, prediction);
  }
  std::optional<Evaluation> evaluation_solved(const std::string& challenge) const {
    return evaluation_of(solved_with, challenge);
  }
  std::optional<Evaluation> evaluation_of(const std::map<std::string, AnsweredNumbers>* kept,
                                          const std::string& id) const {
    if (!kept) return std::nullopt;
    const auto it = kept->find(id);
    if (it == kept->end()) return std::nullopt;
    return Evaluation{it->second.trace, session->notebook(), it->second.state, session->defaults()};
  }
  // The step's first prediction not yet answered or skipped, while the learner
  // has predictions on: the step keeps its result covered until then.
  const Prediction* open_prediction() const {
    if (view->explore) return nullptr;
    for (const Prediction& p : step_spec().predictions)
      if (!progress || !progress->answers.count(p.id)) return &p;
    return nullptr;
  }
  // The step (an index) of an earlier open question that this step's open
  // prediction waits for (core/learning/predict_first.h: waits_for); -1: none, or predictions
  // are off. Kept with the cover (App::refresh_cover).
  int open_waits = -1;
  // What the lesson's open predictions cover (core/learning/predict_first.h: the rule), and
  // the trace with those numbers taken out: what every panel reads. The app
  // keeps both current (App::refresh_cover); null: nothing is covered.
  const Cover* cover = nullptr;
  // What an answered question's reveal may not show (cover_open_answers): the
  // other open questions' answers; null: nothing.
  const Cover* reveal_cover = nullptr;
  // Matrix `index` covered whole: it is left out, a "?" in its place.
  bool covered(int index) const { return cover && cover->all(index); }
  // Entry (row, col) of matrix `index` covered: a "?" in its cell.
  bool covered(int index, int row, int col) const { return cover && cover->at(index, row, col); }
  // The step that asks the question covering matrix `index`, or the regions:
  // "answer the prediction at step 4" (1-based here, as the step bar counts).
  int asked_step(int index) const { return cover ? cover->asked_at(index) + 1 : 0; }
  int asked_step(int index, int row, int col) const {
    return cover ? cover->asked_at(index, row, col) + 1 : 0;
  }
  int asked_step(const std::vector<Region>& regions) const {
    return cover ? cover->asked_at(session->trace(), regions) + 1 : 0;
  }
  // Whether one query's weights (its row, or its column when keys are rows)
  // are covered in part: the live bars and the temperature curves show them.
  bool query_covered(const TraceMatrix& weights, int query) const {
    const int index = trace().index_of(weights.key);
    const bool column = weights.row_kind == AxisKind::Key;
    for (int k = 0; k < (column ? weights.value.rows() : weights.value.cols()); ++k)
      if (covered(index, column ? k : query, column ? query : k)) return true;
    return false;
  }
  // The query the live bars and the temperature curves show: the followed
  // one, or while an open question covers its weights the first query they
  // do not cover, so a drag still shows its effect (-1 if every query's are).
  int shown_query(const TraceMatrix& weights, int followed) const {
    if (!query_covered(weights, followed)) return followed;
    // The stand-in: the uncovered query that sees the most keys (under a
    // causal mask the first sees only itself, a weight of 1 nothing moves).
    const bool column = weights.row_kind == AxisKind::Key;
    const int queries = column ? weights.value.cols() : weights.value.rows();
    const int keys = column ? weights.value.rows() : weights.value.cols();
    int best = -1, seen_best = -1;
    for (int q = 0; q < queries; ++q) {
      if (query_covered(weights, q)) continue;
      int seen = 0;
      for (int k = 0; k < keys; ++k)
        seen += (column ? weights.value(k, q) : weights.value(q, k)) != 0.0;
      if (seen > seen_best) best = q, seen_best = seen;
    }
    return best;
  }

  int heads() const { return trace().parts[part()].heads; }
  // The current part's matrix of `stage` for the shown head, at the part's own
  // settings (no variant); null if the part has none.
  const TraceMatrix* in_part(Stage stage) const {
    const int head =
        heads() > 1 && stage >= Stage::scores && stage <= Stage::context ? view->head : 0;
    return trace().find({part(), stage, head, 0});
  }
};

}  // namespace attn::ui
