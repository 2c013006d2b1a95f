// Position encodings: sinusoidal positions and RoPE's angles (positions.h).
#include "core/math/positions.h"

#include <cassert>
#include <cmath>

namespace attn {

Matrix sinusoidal_positions(const std::vector<int>& positions, int d) {
  // P is (N, d)
  Matrix p(static_cast<int>(positions.size()), d);
  for (int r = 0; r < p.rows(); ++r)
    for (int c = 0; c < d; ++c) {
      const int i = c / 2;
      // p / np.power(10000.0, 2*i/d), as the reference computes it
      const double angle = positions[r] / std::pow(10000.0, 2.0 * i / d);
      p(r, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
  return p;
}

Matrix rope_angles(const std::vector<int>& positions, int d_head, double base) {
  // angles is (N, d_head/2)
  Matrix a(static_cast<int>(positions.size()), d_head / 2);
  for (int i = 0; i < a.cols(); ++i) {
    const double theta = std::pow(base, -2.0 * i / d_head);  // θ_i
    for (int r = 0; r < a.rows(); ++r) a(r, i) = positions[r] * theta;
  }
  return a;
}

namespace {

// direction +1: (x, y) -> (x cos - y sin, x sin + y cos); -1: the inverse.
Matrix turn(const Matrix& x, int heads, const Matrix& angles, const std::vector<int>& angle_row,
            RopePairs pairs, double direction) {
  assert(heads >= 1 && x.cols() % heads == 0);
  const int d_head = x.cols() / heads, half = d_head / 2;
  assert(d_head % 2 == 0 && angles.cols() == half);
  Matrix out = x;
  for (int r = 0; r < x.rows(); ++r) {
    const int ar = angle_row[static_cast<size_t>(r)];
    for (int h = 0; h < heads; ++h)
      for (int i = 0; i < half; ++i) {
        const int a = h * d_head + (pairs == RopePairs::Interleaved ? 2 * i : i);
        const int b = h * d_head + (pairs == RopePairs::Interleaved ? 2 * i + 1 : i + half);
        const double angle = direction * angles(ar, i);
        const double c = std::cos(angle), s = std::sin(angle);
        out(r, a) = x(r, a) * c - x(r, b) * s;
        out(r, b) = x(r, a) * s + x(r, b) * c;
      }
  }
  return out;
}

}  // namespace

Matrix rotate_pairs(const Matrix& x, int heads, const Matrix& angles,
                    const std::vector<int>& angle_row, RopePairs pairs) {
  return turn(x, heads, angles, angle_row, pairs, 1.0);
}

Matrix unrotate_pairs(const Matrix& x, int heads, const Matrix& angles,
                      const std::vector<int>& angle_row, RopePairs pairs) {
  return turn(x, heads, angles, angle_row, pairs, -1.0);
}

}  // namespace attn
