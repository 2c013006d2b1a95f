// compute_trace: a lesson's numbers for its state, each part computed in the
// canonical row layout and its matrices shown in the part's own, with the
// Trace's lookups by key and by id.
// [SECTION] Values: the attention passes, in the canonical row layout
// [SECTION] Trace
#include "core/trace/trace.h"

#include <algorithm>
#include <cassert>

#include "core/math/kv_cache.h"
#include "core/math/training.h"
#include "core/text/translation.h"
#include "core/trace/default_labels.h"

namespace attn {

//-----------------------------------------------------------------------------
// [SECTION] Values
//-----------------------------------------------------------------------------

namespace {

// One part's computation in the canonical row layout.
struct Computed {
  bool has_qk = false, has_v = false;
  Matrix p, x_p;                // (N, d) one row per position; (N, d) X + each token's row of P
  Matrix q, k, v;               // (N, d_k), (M, d_k), (M, d_v)
  Matrix angles, q_rot, k_rot;  // RoPE: (N, d_head/2) per position; (N, d_k); (M, d_k)
  MultiHeadTrace heads;         // from Q, K (rotated) and V
  Matrix output;                // (N, d_v) from given weights
  // Generating with a KV cache: the step shown, the rows made up to it, the
  // multiply-adds; the tokens in the order they are made.
  std::optional<CacheStep> cache;
  Matrix made, macs;
  std::vector<int> standing;
  Layer layer;  // the numbers training reads (from X): canonical
};

// Training (the part's own settings): where it went, and its gradients now.
struct Trained {
  Training run;
  LossAndGradients now;
};

class PartBuilder {
 public:
  PartBuilder(const Part& part, int part_index, const PartState& state, Trace& trace)
      : part_(part), index_(part_index), state_(state), trace_(trace) {}

  void build() {
    std::vector<Computed> computed;  // [0]: the part's own options; [v]: variant v
    std::vector<AttentionOptions> options{state_.options};
    std::vector<Sequence> sequences{part_.sequence};
    for (const Variant& v : part_.variants) {
      options.push_back(options_for(v, state_.options));
      sequences.push_back(sequence_for(v, part_.sequence));
    }
    for (size_t v = 0; v < options.size(); ++v) {
      if (v > 0 && part_.variants[v - 1].trained && trained_) {
        // The part after training: its trained matrices in place of the learner's.
        std::map<Stage, Matrix> replace;
        for (Param p : part_.train->params)
          replace[stage_of(p)] = param_of(trained_->run.trained, p);
        replace_ = &replace;
        computed.push_back(compute(options[v], sequences[v], false));
        replace_ = nullptr;
        continue;
      }
      computed.push_back(compute(options[v], sequences[v], v == 0));
      if (v == 0 && part_.train && computed[0].has_qk) train(computed[0].layer, options[0]);
    }
    for (const MatrixSpec& spec : part_matrices(part_, index_, state_.options))
      add(spec, computed[spec.key.variant], options[spec.key.variant], sequences[spec.key.variant]);
  }

 private:
  bool has(Stage s) const { return state_.inputs.count(s) > 0; }

  Matrix canonical(Stage s) const {
    if (replace_)
      if (const auto it = replace_->find(s); it != replace_->end()) return it->second;
    const Matrix& m = state_.inputs.at(s);
    return input_is_transposed(part_.layout, s) ? transpose(m) : m;
  }
  // A canonical matrix of an input's shape, in the part's layout.
  Matrix displayed_input(Stage s, const Matrix& canonical_value) const {
    return input_is_transposed(part_.layout, s) ? transpose(canonical_value) : canonical_value;
  }

