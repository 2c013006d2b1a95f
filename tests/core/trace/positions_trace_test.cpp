// Positions and RoPE in a lesson's trace, against numpy: the cat sat
// (notebook 000's X, np.random.seed(0), three np.random.rand(4, 4) for W_q,
// W_k, W_v) with sinusoidal positions, at first_position 5, with RoPE both
// pairings, with two heads and the causal mask; as queries over a memory. The
// numbers are numpy's (core/math/positions_test.cpp has the formulas):
//   X_P = X + P;  Q, K, V = X_P @ W_q, X_P @ W_k, X_P @ W_v
//   Q_rot, K_rot = rotate(Q), rotate(K) per head;  weights = softmax(Q_rot @ K_rot.T /
//   sqrt(d_head))
// And the properties that teach word order: without positions (and without
// the causal mask) another order of the tokens moves each output row and
// changes none; RoPE's scores depend only on the distance between positions.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "core/math/numpy_random.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {

// The cat sat, its steps left out, with these keys added.
std::shared_ptr<const Lesson> cat_sat_with(const nlohmann::json& keys) {
  nlohmann::json file = nlohmann::json::parse(builtin_lesson_file("the-cat-sat"));
  file.erase("steps");
  file.erase("names");
  file.update(keys);
  LoadResult r = load_lesson(file.dump());
  INFO(r.error.message("the cat sat"));
  REQUIRE(r.ok());
  return std::make_shared<const Lesson>(std::move(*r.lesson));
}

const Matrix& of(const Trace& t, Stage stage, int head = 0, int variant = 0) {
  const TraceMatrix* m = t.find({0, stage, head, variant});
  REQUIRE(m);
  return m->value;
}

