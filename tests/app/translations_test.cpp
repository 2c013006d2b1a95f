// The shipped languages: every message translated, the same placeholders,
// every character drawable; the start parameters that pick a language; and no
// translated label overflowing its widget (from the UI's own item rectangles).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "core/base/embedded_file.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_translations.h"
#include "core/logic/build_trace.h"
#include "core/text/characters.h"
#include "core/text/translation.h"
#include "core/trace/trace.h"
#include "support/font_cmap.h"
#include "support/headless.h"
#include "ui/fonts.h"

extern const attn::EmbeddedFile kCatalogTemplate[];
extern const attn::EmbeddedFile kCatalogFiles[];
extern const size_t kCatalogFilesCount;

using namespace attn;

namespace {

// lang/<code>.json as compiled in.
std::string_view catalog_file(std::string_view code) {
  for (size_t i = 0; i < kCatalogFilesCount; ++i)
    if (std::string(code) + ".json" == kCatalogFiles[i].name) return kCatalogFiles[i].text();
  FAIL("no catalog for " << code);
  return {};
}

std::shared_ptr<const Catalog> compiled_catalog(std::string_view code) {
  std::string error;
  auto c = Catalog::parse(catalog_file(code), &error);
  INFO(error);
  REQUIRE(c);
  return c;
}

// Messages a translation may leave as they are: names as the code has them,
// and patterns with no word outside their {placeholders} ("{title}: {source}").
bool may_stay_english(const std::string& message) {
  static const std::set<std::string> names = {"concat", "Softmax", "softmax"};
  if (names.count(message)) return true;
  bool in_name = false;
  for (char c : message) {
    if (c == '{' || c == '}')
      in_name = c == '{';
    else if (!in_name && std::isalpha(static_cast<unsigned char>(c)))
      return false;
  }
  return true;
}

}  // namespace

// A translation's check: not empty, the same {placeholders}, every character drawable.
void check_translation(const std::string& english, const std::string* text) {
  INFO(english);
  REQUIRE_MESSAGE(text, "not translated");
  std::vector<std::string> want = placeholders(english), got = placeholders(*text);
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  CHECK(got == want);
  for (char32_t c : codepoints_of(*text)) {
    if (c == '\n') continue;
    INFO(codepoint_name(c));
    CHECK(test::fonts_draw(c));  // the cut font's own map, not its pack's block
    CHECK_FALSE(right_to_left(c));
  }
}

TEST_CASE("every shipped language translates every message, keeps its placeholders, and draws") {
  const auto messages = nlohmann::json::parse(kCatalogTemplate[0].text())["interface"];
  REQUIRE(messages.size() > 50);
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    INFO(language.code);
    const auto catalog = compiled_catalog(language.code);
    for (const std::string english : messages) {
      const std::string* text = catalog->find(english);
      check_translation(english, text);
      CHECK_MESSAGE((!text || *text != english || may_stay_english(english)),
                    "left in English: " << english);
    }
    CHECK(catalog->messages().size() == messages.size());  // nothing stale left
  }
}