  // 7. training: gradient descent from the learner's numbers, toward the target
  void train(const Layer& layer, const AttentionOptions& options) {
    const TrainSpec& spec = *part_.train;
    TrainTarget target{spec.kind, spec.target};
    if (spec.kind == TrainTarget::Kind::Weights) {
      if (options.arrangement == Arrangement::KeyRows) target.value = transpose(target.value);
      // Where the learner's mask now hides a key the target wanted, nothing is asked of it.
      if (options.causal)
        for (int i = 0; i < target.value.rows(); ++i)
          for (int j = 0; j < target.value.cols(); ++j)
            if (layer.positions[static_cast<size_t>(j)] > layer.positions[static_cast<size_t>(i)])
              target.value(i, j) = 0;
    } else if (part_.layout == Layout::Columns) {
      target.value = transpose(target.value);
    }
    const double lr = options.lr > 0 ? options.lr : spec.lr;
    trained_ =
        Trained{gradient_descent(layer, target, spec.params, lr, spec.steps, Limits::kMaxAbsValue),
                loss_and_gradients(layer, target)};
  }
  // A token-major (or position-major) matrix computed in rows, in the part's layout.
  Matrix displayed(const Matrix& canonical_value) const {
    return part_.layout == Layout::Columns ? transpose(canonical_value) : canonical_value;
  }

  Matrix project(const Matrix& x, Stage w, Stage b) const {
    Matrix out = matmul(x, canonical(w));  // (N, d) · (d, d_k) -> (N, d_k)
    if (has(b)) out = add_row_bias(out, canonical(b));
    return out;
  }

  // The learner's overrides, per head; only the part's own settings have them.
  std::vector<HeadOverrides> head_overrides() const {
    std::vector<HeadOverrides> out(static_cast<size_t>(part_.heads));
    for (const Override& o : state_.overrides) {
      HeadOverrides& h = out[static_cast<size_t>(std::max(o.head, 1) - 1)];
      std::vector<CellValue>& cells = o.stage == Stage::scores   ? h.scores
                                      : o.stage == Stage::scaled ? h.scaled
                                                                 : h.weights;
      cells.push_back({o.row, o.col, o.value});
    }
    return out;
  }

