// numpy's legacy global generator (np.random.seed / rand / randn / normal),
// reproduced draw for draw so lessons can redraw exactly what a notebook drew.
//
// The tests check these against the notebooks' printed draws:
//
//   >>> import numpy as np
//   >>> np.random.seed(0); np.random.rand(4, 4)[0]        # notebook 000, W_q
//   array([0.5488135 , 0.71518937, 0.60276338, 0.54488318])
//   >>> np.random.seed(3); np.random.normal(size=(4, 1)).T # notebook 003, x_0
//   array([[ 1.78862847,  0.43650985,  0.09649747, -1.8634927 ]])
//   >>> np.random.seed(42); np.random.randn(3, 64)[0, :3]  # notebook 002, V
//   array([ 0.49671415, -0.1382643 ,  0.64768854])
//
// numpy's RandomState is MT19937 seeded like std::mt19937(seed). rand() builds a
// 53-bit double from two 32-bit words; randn()/normal() use the polar method and
// keep the second value of each pair for the next call (dropped on reseed).
#pragma once

#include <cstdint>
#include <random>

#include "core/math/matrix.h"

namespace attn {

class NumpyRandom {
 public:
  explicit NumpyRandom(uint32_t seed = 0) { this->seed(seed); }

  void seed(uint32_t seed);
  double rand();   // uniform in [0, 1)
  double randn();  // standard normal

  // Fill in C order (row by row), as numpy fills an array of that shape.
  Matrix rand(int rows, int cols);
  Matrix randn(int rows, int cols);
  Matrix normal(int rows, int cols, double loc = 0.0, double scale = 1.0);

 private:
  std::mt19937 mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace attn
