// A trace matrix drawn as numbers or a heatmap, with its labels, marks,
// hover cards and drags.
// [SECTION] Helpers: orientation, covered texts, orders, sizes, colour scales, drags
// [SECTION] Explanations
// [SECTION] The matrix
#include "ui/matrix_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "core/trace/dependencies.h"
#include "core/trace/explain.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
#include "ui/matrix_geometry.h"
#include "ui/theme.h"

namespace attn::ui {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

float text_width(const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; }

// "rows: queries · columns: keys" for the (N, N) attention matrices, where
// which way round they are matters.
const char* orientation(const TraceMatrix& m) {
  if (m.row_kind == AxisKind::Query && m.col_kind == AxisKind::Key)
    // TRANSLATORS: above an attention matrix: its rows (↓) are the queries, its columns (→)
    // the keys.
    return tr("↓ one row per query · → keys");
  if (m.row_kind == AxisKind::Key && m.col_kind == AxisKind::Query)
    // TRANSLATORS: above an attention matrix: its rows (↓) are the keys, its columns (→) the
    // queries.
    return tr("↓ keys · → one column per query");
  return nullptr;
}

bool is_changeable(const TraceMatrix& m) { return m.editable || m.overridable; }

}  // namespace

std::vector<int> shown_order(const UiContext& ui, const TraceMatrix& m, bool rows) {
  const AxisKind kind = rows ? m.row_kind : m.col_kind;
  const int n = rows ? m.value.rows() : m.value.cols();
  std::vector<int> at(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) at[static_cast<size_t>(i)] = i;
  const TracePart& part = ui.trace().parts[m.key.part];
  // A memory's keys are the encoder's tokens: they keep the file's order.
  if (!is_token_axis(kind) || (kind == AxisKind::Key && !part.memory_tokens.empty())) return at;
  const std::vector<Variant>& variants = ui.session->lesson().parts[m.key.part].variants;
  const std::vector<int>* order = &part.order;
  if (m.key.variant > 0 && m.key.variant <= static_cast<int>(variants.size()) &&
      variants[m.key.variant - 1].order)
    order = &*variants[m.key.variant - 1].order;
  if (static_cast<int>(order->size()) == n) at = *order;
  return at;
}

namespace {
// A note under a matrix: muted, wrapped at the matrix's width (or the
// panel's, if narrower), never cut off.
void wrapped_note(const std::string& text, float width, ImU32 colour = 0) {
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(avail, std::max(width, 160.0f)));
  ImGui::PushStyleColor(ImGuiCol_Text, colour ? ImGui::ColorConvertU32ToFloat4(colour)
                                              : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(wrappable(text).c_str());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
}
}  // namespace

std::string covered_text(int step) {
  return trf(
      // TRANSLATORS: beside numbers shown as "?": they answer a question the lesson asks at
      // step {step}, so they stay covered until the learner answers it or skips it.
      "Numbers shown as ? stay covered until you answer (or skip) the prediction at step "
      "{step}.",
      {{"step", std::to_string(step)}});
}

std::string stand_in_text(const std::string& followed, const std::string& shown, int step) {
  // TRANSLATORS: on the live result and the temperature plot: the weights of the word
  // {followed} answer a question at step {step} not answered yet, so those of the word
  // {shown} are shown in their place, and the learner can still watch a drag change them.
  return trf(
      "\"{followed}\" shows once you answer (or skip) the prediction at step {step}. "
      "Meanwhile, \"{shown}\":",
      {{"followed", followed}, {"shown", shown}, {"step", std::to_string(step)}});
}

std::string covered_matrix_text(const UiContext& ui, int index) {
  const std::string& matrix = ui.trace().matrices[index].label;
  const int asked = ui.asked_step(index);
  if (asked == ui.view->step + 1)
    // TRANSLATORS: {matrix} is a matrix's name, such as "Q·Kᵀ", in place of
    // its numbers while the learner has not answered the question about them.
    return trf("{matrix}: covered until you answer (or skip) the prediction above.",
               {{"matrix", matrix}});
  // TRANSLATORS: {matrix} is a matrix's name, such as "Q·Kᵀ", in place of its
  // numbers: they answer the question the lesson asks at step {step}.
  return trf("{matrix}: covered until you answer (or skip) the prediction at step {step}.",
             {{"matrix", matrix}, {"step", std::to_string(asked)}});
}

