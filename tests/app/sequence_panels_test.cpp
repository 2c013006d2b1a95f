// The panels of lessons past the notebooks, driven by clicks, drags and keys
// as a learner would: word order (drag a token, Earlier/Later, Alt+arrows,
// the first position), generating with a KV cache (step, play) and training
// (a step, play, the starting weights).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "app/api.h"
#include "app/app.h"
#include "core/learning/session.h"
#include "support/headless.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

constexpr const char* kOrderLesson = R"({
  "id": "order-panel", "title": "Order", "tokens": ["a", "b", "c"],
  "X": [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]],
  "W_q": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
  "W_k": [[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]],
  "W_v": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
  "rope": true,
  "steps": [{"id": "w", "title": "Weights", "text": "The weights.",
             "show": ["X", "weights", "output"]}]
})";

constexpr const char* kCacheLesson = R"({
  "id": "cache-panel", "title": "Cache", "tokens": ["a", "b", "c"],
  "X": [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]],
  "W_q": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
  "W_k": [[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]],
  "W_v": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
  "causal": true, "kv_cache": true,
  "steps": [{"id": "c", "title": "Cache", "text": "One at a time.",
             "show": ["K_cache", "output_t", "macs"]}]
})";

constexpr const char* kTrainLesson = R"({
  "id": "train-panel", "title": "Train", "tokens": ["a", "b", "c"],
  "X": [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]],
  "W_q": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
  "W_k": [[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]],
  "W_v": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
  "causal": true,
  "train": {"target": {"weights": [[1, 0, 0], [1, 0, 0], [0, 1, 0]]}, "lr": 0.5, "steps": 20},
  "steps": [{"id": "t", "title": "Train", "text": "Down the slope.", "show": ["loss", "weights"]}]
})";

bool shown(const char* item) {
  ui::ItemRect r;
  return ui::find_item(item, &r);
}

void open(test::HeadlessUi& ui, const char* lesson) {
  REQUIRE(ui.api().add_lesson(lesson, "test").empty());
  ui.frames(3);
}

const PartState& part_state(test::HeadlessUi& ui) { return ui.app().session().state().parts[0]; }

double loss_now(test::HeadlessUi& ui) {
  const TraceMatrix* loss = ui.app().session().trace().find({0, Stage::loss, 0, 0});
  REQUIRE(loss);
  return loss->value(0, 0);
}

}  // namespace

TEST_CASE("a token dragged along the word-order row moves, and its button takes it back") {
  test::HeadlessUi ui;
  open(ui, kOrderLesson);
  REQUIRE(shown("##order:0"));
  ui::ItemRect a, c;
  REQUIRE(ui::find_item("##order:0", &a));
  REQUIRE(ui::find_item("##order:2", &c));
  // Pressed on "a", moved in paced steps past "c", released.
  REQUIRE(ui.drag("##order:0", c.x1 - a.x0, 8));
  ui.frames(2);
  CHECK(part_state(ui).options.order == std::vector<int>{1, 2, 0});
  REQUIRE(ui.click("##order-reset"));
  ui.frames(2);
  const std::vector<int>& order = part_state(ui).options.order;
  CHECK((order.empty() || std::is_sorted(order.begin(), order.end())));
}

TEST_CASE("a tapped token shows Earlier and Later, which move it one place") {
  test::HeadlessUi ui;
  open(ui, kOrderLesson);
  REQUIRE(ui.click("##order:1"));
  ui.frames(2);
  REQUIRE(shown("##order-later"));
  REQUIRE(ui.click("##order-later"));
  ui.frames(2);
  CHECK(part_state(ui).options.order == std::vector<int>{0, 2, 1});
  REQUIRE(ui.click("##order-earlier"));
  ui.frames(2);
  const std::vector<int>& order = part_state(ui).options.order;  // the lesson's: kept as none
  CHECK((order.empty() || std::is_sorted(order.begin(), order.end())));
}

TEST_CASE("Alt+Down on a token's cell moves the token one place later") {
  test::HeadlessUi ui;
  open(ui, kOrderLesson);
  REQUIRE(ui.app().apply(ui::request::FocusCell{{{0, Stage::X, 0, 0}, 0, 1}}).empty());
  ui.frames(1);
  ImGui::GetIO().KeyAlt = true;
  ui.key(ImGui::GetKeyIndex(ImGuiKey_DownArrow));
  ImGui::GetIO().KeyAlt = false;
  ui.frames(1);
  CHECK(part_state(ui).options.order == std::vector<int>{1, 0, 2});
}

