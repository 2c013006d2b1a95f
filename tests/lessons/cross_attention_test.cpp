// lessons/cross-attention.json at its default numbers against numpy: the English queries over the
// French memory. Expected values: numpy (float64) from an independent reference of issues 40-42
// (its forward pass, KV cache steps and gradient descent), printed with repr.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

namespace {

constexpr double kEpsilon = 1e-9;

}  // namespace

TEST_CASE("cross-attention: memory as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(
      t, "memory",
      {{0.9, 0.2, 0.0, 0.1}, {0.2, 1.1, 0.1, 0.0}, {0.3, 0.0, 0.4, 1.0}, {0.0, 0.1, 1.1, 0.4}},
      kEpsilon);
}

TEST_CASE("cross-attention: Q as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "Q",
              {{2.08, 0.5, 0.07, 0.52},
               {0.4, 2.07, 0.7, 0.10000000000000002},
               {0.13, 0.6000000000000001, 2.12, 0.88}},
              kEpsilon);
}

TEST_CASE("cross-attention: K as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "K",
              {{1.8800000000000001, 0.42000000000000004, 0.22000000000000003, 0.4900000000000001},
               {0.73, 2.23, 0.24000000000000002, 0.31000000000000005},
               {0.8, 0.32, 1.2600000000000002, 2.0100000000000002},
               {0.11000000000000001, 0.6100000000000001, 2.3600000000000003, 1.07}},
              kEpsilon);
}

TEST_CASE("cross-attention: V as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "V",
              {{0.67, 0.9, 0.16, 0.19000000000000003},
               {1.2000000000000002, 0.24000000000000002, 0.33, 0.14},
               {0.35, 0.46, 1.0, 0.56},
               {0.18000000000000002, 0.44000000000000006, 0.43000000000000005, 1.1400000000000001}},
              kEpsilon);
}

TEST_CASE("cross-attention: scores as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "scores",
              {{4.390600000000001, 2.8114, 2.9574000000000003, 1.2554},
               {1.8244, 5.107099999999999, 2.0654000000000003, 3.0657000000000005},
               {1.3940000000000001, 2.2145, 4.736000000000001, 6.325100000000001}},
              kEpsilon);
}

TEST_CASE("cross-attention: weights as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "weights",
              {{0.46490404708402705, 0.21107869666941217, 0.22706379969944265, 0.09695345654711822},
               {0.109285662066036, 0.5641471980767377, 0.12328086492714672, 0.2032862749300795},
               {0.05103438792640242, 0.07691875066400719, 0.2713744709203891, 0.6006723904892013}},
              kEpsilon);
}

TEST_CASE("cross-attention: output as numpy computes it") {
  const Trace t = notebook_trace("cross-attention");
  check_numpy(t, "output",
              {{0.661704099622879, 0.6161813983187588, 0.4127944034490538, 0.35556545477508555},
               {0.829937863488245, 0.3799075822335719, 0.41434824444297014, 0.40052852130278294},
               {0.3295976358176907, 0.4535195577317515, 0.5632122886180924, 0.857201387672085}},
              kEpsilon);
}
