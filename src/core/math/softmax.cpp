// Numerically stable softmax along rows or columns (softmax.h).
#include "core/math/softmax.h"

#include <cmath>
#include <limits>

namespace attn {

void softmax_slice(double* v, int n, int stride) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double max = -kInf;
  int pos_inf = 0;
  for (int i = 0; i < n; ++i) {
    double& x = v[i * stride];
    if (std::isnan(x)) x = -kInf;
    if (x > max) max = x;
    if (x == kInf) ++pos_inf;
  }
  if (max == -kInf) {  // empty, or fully masked
    for (int i = 0; i < n; ++i) v[i * stride] = 0.0;
    return;
  }
  if (pos_inf > 0) {
    for (int i = 0; i < n; ++i) v[i * stride] = v[i * stride] == kInf ? 1.0 / pos_inf : 0.0;
    return;
  }
  double sum = 0.0;  // >= 1: the maximum contributes exp(0)
  for (int i = 0; i < n; ++i) {
    double& x = v[i * stride];
    x = std::exp(x - max);
    sum += x;
  }
  for (int i = 0; i < n; ++i) v[i * stride] /= sum;  // as numpy: e_x / e_x.sum()
}

Matrix softmax(const Matrix& x, Axis axis) {
  Matrix out = x;
  if (axis == Axis::Rows) {
    for (int r = 0; r < out.rows(); ++r) softmax_slice(out.row(r), out.cols(), 1);
  } else {
    for (int c = 0; c < out.cols(); ++c) softmax_slice(out.data() + c, out.rows(), out.cols());
  }
  return out;
}

}  // namespace attn
