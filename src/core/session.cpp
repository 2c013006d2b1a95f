#include "core/session.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace attn {

Session::Session(std::shared_ptr<const Lesson> lesson)
    : lesson_(std::move(lesson)), defaults_(default_state(*lesson_)), state_(defaults_) {
  notebook_ = build_trace(*lesson_, defaults_);
  trace_ = notebook_;
}

void Session::recompute() {
  trace_ = build_trace(*lesson_, state_);
  ++revision_;
}

std::string Session::set_value(const MatrixKey& key, int row, int col, double value) {
  const TraceMatrix* m = trace_.find(key);
  const std::string id = m ? trace_.id_of(key) : "";
  if (!m) return "no such matrix in this lesson";
  if (!m->editable) return "\"" + id + "\" is computed, not an input";
  if (row < 0 || row >= m->value.rows() || col < 0 || col >= m->value.cols())
    return "(" + std::to_string(row) + ", " + std::to_string(col) + ") is outside \"" + id +
           "\", which is (" + std::to_string(m->value.rows()) + ", " +
           std::to_string(m->value.cols()) + ")";
  if (!std::isfinite(value)) return "not a finite number";
  value = std::clamp(value, -Limits::kMaxAbsValue, Limits::kMaxAbsValue);
  Matrix& input = state_.parts[key.part].inputs.at(key.stage);
  if (input(row, col) == value) return "";
  input(row, col) = value;
  recompute();
  return "";
}

void Session::set_scaling(int part, Scaling scaling) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  if (!std::isfinite(scaling.divisor)) scaling.divisor = 1.0;
  scaling.divisor = std::clamp(scaling.divisor, Limits::kMinDivisor, Limits::kMaxDivisor);
  if (state_.parts[part].options.scaling == scaling) return;
  state_.parts[part].options.scaling = scaling;
  recompute();
}

void Session::set_causal(int part, bool causal) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  if (state_.parts[part].options.causal == causal) return;
  state_.parts[part].options.causal = causal;
  recompute();
}

void Session::set_seed(int part, int group, uint32_t seed) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  const Part& p = lesson_->parts[part];
  if (group < 0 || group >= static_cast<int>(p.random.size())) return;
  if (state_.parts[part].seeds[group] == seed) return;
  redraw(p, group, seed, state_.parts[part]);
  recompute();
}

void Session::set_state(const LessonState& state) {
  assert(state.parts.size() == defaults_.parts.size());
  if (state == state_) return;
  state_ = state;
  recompute();
}

void Session::reset() {
  if (state_ == defaults_) return;
  state_ = defaults_;
  trace_ = notebook_;
  ++revision_;
}

bool differs_from_notebook(const TraceMatrix& now, const TraceMatrix* then, int row, int col) {
  if (!then || !then->value.same_shape(now.value)) return true;
  const double a = now.value(row, col), b = then->value(row, col);
  if (a == b || (std::isinf(a) && std::isinf(b) && (a > 0) == (b > 0))) return false;
  // Below anything the learner can see, the same number recomputed is "unchanged".
  return std::fabs(a - b) > 1e-12 * std::max(1.0, std::max(std::fabs(a), std::fabs(b)));
}

}  // namespace attn
