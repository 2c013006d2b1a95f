#include "core/session.h"

#include <algorithm>
#include <cmath>

namespace attn {

Session::Session(Lesson lesson)
    : lesson_(std::move(lesson)), defaults_(default_state(lesson_)), state_(defaults_) {
  notebook_ = build_trace(lesson_, defaults_);
  trace_ = notebook_;
}

void Session::recompute() {
  trace_ = build_trace(lesson_, state_);
  ++revision_;
}

std::string Session::set_value(std::string_view matrix_id, int row, int col, double value) {
  const TraceMatrix* m = trace_.find(matrix_id);
  if (!m) return "no matrix \"" + std::string(matrix_id) + "\" in this lesson";
  if (!m->editable) return "\"" + std::string(matrix_id) + "\" is computed, not an input";
  if (row < 0 || row >= m->value.rows() || col < 0 || col >= m->value.cols())
    return "(" + std::to_string(row) + ", " + std::to_string(col) + ") is outside \"" +
           std::string(matrix_id) + "\", which is (" + std::to_string(m->value.rows()) + ", " +
           std::to_string(m->value.cols()) + ")";
  if (!std::isfinite(value)) return "not a finite number";
  value = std::clamp(value, -Limits::kMaxAbsValue, Limits::kMaxAbsValue);
  Matrix& input = state_.parts[m->part].inputs.at(m->base);
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
  const Part& p = lesson_.parts[part];
  if (group < 0 || group >= static_cast<int>(p.random.size())) return;
  redraw(p, group, seed, state_.parts[part]);
  recompute();
}

bool Session::set_state(const LessonState& state) {
  if (state.parts.size() != defaults_.parts.size()) return false;
  for (size_t p = 0; p < state.parts.size(); ++p) {
    const PartState& given = state.parts[p];
    const PartState& reference = defaults_.parts[p];
    if (given.inputs.size() != reference.inputs.size()) return false;
    for (const auto& [name, m] : reference.inputs) {
      auto it = given.inputs.find(name);
      if (it == given.inputs.end() || !it->second.same_shape(m) || !all_finite(it->second))
        return false;
    }
    if (given.seeds.size() != reference.seeds.size()) return false;
  }
  state_ = state;
  for (PartState& p : state_.parts) {
    for (auto& [name, m] : p.inputs)
      for (size_t i = 0; i < m.size(); ++i)
        m.data()[i] = std::clamp(m.data()[i], -Limits::kMaxAbsValue, Limits::kMaxAbsValue);
    p.options.scaling.divisor =
        std::clamp(p.options.scaling.divisor, Limits::kMinDivisor, Limits::kMaxDivisor);
  }
  recompute();
  return true;
}

void Session::reset() {
  if (state_ == defaults_) return;
  state_ = defaults_;
  trace_ = notebook_;
  ++revision_;
}

bool Session::differs_from_notebook(int index, int row, int col) const {
  const TraceMatrix& now = trace_.matrices[index];
  // Matrices line up by position unless a setting added or removed one (the
  // causal mask); then match by id.
  const TraceMatrix* then =
      index < static_cast<int>(notebook_.matrices.size()) && notebook_.matrices[index].id == now.id
          ? &notebook_.matrices[index]
          : notebook_.find(now.id);
  if (!then || !then->value.same_shape(now.value)) return true;
  const double a = now.value(row, col), b = then->value(row, col);
  if (a == b || (std::isinf(a) && std::isinf(b) && (a > 0) == (b > 0))) return false;
  // Below anything the learner can see, the same number recomputed is "unchanged".
  return std::fabs(a - b) > 1e-12 * std::max(1.0, std::max(std::fabs(a), std::fabs(b)));
}

}  // namespace attn
