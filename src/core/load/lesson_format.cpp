// The lesson format's rules as data, for the programs that write lessons (lesson_format.h).
#include "core/load/lesson_format.h"

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

#include "core/lesson/inputs.h"
#include "core/lesson/lesson.h"
#include "core/lesson/part_matrices.h"
#include "core/load/activity_reader.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_shapes.h"
#include "core/load/train_reader.h"

namespace attn {

namespace {

using ordered = nlohmann::ordered_json;

template <class E, size_t N>
ordered words(const EnumName<E> (&table)[N]) {
  ordered out = ordered::array();
  for (const EnumName<E>& e : table) out.push_back(e.name);
  return out;
}
ordered words(EnumNames<ScaleMode> table) {
  ordered out = ordered::array();
  for (const EnumName<ScaleMode>& e : table) out.push_back(e.name);
  return out;
}

ordered stage_list(const std::vector<Stage>& stages) {
  ordered out = ordered::array();
  for (Stage s : stages) out.push_back(stage_name(s));
  return out;
}

ordered plural(const PluralText& p) { return ordered::array({p.singular, p.plural}); }

ordered limits() {
  using L = Limits;
  return {{"tokens", L::kMaxTokens},
          {"dim", L::kMaxDim},
          {"heads", L::kMaxHeads},
          {"parts", L::kMaxParts},
          {"steps", L::kMaxSteps},
          {"variants", L::kMaxVariants},
          {"draws", L::kMaxDraws},
          {"depth", L::kMaxDepth},
          {"file_bytes", L::kMaxFileBytes},
          {"id_bytes", L::kMaxIdChars},
          {"title_bytes", L::kMaxTitleChars},
          {"text_bytes", L::kMaxTextChars},
          {"abs_value", L::kMaxAbsValue},
          {"min_divisor", L::kMinDivisor},
          {"max_divisor", L::kMaxDivisor},
          {"first_position", L::kMaxFirstPosition},
          {"rope_base", L::kMaxRopeBase},
          {"train_steps", L::kMaxTrainSteps},
          {"learning_rate", L::kMaxLearningRate},
          {"train_work", L::kMaxTrainWork},
          {"precision", L::kMaxPrecision}};
}

ordered param_names(TrainTarget::Kind kind) {
  ordered out = ordered::array();
  for (Param p : default_train_params(kind)) out.push_back(name_of(kParamNames, p));
  return out;
}

// What a lesson that does not say means: a part's own defaults; RoPE's
// ("rope": true) and training's (the matrices trained by default, by the
// target's kind: those of them the part has).
ordered defaults() {
  const Part part;
  const Rope rope;
  const TrainSpec train;
  return {{"layout", name_of(kLayoutNames, part.layout)},
          {"heads", part.heads},
          {"scale", name_of(kScaleWords, part.options.scaling.mode)},
          {"causal", part.options.causal},
          {"arrangement", name_of(kArrangementNames, part.options.arrangement)},
          {"precision", part.precision},
          {"first_position", part.options.first_position},
          {"kv_cache", part.sequence.kv_cache},
          {"cache_step", part.options.cache_step},
          {"rope", {{"base", rope.base}, {"pairs", name_of(kRopePairsNames, rope.pairs)}}},
          {"train",
           {{"lr", train.lr},
            {"steps", train.steps},
            {"params",
             {{"weights", param_names(TrainTarget::Kind::Weights)},
              {"output", param_names(TrainTarget::Kind::Output)}}}}}};
}

// A step's keys and its activities' (predictions, challenges), the keys each
// must have, the kinds of prediction and how many of each a step may have.
ordered steps() {
  const ActivityKeys& k = activity_keys();
  return {{"keys",
           {{"step", k.step},
            {"prediction", k.prediction},
            {"pick", k.pick},
            {"choice", k.choice},
            {"estimate", k.estimate},
            {"challenge", k.challenge},
            {"meter", k.meter}}},
          {"required",
           {{"step", {"title"}},
            {"prediction", {"id", "ask", "reveal"}},
            {"choice", {"text", "when"}},
            {"estimate", k.estimate_required},
            {"challenge", k.challenge_required},
            {"meter", {"measure", "target"}}}},
          {"prediction_kinds", k.prediction_kinds},
          {"limits",
           {{"per_step", ActivityLimits::kMaxPerStep},
            {"choices", ActivityLimits::kMaxChoices},
            {"hints", ActivityLimits::kMaxHints}}}};
}

// The widths inputs name, in the order the loader checks that the heads
// divide the ones they split.
ordered widths() {
  ordered out = ordered::array();
  for (const EnumName<Width>& w : kWidthNames)
    out.push_back({{"name", w.name}, {"split_by_heads", split_by_heads(w.value)}});
  return out;
}

ordered inputs() {
  ordered out = ordered::array();
  for (const InputSpec& spec : kInputSpecs) {
    ordered transposed_in = ordered::array();
    for (const EnumName<Layout>& l : kLayoutNames)
      if (input_is_transposed(l.value, spec.stage)) transposed_in.push_back(l.name);
    ordered input = {{"name", stage_name(spec.stage)},
                     {"rows", name_of(kWidthNames, spec.rows)},
                     {"cols", name_of(kWidthNames, spec.cols)},
                     {"transposed_in", transposed_in}};
    if (spec.needs != Stage::X) input["needs"] = stage_name(spec.needs);
    if (spec.misfit != Misfit::Width) input["misfit"] = name_of(kMisfitNames, spec.misfit);
    if (!spec.key.empty()) input["key"] = spec.key;
    out.push_back(input);
  }
  return out;
}

ordered sources() {
  ordered out = ordered::array();
  for (const InputSource& s : input_sources())
    out.push_back({{"when", stage_list(s.when)},
                   {"needs", stage_list(s.needs)},
                   {"allows", stage_list(s.allows)},
                   {"because", s.because},
                   {"one_head", s.one_head}});
  return out;
}

ordered shape_messages_json() {
  const ShapeMessages& m = shape_messages();
  ordered rule_d = ordered::object();
  for (const EnumName<Layout>& l : kLayoutNames)
    rule_d[std::string(l.name)] = m.rule_d[static_cast<int>(l.value)];
  return {{"forbidden", m.forbidden},
          {"missing", m.missing},
          {"no_inputs", m.no_inputs},
          {"one_head", m.one_head},
          {"needs", m.needs},
          {"needs_values", m.needs_values},
          {"square", m.square},
          {"does_not_fit", m.does_not_fit},
          {"rule_d", rule_d},
          {"rule_d_k", m.rule_d_k},
          {"bias", m.bias},
          {"per_token_row", plural(m.per_token_row)},
          {"per_token_column", plural(m.per_token_column)},
          {"concatenated", plural(m.concatenated)},
          {"heads", plural(m.heads)},
          {"like_x", m.like_x},
          {"memory_width", m.memory_width},
          {"per_memory_row", plural(m.per_memory_row)},
          {"per_memory_column", plural(m.per_memory_column)}};
}

// What runs along each axis of each matrix a lesson may show, in the row
// layout: "token", "query", "key", "dim", "single", "position" or "step" (a
// step of generating with a KV cache); the columns layout swaps them.
ordered axes() {
  // A part with every input and a causal mask shows every stage there is.
  Part part;
  part.tokens = {"a", "b"};
  part.heads = 2;
  for (const InputSpec& spec : kInputSpecs) part.shapes[spec.stage] = {2, 2};
  part.shapes.erase(Stage::Q);
  part.shapes.erase(Stage::K);
  part.shapes.erase(Stage::weights);
  AttentionOptions options;
  options.causal = true;
  part.sequence = {PositionKind::Given, Rope{}, /*kv_cache=*/true};
  part.memory_tokens = {"m", "n"};
  // Training toward attention weights, every matrix trained: its target's
  // axes are the weights' (an output target's are the output's).
  part.train = TrainSpec{};
  for (const EnumName<Param>& p : kParamNames) part.train->params.push_back(p.value);
  const char* kind_names[] = {"dim", "token", "query", "key", "single", "position", "step"};
  static_assert(std::size(kind_names) == static_cast<size_t>(AxisKind::Step) + 1);
  ordered out = ordered::object();
  for (const MatrixSpec& m : part_matrices(part, 0, options)) {
    const std::string name(stage_name(m.key.stage));
    if (out.contains(name)) continue;
    out[name] = ordered::array(
        {kind_names[static_cast<int>(m.row_kind)], kind_names[static_cast<int>(m.col_kind)]});
  }
  return out;
}

// The matrices each of a part's keys brings that a part without it has not
// (positions: P and X + P; rope: the angles and the turned Q and K; kv_cache:
// each step's; train: the target, the loss and the gradients; memory: its
// X), so that the editor offers them where a lesson has the key.
ordered matrices_by_key() {
  Part base;
  base.tokens = {"a", "b"};
  for (Stage s : {Stage::X, Stage::W_q, Stage::W_k, Stage::W_v}) base.shapes[s] = {2, 2};
  AttentionOptions options;
  options.causal = true;  // what the cache needs; the mask is no key's
  auto names = [&](const Part& part) {
    std::vector<std::string> out;
    for (const MatrixSpec& m : part_matrices(part, 0, options)) {
      const std::string name(stage_name(m.key.stage));
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    return out;
  };
  const std::vector<std::string> before = names(base);
  auto brought = [&](const Part& part) {
    ordered out = ordered::array();
    for (const std::string& name : names(part))
      if (std::find(before.begin(), before.end(), name) == before.end()) out.push_back(name);
    return out;
  };
  ordered out = ordered::object();
  Part p = base;
  p.sequence.positions = PositionKind::Sinusoidal;
  out["positions"] = brought(p);
  p = base;
  p.sequence.rope = Rope{};
  out["rope"] = brought(p);
  p = base;
  p.memory_tokens = {"m"};
  p.shapes[Stage::memory] = {1, 2};
  out["memory"] = brought(p);
  p = base;
  p.sequence.kv_cache = true;
  out["kv_cache"] = brought(p);
  p = base;
  p.train = TrainSpec{};
  for (Stage s : {Stage::W_q, Stage::W_k, Stage::W_v}) p.train->params.push_back(*param_for(s));
  out["train"] = brought(p);
  return out;
}

}  // namespace

std::string lesson_format_json() {
  ordered description = {
      {"format", 1},
      {"limits", limits()},
      {"words",
       {{"layout", words(kLayoutNames)},
        {"arrangement", words(kArrangementNames)},
        {"scale", words(kScaleWords)},
        {"draw", words(kDrawFnNames)},
        {"positions", words(kPositionWords)},
        {"rope_pairs", words(kRopePairsNames)},
        {"train_params", words(kParamNames)}}},
      {"defaults", defaults()},
      {"id_characters", kIdCharacters},
      {"stages", words(kStageNames)},
      {"lesson_keys", lesson_keys()},
      {"part_keys", part_keys()},
      {"widths", widths()},
      {"inputs", inputs()},
      {"sources", sources()},
      {"shape_messages", shape_messages_json()},
      {"axes", axes()},
      {"matrices_by_key", matrices_by_key()},
      {"steps", steps()},
  };
  return description.dump(1) + "\n";
}

}  // namespace attn
