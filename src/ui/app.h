// The whole UI: the lesson picker, step navigation, the step, and the side
// panels, drawn by one frame function. Platform shells own the window and
// the loop and call frame() between ImGui::NewFrame() and ImGui::Render().
// The same methods serve the page's window.attention API and the tests.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson.h"
#include "core/session.h"
#include "ui/context.h"
#include "ui/side_panels.h"
#include "ui/step_panel.h"

namespace attn::ui {

struct AppOptions {
  std::string lesson;  // a lesson id; empty: the first
  int step = 0;
  bool dark = false;
  bool embed = false;
  std::string state;  // the learner's changes from a shared link (core/state_link.h)
};

class App {
 public:
  App(HeatmapRenderer* heatmaps, AppOptions options);

  // Fonts rasterised at this device-pixel ratio. Returns true when the atlas
  // was rebuilt (the renderer must then recreate its font texture).
  bool set_pixel_ratio(float ratio);

  // Builds this frame's UI.
  void frame();
  // True while something on screen animates, so frames must keep coming.
  bool animating() const;

  // --- The API (window.attention, postMessage, tests) ------------------------
  std::vector<std::string> lesson_ids() const;
  std::string set_lesson(std::string_view id);  // "" or why not
  // Loads a lesson file and shows it; on error the current lesson stays.
  std::string add_lesson(std::string_view json, std::string_view source);
  bool set_step(int step);
  std::string set_value(std::string_view matrix, int row, int col, double value);
  void reset();
  void set_dark(bool dark);
  std::string trace_json() const;
  std::string state_json() const;
  std::string numpy_snippet() const;
  // A message the learner sees at the top (bad input, a lesson that failed).
  void notice(std::string text);
  // Applies a shared link's changes to the current lesson; "" or why not.
  std::string apply_state(std::string_view state);

  // Set by a platform that can make links (the web page): shows "Copy link",
  // which calls it with {"lesson", "step", "theme", "state"} as JSON.
  std::function<void(const std::string&)> on_copy_link;

  Session& session() { return *session_; }
  const ViewState& view() const { return view_; }
  // Bumps whenever what state_json() reports changes.
  uint64_t state_version() const;

 private:
  void draw_top_bar();
  void draw_step_bar();
  void draw_body();
  void handle_keys();
  void select(size_t lesson_index);
  void show_toast(std::string text);  // a short confirmation, for 2 s

  struct LessonSlot {
    Lesson lesson;
    std::unique_ptr<Session> session;  // made when first opened; keeps the learner's edits
    bool builtin = false;              // one of the eight, not a file
  };

  HeatmapRenderer* heatmaps_;
  std::vector<LessonSlot> lessons_;
  size_t current_ = 0;
  Session* session_ = nullptr;
  ViewState view_;
  Fonts fonts_;
  float pixel_ratio_ = 0.0f;
  UiContext ui_;
  StepPanel step_panel_;
  PipelinePanel pipeline_panel_;
  SoftmaxPanel softmax_panel_;
  SettingsPanel settings_panel_;
  std::vector<std::string> notices_;
  double toast_until_ = 0.0;  // "Copied" fades out
  std::string toast_;
  uint64_t view_version_ = 0;
};

}  // namespace attn::ui
