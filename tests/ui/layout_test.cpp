// Tests of ui/layout.h: the layout fingerprint.
#include "ui/layout.h"

#include <doctest/doctest.h>

#include "support/headless.h"

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
