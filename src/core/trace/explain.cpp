// Explanations of single numbers, written out with their own operands (explain.h).
#include "core/trace/explain.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "core/trace/written_sums.h"

namespace attn {

namespace {

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
  // An input, or this variant's after training where it trained it.
  const TraceMatrix* trained_or(Stage input) const {
    if (const TraceMatrix* m = t_.find({m_.key.part, input, 0, m_.key.variant})) return m;
    return sibling(input, false, false);
  }
  // A key's token: the memory's, in cross-attention.
  std::string key_token(int i) const {
    const TracePart& part = t_.parts[m_.key.part];
    return label(part.memory_tokens.empty() ? part.tokens : part.memory_tokens, i);
  }
  // The part's own matrix of a stage, or this variant's where it has its own
  // (a variant that moves the tokens: its positions, Q, K, V, rotations).
  const TraceMatrix* own(Stage stage) const {
    const int variant = m_.key.variant;
    const bool moved = variant && (t_.find({m_.key.part, Stage::Q, 0, variant}) ||
                                   t_.find({m_.key.part, Stage::K, 0, variant}));
    return t_.find({m_.key.part, stage, 0, moved ? variant : 0});
  }
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
      case Stage::P:
        return position_code(row, col, value, e);
      case Stage::X_P:
        return with_position(row, col, value, e);
      case Stage::angles:
        return angle(row, col, value, e);
      case Stage::Q_rot:
      case Stage::K_rot:
        return rotated(row, col, value, e);
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
      case Stage::grad_W_q:
      case Stage::grad_W_k:
      case Stage::grad_W_v:
      case Stage::grad_W_o:
      case Stage::grad_b_q:
      case Stage::grad_b_k:
      case Stage::grad_b_v:
        return gradient(value, e);
      case Stage::loss:
        return loss(col, value, e);
      case Stage::macs:
        return multiply_adds(row, col, value, e);
      case Stage::K_cache:
      case Stage::V_cache:
        return cached(row, col, value, e);
      case Stage::scores_t:
        return cache_score(col, value, e);
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
    // From X + P where the tokens have positions; keys and values from the memory.
    const TraceMatrix* X = m_.key.stage != Stage::Q && sibling(Stage::memory, false, false)
                               ? sibling(Stage::memory, false, false)
                           : own(Stage::X_P) ? own(Stage::X_P)
                                             : sibling(Stage::X, false, false);
    const TraceMatrix* W = trained_or(w_stage);
    const TraceMatrix* b = trained_or(b_stage);
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
    const std::string who = X->key.stage == Stage::memory ? key_token(t) : token(t);
    std::string formula =
        m_.label + at(row, col) + " = Σ_i " + std::string(stage_name(X->key.stage)) + "[" + who +
        ", i] × " + W->label +
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
    // The rotated queries and keys, with RoPE.
    const TraceMatrix* Q = own(Stage::Q_rot) ? own(Stage::Q_rot) : own(Stage::Q);
    const TraceMatrix* K = own(Stage::K_rot) ? own(Stage::K_rot) : own(Stage::K);
    return dot_product(token(q), key_token(k), Q, q, K, k, value, e);
  }

