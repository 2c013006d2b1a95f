// "Show how gradient descent would do it" in the app: the card's button plays
// the descent a step at a time through requests, says what it changed beside
// the learner's edits, never counts as the learner's solve, and "Back to my
// numbers" restores exactly what the learner had. And the text view's
// sentences beside training (the loss, the pattern against the target).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "app/app.h"
#include "support/headless.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

nlohmann::json json_of(const std::string& s) { return nlohmann::json::parse(s); }
bool shown(const std::string& item) {
  ui::ItemRect r;
  return ui::find_item(item, &r);
}

}  // namespace

// the-cat-sat at step 4, where its challenge, which descent can do, is set.
struct CatSatChallenge {
  static app::StartParameters start() {
    app::StartParameters s;
    s.values = {{"lesson", "the-cat-sat"}, {"step", "4"}};
    return s;
  }
  test::HeadlessUi ui{start()};
  const std::string id = "cat-sat-make-sat-win";
};

TEST_CASE_FIXTURE(CatSatChallenge,
                  "gradient descent plays on a challenge, is compared, not solved, and goes back") {
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:" + id));
  ui.api().set_step(1);  // W_k is on step 2
  ui.frames(3);
  REQUIRE(ui.drag("##W_k:0:0", 20.0f));  // one edit of the learner's own
  ui.frames(2);
  const nlohmann::json mine = json_of(ui.api().state_json());
  REQUIRE(mine["descent"].is_null());
  REQUIRE(ui.click("##descent:" + id));
  nlohmann::json state = json_of(ui.api().state_json());
  REQUIRE(state["descent"].is_object());
  const int steps = state["descent"]["steps"];
  CHECK(steps > 1);
  bool moved = false;
  for (int i = 0; i < 60 * 10 && !state["descent"]["done"].get<bool>(); ++i) {
    ui.frames(1);
    state = json_of(ui.api().state_json());
    moved = moved || (state["descent"]["step"] > 0 && !state["descent"]["done"].get<bool>());
  }
  CHECK(moved);  // the learner saw the numbers move, a step at a time
  REQUIRE(state["descent"]["done"].get<bool>());
  CHECK(state["descent"]["reached"].get<bool>());
  CHECK(state["changes"] != mine["changes"]);
  ui.frames(2);
  CHECK(shown("##descent-said:" + id + ":1"));
  const std::vector<std::string> said = state["descent"]["said"];
  REQUIRE(said.size() == 4);
  CHECK(said[0].find("Gradient descent reached the goal in") == 0);
  CHECK(said[1].find("It changed ") == 0);
  CHECK(said[2] == "You changed 1 number by " + said[2].substr(24));
  // The goal holds on descent's numbers, and still nothing is the learner's solve.
  CHECK(json_of(ui.api().progress_json())["solved"] == 0);
  CHECK(ui.drawn_text().find("Challenge solved") == std::string::npos);

  REQUIRE(ui.click("##back-to-my-numbers:" + id));
  ui.frames(2);
  state = json_of(ui.api().state_json());
  CHECK(state["descent"].is_null());
  CHECK(state["changes"] == mine["changes"]);
  CHECK(json_of(ui.api().progress_json())["solved"] == 0);
  CHECK(shown("##descent:" + id));
}

// the-cat-sat's challenge taken on (its card then on every step), on W_k's step.
void take_on(test::HeadlessUi& ui, const std::string& id) {
  ui.frames(3);
  REQUIRE(ui.click("##skip-prediction"));
  ui.frames(2);
  REQUIRE(ui.click("##take:" + id));
  ui.api().set_step(1);
  ui.frames(3);
}

// Plays descent on it after one edit of the learner's, and returns the
// learner's state before it.
nlohmann::json start_descent(test::HeadlessUi& ui, const std::string& id) {
  take_on(ui, id);
  REQUIRE(ui.drag("##W_k:0:0", 20.0f));
  ui.frames(2);
  const nlohmann::json mine = json_of(ui.api().state_json());
  REQUIRE(ui.click("##descent:" + id));
  ui.frames(3);
  const nlohmann::json playing = json_of(ui.api().state_json());
  REQUIRE(playing["descent"].is_object());
  REQUIRE(playing["descent"]["step"] > 0);
  REQUIRE_FALSE(playing["descent"]["done"].get<bool>());
  return mine;
}

TEST_CASE_FIXTURE(
    CatSatChallenge,
    "gradient descent stops and gives the learner's numbers back when the step changes") {
  const nlohmann::json mine = start_descent(ui, id);
  ui.api().set_step(2);
  for (int i = 0; i < 30; ++i) {  // frames enough for many more steps, had it gone on
    ui.frames(1);
    const nlohmann::json now = json_of(ui.api().state_json());
    REQUIRE(now["descent"].is_null());
    REQUIRE(now["changes"] == mine["changes"]);
  }
  // Its card (the challenge is taken on: on every step) offers descent again.
  CHECK(shown("##descent:" + id));
  CHECK_FALSE(shown("##back-to-my-numbers:" + id));
}

