// The app without a window: every step of every lesson draws without an ImGui
// assert, real input goes through ImGui into the core, every change goes
// through App::apply, and the start parameters are checked in one place.
#include "app/app.h"

#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/load/builtin_lessons.h"
#include "core/logic/build_trace.h"
#include "core/trace/trace.h"
#include "support/headless.h"
#include "support/printed.h"
#include "ui/item_registry.h"

using namespace attn;
namespace request = attn::ui::request;

namespace {
app::StartParameters parameters(std::vector<std::pair<std::string, std::string>> values) {
  app::StartParameters p;
  p.values = std::move(values);
  return p;
}
nlohmann::json state_of(app::Api& api) { return nlohmann::json::parse(api.state_json()); }
}  // namespace

TEST_CASE("every step of every lesson draws, at desktop and small-iframe sizes") {
  for (ImVec2 size : {ImVec2(1280, 800), ImVec2(800, 500), ImVec2(360, 640)}) {
    test::HeadlessUi ui({}, size);
    for (const std::string& id : ui.api().lesson_ids()) {
      INFO(id << " at " << size.x << "x" << size.y);
      REQUIRE(ui.api().set_lesson(id) == "");
      const int steps = static_cast<int>(ui.app().session().trace().steps.size());
      for (int s = 0; s < steps; ++s) {
        REQUIRE(ui.api().set_step(s) == "");
        ui.frames(2);
      }
      CHECK(ui.app().view().step == steps - 1);
    }
    CHECK(ui.heatmaps.draws > 0);
  }
}

TEST_CASE("dragging a cell goes through ImGui into the core, and what is shown is the core's") {
  // Each lesson: the first editable cell of the first step that has one.
  test::HeadlessUi ui;
  for (const std::string& id : ui.api().lesson_ids()) {
    INFO(id);
    ui.api().set_lesson(id);
    const Session& s = ui.app().session();
    std::string label;
    MatrixKey key;
    for (int step = 0; step < static_cast<int>(s.trace().steps.size()) && label.empty(); ++step) {
      for (int i : s.trace().steps[step].matrices)
        if (s.trace().matrices[i].editable) {
          ui.api().set_step(step);
          key = s.trace().matrices[i].key;
          label = "##" + s.trace().id_of(key) + ":0:0";
          break;
        }
    }
    REQUIRE(!label.empty());
    ui.frames(2);
    const double before = s.trace().find(key)->value(0, 0);
    REQUIRE(ui.drag(label, 40.0f));
    const double after = s.trace().find(key)->value(0, 0);
    CHECK(after > before);  // dragged right: larger
    // The trace the UI shows equals a fresh computation from the same inputs.
    const Trace fresh = build_trace(s.lesson(), s.state());
    for (const TraceMatrix& m : fresh.matrices)
      if (m.key.stage == Stage::weights || m.key.stage == Stage::output)
        CHECK(m.value == s.trace().find(m.key)->value);
    CHECK_FALSE(s.is_default());
    REQUIRE(ui.click("Reset to notebook values"));
    CHECK(s.is_default());
  }
}

TEST_CASE("cells of a matrix with 64-character part and variant ids are dragged one at a time") {
  // ImGui ids come from integers, so no name length makes two cells share one.
  const std::string part(64, 'p'), variant(64, 'v');
  const std::string lesson = R"({"id": "long-ids", "title": "Long ids", "parts": [{"id": ")" +
                             part + R"(", "tokens": ["a", "b"], "X": [[1, 2], [3, 4]],
      "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]], "W_v": [[1, 0], [0, 1]],
      "variants": [{"id": ")" +
                             variant + R"(", "scale": "none"}]},
      {"id": "b", "tokens": ["a"], "Q": [[1]], "K": [[1]]}]})";
  test::HeadlessUi ui;
  REQUIRE(ui.api().add_lesson(lesson, "long-ids.json") == "");
  ui.frames(2);
  const Session& s = ui.app().session();
  const MatrixKey x = test::key_of(s.trace(), part + "/X");
  REQUIRE(ui.drag("##" + part + "/X:0:1", 40.0f));
  const Matrix& after = s.trace().find(x)->value;
  CHECK(after(0, 1) > 2.0);
  CHECK(after(0, 0) == 1.0);  // its neighbours did not move with it
  CHECK(after(1, 0) == 3.0);
  CHECK(after(1, 1) == 4.0);
}