// Issue 30.2: a count meets a noun only inside a plural form (trn/trnf,
// msgid_plural), never by "(s)" or by a message for 1 beside one for more.
TEST_CASE("every plural message has each language's forms; a count meets a noun only in one") {
  const auto tmpl = nlohmann::json::parse(kCatalogTemplate[0].text());
  const auto& plurals = tmpl["plurals"];
  REQUIRE(plurals.size() >= 25);
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    INFO(language.code);
    const auto catalog = compiled_catalog(language.code);
    // How many forms a count chooses between (each PO file's Plural-Forms).
    static const std::map<std::string, size_t, std::less<>> forms = {
        {"es", 2}, {"fr", 2}, {"de", 2}, {"pt-BR", 2}, {"zh-Hans", 1}, {"ko", 1}, {"ja", 1}};
    REQUIRE(forms.count(language.code) == 1);
    CHECK(catalog->plural_count() == forms.find(language.code)->second);
    for (const auto& pair : plurals) {
      const std::string singular = pair[0], plural = pair[1];
      INFO(singular);
      const std::vector<std::string>* forms = catalog->find_plural(singular);
      REQUIRE_MESSAGE(forms, "not translated");
      for (const std::string& form : *forms) check_translation(plural, &form);
    }
    CHECK(catalog->plurals().size() == plurals.size());  // nothing stale left
  }
  // The messages without plural forms: no "(s)", and no count placeholder followed by a
  // word ("{count} digits", "{steps} steps"); the counts are these names, every count
  // placeholder of a message without plural forms (a progress line's counts among them).
  const std::regex count_then_word(
      R"(\{(count|total|size|limit|max|depth|digits|heads|steps|visited|seen|predictions|)"
      R"(answered|right|challenges|solved)\} (?!more\b|of\b|answered\b|right\b)[A-Za-z])");
  for (const std::string english : tmpl["interface"]) {
    INFO(english);
    CHECK(english.find("(s)") == std::string::npos);
    CHECK_FALSE(std::regex_search(english, count_then_word));
  }
  // And the forms are chosen by the count: English's two, Spanish's two, Korean's one.
  CHECK(trnf("{count} digit", "{count} digits", 1, {{"count", "1"}}) == "1 digit");
  CHECK(trnf("{count} digit", "{count} digits", 3, {{"count", "3"}}) == "3 digits");
  const auto es = compiled_catalog("es");
  const CatalogScope spanish(es.get());
  CHECK(trnf("head {head} but the part has {heads} head",
             "head {head} but the part has {heads} heads", 1,
             {{"head", "2"}, {"heads", "1"}}) == "cabeza 2, pero la parte tiene 1 cabeza");
  CHECK(trnf("head {head} but the part has {heads} head",
             "head {head} but the part has {heads} heads", 2,
             {{"head", "3"}, {"heads", "2"}}) == "cabeza 3, pero la parte tiene 2 cabezas");
}

// The page's own words (web/page/words.js, index.html): shown by the browser before
// the app runs, so its fonts draw them; the characters are held to the same
// sets as the app's all the same, as docs/translating.md asks.
TEST_CASE("the page's own words are translated in every language, with their placeholders") {
  const auto messages = nlohmann::json::parse(kCatalogTemplate[0].text())["page"];
  REQUIRE(messages.size() >= 6);
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    INFO(language.code);
    const auto page = nlohmann::json::parse(catalog_file(language.code))["page"];
    for (const std::string english : messages) {
      const auto it = page.find(english);
      const std::string translated = it == page.end() ? "" : it->get<std::string>();
      check_translation(english, it == page.end() ? nullptr : &translated);
      CHECK_MESSAGE(translated != english, "left in English: " << english);
    }
    CHECK(page.size() == messages.size());  // nothing stale left
  }
}

TEST_CASE(
    "every built-in lesson's every text is translated; translated, it loads with the same "
    "numbers") {
  const auto lessons = nlohmann::json::parse(kCatalogTemplate[0].text())["lessons"];
  REQUIRE(lessons.size() == builtin_lessons().size());
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    const auto catalog = compiled_catalog(language.code);
    for (const auto& english : builtin_lessons()) {
      INFO(language.code << " " << english->id);
      const auto* texts = catalog->lesson_texts(english->id);
      REQUIRE(texts);
      for (const auto& item : lessons[english->id].items()) {
        const std::string& pointer = item.key();  // not a structured binding: INFO captures it
        INFO(pointer);
        const auto it = texts->find(pointer);
        check_translation(item.value().get<std::string>(),
                          it == texts->end() ? nullptr : &it->second);
      }
      CHECK(texts->size() == lessons[english->id].size());
      const LoadResult translated = load_lesson_document(
          with_translations(nlohmann::json::parse(builtin_lesson_file(english->id)), *texts));
      REQUIRE_MESSAGE(translated.ok(), translated.error.message(english->id));
      const Trace a = build_trace(*english, default_state(*english));
      const Trace b = build_trace(*translated.lesson, default_state(*translated.lesson));
      REQUIRE(a.matrices.size() == b.matrices.size());
      for (size_t m = 0; m < a.matrices.size(); ++m)
        CHECK(a.matrices[m].value == b.matrices[m].value);
    }
  }
}