namespace {

// The hint beside a changeable matrix's name, or null.
const char* header_hint(const TraceMatrix& m, const MatrixViewOptions& options) {
  if (!is_changeable(m) || options.operand || options.figure) return nullptr;
  // TRANSLATORS: beside a matrix's name: its numbers can be changed, by
  // dragging one sideways or tapping it to type a number.
  return m.editable ? tr("↔ drag or tap a number")
                    // TRANSLATORS: beside a computed matrix's name: the learner may
                    // drag one of its numbers sideways to see what would follow.
                    : tr("↔ what if? drag one");
}

std::string shape_text(const TraceMatrix& m) {
  return "(" + std::to_string(m.value.rows()) + "×" + std::to_string(m.value.cols()) + ")";
}

// The header's width: "from", the name and the shape, then the hint beside
// them or, when that is wider than `avail`, on a line of its own; the
// orientation line under it.
float header_width(const UiContext& ui, const TraceMatrix& m, const MatrixViewOptions& options,
                   float avail) {
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  float w = 0.0f;
  if (options.operand) w += ImGui::CalcTextSize(tr("from")).x + gap;
  ImGui::PushFont(options.operand ? ui.fonts->small : ui.fonts->body);
  w += ImGui::CalcTextSize(m.label.c_str()).x + gap;
  ImGui::PopFont();
  w += ImGui::CalcTextSize(shape_text(m).c_str()).x;
  if (const char* hint = header_hint(m, options)) {
    const float hint_w = ImGui::CalcTextSize(hint).x;
    w = w + gap + hint_w <= avail ? w + gap + hint_w : std::max(w, hint_w);
  }
  ImGui::PushFont(ui.fonts->small);
  if (const char* o = orientation(m)) w = std::max(w, ImGui::CalcTextSize(o).x);
  ImGui::PopFont();
  return w;
}

}  // namespace

