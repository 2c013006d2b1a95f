// Light (the default: course pages are mostly light) and dark themes, and the
// few colours the panels draw themselves. Which theme is shown is the app's
// view state's (ViewState::dark): ImGui's style follows it (App applies it),
// and panels take their colours from it (UiContext::palette()).
#pragma once

#include "imgui.h"

namespace attn::ui {

struct Palette {
  ImU32 text, text_muted, accent, accent_soft, changed, positive, negative, grid, panel;
  ImU32 on_accent;      // text on a filled accent (the current step's marker)
  ImU32 override_mark;  // what-if numbers (the shader's violet)
  ImU32 related;        // cells computed from or feeding the one pointed at
  ImU32 good, bad;      // a right answer, a wrong one
  ImU32 series[8];      // one colour per key in plots
};

// Sets ImGui's style to a theme. `touch`: a finger is the pointer, so every
// button is at least 44 px tall.
void apply_theme(bool dark, bool touch);
// The colours of the light or dark theme.
const Palette& palette(bool dark);

// Flags for every window and child the app draws: Tab belongs to the app's
// keyboard focus on the numbers (App::handle_keys), so ImGui's own Tab (into
// the next text field of the focused window) is turned off.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoNavInputs;

}  // namespace attn::ui
