// [SECTION] Start
// [SECTION] Applying changes
// [SECTION] The API
// [SECTION] Frame
#include "app/app.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <type_traits>
#include <utility>

#include "core/builtin_lessons.h"
#include "core/embedded_file.h"
#include "core/lesson_loader.h"
#include "core/lesson_translations.h"
#include "core/number_text.h"
#include "core/numpy_snippet.h"
#include "core/state_link.h"
#include "core/trace_json.h"
#include "core/translation.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

// The interface's catalogs (scripts/catalogs.py): compiled into the desktop
// app and the tests; the page fetches them (src/app/catalogs_fetched.cpp).
extern const attn::EmbeddedFile kCatalogFiles[];
extern const size_t kCatalogFilesCount;

namespace attn::app {

using json = nlohmann::json;

namespace {
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }
// A value from a link or a command line, quoted and cut for a notice.
std::string shown(std::string_view s) {
  std::string cut(s.substr(0, 40));
  if (s.size() > 40) cut += "…";
  return dump(json(cut));
}
bool is_lesson_id(std::string_view s) {
  return !s.empty() && s.size() <= Limits::kMaxIdChars &&
         std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
         });
}
}  // namespace

App::App(ui::HeatmapRenderer* heatmaps, LessonFiles files) : heatmaps_(heatmaps) {
  for (const BuiltinLessonEntry& e : builtin_lesson_index()) {
    LessonSlot s;
    s.id = e.id;
    s.builtin = true;
    if (files == LessonFiles::compiled_in)
      if (auto l = find_builtin_lesson(e.id)) {
        s.original = s.lesson = l;
        s.text = builtin_lesson_file(e.id);
      }
    lessons_.push_back(std::move(s));
    entries_.push_back({e.title, e.source});
  }
  ui_.view = &view_;
  ui_.lessons = &entries_;
  ui_.fonts = fonts_.fonts();
  ui_.heatmaps = heatmaps_;
  top_bar_.ui = step_bar_.ui = step_panel_.ui = live_panel_.ui = &ui_;
  pipeline_panel_.ui = temperature_panel_.ui = settings_panel_.ui = number_editor_.ui = &ui_;
  select(0);  // waits for the first lesson's file when it is not here (the page's)
  ui::apply_theme(false, false);
}

//-----------------------------------------------------------------------------
// [SECTION] Start
//-----------------------------------------------------------------------------

void App::start(const StartParameters& parameters) {
  starting_ = true;  // the steps passed through on the way are not seen
  // The first of each known key; one notice for each other key.
  std::vector<std::pair<std::string_view, std::string_view>> given;
  std::vector<std::string_view> reported;
  for (const auto& pair : parameters.values) {
    const std::string& key = pair.first;
    const bool known =
        std::find(std::begin(kStartKeys), std::end(kStartKeys), key) != std::end(kStartKeys);
    const bool repeated =
        std::any_of(given.begin(), given.end(), [&](const auto& g) { return g.first == key; });
    if (known && !repeated) {
      given.emplace_back(key, pair.second);
      continue;
    }
    if (std::find(reported.begin(), reported.end(), key) != reported.end()) continue;
    reported.push_back(key);
    if (!known)
      notice(trf("The parameter {name} is not one Attention Lab knows; it was ignored.",
                 {{"name", shown(key)}}));
    else
      notice(
          trf("The parameter {name} is given more than once; using the first.", {{"name", key}}));
  }
  auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    for (const auto& [k, v] : given)
      if (k == key) return v;
    return std::nullopt;
  };

  // The language: the link's, else the one picked last time, else the first
  // of the browser's (the system's) that is shipped, else English.
  const Language* language = nullptr;
  const auto lang = value_of("lang");
  if (lang) language = find_language(*lang);
  if (!language) language = find_language(parameters.saved_language);
  if (!language) language = choose_language(parameters.preferred_languages);
  if (language && language->code != "en")
    apply(ui::request::SetLanguage{std::string(language->code)});
  if (lang && !find_language(*lang))  // said in the language shown, where its catalog is here
    notice(trf("The language {value} is not one of these: {languages}.",
               {{"value", shown(*lang)}, {"languages", language_codes()}}));

  if (auto theme = value_of("theme")) {
    if (*theme == "light" || *theme == "dark")
      apply(ui::request::SetTheme{*theme == "dark"});
    else
      notice(
          trf("The theme {value} is not light or dark; using light.", {{"value", shown(*theme)}}));
  }
  if (auto embed = value_of("embed")) {
    if (*embed == "1" || *embed == "0")
      apply(ui::request::SetEmbed{*embed == "1"});
    else
      notice("embed=" + shown(*embed) + " is not 0 or 1; showing the full page.");
  }
  if (auto mode = value_of("mode")) {
    if (*mode == "learn" || *mode == "explore")
      apply(ui::request::SetExplore{*mode == "explore"});
    else
      notice("mode=" + shown(*mode) +
             " is not learn or explore; predictions and challenges are on.");
  }

  // The page hands over the lesson it opens with before this (provide_lesson
  // shows the first to arrive); without one there is nothing to show.
  if (!slot().session) {
    starting_ = false;
    return;
  }

  // The learner's saved work: each lesson's is used when it is first opened.
  for (const auto& [id, text] : parameters.saved_work) saved_[id] = text;
  slot().restore_checked = false;  // the first lesson was opened before there was any
  if (auto step = value_of("step")) opened_ = std::string(step->substr(0, 20));

  // The lesson: a file, or a built-in id.
  bool lesson_ok = true;
  if (auto file = value_of("lesson-url")) {
    if (parameters.lesson_file) {
      lesson_ok = load(*parameters.lesson_file, *file, true).empty();
    } else {
      // TRANSLATORS: {why} is in English (e.g. "HTTP 404").
      notice(trf("{file} could not be loaded ({why}); showing the built-in lessons.",
                 {{"file", *file},
                  {"why", parameters.lesson_file_error.empty() ? tr("not read")
                                                               : parameters.lesson_file_error}}));
      lesson_ok = false;
    }
  } else if (auto lesson = value_of("lesson")) {
    if (!is_lesson_id(*lesson)) {
      notice(trf("The lesson {value} is not a lesson id; showing \"{title}\".",
                 {{"value", shown(*lesson)}, {"title", session().lesson().title}}));
      lesson_ok = false;
    } else if (const std::string error = set_lesson(*lesson); !error.empty()) {
      // TRANSLATORS: {error} is in English, e.g. Unknown lesson "x".
      notice(trf("{error}; showing \"{title}\" instead.",
                 {{"error", error}, {"title", session().lesson().title}}));
      lesson_ok = false;
    }
  } else if (!parameters.last_lesson.empty()) {
    set_lesson(parameters.last_lesson);  // where the learner left off; gone lessons are no matter
  }
  if (!slot().restore_checked) restore_saved();
  const bool restored = restored_.has_value();

  if (auto state = value_of("state"); state && lesson_ok) {
    const LessonState before = session().state();
    if (const std::string error = apply_state(*state); !error.empty())
      notice(trf("The link's changes could not be used ({error}).", {{"error", error}}));
    else if (restored && !restored_->state.empty() && !(session().state() == before))
      notice(tr("This link's numbers replace the ones you had saved on this lesson."));
  }
  // A link's step wins, unless the saved work was made under this same link
  // (a course page that always opens step 1 must not undo the learner's place).
  if (auto step = value_of("step");
      step && lesson_ok && !(restored && restored_->opened == opened_)) {
    int n = 0;
    const auto [end, error] = std::from_chars(step->data(), step->data() + step->size(), n);
    if (error != std::errc() || end != step->data() + step->size() || n < 1)
      notice(trf("The step {value} is not a step number; showing the first step.",
                 {{"value", shown(*step)}}));
    else if (!set_step(n - 1).empty())
      notice(trf("There is no step {step} in \"{title}\"; showing the first.",
                 {{"step", std::to_string(n)}, {"title", session().lesson().title}}));
  }
  starting_ = false;
  note_progress();  // the step opened is seen, even when nothing else was applied
}

