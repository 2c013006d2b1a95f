#include "ui/matrix_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/explain.h"
#include "core/number_text.h"
#include "ui/item_registry.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

float text_width(const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; }

// Cell sizes: wide enough for the widest number, unless the matrix is too
// wide to read; then a heatmap with numbers on hover. Needs the small font.
struct Geometry {
  bool numbers;
  float cell_w, cell_h, label_w, header_h;
};

Geometry geometry(const TraceMatrix& m, int digits) {
  Geometry g;
  const int rows = m.value.rows(), cols = m.value.cols();
  float number_w = text_width(number_text(-8.0, digits));
  for (size_t i = 0; i < m.value.size(); ++i)
    number_w = std::max(number_w, text_width(number_text(m.value.data()[i], digits)));
  const float line_h = ImGui::GetTextLineHeight();
  g.label_w = 0.0f;
  for (const std::string& r : m.rows) g.label_w = std::max(g.label_w, text_width(r));
  g.label_w = g.label_w > 0 ? g.label_w + 8.0f : 0.0f;
  const float avail = std::max(120.0f, ImGui::GetContentRegionAvail().x - g.label_w);
  // Numbers when they fit, or when there are few rows to scroll along (the
  // notebooks print (3, 64) values in full); large matrices become heatmaps.
  g.numbers = (number_w + 10.0f) * cols <= std::max(avail, 1400.0f) || rows <= 8;
  g.cell_w = g.numbers ? number_w + 10.0f : std::clamp(avail / cols, 8.0f, 28.0f);
  g.cell_h = g.numbers ? line_h + 8.0f : std::clamp(g.cell_w, 8.0f, 22.0f);
  if (!g.numbers && rows * g.cell_h > 600.0f) g.cell_h = std::max(6.0f, 600.0f / rows);
  g.header_h = g.numbers || cols <= 24 ? line_h + 4.0f : 0.0f;
  return g;
}

}  // namespace

ImVec2 matrix_size(const UiContext& ui, int index, int digits) {
  const TraceMatrix& m = ui.trace().matrices[index];
  ImGui::PushFont(ui.fonts->small);
  const Geometry g = geometry(m, std::clamp(digits, 0, 10));
  const float header = ImGui::GetTextLineHeightWithSpacing();
  ImGui::PopFont();
  const float title_w =
      ImGui::CalcTextSize(m.label.c_str()).x + 60.0f + (m.editable ? 200.0f : 0.0f);
  return ImVec2(std::max(title_w, g.label_w + g.cell_w * m.value.cols()),
                header + g.header_h + g.cell_h * m.value.rows() + 8.0f);
}

ColorScale color_scale_for(const TraceMatrix& m) {
  ColorScale s;
  if (m.key.stage == Stage::weights) {
    s.kind = ColorScale::Kind::Sequential;
    s.lo = 0.0;
    s.hi = 1.0;
    return s;
  }
  double extent = 0.0;
  for (size_t i = 0; i < m.value.size(); ++i)
    if (std::isfinite(m.value.data()[i])) extent = std::max(extent, std::fabs(m.value.data()[i]));
  s.kind = ColorScale::Kind::Diverging;
  s.lo = -extent;
  s.hi = extent;
  return s;
}

void draw_cell_explanation(const UiContext& ui, int index, int row, int col, int digits) {
  const Trace& t = ui.trace();
  const Explanation e = explain_cell(t, index, row, col, digits);
  ImGui::PushFont(ui.fonts->body);
  ImGui::TextUnformatted(e.title.c_str());
  ImGui::PopFont();
  const TraceMatrix& m = t.matrices[index];
  const int token = m.row_kind == AxisKind::Dim ? col : row;
  const std::string sum = explain_output_row(t, index, token, std::min(digits, 3));
  if (!sum.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().accent), "%s", sum.c_str());
  for (const std::string& line : e.lines) ImGui::TextUnformatted(line.c_str());
  const TraceMatrix* then = ui.session->notebook().find(m.key);
  if (differs_from_notebook(m, then, row, col)) {
    if (then && then->value.same_shape(m.value))
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().changed),
                         "Changed: the notebook had %s",
                         number_text(then->value(row, col), digits).c_str());
  }
}

