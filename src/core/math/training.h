// Where the weights come from: one attention layer trained by gradient
// descent toward a target, every gradient exact. In the canonical row layout
// (one row per token), for N queries and M keys:
//   loss, weights target T (N, M), each row a distribution, on head 1's weights A:
//       L = −(1/N) Σ_i Σ_j T_ij log A_ij          (log A as a log-softmax)
//   loss, output target Y (N, d_out), O the output:
//       L = (1/(2N)) Σ (O − Y)²
//   backward, per head (llm.c's order; * is entry by entry):
//       dO = (O − Y)/N;  dW_o = concatᵀ·dO;  dconcat = dO·W_oᵀ
//       dA = dctx·V_hᵀ;  dV_h = Aᵀ·dctx
//       dZ = A * (dA − rowsum(A * dA))  [+ (rowsum(T) * A − T)/N for head 1's target]
//       dS = dZ / divisor;  dQ_h = dS·K_h;  dK_h = dSᵀ·Q_h   (rotated back with RoPE)
//       dW_q = Xᵀ·dQ;  db_q = Σ_rows dQ   (W_k, W_v from the keys' source)
//   descent: every trained matrix at once, W ← W − lr·∂L/∂W.
// Checked against central finite differences and numpy
// (tests/core/math/training_test.cpp).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/math/attention.h"
#include "core/math/matrix.h"
#include "core/math/positions.h"

namespace attn {

// One layer's numbers, canonical: the trained ones among them.
struct Layer {
  Matrix x;                   // (N, d): X, or X + P
  Matrix source;              // (M, d): the keys' and values' (the memory's), or empty: x
  Matrix w_q, w_k, w_v, w_o;  // (d, d_k), (d, d_k), (d, d_v), (d_v, d_out) or empty
  Matrix b_q, b_k, b_v;       // (1, d_k), (1, d_k), (1, d_v) or empty
  int heads = 1;
  AttentionOptions options;    // scaling, causal, arrangement
  std::vector<int> positions;  // each token's, for the causal mask
  // RoPE: the angles (one row per position) and each token's row of them.
  std::optional<RopePairs> rope;
  Matrix angles;
  std::vector<int> slots;
};

// Which of the layer's matrices training may change.
enum class Param { W_q, W_k, W_v, W_o, b_q, b_k, b_v };
inline constexpr EnumName<Param> kParamNames[] = {
    {Param::W_q, "W_q"}, {Param::W_k, "W_k"}, {Param::W_v, "W_v"}, {Param::W_o, "W_o"},
    {Param::b_q, "b_q"}, {Param::b_k, "b_k"}, {Param::b_v, "b_v"}};
Matrix& param_of(Layer& layer, Param p);
const Matrix& param_of(const Layer& layer, Param p);

struct TrainTarget {
  enum class Kind { Weights, Output };
  Kind kind = Kind::Weights;
  Matrix value;  // (N, M) query rows for head 1's weights, or (N, d_out)
};

struct LossAndGradients {
  double loss = 0.0;
  std::map<Param, Matrix> gradients;  // of every param the layer has, canonical
};
LossAndGradients loss_and_gradients(const Layer& layer, const TrainTarget& target);

struct Training {
  std::vector<double> loss;  // L_0 … L_steps (fewer if it diverged)
  Layer trained;             // after the steps
  int diverged_at = -1;      // the step a trained number left ±limit, or the loss was not finite
};
// `steps` steps of gradient descent from `layer` on `params`, stopped where a
// trained number would leave ±limit.
Training gradient_descent(const Layer& layer, const TrainTarget& target,
                          const std::vector<Param>& params, double lr, int steps, double limit);

}  // namespace attn