TEST_CASE("arrow keys, Home and End walk the steps") {
  test::HeadlessUi ui;
  ui.frames(2);
  const int last = static_cast<int>(ui.app().session().trace().steps.size()) - 1;
  ui.key(ImGuiKey_RightArrow);
  CHECK(ui.app().view().step == 1);
  ui.key(ImGuiKey_End);
  CHECK(ui.app().view().step == last);
  ui.key(ImGuiKey_LeftArrow);
  CHECK(ui.app().view().step == last - 1);
  ui.key(ImGuiKey_Home);
  CHECK(ui.app().view().step == 0);
}

TEST_CASE(
    "clicking a pipeline stage goes to its step through the app: pin cleared, version bumped") {
  // Found in review: the panel used to write the step itself, so the pinned
  // explanation stayed and no statechange reached the page.
  test::HeadlessUi ui({}, ImVec2(1280, 800));
  ui.api().set_lesson("the-cat-sat");
  ui.frames(2);
  ui.app().apply(request::Pin{test::key_of(ui.app().session().trace(), "Q"), 0, 0});
  REQUIRE(ui.app().view().pinned);
  const uint64_t version = ui.app().version();
  REQUIRE(ui.click("##stage:weights"));
  ui.frames(1);
  CHECK(ui.app().view().step == 3);  // "Step 4: Apply Softmax"
  CHECK_FALSE(ui.app().view().pinned);
  CHECK(ui.app().version() > version);
  CHECK(state_of(ui.api())["step"] == 3);
}

TEST_CASE(
    "a bad lesson file from the API leaves the learner's page as it was: the caller hears why") {
  test::HeadlessUi ui;
  ui.api().set_lesson("i-am-batman");
  const uint64_t version = ui.app().version();
  const std::string error = ui.api().add_lesson("{\"id\": \"x\"}", "broken.json");
  CHECK(error == "broken.json: missing key \"title\"");
  CHECK(ui.app().session().lesson().id == "i-am-batman");
  CHECK(ui.app().view().notices.empty());  // a notice the learner cannot act on is none
  CHECK(ui.app().version() == version);
  ui.frames(2);
}

TEST_CASE("a bad lesson file named by the link is said at the top of the page") {
  app::StartParameters p = parameters({{"lesson-url", "broken.json"}});
  p.lesson_file = "{\"id\": \"x\"}";
  test::HeadlessUi ui(p);
  CHECK(ui.app().view().notices == std::vector<std::string>{"broken.json: missing key \"title\""});
  ui.frames(2);
}

TEST_CASE("start: an unknown lesson, junk and repeats fall back with notices") {
  test::HeadlessUi ui(parameters({{"lesson", "no-such-lesson"},
                                  {"step", "3"},
                                  {"colour", "red"},
                                  {"theme", "dark"},
                                  {"theme", "light"}}));
  CHECK(ui.app().session().lesson().id == "the-cat-sat");
  CHECK(ui.app().view().step == 0);  // the link's step was for the lesson it named
  CHECK(ui.app().view().dark);       // the first of two themes
  CHECK(ui.app().view().notices ==
        std::vector<std::string>{
            "The parameter \"colour\" is not one Attention Lab knows; it was ignored.",
            "The parameter theme is given more than once; using the first.",
            "Unknown lesson \"no-such-lesson\"; showing \"The cat sat\" instead."});
  ui.frames(2);
}

TEST_CASE("start: touch=1 sizes targets for a finger from the start; a bad switch says so") {
  test::HeadlessUi touch(parameters({{"touch", "1"}}));
  CHECK(touch.app().view().touch);
  CHECK(touch.app().view().notices.empty());
  test::HeadlessUi junk(parameters({{"touch", "yes"}, {"embed", "2"}, {"mode", "quiz"}}));
  CHECK_FALSE(junk.app().view().touch);
  CHECK(junk.app().view().notices ==
        std::vector<std::string>{
            "embed=\"2\" is not 0 or 1; showing the full page.",
            "touch=\"yes\" is not 0 or 1; targets are sized for the pointer in use.",
            "mode=\"quiz\" is not learn or explore; predictions and challenges are on."});
}