  Computed compute(const AttentionOptions& options, const Sequence& sequence,
                   bool own_settings) const {
    Computed c;
    const int n = static_cast<int>(part_.tokens.size());
    // Where each token stands, and its row among the positions (P, angles).
    const std::vector<int> at = token_positions(options, n);
    std::vector<int> slot(at.size()), positions(at.size());
    for (int t = 0; t < n; ++t) {
      slot[static_cast<size_t>(t)] = at[static_cast<size_t>(t)] - options.first_position;
      positions[static_cast<size_t>(t)] = options.first_position + t;
    }
    if (has(Stage::X)) {
      // 1. positions: X_P = X + P, each token with the row of the position it stands at
      Matrix x = canonical(Stage::X);  // (N, d)
      if (sequence.positions != PositionKind::None) {
        c.p = sequence.positions == PositionKind::Sinusoidal
                  ? sinusoidal_positions(positions, x.cols())
                  : canonical(Stage::P);  // (N, d)
        c.x_p = x;
        for (int t = 0; t < n; ++t)
          for (int j = 0; j < x.cols(); ++j) c.x_p(t, j) += c.p(slot[static_cast<size_t>(t)], j);
        x = c.x_p;
      }
      // 2. projections: Q from the tokens, K and V from them or from the memory
      const Matrix memory = has(Stage::memory) ? canonical(Stage::memory) : Matrix();
      const Matrix& source = has(Stage::memory) ? memory : x;  // (M, d)
      c.q = project(x, Stage::W_q, Stage::b_q);
      c.k = project(source, Stage::W_k, Stage::b_k);
      c.has_v = has(Stage::W_v);
      if (c.has_v) c.v = project(source, Stage::W_v, Stage::b_v);
      c.has_qk = true;
      if (part_.train && c.has_v) {  // what training reads
        Layer& l = c.layer;
        l.x = x;
        if (has(Stage::memory)) l.source = memory;
        l.w_q = canonical(Stage::W_q);
        l.w_k = canonical(Stage::W_k);
        l.w_v = canonical(Stage::W_v);
        if (has(Stage::W_o)) l.w_o = canonical(Stage::W_o);
        if (has(Stage::b_q)) l.b_q = canonical(Stage::b_q);
        if (has(Stage::b_k)) l.b_k = canonical(Stage::b_k);
        if (has(Stage::b_v)) l.b_v = canonical(Stage::b_v);
        l.heads = part_.heads;
        l.options = options;
        l.positions = at;
      }
    } else if (has(Stage::Q)) {
      c.q = canonical(Stage::Q);
      c.k = canonical(Stage::K);
      c.has_v = has(Stage::V);
      if (c.has_v) c.v = canonical(Stage::V);
      c.has_qk = true;
    } else if (has(Stage::weights)) {
      c.has_v = true;
      c.v = canonical(Stage::V);
      c.output = apply_weights(state_.inputs.at(Stage::weights), c.v, options.arrangement);
    }
    if (c.has_qk && sequence.rope) {
      // 3. RoPE: each head's Q and K turned pair by pair by p·θ_i (self-attention)
      const int d_head = c.q.cols() / part_.heads;
      c.angles = rope_angles(positions, d_head, sequence.rope->base);
      c.q_rot = rotate_pairs(c.q, part_.heads, c.angles, slot, sequence.rope->pairs);
      c.k_rot = rotate_pairs(c.k, part_.heads, c.angles, slot, sequence.rope->pairs);
      c.layer.rope = sequence.rope->pairs;
      c.layer.angles = c.angles;
      c.layer.slots = slot;
    }
    if (c.has_qk) {
      // 4. attention per head, 5. concatenation and projection
      Matrix w_o;
      if (has(Stage::W_o)) w_o = canonical(Stage::W_o);
      const std::vector<HeadOverrides> overrides = head_overrides();
      const bool rotated = sequence.rope.has_value();
      multi_head_attention(rotated ? c.q_rot : c.q, rotated ? c.k_rot : c.k,
                           c.has_v ? &c.v : nullptr, part_.heads, has(Stage::W_o) ? &w_o : nullptr,
                           options, c.heads,
                           own_settings && !state_.overrides.empty() ? &overrides : nullptr, &at);
    }
    if (own_settings && sequence.kv_cache && c.has_qk && c.has_v) generate(options, sequence, c);
    return c;
  }

  // 6. generating with a KV cache: the step shown, and every step before it
  // for the rows made so far
  void generate(const AttentionOptions& options, const Sequence& sequence, Computed& c) const {
    const int n = static_cast<int>(part_.tokens.size());
    c.standing = options.order;
    if (c.standing.empty())
      for (int t = 0; t < n; ++t) c.standing.push_back(t);
    const int step = std::clamp(options.cache_step, 0, n - 1);
    Matrix w_o;
    if (has(Stage::W_o)) w_o = canonical(Stage::W_o);
    const bool rotated = sequence.rope.has_value();
    const Matrix& q = rotated ? c.q_rot : c.q;
    const Matrix& k = rotated ? c.k_rot : c.k;
    for (int t = 0; t <= step; ++t) {
      CacheStep s = cache_step(q, k, c.v, part_.heads, has(Stage::W_o) ? &w_o : nullptr,
                               options.scaling, c.standing, t);
      if (c.made.empty()) c.made = Matrix(step + 1, s.output.cols());
      for (int j = 0; j < s.output.cols(); ++j) c.made(t, j) = s.output(0, j);
      if (t == step) c.cache = std::move(s);
    }
    const int d = canonical(Stage::X).cols();
    const MultiplyAdds count =
        multiply_adds(d, c.q.cols(), c.v.cols(), has(Stage::W_o) ? w_o.cols() : 0);
    c.macs = Matrix(n, 4);  // (N, 4): per step t, with the cache and without; their totals
    for (int t = 0; t < n; ++t) {
      c.macs(t, 0) = static_cast<double>(count.cached(t));
      c.macs(t, 1) = static_cast<double>(count.recomputed(t));
      c.macs(t, 2) = static_cast<double>(count.cached_total(t + 1));
      c.macs(t, 3) = static_cast<double>(count.recomputed_total(t + 1));
    }
  }