Matrix sin_p() {
  return from_rows(
      {{0.0, 1.0, 0.0, 1.0},
       {0.8414709848078965, 0.5403023058681397, 0.009999833334166664, 0.9999500004166654},
       {0.9092974268256816, -0.4161468365471424, 0.01999866669333308, 0.999800006666578}});
}
Matrix sin_x_p() {
  return from_rows(
      {{1.0, 1.0, 1.0, 1.0},
       {0.8414709848078965, 2.5403023058681398, 0.009999833334166664, 2.9999500004166655},
       {1.9092974268256815, 0.5838531634528576, 1.0199986666933332, 1.999800006666578}});
}
Matrix sin_weights() {
  return from_rows({{0.0005881119320851424, 0.9827478942808591, 0.016663993787055718},
                    {2.460826373843171e-05, 0.9964570439118262, 0.003518347824435281},
                    {5.6054788416887436e-05, 0.9958837539238983, 0.004060191287684779}});
}
Matrix sin_output() {
  return from_rows(
      {{3.9246196193640435, 4.0469093930658575, 3.028436677705705, 2.6260764499648244},
       {3.938993454490933, 4.058808393767651, 3.046613868977716, 2.6364859029246386},
       {3.9383857961100297, 4.058303396559939, 3.0458549271784396, 2.636047384165538}});
}
Matrix sin5_p() {
  return from_rows(
      {{-0.9589242746631386, 0.2836621854632263, 0.04997916927067833, 0.9987502603949663},
       {-0.2794154981989259, 0.9601702866503661, 0.059964006479444595, 0.9982005399352042},
       {0.6569865987187891, 0.7539022543433047, 0.06994284733753277, 0.9975510002532796}});
}
Matrix sin5_weights() {
  return from_rows({{0.0006926719354549961, 0.44800750861844046, 0.5512998194461045},
                    {1.295749498235929e-07, 0.1634307591290077, 0.8365691112960424},
                    {4.955152600863947e-09, 0.15599556626390862, 0.8440044287809388}});
}
Matrix sin5_output() {
  return from_rows(
      {{3.6156516205707527, 3.772598304883015, 3.1242827989456132, 2.402960192196714},
       {3.5719567170539945, 3.8104306554310563, 2.9524100670155513, 2.4913308651018964},
       {3.5707735789249697, 3.811374110429489, 2.9478900089948192, 2.4936014596971234}});
}
Matrix rope_angles() { return from_rows({{0.0, 0.0}, {1.0, 0.01}, {2.0, 0.02}}); }
Matrix rope_q() {
  return from_rows(
      {{1.512476264428354, 1.0986308851981972, 1.3944884141543086, 1.0737781027498015},
       {-1.5730928379860096, 3.36713262813335, 0.9976179573075272, 1.9678790074019115},
       {-3.4700394978777735, 1.1658777797563857, 1.8616802027532056, 2.090329577077931}});
}
Matrix rope_k() {
  return from_rows(
      {{0.13849282330925894, 1.4725408668754618, 0.9215100383588969, 1.8146810652964032},
       {-0.4213782732541773, 3.8368583574925186, 1.420902606759993, 3.1238907139271075},
       {-3.124749288114949, 0.37238085806772636, 1.579831128579115, 3.4017187682651118}});
}
Matrix rope_weights() {
  return from_rows({{0.1244241802414467, 0.8541917280331204, 0.021384091725432857},
                    {0.0024912113482733734, 0.9638190363868105, 0.033689752264916},
                    {0.0006514600034305402, 0.0427041114056576, 0.9566444285909118}});
}
Matrix rope_output() {
  return from_rows(
      {{2.331064461071614, 2.3738052758986385, 2.100837833752745, 1.5012408890358055},
       {2.5377797852170842, 2.5617292537280942, 2.289549339155537, 1.6146655223209467},
       {2.113468267220088, 2.3042460520957238, 1.8884917673692638, 1.4937541591473724}});
}
Matrix halves_angles() {
  return from_rows({{3.0, 0.3}, {4.0, 0.39999999999999997}, {5.0, 0.49999999999999994}});
}
Matrix halves_q() {
  return from_rows(
      {{-1.694130369315189, 0.7322390458771599, -1.1670924039825328, 1.3504870290192514},
       {-0.5265812025240088, 2.132472644753795, -2.165957812153099, 3.0271920985257506},
       {2.5352799213452166, 1.359144778466582, -1.8614739753443303, 3.081521030757071}});
}
Matrix halves_k() {
  return from_rows(
      {{-0.2671503599496337, 0.8704970984139672, -0.8927439151756602, 2.168796619099285},
       {-0.8626107659125137, 1.025099084588438, -3.220250089882535, 3.8094307982961855},
       {2.0447817363449627, 0.7421064227735739, -1.1042918185976525, 4.244875484344785}});
}
Matrix halves_weights() {
  return from_rows({{0.04493446274375762, 0.9272624160302418, 0.02780312122600044},
                    {0.004538622426139767, 0.9327548576954041, 0.06270651987845614},
                    {0.001752963520508579, 0.10004920158347841, 0.8981978348960131}});
}
Matrix halves_output() {
  return from_rows({{2.4665675249701136, 2.496767676688911, 2.224563097022473, 1.5753969512411146},
                    {2.5207723698876467, 2.550329674754919, 2.273589268726651, 1.6088776078620373},
                    {2.13862208267472, 2.319005179091533, 1.9123209873730205, 1.5004814572436307}});
}
Matrix heads_weights_1() {
  return from_rows({{1.0, 0.0, 0.0},
                    {0.0019228427977460085, 0.998077157202254, 0.0},
                    {0.0008059857955894637, 0.022358434374916074, 0.9768355798294945}});
}
Matrix heads_weights_2() {
  return from_rows({{1.0, 0.0, 0.0},
                    {0.026368794363724937, 0.9736312056362751, 0.0},
                    {0.0003859165372545241, 0.13398310930474366, 0.8656309741580017}});
}
Matrix heads_output() {
  return from_rows(
      {{0.8156582327903346, 1.00546590266799, 0.71642099636362, 0.6778609687051469},
       {2.5543751560374424, 2.5721254892750243, 2.266286370099533, 1.5966107494256343},
       {2.103846446826871, 2.2983074522046647, 1.9287519368240502, 1.5060991145727518}});
}
Matrix cross_memory() {
  return from_rows(
      {{1.0, 0.0, 0.0, 1.0}, {0.0, 2.0, 0.0, 1.0}, {1.0, 1.0, 0.0, 0.0}, {0.0, 0.0, 1.0, 2.0}});
}
Matrix cross_scores() {
  return from_rows({{5.409770824264064, 10.124638647507975, 6.8044123491576505, 6.986430620979904},
                    {9.27512562663198, 17.023810360941635, 11.602193815182224, 12.487597388423792},
                    {10.047333637580053, 18.63654382797879, 12.60550925674876, 13.2302293151918}});
}
Matrix cross_weights() {
  return from_rows(
      {{0.06340392928018132, 0.6697869971733555, 0.12733820749948713, 0.1394708660469759},
       {0.01744096883337571, 0.839800477187137, 0.05583249589480099, 0.08692605808468626},
       {0.012076204439759769, 0.8852251649567027, 0.043394154830563275, 0.05930447577297435}});
}
Matrix cross_output() {
  return from_rows(
      {{1.709895019997884, 1.753140028760484, 1.698213866455959, 1.256869845772863},
       {1.8144245796832337, 1.8417788746122246, 1.916755212040087, 1.3666802853004298},
       {1.8342448890666632, 1.8577794473235507, 1.967956991680843, 1.4055256484878527}});
}