std::string App::load(std::string_view bytes, std::string_view source, bool linked) {
  LoadResult r = load_lesson(bytes);
  if (!r.ok()) {
    std::string message = r.error.message(source);
    notice(message);
    return message;
  }
  return apply(ui::request::AddLesson{std::make_shared<const Lesson>(std::move(*r.lesson)),
                                      std::string(bytes), linked ? std::string(source) : "",
                                      characters_used(bytes)});
}

//-----------------------------------------------------------------------------
// [SECTION] Applying changes
//-----------------------------------------------------------------------------

void App::select(int index) {
  if (!lessons_[index].lesson) {  // opens when its file arrives (provide_lesson)
    pending_lesson_ = index;
    lesson_asked_ = false;
    font_status();
    return;
  }
  if (pending_lesson_ >= 0) {  // a lesson picked since wins over one still on its way
    pending_lesson_ = -1;
    font_status();
  }
  view_.lesson = index;
  LessonSlot& s = slot();
  if (!s.session) s.session = std::make_unique<Session>(s.lesson);
  ui_.session = s.session.get();
  ui_.progress = &s.progress;
  view_.step = 0;
  view_.head = 1;
  view_.query = 0;
  view_.pinned = false;
  view_.focus = {};
  view_.challenge.clear();
  if (!s.restore_checked) restore_saved();
}

bool App::restore_saved() {
  LessonSlot& s = slot();
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
  if (!d.work->state.empty())
    if (const DecodedState state = decode_state(*s.lesson, d.work->state); state.state)
      s.session->set_state(*state.state);
  s.progress = d.work->progress;
  view_.step = std::clamp(d.work->step, 0, static_cast<int>(s.session->trace().steps.size()) - 1);
  restored_ = d.work;
  return true;
}

std::string App::answer(const std::string& id, double picked) {
  const Prediction* p = find_prediction(session().lesson(), id);
  if (!p) return "no prediction " + shown(id) + " in this lesson";
  LessonProgress& progress = slot().progress;
  if (progress.answers.count(id)) return "the prediction " + shown(id) + " is already answered";
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
  progress.answers[id] = {false, picked, is_right(*p, e, picked), answer_key(*p, e)};
  return "";
}

void App::note_progress() {
  if (starting_) return;
  LessonSlot& s = slot();
  s.progress.visited.insert(view_.step);
  if (view_.explore) return;
  const Evaluation e = ui_.evaluation();
  auto check = [&](const Challenge& c) {
    if (s.progress.solved.count(c.id) || !challenge_status(c, e).solved()) return;
    s.progress.solved.insert(c.id);
    show_toast(tr("Challenge solved!"));
  };
  for (const Challenge& c : ui_.step_spec().challenges) check(c);
  if (const Challenge* c = find_challenge(*s.lesson, view_.challenge)) check(*c);
}

