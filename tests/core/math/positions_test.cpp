// Positions against numpy (/work/scratch's reference is the numpy below):
//   def sinusoidal(positions, d):
//       i = np.arange(d) // 2
//       angle = np.array(positions)[:, None] / np.power(10000.0, 2 * i / d)
//       return np.where(np.arange(d) % 2 == 0, np.sin(angle), np.cos(angle))
//   thetas = np.power(base, -(2.0 * np.arange(d_head // 2)) / d_head)
//   angles = np.array(positions)[:, None] * thetas
//   interleaved pairs (2i, 2i+1), halves (i, i + d_head/2):
//       a, b = x[:, A], x[:, B]; x[:, A] = a*cos - b*sin; x[:, B] = a*sin + b*cos
#include "core/math/positions.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/math/numpy_random.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {
Matrix sinusoidal_3x4() {
  return from_rows(
      {{0.0, 1.0, 0.0, 1.0},
       {0.8414709848078965, 0.5403023058681397, 0.009999833334166664, 0.9999500004166654},
       {0.9092974268256816, -0.4161468365471424, 0.01999866669333308, 0.999800006666578}});
}
Matrix sinusoidal_3x5_from_2() {
  return from_rows({{0.9092974268256816, -0.4161468365471424, 0.050216599387465206,
                     0.9987383506934931, 0.0012619143540422218},
                    {0.1411200080598672, -0.9899924966004454, 0.07528529299888895,
                     0.997162035307237, 0.0018928709030918876},
                    {-0.7568024953079284, -0.6536436208636119, 0.10030648729934576,
                     0.9949565862919175, 0.0025238266985760983}});
}
}  // namespace

TEST_CASE("sinusoidal positions: P[p, 2i] = sin(p / 10000^(2i/d)), P[p, 2i+1] = cos(…)") {
  CHECK(max_abs_diff(sinusoidal_positions({0, 1, 2}, 4), sinusoidal_3x4()) <= 1e-15);
  // An odd width ends on a sine; positions from 2.
  CHECK(max_abs_diff(sinusoidal_positions({2, 3, 4}, 5), sinusoidal_3x5_from_2()) <= 1e-15);
}

TEST_CASE("RoPE's angles: p·θ_i, θ_i = base^(−2i/d_head)") {
  const Matrix a = rope_angles({0, 1, 2}, 4, 10000.0);  // θ = [1, 0.01]
  CHECK(max_abs_diff(a, from_rows({{0, 0}, {1, 0.01}, {2, 0.02}})) <= 1e-15);
  // numpy: np.power(100.0, -(2.0*np.arange(4))/8) = [1, 0.316227766, 0.1, 0.0316227766]
  const Matrix b = rope_angles({1}, 8, 100.0);
  CHECK(max_abs_diff(b, from_rows({{1.0, 0.31622776601683794, 0.09999999999999999,
                                    0.03162277660168379}})) <= 1e-15);
}

TEST_CASE("rotate_pairs turns each pair by its angle; unrotate_pairs turns it back") {
  NumpyRandom rng(7);
  const Matrix x = rng.randn(3, 8);  // two heads of 4
  const Matrix angles = rope_angles({5, 6, 7}, 4, 10000.0);
  const std::vector<int> rows = {2, 0, 1};  // each row's position, in any order
  for (RopePairs pairs : {RopePairs::Interleaved, RopePairs::Halves}) {
    const Matrix turned = rotate_pairs(x, 2, angles, rows, pairs);
    // A rotation keeps each pair's length.
    for (int r = 0; r < 3; ++r) {
      const int a = pairs == RopePairs::Interleaved ? 0 : 0,
                b = pairs == RopePairs::Interleaved ? 1 : 2;
      CHECK(std::hypot(turned(r, a), turned(r, b)) ==
            doctest::Approx(std::hypot(x(r, a), x(r, b))).epsilon(1e-14));
      // Row r by angle angles(rows[r], 0): the first pair.
      const double c = std::cos(angles(rows[r], 0)), s = std::sin(angles(rows[r], 0));
      CHECK(turned(r, a) == doctest::Approx(x(r, a) * c - x(r, b) * s).epsilon(1e-14));
      CHECK(turned(r, b) == doctest::Approx(x(r, a) * s + x(r, b) * c).epsilon(1e-14));
    }
    CHECK(max_abs_diff(unrotate_pairs(turned, 2, angles, rows, pairs), x) <= 1e-14);
  }
  // The pairings are the same rotation of permuted columns: halves on x is
  // interleaved on x's columns (0, 2, 1, 3) of each head, put back.
  const Matrix h = rotate_pairs(x, 2, angles, rows, RopePairs::Halves);
  Matrix permuted = x;
  const int perm[] = {0, 2, 1, 3};
  for (int r = 0; r < 3; ++r)
    for (int head = 0; head < 2; ++head)
      for (int c = 0; c < 4; ++c) permuted(r, head * 4 + c) = x(r, head * 4 + perm[c]);
  const Matrix i = rotate_pairs(permuted, 2, angles, rows, RopePairs::Interleaved);
  for (int r = 0; r < 3; ++r)
    for (int head = 0; head < 2; ++head)
      for (int c = 0; c < 4; ++c) CHECK(i(r, head * 4 + c) == h(r, head * 4 + perm[c]));
}
