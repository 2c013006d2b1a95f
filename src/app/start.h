// How the app is started: the same parameters whether they come from the
// page's URL (?lesson=the-cat-sat&step=3) or the desktop app's command line
// (--lesson the-cat-sat --step 3). The shells only collect them; App::start
// checks every one and says what it did with it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::app {

// Every parameter the app knows, in the order they are applied.
//   lesson      a built-in lesson id
//   lesson-url  a lesson file (the page fetches it; the desktop app reads it)
//   state       the learner's changes, as a link carries them (core/lesson/state_link.h)
//   step        1 is the first
//   theme       light or dark
//   embed       1: a focused embed (no lesson picker, no theme button)
//   mode        learn (the default: predictions and challenges) or explore (none)
//   lock        1: predictions and challenges stay on, with no switch (a graded package)
//   lang        en, es, zh-Hans or ko (core/text/translation.h); else the saved choice,
//               else the first of the browser's (the system's) languages shipped
//   edit        1: the page opens its lesson editor (web/page/editing.js); the app
//               only checks the value
//   touch       1: targets sized for a finger from the start, as on a touch screen
//               (the editor's phone preview; a first touch switches to them anyway)
inline constexpr std::string_view kStartKeys[] = {"lesson", "lesson-url", "state", "step",
                                                  "theme",  "embed",      "mode",  "lock",
                                                  "lang",   "edit",       "touch"};

// The name the loader's one-line errors give the lesson a link carries
// (#lesson=): "#lesson: /tokens: 65 tokens, the limit is 64".
inline constexpr std::string_view kLinkLessonSource = "#lesson";

struct StartParameters {
  // As given, in order, unchecked: a key may be unknown or given twice.
  std::vector<std::pair<std::string, std::string>> values;
  // The file named by lesson-url, as the shell read it: its bytes, or why it
  // could not be read ("HTTP 404", "no such file").
  std::optional<std::string> lesson_file;
  std::string lesson_file_error;
  // The lesson the page's address carries after #lesson= (web/lesson-link.json),
  // unpacked by the page: its JSON text, or why it could not be unpacked ("it
  // is 40000 characters long, the limit is 32000"). It wins over lesson and
  // lesson-url. Neither is set when the address carries no lesson.
  std::optional<std::string> link_lesson;
  std::string link_lesson_error;
  // The learner's saved work, as the shell keeps it (the page's local
  // storage, the desktop app's file): lesson id -> core/learning/progress.h's text,
  // and the lesson they had open last. Unchecked: the app judges it.
  std::vector<std::pair<std::string, std::string>> saved_work;
  std::string last_lesson;
  // The language the learner picked last time ("" if none), and the browser's
  // (or the system's) languages, best first, as BCP 47 tags.
  std::string saved_language;
  std::vector<std::string> preferred_languages;
  // The languages this build can show (a single file: English and the
  // language it carries); empty: every shipped one.
  std::vector<std::string> offered_languages;
  // The page has no lesson editor (the single file): ?edit=1 gets a notice.
  bool no_editor = false;
};

// Reads the learner's saved work as the shells keep it (the page's local
// storage, the desktop app's file): {"last": id, "lessons": {id: text},
// "language": code}, and what the page knows of its browser: "languages"
// (the browser's, best first) and "offered" (the codes this page can show),
// each key optional. False (and nothing read) when it is not such a JSON object.
bool read_saved_work(std::string_view json, StartParameters& p);

// Reads a command line: "--KEY VALUE" for the keys above, "--dark" for
// "--theme dark", a lone path for lesson-url. The shell's own flags are left
// in `rest` (with their values, for those in `shell_flags_with_values`): the
// desktop app's --frames N, --screenshot FILE, --size WxH.
StartParameters parse_command_line(int argc, const char* const* argv,
                                   const std::vector<std::string_view>& shell_flags_with_values,
                                   std::vector<std::string>& rest);

// The system's languages, best first, as BCP 47 tags, from the environment as
// gettext reads it: LANGUAGE (a list, "es:en") when the locale is not C, then
// LC_ALL, LC_MESSAGES, LANG ("es_MX.UTF-8" is "es-MX"). Null means unset.
std::vector<std::string> system_languages(const char* language, const char* lc_all,
                                          const char* lc_messages, const char* lang);

}  // namespace attn::app
