#include "core/explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

std::string num(double v, int precision) {
  if (std::isinf(v)) return v < 0 ? "−∞" : "∞";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", std::clamp(precision, 0, 10), v);
  std::string s = buf;
  if (s[0] == '-') s = "−" + s.substr(1);  // a real minus sign
  return s;
}

// A factor inside a product: negative numbers in parentheses.
std::string factor(double v, int precision) {
  const std::string s = num(v, precision);
  return v < 0 ? "(" + s + ")" : s;
}

// "a + b + c", eliding the middle of long sums.
std::string join_terms(const std::vector<std::string>& terms) {
  std::string out;
  const size_t n = terms.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 3) {
      out += " + … (" + std::to_string(n - 4) + " more) …";
      i = n - 2;
      continue;
    }
    if (i) out += " + ";
    out += terms[i];
  }
  return out;
}

bool token_axis(AxisKind k) {
  return k == AxisKind::Token || k == AxisKind::Query || k == AxisKind::Key;
}

// Entry `dim` of token `token`'s vector in a token-major matrix, whichever way it is laid out.
double at_token(const TraceMatrix& m, int token, int dim) {
  return token_axis(m.row_kind) ? m.value(token, dim) : m.value(dim, token);
}
int dims_of(const TraceMatrix& m) {
  return token_axis(m.row_kind) ? m.value.cols() : m.value.rows();
}
int tokens_of(const TraceMatrix& m) {
  return token_axis(m.row_kind) ? m.value.rows() : m.value.cols();
}

// Which row/col of a token-major matrix is the token and which the dimension.
void split(const TraceMatrix& m, int row, int col, int& token, int& dim) {
  if (token_axis(m.row_kind))
    token = row, dim = col;
  else
    token = col, dim = row;
}

class Explainer {
 public:
  Explainer(const Trace& t, const TraceMatrix& m, int precision) : t_(t), m_(m), p_(precision) {}

  // A sibling in the same part: same head and variant unless asked otherwise.
  const TraceMatrix* sibling(const std::string& base, bool per_head, bool per_variant) const {
    std::string name = base;
    if (per_head && m_.head) name += "_h" + std::to_string(m_.head);
    if (per_variant && !m_.variant.empty()) name += "@" + m_.variant;
    const std::string prefix = m_.id.substr(0, m_.id.size() - m_.name.size());
    return t_.find(prefix + name);
  }

  const std::string& token(int part_token) const {
    static const std::string none;
    const TraceMatrix& axis_source = m_;
    const std::vector<std::string>& labels =
        token_axis(axis_source.row_kind) ? axis_source.rows : axis_source.cols;
    return part_token < static_cast<int>(labels.size()) ? labels[part_token] : none;
  }

  // The head's block of dimensions in Q, K or V.
  std::pair<int, int> head_dims(const TraceMatrix& qkv) const {
    const int width = dims_of(qkv) / std::max(1, m_.heads);
    const int h = std::max(1, m_.head) - 1;
    return {h * width, (h + 1) * width};
  }

  // Dot product of query q and key k within this head.
  std::string dot_terms(int q, int k, double& sum) const {
    const TraceMatrix* Q = sibling("Q", false, false);
    const TraceMatrix* K = sibling("K", false, false);
    sum = 0;
    if (!Q || !K) return "";
    std::vector<std::string> terms;
    const auto [begin, end] = head_dims(*Q);
    for (int d = begin; d < end; ++d) {
      const double a = at_token(*Q, q, d), b = at_token(*K, k, d);
      sum += a * b;
      terms.push_back(factor(a, std::min(p_, 3)) + "×" + factor(b, std::min(p_, 3)));
    }
    return join_terms(terms);
  }

  // Query and key of an (N, N) matrix's entry, by its layout.
  void query_key(int row, int col, int& q, int& k) const {
    if (m_.row_kind == AxisKind::Key)
      k = row, q = col;
    else
      q = row, k = col;
  }