// Issue 30: a matrix's caption is in the learner's language: the app's own
// ("attention weights", "{matrix} (head {n})") and a lesson's prose names. What
// may stay as in English: the notebook's code-like names the lesson gives
// (is_prose_name: "W_q", "scaled_scores"), a stage's own name (X, Q) and Kᵀ.
TEST_CASE("every matrix caption of every built-in lesson is in each language") {
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    const auto catalog = compiled_catalog(language.code);
    for (const auto& english : builtin_lessons()) {
      INFO(language.code << " " << english->id);
      const LoadResult translated = load_lesson_document(
          with_translations(nlohmann::json::parse(builtin_lesson_file(english->id)),
                            *catalog->lesson_texts(english->id)),
          catalog.get());
      REQUIRE(translated.ok());
      std::set<std::string> may_stay{"Kᵀ"};
      for (const Part& part : english->parts) {
        for (const auto& [stage, name] : part.stage_names)
          if (!is_prose_name(name)) may_stay.insert(name);
        for (const auto& [key, name] : part.matrix_names)
          if (!is_prose_name(name)) may_stay.insert(name);
      }
      const Trace a = build_trace(*english, default_state(*english));
      const Trace b = [&] {
        const CatalogScope words(catalog.get());
        return build_trace(*translated.lesson, default_state(*translated.lesson));
      }();
      REQUIRE(a.matrices.size() == b.matrices.size());
      for (size_t m = 0; m < a.matrices.size(); ++m) {
        const std::string& en = a.matrices[m].label;
        INFO(en);
        if (b.matrices[m].label == en)
          CHECK((may_stay.count(en) || en == stage_name(a.matrices[m].key.stage)));
      }
    }
  }
}

// The cases are web/page/languages.js's too (its chooseLanguage, which picks the page's
// own words' language before the app runs): tests/core/language-choice.json.
TEST_CASE("the language: the link's, else the saved one, else the browser's; a bad one is said") {
  std::ifstream file(std::string(ATTN_SOURCE_DIR) + "/tests/core/language-choice.json");
  const auto starts = nlohmann::json::parse(file)["starts"];
  REQUIRE(starts.size() > 10);
  for (const auto& s : starts) {
    INFO(s.dump());
    app::StartParameters p;
    for (const auto& pair : s["parameters"]) p.values.emplace_back(pair[0], pair[1]);
    p.saved_language = s["saved"];
    p.preferred_languages = s["languages"];
    test::HeadlessUi ui(std::move(p));
    ui.frames(2);
    CHECK(ui.app().view().language == s["shown"].get<std::string>());
  }

  app::StartParameters p;
  p.saved_language = "es";
  p.values = {{"lang", "it"}};
  test::HeadlessUi ui(p);
  CHECK(ui.app().view().language == "es");  // the saved one, then
  REQUIRE(ui.app().view().notices.size() == 1);
  const CatalogScope spanish(ui.app().catalog());
  CHECK(ui.app().view().notices[0] ==
        trf("The language {value} is not one of these: {languages}.",
            {{"value", "\"it\""}, {"languages", "en, es, zh-Hans, ko, ja, fr, de, pt-BR"}}));
  CHECK(ui.app().view().notices[0].find("\"it\"") != std::string::npos);
  CHECK(ui.app().view().notices[0].find("The language") == std::string::npos);  // in Spanish
  CHECK(nlohmann::json::parse(ui.api().link_json())["lang"] == "es");
  CHECK(nlohmann::json::parse(ui.api().saved_work_json())["language"] == "es");
  CHECK(ui.api().set_language("en") == "");
  CHECK_FALSE(nlohmann::json::parse(ui.api().link_json()).contains("lang"));
  CHECK(ui.api().set_language("xx") ==
        "\"xx\" is not one of these languages: en, es, zh-Hans, ko, ja, fr, de, pt-BR");
}

