// Scaled dot-product attention, one head and multi-head, on the canonical
// row-vector layout: one row per token. Lessons in other layouts (transposed
// weights, column vectors) are converted to this layout before they get here
// and back again for display (see trace.h).
#pragma once

#include <vector>

#include "core/base/enum_names.h"
#include "core/math/matrix.h"

namespace attn {

enum class ScaleMode {
  SqrtDk,  // divide by √d_k, d_k being the width of one head's queries
  None,    // raw dot products
  Divide,  // divide by a chosen number: a temperature
};

// The modes by name, as a condition names them ({"scale": "temperature"}).
// A lesson's "scale" key and a link write the first two as words and a
// temperature as its number (kScaleWords).
inline constexpr EnumName<ScaleMode> kScaleModeNames[] = {
    {ScaleMode::SqrtDk, "sqrt_dk"}, {ScaleMode::None, "none"}, {ScaleMode::Divide, "temperature"}};
inline constexpr EnumNames<ScaleMode> kScaleWords{kScaleModeNames, 2};

struct Scaling {
  ScaleMode mode = ScaleMode::SqrtDk;
  double divisor = 1.0;  // for ScaleMode::Divide
  // The number a head of width d_k divides its scores by.
  double divisor_for(int d_k) const;
  bool operator==(const Scaling&) const = default;
};

// How the (N, N) score matrix is laid out, and how its weights meet V.
enum class Arrangement {
  // scores[q][k] = q·k; softmax along each row; out[q] = Σ_k w[q][k] v[k].
  QueryRows,
  // scores[k][q] = k·q (as Kᵀ·Q in Understanding Deep Learning); softmax down
  // each column; out[q] = Σ_k w[k][q] v[k]. Same output as QueryRows.
  KeyRows,
  // Notebook 003's multi-head code: weights laid out as QueryRows, then
  // multiplied with V as if they were KeyRows (V @ weights instead of
  // V @ weights.T). Its "Your answer" differs from the "True values".
  QueryRowsAppliedAsKeyRows,
};
inline constexpr EnumName<Arrangement> kArrangementNames[] = {
    {Arrangement::QueryRows, "query_rows"},
    {Arrangement::KeyRows, "key_rows"},
    {Arrangement::QueryRowsAppliedAsKeyRows, "query_rows_applied_as_key_rows"},
};

struct AttentionOptions {
  Scaling scaling;
  bool causal = false;  // a query sees only keys at or before its position
  Arrangement arrangement = Arrangement::QueryRows;
  // Where the tokens stand (positions and RoPE, core/math/positions.h; the
  // causal mask): the first position, and the tokens' order, a permutation
  // (order[r] is the token standing r-th; empty: the lesson's own order).
  int first_position = 0;
  std::vector<int> order;
  // Generating with a KV cache: the step shown (0: the first token made).
  int cache_step = 0;
  // Training: the learning rate (0: the lesson's).
  double lr = 0.0;
  bool operator==(const AttentionOptions&) const = default;
};

// A learner's what-if values for computed entries of one head: each replaces
// the computed number before the next pass reads it (an overridden score is
// scaled, masked and softmaxed like any other).
struct CellValue {
  int row = 0, col = 0;
  double value = 0.0;
  bool operator==(const CellValue&) const = default;
};
struct HeadOverrides {
  std::vector<CellValue> scores, scaled, weights;  // in the layout of the (N, N) matrices
};

// Everything one head computed, for N queries and M keys (M = N in
// self-attention; the memory's tokens in cross-attention). All matrices are
// (N, M) (as the arrangement lays them out) but output.
struct HeadTrace {
  Matrix scores;   // (N, M) raw dot products, laid out as the arrangement says
  Matrix scaled;   // (N, M) scores / divisor
  Matrix masked;   // (N, N) scaled with -inf where causal masking hides a key; empty if not causal
  Matrix weights;  // (N, M) softmax of masked (or scaled)
  Matrix output;   // (N, d_v) weighted sum of values; empty without values
  double divisor = 1.0;
};

// One head. q is (N, d_k), k (M, d_k); v is (M, d_v) or null (scores and
// weights only). `positions` (self-attention, N entries): where each token
// stands, so the causal mask hides the keys standing after their query
// whatever order the rows are in; null: row i stands at i.
void attention_head(const Matrix& q, const Matrix& k, const Matrix* v,
                    const AttentionOptions& options, HeadTrace& out,
                    const HeadOverrides* overrides = nullptr,
                    const std::vector<int>* positions = nullptr);

// out (N, d_v): weights (N, M) arranged as `arrangement` applied to v (M, d_v).
Matrix apply_weights(const Matrix& weights, const Matrix& v, Arrangement arrangement);

struct MultiHeadTrace {
  std::vector<HeadTrace> heads;  // H heads
  Matrix concat;                 // (N, d_v) the heads' outputs side by side
  Matrix output;                 // (N, d_out) concat · W_o, or concat without W_o
};

// H heads over equal contiguous column blocks of q (N, H·d_head), k and v
// (M, …); each head is scaled by its own width. w_o (d_v, d_out) may be null;
// overrides, if given, has one entry per head; positions as attention_head's.
void multi_head_attention(const Matrix& q, const Matrix& k, const Matrix* v, int heads,
                          const Matrix* w_o, const AttentionOptions& options, MultiHeadTrace& out,
                          const std::vector<HeadOverrides>* overrides = nullptr,
                          const std::vector<int>* positions = nullptr);

}  // namespace attn
