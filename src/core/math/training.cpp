// One attention layer trained by gradient descent: the loss and its exact gradients (training.h).
#include "core/math/training.h"

#include <cassert>
#include <cmath>
#include <limits>

#include "core/math/softmax.h"

namespace attn {

Matrix& param_of(Layer& layer, Param p) {
  switch (p) {
    case Param::W_q:
      return layer.w_q;
    case Param::W_k:
      return layer.w_k;
    case Param::W_v:
      return layer.w_v;
    case Param::W_o:
      return layer.w_o;
    case Param::b_q:
      return layer.b_q;
    case Param::b_k:
      return layer.b_k;
    case Param::b_v:
      return layer.b_v;
  }
  return layer.w_q;
}
const Matrix& param_of(const Layer& layer, Param p) {
  return param_of(const_cast<Layer&>(layer), p);
}

namespace {

Matrix project(const Matrix& x, const Matrix& w, const Matrix& b) {
  Matrix out = matmul(x, w);
  return b.empty() ? out : add_row_bias(out, b);
}

Matrix column_sums(const Matrix& m) {  // (1, cols)
  Matrix out(1, m.cols());
  for (int r = 0; r < m.rows(); ++r)
    for (int c = 0; c < m.cols(); ++c) out(0, c) += m(r, c);
  return out;
}

void add_block(Matrix& into, const Matrix& block, int col) {
  for (int r = 0; r < block.rows(); ++r)
    for (int c = 0; c < block.cols(); ++c) into(r, col + c) += block(r, c);
}

// Everything the forward pass keeps for the backward one.
struct Forward {
  Matrix q, k, v;            // (N, d_k), (M, d_k), (M, d_v): rotated q, k with RoPE
  std::vector<Matrix> z, a;  // per head: logits (N, M) (−∞ where masked), weights
  Matrix concat, output;     // (N, d_v), (N, d_out)
};

Forward forward(const Layer& l) {
  Forward f;
  const Matrix& src = l.source.empty() ? l.x : l.source;
  // 1. projections (and RoPE's turns)
  f.q = project(l.x, l.w_q, l.b_q);
  f.k = project(src, l.w_k, l.b_k);
  f.v = project(src, l.w_v, l.b_v);
  if (l.rope) {
    f.q = rotate_pairs(f.q, l.heads, l.angles, l.slots, *l.rope);
    f.k = rotate_pairs(f.k, l.heads, l.angles, l.slots, *l.rope);
  }
  const int n = f.q.rows(), m = f.k.rows();
  const int d_head = f.q.cols() / l.heads, dv_head = f.v.cols() / l.heads;
  const double divisor = l.options.scaling.divisor_for(d_head);
  const bool applied_as_key_rows = l.options.arrangement == Arrangement::QueryRowsAppliedAsKeyRows;
  f.concat = Matrix(n, f.v.cols());
  for (int h = 0; h < l.heads; ++h) {
    // 2. logits z (N, M) = q_h·k_hᵀ / divisor, −∞ where the mask hides a key
    const Matrix q_h = slice_cols(f.q, h * d_head, (h + 1) * d_head);
    const Matrix k_h = slice_cols(f.k, h * d_head, (h + 1) * d_head);
    Matrix z;
    matmul_transposed_into(q_h, k_h, z);
    for (size_t i = 0; i < z.size(); ++i) z.data()[i] /= divisor;
    if (l.options.causal)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
          if (l.positions[static_cast<size_t>(j)] > l.positions[static_cast<size_t>(i)])
            z(i, j) = -std::numeric_limits<double>::infinity();
    // 3. weights a = softmax over each query's keys; 4. context
    Matrix a = softmax(z, Axis::Rows);
    const Matrix v_h = slice_cols(f.v, h * dv_head, (h + 1) * dv_head);
    add_block(f.concat, applied_as_key_rows ? matmul(transpose(a), v_h) : matmul(a, v_h),
              h * dv_head);
    f.z.push_back(std::move(z));
    f.a.push_back(std::move(a));
  }
  // 5. output = concat · W_o
  f.output = l.w_o.empty() ? f.concat : matmul(f.concat, l.w_o);
  return f;
}

}  // namespace

LossAndGradients loss_and_gradients(const Layer& l, const TrainTarget& target) {
  const Forward f = forward(l);
  const int n = f.q.rows(), m = f.k.rows();
  const int d_head = f.q.cols() / l.heads, dv_head = f.v.cols() / l.heads;
  const double divisor = l.options.scaling.divisor_for(d_head);
  const bool applied_as_key_rows = l.options.arrangement == Arrangement::QueryRowsAppliedAsKeyRows;
  LossAndGradients out;

  // The loss, and what it sends back: into the output, or into head 1's logits.
  Matrix d_output(n, f.output.cols());
  Matrix d_logits_target(n, m);
  if (target.kind == TrainTarget::Kind::Output) {
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < f.output.cols(); ++c) {
        const double diff = f.output(i, c) - target.value(i, c);
        out.loss += diff * diff / (2.0 * n);
        d_output(i, c) = diff / n;  // dO = (O − Y)/N
      }
  } else {
    const Matrix& z = f.z[0];
    const Matrix& a = f.a[0];
    for (int i = 0; i < n; ++i) {
      double max = -std::numeric_limits<double>::infinity(), sum = 0, row_sum = 0;
      for (int j = 0; j < m; ++j) max = std::max(max, z(i, j));
      for (int j = 0; j < m; ++j)
        if (std::isfinite(z(i, j))) sum += std::exp(z(i, j) - max);
      const double log_sum = max + std::log(sum);
      for (int j = 0; j < m; ++j) {
        const double t = target.value(i, j);
        row_sum += t;
        if (t > 0) out.loss -= t * (z(i, j) - log_sum) / n;  // −T log A, log A a log-softmax
      }
      for (int j = 0; j < m; ++j)  // (rowsum(T)·A − T)/N
        d_logits_target(i, j) = (row_sum * a(i, j) - target.value(i, j)) / n;
    }
  }