ImVec2 matrix_size(const UiContext& ui, int index, const MatrixViewOptions& options, float avail) {
  const TraceMatrix& m = ui.trace().matrices[index];
  ImGui::PushFont(ui.fonts->small);
  const Geometry g = geometry(ui, m, options.digits, avail);
  const float header = ImGui::GetTextLineHeightWithSpacing() * (orientation(m) ? 2.0f : 1.0f);
  ImGui::PopFont();
  const float grid_w = g.scroll ? avail : g.label_w + g.cell_w * m.value.cols();
  const float title_w = std::min(header_width(ui, m, options, avail), avail);
  return ImVec2(std::max(title_w, grid_w), header + g.header_h + g.cell_h * m.value.rows() + 8.0f);
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

int drag_decimals(const TraceMatrix& m) {
  double extent = 0.0;
  for (size_t i = 0; i < m.value.size(); ++i)
    if (std::isfinite(m.value.data()[i])) extent = std::max(extent, std::fabs(m.value.data()[i]));
  // 0.001 for numbers up to 10, 0.01 up to 100, ... whole numbers from 10,000.
  const int magnitude = extent >= 10.0 ? static_cast<int>(std::floor(std::log10(extent))) : 0;
  return std::clamp(3 - magnitude, 0, 3);
}

double drag_speed(double value, int decimals, const DragInput& input) {
  // A pixel moves a number by 0.6% of it (0.006 around 1, 0.3 around 50),
  // and a small number by 0.004: a long move goes far (0.02 to past 4 in
  // 600 pixels), a short one stays fine. Never less than the grid's step.
  // The grid's step; a table, not pow: this runs for every cell of every frame.
  static constexpr double kSteps[] = {1.0, 0.1, 0.01, 0.001};
  const double step = decimals >= 0 && decimals <= 3 ? kSteps[decimals] : std::pow(10.0, -decimals);
  double speed = std::max({step, 0.004, 0.006 * std::fabs(value)});
  // Pointer ballistics, as desktops move a cursor: a brisk move goes further
  // per pixel (up to ten times), a slow one stays precise.
  speed *= std::clamp(input.pixels_per_second / 400.0, 1.0, 10.0);
  // A finger has no Alt to go coarse and a phone's width to cross: twice as far a pixel
  // (0.9 to 6 in about 160 slow pixels, not 320).
  if (input.touch) speed *= 2.0;
  if (input.fine) speed *= 0.1;
  if (input.coarse) speed *= 10.0;
  return speed;
}

DragInput drag_input(const ImGuiIO& io) {
  const float dt = std::max(io.DeltaTime, 1e-4f);
  return {std::fabs(io.MouseDelta.x) / dt, io.KeyShift, io.KeyAlt || io.KeyCtrl};
}

float imgui_drag_speed(double speed, const ImGuiIO& io) {
  // DragScalar's own: Alt divides a move by 100, Shift multiplies it by 10.
  double imgui = 1.0;
  if (io.KeyAlt) imgui *= 0.01;
  if (io.KeyShift) imgui *= 10.0;
  return static_cast<float>(speed / imgui);
}

double snap(double value, int decimals) {
  // Dividing by an exact power of ten gives the double nearest the decimal
  // (1660 / 1000 is 1.66); multiplying by 0.001 would not.
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

bool slice_sums_to_one(const TraceMatrix& w, int row, int col, double* sum_out) {
  const bool column = w.row_kind == AxisKind::Key;
  const int n = column ? w.value.rows() : w.value.cols();
  double sum = 0.0;
  for (int i = 0; i < n; ++i) sum += column ? w.value(i, col) : w.value(row, i);
  if (sum_out) *sum_out = sum;
  return std::fabs(sum - 1.0) <= 1e-9;
}

//-----------------------------------------------------------------------------
// [SECTION] Explanations
//-----------------------------------------------------------------------------

void draw_cell_explanation(const UiContext& ui, int index, int row, int col, int digits) {
  const Trace& t = ui.trace();
  const Explanation e = explain_cell(t, index, row, col, digits);
  ImGui::PushFont(ui.fonts->body);
  ImGui::TextUnformatted(wrappable(e.title).c_str());
  ImGui::PopFont();
  const TraceMatrix& m = t.matrices[index];
  const int token = m.row_kind == AxisKind::Dim ? col : row;
  const std::string sum = explain_output_row(t, index, token, std::min(digits, 3));
  if (!sum.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui.palette().accent), "%s", sum.c_str());
  const PartState& part = ui.session->state().parts[m.key.part];
  if (m.overridable && part.override_at(m.key.stage, m.key.head, row, col))
    ImGui::TextColored(
        ImGui::ColorConvertU32ToFloat4(ui.palette().override_mark), "%s",
        // TRANSLATORS: in a cell's explanation: the learner overrode this computed number.
        tr("What-if: you set this number; it is not computed. Tap it to take it back."));
  for (const std::string& line : e.lines) ImGui::TextUnformatted(wrappable(line).c_str());
  if (m.editable) {  // how to change it, as this screen does it (a click opens the number box)
    const char* how =
        ui.view->touch
            // TRANSLATORS: in a number's explanation on a touch screen: how to change it.
            ? tr("Drag it sideways, or tap it to type a number: everything after it is "
                 "recomputed.")
            // TRANSLATORS: in a number's explanation with a mouse: how to change it.
            : tr("Drag it sideways, or click it to type a number: everything after it is "
                 "recomputed.");
    ImGui::TextUnformatted(wrappable(how).c_str());
  }
  const TraceMatrix* then = ui.session->notebook().find(m.key);
  if (differs_from_notebook(m, then, row, col) && then && then->value.same_shape(m.value))
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui.palette().changed), "%s",
                       // TRANSLATORS: {number} is what the lesson's notebook computed for this
                       // cell, before the learner changed numbers.
                       trf("Changed: the notebook had {number}",
                           {{"number", number_text(then->value(row, col), std::max(digits, 3))}})
                           .c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] The matrix
