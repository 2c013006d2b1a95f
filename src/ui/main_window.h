// The app's one window: the two bars, the step, the live result kept in view,
// the side panels, laid out for the screen's shape; the keyboard's quick keys;
// and the number editor over them. Like every panel it reads the UiContext and
// only requests changes (src/app/app.h applies them).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ui/bars.h"
#include "ui/context.h"
#include "ui/live_panel.h"
#include "ui/number_editor.h"
#include "ui/side_panels.h"
#include "ui/step_panel.h"

namespace attn::ui {

class MainWindow {
 public:
  explicit MainWindow(UiContext* ui);

  // The whole frame's interface, as ImGui windows (between ImGui::NewFrame()
  // and ImGui::EndFrame()).
  void draw();
  // One frame of a figure for slides: the step's title, formula, text and
  // matrices (or only matrix `only`; -1 for all), without controls, in a
  // window `width` wide (0: as wide as a slide). Returns the size it took.
  ImVec2 draw_figure(int only, float width);

  // The step's matrices on screen, in the order drawn; while a prediction is
  // open (and `veiled`), only those it leaves shown.
  std::vector<int> matrices_in_order(bool veiled = true) const {
    return step_panel_.matrices_in_order(veiled);
  }
  // Where Tab (by = 1) or Shift+Tab (by = -1) moves the keyboard: the next
  // matrix on screen whose numbers can change; none past either end.
  CellRef next_focus(int by) const;

  void open_number_editor(const CellRef& cell, const std::string& typed) {
    number_editor_.open(cell, typed);
  }
  bool number_editor_open() const { return number_editor_.is_open(); }

 private:
  void handle_keys();
  void draw_body();
  float live_height(float most, float least);

  UiContext* ui_;
  TopBar top_bar_;
  StepBar step_bar_;
  StepPanel step_panel_;
  LivePanel live_panel_;
  PipelinePanel pipeline_panel_;
  TemperaturePanel temperature_panel_;
  SettingsPanel settings_panel_;
  NumberEditor number_editor_;
  std::pair<int, int> shown_step_{-1, -1};  // (lesson, step) drawn last
  // Kept while a press is held (draw_body): the live panel's height, where
  // the step panel's content reached.
  float held_live_h_ = 0.0f, held_bottom_ = 0.0f;
  // The tallest the live result has been in this lesson at this window size (live_height).
  float tallest_live_h_ = 0.0f;
  int tallest_live_lesson_ = -1;
  ImVec2 tallest_live_display_{0.0f, 0.0f};
};

}  // namespace attn::ui