  // Backward through W_o and the heads.
  Matrix d_concat = d_output;
  if (!l.w_o.empty()) {
    out.gradients[Param::W_o] = matmul(transpose(f.concat), d_output);  // (d_v, d_out)
    d_concat = matmul(d_output, transpose(l.w_o));                      // (N, d_v)
  }
  Matrix d_q(n, f.q.cols()), d_k(m, f.k.cols()), d_v(m, f.v.cols());
  for (int h = 0; h < l.heads; ++h) {
    const Matrix& a = f.a[static_cast<size_t>(h)];
    const Matrix v_h = slice_cols(f.v, h * dv_head, (h + 1) * dv_head);
    const Matrix d_ctx = slice_cols(d_concat, h * dv_head, (h + 1) * dv_head);
    // context = a·v_h (notebook 003's: aᵀ·v_h)
    const Matrix d_a = applied_as_key_rows ? matmul(v_h, transpose(d_ctx))
                                           : matmul(d_ctx, transpose(v_h));  // (N, M)
    add_block(d_v, applied_as_key_rows ? matmul(a, d_ctx) : matmul(transpose(a), d_ctx),
              h * dv_head);
    // the softmax's Jacobian, row by row: dz = a * (da − Σ a·da)
    Matrix d_z(n, m);
    for (int i = 0; i < n; ++i) {
      double dot = 0;
      for (int j = 0; j < m; ++j) dot += a(i, j) * d_a(i, j);
      for (int j = 0; j < m; ++j) d_z(i, j) = a(i, j) * (d_a(i, j) - dot);
    }
    if (h == 0 && target.kind == TrainTarget::Kind::Weights)
      for (size_t i = 0; i < d_z.size(); ++i) d_z.data()[i] += d_logits_target.data()[i];
    for (size_t i = 0; i < d_z.size(); ++i) d_z.data()[i] /= divisor;  // dS = dZ / divisor
    const Matrix q_h = slice_cols(f.q, h * d_head, (h + 1) * d_head);
    const Matrix k_h = slice_cols(f.k, h * d_head, (h + 1) * d_head);
    add_block(d_q, matmul(d_z, k_h), h * d_head);             // (N, d_head)
    add_block(d_k, matmul(transpose(d_z), q_h), h * d_head);  // (M, d_head)
  }
  if (l.rope) {  // the rotations are orthogonal: turn the gradients back
    d_q = unrotate_pairs(d_q, l.heads, l.angles, l.slots, *l.rope);
    d_k = unrotate_pairs(d_k, l.heads, l.angles, l.slots, *l.rope);
  }
  // Backward through the projections.
  const Matrix& src = l.source.empty() ? l.x : l.source;
  out.gradients[Param::W_q] = matmul(transpose(l.x), d_q);
  out.gradients[Param::W_k] = matmul(transpose(src), d_k);
  out.gradients[Param::W_v] = matmul(transpose(src), d_v);
  if (!l.b_q.empty()) out.gradients[Param::b_q] = column_sums(d_q);
  if (!l.b_k.empty()) out.gradients[Param::b_k] = column_sums(d_k);
  if (!l.b_v.empty()) out.gradients[Param::b_v] = column_sums(d_v);
  return out;
}

Training gradient_descent(const Layer& layer, const TrainTarget& target,
                          const std::vector<Param>& params, double lr, int steps, double limit) {
  Training t;
  t.trained = layer;
  LossAndGradients now = loss_and_gradients(t.trained, target);
  t.loss.push_back(now.loss);
  for (int step = 1; step <= steps; ++step) {
    Layer next = t.trained;
    bool within = true;
    for (Param p : params) {  // every trained matrix at once, from the same gradients
      Matrix& w = param_of(next, p);
      const Matrix& g = now.gradients.at(p);
      for (size_t i = 0; i < w.size(); ++i) {
        w.data()[i] -= lr * g.data()[i];
        within = within && std::isfinite(w.data()[i]) && std::fabs(w.data()[i]) <= limit;
      }
    }
    if (!within) {
      t.diverged_at = step;
      break;
    }
    LossAndGradients after = loss_and_gradients(next, target);
    if (!std::isfinite(after.loss)) {
      t.diverged_at = step;
      break;
    }
    t.trained = std::move(next);
    now = std::move(after);
    t.loss.push_back(now.loss);
  }
  return t;
}

}  // namespace attn