TEST_CASE("start: steps that are not step numbers, or not in the lesson, say so") {
  for (const auto& [step, notice] : std::vector<std::pair<std::string, std::string>>{
           {"99", "There is no step 99 in \"I am Batman\"; showing the first."},
           {"0", "The step \"0\" is not a step number; showing the first step."},
           {"2x", "The step \"2x\" is not a step number; showing the first step."}}) {
    test::HeadlessUi ui(parameters({{"lesson", "i-am-batman"}, {"step", step}}));
    CHECK(ui.app().session().lesson().id == "i-am-batman");
    CHECK(ui.app().view().step == 0);
    CHECK(ui.app().view().notices == std::vector<std::string>{notice});
  }
}

// The malformed links the app itself judges (the page passes each value on as
// it came; what crosses the JavaScript border, such as NUL, an emoji, bad
// percent-encoding, huge values and lesson-url, is tried in the browser:
// tests/browser/url.test.mjs). Each opens with defaults and a notice.
TEST_CASE("start: malformed values open with defaults and a notice, never an error") {
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  const std::vector<Pairs> malformed = {
      {{"lesson", "the-dog-sat"}},
      {{"lesson", ""}},
      {{"lesson", "THE-CAT-SAT"}},
      {{"step", "0"}},
      {{"step", "-1"}},
      {{"step", "abc"}},
      {{"step", "99"}},
      {{"step", "1.5"}},
      {{"step", "1e3"}},
      {{"step", ""}},
      {{"theme", ""}},
      {{"theme", "DARK"}},
      {{"embed", "2"}},
      {{"state", ""}},
      {{"state", "abc"}},
      {{"state", "eyJ2IjoxLCJwYXJ0cyI6W3sicGFydCI6OX1dfQ"}},  // part 9
      {{"state", "eyJ2Ijoy"}},
      {{"state", "bnVsbA"}},  // "null"
      {{"lesson", "i-am-batman"},
       {"state", "eyJ2IjoxLCJwYXJ0cyI6W3sicGFydCI6MCwic2V0IjpbWyJXX3giLDAsMCwxXV19XX0"}},  // W_x
      {{"unknown", "1"}},
  };
  for (const Pairs& values : malformed) {
    INFO(values.front().first << "=" << values.front().second);
    test::HeadlessUi ui(parameters(values));
    ui.frames(2);
    CHECK_FALSE(ui.app().view().notices.empty());
    CHECK(ui.app().session().trace().steps.size() > 0);
  }
}

TEST_CASE("start: a lesson file with its step and changes, and a link that names the file again") {
  const std::string file = R"({"id": "mine", "title": "Mine", "tokens": ["a", "b"],
    "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
    "W_v": [[1, 2], [3, 4]]})";
  app::StartParameters p =
      parameters({{"lesson-url", "lessons/only-here.json"},
                  {"step", "3"},
                  {"state", R"({"v": 1, "parts": [{"part": 0, "set": [["X", 0, 1, 0.5]]}]})"}});
  p.lesson_file = file;
  test::HeadlessUi ui(p);
  CHECK(ui.app().session().lesson().id == "mine");
  CHECK(ui.app().view().step == 2);
  CHECK(test::matrix_of(ui.app().session().trace(), "X").value(0, 1) == 0.5);
  CHECK(ui.app().view().notices.empty());
  const nlohmann::json link = nlohmann::json::parse(ui.api().link_json());
  CHECK(link["lesson-url"] == "lessons/only-here.json");  // the folder is kept
  CHECK(link["step"] == "3");
  CHECK_FALSE(link.contains("lesson"));
}

TEST_CASE("start: a lesson file that could not be read is named with the reason") {
  app::StartParameters p = parameters({{"lesson-url", "gone.json"}, {"step", "2"}});
  p.lesson_file_error = "HTTP 404";
  test::HeadlessUi ui(p);
  CHECK(ui.app().session().lesson().id == "the-cat-sat");
  CHECK(ui.app().view().step == 0);
  CHECK(ui.app().view().notices ==
        std::vector<std::string>{
            "gone.json could not be loaded (HTTP 404); showing the built-in lessons."});
}

