// Typing a number: the editor a click or tap on a changeable number opens (number_editor.h).
#include "ui/number_editor.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/text/numpy_format.h"
#include "core/text/translation.h"
#include "core/trace/explain.h"
#include "ui/item_registry.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {
// The popup's title in the learner's language; its id stays "number-editor".
std::string title() {
  // TRANSLATORS: the title of the box where the learner types a new value for a number.
  return std::string(tr("Type a number")) + "###number-editor";
}
}  // namespace

bool parse_number(const std::string& typed, double& out) {
  std::string s;
  for (size_t i = 0; i < typed.size(); ++i) {
    if (typed.compare(i, 3, "−") == 0) {  // U+2212, as the page writes a minus
      s += '-';
      i += 2;
    } else if (typed[i] == ',' && typed.find('.') == std::string::npos) {
      s += '.';
    } else if (typed[i] != ' ') {
      s += typed[i];
    }
  }
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(out);
}

void NumberEditor::open(const CellRef& cell, const std::string& typed) {
  const TraceMatrix* m = ui->trace().find(cell.key);
  if (!m || !cell.valid() || cell.row >= m->value.rows() || cell.col >= m->value.cols()) return;
  cell_ = cell;
  const std::string text = typed.empty() ? format_round_trip(m->value(cell.row, cell.col)) : typed;
  std::snprintf(text_, sizeof text_, "%s", text.c_str());
  error_.clear();
  opening_ = true;
}

void NumberEditor::close() {
  open_ = opening_ = false;
  ImGui::CloseCurrentPopup();
}

bool NumberEditor::commit() {
  double value = 0.0;
  if (!parse_number(text_, value)) {
    // TRANSLATORS: {text} is what the learner typed.
    error_ = trf("\"{text}\" is not a number", {{"text", text_}});
    return false;
  }
  if (std::fabs(value) > Limits::kMaxAbsValue) {
    error_ = tr("Numbers here go from −1,000,000 to 1,000,000");
    return false;
  }
  ui->request(request::EditCell{cell_.key, cell_.row, cell_.col, value});
  return true;
}

void NumberEditor::draw() {
  if (opening_) {
    ImGui::OpenPopup(title().c_str());
    opening_ = false;
    open_ = true;
  }
  if (!open_) return;
  const ImGuiIO& io = ImGui::GetIO();
  const bool touch = ui->view->touch;
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(
      ImVec2(std::min(320.0f, io.DisplaySize.x - 16), 0),
      ImVec2(std::min(480.0f, io.DisplaySize.x - 16), io.DisplaySize.y - 16));
  if (!ImGui::BeginPopupModal(title().c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    open_ = false;
    return;
  }
  const Trace& t = ui->trace();
  const int index = t.index_of(cell_.key);
  if (index < 0 || cell_.row >= t.matrices[index].value.rows() ||
      cell_.col >= t.matrices[index].value.cols()) {  // the lesson changed under it
    close();
    ImGui::EndPopup();
    return;
  }
  const TraceMatrix& m = t.matrices[index];
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x + ImGui::GetCursorPosX());
  draw_cell_explanation(*ui, index, cell_.row, cell_.col, 8);
  ImGui::PopTextWrapPos();
  ImGui::Separator();

  // The number: typed on a keyboard, or on the keypad below on touch screens.
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing() && !touch) ImGui::SetKeyboardFocusHere();
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue |
                                    ImGuiInputTextFlags_AutoSelectAll |
                                    (touch ? ImGuiInputTextFlags_ReadOnly : 0);
  bool done = ImGui::InputText("##typed", text_, sizeof text_, flags);
  if (item_registry_enabled()) name_last_item("##typed");
  if (touch) {
    static const char* keys[] = {"7", "8", "9", "4", "5", "6", "1", "2", "3", "−", "0", "."};
    const float w = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
    for (int i = 0; i < 12; ++i) {
      if (i % 3) ImGui::SameLine();
      if (ImGui::Button(keys[i], ImVec2(w, 0))) {
        std::string s = text_;
        if (std::strcmp(keys[i], "−") == 0)  // flips the sign
          s = s.rfind("-", 0) == 0 ? s.substr(1) : "-" + s;
        else
          s += keys[i];
        std::snprintf(text_, sizeof text_, "%s", s.c_str());
        error_.clear();
      }
      if (item_registry_enabled()) name_last_item(std::string("##key:") + keys[i]);
    }
    // TRANSLATORS: a keypad key that removes the last character typed.
    const std::string erase = std::string("⌫ ") + tr("Delete");
    if (ImGui::Button(erase.c_str(), ImVec2(w * 1.5f, 0))) {
      std::string s = text_;
      while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
      if (!s.empty()) s.pop_back();
      std::snprintf(text_, sizeof text_, "%s", s.c_str());
    }
    ImGui::SameLine();
    // TRANSLATORS: a keypad key that removes everything typed (a verb).
    if (ImGui::Button(tr("Clear"), ImVec2(-FLT_MIN, 0))) text_[0] = '\0';
  }
  // Nudges: one step of the drag grid, applied at once.
  const int decimals = drag_decimals(m);
  const double step = std::pow(10.0, -decimals) * 10.0;
  // With nothing to nudge (the field cleared) the row stays, greyed: Done and Cancel keep their
  // place under the finger.
  double value = 0.0;
  const bool number = parse_number(text_, value);
  ImGui::BeginDisabled(!number);
  for (double sign : {-1.0, 1.0}) {
    if (sign > 0) ImGui::SameLine();
    const std::string label = (sign < 0 ? "− " : "+ ") + format_round_trip(step);
    if (ImGui::Button(label.c_str()) && number) {
      const double nudged = snap(value + sign * step, decimals);
      std::snprintf(text_, sizeof text_, "%s", format_round_trip(nudged).c_str());
      commit();
    }
    if (item_registry_enabled()) name_last_item(sign < 0 ? "##nudge-down" : "##nudge-up");
  }
  ImGui::EndDisabled();
  if (!error_.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui->palette().bad), "%s", error_.c_str());
  const PartState& part = ui->session->state().parts[m.key.part];
  const TraceMatrix* then = ui->session->notebook().find(m.key);
  if (m.editable && differs_from_notebook(m, then, cell_.row, cell_.col) && then &&
      then->value.same_shape(m.value)) {
    // TRANSLATORS: a button that puts this one number back to the value the lesson's notebook
    // has ({number}), leaving the learner's other changes as they are.
    const std::string back =
        trf("Back to the notebook's value ({number})",
            {{"number", format_round_trip(then->value(cell_.row, cell_.col))}});
    if (ImGui::Button(back.c_str())) {
      ui->request(request::ResetCell{cell_});
      close();
    }
    if (item_registry_enabled()) name_last_item("##back-to-notebook");
  }
  if (m.overridable && part.override_at(m.key.stage, m.key.head, cell_.row, cell_.col)) {
    // TRANSLATORS: a button that undoes the learner's change to this number
    // (a "what-if": a number changed to see what follows).
    if (ImGui::Button(tr("Take back this what-if"))) {
      ui->request(request::RemoveOverride{cell_});
      close();
    }
  }
  ImGui::Separator();
  // TRANSLATORS: a button that applies the number typed.
  if (ImGui::Button(tr("Done"))) done = true;
  if (item_registry_enabled()) name_last_item("##editor-done");
  ImGui::SameLine();
  const bool cancel =
      ImGui::Button(tr("Cancel")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (done && commit())
    close();
  else if (cancel)
    close();
  ImGui::EndPopup();
}

}  // namespace attn::ui
