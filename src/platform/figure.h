// Figures for slides: the step (or one matrix) drawn off screen at a chosen
// scale and theme, as a PNG. Both shells call make_figure after a frame.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn::app {
class App;
}

namespace attn::platform {

struct Figure {
  uint64_t id = 0;        // the app's job: the API's answer names it
  std::string error;      // why it could not be drawn ("" when it was)
  std::string file_name;  // "the-cat-sat-step4.png"
  std::vector<unsigned char> png;
  int width = 0, height = 0;  // pixels
  float scale = 1.0f;         // as asked, or less where the GPU's limit is smaller
  bool download = true;       // asked for by the learner (the page saves the file)
};

// The oldest figure the app was asked for, drawn, or with `error` saying why
// not (the lesson changed since, or a GPU that cannot draw off screen).
// Empty when none waits. Call it after the frame was drawn and before the
// next ImGui::NewFrame; `pixel_ratio` is the screen's, whose fonts come back
// afterwards.
std::optional<Figure> make_figure(app::App& app, float pixel_ratio);

}  // namespace attn::platform