  // The weight query q gives key k when the values are summed (the notebook's
  // "Your answer" arrangement reads its weights the other way round).
  static double weight_for(const TraceMatrix& w, int q, int k) {
    const bool read_as_key_rows = w.arrangement != Arrangement::QueryRows;
    return read_as_key_rows ? w.value(k, q) : w.value(q, k);
  }

  Explanation run(int row, int col) const {
    Explanation e;
    e.recomputed = NAN;
    const double value = m_.value(row, col);
    const std::string at = "[" + label(m_.rows, row) + ", " + label(m_.cols, col) + "]";
    e.title = m_.label + " " + at;
    switch (m_.role) {
      case Role::Input:
      case Role::Weight:
      case Role::Bias:
        if (m_.editable) {
          e.lines.push_back("An input of the lesson: " + num(value, p_));
          e.lines.push_back(
              "Drag it (or Ctrl+click to type) and everything after it is recomputed.");
          return e;
        }
        break;
      case Role::Query:
      case Role::Key:
      case Role::Value:
        if (m_.base == "K_T") {
          e.lines.push_back("Kᵀ" + at + " = K[" + label(m_.cols, col) + ", " + label(m_.rows, row) +
                            "]");
          e.lines.push_back("= " + num(value, p_));
          return e;
        }
        if (!m_.editable) return projection(row, col, value, e);
        e.lines.push_back("Given by the lesson: " + num(value, p_));
        return e;
      case Role::Scores:
        return scores(row, col, value, e);
      case Role::Scaled:
        return scaled_score(row, col, value, e);
      case Role::Masked:
        return masked(row, col, value, e);
      case Role::Weights:
        return weights(row, col, value, e);
      case Role::Context:
      case Role::Output:
        if (m_.role == Role::Output && sibling("W_o", false, false))
          return projected(row, col, value, e);
        return weighted_sum(row, col, value, e);
      case Role::Concat: {
        int t = 0, d = 0;
        split(m_, row, col, t, d);
        const int width = dims_of(m_) / std::max(1, m_.heads);
        const int head = d / std::max(1, width) + 1;
        e.lines.push_back("Dimension " + std::to_string(d - (head - 1) * width) + " of head " +
                          std::to_string(head) + "'s output for " + token(t));
        e.lines.push_back("= " + num(value, p_));
        return e;
      }
    }
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

 private:
  static std::string label(const std::vector<std::string>& labels, int i) {
    return i < static_cast<int>(labels.size()) && !labels[i].empty() ? labels[i]
                                                                     : std::to_string(i);
  }

  Explanation projection(int row, int col, double value, Explanation& e) const {
    // q[t][j] = Σ_i x[t][i] · W[i][j] + b[j], in whichever layout the lesson uses.
    const std::string suffix = m_.base == "Q" ? "q" : m_.base == "K" ? "k" : "v";
    const TraceMatrix* X = sibling("X", false, false);
    const TraceMatrix* W = sibling("W_" + suffix, false, false);
    const TraceMatrix* b = sibling("b_" + suffix, false, false);
    if (!X || !W) {
      e.lines.push_back("= " + num(value, p_));
      return e;
    }
    int t = 0, j = 0;
    split(m_, row, col, t, j);
    const bool stores_out_in = W->transposed;  // (out, in) in the transposed and columns layouts
    double sum = 0;
    std::vector<std::string> terms;
    for (int i = 0; i < dims_of(*X); ++i) {
      const double x = at_token(*X, t, i);
      const double w = stores_out_in ? W->value(j, i) : W->value(i, j);
      sum += x * w;
      terms.push_back(factor(x, std::min(p_, 3)) + "×" + factor(w, std::min(p_, 3)));
    }
    std::string formula =
        m_.label + at_str(row, col) + " = Σ_i X[" + token(t) + ", i] × " + W->label +
        (stores_out_in ? "[" + std::to_string(j) + ", i]" : "[i, " + std::to_string(j) + "]");
    if (b) {
      const double bias = b->value.rows() == 1 ? b->value(0, j) : b->value(j, 0);
      formula += " + " + b->label + "[" + std::to_string(j) + "]";
      terms.push_back(factor(bias, std::min(p_, 3)));
      sum += bias;
    }
    e.recomputed = sum;
    e.lines.push_back(formula);
    e.lines.push_back("= " + join_terms(terms));
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

  std::string at_str(int row, int col) const {
    return "[" + label(m_.rows, row) + ", " + label(m_.cols, col) + "]";
  }

  Explanation scores(int row, int col, double value, Explanation& e) const {
    int q = 0, k = 0;
    query_key(row, col, q, k);
    double sum = 0;
    const std::string terms = dot_terms(q, k, sum);
    e.recomputed = sum;
    e.lines.push_back("score = q(" + token(q) + ") · k(" + token(k) + ")" +
                      (m_.head ? ", head " + std::to_string(m_.head) + "'s dimensions" : ""));
    if (!terms.empty()) e.lines.push_back("= " + terms);
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

  Explanation scaled_score(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* s = sibling("scores", true, true);
    const double raw = s ? s->value(row, col) : value * m_.divisor;
    e.recomputed = raw / m_.divisor;
    if (m_.divisor == 1.0) {
      e.lines.push_back("No scaling: the score itself");
    } else {
      e.lines.push_back(
          "scaled = score / " + num(m_.divisor, 4) +
          (std::fabs(m_.divisor * m_.divisor - std::round(m_.divisor * m_.divisor)) < 1e-9
               ? "  (√" + num(std::round(m_.divisor * m_.divisor), 0) + ")"
               : ""));
      e.lines.push_back("= " + num(raw, p_) + " / " + num(m_.divisor, 4));
    }
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

  Explanation masked(int row, int col, double value, Explanation& e) const {
    int q = 0, k = 0;
    query_key(row, col, q, k);
    e.recomputed = value;
    if (std::isinf(value)) {
      e.lines.push_back(token(k) + " comes after " + token(q) + ": the causal mask hides it");
      e.lines.push_back("= −∞, so its weight will be exactly 0");
    } else {
      e.lines.push_back(token(k) + " is at or before " + token(q) + ": visible, unchanged");
      e.lines.push_back("= " + num(value, p_));
    }
    return e;
  }

  Explanation weights(int row, int col, double value, Explanation& e) const {
    if (m_.editable) {
      e.lines.push_back("Given by the lesson: " + num(value, p_));
      double sum = 0;
      for (int c = 0; c < m_.value.cols(); ++c) sum += m_.value(row, c);
      e.lines.push_back("This row sums to " + num(sum, p_));
      return e;
    }
    const TraceMatrix* logits = sibling("masked", true, true);
    if (!logits) logits = sibling("scaled", true, true);
    if (!logits) {
      e.lines.push_back("= " + num(value, p_));
      return e;
    }
    // The softmax runs over the keys of one query: a row, or a column when keys are rows.
    const bool along_rows = m_.row_kind != AxisKind::Key;
    const int n = along_rows ? m_.value.cols() : m_.value.rows();
    auto at = [&](int i) { return along_rows ? logits->value(row, i) : logits->value(i, col); };
    const int self = along_rows ? col : row;
    double max = -INFINITY;
    for (int i = 0; i < n; ++i) max = std::max(max, at(i));
    std::vector<std::string> terms;
    double denominator = 0;
    for (int i = 0; i < n; ++i) {
      const double s = at(i);
      if (std::isinf(s) && s < 0) continue;
      denominator += std::exp(s - max);
      terms.push_back("e^(" + num(s - max, std::min(p_, 3)) + ")");
    }
    e.lines.push_back("weight = e^(s − max) / Σ e^(s − max) over " +
                      std::string(along_rows ? "the row" : "the column"));
    e.recomputed = std::isinf(at(self)) ? 0.0 : std::exp(at(self) - max) / denominator;
    if (std::isinf(at(self)) && at(self) < 0) {
      e.lines.push_back("Masked (−∞): e^(−∞) = 0");
    } else {
      e.lines.push_back("= e^(" + num(at(self) - max, std::min(p_, 3)) + ") / (" +
                        join_terms(terms) + ")");
      e.lines.push_back("= " + num(std::exp(at(self) - max), 4) + " / " + num(denominator, 4));
    }
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

  Explanation weighted_sum(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* w = sibling("weights", true, true);
    const TraceMatrix* v = sibling("V", false, false);
    if (!w || !v) {
      e.lines.push_back("= " + num(value, p_));
      return e;
    }
    int q = 0, d = 0;
    split(m_, row, col, q, d);
    const int first = head_dims(*v).first;
    std::vector<std::string> terms;
    double sum = 0;
    for (int k = 0; k < tokens_of(*v); ++k) {
      const double weight = weight_for(*w, q, k), value_kd = at_token(*v, k, first + d);
      sum += weight * value_kd;
      terms.push_back(factor(weight, std::min(p_, 3)) + "×" + factor(value_kd, std::min(p_, 3)));
    }
    e.recomputed = sum;
    e.lines.push_back("= Σ_k weight(" + token(q) + ", k) × V[k, " + std::to_string(first + d) +
                      "]");
    e.lines.push_back("= " + join_terms(terms));
    e.lines.push_back("= " + num(value, p_));
    if (w->arrangement == Arrangement::QueryRowsAppliedAsKeyRows)
      e.lines.push_back("(The notebook's arrangement: the weights are read down column " +
                        token(q) + ", which is not this query's row.)");
    return e;
  }

  Explanation projected(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* c = sibling(m_.heads > 1 ? "concat" : "context", false, true);
    const TraceMatrix* wo = sibling("W_o", false, false);
    if (!c || !wo) {
      e.lines.push_back("= " + num(value, p_));
      return e;
    }
    int t = 0, j = 0;
    split(m_, row, col, t, j);
    const bool out_in = wo->transposed;
    std::vector<std::string> terms;
    double sum = 0;
    for (int i = 0; i < dims_of(*c); ++i) {
      const double a = at_token(*c, t, i), b = out_in ? wo->value(j, i) : wo->value(i, j);
      sum += a * b;
      terms.push_back(factor(a, std::min(p_, 3)) + "×" + factor(b, std::min(p_, 3)));
    }
    e.recomputed = sum;
    e.lines.push_back(
        "= Σ_i " + c->label + "[" + token(t) + ", i] × " + wo->label +
        (out_in ? "[" + std::to_string(j) + ", i]" : "[i, " + std::to_string(j) + "]"));
    e.lines.push_back("= " + join_terms(terms));
    e.lines.push_back("= " + num(value, p_));
    return e;
  }

  const Trace& t_;
  const TraceMatrix& m_;
  int p_;
};

}  // namespace

Explanation explain_cell(const Trace& trace, int index, int row, int col, int precision) {
  const TraceMatrix& m = trace.matrices[index];
  Explainer e(trace, m, precision);
  return e.run(row, col);
}

std::string explain_output_row(const Trace& trace, int index, int row, int precision) {
  const TraceMatrix& m = trace.matrices[index];
  if (m.role != Role::Output && m.role != Role::Context) return "";
  Explainer x(trace, m, precision);
  if (m.role == Role::Output && x.sibling("W_o", false, false)) return "";
  const TraceMatrix* w = x.sibling("weights", true, true);
  const TraceMatrix* v = x.sibling("V", false, false);
  if (!w || !v) return "";
  std::string out = m.label + "[" + x.token(row) + "] = ";
  for (int k = 0; k < tokens_of(*v); ++k) {
    if (k) out += " + ";
    out += num(Explainer::weight_for(*w, row, k), precision) + " × " + v->label + "[" + x.token(k) +
           "]";
  }
  return out;
}

}  // namespace attn
