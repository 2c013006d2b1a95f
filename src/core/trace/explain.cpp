#include "core/trace/explain.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/text/number_text.h"
#include "core/text/translation.h"

namespace attn {

namespace {

// A factor inside a product: negative numbers in parentheses.
std::string factor(double v, int digits) {
  const std::string s = number_text(v, digits);
  return v < 0 ? "(" + s + ")" : s;
}

// "a + b + c", eliding the middle of long sums.
std::string join_terms(const std::vector<std::string>& terms) {
  std::string out;
  const size_t n = terms.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 3) {
      out += " + ";
      // TRANSLATORS: inside a long sum written out term by term, in place of the terms left
      // out: "1×2 + 3×4 + 5×6 + … (5 more) … + 7×8". {count} is at least 5.
      out += trf("… ({count} more) …", {{"count", std::to_string(n - 4)}});
      i = n - 2;
      continue;
    }
    if (i) out += " + ";
    out += terms[i];
  }
  return out;
}

// Σ_i a(i)·b(i), written out term by term.
struct Products {
  std::vector<std::string> terms;
  double sum = 0;
};
Products products(int n, const std::function<double(int)>& a, const std::function<double(int)>& b,
                  int digits) {
  Products p;
  for (int i = 0; i < n; ++i) {
    const double x = a(i), y = b(i);
    p.sum += x * y;
    p.terms.push_back(factor(x, digits) + "×" + factor(y, digits));
  }
  return p;
}

std::string label(const std::vector<std::string>& labels, int i) {
  return i < static_cast<int>(labels.size()) && !labels[i].empty() ? labels[i] : std::to_string(i);
}

class Explainer {
 public:
  Explainer(const Trace& t, const TraceMatrix& m, int digits)
      : t_(t), m_(m), p_(digits), short_(std::min(digits, 3)) {}

  // A matrix of the same part: the same head and variant unless asked otherwise.
  const TraceMatrix* sibling(Stage stage, bool per_head, bool per_variant) const {
    return t_.find(
        {m_.key.part, stage, per_head ? m_.key.head : 0, per_variant ? m_.key.variant : 0});
  }

  std::string token(int i) const { return label(t_.parts[m_.key.part].tokens, i); }
  int heads() const { return t_.parts[m_.key.part].heads; }

  // The head's block of dimensions in Q, K or V.
  std::pair<int, int> head_dims(const TraceMatrix& qkv) const {
    const int width = dim_count(qkv) / std::max(1, heads());
    const int h = std::max(1, m_.key.head) - 1;
    return {h * width, (h + 1) * width};
  }

