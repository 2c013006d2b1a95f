// Tests of core/math/sweep.h: one query's weights across temperatures.
#include "core/math/sweep.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace attn;

TEST_CASE("small temperatures saturate to one-hot, large ones flatten to uniform") {
  const TemperatureSweep s = sweep_temperature({2.0, 1.0, -1.0}, 0.01, 100.0, 41);
  REQUIRE(s.temperatures.size() == 41);
  CHECK(s.temperatures.front() == doctest::Approx(0.01).epsilon(1e-12));
  CHECK(s.temperatures.back() == doctest::Approx(100.0).epsilon(1e-12));
  CHECK(s.weights(0, 0) == doctest::Approx(1.0).epsilon(1e-12));
  for (int k = 0; k < 3; ++k) CHECK(s.weights(40, k) == doctest::Approx(1.0 / 3).epsilon(0.02));
  // The largest score's weight falls steadily as T grows.
  for (int t = 1; t < 41; ++t) CHECK(s.weights(t, 0) <= s.weights(t - 1, 0) + 1e-15);
}

TEST_CASE("at T = 1 the sweep is the plain softmax; masked keys stay at 0") {
  const TemperatureSweep s = sweep_temperature({0.5, -INFINITY, 1.0}, 0.1, 10.0, 3);
  CHECK(s.temperatures[1] == doctest::Approx(1.0).epsilon(1e-12));
  const double e = std::exp(0.5) + std::exp(1.0);
  CHECK(s.weights(1, 0) == doctest::Approx(std::exp(0.5) / e).epsilon(1e-14));
  CHECK(s.weights(2, 1) == 0.0);
}
