// How a drag moves a number (ui/matrix_view.h): a share of its size per
// pixel, faster for a brisk move, finer with Shift, coarser with Alt or Ctrl;
// and a long drag in the app reaching a far value in one pass, a slow one
// moving at all.
#include "ui/matrix_view.h"

#include <doctest/doctest.h>

#include "support/headless.h"

using namespace attn;
using namespace attn::ui;

TEST_CASE("drag speed: a share of the number, pointer ballistics, Shift fine, Alt or Ctrl coarse") {
  const double eps = 1e-12;
  CHECK(drag_speed(0.02, 3, {}) == doctest::Approx(0.004).epsilon(eps));  // small numbers
  CHECK(drag_speed(50.0, 3, {}) == doctest::Approx(0.3).epsilon(eps));    // a share of 50
  CHECK(drag_speed(0.0, 0, {}) == doctest::Approx(1.0).epsilon(eps));     // never under the grid
  CHECK(drag_speed(1.0, 3, {400.0}) == doctest::Approx(0.006).epsilon(eps));  // a calm move
  CHECK(drag_speed(1.0, 3, {2000.0}) == doctest::Approx(0.03).epsilon(eps));  // brisk: 5x
  CHECK(drag_speed(1.0, 3, {1e6}) == doctest::Approx(0.06).epsilon(eps));     // at most 10x
  CHECK(drag_speed(1.0, 3, {0.0, true}) == doctest::Approx(0.0006).epsilon(eps));
  CHECK(drag_speed(1.0, 3, {0.0, false, true}) == doctest::Approx(0.06).epsilon(eps));
  // A finger: twice as far a pixel, so that 90 slow pixels take 0.9 past 2.5, not to 1.53.
  CHECK(drag_speed(1.0, 3, {400.0, false, false, true}) == doctest::Approx(0.012).epsilon(eps));
}

TEST_CASE("DragScalar's own modifiers are undone: Shift is fine here, not 10x") {
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.KeyShift = true;
  CHECK(imgui_drag_speed(0.001, io) == doctest::Approx(0.0001).epsilon(1e-6));
  io.KeyShift = false;
  io.KeyAlt = true;
  CHECK(imgui_drag_speed(0.001, io) == doctest::Approx(0.1).epsilon(1e-6));
  ImGui::DestroyContext(context);
}

TEST_CASE("a long brisk drag reaches a far value in one pass; a slow one still moves") {
  app::StartParameters start;
  start.values = {{"lesson", "the-cat-sat"}, {"step", "2"}, {"mode", "explore"}};
  test::HeadlessUi ui(start);
  ui.frames(3);
  auto w_k = [&] { return ui.app().session().trace().find({0, Stage::W_k, 0, 0})->value(0, 0); };
  // The hint "about 4": from 0.02, 600 pixels over two seconds (too slow for
  // the pointer's speed-up) pass it; a number grows by 0.6% a pixel past 0.67.
  REQUIRE(ui.drag("##W_k:0:0", 600.0f, 120));
  CHECK(w_k() > 4.0);
  CHECK(w_k() < 12.0);
  // A deliberate move, a pixel a frame: each pixel moves less than the grid
  // the number snaps to, and still the drag adds up.
  const double before = w_k();
  REQUIRE(ui.drag("##W_k:1:1", 30.0f, 30));
  CHECK(ui.app().session().trace().find({0, Stage::W_k, 0, 0})->value(1, 1) > 0.79915856 + 0.02);
  CHECK(w_k() == before);
}

// Issue 39.7: on a phone 90 slow pixels took 0.9 only to 1.53, and 6 needed the keypad.
TEST_CASE("on a touch screen a slow finger's drag goes twice as far: far values by touch") {
  app::StartParameters start;
  start.values = {{"lesson", "the-cat-sat"}, {"step", "2"}, {"mode", "explore"}, {"touch", "1"}};
  test::HeadlessUi ui(start);
  ui.frames(3);
  auto w_k = [&] { return ui.app().session().trace().find({0, Stage::W_k, 0, 0})->value(1, 1); };
  REQUIRE(w_k() == doctest::Approx(0.79915856));
  REQUIRE(ui.drag("##W_k:1:1", 90.0f, 90));  // a pixel a frame: no speed-up
  CHECK(w_k() > 2.0);                        // 0.8·e^(0.012·90) ≈ 2.4; a mouse's 1.3
  CHECK(w_k() < 3.0);
  REQUIRE(ui.drag("##W_k:1:1", 75.0f, 75));  // and on past 6 in one more such move
  CHECK(w_k() > 5.0);
}

// Issue 39.7: the number box said "Ctrl+click to type" on a touch screen; a
// click or a tap opens it, and the explanation says so, as this screen does it.
TEST_CASE(
    "an input's explanation says how to change it: a tap on a touch screen, a click with a mouse") {
  for (const bool touch : {true, false}) {
    CAPTURE(touch);
    app::StartParameters p;
    p.values = {{"lesson", "the-cat-sat"}, {"step", "1"}};
    if (touch) p.values.push_back({"touch", "1"});
    test::HeadlessUi ui(p, touch ? ImVec2(390, 844) : ImVec2(1280, 800));
    ui.frames(3);
    if (touch) {
      REQUIRE(ui.click("##X:0:0"));  // opens the number box, with the explanation
    } else {
      ui::ItemRect r;
      REQUIRE(ui::find_item("##X:0:0", &r));
      ImGui::GetIO().MousePos = ImVec2((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);  // its tooltip
    }
    ui.frames(3);
    const std::string text = ui.drawn_text();
    CHECK(text.find("Ctrl+click") == std::string::npos);
    CHECK(text.find(touch ? "tap it to type" : "click it to type") != std::string::npos);
  }
}
