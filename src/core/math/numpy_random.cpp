// numpy's legacy global generator, draw for draw (numpy_random.h).
#include "core/math/numpy_random.h"

#include <cmath>

namespace attn {

void NumpyRandom::seed(uint32_t seed) {
  mt_.seed(seed);
  has_gauss_ = false;
  gauss_ = 0.0;
}

double NumpyRandom::rand() {
  const uint32_t a = static_cast<uint32_t>(mt_()) >> 5;  // 27 bits
  const uint32_t b = static_cast<uint32_t>(mt_()) >> 6;  // 26 bits
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double NumpyRandom::randn() {
  if (has_gauss_) {
    has_gauss_ = false;
    return gauss_;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * rand() - 1.0;
    x2 = 2.0 * rand() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  const double f = std::sqrt(-2.0 * std::log(r2) / r2);
  gauss_ = f * x1;
  has_gauss_ = true;
  return f * x2;
}

Matrix NumpyRandom::rand(int rows, int cols) {
  Matrix out(rows, cols);
  for (size_t i = 0; i < out.size(); ++i) out.data()[i] = rand();
  return out;
}

Matrix NumpyRandom::randn(int rows, int cols) { return normal(rows, cols, 0.0, 1.0); }

Matrix NumpyRandom::normal(int rows, int cols, double loc, double scale) {
  Matrix out(rows, cols);
  for (size_t i = 0; i < out.size(); ++i) out.data()[i] = loc + scale * randn();
  return out;
}

}  // namespace attn