TEST_CASE(
    "start: the lesson a link carries (#lesson=) wins, takes the link's step and changes, and a "
    "link keeps it") {
  app::StartParameters p =
      parameters({{"lesson", "i-am-batman"},
                  {"step", "2"},
                  {"state", R"({"v": 1, "parts": [{"part": 0, "set": [["W_q", 1, 0, 0.25]]}]})"}});
  p.link_lesson = R"({"id": "notebook-1", "title": "My arrays", "tokens": ["a", "b"],
    "X": [[1, 0], [0, 1]], "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]],
    "W_v": [[1, 2], [3, 4]]})";
  test::HeadlessUi ui(p);
  CHECK(ui.app().session().lesson().id == "notebook-1");
  CHECK(ui.app().view().step == 1);
  CHECK(test::matrix_of(ui.app().session().trace(), "W_q").value(1, 0) == 0.25);
  CHECK(ui.app().view().notices.empty());
  nlohmann::json link = nlohmann::json::parse(ui.api().link_json());
  CHECK(link["lesson-in-link"] == "1");  // the page puts its #lesson= back
  CHECK_FALSE(link.contains("lesson"));
  CHECK_FALSE(link.contains("lesson-url"));
  CHECK(ui.api().set_lesson("the-cat-sat") == "");  // another lesson's link is its own
  link = nlohmann::json::parse(ui.api().link_json());
  CHECK(link["lesson"] == "the-cat-sat");
  CHECK_FALSE(link.contains("lesson-in-link"));
  ui.frames(2);
}

TEST_CASE(
    "start: a lesson in a link that the loader refuses, or the page could not unpack, is said") {
  app::StartParameters bad = parameters({{"step", "2"}});
  bad.link_lesson = R"({"id": "x", "title": "X", "tokens": ["a"], "Q": [[1, 2]], "K": [[1]]})";
  test::HeadlessUi refused(bad);
  CHECK(refused.app().session().lesson().id == "the-cat-sat");
  CHECK(refused.app().view().step == 0);
  CHECK(refused.app().view().notices ==
        std::vector<std::string>{
            "#lesson: /K: K (1, 1) does not fit: K must be as wide as Q (2) for Q·Kᵀ"});
  app::StartParameters damaged = parameters({});
  damaged.link_lesson_error = "it is 40000 characters long, the limit is 32000";
  test::HeadlessUi unpacked(damaged);
  CHECK(unpacked.app().session().lesson().id == "the-cat-sat");
  CHECK(unpacked.app().view().notices ==
        std::vector<std::string>{"The lesson in this link could not be read (it is 40000 "
                                 "characters long, the limit is 32000); showing the built-in "
                                 "lessons."});
}

TEST_CASE("a number typed into a slider (Ctrl+click) is clamped to the slider's range") {
  // Found by the monkey: 9999999 typed into the digits slider asked printf for
  // ten million decimals.
  test::HeadlessUi ui;
  ui.frames(2);
  REQUIRE(ui.click("Digits as the notebook printed"));  // unchecked: the slider appears
  ui.frames(2);
  const int notebook = ui.app().view().precision;  // the step's own digits (numpy's 8 here)
  REQUIRE(notebook >= 0);
  auto type_into_slider = [&](const char* text) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    REQUIRE(ui.click("##digits"));
    io.KeyCtrl = false;
    for (const char* c = text; *c; ++c) io.AddInputCharacter(static_cast<unsigned>(*c));
    ui.frame();
    ui.key(ImGuiKey_Enter);
    ui.frames(2);
  };
  // A number in range first, unlike the step's: the typed text arrives.
  const int in_range = notebook == 3 ? 2 : 3;
  type_into_slider(std::to_string(in_range).c_str());
  REQUIRE(ui.app().view().precision == in_range);
  type_into_slider("9999999");
  CHECK(ui.app().view().precision == 8);  // the slider's top: the typed number arrived, clamped
}

