// Placing labelled items so they fit the panel whatever the language: ImGui
// 1.86 neither wraps a button's or a checkbox's label nor moves an item that
// does not fit to the next line. tests/app/translations_test.cpp checks every
// label fits, from the item registry.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace attn::ui {

// ImGui::SameLine() when an item `width` wide still fits after the last item,
// else nothing (the item goes on the next line).
void same_line_if_fits(float width);
// The width of a checkbox or radio button with this label.
float toggle_width(const char* label);
// `text` broken into lines no wider than `width` (at spaces, or anywhere in
// text without them, as Chinese), for a button's or a checkbox's label.
std::string wrap_label(std::string_view text, float width);
// A muted paragraph (a side note), wrapped to the panel.
void muted_wrapped(const std::string& text);

// The widest a tooltip's or a small popup's text goes: a comfortable line,
// and never wider than the screen (a phone's is 390 px wide).
float floating_text_width();
// A tooltip for the item hovered: `text` wrapped to floating_text_width(), so
// that it stays inside the screen (ImGui::SetTooltip never wraps). Named
// "##tooltip" in the item registry, its window's rectangle.
void tooltip(std::string_view text);

// Where the last UI frame put every window: its place, size, scroll, content
// size, and where this frame's content reached and a scroll was asked for. ImGui settles some
// layouts a frame late (a window's content size, a child's scrollbar), so a loop that stops drawing
// while idle stops only once two frames in a row give the same fingerprint: the picture on screen
// is then the layout the next press meets.
uint64_t layout_fingerprint();

}  // namespace attn::ui
