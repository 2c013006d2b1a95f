// How wide a matrix's numbers are (ui/matrix_geometry.h): from its largest
// and most negative number where the font's digits are tabular, the same
// width as writing and measuring every number.
#include "ui/matrix_geometry.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "core/text/number_text.h"
#include "support/headless.h"

using namespace attn;
using namespace attn::ui;

namespace {

float each_number_width(const TraceMatrix& m, int digits) {
  float w = ImGui::CalcTextSize(number_text(-8.0, digits).c_str()).x;
  for (size_t i = 0; i < m.value.size(); ++i)
    w = std::max(w, ImGui::CalcTextSize(number_text(m.value.data()[i], digits).c_str()).x);
  return w;
}

}  // namespace

TEST_CASE(
    "the widest number: the same width as measuring each, rounding, signs, infinities and covered "
    "numbers") {
  test::HeadlessUi ui(app::StartParameters{});
  ui.frames(2);  // the interface's fonts built and current
  // The interface's font has tabular digits: the quick way is the one tested.
  for (ImWchar c = '1'; c <= '9'; ++c)
    REQUIRE(ImGui::GetFont()->GetCharAdvance(c) == ImGui::GetFont()->GetCharAdvance('0'));
  NumberTexts texts;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const double inf = std::numeric_limits<double>::infinity(),
               nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::vector<double>> edges = {
      {9.996, 0.5},           // rounds up to a digit more: 10.00
      {-0.0004, 0.2},         // a negative written as zero
      {-99.995, 3.0},         // the widest is negative
      {0.1, inf, -inf, nan},  // ∞, −∞ and a covered number
      {0.0},
  };
  for (int trial = 0; trial < 200; ++trial) {
    TraceMatrix m;
    const int rows = 1 + trial % 5, cols = 1 + trial % 7;
    m.value = Matrix(rows, cols);
    const double scale = std::pow(10.0, trial % 6 - 2);
    for (int i = 0; i < rows * cols; ++i) m.value.data()[i] = unit(rng) * scale;
    if (trial < static_cast<int>(edges.size())) {
      m.value = Matrix(1, static_cast<int>(edges[trial].size()));
      std::copy(edges[trial].begin(), edges[trial].end(), m.value.data());
    }
    for (int digits : {0, 2, 3, 5}) {
      CAPTURE(trial);
      CAPTURE(digits);
      CHECK(number_width(m, digits, texts) ==
            doctest::Approx(each_number_width(m, digits)).epsilon(1e-6));
    }
  }
}