  Matrix value_of(const MatrixSpec& spec, const Computed& c) const {
    const MatrixKey& k = spec.key;
    if (spec.editable) return state_.inputs.at(k.stage);
    const std::optional<Param> trained_param = param_for(k.stage);
    if (trained_param && k.variant && part_.variants[k.variant - 1].trained)
      return trained_ ? displayed_input(k.stage, param_of(trained_->run.trained, *trained_param))
                      : Matrix();             // a trained matrix, after training
    if (trained_input(k.stage) != k.stage) {  // a gradient, shaped as its matrix
      if (!trained_) return Matrix();
      const auto& gradients = trained_->now.gradients;
      const auto it = gradients.find(*param_for(trained_input(k.stage)));
      return it == gradients.end() ? Matrix() : displayed_input(trained_input(k.stage), it->second);
    }
    const HeadTrace* head =
        c.has_qk ? &c.heads.heads[static_cast<size_t>(std::max(k.head, 1) - 1)] : nullptr;
    switch (k.stage) {
      case Stage::P:
        return displayed(c.p);
      case Stage::X_P:
        return displayed(c.x_p);
      case Stage::Q:
        return displayed(c.q);
      case Stage::K:
        return displayed(c.k);
      case Stage::V:
        return displayed(c.v);
      case Stage::angles:
        return displayed(c.angles);
      case Stage::Q_rot:
        return displayed(c.q_rot);
      case Stage::K_rot:
        return displayed(c.k_rot);
      case Stage::K_T:  // of the keys the scores read
        return transpose(displayed(c.k_rot.empty() ? c.k : c.k_rot));
      case Stage::scores:
        return head->scores;
      case Stage::scaled:
        return head->scaled;
      case Stage::masked:
        return head->masked;
      case Stage::weights:
        return head->weights;
      case Stage::context:
        return displayed(head->output);
      case Stage::concat:
        return displayed(c.heads.concat);
      case Stage::output:
        return displayed(c.has_qk ? c.heads.output : c.output);
      case Stage::q_t:
        return displayed(c.cache->q);
      case Stage::k_t:
        return displayed(c.cache->k);
      case Stage::v_t:
        return displayed(c.cache->v);
      case Stage::K_cache:
        return displayed(c.cache->K);
      case Stage::V_cache:
        return displayed(c.cache->V);
      case Stage::scores_t:
        return c.cache->scores[static_cast<size_t>(std::max(k.head, 1) - 1)];
      case Stage::weights_t:
        return c.cache->weights[static_cast<size_t>(std::max(k.head, 1) - 1)];
      case Stage::output_t:
        return displayed(c.cache->output);
      case Stage::made:
        return displayed(c.made);
      case Stage::macs:
        return c.macs;
      case Stage::target:
        return part_.train->target;
      case Stage::loss: {
        if (!trained_) return Matrix();
        const std::vector<double>& history = trained_->run.loss;
        Matrix m(1, static_cast<int>(history.size()));
        for (size_t i = 0; i < history.size(); ++i) m(0, static_cast<int>(i)) = history[i];
        return m;
      }
      default:
        assert(false && "inputs are editable");
        return Matrix();
    }
  }

  std::string label_of(const MatrixKey& k) const {
    if (auto exact = part_.matrix_names.find(k); exact != part_.matrix_names.end())
      return exact->second;
    std::string label;
    if (auto named = part_.stage_names.find(k.stage); named != part_.stage_names.end())
      label = named->second;
    else if (trained_input(k.stage) != k.stage)
      label = "∂L/∂" + std::string(stage_name(trained_input(k.stage)));  // a formula
    else if (const char* fallback = default_label(k.stage))
      label = tr(fallback);
    else
      label = std::string(stage_name(k.stage));
    if (k.head)
      // TRANSLATORS: a matrix's caption when the lesson has several heads: {matrix} is its
      // name ("attention weights", or the lesson's), {n} the head's number (1, 2, …).
      label = trf("{matrix} (head {n})", {{"matrix", label}, {"n", std::to_string(k.head)}});
    if (k.variant) label += " — " + part_.variants[k.variant - 1].label;
    return label;
  }

