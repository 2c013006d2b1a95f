// Where each labelled ImGui item was drawn last frame, from ImGui 1.86's
// test-engine hooks. Tests (headless and in the browser) use it to click and
// drag real widgets by name, e.g. "##W_q:0:1" or "Reset to notebook values".
// Cells take their ImGui ids from integers (PushID), so their test names are
// given separately with name_last_item(), and only while the registry is on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace attn::ui {

struct ItemRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  // Whether its label does not fit: wider than the item, or the item cut off
  // at the right edge of the window it is in (a translation too long).
  bool overflows = false;
};

void enable_item_registry(bool on);
bool item_registry_enabled();
void item_registry_new_frame();  // call at the start of each UI frame
// Records the last item's rectangle under `name` (call only when enabled:
// building the name costs more than drawing the cell).
void name_last_item(std::string name);
// Records the rectangle of the window being drawn (a tooltip, a popup) under `name`.
void name_current_window(std::string name);
bool find_item(std::string_view label, ItemRect* out);
// {"label": [x0, y0, x1, y1], ...} for every labelled item of the last frame.
std::string items_json();
// The labels of last frame's items that overflow (ItemRect::overflows).
std::vector<std::string> overflowing_items();

}  // namespace attn::ui
