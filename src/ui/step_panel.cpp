#include "ui/step_panel.h"

#include <algorithm>

#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

// For "Your answer" beside "True values": a variant's matrix compares with
// the same matrix at the part's own settings, when the step shows both.
int compare_partner(const Trace& t, const std::vector<int>& shown, int index) {
  MatrixKey plain = t.matrices[index].key;
  if (!plain.variant) return -1;
  plain.variant = 0;
  for (int other : shown)
    if (t.matrices[other].key == plain) return other;
  return -1;
}

}  // namespace

void StepPanel::draw() {
  const TraceStep& step = ui->step();
  const Lesson& lesson = ui->session->lesson();
  const Palette& pal = palette();
  const int digits = ui->digits(step);

  if (lesson.parts.size() > 1 && !lesson.parts[step.part].title.empty())
    ImGui::TextDisabled("%s", lesson.parts[step.part].title.c_str());
  ImGui::PushFont(ui->fonts->title);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(step.title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  if (!step.formula.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "%s", step.formula.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!step.text.empty()) {
    ImGui::PushTextWrapPos(
        std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48.0f) +
        ImGui::GetCursorPosX());
    ImGui::TextUnformatted(step.text.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();

  // Matrices flow left to right, wrapping when the next one does not fit.
  const float avail = ImGui::GetContentRegionAvail().x;
  float used = 0.0f;
  const float gap = ImGui::GetFontSize() * 1.5f;
  for (size_t i = 0; i < step.matrices.size(); ++i) {
    const int index = step.matrices[i];
    const ImVec2 size = matrix_size(*ui, index, digits);
    if (i > 0 && used + gap + size.x <= avail) {
      ImGui::SameLine(0.0f, gap);
      used += gap + size.x;
    } else {
      if (i > 0) ImGui::Spacing();
      used = size.x;
    }
    MatrixViewOptions options;
    options.digits = digits;
    options.compare_with = compare_partner(ui->trace(), step.matrices, index);
    draw_matrix(*ui, index, options);
  }

  // A tapped cell keeps its explanation here (touch screens have no hover).
  const ViewState& v = *ui->view;
  const int pinned = v.pinned ? ui->trace().index_of(v.pin) : -1;
  if (pinned >= 0 &&
      std::find(step.matrices.begin(), step.matrices.end(), pinned) != step.matrices.end()) {
    const TraceMatrix& m = ui->trace().matrices[pinned];
    if (v.pin_row < m.value.rows() && v.pin_col < m.value.cols()) {
      ImGui::Spacing();
      ImGui::Indent(8.0f);
      ImGui::BeginGroup();
      ImGui::PushTextWrapPos(0.0f);
      draw_cell_explanation(*ui, pinned, v.pin_row, v.pin_col, digits);
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      ImGui::Unindent(8.0f);
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - 6, a.y - 4), ImVec2(b.x + 6, b.y + 4),
                                          pal.accent, 4.0f);
    }
  }
}

}  // namespace attn::ui
