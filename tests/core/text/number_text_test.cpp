// Tests of core/text/number_text.h: numbers as the page writes them.
#include "core/text/number_text.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace attn;

TEST_CASE("fixed decimals with a real minus sign") {
  CHECK(number_text(0.63870437, 3) == "0.639");
  CHECK(number_text(-2.5, 2) == "−2.50");
  CHECK(number_text(10.57351751, 8) == "10.57351751");
  CHECK(number_text(7.0, 0) == "7");
}

TEST_CASE("a negative number that rounds to zero is written as zero") {
  // Beside a cell that says 0.000, a tooltip must not say −0.000.
  CHECK(number_text(-0.0001, 3) == "0.000");
  CHECK(number_text(-0.0, 2) == "0.00");
  CHECK(number_text(-0.0006, 3) == "−0.001");
}

TEST_CASE("masked scores, huge numbers and silly digit counts") {
  CHECK(number_text(-INFINITY, 3) == "−∞");
  CHECK(number_text(INFINITY, 3) == "∞");
  CHECK(number_text(2e33, 2).size() == 37);              // written in full, not cut
  CHECK(number_text(1.0, 9999999) == "1.000000000000");  // at most 12 decimals
  CHECK(number_text(1.0, -3) == "1");
}