  Explanation run(int row, int col) const {
    Explanation e;
    e.recomputed = NAN;
    const double value = m_.value(row, col);
    e.title = m_.label + " " + at(row, col);
    if (m_.editable) return input(row, col, value, e);
    switch (m_.key.stage) {
      case Stage::K_T:
        e.lines.push_back("Kᵀ" + at(row, col) + " = K[" + label(m_.cols, col) + ", " +
                          label(m_.rows, row) + "]");
        break;
      case Stage::Q:
      case Stage::K:
      case Stage::V:
        return projection(row, col, value, e);
      case Stage::scores:
        return scores(row, col, value, e);
      case Stage::scaled:
        return scaled_score(row, col, value, e);
      case Stage::masked:
        return masked(row, col, value, e);
      case Stage::weights:
        return weights(row, col, value, e);
      case Stage::context:
        return weighted_sum(row, col, value, e);
      case Stage::output:
        return sibling(Stage::W_o, false, false) ? projected(row, col, value, e)
                                                 : weighted_sum(row, col, value, e);
      case Stage::concat: {
        const std::pair<int, int> td = token_dim(m_, row, col);
        const int t = td.first, d = td.second;
        const int width = dim_count(m_) / std::max(1, heads());
        const int head = d / std::max(1, width) + 1;
        e.lines.push_back(
            // TRANSLATORS: explains a number of the heads' outputs joined side by side: {dimension}
            // and {head} are numbers, {token} a word of the input (as "cat").
            trf("Dimension {dimension} of head {head}'s output for {token}",
                {{"dimension", std::to_string(d - (head - 1) * width)},
                 {"head", std::to_string(head)},
                 {"token", token(t)}}));
        break;
      }
      default:
        break;
    }
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  std::string at(int row, int col) const {
    return "[" + label(m_.rows, row) + ", " + label(m_.cols, col) + "]";
  }

 private:
  Explanation input(int row, int, double value, Explanation& e) const {
    // TRANSLATORS: explains a number the lesson gives (not computed); {value} is that number.
    e.lines.push_back(trf("An input of the lesson: {value}", {{"value", number_text(value, p_)}}));
    if (m_.key.stage == Stage::weights) {
      double sum = 0;
      for (int c = 0; c < m_.value.cols(); ++c) sum += m_.value(row, c);
      // TRANSLATORS: {sum} is the sum of the numbers in this row of attention weights.
      e.lines.push_back(trf("This row sums to {sum}", {{"sum", number_text(sum, p_)}}));
    }
    // How to change it is the UI's to say (a click or a tap: draw_cell_explanation).
    return e;
  }

  Explanation projection(int row, int col, double value, Explanation& e) const {
    // q[t][j] = Σ_i x[t][i] · W[i][j] + b[j], in whichever layout the lesson uses.
    const Stage w_stage = m_.key.stage == Stage::Q   ? Stage::W_q
                          : m_.key.stage == Stage::K ? Stage::W_k
                                                     : Stage::W_v;
    const Stage b_stage = m_.key.stage == Stage::Q   ? Stage::b_q
                          : m_.key.stage == Stage::K ? Stage::b_k
                                                     : Stage::b_v;
    const TraceMatrix* X = sibling(Stage::X, false, false);
    const TraceMatrix* W = sibling(w_stage, false, false);
    const TraceMatrix* b = sibling(b_stage, false, false);
    if (!X || !W) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const std::pair<int, int> tj = token_dim(m_, row, col);
    const int t = tj.first, j = tj.second;
    const bool stores_out_in = W->transposed;  // (out, in) in the transposed and columns layouts
    Products p = products(
        dim_count(*X), [&](int i) { return at_token(*X, t, i); },
        [&](int i) { return stores_out_in ? W->value(j, i) : W->value(i, j); }, short_);
    std::string formula =
        m_.label + at(row, col) + " = Σ_i X[" + token(t) + ", i] × " + W->label +
        (stores_out_in ? "[" + std::to_string(j) + ", i]" : "[i, " + std::to_string(j) + "]");
    if (b) {
      const double bias = b->value.rows() == 1 ? b->value(0, j) : b->value(j, 0);
      formula += " + " + b->label + "[" + std::to_string(j) + "]";
      p.terms.push_back(factor(bias, short_));
      p.sum += bias;
    }
    e.recomputed = p.sum;
    e.lines.push_back(formula);
    e.lines.push_back("= " + join_terms(p.terms));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  Explanation scores(int row, int col, double value, Explanation& e) const {
    const std::pair<int, int> qk = query_key(m_, row, col);
    const int q = qk.first, k = qk.second;
    const std::string formula = "score = q(" + token(q) + ") · k(" + token(k) + ")";
    if (m_.key.head)
      // TRANSLATORS: {formula} is a score's formula, kept as it is: "score = q(The) · k(cat)".
      // With several attention heads, the dot product runs over head {head}'s dimensions only.
      e.lines.push_back(trf("{formula}, head {head}'s dimensions",
                            {{"formula", formula}, {"head", std::to_string(m_.key.head)}}));
    else
      e.lines.push_back(formula);
    const TraceMatrix* Q = sibling(Stage::Q, false, false);
    const TraceMatrix* K = sibling(Stage::K, false, false);
    if (Q && K) {
      const std::pair<int, int> dims = head_dims(*Q);
      const int begin = dims.first;  // a plain variable: clang 14 cannot capture a binding
      const Products p = products(
          dims.second - begin, [&](int d) { return at_token(*Q, q, begin + d); },
          [&](int d) { return at_token(*K, k, begin + d); }, short_);
      e.recomputed = p.sum;
      e.lines.push_back("= " + join_terms(p.terms));
    }
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  Explanation scaled_score(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* s = sibling(Stage::scores, true, true);
    const double raw = s ? s->value(row, col) : value * m_.divisor;
    e.recomputed = raw / m_.divisor;
    if (m_.divisor == 1.0) {
      // TRANSLATORS: explains a scaled score when the scores are not divided by anything.
      e.lines.push_back(tr("No scaling: the score itself"));
    } else {
      const double square = m_.divisor * m_.divisor;
      const bool root = std::fabs(square - std::round(square)) < 1e-9;
      e.lines.push_back("scaled = score / " + number_text(m_.divisor, 4) +
                        (root ? "  (√" + number_text(std::round(square), 0) + ")" : ""));
      e.lines.push_back("= " + number_text(raw, p_) + " / " + number_text(m_.divisor, 4));
    }
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  Explanation masked(int row, int col, double value, Explanation& e) const {
    const std::pair<int, int> qk = query_key(m_, row, col);
    const int q = qk.first, k = qk.second;
    // The mask hides keys after the query; every other score passes unchanged.
    const TraceMatrix* scaled = sibling(Stage::scaled, true, true);
    if (scaled) e.recomputed = k > q ? -INFINITY : scaled->value(row, col);
    if (std::isinf(value)) {
      // TRANSLATORS: {key} and {query} are words of the input (as "cat"); the causal mask hides
      // every word after the query word from it.
      e.lines.push_back(trf("{key} comes after {query}: the causal mask hides it",
                            {{"key", token(k)}, {"query", token(q)}}));
      // TRANSLATORS: a masked score: it is minus infinity, so its attention weight is 0. Keep
      // "= −∞" as it is.
      e.lines.push_back(tr("= −∞, so its weight will be exactly 0"));
    } else {
      // TRANSLATORS: {key} and {query} are words of the input (as "cat"); the causal mask lets
      // the query word see this word, so its score passes unchanged.
      e.lines.push_back(trf("{key} is at or before {query}: visible, unchanged",
                            {{"key", token(k)}, {"query", token(q)}}));
      e.lines.push_back("= " + number_text(value, p_));
    }
    return e;
  }

  Explanation weights(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* logits = sibling(Stage::masked, true, true);
    if (!logits) logits = sibling(Stage::scaled, true, true);
    if (!logits) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    // The softmax runs over the keys of one query: a row, or a column when keys are rows.
    const bool along_rows = m_.row_kind != AxisKind::Key;
    const int n = along_rows ? m_.value.cols() : m_.value.rows();
    auto logit = [&](int i) { return along_rows ? logits->value(row, i) : logits->value(i, col); };
    const int self = along_rows ? col : row;
    double max = -INFINITY;
    for (int i = 0; i < n; ++i) max = std::max(max, logit(i));
    std::vector<std::string> terms;
    double denominator = 0;
    for (int i = 0; i < n; ++i) {
      const double s = logit(i);
      if (std::isinf(s) && s < 0) continue;
      denominator += std::exp(s - max);
      terms.push_back("e^(" + number_text(s - max, short_) + ")");
    }
    const std::string formula = "weight = e^(s − max) / Σ e^(s − max)";
    if (along_rows)
      // TRANSLATORS: {formula} is the softmax's formula, kept as it is: "weight = e^(s − max) /
      // Σ e^(s − max)". The sum runs over the scores in the same row of the matrix.
      e.lines.push_back(trf("{formula} over the row", {{"formula", formula}}));
    else
      // TRANSLATORS: {formula} is the softmax's formula, kept as it is: "weight = e^(s − max) /
      // Σ e^(s − max)". The sum runs over the scores in the same column of the matrix.
      e.lines.push_back(trf("{formula} over the column", {{"formula", formula}}));
    const double own = logit(self);
    e.recomputed = std::isinf(own) ? 0.0 : std::exp(own - max) / denominator;
    if (std::isinf(own) && own < 0) {
      // TRANSLATORS: explains the attention weight of a masked score. Keep "(−∞): e^(−∞) = 0".
      e.lines.push_back(tr("Masked (−∞): e^(−∞) = 0"));
    } else {
      e.lines.push_back("= e^(" + number_text(own - max, short_) + ") / (" + join_terms(terms) +
                        ")");
      e.lines.push_back("= " + number_text(std::exp(own - max), 4) + " / " +
                        number_text(denominator, 4));
    }
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  Explanation weighted_sum(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* w = sibling(Stage::weights, true, true);
    const TraceMatrix* v = sibling(Stage::V, false, false);
    if (!w || !v) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const std::pair<int, int> qd = token_dim(m_, row, col);
    const int q = qd.first, d = qd.second;
    const int first = head_dims(*v).first;
    const Products p = products(
        token_count(*v), [&](int k) { return weight_for(*w, q, k); },
        [&](int k) { return at_token(*v, k, first + d); }, short_);
    e.recomputed = p.sum;
    e.lines.push_back("= Σ_k weight(" + token(q) + ", k) × V[k, " + std::to_string(first + d) +
                      "]");
    e.lines.push_back("= " + join_terms(p.terms));
    e.lines.push_back("= " + number_text(value, p_));
    if (w->arrangement == Arrangement::QueryRowsAppliedAsKeyRows)
      e.lines.push_back(
          // TRANSLATORS: the notebook applies the weights the other way round; {token} is a
          // word of the input (as "cat"), the label of a column of the weights.
          trf("(The notebook's arrangement: the weights are read down column {token}, which is "
              "not this query's row.)",
              {{"token", token(q)}}));
    return e;
  }

  Explanation projected(int row, int col, double value, Explanation& e) const {
    const TraceMatrix* c = sibling(heads() > 1 ? Stage::concat : Stage::context, false, true);
    const TraceMatrix* wo = sibling(Stage::W_o, false, false);
    if (!c || !wo) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const std::pair<int, int> tj = token_dim(m_, row, col);
    const int t = tj.first, j = tj.second;
    const bool out_in = wo->transposed;
    const Products p = products(
        dim_count(*c), [&](int i) { return at_token(*c, t, i); },
        [&](int i) { return out_in ? wo->value(j, i) : wo->value(i, j); }, short_);
    e.recomputed = p.sum;
    e.lines.push_back(
        "= Σ_i " + c->label + "[" + token(t) + ", i] × " + wo->label +
        (out_in ? "[" + std::to_string(j) + ", i]" : "[i, " + std::to_string(j) + "]"));
    e.lines.push_back("= " + join_terms(p.terms));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  const Trace& t_;
  const TraceMatrix& m_;
  int p_;      // digits of the result
  int short_;  // digits of operands inside sums
};

}  // namespace

Explanation explain_cell(const Trace& trace, int index, int row, int col, int precision) {
  return Explainer(trace, trace.matrices[index], precision).run(row, col);
}

std::string explain_output_row(const Trace& trace, int index, int row, int precision) {
  const TraceMatrix& m = trace.matrices[index];
  if (m.key.stage != Stage::output && m.key.stage != Stage::context) return "";
  const Explainer x(trace, m, precision);
  if (m.key.stage == Stage::output && x.sibling(Stage::W_o, false, false)) return "";
  const TraceMatrix* w = x.sibling(Stage::weights, true, true);
  const TraceMatrix* v = x.sibling(Stage::V, false, false);
  if (!w || !v) return "";
  std::string out = m.label + "[" + x.token(row) + "] = ";
  for (int k = 0; k < token_count(*v); ++k) {
    if (k) out += " + ";
    out +=
        number_text(weight_for(*w, row, k), precision) + " × " + v->label + "[" + x.token(k) + "]";
  }
  return out;
}

}  // namespace attn
