// The real UI with no window and no GL, for the tests (headless.h).
#include "support/headless.h"

#include <cmath>
#include <map>
#include <set>

#include "core/load/builtin_lessons.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"

namespace attn::test {

namespace {
void ImTextCharToUtf8_append(std::string& out, unsigned int c) {
  char buf[5] = {};
  ImTextCharToUtf8(buf, c);
  out += buf;
}
// Key indices for io.KeysDown: ImGuiKey values themselves, mapped 1:1.
void map_keys(ImGuiIO& io) {
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;
}
}  // namespace

HeadlessUi::HeadlessUi(app::StartParameters start, ImVec2 size)
    : HeadlessUi(std::move(start), size, {}, false) {}

HeadlessUi::HeadlessUi(app::StartParameters start, ImVec2 size,
                       const std::vector<std::string>& provided)
    : HeadlessUi(std::move(start), size, provided, true) {}

HeadlessUi::HeadlessUi(app::StartParameters start, ImVec2 size,
                       const std::vector<std::string>& provided, bool page)
    : size_(size) {
  context_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = size;
  io.DeltaTime = 1.0f / 60.0f;
  map_keys(io);
  app_ = std::make_unique<app::App>(
      &heatmaps, page ? app::App::LessonFiles::provided : app::App::LessonFiles::compiled_in);
  api_ = std::make_unique<app::Api>(*app_);
  for (const std::string& id : provided)
    app_->provide_asset({app::AssetKind::lesson, id}, std::string(builtin_lesson_file(id)));
  app_->start(start);
  fonts();
  ui::enable_item_registry(true);
}

void HeadlessUi::fonts() {
  if (!app_->set_pixel_ratio(1.0f)) return;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas; no GPU to upload to
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(1)));
}

HeadlessUi::~HeadlessUi() {
  ui::enable_item_registry(false);
  api_.reset();
  app_.reset();
  ImGui::DestroyContext(context_);
}

void HeadlessUi::frame() {
  fonts();  // as a shell does before each frame: a lesson may need more glyphs
  ImGui::GetIO().DisplaySize = size_;
  ImGui::NewFrame();
  app_->frame();
  ImGui::Render();
}

std::string HeadlessUi::drawn_text() const {
  // Each glyph's top-left texture corner, in every font of the atlas.
  std::map<std::pair<float, float>, const ImFontGlyph*> glyphs;
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (const ImFont* font : atlas->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible) glyphs.emplace(std::pair{g.U0, g.V0}, &g);
  std::string out;
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return out;
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImVector<ImDrawVert>& v = data->CmdLists[l]->VtxBuffer;
    float last_x = -1e9f, last_y = -1e9f, last_h = 0.0f;
    for (int i = 0; i + 2 < v.Size; ++i) {
      const auto it = glyphs.find({v[i].uv.x, v[i].uv.y});
      // A glyph quad: corners a, b, c, d with c's corner at (U1, V1).
      if (it == glyphs.end() || v[i + 2].uv.x != it->second->U1 || v[i + 2].uv.y != it->second->V1)
        continue;
      const ImFontGlyph& g = *it->second;
      // Where the glyph's pen position was, and where the next one's would be.
      // Lines apart by their pen's y (the quad's top less the glyph's offset:
      // the same for every glyph of a line, "." and "T" alike).
      const float origin = v[i].pos.x - g.X0, y = v[i].pos.y - g.Y0,
                  h = v[i + 2].pos.y - v[i].pos.y;
      if (std::fabs(y - last_y) > 1.0f)
        out += '\n';
      else if (origin - last_x > 0.25f * std::max(h, last_h) || origin < last_x - 1.0f)
        out += ' ';
      ImTextCharToUtf8_append(out, g.Codepoint);
      last_x = origin + g.AdvanceX;
      last_y = y;
      last_h = h;
      i += 3;  // the quad's other corners
    }
    out += '\n';
  }
  return out;
}

