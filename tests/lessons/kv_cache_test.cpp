// lessons/kv-cache.json at its default numbers against numpy: the cache at its default step t = 2,
// the whole causal attention and the multiply-adds. Expected values: numpy (float64) from an
// independent reference of issues 40-42 (its forward pass, KV cache steps and gradient descent),
// printed with repr.
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

TEST_CASE("kv-cache: W_q as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(
      t, "W_q",
      {{-0.06552607867345253, -0.10032305128376233, -0.8450614449726636, -0.39720923820525567},
       {0.7640008315588936, 1.118202703215358, -1.3057559745904104, 0.3830046953616505},
       {0.873084003969256, -0.8445696252749998, -0.13309423932109538, -0.7244598720525451},
       {-0.46913265589038694, -0.03775047944694083, -0.35087860507836865, -0.08031900919335151}},
      kEpsilon);
}

TEST_CASE("kv-cache: q_t as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "q_t",
              {{1.1024261009643102, 0.13555954720965518, -2.634790263962538, -0.8189834240895019}},
              kEpsilon);
}

TEST_CASE("kv-cache: K_cache as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "K_cache",
              {{0.2062740610097133, 0.3429035080076153, -0.09695599198892599, 0.5544777237539215},
               {2.1834439704819335, -1.847966878585083, -0.7394217497709656, 0.6753258123441473},
               {1.29799604625068, -0.5810799312849262, -0.46666686687440884, 0.8921406299259952}},
              kEpsilon);
}

TEST_CASE("kv-cache: V_cache as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "V_cache",
              {{0.7920104641448643, 0.3448632116755118, 0.734527981569422, 1.4286423733915585},
               {1.527927540625393, -2.3314229027970192, -1.005105609923356, -2.5682383682939207},
               {1.555974234457561, -0.8208482397229979, 0.23197517660774397, 0.14452318924459817}},
              kEpsilon);
}

TEST_CASE("kv-cache: scores_t as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "scores_t", {{0.07523639203503968, 3.5517166508220464, 1.8510947174460632}},
              kEpsilon);
}

TEST_CASE("kv-cache: weights_t as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "weights_t", {{0.10968017763356276, 0.6237868878833744, 0.26653293448306287}},
              kEpsilon);
}

TEST_CASE("kv-cache: output_t as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "output_t",
              {{1.4546873925630723, -1.635269468658552, -0.48457951636436586, -1.4068194800821057}},
              kEpsilon);
}

TEST_CASE("kv-cache: weights as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(
      t, "weights",
      {{1.0, 0.0, 0.0, 0.0, 0.0},
       {0.6644561681899291, 0.3355438318100708, 0.0, 0.0, 0.0},
       {0.10968017763356276, 0.6237868878833744, 0.26653293448306287, 0.0, 0.0},
       {0.06396037212844657, 0.6858725567500622, 0.16847512609889334, 0.08169194502259793, 0.0},
       {0.15565876196718798, 0.15227411567127513, 0.14260233775000808, 0.18136028714341007,
        0.3681044974681187}},
      kEpsilon);
}

TEST_CASE("kv-cache: output as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "output",
              {{0.7920104641448643, 0.3448632116755118, 0.734527981569422, 1.4286423733915585},
               {1.0389428998816057, -0.553148086194687, 0.15080466033441986, 0.08751369403853504},
               {1.4546873925630723, -1.635269468658552, -0.48457951636436586, -1.4068194800821057},
               {1.4747893475736085, -1.6512010583642847, -0.5091090041318624, -1.4626585413110318},
               {1.229516694578151, -0.34317784153011766, 0.3545841198354259, 0.35151147925896853}},
              kEpsilon);
}

TEST_CASE("kv-cache: macs as numpy computes it") {
  const Trace t = notebook_trace("kv-cache");
  check_numpy(t, "macs",
              {{56.0, 56.0, 56.0, 56.0},
               {64.0, 120.0, 120.0, 176.0},
               {72.0, 192.0, 192.0, 368.0},
               {80.0, 272.0, 272.0, 640.0},
               {88.0, 360.0, 360.0, 1000.0}},
              kEpsilon);
}

TEST_CASE("kv-cache: the step's weights and output are row t of the causal attention") {
  const Trace t = notebook_trace("kv-cache");  // t = 2, "sat"
  const Matrix& w_t = trace_matrix(t, "weights_t");
  const Matrix& w = trace_matrix(t, "weights");
  for (int k = 0; k < 3; ++k) CHECK(w_t(0, k) == doctest::Approx(w(2, k)).epsilon(1e-12));
  const Matrix& out_t = trace_matrix(t, "output_t");
  const Matrix& out = trace_matrix(t, "output");
  for (int c = 0; c < out.cols(); ++c)
    CHECK(out_t(0, c) == doctest::Approx(out(2, c)).epsilon(1e-12));
}