  // score = q(query) · k(key) over this head's dimensions, each term written,
  // from row q of Q and row k of K (either may be missing: the formula only).
  Explanation dot_product(const std::string& query, const std::string& key, const TraceMatrix* Q,
                          int q, const TraceMatrix* K, int k, double value, Explanation& e) const {
    const std::string formula = "score = q(" + query + ") · k(" + key + ")";
    if (m_.key.head)
      // TRANSLATORS: {formula} is a score's formula, kept as it is: "score = q(The) · k(cat)".
      // With several attention heads, the dot product runs over head {head}'s dimensions only.
      e.lines.push_back(trf("{formula}, head {head}'s dimensions",
                            {{"formula", formula}, {"head", std::to_string(m_.key.head)}}));
    else
      e.lines.push_back(formula);
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
    // The mask hides the keys standing after the query; every other score passes unchanged.
    const TraceMatrix* scaled = sibling(Stage::scaled, true, true);
    const bool after = m_.slots.empty()
                           ? k > q
                           : m_.slots[static_cast<size_t>(k)] > m_.slots[static_cast<size_t>(q)];
    if (scaled) e.recomputed = after ? -INFINITY : scaled->value(row, col);
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
    const TraceMatrix* v = own(Stage::V);
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
    const TraceMatrix* wo = trained_or(Stage::W_o);
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

  // P[p, 2i] = sin(p / 10000^(2i/d)), P[p, 2i+1] = cos(…): the position's code.
  Explanation position_code(int row, int col, double value, Explanation& e) const {
    const auto [r, c] = token_dim(m_, row, col);
    const int position = std::stoi(label(is_sequence_axis(m_.row_kind) ? m_.rows : m_.cols, r));
    const int i = c / 2, d = dim_count(m_);
    const double angle = position / std::pow(10000.0, 2.0 * i / d);
    e.recomputed = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    const std::string f = c % 2 == 0 ? "sin" : "cos";
    e.lines.push_back("P[" + std::to_string(position) + ", " + std::to_string(c) + "] = " + f +
                      "(p / 10000^(2i/d)), i = " + std::to_string(i) +
                      ", d = " + std::to_string(d));
    e.lines.push_back("= " + f + "(" + std::to_string(position) + " / " +
                      number_text(std::pow(10000.0, 2.0 * i / d), 4) + ") = " + f + "(" +
                      number_text(angle, 4) + ")");
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  // X + P: the token's embedding and the code of the position it stands at.
  Explanation with_position(int row, int col, double value, Explanation& e) const {
    const auto [t, j] = token_dim(m_, row, col);
    const TraceMatrix* x = sibling(Stage::X, false, false);
    const TraceMatrix* p = own(Stage::P);
    if (!x || !p || m_.slots.empty()) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const int slot = m_.slots[static_cast<size_t>(t)];
    const std::string position = label(is_sequence_axis(p->row_kind) ? p->rows : p->cols, slot);
    const double a = at_token(*x, t, j), b = at_token(*p, slot, j);
    e.recomputed = a + b;
    // TRANSLATORS: explains X + P: {token} (a word of the input) stands at position
    // {position}, so its embedding gets that position's row of P. Keep X and P.
    e.lines.push_back(trf("{token} stands at position {position}: X[{token}] + P[{position}]",
                          {{"token", token(t)}, {"position", position}}));
    e.lines.push_back("= " + number_text(a, short_) + " + " + factor(b, short_));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  // angle = p · θ_i, θ_i = base^(−2i/d_head).
  // ∂L/∂w: what a small nudge of w does to the loss, to first order.
  Explanation gradient(double value, Explanation& e) const {
    if (value == 0.0)
      // TRANSLATORS: explains a gradient of zero: this number does not move the loss.
      e.lines.push_back(tr("Nudging this number does not change the loss (to first order)."));
    else if (value > 0)
      // TRANSLATORS: explains one entry of a gradient ∂L/∂W; {amount} is a small number.
      e.lines.push_back(
          trf("Nudging this number up by 0.01 raises the loss by about {amount}; "
              "gradient descent moves it down.",
              {{"amount", number_text(std::fabs(value) * 0.01, short_ + 2)}}));
    else
      // TRANSLATORS: explains one entry of a gradient ∂L/∂W; {amount} is a small number.
      e.lines.push_back(
          trf("Nudging this number up by 0.01 lowers the loss by about {amount}; "
              "gradient descent moves it up.",
              {{"amount", number_text(std::fabs(value) * 0.01, short_ + 2)}}));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  Explanation loss(int col, double value, Explanation& e) const {
    if (col == 0)
      // TRANSLATORS: explains the first number of the loss row: the loss at the learner's
      // numbers, how far the layer's result is from the target.
      e.lines.push_back(tr("The loss at your numbers: how far the result is from the target."));
    else
      // TRANSLATORS: explains the loss after {steps} steps of gradient descent from the
      // learner's numbers.
      e.lines.push_back(trf("The loss after gradient descent from your numbers (steps: {steps}).",
                            {{"steps", std::to_string(col)}}));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  // macs is (N, 4): per step, with the cache and without; their totals so far.
  Explanation multiply_adds(int row, int col, double value, Explanation& e) const {
    static const char* const kWhat[] = {
        // TRANSLATORS: explains a count of multiply-adds while generating token {t} with a
        // KV cache: only the new token's query, key and value are computed.
        N_("Multiply-adds to make token {t} with the cache: the new token's projections, and "
           "its query against every kept key."),
        // TRANSLATORS: the same count without a cache: every earlier token again.
        N_("Multiply-adds to make token {t} without a cache: every token so far computed "
           "again."),
        // TRANSLATORS: the counts added up over tokens 1 to {t}.
        N_("Multiply-adds for tokens 1 to {t}, with the cache."),
        N_("Multiply-adds for tokens 1 to {t}, without a cache."),
    };
    if (col >= 0 && col < 4)
      e.lines.push_back(trf(tr(kWhat[col]), {{"t", std::to_string(row + 1)}}));
    e.lines.push_back("= " + number_text(value, 0));
    return e;
  }

  Explanation cached(int row, int col, double value, Explanation& e) const {
    const std::pair<int, int> td = token_dim(m_, row, col);
    const std::vector<int>& order = t_.parts[m_.key.part].order;
    const int t = td.first;
    const int token = static_cast<size_t>(t) < order.size() ? order[static_cast<size_t>(t)] : t;
    // TRANSLATORS: explains a row of the KV cache: {token} is a word; its key (or value) was
    // computed once, when it was made at step {step}, and is read again, not computed again.
    e.lines.push_back(
        trf("Kept from \u201c{token}\u201d, computed once at step {step} and "
            "read again since.",
            {{"token", token_name(token)}, {"step", std::to_string(t + 1)}}));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }
  std::string token_name(int i) const { return label(t_.parts[m_.key.part].tokens, i); }

  // The new token's score for the cache's key k (scores_t is (1, t+1)): the
  // new query times that key, over the head's dimensions, as a score is.
  Explanation cache_score(int k, double value, Explanation& e) const {
    const TraceMatrix* q = t_.find({m_.key.part, Stage::q_t, 0, 0});
    const TraceMatrix* K = t_.find({m_.key.part, Stage::K_cache, 0, 0});
    if (!q || !K || k >= token_count(*K)) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const auto name = [](const TraceMatrix& m, int i) {
      return label(is_sequence_axis(m.row_kind) ? m.rows : m.cols, i);
    };
    return dot_product(name(*q, 0), name(*K, k), q, 0, K, k, value, e);
  }

  Explanation angle(int row, int col, double value, Explanation& e) const {
    const auto [r, i] = token_dim(m_, row, col);
    const std::string position = label(is_sequence_axis(m_.row_kind) ? m_.rows : m_.cols, r);
    const double theta = std::stoi(position) == 0 ? NAN : value / std::stoi(position);
    e.lines.push_back("angle = p · θ_" + std::to_string(i) + ", θ_i = base^(−2i/d_head)");
    if (std::isfinite(theta)) e.lines.push_back("= " + position + " × " + number_text(theta, 6));
    e.lines.push_back("= " + number_text(value, p_));
    return e;
  }

  // RoPE: the pair (x, y) of this column turned by its position's angle.
  Explanation rotated(int row, int col, double value, Explanation& e) const {
    const auto [t, j] = token_dim(m_, row, col);
    const TraceMatrix* plain = own(m_.key.stage == Stage::Q_rot ? Stage::Q : Stage::K);
    const TraceMatrix* angles = own(Stage::angles);
    if (!plain || !angles || m_.slots.empty()) {
      e.lines.push_back("= " + number_text(value, p_));
      return e;
    }
    const int d_head = dim_count(m_) / std::max(1, heads()), half = d_head / 2;
    const int in_head = j % d_head, base = j - in_head;
    const bool halves = m_.pairs == RopePairs::Halves;
    const int pair = halves ? in_head % half : in_head / 2;
    const int a = base + (halves ? pair : 2 * pair),
              b = base + (halves ? pair + half : 2 * pair + 1);
    const double x = at_token(*plain, t, a), y = at_token(*plain, t, b);
    const double theta = at_token(*angles, m_.slots[static_cast<size_t>(t)], pair);
    const bool first = j == a;
    e.recomputed = first ? x * std::cos(theta) - y * std::sin(theta)
                         : x * std::sin(theta) + y * std::cos(theta);
    const std::string of = std::string(stage_name(plain->key.stage)) + "[" +
                           (plain->key.stage == Stage::K ? key_token(t) : token(t)) + ", ";
    e.lines.push_back(first ? "= x·cos(angle) − y·sin(angle)" : "= x·sin(angle) + y·cos(angle)");
    e.lines.push_back("x = " + of + std::to_string(a) + "], y = " + of + std::to_string(b) +
                      "], angle = " + number_text(theta, 4));
    e.lines.push_back(first ? "= " + factor(x, short_) + "×" + number_text(std::cos(theta), 4) +
                                  " − " + factor(y, short_) + "×" + factor(std::sin(theta), 4)
                            : "= " + factor(x, short_) + "×" + factor(std::sin(theta), 4) + " + " +
                                  factor(y, short_) + "×" + number_text(std::cos(theta), 4));
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
    out += number_text(weight_for(*w, row, k), precision) + " × " + v->label + "[" +
           x.key_token(k) + "]";
  }
  return out;
}

}  // namespace attn
