#include "core/trace.h"

#include <cassert>

namespace attn {

namespace {

std::vector<std::string> index_labels(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(std::to_string(i));
  return out;
}

const char* default_label(const std::string& base) {
  if (base == "scores") return "scores";
  if (base == "scaled") return "scaled scores";
  if (base == "masked") return "masked scores";
  if (base == "weights") return "attention weights";
  if (base == "context") return "head output";
  if (base == "concat") return "heads concatenated";
  if (base == "output") return "output";
  if (base == "K_T") return "Kᵀ";
  return nullptr;  // inputs and Q, K, V are shown by their own names
}

std::string head_suffix(int head) { return head ? "_h" + std::to_string(head) : ""; }

// One part's computation in the canonical row layout.
struct Computed {
  bool has_qk = false, has_v = false;
  Matrix q, k, v;        // (N, d_k), (N, d_k), (N, d_v)
  MultiHeadTrace heads;  // from Q, K (and V)
  Matrix output;         // (N, d_v) from given weights
};

class PartBuilder {
 public:
  PartBuilder(const Lesson& lesson, int part_index, const PartState& state, Trace& trace)
      : lesson_(lesson),
        index_(part_index),
        part_(lesson.parts[part_index]),
        state_(state),
        trace_(trace) {}

  void build() {
    emit_inputs();
    const Computed main = compute(state_.options);
    emit_projections(main);
    emit_attention(main, state_.options, nullptr);
    for (const Variant& v : part_.variants)
      emit_attention(compute(options_for(v)), options_for(v), &v);
    emit_steps();
  }

 private:
  bool has(const char* name) const { return state_.inputs.count(name) > 0; }

  Matrix canonical(const std::string& name) const {
    const Matrix& m = state_.inputs.at(name);
    return input_is_transposed(part_.layout, name) ? transpose(m) : m;
  }
  Matrix displayed(const Matrix& canonical_value, bool token_major) const {
    return token_major && part_.layout == Layout::Columns ? transpose(canonical_value)
                                                          : canonical_value;
  }

  AttentionOptions options_for(const Variant& v) const {
    AttentionOptions o = state_.options;
    if (v.scaling) o.scaling = *v.scaling;
    if (v.causal) o.causal = *v.causal;
    if (v.arrangement) o.arrangement = *v.arrangement;
    return o;
  }

  Matrix project(const Matrix& x, const char* w, const char* b) const {
    Matrix out = matmul(x, canonical(w));  // (N, d) · (d, d_k) -> (N, d_k)
    if (has(b)) out = add_row_bias(out, canonical(b));
    return out;
  }

  Computed compute(const AttentionOptions& options) const {
    Computed c;
    if (has("X")) {
      // 1. projections: Q, K, V = X·W (+ b), in canonical rows
      const Matrix x = canonical("X");
      c.q = project(x, "W_q", "b_q");
      c.k = project(x, "W_k", "b_k");
      c.has_v = has("W_v");
      if (c.has_v) c.v = project(x, "W_v", "b_v");
      c.has_qk = true;
    } else if (has("Q")) {
      c.q = canonical("Q");
      c.k = canonical("K");
      c.has_v = has("V");
      if (c.has_v) c.v = canonical("V");
      c.has_qk = true;
    } else if (has("weights")) {
      c.has_v = true;
      c.v = canonical("V");
      c.output = apply_weights(state_.inputs.at("weights"), c.v, options.arrangement);
    }
    if (c.has_qk) {
      // 2. attention per head, 3. concatenation and projection
      Matrix w_o;
      if (has("W_o")) w_o = canonical("W_o");
      multi_head_attention(c.q, c.k, c.has_v ? &c.v : nullptr, part_.heads,
                           has("W_o") ? &w_o : nullptr, options, c.heads);
    }
    return c;
  }

