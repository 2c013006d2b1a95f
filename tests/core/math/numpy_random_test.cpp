// Tests of core/math/numpy_random.h: numpy's draws, number for number.
#include "core/math/numpy_random.h"

#include <doctest/doctest.h>

#include "support/matrices.h"
#include "support/printed.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("rand matches np.random.seed(0); np.random.rand(4, 4) (notebook 000's W_q)") {
  NumpyRandom rng(0);
  check_printed(rng.rand(4, 4), R"([[0.5488135  0.71518937 0.60276338 0.54488318]
 [0.4236548  0.64589411 0.43758721 0.891773  ]
 [0.96366276 0.38344152 0.79172504 0.52889492]
 [0.56804456 0.92559664 0.07103606 0.0871293 ]])",
                kDigits8);
  // and the stream continues into W_k, as np.random.rand(4, 4) again
  check_printed(slice_rows(rng.rand(4, 4), 0, 1), "[[0.0202184  0.83261985 0.77815675 0.87001215]]",
                kDigits8);
}

TEST_CASE("normal matches np.random.seed(3); normal(size=(D, 1)) x3 (notebook 003's inputs)") {
  NumpyRandom rng(3);
  const Matrix x0 = rng.normal(4, 1), x1 = rng.normal(4, 1), x2 = rng.normal(4, 1);
  check_printed(transpose(x0), "[[ 1.78862847,  0.43650985,  0.09649747, -1.8634927 ]]", kDigits8);
  check_printed(transpose(x1), "[[-0.2773882 , -0.35475898, -0.08274148, -0.62700068]]", kDigits8);
  check_printed(transpose(x2), "[[-0.04381817, -0.47721803, -1.31386475,  0.88462238]]", kDigits8);
}

TEST_CASE("randn matches np.random.seed(42); randn(3, 64)[:, :3] (notebook 002's V)") {
  NumpyRandom rng(42);
  const Matrix v = rng.randn(3, 64);
  check_printed(slice_cols(v, 0, 10),
                R"([[ 0.5  -0.14  0.65  1.52 -0.23 -0.23  1.58  0.77 -0.47  0.54]
 [ 0.81  1.36 -0.07  1.    0.36 -0.65  0.36  1.54 -0.04  1.56]
 [ 0.1  -0.5  -1.55  0.07 -1.06  0.47 -0.92  1.55 -0.78 -0.32]])",
                kDigits2);
  CHECK(v(0, 0) == doctest::Approx(0.4967141530112327).epsilon(1e-15));
  CHECK(v(0, 1) == doctest::Approx(-0.13826430117118466).epsilon(1e-15));
}

TEST_CASE("reseeding drops the kept gaussian, as numpy does") {
  NumpyRandom rng(7);
  const double first = rng.randn();
  rng.randn();  // a second value is kept after an odd number of draws...
  rng.randn();
  rng.seed(7);  // ...and dropped here
  CHECK(rng.randn() == first);
}

TEST_CASE("normal(loc, scale) draws what numpy draws") {
  // np.set_printoptions(precision=17); np.random.seed(11); np.random.normal(5.0, 2.0, size=(2, 3))
  NumpyRandom rng(11);
  check_printed_relative(
      rng.normal(2, 3, 5.0, 2.0),
      R"(array([[ 8.498909482610358  ,  4.427854006367411  ,  4.030869735557712  ],
       [-0.30663711852295794,  4.9834307412541285 ,  4.360737272471404  ]]))",
      1e-15);
}

TEST_CASE("rand stays in [0, 1)") {
  NumpyRandom rng(123);
  for (int i = 0; i < 10000; ++i) {
    const double u = rng.rand();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
  }
}
