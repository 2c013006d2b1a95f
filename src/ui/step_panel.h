// The current step: its title, formula and explanation in the notebook's
// terms, and its matrices laid out side by side where they fit, each result
// beside the numbers it is computed from.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ui/activity_panel.h"
#include "ui/cache_panel.h"
#include "ui/context.h"
#include "ui/order_panel.h"
#include "ui/training_panel.h"

namespace attn::ui {

struct StepPanel {
  UiContext* ui = nullptr;
  void draw();
  // The step for a slide (App::draw_figure): its title, formula, text and
  // matrices, or only matrix `only` (-1: all), with no controls; what an open
  // prediction covers stays covered.
  void draw_figure(int only);
  // Alt+arrows: on a token's cell move the token (OrderPanel::handle_keys);
  // on a step of the KV cache, the token made (CachePanel::handle_keys).
  bool handle_panel_keys();
  // The matrices on screen, in the order they are drawn (operands first);
  // while a prediction is open (and `veiled`), only the operands.
  std::vector<int> matrices_in_order(bool veiled = true) const;
  // The open question's slider has the keyboard (ActivityPanel).
  bool estimate_has_keys() const { return activities_.estimate_has_keys(); }

 private:
  void draw_heading();
  void draw_text(bool veiled);
  void draw_stale_text(bool veiled);
  // What the height held above the matrices was measured on.
  struct Hold {
    int lesson = -1, step = -1;
    const Prediction* open = nullptr;
    size_t answers = 0;
    std::string challenge, language;
    long width = 0;
    bool operator==(const Hold&) const = default;
  };
  Hold hold_key() const;
  void hold_above(float top, bool same, bool pressing);
  void draw_matrices(const std::vector<int>& order, bool figure);

  ActivityPanel activities_;
  OrderPanel order_;
  CachePanel cache_;
  TrainingPanel training_;
  // The prediction open last frame, on (lesson, step): once it is answered
  // (or skipped), its reveal and the step's result scroll into view.
  const Prediction* open_before_ = nullptr;
  std::pair<int, int> open_on_{-1, -1};
  float held_above_ = 0.0f;  // height above the matrices, kept (hold_above)
  Hold hold_;
};

}  // namespace attn::ui
