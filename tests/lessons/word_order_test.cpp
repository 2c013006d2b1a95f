// lessons/word-order.json at its default numbers against numpy: the dog bites man without
// positions, with the two tokens swapped, and with sinusoidal positions. Expected values: numpy
// (float64) from an independent reference of issues 40-42 (its forward pass, KV cache steps and
// gradient descent), printed with repr.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>

#include "support/printed.h"

using namespace attn;
using namespace attn::test;

namespace {

constexpr double kEpsilon = 1e-9;

}  // namespace

TEST_CASE("word-order: X as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(
      t, "X",
      {{0.0, 0.0, 0.0, 1.0}, {-1.0, 1.0, -1.0, 0.0}, {1.0, -1.0, 1.0, 1.0}, {0.0, -1.0, -1.0, 0.0}},
      kEpsilon);
}

TEST_CASE("word-order: W_q as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(
      t, "W_q",
      {{0.6669880563534684, 0.02581308106627382, -0.7776194131918178, 0.9486338224949431},
       {0.701671794647513, -1.0510815639071178, -0.3675481161171661, -1.1374596907250272},
       {-1.3221475225908594, 1.7722582783074305, -0.34745899102186334, 0.6701401628971514},
       {0.3222715203493051, 0.060342934170488124, -1.0434500017467254, -1.0099418765878465}},
      kEpsilon);
}

TEST_CASE("word-order: weights as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(
      t, "weights",
      {{0.06207097747571826, 0.031042430572991365, 0.33019038847928006, 0.5766962034720103},
       {0.11588764786000795, 0.004195028758531231, 0.5476474484217663, 0.3322698749596945},
       {0.05213301086505844, 0.7202481432251167, 0.058684678539108893, 0.1689341673707161},
       {0.42754741286434833, 0.21563646408044443, 0.27995999088348644, 0.07685613217172071}},
      kEpsilon);
}

TEST_CASE("word-order: output as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(t, "output",
              {{2.381405966059668, 0.18254546994921195, -0.4032461726811766, -0.3346365359087587},
               {2.546379723712787, 1.1085598339384986, -0.04906308616403704, -0.3249621586740987},
               {-1.735891213445538, -2.012182760375865, 0.4270486460667155, 0.0861051390974946},
               {0.3500821855969547, 0.06199158250900004, 0.610344905320575, -0.11220948409541728}},
              kEpsilon);
}

TEST_CASE("word-order: output@swapped as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(t, "output@swapped",
              {{2.3814059660596683, 0.18254546994921195, -0.4032461726811766, -0.33463653590875875},
               {2.546379723712787, 1.1085598339384986, -0.04906308616403702, -0.3249621586740987},
               {-1.735891213445538, -2.0121827603758646, 0.4270486460667154, 0.08610513909749457},
               {0.3500821855969548, 0.061991582509000054, 0.610344905320575, -0.11220948409541728}},
              kEpsilon);
}

TEST_CASE("word-order: P@positions as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(t, "P@positions",
              {{0.0, 1.0, 0.0, 1.0},
               {0.8414709848078965, 0.5403023058681397, 0.009999833334166664, 0.9999500004166654},
               {0.9092974268256816, -0.4161468365471424, 0.01999866669333308, 0.999800006666578},
               {0.1411200080598672, -0.9899924966004454, 0.02999550020249566, 0.9995500337489878}},
              kEpsilon);
}

TEST_CASE("word-order: weights@positions as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(
      t, "weights@positions",
      {{5.4835908353240555e-06, 1.5626189590180377e-05, 0.626387136640502, 0.3735917535790724},
       {6.058327586598375e-06, 4.5262337864488897e-07, 0.6033691648208617, 0.39662432422817306},
       {0.008189667371753372, 0.7863713578183904, 0.20065005398911756, 0.00478892082073858},
       {0.36191173294763623, 0.3928629906588974, 0.17023253535659527, 0.07499274103687105}},
      kEpsilon);
}

TEST_CASE("word-order: output@positions as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(t, "output@positions",
              {{4.884199823740943, 2.403241362030695, 0.13649616112918028, -0.850717403130039},
               {4.888799378712178, 2.2793615353477152, 0.10751899413949528, -0.8394585818106498},
               {-2.2252825959254627, 0.0497405569404685, 1.4341050340094958, -0.548695421108102},
               {-1.3593355967905345, 0.2835803512844239, 1.6734258354355236, -0.4613322386915251}},
              kEpsilon);
}

TEST_CASE("word-order: weights@positions_swapped as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(
      t, "weights@positions_swapped",
      {{7.672207781413329e-06, 9.252620792580982e-05, 0.8763914756281181, 0.12350832595617452},
       {0.004889201786827933, 0.02604597006348767, 0.815734484493693, 0.15333034365599135},
       {0.0057018677272061965, 0.0021413798630042524, 0.13969798959707772, 0.8524587628127117},
       {0.003441006307548318, 0.0028270259475687495, 0.9661506975917276, 0.027581270153155306}},
      kEpsilon);
}

TEST_CASE("word-order: output@positions_swapped as numpy computes it") {
  const Trace t = notebook_trace("word-order");
  check_numpy(t, "output@positions_swapped",
              {{4.4246054873526335, 3.944333578286186, 0.5172045089990683, -1.0370121054759418},
               {4.150839529452328, 3.6266802144884256, 0.5188988146726602, -1.004711929699536},
               {2.08836910252499, 1.1370876762934818, 0.004191873026635514, -1.0514489643001799},
               {4.684174490394095, 4.2743300383376885, 0.5949323550458069, -1.0282951692603706}},
              kEpsilon);
}

TEST_CASE("word-order: without positions the swap moves no output; with them it changes bites'") {
  const Trace t = notebook_trace("word-order");
  const Matrix& out = trace_matrix(t, "output");
  const Matrix& swapped = trace_matrix(t, "output@swapped");
  for (int r = 0; r < out.rows(); ++r)
    for (int c = 0; c < out.cols(); ++c)
      CHECK(swapped(r, c) == doctest::Approx(out(r, c)).epsilon(1e-12));
  const Matrix& with = trace_matrix(t, "output@positions");
  const Matrix& with_swapped = trace_matrix(t, "output@positions_swapped");
  double moved = 0.0;
  for (int c = 0; c < with.cols(); ++c)
    moved = std::max(moved, std::abs(with(2, c) - with_swapped(2, c)));
  CHECK(moved > 1.0);  // "bites", row 2
}
