#include "ui/bars.h"

#include <cstdio>

#include "ui/theme.h"

namespace attn::ui {

namespace {
// `text` cut to `width` pixels, ending in "…" when cut (on UTF-8 boundaries).
std::string ellipsized(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string out = text;
  while (!out.empty() && ImGui::CalcTextSize((out + "…").c_str()).x > width) {
    do out.pop_back();
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80);
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  }
  return out + "…";
}
}  // namespace

void TopBar::draw() {
  const Palette& pal = palette();
  const ViewState& view = *ui->view;
  const Lesson& lesson = ui->session->lesson();
  // Buttons on the right; the lesson picker left; the source line between
  // them where there is room.
  const char* theme_label = view.dark ? "Light theme" : "Dark theme";
  const char* reset_label = "Reset to notebook values";
  const char* copy_label = "Copy as numpy";
  const char* link_label = "Copy link";
  const bool link_button = ui->can_copy_link;
  const ImGuiStyle& st = ImGui::GetStyle();
  auto button_w = [&](const char* s) { return ImGui::CalcTextSize(s).x + st.FramePadding.x * 2; };
  const bool theme_button = !view.embed;  // an embed takes its theme from the URL
  const float buttons = (theme_button ? button_w(theme_label) + st.ItemSpacing.x : 0.0f) +
                        (link_button ? button_w(link_label) + st.ItemSpacing.x : 0.0f) +
                        button_w(reset_label) + button_w(copy_label) + st.ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  const float buttons_x = right - buttons;
  // Buttons flow: on narrow screens they wrap instead of running off the edge.
  auto same_line_if_fits = [&](float width) {
    const float end =
        ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + st.ItemSpacing.x + width;
    if (end <= right) ImGui::SameLine();
  };
  if (!view.embed) {
    const float fits = ImGui::CalcTextSize(lesson.title.c_str()).x + ImGui::GetFrameHeight() +
                       st.FramePadding.x * 2 + 4;
    ImGui::SetNextItemWidth(
        std::min(fits, std::max(ImGui::GetContentRegionAvail().x * 0.45f, 160.0f)));
    if (ImGui::BeginCombo("##lesson", lesson.title.c_str())) {
      const std::vector<LessonEntry>& lessons = *ui->lessons;
      for (size_t i = 0; i < lessons.size(); ++i) {
        const bool selected = static_cast<int>(i) == view.lesson;
        if (ImGui::Selectable(lessons[i].title.c_str(), selected))
          ui->request(request::SelectLesson{static_cast<int>(i)});
        if (ImGui::IsItemHovered() && !lessons[i].source.empty())
          ImGui::SetTooltip("%s", lessons[i].source.c_str());
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Choose a lesson");
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::PushFont(ui->fonts->body);
    ImGui::TextUnformatted(lesson.title.c_str());
    ImGui::PopFont();
  }
  ImGui::SameLine();
  const float source_x = ImGui::GetCursorPosX();
  const float source_w = buttons_x - source_x - st.ItemSpacing.x;
  if (source_w > 120.0f && !lesson.source.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", ellipsized(lesson.source, source_w).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", lesson.source.c_str());
    ImGui::SameLine();
  }
  if (buttons_x >= source_x)
    ImGui::SetCursorPosX(buttons_x);
  else
    ImGui::NewLine();  // too narrow: the buttons get their own line

  const bool edited = !ui->session->is_default();
  ImGui::BeginDisabled(!edited);
  if (edited) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
  if (ImGui::Button(reset_label)) ui->request(request::ResetNumbers{});
  if (edited) ImGui::PopStyleColor();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(edited ? "Bring every number back to the notebook's"
                             : "Nothing changed yet: drag a number to try");
  same_line_if_fits(button_w(copy_label));
  if (ImGui::Button(copy_label)) ui->request(request::CopySnippet{});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A Python/numpy snippet that rebuilds these numbers, edits included");
  if (link_button) {
    same_line_if_fits(button_w(link_label));
    if (ImGui::Button(link_label)) ui->request(request::CopyLink{});
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A link to exactly this: lesson, step, settings and edited numbers");
  }
  if (theme_button) {
    same_line_if_fits(button_w(theme_label));
    if (ImGui::Button(theme_label)) ui->request(request::SetTheme{!view.dark});
  }

  for (size_t i = 0; i < view.notices.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - 40.0f);
    ImGui::TextUnformatted(view.notices[i].c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (ImGui::SmallButton("×")) ui->request(request::DismissNotice{static_cast<int>(i)});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss");
    ImGui::PopID();
  }
  if (ImGui::GetTime() < view.toast_until)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "%s", view.toast.c_str());
}

void StepBar::draw() {
  const Trace& t = ui->trace();
  const int n = static_cast<int>(t.steps.size());
  const int step = ui->view->step;
  const Palette& pal = palette();
  ImGui::Separator();
  ImGui::BeginDisabled(step == 0);
  if (ImGui::Button("◀##previous")) ui->request(request::GoToStep{step - 1});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Previous step (←)");
  // One marker per step, numbered; the current one filled.
  const float d = ImGui::GetFrameHeight();
  for (int s = 0; s < n; ++s) {
    ImGui::SameLine(0, s == 0 ? 10.0f : 4.0f);
    if (ImGui::GetContentRegionAvail().x < d + 60.0f) ImGui::NewLine();
    ImGui::PushID(s);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("##marker", ImVec2(d, d))) ui->request(request::GoToStep{s});
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 c(p.x + d * 0.5f, p.y + d * 0.5f);
    const bool current = s == step;
    if (current)
      dl->AddCircleFilled(c, d * 0.5f, pal.accent);
    else
      dl->AddCircle(c, d * 0.5f - 1.0f, hovered ? pal.accent : pal.grid, 0, hovered ? 2.0f : 1.5f);
    char label[16];
    std::snprintf(label, sizeof label, "%d", s + 1);
    const ImVec2 ts = ImGui::CalcTextSize(label);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), current ? IM_COL32_WHITE : pal.text,
                label);
    if (hovered) ImGui::SetTooltip("%d. %s", s + 1, t.steps[s].title.c_str());
    ImGui::PopID();
  }
  ImGui::SameLine(0, 10.0f);
  ImGui::BeginDisabled(step >= n - 1);
  if (ImGui::Button("▶##next")) ui->request(request::GoToStep{step + 1});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Next step (→)");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Step %d of %d", step + 1, n);
  ImGui::Separator();
}

}  // namespace attn::ui
