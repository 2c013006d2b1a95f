// Which matrices a part shows, in pipeline order, and each one's shape and axes (part_matrices.h).
#include "core/lesson/part_matrices.h"

#include <algorithm>

namespace attn {

namespace {

class Structure {
 public:
  Structure(const Part& part, int part_index) : part_(part), index_(part_index) {}

  std::vector<MatrixSpec> run(const AttentionOptions& options) {
    inputs(options);
    sequence(part_.sequence, 0);
    attention(options, 0);
    if (part_.sequence.kv_cache) cache();
    if (part_.train) training(options);
    for (size_t v = 0; v < part_.variants.size(); ++v) {
      const Variant& variant = part_.variants[v];
      const int index = static_cast<int>(v) + 1;
      if (variant.trained)  // the matrices training changed, after its steps
        for (Param p : part_.train->params) {
          const Stage s = stage_of(p);
          add(s, 0, index, input_axes(s, options), false, input_is_transposed(part_.layout, s));
        }
      if (variant.moves_tokens()) sequence(sequence_for(variant, part_.sequence), index);
      attention(options_for(variant, options), index);
    }
    return std::move(out_);
  }

 private:
  bool has(Stage s) const { return part_.shapes.count(s) > 0; }

  // A token-major (or position-major) matrix's axes in the part's layout.
  std::pair<AxisKind, AxisKind> token_axes(AxisKind tokens) const {
    if (part_.layout == Layout::Columns) return {AxisKind::Dim, tokens};
    return {tokens, AxisKind::Dim};
  }
  static std::pair<AxisKind, AxisKind> weight_axes(Arrangement arrangement) {
    if (arrangement == Arrangement::KeyRows) return {AxisKind::Key, AxisKind::Query};
    return {AxisKind::Query, AxisKind::Key};
  }

  void add(Stage stage, int head, int variant, std::pair<AxisKind, AxisKind> axes,
           bool editable = false, bool transposed = false) {
    MatrixSpec m;
    m.key = {index_, stage, head, variant};
    m.row_kind = axes.first;
    m.col_kind = axes.second;
    m.editable = editable;
    m.overridable = !editable && variant == 0 && can_override(stage);
    // A sequence-major matrix is transposed exactly when its tokens run along columns.
    m.transposed = transposed || (m.row_kind == AxisKind::Dim && is_sequence_axis(m.col_kind));
    out_.push_back(m);
  }

  std::pair<AxisKind, AxisKind> input_axes(Stage s, const AttentionOptions& options) const {
    if (s == Stage::X) return token_axes(AxisKind::Token);
    if (s == Stage::P) return token_axes(AxisKind::Position);
    if (is_bias(s))
      return part_.layout == Layout::Columns ? std::pair{AxisKind::Dim, AxisKind::Single}
                                             : std::pair{AxisKind::Single, AxisKind::Dim};
    if (s == Stage::Q) return token_axes(AxisKind::Query);
    if (s == Stage::K || s == Stage::V || s == Stage::memory) return token_axes(AxisKind::Key);
    if (s == Stage::weights) return weight_axes(options.arrangement);
    return {AxisKind::Dim, AxisKind::Dim};
  }

  void inputs(const AttentionOptions& options) {
    for (Stage s : kInputStages)
      if (has(s)) add(s, 0, 0, input_axes(s, options), true, input_is_transposed(part_.layout, s));
  }

  // Training: the target, the loss at each step, each trained matrix's gradient.
  void training(const AttentionOptions& options) {
    add(Stage::target, 0, 0,
        part_.train->kind == TrainTarget::Kind::Weights ? weight_axes(options.arrangement)
                                                        : token_axes(AxisKind::Query));
    add(Stage::loss, 0, 0, {AxisKind::Single, AxisKind::Dim});
    for (Param p : part_.train->params) {
      const Stage s = stage_of(p);
      add(gradient_of(s), 0, 0, input_axes(s, options), false,
          input_is_transposed(part_.layout, s));
    }
  }

  // Positions, the projections and the rotations: the part's own (variant
  // 0), or those of a variant that moves the tokens.
  void sequence(const Sequence& seq, int variant) {
    const auto [kr, kc] = token_axes(AxisKind::Key);
    if (seq.positions == PositionKind::Sinusoidal)  // computed (given P is an input)
      add(Stage::P, 0, variant, token_axes(AxisKind::Position));
    if (seq.positions != PositionKind::None)
      add(Stage::X_P, 0, variant, token_axes(AxisKind::Token));
    const bool rope = seq.rope && (has(Stage::X) || has(Stage::Q));
    // Kᵀ, as the notebooks print it before Q·Kᵀ: of the keys the scores read.
    const bool k_t = variant == 0 && (has(Stage::X) || has(Stage::Q));
    if (has(Stage::X)) {  // given Q, K, V are inputs already
      add(Stage::Q, 0, variant, token_axes(AxisKind::Query));
      add(Stage::K, 0, variant, {kr, kc});
      if (k_t && !rope) add(Stage::K_T, 0, 0, {kc, kr});
      if (has(Stage::W_v)) add(Stage::V, 0, variant, {kr, kc});
    } else if (k_t && !rope) {
      add(Stage::K_T, 0, 0, {kc, kr});
    }
    if (rope) {
      add(Stage::angles, 0, variant, token_axes(AxisKind::Position));
      add(Stage::Q_rot, 0, variant, token_axes(AxisKind::Query));
      add(Stage::K_rot, 0, variant, {kr, kc});
      if (k_t) add(Stage::K_T, 0, 0, {kc, kr});
    }
  }