  // An axis's labels: the tokens (the memory's, for keys read from it), a
  // position's number, or a dimension's index.
  std::vector<std::string> labels(AxisKind kind, int n, const AttentionOptions& options) const {
    if (kind == AxisKind::Single) return std::vector<std::string>(n, "");
    const std::vector<std::string>& tokens =
        kind == AxisKind::Key && !part_.memory_tokens.empty() ? part_.memory_tokens : part_.tokens;
    if (is_token_axis(kind) && static_cast<int>(tokens.size()) == n) return tokens;
    std::vector<std::string> out;
    const int first = kind == AxisKind::Position ? options.first_position : 0;
    for (int i = 0; i < n; ++i) out.push_back(std::to_string(first + i));
    return out;
  }

  void add(const MatrixSpec& spec, const Computed& c, const AttentionOptions& options,
           const Sequence& sequence) {
    TraceMatrix m;
    static_cast<MatrixSpec&>(m) = spec;
    m.value = value_of(spec, c);
    m.label = label_of(spec.key);
    m.rows = labels(spec.row_kind, m.value.rows(), options);
    m.cols = labels(spec.col_kind, m.value.cols(), options);
    // A step's rows are the tokens as they were made; the new token's, the last made.
    auto made = [&](int count, bool newest) {
      std::vector<std::string> out;
      const int last = static_cast<int>(c.standing.size()) - 1;
      const int step = std::clamp(options.cache_step, 0, std::max(last, 0));
      for (int r = 0; r < count; ++r) {
        const int at = newest ? step : r;
        out.push_back(at <= last
                          ? part_.tokens[static_cast<size_t>(c.standing[static_cast<size_t>(at)])]
                          : "");
      }
      return out;
    };
    if (spec.row_kind == AxisKind::Step || spec.col_kind == AxisKind::Step) {
      const bool one = spec.key.stage == Stage::q_t || spec.key.stage == Stage::k_t ||
                       spec.key.stage == Stage::v_t || spec.key.stage == Stage::output_t ||
                       spec.key.stage == Stage::scores_t || spec.key.stage == Stage::weights_t;
      if (spec.row_kind == AxisKind::Step) m.rows = made(m.value.rows(), one);
      if (spec.col_kind == AxisKind::Step)
        m.cols = made(m.value.cols(), one && spec.row_kind != AxisKind::Step);
      if (spec.key.stage == Stage::scores_t || spec.key.stage == Stage::weights_t)
        m.cols = made(m.value.cols(), false);
      if (spec.key.stage == Stage::macs) m.rows = made(m.value.rows(), false);
    }
    m.arrangement = options.arrangement;
    if (spec.key.stage == Stage::X_P || spec.key.stage == Stage::Q_rot ||
        spec.key.stage == Stage::masked ||
        (spec.key.stage == Stage::K_rot && part_.memory_tokens.empty())) {
      const std::vector<int> at = token_positions(options, static_cast<int>(part_.tokens.size()));
      for (int position : at) m.slots.push_back(position - options.first_position);
    }
    if (sequence.rope) m.pairs = sequence.rope->pairs;
    if (c.has_qk && spec.key.stage >= Stage::scores)
      m.divisor = options.scaling.divisor_for(c.q.cols() / part_.heads);
    trace_.index[spec.key.packed()] = static_cast<int>(trace_.matrices.size());
    trace_.matrices.push_back(std::move(m));
  }

