// The numbers drawn, written once and kept (ui/number_texts.h): the same text
// and width as writing and measuring them each time, per font, and bounded.
#include "ui/number_texts.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/text/number_text.h"
#include "support/headless.h"

using namespace attn;
using namespace attn::ui;

TEST_CASE("kept numbers: the text and width of writing each, per font size, and a bounded cache") {
  test::HeadlessUi ui(app::StartParameters{});
  ui.frames(2);  // the interface's fonts built
  NumberTexts texts;
  const double inf = std::numeric_limits<double>::infinity();
  for (double v : {0.0, -0.0, -0.0004, 2.371, -99.995, 9.996, inf, -inf,
                   std::numeric_limits<double>::quiet_NaN()})
    for (int digits : {0, 2, 3, 8}) {
      CAPTURE(v);
      CAPTURE(digits);
      const std::string expected = number_text(v, digits);
      // Twice: written, then kept.
      for (int twice = 0; twice < 2; ++twice) {
        const NumberTexts::Written& w = texts.get(v, digits);
        CHECK(w.text == expected);
        CHECK(w.width == doctest::Approx(ImGui::CalcTextSize(expected.c_str()).x).epsilon(1e-6));
      }
    }
  // Another size of the font: measured again, not the width kept from the first.
  ImGui::NewFrame();
  ImGui::Begin("sizes");
  const float small = texts.get(123.456, 3).width;
  ImGui::SetWindowFontScale(2.0f);
  CHECK(texts.get(123.456, 3).width == doctest::Approx(2.0f * small).epsilon(1e-3));
  ImGui::End();
  ImGui::EndFrame();
  // A long drag through many values: the cache starts again instead of growing.
  for (int i = 0; i < 3 * static_cast<int>(NumberTexts::kMaxEntries); ++i) {
    (void)texts.get(i * 0.001, 3);
    REQUIRE(texts.size() <= NumberTexts::kMaxEntries);
  }
  CHECK(texts.get(1.5, 3).text == "1.500");
}