  int add(const std::string& base, Role role, int head, const Variant* variant, Matrix value,
          AxisKind row_kind, AxisKind col_kind, bool editable, bool transposed = false) {
    TraceMatrix m;
    m.base = base;
    m.name = base + head_suffix(head) + (variant ? "@" + variant->id : "");
    m.id = matrix_id(lesson_, index_, m.name);
    if (auto exact = part_.names.find(m.name); exact != part_.names.end()) {
      m.label = exact->second;
    } else {
      auto custom = part_.names.find(base);
      const char* fallback = default_label(base);
      m.label = custom != part_.names.end() ? custom->second : fallback ? fallback : base;
      if (head) m.label += " (head " + std::to_string(head) + ")";
      if (variant) m.label += " — " + variant->label;
    }
    m.role = role;
    m.part = index_;
    m.head = head;
    m.variant = variant ? variant->id : "";
    m.row_kind = row_kind;
    m.col_kind = col_kind;
    m.rows = labels(row_kind, value.rows());
    m.cols = labels(col_kind, value.cols());
    m.value = std::move(value);
    m.editable = editable;
    // A token-major matrix is transposed exactly when its tokens run along columns.
    const bool token_cols =
        col_kind == AxisKind::Token || col_kind == AxisKind::Query || col_kind == AxisKind::Key;
    m.transposed = transposed || (row_kind == AxisKind::Dim && token_cols);
    m.heads = part_.heads;
    m.arrangement = state_.options.arrangement;
    trace_.matrices.push_back(std::move(m));
    return static_cast<int>(trace_.matrices.size()) - 1;
  }

  std::vector<std::string> labels(AxisKind kind, int n) const {
    if (kind == AxisKind::Single) return std::vector<std::string>(n, "");
    if (kind == AxisKind::Dim || static_cast<int>(part_.tokens.size()) != n) return index_labels(n);
    return part_.tokens;
  }

  // A token-major matrix's axis kinds in the part's layout.
  std::pair<AxisKind, AxisKind> token_axes(AxisKind tokens) const {
    if (part_.layout == Layout::Columns) return {AxisKind::Dim, tokens};
    return {tokens, AxisKind::Dim};
  }

  std::pair<AxisKind, AxisKind> weight_axes(Arrangement arrangement) const {
    if (arrangement == Arrangement::KeyRows) return {AxisKind::Key, AxisKind::Query};
    return {AxisKind::Query, AxisKind::Key};
  }

  void emit_inputs() {
    for (const std::string& n : input_names()) {
      if (!has(n.c_str())) continue;
      const Matrix& value = state_.inputs.at(n);
      Role role = Role::Input;
      std::pair<AxisKind, AxisKind> axes{AxisKind::Dim, AxisKind::Dim};
      if (n == "X")
        axes = token_axes(AxisKind::Token);
      else if (n[0] == 'W')
        role = Role::Weight;
      else if (n[0] == 'b') {
        role = Role::Bias;
        axes = part_.layout == Layout::Columns ? std::pair{AxisKind::Dim, AxisKind::Single}
                                               : std::pair{AxisKind::Single, AxisKind::Dim};
      } else if (n == "Q")
        role = Role::Query, axes = token_axes(AxisKind::Query);
      else if (n == "K")
        role = Role::Key, axes = token_axes(AxisKind::Key);
      else if (n == "V")
        role = Role::Value, axes = token_axes(AxisKind::Key);
      else if (n == "weights")
        role = Role::Weights, axes = weight_axes(state_.options.arrangement);
      add(n, role, 0, nullptr, value, axes.first, axes.second, true,
          input_is_transposed(part_.layout, n));
    }
  }

  void emit_projections(const Computed& c) {
    if (!c.has_qk) return;
    if (!has("X")) return emit_key_transpose(c);  // given Q, K, V are inputs already
    auto [qr, qc] = token_axes(AxisKind::Query);
    auto [kr, kc] = token_axes(AxisKind::Key);
    add("Q", Role::Query, 0, nullptr, displayed(c.q, true), qr, qc, false);
    add("K", Role::Key, 0, nullptr, displayed(c.k, true), kr, kc, false);
    emit_key_transpose(c);
    if (c.has_v) add("V", Role::Value, 0, nullptr, displayed(c.v, true), kr, kc, false);
  }

  // Kᵀ as the notebooks print it before Q·Kᵀ.
  void emit_key_transpose(const Computed& c) {
    auto [kr, kc] = token_axes(AxisKind::Key);
    add("K_T", Role::Key, 0, nullptr, transpose(displayed(c.k, true)), kc, kr, false);
  }

  void emit_attention(const Computed& c, const AttentionOptions& options, const Variant* variant) {
    const size_t first = trace_.matrices.size();
    emit_attention_matrices(c, options, variant);
    for (size_t i = first; i < trace_.matrices.size(); ++i) {
      TraceMatrix& m = trace_.matrices[i];
      m.arrangement = options.arrangement;
      m.divisor = options.scaling.divisor_for(c.has_qk ? c.q.cols() / part_.heads : 1);
    }
  }