// A lesson of random numbers: n tokens, d wide, heads, with these keys added.
nlohmann::json random_lesson(uint32_t seed, int n, int d, int heads) {
  NumpyRandom rng(seed);
  auto rows = [](const Matrix& m) {
    std::vector<std::vector<double>> out;
    for (int r = 0; r < m.rows(); ++r) out.emplace_back(m.row(r), m.row(r) + m.cols());
    return out;
  };
  nlohmann::json tokens = nlohmann::json::array();
  for (int i = 0; i < n; ++i) tokens.push_back("t" + std::to_string(i));
  return {{"id", "random"},
          {"title", "Random"},
          {"tokens", tokens},
          {"heads", heads},
          {"X", rows(rng.randn(n, d))},
          {"W_q", rows(rng.randn(d, d))},
          {"W_k", rows(rng.randn(d, d))},
          {"W_v", rows(rng.randn(d, d))},
          {"W_o", rows(rng.randn(d, d))}};
}

Session session_of(const nlohmann::json& file) {
  LoadResult r = load_lesson(file.dump());
  INFO(r.error.message("random"));
  REQUIRE(r.ok());
  return Session(std::make_shared<const Lesson>(std::move(*r.lesson)));
}

}  // namespace

TEST_CASE("sinusoidal positions: P, X + P and attention, as numpy computes them") {
  const auto l = cat_sat_with({{"positions", "sinusoidal"}});
  const Trace t = build_trace(*l, default_state(*l));
  CHECK(max_abs_diff(of(t, Stage::P), sin_p()) <= 1e-15);
  CHECK(max_abs_diff(of(t, Stage::X_P), sin_x_p()) <= 1e-15);
  CHECK(max_abs_diff(of(t, Stage::weights), sin_weights()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::output), sin_output()) <= 1e-12);
  CHECK(t.find({0, Stage::P, 0, 0})->rows == std::vector<std::string>{"0", "1", "2"});
  // From position 5: other codes, other numbers.
  const auto five = cat_sat_with({{"positions", "sinusoidal"}, {"first_position", 5}});
  const Trace t5 = build_trace(*five, default_state(*five));
  CHECK(max_abs_diff(of(t5, Stage::P), sin5_p()) <= 1e-15);
  CHECK(max_abs_diff(of(t5, Stage::weights), sin5_weights()) <= 1e-12);
  CHECK(max_abs_diff(of(t5, Stage::output), sin5_output()) <= 1e-12);
  CHECK(t5.find({0, Stage::P, 0, 0})->rows == std::vector<std::string>{"5", "6", "7"});
  // The same numbers given as learned positions give the same attention.
  std::vector<std::vector<double>> given;
  const Matrix p = sin_p();
  for (int r = 0; r < 3; ++r) given.emplace_back(p.row(r), p.row(r) + 4);
  const auto learned = cat_sat_with({{"positions", given}});
  const Trace tg = build_trace(*learned, default_state(*learned));
  CHECK(tg.find({0, Stage::P, 0, 0})->editable);
  CHECK(max_abs_diff(of(tg, Stage::output), sin_output()) <= 1e-12);
}