TEST_CASE(
    "the keyboard reaches the numbers: Tab between matrices, arrows within, + nudges, typing") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "2"}}));
  ui.frames(2);
  const Trace& t = ui.app().session().trace();
  ui.app().enter_cells(false);  // Tab arrived on the canvas
  ui.frames(1);
  CHECK(ui.app().view().focus ==
        ui::CellRef{test::key_of(t, "X"), 0, 0});  // X: what Q is computed from
  CHECK(ui.app().wants_tab(false));
  ui.key(ImGuiKey_Tab);
  CHECK(ui.app().view().focus == ui::CellRef{test::key_of(t, "W_q"), 0, 0});
  ui.key(ImGuiKey_RightArrow);
  CHECK(ui.app().view().focus.col == 1);
  CHECK(ui.app().view().step == 1);  // the arrows move the keyboard, not the step
  ImGuiIO& io = ImGui::GetIO();
  io.AddInputCharacter('+');
  ui.frames(2);
  const MatrixKey w_q = test::key_of(ui.app().session().trace(), "W_q");
  CHECK(ui.app().session().trace().find(w_q)->value(0, 1) == 0.725);  // 0.71518937 + 0.01, snapped
  ui.key(ImGuiKey_Enter);                                             // type a number
  ui.frames(2);
  for (const char* c = "0.5"; *c; ++c) io.AddInputCharacter(static_cast<unsigned>(*c));
  ui.frame();
  ui.key(ImGuiKey_Enter);
  ui.frames(2);
  CHECK(ui.app().session().trace().find(w_q)->value(0, 1) == 0.5);
  ui.key(ImGuiKey_Escape);
  CHECK_FALSE(ui.app().view().focus.valid());
  ui.key(ImGuiKey_RightArrow);  // now the arrows walk the steps again
  CHECK(ui.app().view().step == 2);
  ui.key(ImGuiKey_Tab);  // and Tab (in the desktop app) comes back onto the numbers
  CHECK(ui.app().view().focus.valid());
}

TEST_CASE("setValue takes a computed matrix's name as a what-if, and state() lists it") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}}));
  app::Api& api = ui.api();
  CHECK(state_of(api)["overrides"].empty());
  CHECK(api.set_value("weights", 0, 1, 0.5) == "");
  const nlohmann::json overrides = state_of(api)["overrides"];
  // Its row keeps summing to 1: the other two weights of "The" are what-ifs too.
  REQUIRE(overrides.size() == 3);
  double sum = 0;
  for (const auto& o : overrides) {
    CHECK(o["matrix"] == "weights");
    CHECK(o["row"] == 0);
    CHECK(o["rowToken"] == "The");
    sum += o["value"].get<double>();
  }
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(overrides[1]["colToken"] == "cat");
  CHECK(overrides[1]["value"] == doctest::Approx(0.5).epsilon(1e-12));
  CHECK(state_of(api)["edited"] == true);
  CHECK(api.set_value("X_plus_one", 0, 0, 1) != "");  // no such matrix: an error, nothing changes
  CHECK(state_of(api)["overrides"].size() == 3);
}

namespace {

// A small lesson whose tokens and title are in the given words.
std::string lesson_with_tokens(const std::string& title, const std::string& a,
                               const std::string& b) {
  return R"({"id": "scripts", "title": ")" + title + R"(", "parts": [{"id": "p", "tokens": [")" +
         a + R"(", ")" + b + R"("], "X": [[1, 2], [3, 4]],
      "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]], "W_v": [[1, 0], [0, 1]]}]})";
}

}  // namespace

TEST_CASE(
    "a lesson in Latin, Greek, Cyrillic, Chinese and Korean draws every character: the packs join "
    "the atlas") {
  test::HeadlessUi ui;
  REQUIRE(ui.api().add_lesson(lesson_with_tokens("Kočka, γάτα, 注意力", "Łódź x₁", "кошка 고양이"),
                              "scripts.json") == "");
  CHECK(ui.app().take_wanted_assets().empty());  // natively the packs are compiled in
  ui.frames(2);
  const auto glyphs = nlohmann::json::parse(ui.api().glyphs_json());
  CHECK(glyphs["missing"] == nlohmann::json::array());
  CHECK(glyphs["loading"] == "");
  for (const std::string& n : ui.app().view().notices) MESSAGE(n);
  CHECK(ui.app().view().notices.empty());
  // The atlas has them now (ImGui would draw '?' otherwise).
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
  for (ImWchar c : {ImWchar(u'č'), ImWchar(u'ά'), ImWchar(u'Ł'), ImWchar(u'ш'), ImWchar(u'₁'),
                    ImWchar(u'注'), ImWchar(u'고')})
    CHECK(font->FindGlyphNoFallback(c) != nullptr);
  CHECK(font->FindGlyphNoFallback(ImWchar(u'ж')) == nullptr);  // only the characters in use
}