  const Part& part_;
  int index_;
  const PartState& state_;
  Trace& trace_;
  std::optional<Trained> trained_;
  const std::map<Stage, Matrix>* replace_ = nullptr;  // the trained variant's matrices
};

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Trace
//-----------------------------------------------------------------------------

int Trace::index_of(const MatrixKey& key) const {
  const auto it = index.find(key.packed());
  return it == index.end() ? -1 : it->second;
}

const TraceMatrix* Trace::find(const MatrixKey& key) const {
  const int at = index_of(key);
  return at < 0 ? nullptr : &matrices[at];
}

std::string Trace::id_of(const MatrixKey& key) const {
  const TracePart& p = parts[key.part];
  const std::string name =
      matrix_name(key.stage, key.head, key.variant ? p.variants[key.variant - 1] : "");
  return parts.size() > 1 ? p.id + "/" + name : name;
}

std::optional<MatrixKey> Trace::key_of(std::string_view id) const {
  MatrixKey key;
  if (parts.size() > 1) {
    const size_t slash = id.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const std::string_view part_id = id.substr(0, slash);
    key.part = -1;
    for (size_t p = 0; p < parts.size(); ++p)
      if (parts[p].id == part_id) key.part = static_cast<int>(p);
    if (key.part < 0) return std::nullopt;
    id.remove_prefix(slash + 1);
  }
  const std::optional<ParsedName> name = parse_matrix_name(id);
  if (!name) return std::nullopt;
  key.stage = name->stage;
  key.head = name->head;
  if (!name->variant.empty()) {
    const std::vector<std::string>& variants = parts[key.part].variants;
    for (size_t v = 0; v < variants.size(); ++v)
      if (variants[v] == name->variant) key.variant = static_cast<int>(v) + 1;
    if (!key.variant) return std::nullopt;
  }
  if (!find(key)) return std::nullopt;
  return key;
}

namespace {

// The steps, each with the matrices it shows; their words are filled in from
// the finished trace (core/logic/build_trace.h).
void add_steps(const Lesson& lesson, Trace& trace) {
  for (int p = 0; p < static_cast<int>(lesson.parts.size()); ++p) {
    const Part& part = lesson.parts[p];
    for (size_t i = 0; i < part.steps.size(); ++i) {
      const StepSpec& spec = part.steps[i];
      TraceStep step;
      step.id = spec.id;
      step.title = spec.title;
      step.part = p;
      step.part_step = static_cast<int>(i);
      step.precision = spec.precision >= 0 ? spec.precision : part.precision;
      step.suppress = part.suppress;
      for (const MatrixKey& key : spec.show) {
        const int at = trace.index_of(key);
        if (at >= 0) step.matrices.push_back(at);  // `masked` is gone while the mask is off
      }
      trace.steps.push_back(std::move(step));
    }
  }
}

}  // namespace

Trace compute_trace(const Lesson& lesson, const LessonState& state) {
  assert(state.parts.size() == lesson.parts.size());
  Trace trace;
  trace.lesson_id = lesson.id;
  trace.title = lesson.title;
  trace.source = lesson.source;
  trace.main_part = lesson.main_part;
  for (size_t i = 0; i < lesson.parts.size(); ++i) {
    const Part& p = lesson.parts[i];
    const AttentionOptions& options = state.parts[i].options;
    TracePart tp{p.id, p.title, p.layout, p.heads, p.tokens, p.memory_tokens, {}, 0, {}};
    for (const Variant& v : p.variants) tp.variants.push_back(v.id);
    tp.first_position = options.first_position;
    tp.order = options.order;
    if (tp.order.empty())
      for (int t = 0; t < static_cast<int>(p.tokens.size()); ++t) tp.order.push_back(t);
    trace.parts.push_back(std::move(tp));
  }
  for (int p = 0; p < static_cast<int>(lesson.parts.size()); ++p)
    PartBuilder(lesson.parts[p], p, state.parts[p], trace).build();
  add_steps(lesson, trace);

  const Part& main = lesson.parts[lesson.main_part];
  for (int h = 0; h < main.heads; ++h) {
    const int at =
        trace.index_of({lesson.main_part, Stage::weights, main.heads > 1 ? h + 1 : 0, 0});
    if (at >= 0) trace.result_weights.push_back(at);
  }
  trace.result_output = trace.index_of({lesson.main_part, Stage::output, 0, 0});
  return trace;
}

}  // namespace attn