TEST_CASE("RoPE: angles, rotated queries and keys, and attention, as numpy computes them") {
  const auto l = cat_sat_with({{"rope", true}});
  const Trace t = build_trace(*l, default_state(*l));
  CHECK(max_abs_diff(of(t, Stage::angles), rope_angles()) <= 1e-15);
  CHECK(max_abs_diff(of(t, Stage::Q_rot), rope_q()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::K_rot), rope_k()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::weights), rope_weights()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::output), rope_output()) <= 1e-12);
  // Kᵀ is of the keys the scores read: the rotated ones.
  CHECK(max_abs_diff(of(t, Stage::K_T), transpose(rope_k())) <= 1e-12);
  // Halves, base 100, from position 3.
  const auto h =
      cat_sat_with({{"rope", {{"pairs", "halves"}, {"base", 100}}}, {"first_position", 3}});
  const Trace th = build_trace(*h, default_state(*h));
  CHECK(max_abs_diff(of(th, Stage::angles), halves_angles()) <= 1e-14);
  CHECK(max_abs_diff(of(th, Stage::Q_rot), halves_q()) <= 1e-12);
  CHECK(max_abs_diff(of(th, Stage::K_rot), halves_k()) <= 1e-12);
  CHECK(max_abs_diff(of(th, Stage::weights), halves_weights()) <= 1e-12);
  CHECK(max_abs_diff(of(th, Stage::output), halves_output()) <= 1e-12);
  // Two heads of width 2, causal: each head turns its own pair.
  const auto two = cat_sat_with({{"rope", true}, {"heads", 2}, {"causal", true}});
  const Trace t2 = build_trace(*two, default_state(*two));
  CHECK(max_abs_diff(of(t2, Stage::weights, 1), heads_weights_1()) <= 1e-12);
  CHECK(max_abs_diff(of(t2, Stage::weights, 2), heads_weights_2()) <= 1e-12);
  CHECK(max_abs_diff(of(t2, Stage::output), heads_output()) <= 1e-12);
}

TEST_CASE("cross-attention: the cat sat's queries over a memory of four tokens, (3, 4) weights") {
  std::vector<std::vector<double>> memory;
  const Matrix m = cross_memory();
  for (int r = 0; r < 4; ++r) memory.emplace_back(m.row(r), m.row(r) + 4);
  const auto l =
      cat_sat_with({{"memory", {{"tokens", {"le", "chat", "s'est", "assis"}}, {"X", memory}}}});
  const Trace t = build_trace(*l, default_state(*l));
  CHECK(max_abs_diff(of(t, Stage::scores), cross_scores()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::weights), cross_weights()) <= 1e-12);
  CHECK(max_abs_diff(of(t, Stage::output), cross_output()) <= 1e-12);
  const TraceMatrix& w = *t.find({0, Stage::weights, 0, 0});
  CHECK(w.rows == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(w.cols == std::vector<std::string>{"le", "chat", "s'est", "assis"});
  CHECK(t.find({0, Stage::K, 0, 0})->rows == w.cols);
}