std::string App::apply(const ui::Request& request) {
  namespace r = ui::request;
  // What state_json() reports, before: a change bumps the version.
  const Session* session_before = &session();
  const uint64_t revision = session().revision();
  const ui::ViewState before = view_;
  const LessonProgress progress_before = slot().progress;
  std::string error;
  std::visit(
      [&](const auto& q) {
        using T = std::decay_t<decltype(q)>;
        Session& s = session_mut();
        if constexpr (std::is_same_v<T, r::SelectLesson>) {
          if (q.index < 0 || q.index >= static_cast<int>(lessons_.size()))
            error = "no lesson " + std::to_string(q.index);
          else if (q.index != view_.lesson)
            select(q.index);
        } else if constexpr (std::is_same_v<T, r::GoToStep>) {
          if (q.step < 0 || q.step >= static_cast<int>(s.trace().steps.size()))
            error = "no step " + std::to_string(q.step) + " in this lesson";
          else if (q.step != view_.step)
            view_.step = q.step, view_.pinned = false, view_.focus = {};
        } else if constexpr (std::is_same_v<T, r::EditCell>) {
          error = s.set_value(q.key, q.row, q.col, q.value, {.keep_row_sum = view_.keep_row_sum});
        } else if constexpr (std::is_same_v<T, r::SetScaling>) {
          s.set_scaling(q.part, q.scaling);
        } else if constexpr (std::is_same_v<T, r::SetCausal>) {
          s.set_causal(q.part, q.causal);
        } else if constexpr (std::is_same_v<T, r::SetSeed>) {
          s.set_seed(q.part, q.group, q.seed);
        } else if constexpr (std::is_same_v<T, r::ResetNumbers>) {
          s.reset();
        } else if constexpr (std::is_same_v<T, r::SetTheme>) {
          view_.dark = q.dark;
          ui::apply_theme(q.dark, view_.touch);
          heatmaps_->set_dark(q.dark);
        } else if constexpr (std::is_same_v<T, r::SetTouch>) {
          view_.touch = q.touch;
          ui::apply_theme(view_.dark, q.touch);
        } else if constexpr (std::is_same_v<T, r::EditNumber>) {
          number_editor_.open(q.cell, q.typed);
        } else if constexpr (std::is_same_v<T, r::RemoveOverride>) {
          s.remove_override(q.cell.key, q.cell.row, q.cell.col);
        } else if constexpr (std::is_same_v<T, r::ClearOverrides>) {
          s.clear_overrides();
        } else if constexpr (std::is_same_v<T, r::SetKeepRowSum>) {
          view_.keep_row_sum = q.keep;
        } else if constexpr (std::is_same_v<T, r::FocusCell>) {
          view_.focus = q.cell;
        } else if constexpr (std::is_same_v<T, r::ShowTextView>) {
          if (on_show_text_view) on_show_text_view();
        } else if constexpr (std::is_same_v<T, r::AnswerPrediction>) {
          error = answer(q.id, q.picked);
        } else if constexpr (std::is_same_v<T, r::SkipPrediction>) {
          if (!find_prediction(s.lesson(), q.id))
            error = "no prediction " + shown(q.id) + " in this lesson";
          else if (!slot().progress.answers.count(q.id))
            slot().progress.answers[q.id] = {true, 0.0, false, ""};
        } else if constexpr (std::is_same_v<T, r::TakeChallenge>) {
          if (!q.id.empty() && !find_challenge(s.lesson(), q.id))
            error = "no challenge " + shown(q.id) + " in this lesson";
          else
            view_.challenge = q.id;
        } else if constexpr (std::is_same_v<T, r::ShowHint>) {
          if (const Challenge* c = find_challenge(s.lesson(), q.challenge)) {
            int& shown_hints = slot().progress.hints[q.challenge];
            shown_hints = std::min(shown_hints + 1, static_cast<int>(c->hints.size()));
          } else {
            error = "no challenge " + shown(q.challenge) + " in this lesson";
          }
        } else if constexpr (std::is_same_v<T, r::SaveFigure>) {
          error = check_figure(q);
          if (error.empty()) figure_ = q;
        } else if constexpr (std::is_same_v<T, r::StartOver>) {
          s.reset();
          slot().progress = {};
          view_.step = 0, view_.challenge.clear(), view_.pinned = false, view_.focus = {};
        } else if constexpr (std::is_same_v<T, r::SetExplore>) {
          view_.explore = q.explore;
        } else if constexpr (std::is_same_v<T, r::SetLanguage>) {
          const Language* language = find_language(q.code);
          if (!language) {
            error = shown(q.code) + " is not one of these languages: " + language_codes();
          } else if (auto catalog = catalog_for(language->code);
                     catalog || language->code == "en") {
            use_language(language->code, std::move(catalog));
          } else if (pending_language_ != language->code) {
            pending_language_ = language->code;  // the shell fetches it (take_wanted_catalog)
            catalog_asked_ = false;
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
          ImGui::SetClipboardText(numpy_snippet().c_str());
          show_toast(tr("Copied: paste it into a notebook cell"));
        } else if constexpr (std::is_same_v<T, r::CopyLink>) {
          if (on_copy_link) on_copy_link(link_json());
          show_toast(tr("Link copied: it reopens this lesson, step and every change"));
        } else if constexpr (std::is_same_v<T, r::AddLesson>) {
          add(q.lesson, q.text, q.file, q.characters);
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
  const bool changed = &session() != session_before || session().revision() != revision ||
                       view_.lesson != before.lesson || view_.step != before.step ||
                       view_.dark != before.dark || view_.notices != before.notices ||
                       view_.embed != before.embed || view_.keep_row_sum != before.keep_row_sum ||
                       view_.explore != before.explore || view_.challenge != before.challenge ||
                       view_.language != before.language || !(slot().progress == progress_before);
  if (changed) ++version_;  // the one place it bumps
  changed_this_frame_ = true;
  return error;
}

void App::notice(std::string text) {
  if (!slot().session) {  // before any lesson is shown (the page's, waiting for its file)
    view_.notices.push_back(std::move(text));
    return;
  }
  apply(ui::request::Notice{std::move(text)});
}

void App::add(std::shared_ptr<const Lesson> lesson, std::string text, const std::string& file,
              const std::vector<CharacterUse>& characters) {
  // A lesson with a built-in's id replaces it: the instructor's version wins.
  int index = -1;
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (lessons_[i].id == lesson->id) index = static_cast<int>(i);
  if (index < 0) {
    index = static_cast<int>(lessons_.size());
    lessons_.emplace_back();
    entries_.emplace_back();
  }
  LessonSlot& s = lessons_[index];
  s = {};
  s.id = lesson->id;
  s.original = s.lesson = std::move(lesson);
  s.text = std::move(text);
  s.file = file;
  s.characters = characters;
  localize(index);
  select(index);
  need_fonts();
  std::vector<CharacterUse> missing;
  for (const CharacterUse& c : characters)
    if (!ui::base_font_has(c.codepoint) && !ui::font_pack_for(c.codepoint)) missing.push_back(c);
  report_missing(slot().lesson->title, missing);
}

void App::report_missing(const std::string& lesson_title, const std::vector<CharacterUse>& uses) {
  // Characters no font here has: named once, with where they are. Right-to-
  // left letters get their own reason: drawing them needs shaping.
  std::vector<std::string> missing, rtl;
  for (const CharacterUse& c : uses)
    (right_to_left(c.codepoint) ? rtl : missing)
        .push_back(trf("\"{character}\" ({codepoint}, first at {where})",
                       {{"character", utf8_of(c.codepoint)},
                        {"codepoint", codepoint_name(c.codepoint)},
                        {"where", c.where}}));
  const auto listed = [](const std::vector<std::string>& items) {
    std::string text;
    for (size_t i = 0; i < items.size() && i < 4; ++i) text += (i ? ", " : "") + items[i];
    if (items.size() > 4)
      text += trf(" and {count} more", {{"count", std::to_string(items.size() - 4)}});
    return text;
  };
  const std::string title = "\"" + lesson_title + "\"";
  if (!rtl.empty())
    notice(
        trf("{title} has right-to-left text, which this canvas cannot draw (its letters "
            "need joining and reordering the drawing library lacks); they show as \"?\" and "
            "the Text view shows them as written: {characters}.",
            {{"title", title}, {"characters", listed(rtl)}}));
  if (missing.size() == 1)
    notice(trf("{title} uses a character no font here has, shown as \"?\": {characters}.",
               {{"title", title}, {"characters", listed(missing)}}));
  else if (!missing.empty())
    notice(trf("{title} uses characters no font here has, shown as \"?\": {characters}.",
               {{"title", title}, {"characters", listed(missing)}}));
}

void App::need_fonts() {
  std::vector<char32_t> needed;
  for (const LessonSlot& s : lessons_)
    for (const CharacterUse& c : s.shown_characters)
      if (!ui::base_font_has(c.codepoint)) needed.push_back(c.codepoint);
  for (const CharacterUse& c : language_characters_)
    if (!ui::base_font_has(c.codepoint)) needed.push_back(c.codepoint);
  fonts_.need(std::move(needed));
  font_status();
}

void App::font_status() {
  if (pending_lesson_ >= 0) {
    view_.status = trf("Loading \"{title}\"…", {{"title", entries_[pending_lesson_].title}});
    return;
  }
  if (const Language* l = find_language(pending_language_)) {
    view_.status = trf("Loading {language}…", {{"language", l->name}});
    return;
  }
  const std::string loading = fonts_.loading();
  // TRANSLATORS: {what} is a font's contents, e.g. "Korean Hangul"
  view_.status = loading.empty() ? "" : trf("Loading the font for {what}…", {{"what", loading}});
}

std::shared_ptr<const Catalog> App::catalog_for(std::string_view code) {
  if (code == "en") return nullptr;
  if (auto it = catalogs_.find(code); it != catalogs_.end()) return it->second;
  const std::string file = std::string(code) + ".json";
  for (size_t i = 0; i < kCatalogFilesCount; ++i)
    if (file == kCatalogFiles[i].name) {
      std::string error;
      auto catalog = Catalog::parse(kCatalogFiles[i].text(), &error);
      if (catalog) catalogs_.emplace(std::string(code), catalog);
      return catalog;
    }
  return nullptr;
}

void App::use_language(std::string_view code, std::shared_ptr<const Catalog> catalog) {
  pending_language_.clear();
  view_.language = std::string(code);
  // The interface's characters, each with the first message holding it, for
  // the fonts (the lessons' own, translated, are their slots': localize()).
  language_characters_.clear();
  std::set<char32_t> seen;
  if (catalog)
    for (const auto& [english, text] : catalog->messages())
      for (char32_t c : codepoints_of(text))
        if (c >= 0x80 && seen.insert(c).second)
          language_characters_.push_back({c, "lang/" + std::string(code) + ".json: " + english});
  use_catalog(std::move(catalog));
  for (size_t i = 0; i < lessons_.size(); ++i) localize(static_cast<int>(i));
  need_fonts();
}

void App::localize(int index) {
  LessonSlot& s = lessons_[index];
  TextTranslations texts;
  const std::string& text = s.text;
  if (s.builtin) {
    if (const Catalog* c = current_catalog())
      if (const auto* t = c->lesson_texts(s.id)) texts = *t;
    if (!s.original) {  // its file is not here yet: the picker's title and source
      const BuiltinLessonEntry& e = builtin_lesson_index()[index];
      const auto translated = [&](const char* pointer, const std::string& english) {
        const auto it = texts.find(pointer);
        return it == texts.end() ? english : it->second;
      };
      entries_[index] = {translated("/title", e.title), translated("/source", e.source)};
      return;
    }
  } else {
    texts = file_translations(text, view_.language);
  }
  std::shared_ptr<const Lesson> shown = s.original;
  s.shown_characters = s.characters;
  // A file is read again even without translations: the steps the loader
  // writes for a file with none are in the language of the moment.
  if (!texts.empty() || !s.builtin) {
    // The loader checked the file; the texts keep its {values}: this loads.
    const std::string translated = with_translations(text, texts);
    LoadResult r = load_lesson(translated);
    if (r.ok()) {
      shown = std::make_shared<const Lesson>(std::move(*r.lesson));
      s.shown_characters = characters_used(translated);
    }
  }
  if (shown != s.lesson) {
    s.lesson = shown;
    if (s.session) s.session->replace_texts(shown);
  }
  entries_[index] = {s.lesson->title, s.lesson->source};
}

std::optional<std::string> App::take_wanted_catalog() {
  if (pending_language_.empty() || catalog_asked_) return std::nullopt;
  catalog_asked_ = true;
  return pending_language_;
}

void App::provide_catalog(std::string_view code, std::string_view bytes) {
  std::string error;
  auto catalog = Catalog::parse(bytes, &error);
  if (!catalog || catalog->language() != code) {
    catalog_failed(code, catalog ? "it is another language's" : error);
    return;
  }
  catalogs_[std::string(code)] = std::move(catalog);
  if (pending_language_ == code) apply(ui::request::SetLanguage{std::string(code)});
}

std::optional<std::string> App::take_wanted_lesson() {
  if (pending_lesson_ < 0 || lesson_asked_) return std::nullopt;
  lesson_asked_ = true;
  return lessons_[pending_lesson_].id;
}

std::string App::provide_lesson(std::string_view id, std::string_view bytes) {
  int index = -1;
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (lessons_[i].builtin && lessons_[i].id == id) index = static_cast<int>(i);
  if (index < 0) return "Unknown lesson " + shown(id);
  if (lessons_[index].lesson) return "";  // here already
  LoadResult r = load_lesson(bytes);
  if (!r.ok() || r.lesson->id != id) {
    const std::string why = r.ok() ? "it is another lesson's file" : r.error.message(id);
    lesson_failed(id, why);
    return why;
  }
  LessonSlot& s = lessons_[index];
  s.original = s.lesson = std::make_shared<const Lesson>(std::move(*r.lesson));
  s.text = std::string(bytes);
  localize(index);
  if (!slot().session)  // nothing shown yet (the page, before start): show this one
    select(index);
  else if (pending_lesson_ == index)
    apply(ui::request::SelectLesson{index});
  need_fonts();
  return "";
}

void App::lesson_failed(std::string_view id, std::string_view why) {
  if (pending_lesson_ < 0 || lessons_[pending_lesson_].id != id) return;
  const std::string title = entries_[pending_lesson_].title;
  pending_lesson_ = -1;
  font_status();
  // TRANSLATORS: {why} is in English (e.g. "HTTP 404").
  notice(
      trf("The lesson \"{title}\" could not be loaded ({why}).", {{"title", title}, {"why", why}}));
}

void App::catalog_failed(std::string_view code, std::string_view why) {
  if (pending_language_ != code) return;
  pending_language_.clear();
  font_status();
  const Language* l = find_language(code);
  notice(trf("The {language} translation could not be loaded ({why}); the page stays in {current}.",
             {{"language", l ? l->name : code},
              {"why", why},
              {"current", find_language(view_.language)->name}}));
}

std::string App::set_language(std::string_view code) {
  return apply(ui::request::SetLanguage{std::string(code)});
}

std::vector<std::string> App::take_wanted_fonts() {
  std::vector<std::string> names;
  for (const ui::FontPack* p : fonts_.take_wanted()) names.push_back(p->name);
  return names;
}

void App::provide_font(std::string_view name, std::string bytes) {
  fonts_.provide(name, std::move(bytes));
  font_status();
}

void App::font_failed(std::string_view name, std::string_view why) {
  const bool failed = fonts_.fail(name);
  font_status();
  if (failed)
    for (const ui::FontPack& p : ui::font_packs())
      if (name == p.name)
        notice(
            trf("The font for {what} could not be loaded ({why}); those characters show as \"?\".",
                {{"what", tr(p.what)}, {"why", why}}));
}

std::string App::glyphs_json() const {
  nlohmann::json missing = nlohmann::json::array();
  for (const CharacterUse& c : slot().shown_characters)
    if (!fonts_.can_draw(c.codepoint))
      missing.push_back({{"character", utf8_of(c.codepoint)},
                         {"codepoint", codepoint_name(c.codepoint)},
                         {"where", c.where}});
  for (const CharacterUse& c : language_characters_)
    if (!fonts_.can_draw(c.codepoint))
      missing.push_back({{"character", utf8_of(c.codepoint)},
                         {"codepoint", codepoint_name(c.codepoint)},
                         {"where", c.where}});
  return nlohmann::json{{"loading", fonts_.loading()}, {"missing", missing}}.dump();
}

void App::show_toast(std::string text) {
  view_.toast = std::move(text);
  view_.toast_until = ImGui::GetTime() + 2.0;
}

//-----------------------------------------------------------------------------
// [SECTION] The API
//-----------------------------------------------------------------------------

std::vector<std::string> App::lesson_ids() const {
  std::vector<std::string> ids;
  for (const LessonSlot& s : lessons_) ids.push_back(s.id);
  return ids;
}

std::string App::set_lesson(std::string_view id) {
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (lessons_[i].id == id) return apply(ui::request::SelectLesson{static_cast<int>(i)});
  return "Unknown lesson " + shown(id);
}

std::string App::add_lesson(std::string_view bytes, std::string_view source) {
  return load(bytes, source, false);
}

std::string App::set_step(int step) { return apply(ui::request::GoToStep{step}); }

std::string App::set_value(std::string_view matrix, int row, int col, double value) {
  const std::optional<MatrixKey> key = session().trace().key_of(matrix);
  if (!key) return "no matrix " + shown(matrix) + " in this lesson";
  return apply(ui::request::EditCell{*key, row, col, value});
}

std::string App::set_value_text(std::string_view matrix, int row, int col, std::string_view text) {
  double value = 0.0;
  if (!ui::parse_number(std::string(text), value)) return shown(text) + " is not a number";
  return set_value(matrix, row, col, value);
}

std::string App::apply_state(std::string_view state) {
  DecodedState d = decode_state(session().lesson(), state);
  if (!d.state) return d.error;
  return apply(ui::request::RestoreState{std::move(*d.state)});
}

std::string App::trace_json() const { return attn::trace_to_json(session().trace()); }

//-----------------------------------------------------------------------------
// [SECTION] Figures for slides
//-----------------------------------------------------------------------------

std::string App::check_figure(const ui::request::SaveFigure& f) const {
  if (!(f.scale >= 1.0f && f.scale <= 4.0f))
    return "a figure's scale is 1 to 4 (pixels per screen pixel), not " + number_text(f.scale, 2);
  if (f.matrix.empty()) return "";
  const std::optional<MatrixKey> key = session().trace().key_of(f.matrix);
  const int index = key ? session().trace().index_of(*key) : -1;
  const std::vector<int> on_step = step_panel_.matrices_in_order(false);
  if (index < 0 || std::find(on_step.begin(), on_step.end(), index) == on_step.end())
    return "no matrix " + shown(f.matrix) + " on this step";
  const std::vector<int> uncovered = step_panel_.matrices_in_order();
  if (std::find(uncovered.begin(), uncovered.end(), index) == uncovered.end())
    return shown(f.matrix) + " is covered until the step's prediction is answered or skipped";
  return "";
}

std::optional<ui::request::SaveFigure> App::take_figure() {
  std::optional<ui::request::SaveFigure> f;
  f.swap(figure_);
  if (f && !check_figure(*f).empty()) f.reset();  // the step changed since
  return f;
}

ImVec2 App::draw_figure(const ui::request::SaveFigure& f, float width) {
  ui::item_registry_new_frame();
  ui::apply_theme(f.dark, false);
  heatmaps_->set_dark(f.dark);
  // A slide's width at most; the figure is then cut to what it drew.
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width > 0.0f ? width : 1100.0f, ImGui::GetIO().DisplaySize.y));
  ImGui::Begin("##figure", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const std::optional<MatrixKey> key =
      f.matrix.empty() ? std::nullopt : session().trace().key_of(f.matrix);
  step_panel_.draw_figure(key ? session().trace().index_of(*key) : -1);
  // What this frame drew, to its far corner, and the window's padding round it.
  const ImVec2 padding = ImGui::GetStyle().WindowPadding;
  const ImVec2 far = ImGui::GetCurrentWindow()->DC.CursorMaxPos;
  const ImVec2 size(std::ceil(far.x + padding.x), std::ceil(far.y + padding.y));
  ImGui::End();
  heatmaps_->end_frame();
  return size;
}

void App::end_figure() {
  ui::apply_theme(view_.dark, view_.touch);
  heatmaps_->set_dark(view_.dark);
}

std::string App::figure_file_name(const ui::request::SaveFigure& f) const {
  std::string name = session().lesson().id + "-step" + std::to_string(view_.step + 1);
  if (!f.matrix.empty()) name += "-" + f.matrix;
  for (char& c : name)  // "value-64/weights" and the like: one safe file name
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '@')) c = '-';
  return name + (f.dark ? "-dark" : "") + ".png";
}

std::string App::numpy_snippet() const {
  const Trace& t = session().trace();
  const TraceStep& step = t.steps[view_.step];
  SnippetRequest request;
  request.part = step.part;
  for (int i : step_panel_.matrices_in_order()) request.shown.push_back(t.matrices[i].key);
  request.digits = ui_.digits(step);
  request.heading =
      session().lesson().title + ", step " + std::to_string(view_.step + 1) + ": " + step.title;
  return attn::numpy_snippet(session().lesson(), session().state(), t, request);
}

std::string App::state_json() const {
  const Trace& t = session().trace();
  const TraceStep& s = t.steps[view_.step];
  json overrides = json::array();  // the what-ifs, named as setValue takes them
  const LessonState& state = session().state();
  for (size_t part = 0; part < state.parts.size(); ++part)
    for (const Override& o : state.parts[part].overrides) {
      const MatrixKey key{static_cast<int>(part), o.stage, o.head, 0};
      const TraceMatrix* m = t.find(key);
      if (!m) continue;
      overrides.push_back({{"matrix", t.id_of(key)},
                           {"row", o.row},
                           {"col", o.col},
                           {"rowToken", m->rows[o.row]},
                           {"colToken", m->cols[o.col]},
                           {"value", o.value}});
    }
  return dump(json{{"lesson", session().lesson().id},
                   {"title", session().lesson().title},
                   {"builtin", slot().builtin},
                   {"notices", view_.notices},
                   {"step", view_.step},
                   {"steps", t.steps.size()},
                   {"stepId", s.id},
                   {"stepTitle", s.title},
                   {"theme", view_.dark ? "dark" : "light"},
                   {"language", view_.language},
                   {"edited", !session().is_default()},
                   {"changes", encode_state(session().lesson(), session().state())},
                   {"overrides", std::move(overrides)},
                   {"revision", session().revision()}});
}

std::string App::progress_json() const { return dump(progress_object()); }

json App::progress_object() const {
  const ProgressCounts c = count_progress(session().lesson(), slot().progress);
  return json{{"lesson", session().lesson().id},
              {"steps", c.steps},
              {"visited", c.visited},
              {"predictions", c.predictions},
              {"answered", c.answered},
              {"right", c.right},
              {"challenges", c.challenges},
              {"solved", c.solved},
              {"complete", c.complete()},
              {"score", c.score() < 0 ? json() : json(c.score())}};
}

std::string App::saved_work_json() const {
  SavedWork w;
  w.step = view_.step;
  w.state = encode_state(session().lesson(), session().state());
  w.progress = slot().progress;
  w.opened = opened_;
  // Nothing kept beyond the first step seen: nothing to save.
  const bool nothing = w.state.empty() && w.step == 0 && w.progress.answers.empty() &&
                       w.progress.solved.empty() && w.progress.hints.empty() &&
                       w.progress.visited.size() <= 1;
  return dump(json{{"lesson", session().lesson().id},
                   {"language", view_.language},
                   {"work", nothing ? json() : json(encode_saved(session().lesson(), w))}});
}

std::string App::link_json() const {
  json link = json::object();
  if (!slot().file.empty())
    link["lesson-url"] = slot().file;
  else
    link["lesson"] = session().lesson().id;
  link["step"] = std::to_string(view_.step + 1);
  if (view_.dark) link["theme"] = "dark";
  if (view_.embed) link["embed"] = "1";
  if (view_.language != "en") link["lang"] = view_.language;
  if (const std::string state = encode_state(session().lesson(), session().state()); !state.empty())
    link["state"] = state;
  return dump(link);
}

bool App::set_pixel_ratio(float ratio) {
  ui_.pixel_ratio = ratio;
  if (!fonts_.build(ratio)) return false;
  font_status();
  // Characters a pack, once loaded, turned out not to have (a rare Chinese one).
  const std::vector<char32_t> lacking = fonts_.take_lacking();
  for (const LessonSlot& s : lessons_) {
    if (!s.lesson) continue;
    std::vector<CharacterUse> uses;
    for (const CharacterUse& c : s.shown_characters)
      if (std::find(lacking.begin(), lacking.end(), c.codepoint) != lacking.end())
        uses.push_back(c);
    report_missing(s.lesson->title, uses);
  }
  return true;
}

bool App::animating() const { return changed_this_frame_ || ImGui::GetTime() < view_.toast_until; }

//-----------------------------------------------------------------------------
// [SECTION] Frame
//-----------------------------------------------------------------------------

void App::frame() {
  ui::item_registry_new_frame();
  changed_this_frame_ = false;
  ui_.can_copy_link = static_cast<bool>(on_copy_link);
  ui_.can_show_text = static_cast<bool>(on_show_text_view);
  ui_.hot = ui_.hot_next;
  ui_.hot_next = {};
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("Attention Lab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ui::kPanelFlags);
  handle_keys();
  top_bar_.draw();
  step_bar_.draw();
  draw_body();
  ImGui::End();
  number_editor_.draw();
  // The views' requests, in the order they were made. An edit recomputes the
  // trace: nothing drawn this frame points into it any more.
  std::vector<ui::Request> requests;
  requests.swap(ui_.requests);
  for (const ui::Request& r : requests) apply(r);
  heatmaps_->end_frame();
}

bool App::wants_keyboard() const {
  return view_.focus.valid() || number_editor_.is_open() || ImGui::GetIO().WantCaptureKeyboard;
}

bool App::wants_tab(bool back) const {
  return view_.focus.valid() && next_focus(back ? -1 : 1).valid();
}

ui::CellRef App::next_focus(int by) const {
  // The matrices on screen whose numbers the learner may change, in the order
  // drawn: Tab goes from one to the next, arrows move within one.
  std::vector<MatrixKey> matrices;
  const Trace& t = session().trace();
  for (int i : step_panel_.matrices_in_order())
    if (t.matrices[i].editable || t.matrices[i].overridable) matrices.push_back(t.matrices[i].key);
  const long n = static_cast<long>(matrices.size());
  const auto at = std::find(matrices.begin(), matrices.end(), view_.focus.key);
  const long index = view_.focus.valid() && at != matrices.end() ? at - matrices.begin()
                     : by > 0                                    ? -1
                                                                 : n;
  const long next = index + by;
  // Past either end the keyboard leaves the numbers (and Tab then leaves the canvas).
  return next >= 0 && next < n ? ui::CellRef{matrices[static_cast<size_t>(next)], 0, 0}
                               : ui::CellRef{};
}

void App::enter_cells(bool from_end) {
  apply(ui::request::FocusCell{next_focus(from_end ? -1 : 1)});
}

void App::handle_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || number_editor_.is_open() || ImGui::IsAnyItemActive()) return;
  namespace r = ui::request;
  const int last = static_cast<int>(session().trace().steps.size()) - 1;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
  // Tab walks the matrices of numbers and, past the last, leaves them (the
  // page then moves the browser's focus on; the desktop app starts over).
  if (pressed(ImGuiKey_Tab)) ui_.request(r::FocusCell{next_focus(io.KeyShift ? -1 : 1)});
  if (pressed(ImGuiKey_PageDown)) ui_.request(r::GoToStep{std::min(view_.step + 1, last)});
  if (pressed(ImGuiKey_PageUp)) ui_.request(r::GoToStep{std::max(view_.step - 1, 0)});
  // Keys that came in one frame act in order: a move, then a nudge, acts on
  // the cell moved to.
  ui::CellRef focus = view_.focus;
  const TraceMatrix* m = focus.valid() ? session().trace().find(focus.key) : nullptr;
  if (!m) {  // no cell has the keyboard: the arrows walk the steps
    if (pressed(ImGuiKey_RightArrow)) ui_.request(r::GoToStep{std::min(view_.step + 1, last)});
    if (pressed(ImGuiKey_LeftArrow)) ui_.request(r::GoToStep{std::max(view_.step - 1, 0)});
    if (pressed(ImGuiKey_Home)) ui_.request(r::GoToStep{0});
    if (pressed(ImGuiKey_End)) ui_.request(r::GoToStep{last});
    return;
  }
  // A cell has the keyboard: arrows move it, + and − nudge, typing or Enter opens the editor.
  auto move = [&](int dr, int dc) {
    focus.row = std::clamp(focus.row + dr, 0, m->value.rows() - 1);
    focus.col = std::clamp(focus.col + dc, 0, m->value.cols() - 1);
    ui_.request(r::FocusCell{focus});
  };
  if (pressed(ImGuiKey_RightArrow)) move(0, 1);
  if (pressed(ImGuiKey_LeftArrow)) move(0, -1);
  if (pressed(ImGuiKey_DownArrow)) move(1, 0);
  if (pressed(ImGuiKey_UpArrow)) move(-1, 0);
  if (pressed(ImGuiKey_Escape)) ui_.request(r::FocusCell{});
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter))
    ui_.request(r::EditNumber{focus, ""});
  const int decimals = ui::drag_decimals(*m);
  const double step = std::pow(10.0, 1 - decimals);  // 0.01 for numbers around 1
  double value = m->value(focus.row, focus.col);
  for (const ImWchar c : io.InputQueueCharacters) {
    if (c == '+' || c == '=' || c == '-' || c == '_') {
      value = ui::snap(value + (c == '+' || c == '=' ? step : -step), decimals);
      ui_.request(r::EditCell{focus.key, focus.row, focus.col, value});
    } else if ((c >= '0' && c <= '9') || c == '.') {
      ui_.request(r::EditNumber{focus, std::string(1, static_cast<char>(c))});
    }
  }
}