//-----------------------------------------------------------------------------

void draw_matrix(UiContext& ui, int index, const MatrixViewOptions& options) {
  const Trace& trace = ui.trace();
  const TraceMatrix& m = trace.matrices[index];
  const TraceMatrix* notebook = ui.session->notebook().find(m.key);
  const PartState& part = ui.session->state().parts[m.key.part];
  const ViewState& view = *ui.view;
  const Palette& pal = ui.palette();
  const int rows = m.value.rows(), cols = m.value.cols();
  const bool changeable = is_changeable(m);
  // Test names for the cells ("##W_q:0:1"), only while tests ask for them.
  const std::string test_id = item_registry_enabled() ? "##" + trace.id_of(m.key) + ":" : "";

  ImGui::PushID(static_cast<int>(m.key.packed()));
  ImGui::BeginGroup();

  // Header: name, shape, and what the learner can do with it.
  // TRANSLATORS: before the name of a matrix shown beside a result, which is computed from it
  // (e.g. "from W_q (3×4)"; the name and shape follow on the same line).
  if (options.operand) ImGui::TextDisabled("%s", tr("from"));
  if (options.operand) ImGui::SameLine();
  ImGui::PushFont(options.operand ? ui.fonts->small : ui.fonts->body);
  ImGui::TextUnformatted(m.label.c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", shape_text(m).c_str());
  if (const char* hint = header_hint(m, options)) {
    same_line_if_fits(ImGui::CalcTextSize(hint).x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(m.editable ? pal.accent : pal.override_mark),
                       "%s", hint);
  }

  ImGui::PushFont(ui.fonts->small);
  if (const char* o = orientation(m)) ImGui::TextDisabled("%s", o);
  const float avail = ImGui::GetContentRegionAvail().x;
  const Geometry g = geometry(ui, m, options.digits, avail);
  const float cell_w = g.cell_w, cell_h = g.cell_h, label_w = g.label_w, header_h = g.header_h;
  const float grid_w = cell_w * cols, grid_h = cell_h * rows;
  const float line_h = ImGui::GetTextLineHeight();
  // Tokens as they stand (the learner may reorder them): display row dr shows
  // the matrix's row row_at[dr]; the numbers keep their token's row.
  const std::vector<int> row_at = shown_order(ui, m, true), col_at = shown_order(ui, m, false);
  std::vector<int> row_shown(row_at.size()), col_shown(col_at.size());
  for (size_t i = 0; i < row_at.size(); ++i)
    row_shown[static_cast<size_t>(row_at[i])] = static_cast<int>(i);
  for (size_t i = 0; i < col_at.size(); ++i)
    col_shown[static_cast<size_t>(col_at[i])] = static_cast<int>(i);
  const bool reordered = !std::is_sorted(row_at.begin(), row_at.end()) ||
                         !std::is_sorted(col_at.begin(), col_at.end());

  if (g.scroll) {
    const float h = header_h + grid_h + ImGui::GetStyle().ScrollbarSize + 4.0f;
    ImGui::BeginChild(
        "##scroll", ImVec2(avail, h), false,
        ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoBackground | kPanelFlags);
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 grid0(origin.x + label_w, origin.y + header_h);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Column labels (tokens, or dimension indices) and row labels.
  if (header_h > 0.0f)
    for (int c = 0; c < cols; ++c) {
      const std::string& s = m.cols[static_cast<size_t>(col_at[static_cast<size_t>(c)])];
      const float x = grid0.x + c * cell_w + std::max(0.0f, (cell_w - text_width(s)) * 0.5f);
      ImGui::PushClipRect(ImVec2(grid0.x + c * cell_w, origin.y),
                          ImVec2(grid0.x + (c + 1) * cell_w, grid0.y), true);
      dl->AddText(ImVec2(x, origin.y), pal.text_muted, s.c_str());
      ImGui::PopClipRect();
    }
  const int label_every = std::max(1, static_cast<int>(std::ceil(line_h / cell_h)));
  for (int r = 0; r < rows && label_w > 0; r += label_every)
    dl->AddText(ImVec2(origin.x, grid0.y + r * cell_h + std::max(0.0f, (cell_h - line_h) * 0.5f)),
                pal.text_muted,
                m.rows[static_cast<size_t>(row_at[static_cast<size_t>(r)])].c_str());

  // The heatmap, drawn by the shader at the size it is shown, with marks.
  HeatmapRequest req;
  req.key = heatmap_key(view.lesson, m.key, HeatmapUse::Step);
  Matrix shown_values;
  if (reordered) {
    shown_values = Matrix(rows, cols);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        shown_values(r, c) =
            m.value(row_at[static_cast<size_t>(r)], col_at[static_cast<size_t>(c)]);
  }
  req.values = reordered ? &shown_values : &m.value;
  req.flags.assign(m.value.size(), 0);
  const TraceMatrix* other =
      options.compare_with >= 0 ? &trace.matrices[options.compare_with] : nullptr;
  if (other && !other->value.same_shape(m.value)) other = nullptr;
  const double shown_step = 5 * std::pow(10.0, -g.digits - 1);  // half a unit of the last digit
  const TraceMatrix* hot = ui.hot.valid() ? trace.find(ui.hot.key) : nullptr;
  if (hot && (ui.hot.row >= hot->value.rows() || ui.hot.col >= hot->value.cols())) hot = nullptr;
  int differing = 0;
  for (int dr = 0; dr < rows; ++dr)
    for (int dc = 0; dc < cols; ++dc) {
      uint8_t& f = req.flags[static_cast<size_t>(dr) * cols + dc];
      const int r = row_at[static_cast<size_t>(dr)], c = col_at[static_cast<size_t>(dc)];
      const double v = m.value(r, c);
      if (ui.covered(index, r, c)) f |= kCellCovered;
      if (std::isinf(v) && v < 0) f |= kCellMasked;
      if (differs_from_notebook(m, notebook, r, c)) f |= kCellChanged;
      if (m.overridable && part.override_at(m.key.stage, m.key.head, r, c)) f |= kCellOverride;
      if (other && std::fabs(other->value(r, c) - v) > shown_step) {
        f |= kCellHighlight;
        ++differing;
      }
      if (hot && ((hot == &m && ui.hot.row == r && ui.hot.col == c) ||
                  feeds(trace, m, r, c, *hot, ui.hot.row, ui.hot.col) ||
                  feeds(trace, *hot, ui.hot.row, ui.hot.col, m, r, c)))
        f |= kCellRelated;
    }
  // Outlining every cell says nothing: then only a caption counts them.
  const bool outline = differing * 2 <= rows * cols;
  if (!outline)
    for (uint8_t& f : req.flags) f &= static_cast<uint8_t>(~kCellHighlight);
  req.scale = color_scale_for(m);
  req.width_px = static_cast<int>(std::lround(grid_w * ui.pixel_ratio));
  req.height_px = static_cast<int>(std::lround(grid_h * ui.pixel_ratio));
  req.grid = cell_w >= 10.0f && cell_h >= 10.0f;
  if (const ImTextureID tex = ui.heatmaps->draw(req))
    dl->AddImage(tex, grid0, ImVec2(grid0.x + grid_w, grid0.y + grid_h));

  // Cells: drag fields on numbers the learner may change, hover targets on the rest.
  const int decimals = drag_decimals(m);
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2.0f, (cell_h - line_h) * 0.5f));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_FrameBgHovered, pal.accent_soft);
  ImGui::PushStyleColor(ImGuiCol_FrameBgActive, pal.accent_soft);
  const ImGuiIO& io = ImGui::GetIO();
  for (int dr = 0; dr < rows; ++dr)
    for (int dc = 0; dc < cols; ++dc) {
      const int r = row_at[static_cast<size_t>(dr)], c = col_at[static_cast<size_t>(dc)];
      const ImVec2 p0(grid0.x + dc * cell_w, grid0.y + dr * cell_h);
      const CellRef cell{m.key, r, c};
      ImGui::SetCursorScreenPos(p0);
      ImGui::PushID(r * cols + c);  // ids from integers: any matrix name length is fine
      const double v = m.value(r, c);
      const bool hidden = ui.covered(index, r, c);  // "?": an open prediction's answer
      if (changeable && !hidden) {
        // The unrounded number while this cell is dragged (UiContext::drag).
        const ImGuiID id = ImGui::GetID("##cell");
        double dragged = ui.drag.id == id ? ui.drag.raw : v;
        ImGui::SetNextItemWidth(cell_w);
        const double lo = -Limits::kMaxAbsValue, hi = Limits::kMaxAbsValue;
        DragInput input = drag_input(io);
        input.touch = ui.view->touch;
        const float speed = imgui_drag_speed(drag_speed(v, decimals, input), io);
        // The number is drawn below, as every number is (number_text); typing
        // goes through the number editor (a click or a tap), not Ctrl+click.
        if (ImGui::DragScalar("##cell", ImGuiDataType_Double, &dragged, speed, &lo, &hi, "",
                              ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat |
                                  ImGuiSliderFlags_NoInput)) {
          const double snapped = snap(dragged, decimals);
          if (snapped != v) ui.request(request::EditCell{m.key, r, c, snapped});
        }
        if (ImGui::IsItemActive())
          ui.drag = {id, dragged};
        else if (ui.drag.id == id)
          ui.drag = {};
        // A click or a tap that did not drag: type the number.
        if (ImGui::IsItemDeactivated() && !ImGui::IsItemDeactivatedAfterEdit() &&
            io.MouseDragMaxDistanceSqr[0] < 36.0f)
          ui.request(request::EditNumber{cell, ""});
        if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
      } else {
        ImGui::InvisibleButton("##cell", ImVec2(cell_w, cell_h));
        if (ImGui::IsItemClicked()) ui.request(request::Pin{m.key, r, c});
      }
      if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ui.hot_next = cell;
      if (g.numbers) {
        const NumberTexts::Written& s = ui.numbers.get(v, g.digits);
        dl->AddText(ImVec2(p0.x + cell_w - s.width - 5.0f, p0.y + (cell_h - line_h) * 0.5f),
                    pal.text, s.text.c_str());
      }
      if (view.focus == cell) {  // the keyboard is here
        const ImVec2 p1(p0.x + cell_w, p0.y + cell_h);
        dl->AddRect(ImVec2(p0.x + 1, p0.y + 1), ImVec2(p1.x - 1, p1.y - 1), pal.accent, 2.0f, 0,
                    2.5f);
        if (!ui.hot_next.valid()) ui.hot_next = cell;
        if (!ImGui::IsRectVisible(p0, p1))
          ImGui::ScrollToBringRectIntoView(ImGui::GetCurrentWindow(), ImRect(p0, p1));
      }
      if (!test_id.empty()) name_last_item(test_id + std::to_string(r) + ":" + std::to_string(c));
      if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && !view.touch) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
        if (hidden)
          ImGui::TextUnformatted(wrappable(covered_text(ui.asked_step(index, r, c))).c_str());
        else
          draw_cell_explanation(ui, index, r, c, std::max(g.digits, options.digits));
        if (item_registry_enabled()) name_last_item("##cell-tooltip");
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::PopID();
    }
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar(3);

  // Weights that no longer sum to 1 (given or overridden) are not a softmax:
  // say so beside each such query.
  std::vector<std::pair<int, double>> off;
  if (m.key.stage == Stage::weights && changeable) {
    const bool column = m.row_kind == AxisKind::Key;
    for (int i = 0; i < (column ? cols : rows); ++i) {
      double sum = 0;
      if (ui.query_covered(m, i)) continue;  // its numbers are "?"
      if (!slice_sums_to_one(m, column ? 0 : i, column ? i : 0, &sum)) off.emplace_back(i, sum);
    }
    for (const auto& [i, sum] : off) {
      const std::string s = "Σ " + number_text(sum, 2);
      const ImVec2 at = column ? ImVec2(grid0.x + col_shown[static_cast<size_t>(i)] * cell_w + 2,
                                        grid0.y + grid_h + 1)
                               : ImVec2(grid0.x + grid_w + 4,
                                        grid0.y + row_shown[static_cast<size_t>(i)] * cell_h +
                                            (cell_h - line_h) * 0.5f);
      dl->AddText(at, pal.changed, s.c_str());
    }
  }

  // Leave the cursor below the grid (and beside it, room for the sums).
  ImGui::SetCursorScreenPos(ImVec2(origin.x, grid0.y + grid_h));
  ImGui::Dummy(ImVec2(label_w + grid_w + (off.empty() ? 0.0f : 48.0f),
                      off.empty() || m.row_kind != AxisKind::Key ? 2.0f : line_h + 2.0f));
  if (g.scroll) ImGui::EndChild();
  if (!off.empty()) {
    const std::string count = std::to_string(off.size());
    std::string s;
    if (m.row_kind == AxisKind::Key)
      // TRANSLATORS: under attention weights the learner changed: each query's weights (here a
      // column) should sum to 1, as softmax makes them.
      s = trnf("{count} column does not sum to 1: not a softmax any more",
               "{count} columns do not sum to 1: not a softmax any more", off.size(),
               {{"count", count}});
    else
      // TRANSLATORS: under attention weights the learner changed: each query's weights (here a
      // row) should sum to 1, as softmax makes them.
      s = trnf("{count} row does not sum to 1: not a softmax any more",
               "{count} rows do not sum to 1: not a softmax any more", off.size(),
               {{"count", count}});
    wrapped_note(s, label_w + grid_w, pal.changed);
  }
  if (g.numbers && g.digits < options.digits) {
    const std::string s =
        // TRANSLATORS: under a matrix too narrow for all its decimals: {shown} decimals are
        // shown of the {digits} the step has; hovering or tapping a number shows it whole.
        trnf("{shown} of {digits} decimal shown: point at or tap a number for all of it",
             "{shown} of {digits} decimals shown: point at or tap a number for all of it",
             static_cast<unsigned long>(options.digits),
             {{"shown", std::to_string(g.digits)}, {"digits", std::to_string(options.digits)}});
    wrapped_note(s, label_w + grid_w);
  }
  // TRANSLATORS: under a matrix shown as colours only (no numbers in its cells).
  if (!g.numbers) wrapped_note(tr("Point at or tap a cell for its number"), label_w + grid_w);
  if (ui.cover && ui.cover->any(index) && !options.figure) {
    wrapped_note(covered_text(ui.asked_step(index)), label_w + grid_w);
    if (item_registry_enabled()) name_last_item("##covered:" + trace.id_of(m.key));
  }
  if (other && differing > 0) {
    const std::string count = std::to_string(differing), total = std::to_string(rows * cols);
    std::string s;
    if (outline)
      // TRANSLATORS: under a matrix compared with another, {matrix} (e.g. "True values"): how
      // many of its {total} numbers differ from it; those are outlined in the matrix.
      s = trnf("Outlined: differs in {count} of {total} entry from {matrix}",
               "Outlined: differs in {count} of {total} entries from {matrix}",
               static_cast<unsigned long>(rows * cols),
               {{"count", count}, {"total", total}, {"matrix", other->label}});
    else
      // TRANSLATORS: under a matrix compared with another, {matrix} (e.g. "True values"): how
      // many of its {total} numbers differ from it.
      s = trnf("Differs in {count} of {total} entry from {matrix}",
               "Differs in {count} of {total} entries from {matrix}",
               static_cast<unsigned long>(rows * cols),
               {{"count", count}, {"total", total}, {"matrix", other->label}});
    wrapped_note(s, label_w + grid_w, pal.changed);
  }
  ImGui::PopFont();
  ImGui::EndGroup();
  ImGui::PopID();
}

}  // namespace attn::ui
