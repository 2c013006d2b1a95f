// The small dense matrix's operations (matrix.h).
#include "core/math/matrix.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace attn {

Matrix::Matrix(int rows, int cols, double fill)
    : rows_(rows), cols_(cols), data_(static_cast<size_t>(rows) * cols, fill) {
  assert(rows >= 0 && cols >= 0);
}

void matmul_into(const Matrix& a, const Matrix& b, Matrix& out) {
  assert(a.cols() == b.rows());
  if (out.rows() != a.rows() || out.cols() != b.cols()) out = Matrix(a.rows(), b.cols());
  const int n = a.rows(), k = a.cols(), m = b.cols();
  // i-k-j order: the inner loop streams a row of b and a row of out, so it
  // vectorises and stays in cache. Sums still run over k in order 0..k-1.
  for (int i = 0; i < n; ++i) {
    double* o = out.row(i);
    std::fill(o, o + m, 0.0);
    const double* ai = a.row(i);
    for (int p = 0; p < k; ++p) {
      const double s = ai[p];
      const double* bp = b.row(p);
      for (int j = 0; j < m; ++j) o[j] += s * bp[j];
    }
  }
}

Matrix matmul(const Matrix& a, const Matrix& b) {
  Matrix out(a.rows(), b.cols());
  matmul_into(a, b, out);
  return out;
}

void matmul_transposed_into(const Matrix& a, const Matrix& b, Matrix& out) {
  assert(a.cols() == b.cols());
  if (out.rows() != a.rows() || out.cols() != b.rows()) out = Matrix(a.rows(), b.rows());
  const int n = a.rows(), k = a.cols(), m = b.rows();
  // Both operands are read along rows: each entry is a contiguous dot product.
  // Four entries at a time, each with its own sum: four independent chains of
  // additions instead of one keep the FPU busy (3x at N = 1024), and every sum
  // still runs over p in order 0..k-1, so results are bit-identical.
  for (int i = 0; i < n; ++i) {
    const double* ai = a.row(i);
    double* o = out.row(i);
    int j = 0;
    for (; j + 4 <= m; j += 4) {
      const double *b0 = b.row(j), *b1 = b.row(j + 1), *b2 = b.row(j + 2), *b3 = b.row(j + 3);
      double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
      for (int p = 0; p < k; ++p) {
        const double x = ai[p];
        s0 += x * b0[p];
        s1 += x * b1[p];
        s2 += x * b2[p];
        s3 += x * b3[p];
      }
      o[j] = s0;
      o[j + 1] = s1;
      o[j + 2] = s2;
      o[j + 3] = s3;
    }
    for (; j < m; ++j) {
      const double* bj = b.row(j);
      double s = 0.0;
      for (int p = 0; p < k; ++p) s += ai[p] * bj[p];
      o[j] = s;
    }
  }
}

Matrix transpose(const Matrix& a) {
  Matrix out(a.cols(), a.rows());
  for (int r = 0; r < a.rows(); ++r)
    for (int c = 0; c < a.cols(); ++c) out(c, r) = a(r, c);
  return out;
}

Matrix add_row_bias(const Matrix& a, const Matrix& bias) {
  assert(bias.rows() == 1 && bias.cols() == a.cols());
  Matrix out = a;
  for (int r = 0; r < out.rows(); ++r)
    for (int c = 0; c < out.cols(); ++c) out(r, c) += bias(0, c);
  return out;
}

Matrix slice_cols(const Matrix& a, int begin, int end) {
  assert(0 <= begin && begin <= end && end <= a.cols());
  Matrix out(a.rows(), end - begin);
  for (int r = 0; r < a.rows(); ++r) std::copy(a.row(r) + begin, a.row(r) + end, out.row(r));
  return out;
}

Matrix hconcat(const std::vector<Matrix>& parts) {
  if (parts.empty()) return {};
  int cols = 0;
  for (const Matrix& p : parts) {
    assert(p.rows() == parts[0].rows());
    cols += p.cols();
  }
  Matrix out(parts[0].rows(), cols);
  int at = 0;
  for (const Matrix& p : parts) {
    for (int r = 0; r < p.rows(); ++r) std::copy(p.row(r), p.row(r) + p.cols(), out.row(r) + at);
    at += p.cols();
  }
  return out;
}

}  // namespace attn
