// The light and dark themes: ImGui's colours and the panels' palette (theme.h).
#include "ui/theme.h"

namespace attn::ui {

namespace {

ImVec4 rgb(int hex, float alpha = 1.0f) {
  return ImVec4(((hex >> 16) & 0xFF) / 255.0f, ((hex >> 8) & 0xFF) / 255.0f, (hex & 0xFF) / 255.0f,
                alpha);
}
ImU32 u32(int hex, float alpha = 1.0f) { return ImGui::ColorConvertFloat4ToU32(rgb(hex, alpha)); }
int accent_of(bool dark) { return dark ? 0x5AA9E6 : 0x1F6FB2; }

// The style's colours of a theme (over ImGui's own light or dark ones).
void set_colours(ImVec4* c, bool dark) {
  const int accent = accent_of(dark);
  if (dark) {
    c[ImGuiCol_WindowBg] = rgb(0x1E1F22);
    c[ImGuiCol_ChildBg] = rgb(0x25262A);
    c[ImGuiCol_Text] = rgb(0xE8E8EA);
    c[ImGuiCol_TextDisabled] = rgb(0x9A9CA3);
    c[ImGuiCol_Border] = rgb(0x3A3C42);
    c[ImGuiCol_FrameBg] = rgb(0x2F3136);
  } else {
    c[ImGuiCol_WindowBg] = rgb(0xF7F7F5);
    c[ImGuiCol_ChildBg] = rgb(0xFFFFFF);
    c[ImGuiCol_Text] = rgb(0x1D1D1F);
    c[ImGuiCol_TextDisabled] = rgb(0x5F6368);  // 5.9:1 on white: readable, not just decorative
    c[ImGuiCol_Border] = rgb(0xD5D7DB);
    c[ImGuiCol_FrameBg] = rgb(0xFFFFFF);
    c[ImGuiCol_PopupBg] = rgb(0xFFFFFF);
  }
  c[ImGuiCol_Button] = rgb(accent, dark ? 0.30f : 0.12f);
  c[ImGuiCol_ButtonHovered] = rgb(accent, dark ? 0.50f : 0.25f);
  c[ImGuiCol_ButtonActive] = rgb(accent, dark ? 0.70f : 0.40f);
  c[ImGuiCol_Header] = rgb(accent, dark ? 0.30f : 0.14f);
  c[ImGuiCol_HeaderHovered] = rgb(accent, dark ? 0.45f : 0.24f);
  c[ImGuiCol_HeaderActive] = rgb(accent, dark ? 0.60f : 0.34f);
  c[ImGuiCol_SliderGrab] = rgb(accent);
  c[ImGuiCol_SliderGrabActive] = rgb(accent);
  c[ImGuiCol_CheckMark] = rgb(accent);
  c[ImGuiCol_FrameBgHovered] = rgb(accent, 0.12f);
  c[ImGuiCol_FrameBgActive] = rgb(accent, 0.22f);
}

// The colours the panels draw themselves, with the style's they share.
Palette make_palette(bool dark) {
  ImVec4 c[ImGuiCol_COUNT] = {};
  set_colours(c, dark);
  const int accent = accent_of(dark);
  Palette p;
  p.text = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_Text]);
  p.text_muted = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_TextDisabled]);
  p.accent = u32(accent);
  p.accent_soft = u32(accent, 0.18f);
  p.changed = dark ? u32(0xFF73B3) : u32(0xCC1A73);
  p.positive = dark ? u32(0xE0835A) : u32(0xD9622B);
  p.negative = dark ? u32(0x5C93D6) : u32(0x3D78C9);
  p.grid = dark ? u32(0x3A3C42) : u32(0xDADCE0);
  p.panel = ImGui::ColorConvertFloat4ToU32(c[ImGuiCol_ChildBg]);
  // White on the dark theme's light blue is 2.5:1; the window's own dark is 6.6:1.
  p.on_accent = dark ? u32(0x1E1F22) : u32(0xFFFFFF);
  p.override_mark = dark ? u32(0xC299FF) : u32(0x7338BF);
  p.related = dark ? u32(0x8C731A) : u32(0xFFDB73);
  p.good = dark ? u32(0x74C476) : u32(0x1E7B34);
  p.bad = dark ? u32(0xF28B82) : u32(0xB3261E);
  const int series_light[8] = {0x1F77B4, 0xD95F02, 0x2CA02C, 0x9467BD,
                               0x8C564B, 0xE7298A, 0x17BECF, 0x7F7F7F};
  const int series_dark[8] = {0x6BAED6, 0xFD8D3C, 0x74C476, 0xB39DDB,
                              0xC49C94, 0xF781BF, 0x4DD0E1, 0xBDBDBD};
  for (int i = 0; i < 8; ++i) p.series[i] = u32(dark ? series_dark[i] : series_light[i]);
  return p;
}

}  // namespace

void apply_theme(bool dark, bool touch) {
  ImGuiStyle& s = ImGui::GetStyle();
  s = ImGuiStyle();
  if (dark)
    ImGui::StyleColorsDark(&s);
  else
    ImGui::StyleColorsLight(&s);
  s.WindowRounding = 0.0f;
  s.ChildRounding = 6.0f;
  s.FrameRounding = 5.0f;
  s.PopupRounding = 6.0f;
  s.GrabRounding = 5.0f;
  s.TabRounding = 5.0f;
  s.ScrollbarRounding = 6.0f;
  s.ScrollbarSize = 14.0f;
  s.FramePadding = ImVec2(8, 5);
  s.ItemSpacing = ImVec2(8, 7);
  s.WindowPadding = ImVec2(12, 10);
  s.WindowBorderSize = 0.0f;
  s.ChildBorderSize = 1.0f;
  s.FrameBorderSize = dark ? 0.0f : 1.0f;
  s.GrabMinSize = 14.0f;
  if (touch) {  // 44 px targets (15 px text + 2 × 14.5 px), room between them
    s.FramePadding = ImVec2(12, 14.5f);
    s.ItemSpacing = ImVec2(8, 8);
    s.ScrollbarSize = 18.0f;
    s.GrabMinSize = 28.0f;
  }

  set_colours(s.Colors, dark);
}

const Palette& palette(bool dark) {
  static const Palette light = make_palette(false), dark_palette = make_palette(true);
  return dark ? dark_palette : light;
}

}  // namespace attn::ui
