// How the app starts: reading a command line into the start parameters, and
// App::start, which checks every parameter and says what it did with it.
#include "app/start.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "core/lesson/state_link.h"
#include "core/text/json_document.h"
#include "core/text/translation.h"

namespace attn::app {

StartParameters parse_command_line(int argc, const char* const* argv,
                                   const std::vector<std::string_view>& shell_flags_with_values,
                                   std::vector<std::string>& rest) {
  StartParameters p;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--dark") {
      p.values.emplace_back("theme", "dark");
    } else if (arg.substr(0, 2) == "--" &&
               std::find(std::begin(kStartKeys), std::end(kStartKeys), arg.substr(2)) !=
                   std::end(kStartKeys) &&
               i + 1 < argc) {
      p.values.emplace_back(std::string(arg.substr(2)), argv[++i]);
    } else if (!arg.empty() && arg[0] != '-') {
      p.values.emplace_back("lesson-url", std::string(arg));
    } else {
      rest.emplace_back(arg);
      const bool takes_value =
          std::find(shell_flags_with_values.begin(), shell_flags_with_values.end(), arg) !=
          shell_flags_with_values.end();
      if (takes_value && i + 1 < argc) rest.emplace_back(argv[++i]);
    }
  }
  return p;
}

std::vector<std::string> system_languages(const char* language, const char* lc_all,
                                          const char* lc_messages, const char* lang) {
  // "es_MX.UTF-8@euro" -> "es-MX"; "C" and "POSIX" name no language.
  const auto tag = [](std::string_view locale) -> std::string {
    locale = locale.substr(0, locale.find_first_of(".@"));
    if (locale.empty() || locale == "C" || locale == "POSIX") return "";
    std::string t(locale);
    std::replace(t.begin(), t.end(), '_', '-');
    return t;
  };
  const auto set = [](const char* v) { return v && *v ? std::string_view(v) : std::string_view(); };
  // The locale in effect: the first of these set.
  std::string_view locale = set(lc_all);
  if (locale.empty()) locale = set(lc_messages);
  if (locale.empty()) locale = set(lang);
  std::vector<std::string> out;
  if (!tag(locale).empty())  // gettext ignores LANGUAGE under the C locale
    for (std::string_view list = set(language); !list.empty();) {
      const size_t colon = list.find(':');
      if (std::string t = tag(list.substr(0, colon)); !t.empty()) out.push_back(t);
      list = colon == std::string_view::npos ? std::string_view() : list.substr(colon + 1);
    }
  if (std::string t = tag(locale); !t.empty()) out.push_back(t);
  return out;
}

bool read_saved_work(std::string_view text, StartParameters& p) {
  const nlohmann::json work = parse_or_discard(text);
  if (!work.is_object()) return false;
  if (work.contains("last") && work["last"].is_string()) p.last_lesson = work["last"];
  if (work.contains("lessons") && work["lessons"].is_object())
    for (const auto& [id, saved] : work["lessons"].items())
      if (saved.is_string()) p.saved_work.emplace_back(id, saved.get<std::string>());
  if (work.contains("language") && work["language"].is_string())
    p.saved_language = work["language"];
  if (work.contains("noEditor") && work["noEditor"].is_boolean()) p.no_editor = work["noEditor"];
  for (const auto& [key, list] :
       {std::pair{"languages", &p.preferred_languages}, std::pair{"offered", &p.offered_languages}})
    if (work.contains(key) && work[key].is_array())
      for (const auto& tag : work[key])
        if (tag.is_string()) list->push_back(tag.get<std::string>());
  return true;
}

//-----------------------------------------------------------------------------
// App::start
//-----------------------------------------------------------------------------

std::string App::open_lesson(std::string_view id) {
  const CatalogScope words = speaking();
  const int index = library_.index_of(id);
  if (index < 0) return "Unknown lesson " + quoted_value(id);
  return apply(ui::request::SelectLesson{index});
}

std::string App::apply_link_state(std::string_view state) {
  const CatalogScope words = speaking();
  // A link leaves out the lesson's own numbers: an empty state is no state.
  DecodedState d = state.empty() ? DecodedState{std::nullopt, "the link's state is not readable"}
                                 : decode_state(session().lesson(), state);
  if (!d.state) return d.error;
  return apply(ui::request::RestoreState{std::move(*d.state)});
}