TEST_CASE(
    "without positions or a mask, another order of the tokens moves the outputs, changes none") {
  for (const int heads : {1, 2})
    for (const char* scale : {"sqrt_dk", "none"}) {
      nlohmann::json file = random_lesson(11 + heads, 5, 4, heads);
      file["scale"] = scale;
      Session s = session_of(file);
      const Trace before = s.trace();
      REQUIRE(s.set_order(0, {3, 0, 4, 1, 2}).empty());
      // The trace keeps one row per token: each token's output is the same.
      CHECK(max_abs_diff(of(s.trace(), Stage::output), of(before, Stage::output)) <= 1e-12);
      CHECK(max_abs_diff(of(s.trace(), Stage::weights, heads > 1),
                         of(before, Stage::weights, heads > 1)) <= 1e-12);
      // With positions, or with the causal mask alone, the order tells.
      for (const nlohmann::json& extra :
           {nlohmann::json{{"positions", "sinusoidal"}}, nlohmann::json{{"causal", true}},
            nlohmann::json{{"rope", true}}}) {
        nlohmann::json with = file;
        with.update(extra);
        Session p = session_of(with);
        const Trace p_before = p.trace();
        REQUIRE(p.set_order(0, {3, 0, 4, 1, 2}).empty());
        INFO(extra.dump());
        CHECK(max_abs_diff(of(p.trace(), Stage::output), of(p_before, Stage::output)) > 1e-6);
      }
    }
}

TEST_CASE("RoPE alone: moving every token later leaves the scores as they were") {
  for (const char* pairs : {"interleaved", "halves"})
    for (const int heads : {1, 2}) {
      nlohmann::json file = random_lesson(21 + heads, 4, 8, heads);
      file["rope"] = {{"pairs", pairs}, {"base", 100}};
      Session s = session_of(file);
      const Trace at0 = s.trace();
      for (const int first : {1, 5, 200}) {
        s.set_first_position(0, first);
        INFO(pairs << ", " << heads << " heads, from " << first);
        for (int h = heads > 1 ? 1 : 0; h <= (heads > 1 ? heads : 0); ++h)
          CHECK(max_abs_diff(of(s.trace(), Stage::scores, h), of(at0, Stage::scores, h)) <= 1e-12);
        CHECK(max_abs_diff(of(s.trace(), Stage::angles), of(at0, Stage::angles)) > 0.5);
      }
      // With sinusoidal positions as well, the scores move.
      nlohmann::json both = file;
      both["positions"] = "sinusoidal";
      Session p = session_of(both);
      const Trace p0 = p.trace();
      p.set_first_position(0, 5);
      CHECK(max_abs_diff(of(p.trace(), Stage::scores, heads > 1),
                         of(p0, Stage::scores, heads > 1)) > 1e-6);
    }
}

TEST_CASE("positions in the columns layout: the same numbers, one column per token") {
  nlohmann::json rows = random_lesson(31, 3, 4, 2);
  rows["positions"] = "sinusoidal";
  rows["rope"] = true;
  rows["causal"] = true;
  nlohmann::json columns = rows;
  columns["layout"] = "columns";
  for (const char* m : {"X", "W_q", "W_k", "W_v", "W_o"}) {
    const auto a = rows[m].get<std::vector<std::vector<double>>>();
    std::vector<std::vector<double>> t(a[0].size(), std::vector<double>(a.size()));
    for (size_t r = 0; r < a.size(); ++r)
      for (size_t c = 0; c < a[r].size(); ++c) t[c][r] = a[r][c];
    columns[m] = t;
  }
  Session r = session_of(rows), c = session_of(columns);
  for (Stage s : {Stage::P, Stage::X_P, Stage::angles, Stage::Q_rot, Stage::K_rot, Stage::output})
    CHECK(max_abs_diff(transpose(of(c.trace(), s)), of(r.trace(), s)) <= 1e-12);
  CHECK(max_abs_diff(of(c.trace(), Stage::weights, 1), of(r.trace(), Stage::weights, 1)) <= 1e-12);
}
