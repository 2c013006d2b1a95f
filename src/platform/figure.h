// Figures for slides: the step (or one matrix) drawn off screen at a chosen
// scale and theme, as a PNG. Both shells call make_figure after a frame.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace attn::app {
class App;
}

namespace attn::platform {

struct Figure {
  std::string file_name;  // "the-cat-sat-step4.png"
  std::vector<unsigned char> png;
  int width = 0, height = 0;  // pixels
  float scale = 1.0f;         // as asked, or less where the GPU's limit is smaller
  bool download = true;       // asked for by the learner (the page saves the file)
};

// The figure the app was asked for this frame, if any. Call it after the
// frame was drawn and before the next ImGui::NewFrame; `pixel_ratio` is the
// screen's, whose fonts come back afterwards. Empty with nothing asked (or
// with a GPU that cannot draw off screen: then `error` says why).
std::optional<Figure> make_figure(app::App& app, float pixel_ratio, std::string* error);

}  // namespace attn::platform