TEST_CASE_FIXTURE(
    CatSatChallenge,
    "gradient descent stops and gives the learner's numbers back when the lesson changes") {
  const nlohmann::json mine = start_descent(ui, id);
  REQUIRE(ui.api().set_lesson("i-am-batman") == "");
  ui.frames(5);
  CHECK(json_of(ui.api().state_json())["descent"].is_null());
  REQUIRE(ui.api().set_lesson("the-cat-sat") == "");
  ui.frames(5);
  const nlohmann::json back = json_of(ui.api().state_json());
  CHECK(back["descent"].is_null());
  CHECK(back["changes"] == mine["changes"]);  // the learner's, not where descent had got to
}

// Step 2's weight matrices as the trace has them now: {"W_q": rows, ...}.
nlohmann::json weights_now(test::HeadlessUi& ui) {
  nlohmann::json weights;
  const nlohmann::json trace = json_of(ui.api().trace_json());  // kept: the loop reads into it
  for (const nlohmann::json& m : trace["steps"][1]["matrices"])
    if (m["changeable"] == "input") weights[m["name"].get<std::string>()] = m["data"];
  return weights;
}

// A drag while descent plays is the learner's: descent ends first, and the
// drag lands on the learner's numbers (the next descent step, or "Back to my
// numbers", used to overwrite it).
TEST_CASE_FIXTURE(
    CatSatChallenge,
    "a learner's drag while gradient descent plays ends it and lands on the learner's numbers") {
  take_on(ui, id);
  REQUIRE(ui.drag("##W_k:0:0", 20.0f));
  ui.frames(2);
  const nlohmann::json mine = weights_now(ui);
  REQUIRE(ui.click("##descent:" + id));
  ui.frames(3);
  REQUIRE(json_of(ui.api().state_json())["descent"].is_object());
  REQUIRE(weights_now(ui) != mine);  // descent's numbers on screen
  REQUIRE(ui.drag("##W_k:1:1", 20.0f));
  for (int i = 0; i < 30; ++i) {  // frames enough for many more descent steps, had it gone on
    ui.frames(1);
    REQUIRE(json_of(ui.api().state_json())["descent"].is_null());
  }
  const nlohmann::json now = weights_now(ui);
  CHECK(now["W_k"][1][1] != mine["W_k"][1][1]);  // the drag stayed
  nlohmann::json others = now;
  others["W_k"][1][1] = mine["W_k"][1][1];
  CHECK(others == mine);            // every other number the learner's, their own earlier drag too
  CHECK(shown("##descent:" + id));  // offered again, from the numbers now
}

// "You changed" counts every number the learner moved from the lesson's, one
// the challenge does not allow too; "It changed" only descent's, from theirs.
TEST_CASE_FIXTURE(CatSatChallenge,
                  "the comparison counts the learner's edits from the lesson's numbers") {
  take_on(ui, id);
  REQUIRE(ui.api().set_value("W_k", 0, 0, 0.5) == "");
  REQUIRE(ui.api().set_value("X", 0, 0, 2.0) == "");
  ui.frames(3);
  REQUIRE(ui.click("##descent:" + id));
  nlohmann::json state = json_of(ui.api().state_json());
  for (int i = 0; i < 60 * 10 && !state["descent"]["done"].get<bool>(); ++i) {
    ui.frames(1);
    state = json_of(ui.api().state_json());
  }
  REQUIRE(state["descent"]["done"].get<bool>());
  const std::vector<std::string> said = state["descent"]["said"];
  REQUIRE(said.size() == 4);
  CHECK(said[2].find("You changed 2 numbers by ") == 0);
}

TEST_CASE("the button only where gradient descent can do the challenge") {
  app::StartParameters start;
  start.values = {{"lesson", "kv-cache"}};
  test::HeadlessUi ui(start);
  ui.frames(2);
  CHECK_FALSE(ui.app().apply(ui::request::ShowDescent{"kv-today-to-cat"}).empty());
  CHECK(json_of(ui.api().state_json())["descent"].is_null());
}

TEST_CASE("the text view states training's loss and the pattern beside the target") {
  app::StartParameters start;
  start.values = {{"lesson", "train-a-head"}, {"mode", "explore"}};
  test::HeadlessUi ui(start);
  ui.frames(2);
  nlohmann::json view;
  const int steps = json_of(ui.api().state_json())["steps"];
  for (int step = 0; step < steps; ++step) {
    ui.api().set_step(step);
    ui.frames(1);
    view = json_of(ui.api().text_view_json());
    if (!view["training"].empty()) break;
  }
  REQUIRE(view["training"].size() >= 2);
  CHECK(view["training"][0].get<std::string>().find("Loss now: ") == 0);
  CHECK(view["training"][0].get<std::string>().find("Where the lesson starts: ") !=
        std::string::npos);
  // One sentence for each query the target speaks of (four tokens).
  CHECK(view["training"].size() == 5);
  CHECK(view["training"][1].get<std::string>().find("attends most to") != std::string::npos);
}
