// Matrices drawn as coloured grids. The UI asks for a texture showing a
// matrix; the GL renderer (src/render/heatmap_gl.cpp) draws it with the project's own
// shader (shaders/heatmap.frag) and hands ImGui the texture. Tests use a
// renderer that draws nothing, so the same UI runs without GL.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/lesson/matrix_key.h"
#include "core/math/matrix.h"
#include "imgui.h"

namespace attn::ui {

struct ColorScale {
  enum class Kind { Diverging, Sequential };  // signed values around 0 / weights in [0, 1]
  Kind kind = Kind::Diverging;
  double lo = -1.0, hi = 1.0;
};

// Per-cell marks the shader draws over the colour.
enum CellFlag : uint8_t {
  kCellChanged = 1,    // differs from the notebook's value
  kCellMasked = 2,     // -inf: hidden by the causal mask
  kCellHighlight = 4,  // differs from the matrix it is compared with ("Your answer")
  kCellOverride = 8,   // a what-if number the learner set
  kCellRelated = 16,   // computed from, or feeding, the cell pointed at
  kCellCovered = 32,   // an open prediction's answer, not shown yet (core/logic/cover.h)
};

// What a heatmap shows, as a stable identity: one lesson's matrix at one place.
enum class HeatmapUse : uint8_t { Step, Thumbnail };
inline uint64_t heatmap_key(int lesson, const MatrixKey& key, HeatmapUse use) {
  return static_cast<uint64_t>(lesson) << 40 | static_cast<uint64_t>(use) << 32 | key.packed();
}

struct HeatmapRequest {
  uint64_t key = 0;                // heatmap_key(): textures are cached by it
  const Matrix* values = nullptr;  // (rows, cols)
  std::vector<uint8_t> flags;      // rows*cols CellFlag bits, or empty
  ColorScale scale;
  int width_px = 0, height_px = 0;  // framebuffer pixels of the drawn image
  bool grid = true;                 // lines between cells
};

class HeatmapRenderer {
 public:
  virtual ~HeatmapRenderer() = default;
  // The texture for this request. Called while the UI is built: a changed
  // content is only queued, so building a frame issues no GL work.
  virtual ImTextureID draw(const HeatmapRequest& request) = 0;
  // Draws the queued textures: after the UI is built, before it is rendered.
  // Leaves the viewport changed: the caller sets its own after.
  virtual void render_queued() = 0;
  virtual void set_dark(bool dark) = 0;
  // Once per frame: forgets textures not used for a while.
  virtual void end_frame() = 0;
};

// For headless tests: no GL, a fixed texture id, a count of draws, and each
// request handed to `on_draw` (tests read what the colours would show).
class NullHeatmapRenderer final : public HeatmapRenderer {
 public:
  ImTextureID draw(const HeatmapRequest& request) override {
    ++draws;
    if (on_draw) on_draw(request);
    return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(1));
  }
  void render_queued() override {}
  void set_dark(bool) override {}
  void end_frame() override {}
  int draws = 0;
  std::function<void(const HeatmapRequest&)> on_draw;
};

}  // namespace attn::ui
