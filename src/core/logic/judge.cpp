// Judging a lesson's conditions and measures on the numbers (judge.h).
#include "core/logic/judge.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A number counts as unchanged below anything a learner can see.
bool same_number(double a, double b) {
  if (a == b) return true;
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::max(std::fabs(a), std::fabs(b)));
}

bool differs(const PartState& now, const PartState& then, const ChangeRule& rule, int& cells) {
  for (const auto& [stage, m] : now.inputs) {
    const Matrix& before = then.inputs.at(stage);
    int here = 0;
    for (size_t i = 0; i < m.size(); ++i) here += !same_number(m.data()[i], before.data()[i]);
    if (here && std::find(rule.inputs.begin(), rule.inputs.end(), stage) == rule.inputs.end())
      return true;  // an input the rule does not allow
    cells += here;
  }
  if (now.seeds != then.seeds && !rule.seeds) return true;
  if (!(now.options.scaling == then.options.scaling) && !rule.temperature) return true;
  if (now.options.causal != then.options.causal && !rule.mask) return true;
  if (now.options.order != then.options.order && !rule.order) return true;
  if (now.options.first_position != then.options.first_position && !rule.first_position)
    return true;
  if (!now.overrides.empty() && !rule.overrides) return true;
  return false;
}

}  // namespace

std::vector<double> slice_values(const SliceSpec& s, const Trace& t) {
  const TraceMatrix* m = t.find(s.matrix);
  if (!m) return {};
  std::vector<double> out;
  if (s.column) {
    if (s.index >= m->value.cols()) return {};
    for (int r = 0; r < m->value.rows(); ++r) out.push_back(m->value(r, s.index));
  } else {
    if (s.index >= m->value.rows()) return {};
    out.assign(m->value.row(s.index), m->value.row(s.index) + m->value.cols());
  }
  return out;
}

std::vector<int> all_largest_at(const SliceSpec& s, const Trace& t, bool smallest) {
  const std::vector<double> v = slice_values(s, t);
  if (v.empty()) return {};
  const double best =
      smallest ? *std::min_element(v.begin(), v.end()) : *std::max_element(v.begin(), v.end());
  std::vector<int> out;
  for (size_t i = 0; i < v.size(); ++i)
    if (std::fabs(v[i] - best) <= 1e-12 * std::max(1.0, std::fabs(best)))
      out.push_back(static_cast<int>(i));
  return out;
}

int largest_at(const SliceSpec& s, const Trace& t, bool smallest) {
  const std::vector<double> v = slice_values(s, t);
  if (v.empty()) return -1;
  const auto it =
      smallest ? std::min_element(v.begin(), v.end()) : std::max_element(v.begin(), v.end());
  return static_cast<int>(it - v.begin());
}

double measure(const Measure& m, const Evaluation& e) {
  const Trace& t = m.notebook ? e.notebook : e.now;
  switch (m.kind) {
    case MeasureKind::Number:
      return m.number;
    case MeasureKind::Value: {
      const TraceMatrix* x = t.find(m.cell.matrix);
      if (!x || m.cell.row >= x->value.rows() || m.cell.col >= x->value.cols()) return kNaN;
      return x->value(m.cell.row, m.cell.col);
    }
    case MeasureKind::Divisor: {
      for (const TraceMatrix& x : t.matrices)
        if (x.key.part == m.part && x.key.stage == Stage::weights && !x.key.variant)
          return x.divisor;
      return kNaN;
    }
    default:
      break;
  }
  const std::vector<double> v = slice_values(m.slice, t);
  if (v.empty()) return kNaN;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  switch (m.kind) {
    case MeasureKind::Max:
      return *hi;
    case MeasureKind::Min:
      return *lo;
    case MeasureKind::Spread:
      return *hi - *lo;
    case MeasureKind::Sum: {
      double sum = 0;
      for (double x : v) sum += x;
      return sum;
    }
    case MeasureKind::Entropy: {
      double h = 0;
      for (double x : v)
        if (x > 0) h -= x * std::log(x);
      return h;
    }
    default:
      return kNaN;
  }
}

bool holds(const Condition& c, const Evaluation& e) {
  switch (c.kind) {
    case Condition::Kind::All:
      return std::all_of(c.children.begin(), c.children.end(),
                         [&](const Condition& x) { return holds(x, e); });
    case Condition::Kind::Any:
      return std::any_of(c.children.begin(), c.children.end(),
                         [&](const Condition& x) { return holds(x, e); });
    case Condition::Kind::Not:
      return !c.children.empty() && !holds(c.children[0], e);
    case Condition::Kind::Compare: {
      const double a = measure(c.left, e), b = measure(c.right, e);
      if (std::isnan(a) || std::isnan(b)) return false;
      switch (c.comparison) {
        case Comparison::Above:
          return a > b;
        case Comparison::Below:
          return a < b;
        case Comparison::Near:
          return std::fabs(a - b) <= c.tolerance;
      }
      return false;
    }
    case Condition::Kind::Largest:
    case Condition::Kind::Smallest: {
      // Ties count for every key that shares the largest value.
      const std::vector<int> best =
          all_largest_at(c.slice, e.now, c.kind == Condition::Kind::Smallest);
      return std::find(best.begin(), best.end(), c.at) != best.end();
    }
    case Condition::Kind::Same: {
      const TraceMatrix* a = e.now.find(c.a);
      const TraceMatrix* b = e.now.find(c.b);
      if (!a || !b || !a->value.same_shape(b->value)) return false;
      for (size_t i = 0; i < a->value.size(); ++i)
        if (!(std::fabs(a->value.data()[i] - b->value.data()[i]) <= c.tolerance)) return false;
      return true;
    }
    case Condition::Kind::Changed: {
      int cells = 0;
      bool any = false;
      for (size_t p = 0; p < e.state.parts.size(); ++p) {
        if (differs(e.state.parts[p], e.defaults.parts[p], c.changes, cells)) return false;
        any |= !(e.state.parts[p] == e.defaults.parts[p]);
      }
      if (c.changes.max_cells >= 0 && cells > c.changes.max_cells) return false;
      return !c.changes.something || any;
    }
    case Condition::Kind::Unchanged: {
      const std::vector<double> now = slice_values(c.slice, e.now);
      const std::vector<double> then = slice_values(c.slice, e.notebook);
      if (now.empty() || now.size() != then.size()) return false;
      for (size_t i = 0; i < now.size(); ++i)
        if (!same_number(now[i], then[i])) return false;
      return true;
    }
    case Condition::Kind::ScaleIs:
      return c.part < static_cast<int>(e.state.parts.size()) &&
             e.state.parts[c.part].options.scaling.mode == c.scale;
    case Condition::Kind::MaskIs:
      return c.part < static_cast<int>(e.state.parts.size()) &&
             e.state.parts[c.part].options.causal == c.mask;
  }
  return false;
}

}  // namespace attn
