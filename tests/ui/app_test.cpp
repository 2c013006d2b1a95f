// The UI without a window: every step of every lesson draws without an ImGui
// assert, and a drag on a real cell goes through ImGui into the core.
#include "ui/app.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/builtin_lessons.h"
#include "core/trace.h"
#include "ui/headless.h"
#include "ui/item_registry.h"

using namespace attn;

TEST_CASE("every step of every lesson draws, at desktop and small-iframe sizes") {
  for (ImVec2 size : {ImVec2(1280, 800), ImVec2(800, 500), ImVec2(360, 640)}) {
    test::HeadlessUi ui({}, size);
    for (const std::string& id : ui.app().lesson_ids()) {
      INFO(id << " at " << size.x << "x" << size.y);
      REQUIRE(ui.app().set_lesson(id) == "");
      const int steps = static_cast<int>(ui.app().session().trace().steps.size());
      for (int s = 0; s < steps; ++s) {
        REQUIRE(ui.app().set_step(s));
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
  for (const std::string& id : ui.app().lesson_ids()) {
    INFO(id);
    ui.app().set_lesson(id);
    Session& s = ui.app().session();
    std::string label;
    std::string matrix;
    for (int step = 0; step < static_cast<int>(s.trace().steps.size()) && label.empty(); ++step) {
      for (int i : s.trace().steps[step].matrices)
        if (s.trace().matrices[i].editable) {
          ui.app().set_step(step);
          matrix = s.trace().matrices[i].id;
          label = "##" + matrix + ":0:0";
          break;
        }
    }
    REQUIRE(!label.empty());
    ui.frames(2);
    const double before = s.trace().find(matrix)->value(0, 0);
    REQUIRE(ui.drag(label, 40.0f));
    const double after = s.trace().find(matrix)->value(0, 0);
    CHECK(after > before);  // dragged right: larger
    // The trace the UI shows equals a fresh computation from the same inputs.
    const Trace fresh = build_trace(s.lesson(), s.state());
    for (const TraceMatrix& m : fresh.matrices)
      if (m.base == "weights" || m.base == "output") CHECK(m.value == s.trace().find(m.id)->value);
    CHECK_FALSE(s.is_default());
    REQUIRE(ui.click("Reset to notebook values"));
    CHECK(s.is_default());
  }
}

TEST_CASE("arrow keys, Home and End walk the steps") {
  test::HeadlessUi ui;
  ui.frames(2);
  ui.key(ImGuiKey_RightArrow);
  CHECK(ui.app().view().step == 1);
  ui.key(ImGuiKey_End);
  CHECK(ui.app().view().step == static_cast<int>(ui.app().session().trace().steps.size()) - 1);
  ui.key(ImGuiKey_LeftArrow);
  CHECK(ui.app().view().step == static_cast<int>(ui.app().session().trace().steps.size()) - 2);
  ui.key(ImGuiKey_Home);
  CHECK(ui.app().view().step == 0);
}

TEST_CASE("a bad lesson file leaves the current lesson loaded, with a notice") {
  test::HeadlessUi ui;
  ui.app().set_lesson("i-am-batman");
  const std::string error = ui.app().add_lesson("{\"id\": \"x\"}", "broken.json");
  CHECK(error == "broken.json: missing key \"title\"");
  CHECK(ui.app().session().lesson().id == "i-am-batman");
  ui.frames(2);
}

TEST_CASE("unknown start-up lesson or step fall back with a notice") {
  test::HeadlessUi ui({"no-such-lesson", 99, false, false, ""});
  CHECK(ui.app().session().lesson().id == "the-cat-sat");
  CHECK(ui.app().view().step == 0);
  ui.frames(2);
}

TEST_CASE("a number typed into a slider (Ctrl+click) is clamped to the slider's range") {
  // Found by the monkey: 9999999 typed into the digits slider asked printf for
  // ten million decimals.
  test::HeadlessUi ui;
  ui.frames(2);
  REQUIRE(ui.click("Digits as the notebook printed"));  // unchecked: the slider appears
  ui.frames(2);
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  REQUIRE(ui.click("##digits"));
  io.KeyCtrl = false;
  for (const char* c = "9999999"; *c; ++c) io.AddInputCharacter(static_cast<unsigned>(*c));
  ui.frame();
  ui.key(ImGuiKey_Enter);
  ui.frames(2);
  CHECK(ui.app().view().precision >= 0);
  CHECK(ui.app().view().precision <= 8);
}