TEST_CASE("characters no font has are named once, at load, with where they are") {
  test::HeadlessUi ui;
  // An emoji: no font at all, named at load. A rare Chinese character: the
  // cjk pack is for it, but holds only the common ones; named once it is loaded.
  REQUIRE(ui.api().add_lesson(lesson_with_tokens("Cats", "😀", "龘猫"), "scripts.json") == "");
  REQUIRE(ui.app().view().notices.size() == 1);
  CHECK(ui.app().view().notices[0] ==
        "\"Cats\" uses a character no font here has, shown as \"?\": \"😀\" (U+1F600, first at "
        "/parts/0/tokens/0).");
  ui.frames(1);  // the atlas is built with the cjk pack
  REQUIRE(ui.app().view().notices.size() == 2);
  CHECK(ui.app().view().notices[1] ==
        "\"Cats\" uses a character no font here has, shown as \"?\": \"龘\" (U+9F98, first at "
        "/parts/0/tokens/1).");
  const auto glyphs = nlohmann::json::parse(ui.api().glyphs_json());
  CHECK(glyphs["missing"] ==
        nlohmann::json::parse(
            R"([{"character": "😀", "codepoint": "U+1F600", "where": "/parts/0/tokens/0"},
                {"character": "龘", "codepoint": "U+9F98", "where": "/parts/0/tokens/1"}])"));
  ui.frames(2);
  CHECK(ui.app().view().notices.size() == 2);  // once, not every frame
}

TEST_CASE(
    "right-to-left text gets its own notice: the canvas cannot shape it, the text view shows it") {
  test::HeadlessUi ui;
  REQUIRE(ui.api().add_lesson(lesson_with_tokens("Cats", "חתול", "cat"), "scripts.json") == "");
  REQUIRE(ui.app().view().notices.size() == 1);
  const std::string& n = ui.app().view().notices[0];
  CHECK(n.find("\"Cats\" has right-to-left text, which this canvas cannot draw") == 0);
  CHECK(n.find("the Text view shows them as written: \"ח\" (U+05D7, first at /parts/0/tokens/0)") !=
        std::string::npos);
}

TEST_CASE("the page's build: a built-in lesson's file arrives when the lesson is first opened") {
  {  // The page's default: the first lesson, handed over before start.
    test::HeadlessUi first({}, ImVec2(800, 500), {"the-cat-sat"});
    CHECK(state_of(first.api())["lesson"] == "the-cat-sat");
    CHECK(first.app().view().status == "");
    CHECK(first.app().take_wanted_assets().empty());
    first.frames(2);
  }
  // As the page starts: only the lesson it opens with is here.
  test::HeadlessUi ui(parameters({{"lesson", "i-am-batman"}}), ImVec2(800, 500), {"i-am-batman"});
  app::App& app = ui.app();
  app::Api& api = ui.api();
  CHECK(state_of(api)["lesson"] == "i-am-batman");
  CHECK(api.lesson_ids().size() == builtin_lesson_index().size());  // the picker lists them all
  CHECK(app.take_wanted_assets().empty());
  ui.frames(2);

  // Picked: the shell is asked for its file, once; the lesson shown stays until it arrives.
  CHECK(api.set_lesson("the-cat-sat") == "");
  CHECK(state_of(api)["lesson"] == "i-am-batman");
  CHECK(app.view().status == "Loading \"The cat sat\"…");
  CHECK(app.take_wanted_assets() ==
        std::vector<app::Asset>{{app::AssetKind::lesson, "the-cat-sat"}});
  CHECK(app.take_wanted_assets().empty());
  ui.frames(2);
  CHECK(app.provide_asset({app::AssetKind::lesson, "the-cat-sat"},
                          std::string(builtin_lesson_file("the-cat-sat"))) == "");
  CHECK(state_of(api)["lesson"] == "the-cat-sat");
  CHECK(app.view().status == "");
  {  // the notebook's numbers, as from the file compiled in
    const Session compiled_in(find_builtin_lesson("the-cat-sat"));
    const Trace& shown = app.session().trace();
    REQUIRE(shown.matrices.size() == compiled_in.trace().matrices.size());
    for (size_t i = 0; i < shown.matrices.size(); ++i)
      CHECK(shown.matrices[i].value == compiled_in.trace().matrices[i].value);
  }
  ui.frames(2);

  // A file that cannot be had: a notice, and the lesson shown stays.
  CHECK(api.set_lesson("complete-flow") == "");
  CHECK(app.take_wanted_assets() ==
        std::vector<app::Asset>{{app::AssetKind::lesson, "complete-flow"}});
  app.asset_failed({app::AssetKind::lesson, "complete-flow"}, "HTTP 404");
  CHECK(state_of(api)["lesson"] == "the-cat-sat");
  CHECK(app.view().status == "");
  CHECK(state_of(api)["notices"].back() ==
        "The lesson \"Complete attention flow: Q, K, V → Output\" could not be loaded (HTTP 404).");
  // Asked again when picked again.
  CHECK(api.set_lesson("complete-flow") == "");
  CHECK(app.take_wanted_assets() ==
        std::vector<app::Asset>{{app::AssetKind::lesson, "complete-flow"}});

  // Another lesson's file, or an unknown lesson, is refused.
  CHECK(app.provide_asset({app::AssetKind::lesson, "complete-flow"},
                          std::string(builtin_lesson_file("qk-transpose"))) ==
        "it is another lesson's file");
  CHECK(app.provide_asset({app::AssetKind::lesson, "no-such-lesson"},
                          std::string(builtin_lesson_file("qk-transpose"))) ==
        "Unknown lesson \"no-such-lesson\"");
  // A lesson picked while another is on its way wins.
  CHECK(api.set_lesson("qk-transpose") == "");
  CHECK(api.set_lesson("i-am-batman") == "");
  CHECK(app.provide_asset({app::AssetKind::lesson, "qk-transpose"},
                          std::string(builtin_lesson_file("qk-transpose"))) == "");
  CHECK(state_of(api)["lesson"] == "i-am-batman");
  ui.frames(2);
}