  void emit_attention_matrices(const Computed& c, const AttentionOptions& options,
                               const Variant* variant) {
    const auto [out_r, out_c] = token_axes(AxisKind::Query);
    if (!c.has_qk) {
      if (c.has_v)
        add("output", Role::Output, 0, variant, displayed(c.output, true), out_r, out_c, false);
      return;
    }
    const auto [wr, wc] = weight_axes(options.arrangement);
    const int heads = part_.heads;
    for (int h = 0; h < heads; ++h) {
      const HeadTrace& t = c.heads.heads[h];
      const int head = heads > 1 ? h + 1 : 0;
      add("scores", Role::Scores, head, variant, t.scores, wr, wc, false);
      add("scaled", Role::Scaled, head, variant, t.scaled, wr, wc, false);
      if (options.causal) add("masked", Role::Masked, head, variant, t.masked, wr, wc, false);
      add("weights", Role::Weights, head, variant, t.weights, wr, wc, false);
      const bool show_context = c.has_v && (heads > 1 || has("W_o"));
      if (show_context)
        add("context", Role::Context, head, variant, displayed(t.output, true), out_r, out_c,
            false);
    }
    if (!c.has_v) return;
    if (heads > 1 && has("W_o"))
      add("concat", Role::Concat, 0, variant, displayed(c.heads.concat, true), out_r, out_c, false);
    add("output", Role::Output, 0, variant, displayed(c.heads.output, true), out_r, out_c, false);
  }

  void emit_steps() {
    const std::vector<StepSpec>& specs = part_.steps;
    for (const StepSpec& spec : specs) {
      TraceStep step;
      step.id = spec.id;
      step.title = spec.title;
      step.formula = fill_placeholders(spec.formula);
      step.text = spec.text;
      step.part = index_;
      step.precision = spec.precision >= 0 ? spec.precision : part_.precision;
      step.suppress = part_.suppress;
      for (const std::string& name : spec.show) {
        const int at = trace_.index_of(matrix_id(lesson_, index_, name));
        if (at >= 0) step.matrices.push_back(at);  // the loader checked every name
      }
      trace_.steps.push_back(std::move(step));
    }
  }

  std::string fill_placeholders(std::string text) const {
    const std::string key = "{scale}";
    std::string replacement;
    switch (state_.options.scaling.mode) {
      case ScaleMode::SqrtDk:
        replacement = " / √d_k";
        break;
      case ScaleMode::None:
        replacement = "";
        break;
      case ScaleMode::Divide:
        replacement = " / T";
        break;
    }
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at))
      text.replace(at, key.size(), replacement);
    return text;
  }

  const Lesson& lesson_;
  int index_;
  const Part& part_;
  const PartState& state_;
  Trace& trace_;
};

}  // namespace

std::string matrix_id(const Lesson& lesson, int part, const std::string& name) {
  if (lesson.parts.size() <= 1) return name;
  return lesson.parts[part].id + "/" + name;
}

const TraceMatrix* Trace::find(std::string_view id) const {
  const int at = index_of(id);
  return at < 0 ? nullptr : &matrices[at];
}

int Trace::index_of(std::string_view id) const {
  for (size_t i = 0; i < matrices.size(); ++i)
    if (matrices[i].id == id) return static_cast<int>(i);
  return -1;
}

Trace build_trace(const Lesson& lesson, const LessonState& state) {
  assert(state.parts.size() == lesson.parts.size());
  Trace trace;
  trace.lesson_id = lesson.id;
  trace.title = lesson.title;
  trace.source = lesson.source;
  trace.main_part = lesson.main_part;
  for (int p = 0; p < static_cast<int>(lesson.parts.size()); ++p)
    PartBuilder(lesson, p, state.parts[p], trace).build();

  const Part& main = lesson.parts[lesson.main_part];
  for (int h = 0; h < main.heads; ++h) {
    const std::string name = main.heads > 1 ? "weights_h" + std::to_string(h + 1) : "weights";
    const int at = trace.index_of(matrix_id(lesson, lesson.main_part, name));
    if (at >= 0) trace.result_weights.push_back(at);
  }
  trace.result_output = trace.index_of(matrix_id(lesson, lesson.main_part, "output"));
  return trace;
}

}  // namespace attn
