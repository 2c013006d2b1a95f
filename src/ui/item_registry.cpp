// Where each labelled ImGui item was drawn last frame (item_registry.h).
#include "ui/item_registry.h"

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"

namespace attn::ui {

struct Registry {
  bool on = false;
  std::unordered_map<ImGuiID, ImRect> boxes;                    // this frame, by id
  std::unordered_map<std::string, ItemRect> current, previous;  // by label
  std::vector<std::string> overflowing, overflowed;             // this frame's, last frame's
};
// Cut off at its window's right edge, or reaching into the window's padding.
bool cut_at_edge(const ImGuiWindow* window, const ImRect& bb) {
  const float edge = std::min(window->ClipRect.Max.x, window->WorkRect.Max.x);
  return bb.Min.x < edge && bb.Max.x > edge + 1.0f;
}

Registry& registry() {
  static Registry r;
  return r;
}

void enable_item_registry(bool on) {
  registry().on = on;
  if (ImGui::GetCurrentContext()) ImGui::GetCurrentContext()->TestEngineHookItems = on;
}

bool item_registry_enabled() { return registry().on; }

void name_last_item(std::string name) {
  Registry& r = registry();
  if (!r.on || !ImGui::GetCurrentContext()) return;
  const ImGuiContext* g = ImGui::GetCurrentContext();
  const ImRect bb = g->LastItemData.Rect;
  const bool cut = cut_at_edge(g->CurrentWindow, bb);
  if (cut) r.overflowing.push_back(name);
  r.current[std::move(name)] = {bb.Min.x, bb.Min.y, bb.Max.x, bb.Max.y, cut};
}

void name_current_window(std::string name) {
  Registry& r = registry();
  if (!r.on || !ImGui::GetCurrentContext()) return;
  const ImGuiWindow* w = ImGui::GetCurrentContext()->CurrentWindow;
  r.current[std::move(name)] = {w->Pos.x, w->Pos.y, w->Pos.x + w->Size.x, w->Pos.y + w->Size.y,
                                false};
}

void item_registry_new_frame() {
  Registry& r = registry();
  if (ImGui::GetCurrentContext()) ImGui::GetCurrentContext()->TestEngineHookItems = r.on;
  if (!r.on) return;
  r.previous.swap(r.current);
  r.current.clear();
  r.overflowed.swap(r.overflowing);
  r.overflowing.clear();
  r.boxes.clear();
}

bool find_item(std::string_view label, ItemRect* out) {
  const Registry& r = registry();
  auto it = r.previous.find(std::string(label));
  if (it == r.previous.end()) return false;
  *out = it->second;
  return true;
}

std::vector<std::string> overflowing_items() { return registry().overflowed; }

std::string items_json() {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [label, rect] : registry().previous)
    j[label] = {rect.x0, rect.y0, rect.x1, rect.y1};
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace attn::ui

// ImGui calls these when built with IMGUI_ENABLE_TEST_ENGINE (see cmake/dependencies.cmake).
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& bb, ImGuiID id) {
  attn::ui::registry().boxes[id] = bb;
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* context, ImGuiID id, const char* label,
                                  ImGuiItemStatusFlags) {
  auto& r = attn::ui::registry();
  auto it = r.boxes.find(id);
  if (!label || it == r.boxes.end()) return;
  const ImRect& bb = it->second;
  // The visible label (up to "##") must fit the item, and the item the window.
  const float text_w = ImGui::CalcTextSize(label, nullptr, true).x;
  const bool cut = attn::ui::cut_at_edge(context->CurrentWindow, bb);
  const attn::ui::ItemRect rect{bb.Min.x, bb.Min.y, bb.Max.x, bb.Max.y,
                                text_w > bb.GetWidth() + 1.0f || cut};
  r.current[label] = rect;
  if (rect.overflows) r.overflowing.push_back(label);
  // Also by its "##id" part alone, so tests need not spell the visible text.
  if (const char* hidden = std::strstr(label, "##"); hidden && hidden != label)
    r.current[hidden] = rect;
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
