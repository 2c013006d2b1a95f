// lessons/rotary-positions.json at its default numbers against numpy: RoPE on the cat sat down,
// without it, and started 5 positions later. Expected values: numpy (float64) from an independent
// reference of issues 40-42 (its forward pass, KV cache steps and gradient descent), printed with
// repr.
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

TEST_CASE("rotary-positions: W_k as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "W_k",
              {{0.02021839744032572, 0.832619845547938, 0.7781567509498505, 0.8700121482468192},
               {0.978618342232764, 0.7991585642167236, 0.46147936225293185, 0.7805291762864555},
               {0.11827442586893322, 0.6399210213275238, 0.1433532874090464, 0.9446689170495839},
               {0.5218483217500717, 0.4146619399905236, 0.26455561210462697, 0.7742336894342167}},
              kEpsilon);
}

TEST_CASE("rotary-positions: weights@no_rope as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(
      t, "weights@no_rope",
      {{0.014552777842559438, 0.6215631772800256, 0.3370465958561783, 0.026837449021236838},
       {0.0017945559300679061, 0.6401807728943476, 0.35478655465954156, 0.003238116516042867},
       {0.0008804165475062469, 0.7102322505283056, 0.28670635501771996, 0.002180977906468365},
       {0.0283355545405017, 0.5351857367003081, 0.39841602092788125, 0.03806268783130887}},
      kEpsilon);
}

TEST_CASE("rotary-positions: angles as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "angles", {{0.0, 0.0}, {1.0, 0.01}, {2.0, 0.02}, {3.0, 0.03}}, kEpsilon);
}

TEST_CASE("rotary-positions: Q_rot as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "Q_rot",
              {{1.512476264428354, 1.0986308851981972, 1.3944884141543086, 1.0737781027498015},
               {-1.5730928379860096, 3.36713262813335, 0.9976179573075272, 1.9678790074019115},
               {-3.4700394978777735, 1.1658777797563857, 1.8616802027532056, 2.090329577077931},
               {-1.203543713209803, -1.415815430585473, 0.47903174200246273, 0.9937182368674634}},
              kEpsilon);
}

TEST_CASE("rotary-positions: K_rot as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "K_rot",
              {{0.13849282330925894, 1.4725408668754618, 0.9215100383588969, 1.8146810652964032},
               {-0.4213782732541773, 3.8368583574925186, 1.420902606759993, 3.1238907139271075},
               {-3.124749288114949, 0.37238085806772636, 1.579831128579115, 3.4017187682651118},
               {-1.656745098079068, -0.9899273236701243, 0.6790723932684862, 1.575841057123132}},
              kEpsilon);
}

TEST_CASE("rotary-positions: scores as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "scores",
              {{5.060845847523169, 8.913764123796195, 1.5387473113665586, -0.954290163600346},
               {9.23076606628839, 21.14703502222202, 14.439615319465586, 3.0515166062973003},
               {6.745065608221036, 15.110734562739069, 21.329007708726767, 9.153079459271462},
               {-0.006814020677592181, -1.1402114725081067, 7.370689030472944, 5.286758755555506}},
              kEpsilon);
}

TEST_CASE("rotary-positions: weights as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(
      t, "weights",
      {{0.12366389332888911, 0.8489722378152357, 0.021253425443009063, 0.006110443412866108},
       {0.0024909288830859185, 0.9637097540792398, 0.03368593236332659, 0.00011338467434773219},
       {0.0006500483535886468, 0.042611575790582924, 0.9545714740745067, 0.0021669017813215827},
       {0.017962704303703277, 0.01019195719875287, 0.7184162603268448, 0.2534290781706991}},
      kEpsilon);
}

TEST_CASE("rotary-positions: output as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "output",
              {{2.3246350401517586, 2.3671679081173, 2.0950530330142505, 1.4970216627359372},
               {2.537637043283659, 2.5615847838076755, 2.289420600076039, 1.6145743702353699},
               {2.1116597583624137, 2.3020430189919177, 1.8869004789333421, 1.4922741488437754},
               {1.8695582865335938, 2.017970411516925, 1.6727195338039769, 1.3036090482872849}},
              kEpsilon);
}

TEST_CASE("rotary-positions: scores@later as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(t, "scores@later",
              {{5.0608458475231695, 8.913764123796199, 1.5387473113665573, -0.9542901636003465},
               {9.230766066288393, 21.14703502222202, 14.439615319465585, 3.051516606297298},
               {6.7450656082210365, 15.110734562739069, 21.32900770872677, 9.153079459271458},
               {-0.006814020677592625, -1.1402114725081112, 7.370689030472942, 5.286758755555504}},
              kEpsilon);
}

TEST_CASE("rotary-positions: weights@later as numpy computes it") {
  const Trace t = notebook_trace("rotary-positions");
  check_numpy(
      t, "weights@later",
      {{0.12366389332888895, 0.8489722378152359, 0.021253425443009018, 0.006110443412866098},
       {0.0024909288830859207, 0.9637097540792398, 0.033685932363326565, 0.000113384674347732},
       {0.0006500483535886459, 0.04261157579058286, 0.9545714740745069, 0.0021669017813215753},
       {0.01796270430370329, 0.01019195719875285, 0.7184162603268448, 0.2534290781706991}},
      kEpsilon);
}

TEST_CASE("rotary-positions: starting 5 positions later leaves RoPE's scores as they were") {
  const Trace t = notebook_trace("rotary-positions");
  const Matrix& now = trace_matrix(t, "scores");
  const Matrix& later = trace_matrix(t, "scores@later");
  for (int r = 0; r < now.rows(); ++r)
    for (int c = 0; c < now.cols(); ++c)
      CHECK(later(r, c) == doctest::Approx(now(r, c)).epsilon(1e-12));
}