void App::start(const StartParameters& parameters) {
  const CatalogScope words = speaking();
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
                 {{"name", quoted_value(key)}}));
    else
      notice(
          trf("The parameter {name} is given more than once; using the first.", {{"name", key}}));
  }
  auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    for (const auto& [k, v] : given)
      if (k == key) return v;
    return std::nullopt;
  };

  view_.offered_languages = parameters.offered_languages;
  // The language: the link's, else the one picked last time, else the first
  // of the browser's (the system's) that is shipped, else English.
  // A single file offers English and the language it carries: another is
  // no choice (said below, once the language shown is known).
  const auto here = [&](const Language* l) -> const Language* {
    const std::vector<std::string>& offered = view_.offered_languages;
    return l && (offered.empty() ||
                 std::find(offered.begin(), offered.end(), l->code) != offered.end())
               ? l
               : nullptr;
  };
  const auto lang = value_of("lang");
  const Language* asked = lang ? find_language(*lang) : nullptr;
  const Language* language = here(asked);
  if (!language) language = here(find_language(parameters.saved_language));
  if (!language) language = here(choose_language(parameters.preferred_languages));
  if (language && language->code != "en")
    apply(ui::request::SetLanguage{std::string(language->code)});
  if (lang && !find_language(*lang))  // said in the language shown, where its catalog is here
    notice(trf("The language {value} is not one of these: {languages}.",
               {{"value", quoted_value(*lang)}, {"languages", language_codes()}}));
  else if (asked && !here(asked)) {
    std::string offered;
    for (const std::string& code : view_.offered_languages)
      offered += (offered.empty() ? "" : ", ") + code;
    // TRANSLATORS: ?lang= asked for a language an offline single file does not carry;
    // {languages} are codes such as "en, de".
    notice(
        trf("The language {value} is not in this offline file, which has {languages} only; "
            "the page served from a web server has every language.",
            {{"value", quoted_value(*lang)}, {"languages", offered}}));
  }

  if (auto theme = value_of("theme")) {
    if (*theme == "light" || *theme == "dark")
      apply(ui::request::SetTheme{*theme == "dark"});
    else
      notice(trf("The theme {value} is not light or dark; using light.",
                 {{"value", quoted_value(*theme)}}));
  }
  if (auto embed = value_of("embed")) {
    if (*embed == "1" || *embed == "0")
      apply(ui::request::SetEmbed{*embed == "1"});
    else
      // TRANSLATORS: a start parameter of the page's address (?embed=...); "embed=" stays as
      // written.
      notice(trf("embed={value} is not 0 or 1; showing the full page.",
                 {{"value", quoted_value(*embed)}}));
  }
  if (auto edit = value_of("edit"); edit && *edit != "1" && *edit != "0")
    // TRANSLATORS: a start parameter of the page's address (?edit=...); "edit=" stays as written.
    notice(trf("edit={value} is not 0 or 1; the lesson editor stays closed.",
               {{"value", quoted_value(*edit)}}));
  else if (edit && *edit == "1" && parameters.no_editor)
    // TRANSLATORS: ?edit=1 asked for the lesson editor in the offline single file, which has
    // none; "edit=1" stays as written.
    notice(
        tr("edit=1: this offline file has no lesson editor; the page served from a web "
           "server has it."));
  if (auto touch = value_of("touch")) {
    if (*touch == "1" || *touch == "0")
      apply(ui::request::SetTouch{*touch == "1"});
    else
      // TRANSLATORS: a start parameter of the page's address (?touch=...); "touch=" stays as
      // written. Targets: the buttons and numbers the learner taps.
      notice(trf("touch={value} is not 0 or 1; targets are sized for the pointer in use.",
                 {{"value", quoted_value(*touch)}}));
  }
  // Before mode: a graded package's lock keeps predictions and challenges on.
  if (auto lock = value_of("lock")) {
    if (*lock == "1" || *lock == "0")
      view_.locked = *lock == "1";
    else
      // TRANSLATORS: a start parameter of the page's address (?lock=...); "lock=" stays as
      // written.
      notice(trf("lock={value} is not 0 or 1; the learner may turn predictions and challenges off.",
                 {{"value", quoted_value(*lock)}}));
  }
  if (auto mode = value_of("mode")) {
    if (*mode == "explore" && view_.locked)
      // TRANSLATORS: the page's address asks for ?mode=explore (no questions) and ?lock=1 (a
      // graded course keeps them): "mode=explore" and "lock=1" stay as written.
      notice(tr("mode=explore is ignored: lock=1 keeps predictions and challenges on."));
    else if (*mode == "learn" || *mode == "explore")
      apply(ui::request::SetExplore{*mode == "explore"});
    else
      // TRANSLATORS: a start parameter of the page's address (?mode=...); "mode=", "learn" and
      // "explore" stay as written.
      notice(trf("mode={value} is not learn or explore; predictions and challenges are on.",
                 {{"value", quoted_value(*mode)}}));
  }

  // The page hands over the lesson it opens with before this (provide_lesson
  // shows the first to arrive); without one there is nothing to show.
  if (!slot_mut().session) {
    starting_ = false;
    return;
  }

  // The learner's saved work: each lesson's is used when it is first opened.
  for (const auto& [id, text] : parameters.saved_work) saved_[id] = text;
  slot_mut().restore_checked = false;  // the first lesson was opened before there was any
  if (auto step = value_of("step")) opened_ = std::string(step->substr(0, 20));

  // The lesson: a file, or a built-in id.
  bool lesson_ok = true;
  if (parameters.link_lesson) {
    lesson_ok = load(*parameters.link_lesson, kLinkLessonSource, false, true).empty();
    if (lesson_ok) slot_mut().in_link = true;
  } else if (!parameters.link_lesson_error.empty()) {
    stand_in_notice(
        // TRANSLATORS: {why} is in English ("it is 40000 characters long, the limit is 32000").
        trf("The lesson in this link could not be read ({why}); showing the built-in lessons.",
            {{"why", parameters.link_lesson_error}}));
    lesson_ok = false;
  } else if (auto file = value_of("lesson-url")) {
    if (parameters.lesson_file) {
      lesson_ok = load(*parameters.lesson_file, *file, true, true).empty();
    } else {
      stand_in_notice(
          // TRANSLATORS: {why} is in English (e.g. "HTTP 404").
          trf("{file} could not be loaded ({why}); showing the built-in lessons.",
              {{"file", *file},
               {"why", parameters.lesson_file_error.empty() ? tr("not read")
                                                            : parameters.lesson_file_error}}));
      lesson_ok = false;
    }
  } else if (auto lesson = value_of("lesson")) {
    if (!is_valid_id(*lesson)) {
      notice(trf("The lesson {value} is not a lesson id; showing \"{title}\".",
                 {{"value", quoted_value(*lesson)}, {"title", session().lesson().title}}));
      lesson_ok = false;
    } else if (const std::string error = open_lesson(*lesson); !error.empty()) {
      // TRANSLATORS: {error} is in English, e.g. Unknown lesson "x".
      notice(trf("{error}; showing \"{title}\" instead.",
                 {{"error", error}, {"title", session().lesson().title}}));
      lesson_ok = false;
    }
  } else if (!parameters.last_lesson.empty()) {
    open_lesson(parameters.last_lesson);  // where the learner left off; gone lessons are no matter
  }
  if (!slot_mut().restore_checked) restore_saved();
  const bool restored = restored_.has_value();

  if (auto state = value_of("state"); state && lesson_ok) {
    const LessonState before = session().state();
    if (const std::string error = apply_link_state(*state); !error.empty())
      notice(trf("The link's changes could not be used ({error}).", {{"error", error}}));
    else if (restored && restored_->state && !(session().state() == before))
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
                 {{"value", quoted_value(*step)}}));
    else if (!apply(ui::request::GoToStep{n - 1}).empty())
      notice(trf("There is no step {step} in \"{title}\"; showing the first.",
                 {{"step", std::to_string(n)}, {"title", session().lesson().title}}));
  }
  starting_ = false;
  note_progress();  // the step opened is seen, even when nothing else was applied
}
}  // namespace attn::app
