// Tests of ui/layout.h: the layout fingerprint.
#include "ui/layout.h"

#include <doctest/doctest.h>

#include <cmath>

#include "imgui_internal.h"
#include "support/headless.h"
#include "ui/bars.h"

using namespace attn;

// The web loop rests only on a frame laid out as the one before it
// (src/platform/web/main.cpp): a change moves the fingerprint, and a few
// frames later it holds still.
TEST_CASE("the layout fingerprint moves when the layout does, and then holds still") {
  test::HeadlessUi ui({}, ImVec2(800, 500));
  ui.frames(4);
  const uint64_t still = ui::layout_fingerprint();
  ui.frame();
  CHECK(ui::layout_fingerprint() == still);  // nothing changed: the same

  REQUIRE(ui.api().set_step(2) == "");  // another step: other content, another size
  ui.frame();
  const uint64_t moved = ui::layout_fingerprint();
  CHECK(moved != still);
  int frames = 0;
  uint64_t last = moved;
  for (;; ++frames) {  // settles within a few frames (ImGui lays out some a frame late)
    REQUIRE(frames < 10);
    ui.frame();
    const uint64_t now = ui::layout_fingerprint();
    if (now == last) break;
    last = now;
  }
  CHECK(frames <= 3);

  ui.set_size(ImVec2(390, 844));  // the window itself changes
  ui.frame();
  CHECK(ui::layout_fingerprint() != last);
}

// The Menu (where the actions do not fit in a row: the page at 800×500 has
// more of them than this app) opens below its own button, not over it;
// Escape closes it; the next click lands (issue 39.5).
TEST_CASE("the Menu opens under its button, Escape closes it, and the next click lands") {
  test::HeadlessUi ui({}, ImVec2(560, 500));
  ui.frames(4);
  ui::ItemRect button;
  REQUIRE(ui::find_item("##menu", &button));
  REQUIRE(ui.click("##menu"));
  ui.frames(2);
  REQUIRE(GImGui->OpenPopupStack.Size == 1);
  const ImGuiWindow* list = GImGui->OpenPopupStack[0].Window;
  REQUIRE(list);
  CHECK(list->Pos.y >= button.y1 - 1.0f);  // under the button, which stays visible
  ui.key(ImGuiKey_Escape);
  CHECK(GImGui->OpenPopupStack.Size == 0);
  const int step = ui.app().reported().step;
  REQUIRE(ui.click("▶##next"));
  ui.frames(1);
  CHECK(ui.app().reported().step == step + 1);
}

TEST_CASE(
    "the step list numbers a title once (issue 39.7: not \"1. Step 1. Initial Word Embedding\")") {
  CHECK(ui::numbered_step_title(0, "Step 1: Initial Word Embedding") ==
        "Step 1: Initial Word Embedding");
  CHECK(ui::numbered_step_title(1, "Schritt 2: Aufmerksamkeit") == "Schritt 2: Aufmerksamkeit");
  CHECK(ui::numbered_step_title(2, "ステップ3：スコア") == "ステップ3：スコア");
  CHECK(ui::numbered_step_title(1, "Attention scores") == "2. Attention scores");
  CHECK(ui::numbered_step_title(3, "Step 1 again: the 2 heads") == "4. Step 1 again: the 2 heads");
  CHECK(ui::numbered_step_title(0, "3 heads: one each") == "1. 3 heads: one each");
}

// Issue 39.6: an operand the step does not show stands just before what is
// computed from it, and its arrow points there: udl-multihead's head 1 read
// "from scaled scores (head 1) → scores (head 1)", backwards; the last step
// "from concat_heads — Your answer → attention (head 1)".
TEST_CASE("an operand stands before the result computed from it, not before what it comes from") {
  app::StartParameters p;
  p.values = {{"lesson", "udl-multihead"}};
  test::HeadlessUi ui(p, ImVec2(1280, 3000));                 // every matrix in view
  for (const Part& part : ui.app().session().lesson().parts)  // nothing covered
    for (const StepSpec& spec : part.steps)
      for (const Prediction& pr : spec.predictions)
        ui.app().apply(ui::request::SkipPrediction{pr.id});
  // In reading order: on an earlier row, or on the same row to the left. Matrices side by side
  // start their cells at heights a few caption lines apart (a caption of two lines beside one).
  auto top_left = [](const char* label) {
    ui::ItemRect r;
    REQUIRE_MESSAGE(ui::find_item(label, &r), label);
    return r;
  };
  auto before = [](const ui::ItemRect& a, const ui::ItemRect& b) {
    constexpr float kCaptions = 60.0f;  // less than a matrix of three rows and its caption
    return a.y0 < b.y0 - kCaptions || (std::fabs(a.y0 - b.y0) <= kCaptions && a.x0 < b.x0);
  };
  REQUIRE(ui.api().set_step(3).empty());  // Head 1: scores, weights, context
  ui.frames(4);
  CHECK(before(top_left("##scores_h1:0:0"), top_left("##scaled_h1:0:0")));
  CHECK(before(top_left("##scaled_h1:0:0"), top_left("##weights_h1:0:0")));
  REQUIRE(ui.api().set_step(7).empty());  // Your answer vs. True values
  ui.frames(4);
  CHECK(before(top_left("##scaled_h1:0:0"), top_left("##weights_h1:0:0")));
  CHECK(before(top_left("##weights_h1@your_answer:0:0"), top_left("##concat@your_answer:0:0")));
  CHECK(before(top_left("##concat@your_answer:0:0"), top_left("##output@your_answer:0:0")));
}
