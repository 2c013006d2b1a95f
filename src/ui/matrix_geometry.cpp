// How a matrix fits the width it has: fewer decimals until the numbers fit,
// else a sideways scroll or a heatmap, and the sizes of its cells and labels.
#include "ui/matrix_geometry.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "imgui.h"

namespace attn::ui {

namespace {

float text_width(const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; }

// The smallest number of decimals shown before a matrix becomes a heatmap
// with its numbers on hover: fewer would not tell 0.64 from 0.77.
constexpr int kMinDigits = 2;

// Whether the current font's digits all have one advance (tabular figures,
// as UI fonts have): then a number's width is its sign's and its integer
// part's digit count's, and the widest of a sign is its largest magnitude.
bool tabular_digits() {
  const ImFont* font = ImGui::GetFont();
  for (ImWchar c = '1'; c <= '9'; ++c)
    if (font->GetCharAdvance(c) != font->GetCharAdvance('0')) return false;
  return true;
}

}  // namespace

// The widest of the matrix's numbers written with `digits` decimals, and at
// least "−8.00"'s. Formatting and measuring each number cost a drag's frame
// an eighth of its time on udl-multihead (docs/performance.md).
float number_width(const TraceMatrix& m, int digits, NumberTexts& numbers) {
  const auto width = [&](double v) { return numbers.get(v, digits).width; };
  float w = width(-8.0);
  const double* values = m.value.data();
  if (!tabular_digits()) {
    for (size_t i = 0; i < m.value.size(); ++i) w = std::max(w, width(values[i]));
    return w;
  }
  // Rounding keeps order, so the largest and the most negative have the
  // most integer digits of their sign once written.
  double largest = 0.0, most_negative = 0.0;
  for (size_t i = 0; i < m.value.size(); ++i) {
    const double v = values[i];
    if (!std::isfinite(v))
      w = std::max(w, width(v));  // ∞, or ? where covered
    else
      largest = std::max(largest, v), most_negative = std::min(most_negative, v);
  }
  return std::max({w, width(largest), width(most_negative)});
}

Geometry geometry(const UiContext& ui, const TraceMatrix& m, int digits, float avail) {
  Geometry g;
  const int rows = m.value.rows(), cols = m.value.cols();
  const bool touch = ui.view->touch;
  const float line_h = ImGui::GetTextLineHeight();
  const float pad = 10.0f;
  g.label_w = 0.0f;
  for (const std::string& r : m.rows) g.label_w = std::max(g.label_w, text_width(r));
  g.label_w = g.label_w > 0 ? g.label_w + 8.0f : 0.0f;
  const float room = std::max(80.0f, avail - g.label_w);
  // Fewer digits until the numbers fit the width.
  g.digits = std::clamp(digits, 0, 12);
  float number_w = number_width(m, g.digits, ui.numbers);
  while (g.digits > kMinDigits && (number_w + pad) * cols > room)
    number_w = number_width(m, --g.digits, ui.numbers);
  const bool fits = (number_w + pad) * cols <= room;
  // A short wide matrix (the notebooks' (3, 64) values) keeps its numbers in
  // a sideways scroll where a mouse can scroll it; fingers get a heatmap.
  g.scroll = !fits && !touch && rows <= 8;
  g.numbers = fits || g.scroll;
  if (g.scroll)
    g.digits = std::clamp(digits, 0, 12), number_w = number_width(m, g.digits, ui.numbers);
  const float min_cell = touch ? 44.0f : 0.0f;  // a fingertip
  g.cell_w = g.numbers ? std::max(number_w + pad, min_cell) : std::clamp(room / cols, 6.0f, 28.0f);
  // Whole column labels ("against", not "agains") where they fit the width.
  float header_w = 0.0f;
  for (const std::string& c : m.cols) header_w = std::max(header_w, text_width(c) + 6.0f);
  if (g.numbers && !g.scroll && header_w * cols <= room) g.cell_w = std::max(g.cell_w, header_w);
  g.cell_h = g.numbers ? std::max(line_h + 8.0f, min_cell) : std::clamp(g.cell_w, 6.0f, 22.0f);
  if (!g.numbers && rows * g.cell_h > 600.0f) g.cell_h = std::max(6.0f, 600.0f / rows);
  g.header_h = g.numbers || cols <= 24 ? line_h + 4.0f : 0.0f;
  return g;
}

}  // namespace attn::ui
