// A challenge's goal as a loss, and bounded gradient descent toward it from
// the learner's numbers (see challenge_descent.h for where it applies).
#include "core/learning/challenge_descent.h"

#include <cmath>

#include "core/logic/judge.h"
#include "core/math/training.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "core/trace/trace.h"

namespace attn {

namespace {

// The goal as one weight to raise: head 1's weight of `query` on `key`.
struct WeightGoal {
  int part = 0, query = 0, key = 0;
};

bool is_weights(const MatrixKey& k) {
  return k.stage == Stage::weights && k.head <= 1 && k.variant == 0;
}

// "The largest of query's weights is key" or "weight (query, key) above n".
std::optional<WeightGoal> weight_goal(const Condition& g) {
  if (g.kind == Condition::Kind::Largest && is_weights(g.slice.matrix) && !g.slice.column)
    return WeightGoal{g.slice.matrix.part, g.slice.index, g.at};
  if (g.kind == Condition::Kind::Compare && g.comparison == Comparison::Above &&
      g.left.kind == MeasureKind::Value && !g.left.notebook && is_weights(g.left.cell.matrix) &&
      g.right.kind == MeasureKind::Number)
    return WeightGoal{g.left.cell.matrix.part, g.left.cell.row, g.left.cell.col};
  return std::nullopt;
}

Matrix canonical(const Part& part, const PartState& ps, Stage s) {
  const Matrix& m = ps.inputs.at(s);
  return input_is_transposed(part.layout, s) ? transpose(m) : m;
}

// The layer training reads, from the part's state (where descent applies).
Layer layer_of(const Part& part, const PartState& ps) {
  Layer l;
  l.x = canonical(part, ps, Stage::X);
  l.w_q = canonical(part, ps, Stage::W_q);
  l.w_k = canonical(part, ps, Stage::W_k);
  l.w_v = canonical(part, ps, Stage::W_v);
  if (ps.inputs.count(Stage::W_o)) l.w_o = canonical(part, ps, Stage::W_o);
  if (ps.inputs.count(Stage::b_q)) l.b_q = canonical(part, ps, Stage::b_q);
  if (ps.inputs.count(Stage::b_k)) l.b_k = canonical(part, ps, Stage::b_k);
  if (ps.inputs.count(Stage::b_v)) l.b_v = canonical(part, ps, Stage::b_v);
  l.heads = part.heads;
  l.options = ps.options;
  l.positions = token_positions(ps.options, static_cast<int>(part.tokens.size()));
  return l;
}

TrainTarget target_of(const WeightGoal& g, const Part& part) {
  const int n = static_cast<int>(part.tokens.size());
  TrainTarget t{TrainTarget::Kind::Weights, Matrix(n, n)};
  t.value(g.query, g.key) = 1.0;
  return t;
}

// What stops descent on these numbers now, or "".
std::string unsupported_now(const Part& part, const PartState& ps, const WeightGoal& g) {
  if (!ps.overrides.empty()) return "what-if numbers are set";
  if (ps.options.arrangement != Arrangement::QueryRows) return "the weights are not in query rows";
  const std::vector<int> at = token_positions(ps.options, static_cast<int>(part.tokens.size()));
  if (ps.options.causal && at[static_cast<size_t>(g.key)] > at[static_cast<size_t>(g.query)])
    return "the causal mask hides that key";
  return "";
}

}  // namespace

std::string descent_unsupported(const Lesson& lesson, const Challenge& c) {
  const std::optional<WeightGoal> g = weight_goal(c.goal);
  if (!g) return "the goal is not one weight to raise";
  if (g->part < 0 || g->part >= static_cast<int>(lesson.parts.size())) return "no such part";
  const Part& part = lesson.parts[static_cast<size_t>(g->part)];
  const int n = static_cast<int>(part.tokens.size());
  if (g->query < 0 || g->query >= n || g->key < 0 || g->key >= n) return "no such weight";
  for (Stage s : {Stage::X, Stage::W_q, Stage::W_k, Stage::W_v})
    if (!part.shapes.count(s)) return "the part does not project X";
  if (part.shapes.count(Stage::memory) || part.sequence.positions != PositionKind::None ||
      part.sequence.rope || part.sequence.kv_cache)
    return "the part has positions, a memory or a cache";
  if (c.allowed.inputs.empty()) return "the challenge changes no matrix";
  for (Stage s : c.allowed.inputs)
    if (!param_for(s) || !part.shapes.count(s))
      return "the challenge changes " + std::string(stage_name(s));
  return "";
}

ChallengeLoss challenge_loss(const Lesson& lesson, const Challenge& c, const LessonState& state) {
  ChallengeLoss out;
  const WeightGoal g = *weight_goal(c.goal);
  const Part& part = lesson.parts[static_cast<size_t>(g.part)];
  const PartState& ps = state.parts[static_cast<size_t>(g.part)];
  const LossAndGradients lg = loss_and_gradients(layer_of(part, ps), target_of(g, part));
  out.loss = lg.loss;
  for (Stage s : c.allowed.inputs) {
    const Matrix& d = lg.gradients.at(*param_for(s));
    out.gradients[s] = input_is_transposed(part.layout, s) ? transpose(d) : d;
  }
  return out;
}

ChallengeDescent descend_challenge(const Lesson& lesson, const Challenge& c, const LessonState& now,
                                   const LessonState& defaults) {
  ChallengeDescent out;
  out.unsupported = descent_unsupported(lesson, c);
  if (!out.unsupported.empty()) return out;
  const WeightGoal g = *weight_goal(c.goal);
  const Part& part = lesson.parts[static_cast<size_t>(g.part)];
  out.unsupported = unsupported_now(part, now.parts[static_cast<size_t>(g.part)], g);
  if (!out.unsupported.empty()) return out;
  const Trace notebook = compute_trace(lesson, defaults);
  LessonState state = now;
  for (int step = 0;; ++step) {
    const Trace trace = compute_trace(lesson, state);
    const ChallengeLoss cl = challenge_loss(lesson, c, state);
    if (!std::isfinite(cl.loss)) break;
    out.loss.push_back(cl.loss);
    if (holds(c.goal, Evaluation{trace, notebook, state, defaults})) {
      out.reached = true;
      break;
    }
    if (step == ChallengeDescent::kMaxSteps) break;
    LessonState next = state;
    bool inside = true;
    for (const auto& [stage, d] : cl.gradients) {
      Matrix& w = next.parts[static_cast<size_t>(g.part)].inputs.at(stage);
      for (size_t i = 0; i < w.size(); ++i) {
        w.data()[i] -= ChallengeDescent::kLearningRate * d.data()[i];
        if (!std::isfinite(w.data()[i]) || std::fabs(w.data()[i]) > Limits::kMaxAbsValue)
          inside = false;
      }
    }
    if (!inside) break;
    state = std::move(next);
    out.path.push_back(state);
  }
  return out;
}

NumbersChanged numbers_changed(const LessonState& from, const LessonState& to) {
  NumbersChanged out;
  for (size_t p = 0; p < from.parts.size() && p < to.parts.size(); ++p)
    for (const auto& [stage, a] : from.parts[p].inputs) {
      const auto b = to.parts[p].inputs.find(stage);
      if (b == to.parts[p].inputs.end() || a.size() != b->second.size()) continue;
      for (size_t i = 0; i < a.size(); ++i) {
        const double d = std::fabs(b->second.data()[i] - a.data()[i]);
        if (d > 1e-9) {
          ++out.count;
          out.total += d;
        }
      }
    }
  return out;
}

std::vector<std::string> descent_sentences(const ChallengeDescent& run, const LessonState& before,
                                           const LessonState& defaults) {
  std::vector<std::string> out;
  const unsigned long steps = run.path.size();
  const std::string n = std::to_string(steps);
  out.push_back(run.reached
                    // TRANSLATORS: after "Show how gradient descent would do it" has played on a
                    // challenge: it reached the challenge's goal after {steps} steps.
                    ? trnf("Gradient descent reached the goal in {steps} step.",
                           "Gradient descent reached the goal in {steps} steps.", steps,
                           {{"steps", n}})
                    // TRANSLATORS: the same, when its steps ran out before the goal held.
                    : trnf("Gradient descent did not reach the goal in {steps} step.",
                           "Gradient descent did not reach the goal in {steps} steps.", steps,
                           {{"steps", n}}));
  const LessonState& end = run.path.empty() ? before : run.path.back();
  const NumbersChanged its = numbers_changed(before, end);
  const NumbersChanged mine = numbers_changed(defaults, before);
  // TRANSLATORS: {count} numbers of the matrices the challenge allows changed by gradient
  // descent, {total} the sum of how far each moved.
  out.push_back(trnf("It changed {count} number by {total} in total.",
                     "It changed {count} numbers by {total} in total.",
                     static_cast<unsigned long>(its.count),
                     {{"count", std::to_string(its.count)}, {"total", number_text(its.total, 2)}}));
  // TRANSLATORS: the same for the learner's own edits, from the lesson's numbers to theirs.
  out.push_back(trnf(
      "You changed {count} number by {total} in total.",
      "You changed {count} numbers by {total} in total.", static_cast<unsigned long>(mine.count),
      {{"count", std::to_string(mine.count)}, {"total", number_text(mine.total, 2)}}));
  // TRANSLATORS: after gradient descent has played on a challenge: reaching the goal this way
  // does not mark the challenge solved; the button named brings the learner's numbers back.
  out.push_back(
      tr("This does not count as your solution: \"Back to my numbers\" puts yours back."));
  return out;
}

}  // namespace attn
