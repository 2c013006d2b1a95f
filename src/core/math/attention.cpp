// Scaled dot-product attention, one head and multi-head (attention.h).
#include "core/math/attention.h"

#include <cassert>
#include <cmath>
#include <limits>

#include "core/math/softmax.h"

namespace attn {

double Scaling::divisor_for(int d_k) const {
  switch (mode) {
    case ScaleMode::SqrtDk:
      return std::sqrt(static_cast<double>(d_k));
    case ScaleMode::None:
      return 1.0;
    case ScaleMode::Divide:
      return divisor;
  }
  return 1.0;
}

Matrix apply_weights(const Matrix& weights, const Matrix& v, Arrangement arrangement) {
  // out is (N, d_v)
  if (arrangement == Arrangement::QueryRows) return matmul(weights, v);
  // KeyRows: out[q] = Σ_k w[k][q] v[k] = (wᵀ · v)[q]. The notebook's mix reads
  // its QueryRows weights the same way, which is exactly its mistake.
  return matmul(transpose(weights), v);
}

namespace {
void apply(const std::vector<CellValue>& cells, Matrix& m) {
  for (const CellValue& c : cells) m(c.row, c.col) = c.value;
}
}  // namespace

void attention_head(const Matrix& q, const Matrix& k, const Matrix* v,
                    const AttentionOptions& options, HeadTrace& out, const HeadOverrides* overrides,
                    const std::vector<int>* positions) {
  assert(q.cols() == k.cols());
  const bool key_rows = options.arrangement == Arrangement::KeyRows;

  // 1. scores (N, M) = Q·Kᵀ, or (M, N) = K·Qᵀ when keys are rows
  if (key_rows) {
    matmul_transposed_into(k, q, out.scores);
  } else {
    matmul_transposed_into(q, k, out.scores);
  }
  if (overrides) apply(overrides->scores, out.scores);

  // 2. scaled = scores / divisor, divisor = √d_k, 1 or a temperature
  out.divisor = options.scaling.divisor_for(q.cols());
  out.scaled = out.scores;
  // Divide, as numpy's scores / np.sqrt(d_k) does, rather than multiply by 1/d.
  for (size_t i = 0; i < out.scaled.size(); ++i) out.scaled.data()[i] /= out.divisor;
  if (overrides) apply(overrides->scaled, out.scaled);

  // 3. masked (N, N): a query may not see the keys that stand after it
  const Matrix* logits = &out.scaled;
  if (options.causal) {
    assert(q.rows() == k.rows());
    out.masked = out.scaled;
    const int n = out.masked.rows();
    auto at = [&](int token) {
      return positions ? (*positions)[static_cast<size_t>(token)] : token;
    };
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const int query = key_rows ? j : i, key = key_rows ? i : j;
        if (at(key) > at(query)) out.masked(i, j) = -std::numeric_limits<double>::infinity();
      }
    logits = &out.masked;
  } else {
    out.masked = Matrix();
  }

  // 4. weights = softmax over the keys of each query
  out.weights = softmax(*logits, key_rows ? Axis::Cols : Axis::Rows);
  if (overrides) apply(overrides->weights, out.weights);

  // 5. output (N, d_v) = Σ_k weight · value
  if (v) {
    assert(v->rows() == k.rows());
    out.output = apply_weights(out.weights, *v, options.arrangement);
  } else {
    out.output = Matrix();
  }
}

void multi_head_attention(const Matrix& q, const Matrix& k, const Matrix* v, int heads,
                          const Matrix* w_o, const AttentionOptions& options, MultiHeadTrace& out,
                          const std::vector<HeadOverrides>* overrides,
                          const std::vector<int>* positions) {
  assert(heads >= 1 && q.cols() % heads == 0 && (!v || v->cols() % heads == 0));
  const int d_head = q.cols() / heads;
  const int dv_head = v ? v->cols() / heads : 0;
  out.heads.resize(heads);
  std::vector<Matrix> head_outputs;
  for (int h = 0; h < heads; ++h) {
    // 1. split: head h owns columns [h·d_head, (h+1)·d_head) of Q and K
    const Matrix q_h = heads == 1 ? q : slice_cols(q, h * d_head, (h + 1) * d_head);
    const Matrix k_h = heads == 1 ? k : slice_cols(k, h * d_head, (h + 1) * d_head);
    Matrix v_h;
    if (v) v_h = heads == 1 ? *v : slice_cols(*v, h * dv_head, (h + 1) * dv_head);
    // 2. attention within the head, scaled by its own width
    attention_head(q_h, k_h, v ? &v_h : nullptr, options, out.heads[h],
                   overrides ? &(*overrides)[h] : nullptr, positions);
    if (v) head_outputs.push_back(out.heads[h].output);
  }
  if (!v) {
    out.concat = Matrix();
    out.output = Matrix();
    return;
  }
  // 3. concat (N, d_v): the heads side by side
  out.concat = heads == 1 ? head_outputs[0] : hconcat(head_outputs);
  // 4. output (N, d_out) = concat · W_o
  out.output = w_o ? matmul(out.concat, *w_o) : out.concat;
}

}  // namespace attn