// The catalog is no process-wide setting (issue 26.4): each App speaks its
// learner's language whatever another App did last, and the loader speaks the
// one it is handed whatever scope it is called in.
TEST_CASE("two apps in one process each speak their own language; so does the loader") {
  app::StartParameters spanish_start, korean_start;
  spanish_start.values = {{"lang", "es"}};
  korean_start.values = {{"lang", "ko"}};
  test::HeadlessUi es(spanish_start);
  test::HeadlessUi ko(korean_start);
  const auto es_catalog = compiled_catalog("es"), ko_catalog = compiled_catalog("ko");
  const std::string bad = R"({"id": "x", "tokens": 7})";
  const std::string english = load_lesson(bad).error.message("x");
  const std::string in_es = load_lesson(bad, es_catalog.get()).error.message("x");
  const std::string in_ko = load_lesson(bad, ko_catalog.get()).error.message("x");
  REQUIRE(english != in_es);
  REQUIRE(english != in_ko);
  {
    const CatalogScope other(ko_catalog.get());  // the caller's scope does not leak in
    CHECK(load_lesson(bad, es_catalog.get()).error.message("x") == in_es);
    CHECK(load_lesson(bad).error.message("x") == english);
  }
  // Interleaved, as two embedded labs would be: each answers in its own words.
  for (int round = 0; round < 2; ++round) {
    CHECK(es.api().add_lesson(bad, "x") == in_es);
    CHECK(ko.api().add_lesson(bad, "x") == in_ko);
  }
  CHECK(std::string(tr("Next")) == "Next");  // and outside both: English
  CHECK(es.api().set_language("ko") == "");
  CHECK(es.api().add_lesson(bad, "x") == in_ko);  // a language picked speaks at once
}

TEST_CASE(
    "in every language, no label overflows its widget at 800x500 or on a phone; every glyph "
    "draws") {
  struct Size {
    ImVec2 size;
    bool touch;
  };
  for (const Size s : {Size{ImVec2(800, 500), false}, Size{ImVec2(390, 844), true}}) {
    test::HeadlessUi ui({}, s.size);
    ui::enable_item_registry(true);
    if (s.touch) ui.app().apply(ui::request::SetTouch{true});
    for (const Language& language : languages()) {
      REQUIRE(ui.api().set_language(language.code) == "");
      for (const std::string id : {"the-cat-sat", "udl-multihead", "she-likes-coffee"}) {
        REQUIRE(ui.api().set_lesson(id) == "");
        const int steps = static_cast<int>(ui.app().session().trace().steps.size());
        for (int step = 0; step < steps; ++step) {
          REQUIRE(ui.api().set_step(step) == "");
          ui.frames(3);
          INFO(language.code << " " << id << " step " << step + 1 << " at " << s.size.x << "x"
                             << s.size.y);
          for (const std::string& label : ui::overflowing_items()) CHECK_MESSAGE(false, label);
        }
      }
      const auto glyphs = nlohmann::json::parse(ui.api().glyphs_json());
      CHECK(glyphs["missing"].empty());
      CHECK(glyphs["loading"] == "");
    }
    ui::enable_item_registry(false);
  }
}

