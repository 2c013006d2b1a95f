// What the page's lesson editor asks of the app (src/app/api.h): a draft
// judged by the loader with the place of its error, a draft shown in its own
// slot on the same step (the learner's lesson of that id and its saved work
// untouched), the file of the lesson shown, and a file's translatable texts.
#include "app/api.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/load/builtin_lessons.h"
#include "support/headless.h"

using namespace attn;

namespace {
nlohmann::json state_of(app::Api& api) { return nlohmann::json::parse(api.state_json()); }
}  // namespace

TEST_CASE("checkLesson: a draft's first error with its JSON pointer, in the learner's words") {
  test::HeadlessUi ui;
  app::Api& api = ui.api();
  const std::string good(builtin_lesson_file("the-cat-sat"));
  CHECK(nlohmann::json::parse(api.check_lesson(good)) == nlohmann::json{{"ok", true}});
  const auto bad = nlohmann::json::parse(
      api.check_lesson(R"({"id":"x","title":"T","tokens":["a","b"],"X":[[1,0],[0,1]],)"
                       R"("W_q":[[1,0],[0,1]],"W_k":[[1,0],[0,1]],)"
                       R"("steps":[{"id":"s","title":"S","text":"{max nothing[a]:2}"}]})"));
  CHECK(bad["ok"] == false);
  CHECK(bad["path"] == "/steps/0/text");
  CHECK(bad["reason"].get<std::string>().find("nothing") != std::string::npos);
  CHECK(bad["message"] == "/steps/0/text: " + bad["reason"].get<std::string>());
  const auto junk = nlohmann::json::parse(api.check_lesson("{"));
  CHECK(junk["path"] == "");
  CHECK(junk["message"] == junk["reason"]);
  // Checking shows nothing and changes nothing.
  CHECK(state_of(api)["lesson"] == "the-cat-sat");
}

TEST_CASE(
    "previewLesson: the draft on the same step, in a slot of its own; lessonFile gives it back") {
  test::HeadlessUi ui;
  app::Api& api = ui.api();
  REQUIRE(api.set_lesson("the-cat-sat") == "");
  REQUIRE(api.set_value("X", 0, 0, 5.0) == "");  // the learner's change to the real lesson
  std::string draft(builtin_lesson_file("the-cat-sat"));
  const std::string title = R"("title":")";
  draft.replace(draft.find(title) + title.size(), 0, "Draft: ");
  REQUIRE(api.preview_lesson(draft) == "");
  REQUIRE(api.set_step(3) == "");
  ui.frames(2);
  auto state = state_of(api);
  CHECK(state["lesson"] == "~draft");
  CHECK(state["draft"] == true);
  CHECK(state["title"].get<std::string>().rfind("Draft: ", 0) == 0);
  CHECK(api.lesson_file() == draft);
  CHECK(api.saved_work_json() == "null");  // a draft keeps no work
  // The next draft keeps the step; one with fewer steps, its last.
  draft.replace(draft.find("Draft: "), 7, "Draft 2: ");
  REQUIRE(api.preview_lesson(draft) == "");
  CHECK(state_of(api)["step"] == 3);
  // A draft with an error is refused and the last good one stays.
  CHECK(api.preview_lesson("{") != "");
  CHECK(state_of(api)["title"].get<std::string>().rfind("Draft 2: ", 0) == 0);
  // The learner's lesson of the same id is as they left it.
  REQUIRE(api.set_lesson("the-cat-sat") == "");
  CHECK(state_of(api)["changes"].size() == 1);
  CHECK(api.lesson_file() == builtin_lesson_file("the-cat-sat"));
  ui.frames(2);
}

TEST_CASE("drawnInputs: the numbers a lesson's draws make, as numpy makes them, to type in") {
  test::HeadlessUi ui;
  app::Api& api = ui.api();
  // the-cat-sat: np.random.seed(0); np.random.rand(4, 4) three times (W_q first), X typed.
  const auto r = nlohmann::json::parse(api.drawn_inputs(builtin_lesson_file("the-cat-sat")));
  REQUIRE(r.contains("inputs"));
  const nlohmann::json& w_q = r["inputs"]["W_q"];
  REQUIRE(w_q.size() == 4);
  CHECK(w_q[0][0].get<double>() == doctest::Approx(0.5488135039273248).epsilon(1e-15));
  CHECK(w_q[0][1].get<double>() == doctest::Approx(0.7151893663724195).epsilon(1e-15));
  CHECK(r["inputs"]["X"] == nlohmann::json::parse("[[1,0,1,0],[0,2,0,2],[1,1,1,1]]"));
  CHECK(nlohmann::json::parse(api.drawn_inputs("{")).contains("error"));
}

TEST_CASE("translatableTexts: a file's texts, in its parts and labels too; a non-file refused") {
  test::HeadlessUi ui;
  app::Api& api = ui.api();
  const auto texts = nlohmann::json::parse(
      api.translatable_texts(builtin_lesson_file("attention-times-value")))["texts"];
  const auto at = [&](std::string_view path) {
    for (const auto& t : texts)
      if (t["path"] == path) return t["text"].get<std::string>();
    return std::string();
  };
  CHECK(at("/title") != "");
  CHECK(at("/parts/0/steps/0/title") != "");
  CHECK(at("/parts/0/random/0/label") == "values");
  for (const auto& t : texts) CHECK(t["path"].get<std::string>().find("/id") == std::string::npos);
  const auto junk = nlohmann::json::parse(api.translatable_texts("{"));
  CHECK(junk["error"].get<std::string>() != "");
  CHECK(!junk.contains("texts"));
}

// A notice goes when what it says is gone: "showing the built-in lessons"
// after a lesson-url that failed, once a lesson loaded by a host is shown.
TEST_CASE(
    "loadLesson after a refused lesson-url: the built-ins' stand-in notice goes, the others stay") {
  app::StartParameters p;
  p.values = {{"lesson-url", "gone.json"}, {"colour", "blue"}};
  p.lesson_file_error = "HTTP 404";
  test::HeadlessUi ui(p);
  app::Api& api = ui.api();
  const std::string gone =
      "gone.json could not be loaded (HTTP 404); showing the built-in lessons.";
  const auto notices = [&] { return state_of(api)["notices"].get<std::vector<std::string>>(); };
  REQUIRE(notices().size() == 2);
  CHECK(notices()[1] == gone);
  REQUIRE(api.set_lesson("i-am-batman") == "");  // another built-in: still so
  CHECK(notices().size() == 2);
  std::string mine(builtin_lesson_file("the-cat-sat"));
  mine.replace(mine.find("\"the-cat-sat\""), 13, "\"mine\"");
  REQUIRE(api.add_lesson(mine, "mine.json") == "");
  CHECK(state_of(api)["lesson"] == "mine");
  CHECK(notices() == std::vector<std::string>{notices()[0]});
  CHECK(notices()[0].find("colour") != std::string::npos);
}
