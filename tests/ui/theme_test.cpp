#include "ui/theme.h"

#include <doctest/doctest.h>

#include <cmath>

#include "support/headless.h"

using namespace attn;

namespace {

// WCAG 2's contrast ratio of two colours (ImU32, alpha ignored).
double luminance(ImU32 c) {
  double sum = 0;
  const double weights[3] = {0.2126, 0.7152, 0.0722};
  for (int i = 0; i < 3; ++i) {
    const double v = ((c >> (8 * i)) & 0xFF) / 255.0;  // ImU32 is ABGR: red first
    sum += weights[i] * (v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4));
  }
  return sum;
}
double contrast(ImU32 a, ImU32 b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

// The canvas's words meet WCAG AA (4.5:1) in both themes: body text and muted
// text on a panel, and the current step's number on its filled marker.
TEST_CASE("both themes: text, muted text and the current step's number are readable (4.5:1)") {
  test::HeadlessUi ui({}, ImVec2(800, 500));
  for (const bool dark : {false, true}) {
    INFO((dark ? "dark" : "light"));
    ui::apply_theme(dark, false);
    const ui::Palette& p = ui::palette();
    CHECK(contrast(p.text, p.panel) >= 4.5);
    CHECK(contrast(p.text_muted, p.panel) >= 4.5);
    CHECK(contrast(p.on_accent, p.accent) >= 4.5);
  }
}