  // Generating with a KV cache, at the step shown: the part's own settings.
  void cache() {
    const auto step = token_axes(AxisKind::Step);
    const bool v = has(Stage::W_v) || has(Stage::V);
    for (Stage s : {Stage::q_t, Stage::k_t}) add(s, 0, 0, step);
    if (v) add(Stage::v_t, 0, 0, step);
    add(Stage::K_cache, 0, 0, step);
    if (v) add(Stage::V_cache, 0, 0, step);
    const int heads = part_.heads;
    for (int h = 0; h < heads; ++h) {
      const int head = heads > 1 ? h + 1 : 0;
      add(Stage::scores_t, head, 0, {AxisKind::Step, AxisKind::Step});
      add(Stage::weights_t, head, 0, {AxisKind::Step, AxisKind::Step});
    }
    if (v) {
      add(Stage::output_t, 0, 0, step);
      add(Stage::made, 0, 0, step);
    }
    add(Stage::macs, 0, 0, {AxisKind::Step, AxisKind::Dim});
  }

  void attention(const AttentionOptions& options, int variant) {
    const auto out_axes = token_axes(AxisKind::Query);
    const bool qk = has(Stage::X) || has(Stage::Q);
    const bool v = has(Stage::W_v) || has(Stage::V);
    if (!qk) {
      if (v) add(Stage::output, 0, variant, out_axes);
      return;
    }
    const auto w_axes = weight_axes(options.arrangement);
    const int heads = part_.heads;
    for (int h = 0; h < heads; ++h) {
      const int head = heads > 1 ? h + 1 : 0;
      add(Stage::scores, head, variant, w_axes);
      add(Stage::scaled, head, variant, w_axes);
      if (options.causal) add(Stage::masked, head, variant, w_axes);
      add(Stage::weights, head, variant, w_axes);
      if (v && (heads > 1 || has(Stage::W_o))) add(Stage::context, head, variant, out_axes);
    }
    if (!v) return;
    if (heads > 1 && has(Stage::W_o)) add(Stage::concat, 0, variant, out_axes);
    add(Stage::output, 0, variant, out_axes);
  }

  const Part& part_;
  int index_;
  std::vector<MatrixSpec> out_;
};

}  // namespace

std::vector<MatrixSpec> part_matrices(const Part& part, int part_index,
                                      const AttentionOptions& options) {
  return Structure(part, part_index).run(options);
}

std::pair<int, int> matrix_shape(const Part& part, const MatrixSpec& spec) {
  const Stage s = spec.key.stage;
  if (spec.editable || (can_be_input(s) && part.shapes.count(s))) return part.shapes.at(s);
  if (trained_input(s) != s) return part.shapes.at(trained_input(s));  // a gradient
  // Widths in the canonical row layout, from the inputs that set them.
  auto width = [&](Stage given, Stage weight) {
    if (part.shapes.count(given)) {
      const auto [r, c] = part.shapes.at(given);
      return input_is_transposed(part.layout, given) ? r : c;
    }
    if (part.shapes.count(weight)) {
      const auto [r, c] = part.shapes.at(weight);
      return input_is_transposed(part.layout, weight) ? r : c;
    }
    return 0;
  };
  const int n = static_cast<int>(part.tokens.size());
  const int m = part.memory_tokens.empty() ? n : static_cast<int>(part.memory_tokens.size());
  const int d = width(Stage::X, Stage::X);
  const int d_k = width(Stage::Q, Stage::W_q), d_v = width(Stage::V, Stage::W_v);
  const bool columns = part.layout == Layout::Columns;
  int rows = n, cols = d_v;  // token-major: one row per token (a column in the columns layout)
  switch (s) {
    case Stage::P:
    case Stage::X_P:
      cols = d;
      break;
    case Stage::angles:
      cols = d_k / std::max(1, part.heads) / 2;
      break;
    case Stage::Q:
    case Stage::Q_rot:
      cols = d_k;
      break;
    case Stage::K:
    case Stage::K_rot:
      rows = m, cols = d_k;
      break;
    case Stage::V:
      rows = m;
      break;
    case Stage::K_T:  // the transpose of K as shown
      return columns ? std::pair{m, d_k} : std::pair{d_k, m};
    case Stage::scores:
    case Stage::scaled:
    case Stage::masked:
    case Stage::weights:
      return spec.row_kind == AxisKind::Key ? std::pair{m, n} : std::pair{n, m};
    case Stage::context:
      cols = d_v / std::max(1, part.heads);
      break;
    case Stage::output:
    case Stage::output_t:
    case Stage::made:
      if (part.shapes.count(Stage::W_o)) cols = width(Stage::W_o, Stage::W_o);
      rows = s == Stage::output ? n : s == Stage::output_t ? 1 : part.options.cache_step + 1;
      break;
    case Stage::q_t:
    case Stage::k_t:
      rows = 1, cols = d_k;
      break;
    case Stage::v_t:
      rows = 1;
      break;
    case Stage::K_cache:
      rows = part.options.cache_step + 1, cols = d_k;
      break;
    case Stage::V_cache:
      rows = part.options.cache_step + 1;
      break;
    case Stage::scores_t:
    case Stage::weights_t:
      return {1, part.options.cache_step + 1};  // at the lesson's own step
    case Stage::macs:
      return {n, 4};  // per step: cached, recomputed, and their totals so far
    case Stage::target:
      if (part.train && part.train->kind == TrainTarget::Kind::Weights)
        return spec.row_kind == AxisKind::Key ? std::pair{m, n} : std::pair{n, m};
      if (part.shapes.count(Stage::W_o)) cols = width(Stage::W_o, Stage::W_o);
      break;
    case Stage::loss:
      return {1, (part.train ? part.train->steps : 0) + 1};
    default:
      break;
  }
  return columns ? std::pair{cols, rows} : std::pair{rows, cols};
}

}  // namespace attn