void draw_matrix(UiContext& ui, int index, const MatrixViewOptions& options) {
  const Trace& trace = ui.trace();
  const TraceMatrix& m = trace.matrices[index];
  const TraceMatrix* notebook = ui.session->notebook().find(m.key);
  const Palette& pal = palette();
  const int rows = m.value.rows(), cols = m.value.cols();
  const int digits = std::clamp(options.digits, 0, 10);
  // Test names for the cells ("##W_q:0:1"), only while tests ask for them.
  const std::string test_id = item_registry_enabled() ? "##" + trace.id_of(m.key) + ":" : "";

  ImGui::PushID(static_cast<int>(m.key.packed()));
  ImGui::BeginGroup();

  // Header: name, shape, and what the learner can do with it.
  ImGui::PushFont(ui.fonts->body);
  ImGui::TextUnformatted(m.label.c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("(%d×%d)", rows, cols);
  if (m.editable) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "↔ drag a number to change it");
  }

  ImGui::PushFont(ui.fonts->small);
  const Geometry g = geometry(m, digits);
  const bool numbers = g.numbers;
  const float cell_w = g.cell_w, cell_h = g.cell_h, label_w = g.label_w, header_h = g.header_h;
  const float grid_w = cell_w * cols, grid_h = cell_h * rows;
  const bool col_labels = header_h > 0.0f;
  const float line_h = ImGui::GetTextLineHeight();
  const float pad = 10.0f;
  const bool scroll = label_w + grid_w > ImGui::GetContentRegionAvail().x + 1.0f;

  if (scroll) {
    const float h = header_h + grid_h + ImGui::GetStyle().ScrollbarSize + 4.0f;
    ImGui::BeginChild("##scroll", ImVec2(ImGui::GetContentRegionAvail().x, h), false,
                      ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoBackground);
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 grid0(origin.x + label_w, origin.y + header_h);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Column labels (tokens, or dimension indices) and row labels.
  if (col_labels)
    for (int c = 0; c < cols; ++c) {
      const std::string& s = m.cols[c];
      const float w = text_width(s);
      const float x = grid0.x + c * cell_w + std::max(0.0f, (cell_w - w) * 0.5f);
      ImGui::PushClipRect(ImVec2(grid0.x + c * cell_w, origin.y),
                          ImVec2(grid0.x + (c + 1) * cell_w, grid0.y), true);
      dl->AddText(ImVec2(x, origin.y), pal.text_muted, s.c_str());
      ImGui::PopClipRect();
    }
  // Every row labelled when rows are tall enough, else every n-th.
  const int label_every = std::max(1, static_cast<int>(std::ceil(line_h / cell_h)));
  for (int r = 0; r < rows && label_w > 0; r += label_every)
    dl->AddText(ImVec2(origin.x, grid0.y + r * cell_h + std::max(0.0f, (cell_h - line_h) * 0.5f)),
                pal.text_muted, m.rows[r].c_str());

  // The heatmap, drawn by the shader at the size it is shown.
  HeatmapRequest req;
  req.key = heatmap_key(ui.view->lesson, m.key, HeatmapUse::Step);
  req.values = &m.value;
  req.flags.assign(m.value.size(), 0);
  const TraceMatrix* other =
      options.compare_with >= 0 ? &trace.matrices[options.compare_with] : nullptr;
  if (other && !other->value.same_shape(m.value)) other = nullptr;
  const double shown_step = 5 * std::pow(10.0, -digits - 1);  // half a unit of the last digit shown
  int differing = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      uint8_t& f = req.flags[static_cast<size_t>(r) * cols + c];
      const double v = m.value(r, c);
      if (std::isinf(v) && v < 0) f |= kCellMasked;
      if (differs_from_notebook(m, notebook, r, c)) f |= kCellChanged;
      if (other && std::fabs(other->value(r, c) - v) > shown_step) {
        f |= kCellHighlight;
        ++differing;
      }
    }
  // Outlining every cell says nothing: then only a caption counts them.
  const bool outline = differing * 2 <= rows * cols;
  if (!outline)
    for (uint8_t& f : req.flags) f &= static_cast<uint8_t>(~kCellHighlight);
  req.scale = color_scale_for(m);
  req.width_px = static_cast<int>(std::lround(grid_w * ui.pixel_ratio));
  req.height_px = static_cast<int>(std::lround(grid_h * ui.pixel_ratio));
  req.grid = cell_w >= 10.0f && cell_h >= 10.0f;
  const ImTextureID tex = ui.heatmaps->draw(req);
  if (tex) dl->AddImage(tex, grid0, ImVec2(grid0.x + grid_w, grid0.y + grid_h));

  // Cells: drag fields on inputs, hover targets on computed values.
  const double extent = std::max(1.0, std::max(std::fabs(req.scale.lo), std::fabs(req.scale.hi)));
  char format[16] = "";  // empty: too small for numbers, hover shows them
  if (numbers) std::snprintf(format, sizeof format, "%%.%df", digits);
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2.0f, (cell_h - line_h) * 0.5f));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_FrameBgHovered, pal.accent_soft);
  ImGui::PushStyleColor(ImGuiCol_FrameBgActive, pal.accent_soft);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const ImVec2 p0(grid0.x + c * cell_w, grid0.y + r * cell_h);
      ImGui::SetCursorScreenPos(p0);
      ImGui::PushID(r * cols + c);  // ids from integers: any matrix name length is fine
      const double v = m.value(r, c);
      if (m.editable) {
        double edited = v;
        ImGui::SetNextItemWidth(cell_w);
        const double lo = -Limits::kMaxAbsValue, hi = Limits::kMaxAbsValue;
        if (ImGui::DragScalar("##cell", ImGuiDataType_Double, &edited,
                              static_cast<float>(0.004 * extent), &lo, &hi, format,
                              ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat) &&
            edited != v)
          ui.request(request::EditCell{m.key, r, c, edited});
        if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
      } else {
        ImGui::InvisibleButton("##cell", ImVec2(cell_w, cell_h));
        if (ImGui::IsItemClicked()) ui.request(request::Pin{m.key, r, c});
        if (numbers) {
          const std::string s = number_text(v, digits);
          const float w = text_width(s);
          dl->AddText(ImVec2(p0.x + cell_w - w - pad * 0.5f, p0.y + (cell_h - line_h) * 0.5f),
                      pal.text, s.c_str());
        }
      }
      if (!test_id.empty()) name_last_item(test_id + std::to_string(r) + ":" + std::to_string(c));
      if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
        draw_cell_explanation(ui, index, r, c, digits);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::PopID();
    }
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar(3);
  // Leave the cursor below the grid.
  ImGui::SetCursorScreenPos(ImVec2(origin.x, grid0.y + grid_h));
  ImGui::Dummy(ImVec2(label_w + grid_w, 2.0f));
  if (scroll) ImGui::EndChild();
  if (other && differing > 0)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.changed), "%s %d of %d entries from %s",
                       outline ? "Outlined: differs in" : "Differs in", differing, rows * cols,
                       other->label.c_str());
  ImGui::PopFont();
  ImGui::EndGroup();
  ImGui::PopID();
}

}  // namespace attn::ui
