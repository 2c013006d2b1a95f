// Placing labelled items so they fit the panel in every language (layout.h).
#include "ui/layout.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"  // the windows' list, for layout_fingerprint()
#include "ui/fonts.h"
#include "ui/item_registry.h"

namespace attn::ui {

void muted_wrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", wrappable(text).c_str());
  ImGui::PopStyleColor();
}

float floating_text_width() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float screen =
      ImGui::GetIO().DisplaySize.x -
      2.0f * (st.WindowPadding.x + st.DisplaySafeAreaPadding.x + st.WindowBorderSize);
  return std::max(ImGui::GetFontSize() * 6.0f, std::min(screen, ImGui::GetFontSize() * 32.0f));
}

void tooltip(std::string_view text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + floating_text_width());
  ImGui::TextUnformatted(wrappable(text).c_str());
  ImGui::PopTextWrapPos();
  if (item_registry_enabled()) name_current_window("##tooltip");
  ImGui::EndTooltip();
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + width > right) ImGui::NewLine();
}

float toggle_width(const char* label) {
  const ImGuiStyle& st = ImGui::GetStyle();
  return ImGui::GetFrameHeight() + st.ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

std::string wrap_label(std::string_view text, float width) {
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  std::string out;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  while (p < end) {
    const char* next = font->CalcWordWrapPositionA(scale, p, end, std::max(width, 1.0f));
    if (next == p) ++next;                                // at least one character per line
    while (next < end && (*next & 0xC0) == 0x80) ++next;  // never inside a character
    std::string_view line(p, static_cast<size_t>(next - p));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n')) line.remove_suffix(1);
    if (!out.empty()) out += '\n';
    out += line;
    p = next;
    while (p < end && (*p == ' ' || *p == '\n')) ++p;
  }
  return out;
}

uint64_t layout_fingerprint() {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the windows' floats
  auto mix_bits = [&h](uint32_t bits) {
    for (int i = 0; i < 4; ++i) h = (h ^ ((bits >> (8 * i)) & 0xFF)) * 1099511628211ull;
  };
  auto mix = [&mix_bits](float v) {
    uint32_t bits;
    static_assert(sizeof bits == sizeof v);
    std::memcpy(&bits, &v, sizeof bits);
    mix_bits(bits);
  };
  for (const ImGuiWindow* w : GImGui->Windows) {
    if (!w->Active) continue;  // drawn this frame (WasActive: the frame before)
    // Where the frame's content reached (CursorMaxPos) and a scroll asked for
    // (ScrollTarget) are what the next frame's content size and scroll come
    // from: a change there is a layout that has not settled yet.
    for (const ImVec2& v :
         {w->Pos, w->Size, w->Scroll, w->ContentSize, w->DC.CursorMaxPos, w->ScrollTarget}) {
      mix(v.x);
      mix(v.y);
    }
    mix_bits(w->ID);
  }
  return h;
}

}  // namespace attn::ui
