// Tests of core/lesson/matrix_key.h: matrix keys and their text form.
#include "core/lesson/matrix_key.h"

#include <doctest/doctest.h>

using namespace attn;

TEST_CASE("a matrix name is stage, head and variant, and reads back the same") {
  CHECK(matrix_name(Stage::weights, 0, "") == "weights");
  CHECK(matrix_name(Stage::weights, 1, "your_answer") == "weights_h1@your_answer");
  CHECK(matrix_name(Stage::W_q, 0, "") == "W_q");
  for (Stage s : {Stage::X, Stage::W_q, Stage::b_v, Stage::K_T, Stage::scores, Stage::output})
    for (int head : {0, 1, 16})
      for (const char* variant : {"", "unscaled", "a-b_c"}) {
        const std::optional<ParsedName> p = parse_matrix_name(matrix_name(s, head, variant));
        REQUIRE(p.has_value());
        CHECK(p->stage == s);
        CHECK(p->head == head);
        CHECK(p->variant == variant);
      }
}

TEST_CASE("names that are not matrix names are refused") {
  for (const char* bad : {"", "attention", "weights_h0", "weights_h", "weights_h01", "weights@",
                          "Weights", "W_x", "weights_hx"})
    CHECK_MESSAGE(!parse_matrix_name(bad), bad);
}

TEST_CASE("packed keys differ whenever keys differ") {
  const MatrixKey a{1, Stage::weights, 2, 3};
  MatrixKey b = a;
  CHECK(a.packed() == b.packed());
  b.variant = 0;
  CHECK(a.packed() != b.packed());
  b = a;
  b.head = 0;
  CHECK(a.packed() != b.packed());
  b = a;
  b.part = 0;
  CHECK(a.packed() != b.packed());
}

TEST_CASE("inputs are the stages a lesson may give") {
  CHECK(can_be_input(Stage::X));
  CHECK(can_be_input(Stage::weights));
  CHECK(can_be_input(Stage::V));
  CHECK_FALSE(can_be_input(Stage::scores));
  CHECK_FALSE(can_be_input(Stage::K_T));
  CHECK(is_weight_matrix(Stage::W_o));
  CHECK_FALSE(is_weight_matrix(Stage::weights));
  CHECK(is_bias(Stage::b_k));
}
