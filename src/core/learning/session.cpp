// The session: one lesson, its state, and the trace recomputed when it changes (session.h).
#include "core/learning/session.h"

#include <utility>
#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/logic/build_trace.h"

namespace attn {

void Session::replace_texts(std::shared_ptr<const Lesson> lesson) {
  lesson_ = std::move(lesson);
  notebook_ = build_trace(*lesson_, defaults_);
  recompute();
}

Session::Session(std::shared_ptr<const Lesson> lesson)
    : lesson_(std::move(lesson)), defaults_(default_state(*lesson_)), state_(defaults_) {
  notebook_ = build_trace(*lesson_, defaults_);
  trace_ = notebook_;
}

void Session::recompute() {
  trace_ = build_trace(*lesson_, state_, &notebook_, &defaults_);
  ++revision_;
}

namespace {

// The cells of one query's weights: a row, or a column when keys are rows.
std::vector<std::pair<int, int>> query_slice(const TraceMatrix& m, int row, int col) {
  std::vector<std::pair<int, int>> cells;
  const bool column = m.row_kind == AxisKind::Key;
  const int n = column ? m.value.rows() : m.value.cols();
  for (int i = 0; i < n; ++i) cells.push_back(column ? std::pair{i, col} : std::pair{row, i});
  return cells;
}

// New values for a query's weights with (row, col) set to `value` and the
// others rescaled so the slice sums to 1.
std::vector<double> rescaled_slice(const TraceMatrix& m, int row, int col, double value) {
  const std::vector<std::pair<int, int>> cells = query_slice(m, row, col);
  value = std::clamp(value, 0.0, 1.0);
  double others = 0.0;
  for (auto [r, c] : cells)
    if (r != row || c != col) others += m.value(r, c);
  std::vector<double> out;
  const double n_others = static_cast<double>(cells.size()) - 1.0;
  for (auto [r, c] : cells) {
    if (r == row && c == col)
      out.push_back(n_others > 0 ? value : 1.0);
    else if (others > 0)
      out.push_back(m.value(r, c) * (1.0 - value) / others);
    else
      out.push_back((1.0 - value) / n_others);
  }
  return out;
}

}  // namespace

std::string Session::set_value(const MatrixKey& key, int row, int col, double value,
                               const EditOptions& options) {
  const TraceMatrix* m = trace_.find(key);
  if (!m) return "no such matrix in this lesson";
  const std::string id = trace_.id_of(key);
  if (!m->editable && !m->overridable)
    return "\"" + id +
           "\" is computed from the numbers before it; change an input, a score or a weight";
  if (row < 0 || row >= m->value.rows() || col < 0 || col >= m->value.cols())
    return "(" + std::to_string(row) + ", " + std::to_string(col) + ") is outside \"" + id +
           "\", which is (" + std::to_string(m->value.rows()) + ", " +
           std::to_string(m->value.cols()) + ")";
  if (!std::isfinite(value)) return "not a finite number";
  value = std::clamp(value, -Limits::kMaxAbsValue, Limits::kMaxAbsValue);

  // The cells to set: this one, or a query's whole slice of weights.
  std::vector<std::pair<int, int>> cells{{row, col}};
  std::vector<double> values{value};
  if (options.keep_row_sum && key.stage == Stage::weights) {
    cells = query_slice(*m, row, col);
    values = rescaled_slice(*m, row, col, value);
  }
  PartState& part = state_.parts[key.part];
  bool changed = false;
  for (size_t i = 0; i < cells.size(); ++i) {
    const auto [r, c] = cells[i];
    if (m->editable) {
      double& input = part.inputs.at(key.stage)(r, c);
      changed |= input != values[i];
      input = values[i];
      continue;
    }
    const Override o{key.stage, key.head, r, c, values[i]};
    auto it = std::find_if(part.overrides.begin(), part.overrides.end(), [&](const Override& x) {
      return x.stage == o.stage && x.head == o.head && x.row == o.row && x.col == o.col;
    });
    if (it != part.overrides.end()) {
      changed |= it->value != o.value;
      *it = o;
    } else if (m->value(r, c) != o.value || cells.size() == 1) {
      part.overrides.push_back(o);
      changed = true;
    }
  }
  std::sort(part.overrides.begin(), part.overrides.end());
  if (changed) recompute();
  return "";
}

std::string Session::reset_value(const MatrixKey& key, int row, int col) {
  const TraceMatrix* m = trace_.find(key);
  if (m && m->overridable && !m->editable) {
    remove_override(key, row, col);
    return "";
  }
  if (!m || !m->editable) return set_value(key, row, col, 0.0);  // says why not
  const Matrix& given = defaults_.parts[key.part].inputs.at(key.stage);
  if (row < 0 || col < 0 || row >= given.rows() || col >= given.cols())
    return set_value(key, row, col, 0.0);
  return set_value(key, row, col, given(row, col), {.keep_row_sum = false});
}

bool Session::remove_override(const MatrixKey& key, int row, int col) {
  if (key.part < 0 || key.part >= static_cast<int>(state_.parts.size())) return false;
  std::vector<Override>& overrides = state_.parts[key.part].overrides;
  const auto it = std::find_if(overrides.begin(), overrides.end(), [&](const Override& o) {
    return o.stage == key.stage && o.head == key.head && o.row == row && o.col == col;
  });
  if (it == overrides.end()) return false;
  overrides.erase(it);
  recompute();
  return true;
}

void Session::clear_overrides() {
  bool any = false;
  for (PartState& p : state_.parts) {
    any |= !p.overrides.empty();
    p.overrides.clear();
  }
  if (any) recompute();
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
  const Part& p = lesson_->parts[part];
  if (causal && !p.memory_tokens.empty()) return;  // a decoder's mask: not over a memory
  if (!causal && p.sequence.kv_cache) return;      // a decoder generating needs its mask
  if (state_.parts[part].options.causal == causal) return;
  state_.parts[part].options.causal = causal;
  recompute();
}

void Session::set_first_position(int part, int first) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  first = std::clamp(first, 0, Limits::kMaxFirstPosition);
  if (state_.parts[part].options.first_position == first) return;
  state_.parts[part].options.first_position = first;
  recompute();
}