TEST_CASE("a page that carries English alone offers no other language") {
  app::StartParameters p;
  p.offered_languages = {"en"};
  p.preferred_languages = {"es-ES"};  // the page filters these too; the app must not follow
  test::HeadlessUi ui(p);
  ui.frames(2);
  CHECK(ui.app().view().language == "en");
  CHECK(ui.api().set_language("es") == "es is not in this offline file, which has en only");
  CHECK(ui.app().view().language == "en");
  ui::ItemRect menu;
  CHECK_FALSE(ui::find_item("##language", &menu));  // no menu with one language in it
}

TEST_CASE(
    "in a small embed and on a small phone no text is cut off and no number breaks across lines, "
    "in any lesson, at any step, before and after answering") {
  struct Size {
    ImVec2 size;
    bool touch;
  };
  // "0.\n35": a wrap inside a number (not "8․0." ending a line, whose dot
  // inside is U+2024, last byte A4, as wrappable() writes it).
  const std::regex broken_number("(^|[^0-9\xA4])[0-9]+\\.\n[0-9]");
  for (const Size& at :
       {Size{ImVec2(800, 500), false}, Size{ImVec2(390, 844), true}, Size{ImVec2(360, 640), true}})
    for (const BuiltinLessonEntry& entry : builtin_lesson_index()) {
      app::StartParameters start;
      start.values = {{"lesson", entry.id}};
      test::HeadlessUi ui(start, at.size);
      if (at.touch) ui.app().apply(ui::request::SetTouch{true});
      for (const bool answered : {false, true}) {
        const int steps = static_cast<int>(ui.app().session().trace().steps.size());
        for (int step = 0; step < steps; ++step) {
          REQUIRE(ui.app().apply(ui::request::GoToStep{step}).empty());
          ui.frames(3);
          for (const std::string& cut : ui.cut_text())
            CHECK_MESSAGE(false, entry.id << " step " << step + 1 << " at " << at.size.x << "×"
                                          << at.size.y << ": \"" << cut << "\" is cut off");
          const std::string text = ui.drawn_text();
          for (auto m = std::sregex_iterator(text.begin(), text.end(), broken_number);
               m != std::sregex_iterator(); ++m) {
            // A sentence that ends "at step 7." with a matrix's numbers drawn next
            // (beside it, on another line) is not a number broken in two.
            const long at_number = m->position() + m->length(1);
            if (at_number >= 5 && text.compare(at_number - 5, 5, "step ") == 0) continue;
            CHECK_MESSAGE(false, entry.id << " step " << step + 1 << " at " << at.size.x
                                          << ": a number breaks across lines in \""
                                          << text.substr(std::max<long>(0, m->position() - 80), 120)
                                          << "\"");
            break;
          }
        }
        if (answered) break;
        // Every question answered (the second option, or 1 as an estimate):
        // the answered cards and their reveals are walked too.
        for (const Part& part : ui.app().session().lesson().parts)
          for (const StepSpec& s : part.steps)
            for (const Prediction& p : s.predictions)
              ui.app().apply(ui::request::AnswerPrediction{p.id, 1});
      }
    }
}
