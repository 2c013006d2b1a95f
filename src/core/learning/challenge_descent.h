// "Show how gradient descent would do it": a challenge's goal as a loss over
// the matrices the challenge lets the learner change, and bounded gradient
// descent toward it from the learner's numbers (core/math/training.h's exact
// gradients). Offered only where that backprop can differentiate the goal:
// a goal on head 1's weights of one query ("the largest is cat", "above
// 0.6") with only W_q, W_k, W_v or their biases allowed, in a part of X and
// W_q, W_k, W_v without positions, RoPE, a memory or a KV cache. The path
// is a state per step, for the page to play; nothing here marks a solve.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/lesson/activity.h"
#include "core/lesson/lesson.h"

namespace attn {

struct ChallengeDescent {
  static constexpr int kMaxSteps = 300;  // the bound on the steps taken
  static constexpr double kLearningRate = 0.1;
  std::vector<double> loss;       // L_0 … L_steps
  std::vector<LessonState> path;  // the state after each step (path.back(): the final numbers)
  bool reached = false;           // the goal holds on the final numbers
  // Whether the goal can be a loss here; if not, why not (in no language).
  std::string unsupported;
};

// Why gradient descent cannot do this challenge here, or "" if it can.
std::string descent_unsupported(const Lesson& lesson, const Challenge& c);

// Gradient descent from `now` toward the challenge's goal, stopped at the
// step the goal first holds, at kMaxSteps, or before a number would leave
// ±Limits::kMaxAbsValue or stop being finite.
ChallengeDescent descend_challenge(const Lesson& lesson, const Challenge& c, const LessonState& now,
                                   const LessonState& defaults);

// The challenge's loss and its gradient on each allowed input, in the part's
// layout, at `state` (for tests against finite differences).
struct ChallengeLoss {
  double loss = 0.0;
  std::map<Stage, Matrix> gradients;
};
ChallengeLoss challenge_loss(const Lesson& lesson, const Challenge& c, const LessonState& state);

// How many input numbers differ between two states (beyond 1e-9), in every
// input of every part, and by how much in total (the sum of absolute
// differences). Descent moves only the inputs the challenge allows; the
// learner may have moved others too, and "You changed" counts them all.
struct NumbersChanged {
  int count = 0;
  double total = 0.0;
};
NumbersChanged numbers_changed(const LessonState& from, const LessonState& to);

// What the card says once descent has played, in the learner's language:
// whether it reached the goal and in how many steps, which numbers it
// changed and by how much beside the learner's own edits ("Gradient descent
// changed 6 numbers by 0.42 in total. You changed 2 by 0.9."), and that the
// solve is not the learner's. `before`: the learner's numbers it started
// from; descent's changes are counted from them, the learner's from the
// lesson's own numbers (`defaults`) to them.
std::vector<std::string> descent_sentences(const ChallengeDescent& run, const LessonState& before,
                                           const LessonState& defaults);

}  // namespace attn
