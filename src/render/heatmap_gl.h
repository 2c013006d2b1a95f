// HeatmapRenderer on OpenGL 3.3 / WebGL2: each matrix is uploaded as an RG32F
// texture (value, flags) and drawn by shaders/heatmap.frag into an RGBA8
// framebuffer texture at the size it is shown, so grids stay crisp.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ui/heatmap.h"

namespace attn::render {

using ui::ColorScale;
using ui::HeatmapRequest;

class GlHeatmapRenderer final : public ui::HeatmapRenderer {
 public:
  // `glsl_version` is the shader header: "#version 300 es" or "#version 330 core".
  explicit GlHeatmapRenderer(std::string glsl_version);
  ~GlHeatmapRenderer() override;

  ImTextureID draw(const HeatmapRequest& request) override;
  void render_queued() override;
  void set_dark(bool dark) override;
  void end_frame() override;

  // After a lost GL context: forget every GL object without deleting it.
  void context_lost();
  // Builds the shader program now rather than at the first draw (the web
  // shell does it in a start-up step of its own); false if it cannot be built.
  bool ensure_program();

 private:
  struct Entry;
  void release(Entry& e);
  void render(Entry& e);

  std::string glsl_version_;
  unsigned program_ = 0, vao_ = 0;
  int max_texture_ = 0;  // GL_MAX_TEXTURE_SIZE
  int u_values_ = -1, u_cells_ = -1, u_size_ = -1, u_range_ = -1, u_kind_ = -1, u_dark_ = -1,
      u_grid_ = -1;
  bool dark_ = false;
  bool broken_ = false;  // the shader failed to build: draw nothing rather than fail every frame
  uint64_t frame_ = 0;
  std::unordered_map<uint64_t, std::unique_ptr<Entry>> entries_;
  std::vector<uint64_t> queued_;  // keys of entries to draw in render_queued()
};

}  // namespace attn::render
