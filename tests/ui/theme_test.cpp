// Tests of ui/theme.h: readable colours, and the view as the theme's owner.
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
    const ui::Palette& p = ui::palette(dark);
    CHECK(contrast(p.text, p.panel) >= 4.5);
    CHECK(contrast(p.text_muted, p.panel) >= 4.5);
    CHECK(contrast(p.on_accent, p.accent) >= 4.5);
  }
}

// One owner: the view's theme (ViewState::dark). ImGui's style and the
// panels' colours follow it after every change; a figure's frames show the
// figure's theme and give the learner's back.
TEST_CASE("the view owns the theme: ImGui's style and the panels' colours follow it, figures too") {
  test::HeadlessUi ui({}, ImVec2(800, 500));
  const auto window_bg = [] { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg]; };
  const auto is_dark = [&] { return window_bg().x < 0.5f; };
  CHECK_FALSE(ui.app().view().dark);
  CHECK_FALSE(is_dark());
  ui.app().apply(ui::request::SetTheme{true});
  CHECK(ui.app().view().dark);
  CHECK(is_dark());
  CHECK(ui.app().ui().palette().text == ui::palette(true).text);
  ui.frame();
  CHECK(is_dark());

  ui::request::SaveFigure light;
  light.dark = false;
  light.download = false;
  REQUIRE(ui.app().queue_figure(light).empty());
  const std::optional<app::FigureJob> job = ui.app().take_figure();
  REQUIRE(job);
  REQUIRE(ui.app().begin_figure(*job).empty());
  CHECK_FALSE(is_dark());
  CHECK(ui.app().ui().palette().text == ui::palette(false).text);
  ui.app().end_figure();
  CHECK(is_dark());
  CHECK(ui.app().view().dark);
  CHECK(ui.app().ui().palette().panel == ui::palette(true).panel);
}
