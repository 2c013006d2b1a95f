// The app's changes in one place: its construction, each frame and its keys, applying the
// requests of panels, API and start, and the state it reports (app.h).
// [SECTION] Construction
// [SECTION] Applying changes (the one owner)
// [SECTION] The reported state
// [SECTION] Frame and keyboard
#include "app/app.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <utility>

#include "core/learning/predict_first.h"
#include "core/lesson/state_link.h"
#include "core/load/lesson_loader.h"
#include "core/logic/answers.h"
#include "core/logic/build_trace.h"
#include "core/logic/judge.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "core/trace/numpy_snippet.h"
#include "imgui.h"
#include "ui/item_registry.h"
#include "ui/theme.h"

namespace attn::app {

std::string quoted_value(std::string_view s) {
  std::string cut(s.substr(0, 40));
  if (s.size() > 40) cut += "…";
  return nlohmann::json(cut).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

//-----------------------------------------------------------------------------
// [SECTION] Construction
//-----------------------------------------------------------------------------

App::App(ui::HeatmapRenderer* heatmaps, LessonFiles files)
    : heatmaps_(heatmaps), library_(files == LessonFiles::compiled_in), window_(&ui_) {
  const CatalogScope words = speaking();  // English, whatever scope it is made in
  ui_.view = &view_;
  ui_.lessons = &library_.entries();
  ui_.fonts = fonts_.fonts();
  ui_.heatmaps = heatmaps_;
  select(0);  // waits for the first lesson's file when it is not here (the page's)
  follow_theme();
}

void App::follow_theme() {
  const std::pair<bool, bool> shown{view_.dark, view_.touch};
  if (styled_ == shown) return;
  styled_ = shown;
  ui::apply_theme(view_.dark, view_.touch);
  heatmaps_->set_dark(view_.dark);
}

void App::select(int index) {
  if (!library_[index].lesson) {  // opens when its file arrives (provide_asset)
    pending_lesson_ = index;
    wants_.want({AssetKind::lesson, library_[index].id});
    font_status();
    return;
  }
  if (pending_lesson_ >= 0) {  // a lesson picked since wins over one still on its way
    wants_.settle({AssetKind::lesson, library_[pending_lesson_].id});
    pending_lesson_ = -1;
    font_status();
  }
  // Gradient descent shown in the lesson left ends there: its numbers go back
  // to the learner's (they are not the learner's work to keep or save).
  if (view_.lesson >= 0 && view_.lesson < library_.size() && slot().session) back_to_my_numbers();
  view_.lesson = index;
  LessonSlot& s = slot_mut();
  if (!s.session) s.session = std::make_unique<Session>(s.lesson);
  ui_.session = s.session.get();
  ui_.progress = &s.progress;
  ui_.descent = &s.descent;
  view_.step = 0;
  view_.head = 1;
  view_.playing = ui::ViewState::Playing::Nothing;
  // Under a causal mask the first token sees only itself (its weight is 1
  // whatever changes): the live panel follows the last, which sees them all.
  const Lesson& lesson = s.session->lesson();
  const Part& main = lesson.parts[static_cast<size_t>(s.session->trace().main_part)];
  view_.query = main.options.causal ? static_cast<int>(main.tokens.size()) - 1 : 0;
  view_.pinned = false;
  view_.focus = {};
  view_.challenge.clear();
  if (!s.restore_checked) restore_saved();
  refresh_cover();
}

bool App::restore_saved() {
  LessonSlot& s = slot_mut();
  s.restore_checked = true;
  restored_.reset();
  const auto it = saved_.find(s.lesson->id);
  if (it == saved_.end()) return false;
  const DecodedWork d = decode_saved(*s.lesson, it->second);
  saved_.erase(it);  // used once; the shell saves afresh after the next change
  if (!d.work) {
    view_.notices.push_back(
        trf("Your saved work on \"{title}\" could not be read ({error}); starting afresh.",
            {{"title", s.lesson->title}, {"error", d.error}}));
    if (view_.notices.size() > 3) view_.notices.erase(view_.notices.begin());
    return false;
  }
  if (d.work->state) s.session->set_state(*d.work->state);
  s.progress = d.work->progress;
  view_.step = std::clamp(d.work->step, 0, static_cast<int>(s.session->trace().steps.size()) - 1);
  restored_ = d.work;
  return true;
}

std::string App::load(std::string_view bytes, std::string_view source, bool linked,
                      bool as_notice) {
  const CatalogScope words = speaking();
  LessonFile file = read_lesson_file(bytes, words_);
  LoadResult r = file.document ? load_lesson_document(*file.document, words_)
                               : LoadResult{std::nullopt, file.error};
  if (!r.ok()) {
    std::string message = r.error.message(source);
    if (as_notice) notice(message);
    return message;
  }
  return apply(ui::request::AddLesson{std::make_shared<const Lesson>(std::move(*r.lesson)),
                                      std::string(bytes), std::move(file.document),
                                      linked ? std::string(source) : ""});
}

void App::add(const ui::request::AddLesson& added) {
  const int step = view_.step;
  const int index = library_.add(added.lesson, added.text, added.document, added.file, words_);
  select(index);
  if (!stand_in_.empty()) {  // the built-in lessons stand in for nothing now
    std::erase(view_.notices, stand_in_);
    stand_in_.clear();
  }
  if (added.keep_step) {
    view_.step = std::clamp(step, 0, static_cast<int>(session().trace().steps.size()) - 1);
    refresh_cover();
  }
  need_fonts();
  std::vector<CharacterUse> missing;
  for (const CharacterUse& c : slot().characters)
    if (!ui::base_font_has(c.codepoint) && !ui::font_pack_for(c.codepoint)) missing.push_back(c);
  report_missing(slot_mut().lesson->title, missing);
}

//-----------------------------------------------------------------------------
// [SECTION] Applying changes (the one owner)
//-----------------------------------------------------------------------------

std::string App::answer(const std::string& id, double picked) {
  const Prediction* p = find_prediction(session().lesson(), id);
  if (!p) return "no prediction " + quoted_value(id) + " in this lesson";
  LessonProgress& progress = slot_mut().progress;
  if (progress.answers.count(id))
    return "the prediction " + quoted_value(id) + " is already answered";
  if (const int waits = waits_for(session().lesson(), session().trace(), progress, *p);
      waits >= 0 && !view_.explore)
    return "the prediction " + quoted_value(id) + " needs the prediction at step " +
           std::to_string(waits + 1) + " answered (or skipped) first";
  if (!std::isfinite(picked)) return "an answer must be a number";
  if (p->kind == Prediction::Kind::Estimate) {
    picked = std::clamp(picked, p->estimate.min, p->estimate.max);
  } else {
    const size_t options = prediction_options(*p, session().trace()).size();
    if (picked != std::floor(picked) || picked < 0 || picked >= static_cast<double>(options))
      return "answer " + std::to_string(picked) + " is not one of the " + std::to_string(options) +
             " options";
  }
  const Evaluation e = ui_.evaluation();
  progress.answers[id] = {false, picked, is_right(*p, e, picked), answer_key(*p, e),
                          session().state()};
  return "";
}

std::string App::reset_training(int part) {
  Session& s = session_mut();
  if (part < 0 || part >= static_cast<int>(s.lesson().parts.size()) ||
      !s.lesson().parts[part].train)
    return "this part has no training";
  LessonState state = s.state();
  for (Param param : s.lesson().parts[part].train->params) {
    const Stage stage = stage_of(param);
    state.parts[part].inputs[stage] = s.defaults().parts[part].inputs.at(stage);
  }
  s.set_state(state);
  view_.playing = ui::ViewState::Playing::Nothing;
  return "";
}

void App::note_progress() {
  if (starting_) return;
  LessonSlot& s = slot_mut();
  s.progress.visited.insert(view_.step);
  // Gradient descent's numbers on screen are not the learner's: no solve.
  if (view_.explore || s.descent) return;
  const Evaluation e = ui_.evaluation();
  auto check = [&](const Challenge& c) {
    if (s.progress.solved.count(c.id) || !challenge_status(c, e).solved()) return;
    s.progress.solved[c.id] = session().state();
    show_toast(tr("Challenge solved!"));
  };
  for (const Challenge& c : ui_.step_spec().challenges) check(c);
  if (const Challenge* c = find_challenge(*s.lesson, view_.challenge)) check(*c);
}

std::string App::apply(const ui::Request& request) {
  const CatalogScope words = speaking();
  namespace r = ui::request;
  const ReportedState before = reported();  // a change of it bumps the version
  std::string error;
  if (slot().descent && changes_numbers(request)) back_to_my_numbers();
  std::visit(
      [&](const auto& q) {
        using T = std::decay_t<decltype(q)>;
        Session& s = session_mut();
        if constexpr (std::is_same_v<T, r::SelectLesson>) {
          if (q.index < 0 || q.index >= library_.size())
            error = "no lesson " + std::to_string(q.index);
          else if (q.index != view_.lesson)
            select(q.index);
        } else if constexpr (std::is_same_v<T, r::GoToStep>) {
          if (q.step < 0 || q.step >= static_cast<int>(s.trace().steps.size()))
            error = "no step " + std::to_string(q.step) + " in this lesson";
          else if (q.step != view_.step) {
            back_to_my_numbers();  // descent plays on its card's step only: it ends here
            view_.step = q.step, view_.pinned = false, view_.focus = {},
            view_.playing = ui::ViewState::Playing::Nothing;
          }
        } else if constexpr (std::is_same_v<T, r::EditCell>) {
          error = s.set_value(q.key, q.row, q.col, q.value, {.keep_row_sum = view_.keep_row_sum});
        } else if constexpr (std::is_same_v<T, r::SetScaling>) {
          s.set_scaling(q.part, q.scaling);
        } else if constexpr (std::is_same_v<T, r::SetCausal>) {
          s.set_causal(q.part, q.causal);
        } else if constexpr (std::is_same_v<T, r::SetSeed>) {
          s.set_seed(q.part, q.group, q.seed);
        } else if constexpr (std::is_same_v<T, r::SetOrder>) {
          error = s.set_order(q.part, q.order);
        } else if constexpr (std::is_same_v<T, r::SetFirstPosition>) {
          s.set_first_position(q.part, q.first);
        } else if constexpr (std::is_same_v<T, r::SetCacheStep>) {
          s.set_cache_step(q.part, q.step);
        } else if constexpr (std::is_same_v<T, r::SetLearningRate>) {
          s.set_learning_rate(q.part, q.lr);
        } else if constexpr (std::is_same_v<T, r::TrainStep>) {
          error = s.train_step(q.part);
          if (!error.empty() && view_.playing == ui::ViewState::Playing::Training) {
            view_.playing = ui::ViewState::Playing::Nothing;
            // TRANSLATORS: a notice when training (gradient descent) stops by itself: the
            // next step would make a number too large.
            notice(
                tr("Training stopped: the next step would take a number past the limits. "
                   "Lower the learning rate, or go back to the starting weights."));
          }
        } else if constexpr (std::is_same_v<T, r::ResetTraining>) {
          error = reset_training(q.part);
        } else if constexpr (std::is_same_v<T, r::Play>) {
          view_.playing = q.what;
        } else if constexpr (std::is_same_v<T, r::ShowDescent>) {
          error = show_descent(q.challenge);
        } else if constexpr (std::is_same_v<T, r::DescentStep>) {
          descent_step();
        } else if constexpr (std::is_same_v<T, r::BackToMyNumbers>) {
          back_to_my_numbers();
        } else if constexpr (std::is_same_v<T, r::ResetNumbers>) {
          s.reset();
        } else if constexpr (std::is_same_v<T, r::SetTheme>) {
          view_.dark = q.dark;
        } else if constexpr (std::is_same_v<T, r::SetTouch>) {
          view_.touch = q.touch;
        } else if constexpr (std::is_same_v<T, r::EditNumber>) {
          window_.open_number_editor(q.cell, q.typed);
        } else if constexpr (std::is_same_v<T, r::RemoveOverride>) {
          s.remove_override(q.cell.key, q.cell.row, q.cell.col);
        } else if constexpr (std::is_same_v<T, r::ResetCell>) {
          error = s.reset_value(q.cell.key, q.cell.row, q.cell.col);
        } else if constexpr (std::is_same_v<T, r::ClearOverrides>) {
          s.clear_overrides();
        } else if constexpr (std::is_same_v<T, r::SetKeepRowSum>) {
          view_.keep_row_sum = q.keep;
        } else if constexpr (std::is_same_v<T, r::FocusCell>) {
          view_.focus = q.cell;
        } else if constexpr (std::is_same_v<T, r::ShowTextView>) {
          if (on_show_text_view) on_show_text_view();
        } else if constexpr (std::is_same_v<T, r::EditLesson>) {
          if (on_edit_lesson) on_edit_lesson();
        } else if constexpr (std::is_same_v<T, r::AnswerPrediction>) {
          error = answer(q.id, q.picked);
        } else if constexpr (std::is_same_v<T, r::SkipPrediction>) {
          if (!find_prediction(s.lesson(), q.id))
            error = "no prediction " + quoted_value(q.id) + " in this lesson";
          else if (!slot_mut().progress.answers.count(q.id))
            slot_mut().progress.answers[q.id] = {true, 0.0, false, "", std::nullopt};
        } else if constexpr (std::is_same_v<T, r::TakeChallenge>) {
          if (!q.id.empty() && !find_challenge(s.lesson(), q.id))
            error = "no challenge " + quoted_value(q.id) + " in this lesson";
          else
            view_.challenge = q.id;
        } else if constexpr (std::is_same_v<T, r::ShowHint>) {
          if (const Challenge* c = find_challenge(s.lesson(), q.challenge)) {
            int& shown_hints = slot_mut().progress.hints[q.challenge];
            shown_hints = std::min(shown_hints + 1, static_cast<int>(c->hints.size()));
          } else {
            error = "no challenge " + quoted_value(q.challenge) + " in this lesson";
          }
        } else if constexpr (std::is_same_v<T, r::SaveFigure>) {
          error = queue_figure(q);
        } else if constexpr (std::is_same_v<T, r::StartOver>) {
          s.reset();
          slot_mut().progress = {};
          slot_mut().descent.reset();
          view_.step = 0, view_.challenge.clear(), view_.pinned = false, view_.focus = {};
        } else if constexpr (std::is_same_v<T, r::SetExplore>) {
          if (q.explore && view_.locked)
            error = "predictions and challenges are kept on here (lock=1): they are graded";
          else
            view_.explore = q.explore;
        } else if constexpr (std::is_same_v<T, r::SetLanguage>) {
          const Language* language = find_language(q.code);
          const std::vector<std::string>& offered = view_.offered_languages;
          if (!language) {
            error = quoted_value(q.code) + " is not one of these languages: " + language_codes();
          } else if (!offered.empty() &&
                     std::find(offered.begin(), offered.end(), language->code) == offered.end()) {
            std::string codes;
            for (const std::string& code : offered) codes += (codes.empty() ? "" : ", ") + code;
            error = std::string(language->code) + " is not in this offline file, which has " +
                    codes + " only";
          } else if (auto catalog = catalog_for(language->code);
                     catalog || language->code == "en") {
            use_language(language->code, std::move(catalog));
          } else if (pending_language_ != language->code) {
            pending_language_ = language->code;  // the shell fetches it (take_wanted_assets)
            wants_.want({AssetKind::catalog, pending_language_});
            font_status();
          }
        } else if constexpr (std::is_same_v<T, r::FollowQuery>) {
          view_.query = std::max(0, q.query);
        } else if constexpr (std::is_same_v<T, r::ShowHead>) {
          view_.head = std::clamp(q.head, 1, Limits::kMaxHeads);
        } else if constexpr (std::is_same_v<T, r::Pin>) {
          view_.pinned = true, view_.pin = q.key, view_.pin_row = q.row, view_.pin_col = q.col;
        } else if constexpr (std::is_same_v<T, r::Unpin>) {
          view_.pinned = false;
        } else if constexpr (std::is_same_v<T, r::SetDigits>) {
          view_.precision = std::clamp(q.digits, -1, 12);
        } else if constexpr (std::is_same_v<T, r::DismissNotice>) {
          if (q.index >= 0 && q.index < static_cast<int>(view_.notices.size()))
            view_.notices.erase(view_.notices.begin() + q.index);
        } else if constexpr (std::is_same_v<T, r::CopySnippet>) {
          ImGui::SetClipboardText(shown_numpy_snippet().c_str());
          show_toast(tr("Copied: paste it into a notebook cell"));
        } else if constexpr (std::is_same_v<T, r::CopyLink>) {
          if (on_copy_link) on_copy_link();
          show_toast(tr("Link copied: it reopens this lesson, step and every change"));
        } else if constexpr (std::is_same_v<T, r::AddLesson>) {
          add(q);
        } else if constexpr (std::is_same_v<T, r::RestoreState>) {
          s.set_state(q.state);
        } else if constexpr (std::is_same_v<T, r::SetEmbed>) {
          view_.embed = q.embed;
        } else if constexpr (std::is_same_v<T, r::Notice>) {
          view_.notices.push_back(q.text);
          if (view_.notices.size() > 3) view_.notices.erase(view_.notices.begin());
        }
      },
      request);
  note_progress();
  refresh_cover();
  follow_theme();
  if (!(reported() == before)) ++version_;  // the one place it bumps
  changed_this_frame_ = true;
  return error;
}

void App::refresh_cover() {
  if (!slot().session) return;
  const Session& s = session();
  CoverInputs now{&s, &s.lesson(), view_.step, view_.explore, {}, {}};
  for (const auto& [id, answer] : slot().progress.answers) now.settled.push_back(id);
  for (const TraceMatrix& m : s.trace().matrices)
    now.shape.emplace_back(m.key.packed(), m.value.rows() * 4096 + m.value.cols());
  const bool same_cover = now == cover_inputs_;
  if (!same_cover) {
    cover_inputs_ = std::move(now);
    cover_ = view_.explore
                 ? Cover(s.trace())
                 : cover_open_predictions(s.lesson(), s.trace(), slot().progress, view_.step);
    reveal_cover_ = view_.explore ? Cover(s.trace())
                                  : cover_open_answers(s.lesson(), s.trace(), slot().progress);
    // From the same inputs: which earlier question the step's open one waits for.
    const Prediction* open = ui_.open_prediction();
    ui_.open_waits = open ? waits_for(s.lesson(), s.trace(), slot().progress, *open) : -1;
  }
  // The numbers each answer was given on, for its reveal, and each challenge
  // solved with, for its success text (rebuilt only when they or the
  // lesson's texts changed).
  std::map<std::string, LessonState> states, solved;
  for (const auto& [id, answer] : slot().progress.answers)
    if (answer.state) states[id] = *answer.state;
  for (const auto& [id, with] : slot().progress.solved)
    if (with) solved[id] = *with;
  auto rebuild = [&](std::map<std::string, LessonState>& now,
                     std::map<std::string, LessonState>& kept,
                     std::map<std::string, AnsweredNumbers>& numbers) {
    if (now == kept && numbers_lesson_ == &s.lesson()) return;
    kept = std::move(now);
    numbers.clear();
    for (const auto& [id, state] : kept)
      numbers[id] = {state, build_trace(s.lesson(), state, &s.notebook(), &s.defaults())};
  };
  rebuild(states, answered_states_, answered_);
  rebuild(solved, solved_states_, solved_with_);
  numbers_lesson_ = &s.lesson();
  ui_.answered = &answered_;
  ui_.solved_with = &solved_with_;
  ui_.cover = cover_.empty() ? nullptr : &cover_;
  ui_.reveal_cover = reveal_cover_.empty() ? nullptr : &reveal_cover_;
  if (!ui_.cover) {
    ui_.veiled = nullptr;
    veiled_ = {};
    return;
  }
  if (same_cover && ui_.veiled && veiled_revision_ == s.revision()) return;
  veiled_ = veiled(s.lesson(), ui_.evaluation(), cover_);
  veiled_revision_ = s.revision();
  ui_.veiled = &veiled_;
}

void App::notice(std::string text) {
  if (!slot_mut().session) {  // before any lesson is shown (the page's, waiting for its file)
    view_.notices.push_back(std::move(text));
    return;
  }
  apply(ui::request::Notice{std::move(text)});
}

void App::stand_in_notice(std::string text) {
  stand_in_ = text;
  notice(std::move(text));
}

void App::show_toast(std::string text) {  // worded by the caller
  view_.toast = std::move(text);
  view_.toast_until = ImGui::GetTime() + 2.0;
}

std::string App::shown_numpy_snippet() const {
  const Trace& t = session().trace();
  const TraceStep& step = t.steps[view_.step];
  SnippetRequest request;
  request.part = step.part;
  std::string withheld;  // numbers an open prediction covers are not printed either
  for (int i : window_.matrices_in_order())
    if (ui_.cover && ui_.cover->any(i))
      withheld += "\n# Not printed: " + t.matrices[i].label +
                  " (it answers the prediction at step " + std::to_string(ui_.asked_step(i)) + ")";
    else
      request.shown.push_back(t.matrices[i].key);
  request.digits = ui_.digits(step);
  request.heading = session().lesson().title + ", step " + std::to_string(view_.step + 1) + ": " +
                    step.title + withheld;
  return numpy_snippet(session().lesson(), session().state(), t, request);
}

//-----------------------------------------------------------------------------
// [SECTION] The reported state
//-----------------------------------------------------------------------------

ReportedState App::reported() const {
  ReportedState r;
  if (!slot().session) return r;  // nothing shown yet (the page, before its first lesson)
  const Trace& t = session().trace();
  const TraceStep& s = t.steps[view_.step];
  const LessonState& state = session().state();
  for (size_t part = 0; part < state.parts.size(); ++part)
    for (const Override& o : state.parts[part].overrides) {
      const MatrixKey key{static_cast<int>(part), o.stage, o.head, 0};
      const TraceMatrix* m = t.find(key);
      if (!m) continue;
      r.overrides.push_back({t.id_of(key), o.row, o.col, m->rows[o.row], m->cols[o.col], o.value});
    }
  r.lesson = session().lesson().id;
  r.title = session().lesson().title;
  r.builtin = slot().builtin;
  r.notices = view_.notices;
  r.step = view_.step;
  r.steps = static_cast<int>(t.steps.size());
  r.step_id = s.id;
  r.step_title = s.title;
  r.dark = view_.dark;
  r.language = view_.language;
  r.explore = view_.explore;
  r.locked = view_.locked;
  r.embed = view_.embed;
  r.touch = view_.touch;
  r.keep_row_sum = view_.keep_row_sum;
  r.challenge = view_.challenge;
  r.edited = !session().is_default();
  r.state = state;
  r.revision = session().revision();
  if (const std::optional<ui::DescentShown>& d = slot().descent) {
    r.descent = {d->challenge,
                 static_cast<int>(d->shown),
                 static_cast<int>(d->run.path.size()),
                 d->run.reached,
                 {}};
    const Challenge* c = find_challenge(session().lesson(), d->challenge);
    if (c && d->done()) r.descent.said = descent_sentences(d->run, d->before, session().defaults());
  }
  r.progress = slot().progress;
  return r;
}

//-----------------------------------------------------------------------------
// [SECTION] Frame and keyboard
//-----------------------------------------------------------------------------

bool App::animating() const {
  return changed_this_frame_ || view_.playing != ui::ViewState::Playing::Nothing ||
         !figures_.empty() || ImGui::GetTime() < view_.toast_until;
}

void App::frame() {
  const CatalogScope words = speaking();
  ui::item_registry_new_frame();
  refresh_cover();  // a lesson or saved work arrived since the last change
  changed_this_frame_ = false;
  ui_.can_copy_link = static_cast<bool>(on_copy_link);
  ui_.can_show_text = static_cast<bool>(on_show_text_view);
  ui_.can_edit = static_cast<bool>(on_edit_lesson);
  ui_.hot = ui_.hot_next;
  ui_.hot_next = {};
  window_.draw();
  // The views' requests, in the order they were made. An edit recomputes the
  // trace: nothing drawn this frame points into it any more.
  std::vector<ui::Request> requests;
  requests.swap(ui_.requests);
  for (const ui::Request& r : requests) apply(r);
  heatmaps_->end_frame();
}

bool App::wants_keyboard() const {
  return view_.focus.valid() || window_.number_editor_open() || ImGui::GetIO().WantCaptureKeyboard;
}

bool App::wants_tab(bool back) const {
  return view_.focus.valid() && window_.next_focus(back ? -1 : 1).valid();
}

void App::enter_cells(bool from_end) {
  apply(ui::request::FocusCell{window_.next_focus(from_end ? -1 : 1)});
}

}  // namespace attn::app