std::vector<std::string> HeadlessUi::cut_text() const {
  std::map<std::pair<float, float>, const ImFontGlyph*> glyphs;
  for (const ImFont* font : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible) glyphs.emplace(std::pair{g.U0, g.V0}, &g);
  std::vector<std::string> out;
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return out;
  // A panel that scrolls sideways shows part of its text on purpose (a wide
  // matrix's numbers, with their scrollbar).
  std::set<const ImDrawList*> sideways;
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (w->ScrollMax.x > 0.0f) sideways.insert(w->DrawList);
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList& list = *data->CmdLists[l];
    if (sideways.count(&list)) continue;
    // Each vertex's clip rectangle, from the command that draws it.
    std::vector<ImVec4> clip(list.VtxBuffer.Size, ImVec4(-1e9f, -1e9f, 1e9f, 1e9f));
    for (const ImDrawCmd& cmd : list.CmdBuffer)
      for (unsigned e = 0; e < cmd.ElemCount; ++e)
        clip[cmd.VtxOffset + list.IdxBuffer[cmd.IdxOffset + e]] = cmd.ClipRect;
    const ImVector<ImDrawVert>& v = list.VtxBuffer;
    std::string run;
    bool cut = false;
    float last_x = -1e9f, last_y = -1e9f;
    auto flush = [&] {
      if (cut && !run.empty()) out.push_back(run);
      run.clear();
      cut = false;
    };
    for (int i = 0; i + 2 < v.Size; ++i) {
      const auto it = glyphs.find({v[i].uv.x, v[i].uv.y});
      if (it == glyphs.end() || v[i + 2].uv.x != it->second->U1 || v[i + 2].uv.y != it->second->V1)
        continue;
      const ImFontGlyph& g = *it->second;
      const float origin = v[i].pos.x - g.X0, y = v[i].pos.y - g.Y0;
      if (std::fabs(y - last_y) > 1.0f || origin - last_x > 20.0f || origin < last_x - 1.0f)
        flush();
      ImTextCharToUtf8_append(run, g.Codepoint);
      // Part of the glyph, or all of it, past the right edge of its clip.
      if (v[i + 2].pos.x > clip[i].z + 0.5f && v[i].pos.x < clip[i].z + 200.0f) cut = true;
      last_x = origin + g.AdvanceX;
      last_y = y;
      i += 3;
    }
    flush();
  }
  return out;
}

bool HeadlessUi::settled_rect(std::string_view label, ui::ItemRect* r) {
  // Wait (a bounded number of frames) until the item stays put: a panel that
  // sizes itself from its last frame may still move it.
  if (!ui::find_item(label, r)) return false;
  for (int i = 0; i < 8; ++i) {
    frame();
    ui::ItemRect now;
    if (!ui::find_item(label, &now)) return false;
    const bool still = now.x0 == r->x0 && now.y0 == r->y0 && now.x1 == r->x1 && now.y1 == r->y1;
    *r = now;
    if (still) return true;
  }
  return true;
}

bool HeadlessUi::drag(std::string_view label, float dx, int moves) {
  ui::ItemRect r;
  if (!settled_rect(label, &r)) return false;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 centre((r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f);
  io.MousePos = centre;
  frame();  // hover first, as a real pointer does
  io.MouseDown[0] = true;
  frame();
  for (int i = 1; i <= moves; ++i) {
    io.MousePos = ImVec2(centre.x + dx * i / static_cast<float>(moves), centre.y);
    frame();
  }
  io.MouseDown[0] = false;
  frame();
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  frame();
  return true;
}

bool HeadlessUi::click(std::string_view label) {
  ui::ItemRect r;
  if (!settled_rect(label, &r)) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2((r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f);
  frame();
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  frame();
  return true;
}

void HeadlessUi::key(int imgui_key) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[imgui_key] = true;
  frame();
  io.KeysDown[imgui_key] = false;
  frame();
}

}  // namespace attn::test
