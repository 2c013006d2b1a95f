// An ImGui context with no window and no GL: the UI's frames run for real
// (layout, widgets, input) and draw into nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/api.h"
#include "app/app.h"
#include "imgui.h"
#include "ui/heatmap.h"
#include "ui/item_registry.h"

namespace attn::test {

class HeadlessUi {
 public:
  // Starts the app with these parameters, as a shell would.
  explicit HeadlessUi(app::StartParameters start = {}, ImVec2 size = ImVec2(1280, 800));
  // As the page starts it: no built-in lesson's file but these, handed over
  // before start (App::LessonFiles::provided).
  HeadlessUi(app::StartParameters start, ImVec2 size, const std::vector<std::string>& provided);
  ~HeadlessUi();

  app::App& app() { return *app_; }
  app::Api& api() { return *api_; }
  void frame();  // one frame with the current input
  void set_size(ImVec2 size) { size_ = size; }
  void frames(int n) {
    for (int i = 0; i < n; ++i) frame();
  }
  // Moves the mouse to the centre of a labelled item and presses, drags by
  // (dx, 0) in `moves` frames (a frame is 1/60 s), releases. False if the item is not shown.
  bool drag(std::string_view label, float dx, int moves = 5);
  bool click(std::string_view label);
  void key(int imgui_key);  // press and release, held one frame each (1.86 drops shorter presses)
  // The text the last frame drew, read back from its draw lists: each glyph
  // quad's texture corner names the character (spaces where glyphs stand
  // apart, a line break where a line ends). What is on screen, whatever drew it.
  std::string drawn_text() const;
  // The runs of text the last frame drew that run past the right edge of
  // what clips them (a word cut off by its panel), as their glyphs spell them.
  std::vector<std::string> cut_text() const;
  ui::NullHeatmapRenderer heatmaps;

 private:
  ImGuiContext* context_;
  std::unique_ptr<app::App> app_;
  std::unique_ptr<app::Api> api_;
  bool settled_rect(std::string_view label, ui::ItemRect* r);
  void fonts();  // rebuilds the atlas when the app says it changed
  ImVec2 size_;
  HeadlessUi(app::StartParameters start, ImVec2 size, const std::vector<std::string>& provided,
             bool page);
};

}  // namespace attn::test