TEST_CASE("RoPE's scores stay the same as the first-position slider moves every token") {
  test::HeadlessUi ui;
  open(ui, kOrderLesson);
  const Matrix before = ui.app().session().trace().find({0, Stage::scores, 0, 0})->value;
  REQUIRE(shown("##first-position"));
  REQUIRE(ui.drag("##first-position", 120.0f, 6));
  ui.frames(2);
  CHECK(part_state(ui).options.first_position > 0);
  const Matrix after = ui.app().session().trace().find({0, Stage::scores, 0, 0})->value;
  for (int r = 0; r < before.rows(); ++r)
    for (int c = 0; c < before.cols(); ++c)
      CHECK(after(r, c) == doctest::Approx(before(r, c)).epsilon(1e-9));
}

TEST_CASE("the cache panel steps a token at a time, plays to the end and says the rows agree") {
  test::HeadlessUi ui;
  open(ui, kCacheLesson);
  REQUIRE(shown("##cache-next"));
  CHECK(part_state(ui).options.cache_step == 0);
  REQUIRE(ui.click("##cache-next"));
  ui.frames(2);
  CHECK(part_state(ui).options.cache_step == 1);
  REQUIRE(ui.click("##cache-play"));
  // Played, one token per 0.9 s: wait for the last, bounded.
  for (int i = 0; i < 600 && part_state(ui).options.cache_step < 2; ++i) ui.frame();
  CHECK(part_state(ui).options.cache_step == 2);
  for (int i = 0; i < 600 && ui.app().view().playing != ui::ViewState::Playing::Nothing; ++i)
    ui.frame();
  CHECK(ui.app().view().playing == ui::ViewState::Playing::Nothing);
  CHECK(ui.drawn_text().find("largest difference") != std::string::npos);
}

TEST_CASE("Alt+Right and Alt+Left step the cache's token") {
  test::HeadlessUi ui;
  open(ui, kCacheLesson);
  ImGui::GetIO().KeyAlt = true;
  ui.key(ImGui::GetKeyIndex(ImGuiKey_RightArrow));
  ui.key(ImGui::GetKeyIndex(ImGuiKey_RightArrow));
  CHECK(part_state(ui).options.cache_step == 2);
  ui.key(ImGui::GetKeyIndex(ImGuiKey_LeftArrow));
  ImGui::GetIO().KeyAlt = false;
  ui.frames(1);
  CHECK(part_state(ui).options.cache_step == 1);
  CHECK(ui.app().view().step == 0);  // the lesson's step stayed
}

TEST_CASE("training's step lowers the loss, play keeps stepping, and the starting weights return") {
  test::HeadlessUi ui;
  open(ui, kTrainLesson);
  const double start = loss_now(ui);
  REQUIRE(ui.click("##train-step"));
  ui.frames(2);
  const double one = loss_now(ui);
  CHECK(one < start);
  REQUIRE(ui.click("##train-play"));
  for (int i = 0; i < 600 && loss_now(ui) > one - 1e-3; ++i) ui.frame();
  CHECK(loss_now(ui) < one);
  REQUIRE(ui.click("##train-play"));  // pause
  ui.frames(2);
  CHECK(ui.app().view().playing == ui::ViewState::Playing::Nothing);
  REQUIRE(ui.click("##train-reset"));
  ui.frames(2);
  CHECK(loss_now(ui) == doctest::Approx(start).epsilon(1e-12));
}

TEST_CASE("the API's train step trains where the part has training, and says why not elsewhere") {
  test::HeadlessUi ui;
  open(ui, kTrainLesson);
  const double start = loss_now(ui);
  CHECK(ui.api().train_step().empty());
  ui.frames(1);
  CHECK(loss_now(ui) < start);
  open(ui, kOrderLesson);
  CHECK(ui.api().train_step().find("no \"train\"") != std::string::npos);
}

TEST_CASE("the loss curve stops before a loss a prediction covers, and says so until it is answered") {
  app::StartParameters start;
  start.values = {{"lesson", "train-a-head"}};
  test::HeadlessUi ui(start);
  ui.frames(2);
  REQUIRE(ui.app().apply(ui::request::GoToStep{2}).empty());  // the gradient: the panel, before the question
  ui.frames(3);
  const char* stops = "The faint line stops after 99 steps";
  CHECK(ui.drawn_text().find(stops) != std::string::npos);
  REQUIRE(ui.app().apply(ui::request::GoToStep{3}).empty());
  const TraceStep& asked = ui.app().session().trace().steps[3];
  const Lesson& lesson = ui.app().session().lesson();
  for (const Prediction& p : lesson.parts[asked.part].steps[asked.part_step].predictions)
    REQUIRE(ui.app().apply(ui::request::AnswerPrediction{p.id, 0}).empty());
  REQUIRE(ui.app().apply(ui::request::GoToStep{2}).empty());
  ui.frames(3);
  CHECK(ui.drawn_text().find(stops) == std::string::npos);
}
