// Phone and small-screen details (issue 39.7): what a finger meets stays on screen and in place,
// and the pipeline's words are the learner's language.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>

#include "app/app.h"
#include "support/headless.h"
#include "support/printed.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

// A start with these parameters (lesson, step, touch, lang), as the page's address gives them.
app::StartParameters parameters(std::initializer_list<std::pair<std::string, std::string>> given) {
  app::StartParameters start;
  start.values.assign(given.begin(), given.end());
  return start;
}

ui::ItemRect rect_of(const char* item) {
  ui::ItemRect r;
  REQUIRE_MESSAGE(ui::find_item(item, &r), item);
  return r;
}

}  // namespace

TEST_CASE("a taken challenge's 'Back to step 7' fits a 390-wide phone, in every language") {
  for (const char* lang : {"en", "de", "es", "fr", "pt-BR", "ja", "ko", "zh-Hans"}) {
    INFO(lang);
    test::HeadlessUi ui(
        parameters({{"lesson", "she-likes-coffee"}, {"step", "7"}, {"touch", "1"}, {"lang", lang}}),
        ImVec2(390, 844));
    ui.frames(3);
    for (const char* id : {"coffee-likes-best", "coffee-she-weights"})
      REQUIRE(ui.app().apply(ui::request::SkipPrediction{id}).empty());
    REQUIRE(ui.app().apply(ui::request::TakeChallenge{"coffee-she-to-coffee"}).empty());
    ui.api().set_step(7);  // step 8: the challenge follows, with its way back
    ui.frames(4);
    const ui::ItemRect back = rect_of("##back-to-challenge:coffee-she-to-coffee");
    CHECK(back.x1 <= 390.0f);
    CHECK_FALSE(back.overflows);
    for (const std::string& cut : ui.cut_text()) CHECK(cut.find("7") == std::string::npos);
  }
  // With room beside its neighbour (a desk's width), it stays on the same line.
  test::HeadlessUi ui(parameters({{"lesson", "she-likes-coffee"}, {"step", "7"}}));
  ui.frames(3);
  for (const char* id : {"coffee-likes-best", "coffee-she-weights"})
    REQUIRE(ui.app().apply(ui::request::SkipPrediction{id}).empty());
  REQUIRE(ui.app().apply(ui::request::TakeChallenge{"coffee-she-to-coffee"}).empty());
  ui.api().set_step(7);
  ui.frames(4);
  const ui::ItemRect wide = rect_of("##back-to-challenge:coffee-she-to-coffee");
  const ui::ItemRect put_down = rect_of("##put-down:coffee-she-to-coffee");
  CHECK(wide.y0 == doctest::Approx(put_down.y0));
}

TEST_CASE("the number box keeps its ±0.01 row when the field is cleared: Done stays put") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "2"}, {"touch", "1"}}),
                      ImVec2(390, 844));
  ui.frames(3);
  // As a tap on W_k[0, 0] does: the number box with its keypad.
  const ui::CellRef cell{test::key_of(ui.app().session().trace(), "W_k"), 0, 0};
  REQUIRE(ui.app().apply(ui::request::EditNumber{cell, ""}).empty());
  ui.frames(3);
  REQUIRE(ui.app().window().number_editor_open());
  const ui::ItemRect done = rect_of("##editor-done");
  CHECK(rect_of("##nudge-up").y1 <= done.y0);
  REQUIRE(ui.click("Clear"));
  ui.frames(3);
  REQUIRE(ui.app().window().number_editor_open());
  const ui::ItemRect after = rect_of("##editor-done");
  CHECK(after.y0 == doctest::Approx(done.y0));
  CHECK(after.x0 == doctest::Approx(done.x0));
  rect_of("##nudge-down");  // still there (greyed: nothing to nudge)
  // A press on it with nothing typed changes nothing.
  const std::string before = ui.api().state_json();
  REQUIRE(ui.click("##nudge-up"));
  ui.frames(2);
  CHECK(ui.api().state_json() == before);
}

TEST_CASE("in Japanese the pipeline says ソフトマックス beside its translated neighbours") {
  test::HeadlessUi ui(parameters({{"lesson", "the-cat-sat"}, {"step", "4"}, {"lang", "ja"}}));
  ui.frames(4);
  // The pipeline's stage names, "scale" to "output" (出力), with "softmax" between them.
  const std::string text = ui.drawn_text();
  const size_t scale = text.find("スケーリング");  // its neighbour, translated
  REQUIRE(scale != std::string::npos);
  const size_t output = text.find("出力", scale);
  REQUIRE(output != std::string::npos);
  const std::string line = text.substr(scale, output - scale);
  CHECK(line.find("ソフトマックス") != std::string::npos);
  CHECK(line.find("softmax") == std::string::npos);
}

// The-cat-sat's live panel stood at 571, 571, 571, 703, 605 on its five steps (its open
// questions' covered rows are shorter): the step's buttons and the live panel's moved.
TEST_CASE("on a phone the step and live panels keep their size on every step") {
  for (const char* lesson : {"the-cat-sat", "she-likes-coffee", "udl-multihead", "word-order"}) {
    INFO(lesson);
    test::HeadlessUi ui(parameters({{"lesson", lesson}, {"touch", "1"}}), ImVec2(390, 844));
    ui.frames(3);
    const ui::ItemRect first = rect_of("##live-panel"), step = rect_of("##step-panel");
    for (int s = 1; s < ui.app().reported().steps; ++s) {
      INFO("step " << s + 1);
      REQUIRE(ui.api().set_step(s).empty());
      ui.frames(4);
      CHECK(rect_of("##live-panel").y0 == first.y0);
      CHECK(rect_of("##step-panel").y1 == step.y1);
    }
  }
}
