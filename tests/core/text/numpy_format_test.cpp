// Tests of core/text/numpy_format.h: numbers as numpy prints them.
#include "core/text/numpy_format.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>

#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

TEST_CASE("positional, padded like numpy") {
  CHECK(format_array(from_rows({{1, 0, 1, 0}, {0, 2, 0, 2}})) == "[[1. 0. 1. 0.]\n [0. 2. 0. 2.]]");
  CHECK(format_array(from_rows({{1, 0.5}, {0, 0}})) == "[[1.  0.5]\n [0.  0. ]]");
  CHECK(format_array(from_rows({{0.5, 0.5}})) == "[[0.5 0.5]]");
  CHECK(format_array(from_rows({{2.53042292, 6.28487859}, {4.69652452, 10.57351751}})) ==
        "[[ 2.53042292  6.28487859]\n [ 4.69652452 10.57351751]]");
  CHECK(format_array(from_rows({{-0.5, 1}})) == "[[-0.5  1. ]]");
}

TEST_CASE("precision and suppress, as np.set_printoptions(precision=3, suppress=True)") {
  PrintOptions o;
  o.precision = 3;
  o.suppress = true;
  CHECK(format_array(from_rows({{-21.20712, 7.24}, {0.0001, 3.71}}), o) ==
        "[[-21.207   7.24 ]\n [  0.      3.71 ]]");
}

TEST_CASE("scientific when the range is wide") {
  CHECK(format_array(from_rows({{1.24326146e-13, 9.98281489e-01, 1.71851130e-03}})) ==
        "[[1.24326146e-13 9.98281489e-01 1.71851130e-03]]");
}

TEST_CASE("masked scores print as -inf") {
  CHECK(format_array(from_rows({{1.5, -INFINITY}})) == "[[ 1.5 -inf]]");
}

TEST_CASE("round-trip text reads back to the same double") {
  for (double v : {0.1, 1.0 / 3, 2.53042292, -1e-300, 123456789.125, 5e-324}) {
    CHECK(std::strtod(format_round_trip(v).c_str(), nullptr) == v);
  }
  CHECK(format_round_trip(0.1) == "0.1");
}