void App::draw_body() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetContentRegionAvail().y;
  // Where the live result goes, so it is on screen whatever scrolls: beside the
  // step on wide and landscape screens, under it on portrait ones.
  enum class Layout { Wide, Side, Bottom };
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const Layout layout = display.x >= 1100.0f                                    ? Layout::Wide
                        : display.x >= 640.0f && display.x >= 1.35f * display.y ? Layout::Side
                                                                                : Layout::Bottom;
  auto section = [&](const char* title, auto&& draw) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::PushFont(fonts_.fonts()->body);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
    draw();
  };
  auto extras = [&] {  // what may scroll away: the pipeline, the temperature, the settings
    // TRANSLATORS: headings of the side panels.
    if (temperature_panel_.shown()) section(tr("Temperature"), [&] { temperature_panel_.draw(); });
    section(tr("Pipeline"), [&] { pipeline_panel_.draw(); });
    section(tr("Settings"), [&] { settings_panel_.draw(); });
  };
  auto live = [&](float width, float height) {
    ImGui::BeginChild("##live", ImVec2(width, height), true,
                      ImGuiWindowFlags_NoScrollbar | ui::kPanelFlags);
    live_panel_.draw();
    ImGui::EndChild();
    if (ui::item_registry_enabled()) ui::name_last_item("##live-panel");
  };
  // A new step starts at its top (its title and question), not where the last one was scrolled.
  auto step_from_top = [&] {
    if (shown_step_ == std::pair(view_.lesson, view_.step)) return;
    shown_step_ = {view_.lesson, view_.step};
    ImGui::SetScrollY(0.0f);
  };
  if (layout == Layout::Bottom) {
    const float live_h = std::min(live_panel_.height(), h * 0.5f);
    ImGui::BeginChild("##step", ImVec2(w, std::max(h - live_h - st.ItemSpacing.y, 80.0f)), true,
                      ui::kPanelFlags);
    step_from_top();
    step_panel_.draw();
    extras();
    ImGui::EndChild();
    live(w, 0);
    return;
  }
  const float side_w = layout == Layout::Wide ? std::clamp(w * 0.34f, 320.0f, 470.0f)
                                              : std::clamp(w * 0.36f, 250.0f, 330.0f);
  ImGui::BeginChild("##step", ImVec2(w - side_w - st.ItemSpacing.x, 0), true, ui::kPanelFlags);
  step_from_top();
  step_panel_.draw();
  if (layout == Layout::Side) {  // the side column holds only what must stay in view
    ImGui::Spacing();
    ImGui::Separator();
    pipeline_panel_.draw();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginGroup();
  const float live_h = std::min(live_panel_.height(), h * 0.7f);
  live(side_w, live_h);
  ImGui::BeginChild("##side", ImVec2(side_w, 0), true, ui::kPanelFlags);
  if (temperature_panel_.shown()) temperature_panel_.draw();
  if (layout == Layout::Wide) section(tr("Pipeline"), [&] { pipeline_panel_.draw(); });
  section(tr("Settings"), [&] { settings_panel_.draw(); });
  ImGui::EndChild();
  ImGui::EndGroup();
}

}  // namespace attn::app