void Session::set_cache_step(int part, int step) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  const int last = static_cast<int>(lesson_->parts[part].tokens.size()) - 1;
  step = std::clamp(step, 0, last);
  if (state_.parts[part].options.cache_step == step) return;
  state_.parts[part].options.cache_step = step;
  recompute();
}

void Session::set_learning_rate(int part, double lr) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return;
  if (!std::isfinite(lr) || lr < 0) lr = 0;
  lr = std::min(lr, Limits::kMaxLearningRate);
  if (state_.parts[part].options.lr == lr) return;
  state_.parts[part].options.lr = lr;
  recompute();
}

std::string Session::train_step(int part) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return "no such part";
  const Part& p = lesson_->parts[part];
  if (!p.train) return "this part has no training";
  // The trained variant is one step ahead when the lesson trains one step:
  // the gradients shown are the trace's, at the learner's numbers now.
  PartState& ps = state_.parts[part];
  const double lr = ps.options.lr > 0 ? ps.options.lr : p.train->lr;
  std::map<Stage, Matrix> next;
  for (Param param : p.train->params) {
    const Stage stage = stage_of(param);
    const TraceMatrix* gradient = trace_.find({part, gradient_of(stage), 0, 0});
    if (!gradient || gradient->value.empty()) return "no gradient to follow";
    Matrix w = ps.inputs.at(stage);
    for (size_t i = 0; i < w.size(); ++i) {
      w.data()[i] -= lr * gradient->value.data()[i];
      if (!std::isfinite(w.data()[i]) || std::fabs(w.data()[i]) > Limits::kMaxAbsValue)
        return "the step would go past the limits: lower the learning rate";
    }
    next[stage] = std::move(w);
  }
  for (auto& [stage, w] : next) ps.inputs[stage] = std::move(w);
  recompute();
  return "";
}

std::string Session::set_order(int part, const std::vector<int>& order) {
  if (part < 0 || part >= static_cast<int>(state_.parts.size())) return "no such part";
  const size_t n = lesson_->parts[part].tokens.size();
  std::vector<int> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<int>(i)) sorted.clear();
  if (order.size() != n || sorted.size() != n) return "not an order of this part's tokens";
  // The lesson's own order is no order at all: a state stays comparable.
  const bool own = std::is_sorted(order.begin(), order.end());
  std::vector<int>& now = state_.parts[part].options.order;
  const std::vector<int> next = own ? std::vector<int>() : order;
  if (now == next) return "";
  now = next;
  recompute();
  return "";
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
  LessonState kept = state;
  // A state from elsewhere (a link, saved work) keeps the masks set_causal
  // keeps: none over a memory, always one while generating with a cache.
  for (size_t i = 0; i < kept.parts.size(); ++i) {
    const Part& p = lesson_->parts[i];
    if (!p.memory_tokens.empty()) kept.parts[i].options.causal = false;
    if (p.sequence.kv_cache) kept.parts[i].options.causal = true;
  }
  if (kept == state_) return;
  state_ = std::move(kept);
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
