// Predictions and challenges on the canvas (core/lesson/activity.h). Above the
// step's numbers: the step's open prediction (its question, and buttons or a
// slider to answer it, or Skip), the answers given with what they reveal, and
// the challenge the learner took on, which follows them to every step so they
// can change numbers anywhere and watch the goal. Under them: the step's own
// challenges.
#pragma once

#include <string>

#include "ui/context.h"

namespace attn::ui {

// Under a reveal, when the learner's numbers changed the answer since: a line
// of its own (the reveal speaks of the numbers it was answered on).
// A question that reads numbers an earlier open one (at step `step`, from 1)
// keeps covered: where to go first. The text view says the same.
std::string waits_text(int step);
// A challenge's rules broken: what it allows, and how to take the rest back.
std::string rules_broken_text(const std::string& allowed);

struct ActivityPanel {
  UiContext* ui = nullptr;
  // Above the step's text: the challenge taken on elsewhere, the step's
  // question or the answers with their reveals.
  void draw_predictions();
  // Under the step's numbers: its challenges (after the result they build on).
  void draw_challenges();
  // The open question's slider has the keyboard (it was pressed last, or
  // focused): ← → Home End move the guess, not the step (as of the last frame).
  bool estimate_has_keys() const { return estimate_keys_; }

 private:
  void draw_open(const Prediction& p);
  void draw_answered(const Prediction& p, const PredictionAnswer& a);
  void draw_challenge(const Challenge& c, bool here);
  // Gradient descent shown on the challenge: played a step at a time, then
  // what it did beside the learner, and the way back to their numbers.
  void draw_descent(const DescentShown& d);
  double last_descent_step_ = 0.0;  // ImGui time of the last step asked for
  std::string estimate_for_;        // the prediction the slider belongs to
  float estimate_ = 0.0f;
  bool estimate_keys_ = false;
};

}  // namespace attn::ui