// Issue 30: nothing is drawn in English while another language is chosen.
// Every step of every built-in lesson is drawn in each language and read back
// from the draw lists; no run of three words of an English message may be on
// screen unless the language's own translations use it too (code and the
// notebook's names: "np.random.seed", "I am Batman") or the lesson's tokens
// make it up (a row of token labels, "The cat sat").
namespace {

std::string plain(std::string text) {
  // What wrappable() draws instead of '.', ',' and spaces, back to them, and
  // without its line breaks.
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"\u2024", "."},
                                 {"\u201a", ","},
                                 {"\u00a0", " "},
                                 {"\u3000", ""}}) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
      text.replace(at, from.size(), to);
  }
  return text;
}

// Every run of three words (ASCII letters), lower case, in text.
std::set<std::string> word_triples(const std::string& text) {
  std::set<std::string> out;
  std::vector<std::string> words;
  std::string word;
  auto end_word = [&] {
    if (!word.empty()) words.push_back(word);
    word.clear();
  };
  for (char c : plain(text)) {
    if (std::isalpha(static_cast<unsigned char>(c)) || (c == '\'' && !word.empty()))
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (c == ' ' || c == '\n')
      end_word();
    else {  // punctuation or another script ends a run of words
      end_word();
      words.push_back("");
    }
  }
  end_word();
  for (size_t i = 0; i + 2 < words.size(); ++i)
    if (!words[i].empty() && !words[i + 1].empty() && !words[i + 2].empty())
      out.insert(words[i] + " " + words[i + 1] + " " + words[i + 2]);
  return out;
}

// Every string in a JSON document (a catalog, the template).
void strings_of(const nlohmann::json& j, std::vector<std::string>* out) {
  if (j.is_string()) out->push_back(j.get<std::string>());
  if (j.is_structured())  // (a primitive iterates over itself)
    for (const auto& child : j) strings_of(child, out);
}

}  // namespace

TEST_CASE("nothing on screen is left in English in another language: every step of every lesson") {
  std::vector<std::string> english;
  strings_of(nlohmann::json::parse(kCatalogTemplate[0].text()), &english);
  std::set<std::string> english_triples;
  for (const std::string& m : english)
    for (const std::string& t : word_triples(m)) english_triples.insert(t);
  REQUIRE(english_triples.size() > 1000);

  test::HeadlessUi ui({}, ImVec2(1280, 800));
  {  // The check can fail: in English, the same reading finds English on screen.
    REQUIRE(ui.api().set_lesson("the-cat-sat") == "");
    ui.frames(3);
    int found = 0;
    for (const std::string& t : word_triples(ui.drawn_text())) found += english_triples.count(t);
    CHECK(found >= 10);
  }
  for (const Language& language : languages()) {
    if (language.code == "en") continue;
    std::vector<std::string> translated;
    strings_of(nlohmann::json::parse(catalog_file(language.code)), &translated);
    std::set<std::string> own;  // what the language's own texts say, English words or not
    for (const std::string& m : translated)
      for (const std::string& t : word_triples(m)) own.insert(t);
    REQUIRE(ui.api().set_language(language.code) == "");
    for (const auto& lesson : builtin_lessons()) {
      REQUIRE(ui.api().set_lesson(lesson->id) == "");
      std::set<std::string> tokens;
      for (const Part& part : lesson->parts)
        for (std::string token : part.tokens) {
          for (char& c : token) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          tokens.insert(token);
        }
      const int steps = static_cast<int>(ui.app().session().trace().steps.size());
      for (int step = 0; step < steps; ++step) {
        REQUIRE(ui.api().set_step(step) == "");
        ui.frames(3);
        const std::string drawn = ui.drawn_text();
        for (const std::string& t : word_triples(drawn)) {
          if (!english_triples.count(t) || own.count(t)) continue;
          // Three of the lesson's tokens side by side: a row of labels.
          std::istringstream words(t);
          std::string w;
          int token_words = 0;
          while (words >> w) token_words += tokens.count(w) ? 1 : 0;
          if (token_words == 3) continue;
          CHECK_MESSAGE(false, language.code << " " << lesson->id << " step " << step + 1 << ": \""
                                             << t << "\" drawn in English");
        }
      }
    }
  }
}
