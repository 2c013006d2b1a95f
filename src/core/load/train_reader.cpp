// Reading a part's "train": the target and the descent's settings (train_reader.h).
#include "core/load/train_reader.h"

#include <cmath>

#include "core/lesson/inputs.h"
#include "core/text/translation.h"

namespace attn {

namespace {

// A width of the part in the canonical row layout, from the input that sets it.
int width_of(const Part& part, Stage s) {
  const auto [rows, cols] = part.shapes.at(s);
  return input_is_transposed(part.layout, s) ? rows : cols;
}

bool read_target(Reader& r, const json& v, const Pointer& path, const Part& part, TrainSpec& out) {
  if (!r.expect_object(v, path) || !r.known_keys(v, path, {"weights", "output"})) return false;
  if (v.contains("weights") == v.contains("output"))
    // TRANSLATORS: a training's target; keep "weights" and "output", the lesson file's keys.
    return r.fail(path, tr("give one target: \"weights\" (the attention the head should learn) "
                           "or \"output\""));
  out.kind = v.contains("weights") ? TrainTarget::Kind::Weights : TrainTarget::Kind::Output;
  const char* key = v.contains("weights") ? "weights" : "output";
  const Pointer tp = path / key;
  if (!r.matrix(v[key], tp, std::nullopt, std::max(Limits::kMaxDim, Limits::kMaxTokens),
                Limits::kMaxAbsValue, out.target))
    return false;
  const int n = static_cast<int>(part.tokens.size());
  const int m = part.memory_tokens.empty() ? n : static_cast<int>(part.memory_tokens.size());
  const bool key_rows = part.options.arrangement == Arrangement::KeyRows;
  const bool columns = part.layout == Layout::Columns;
  int rows = n, cols = m;
  if (out.kind == TrainTarget::Kind::Weights) {
    if (key_rows) std::swap(rows, cols);
  } else {
    const bool has_w_o = part.shapes.count(Stage::W_o) > 0;
    cols = has_w_o ? width_of(part, Stage::W_o)
                   : width_of(part, part.shapes.count(Stage::W_v) ? Stage::W_v : Stage::V);
    if (columns) std::swap(rows, cols);
  }
  if (out.target.rows() != rows || out.target.cols() != cols)
    return r.fail(
        tp,
        // TRANSLATORS: a training's target matrix; {shape} is its shape, {wanted} the
        // shape it must have (the attention weights', or the output's), as "(3, 3)".
        trf("the target is {shape}: it must be shaped like the {what}, {wanted}",
            {{"shape", "(" + std::to_string(out.target.rows()) + ", " +
                           std::to_string(out.target.cols()) + ")"},
             // TRANSLATORS: completes "it must be shaped like the …".
             {"what",
              out.kind == TrainTarget::Kind::Weights ? tr("attention weights") : tr("output")},
             {"wanted", "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")"}}));
  if (out.kind == TrainTarget::Kind::Output) return true;
  // Each query's row (a column when keys are rows) a distribution, none of it
  // where the mask hides a key.
  for (int q = 0; q < n; ++q) {
    double sum = 0;
    for (int k = 0; k < m; ++k) {
      const int row = key_rows ? k : q, col = key_rows ? q : k;
      const double t = out.target(row, col);
      const Pointer at = tp / row / col;
      if (t < 0)
        // TRANSLATORS: an entry of a training's target attention weights is negative.
        return r.fail(at, tr("a weight is a share: 0 or more"));
      if (part.options.causal && k > q && t != 0)
        // TRANSLATORS: a training's target puts weight on a key the causal mask hides from its
        // query; it must be 0.
        return r.fail(at, tr("the causal mask hides this key from its query: its target weight "
                             "must be 0"));
      sum += t;
    }
    if (std::fabs(sum - 1.0) > 1e-5)
      return r.fail(tp / q,
                    // TRANSLATORS: {sum} is the sum of one query's target attention weights.
                    trf("each query's target weights sum to 1, not {sum} (write thirds with six "
                        "decimals: 0.333333)",
                        {{"sum", format_number(sum)}}));
  }
  return true;
}

bool read_params(Reader& r, const json& v, const Pointer& path, const Part& part, TrainSpec& out) {
  if (!v.is_array() || v.empty())
    // TRANSLATORS: a training's "params": the matrices gradient descent changes.
    return r.fail(path, tr("expected a list of the matrices to train (\"W_q\", \"W_k\", …)"));
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string name = v[i].is_string() ? v[i].get<std::string>() : "";
    const std::optional<Param> p = parse_name(kParamNames, name);
    if (!p)
      return r.fail(path / i,
                    // TRANSLATORS: {name} is what the file wrote; {choices} the matrices
                    // training may change, kept as they are.
                    trf("\"{name}\" is not a matrix training changes: use {choices}",
                        {{"name", name}, {"choices", quoted_choices(kParamNames)}}));
    if (!part.shapes.count(stage_of(*p)))
      // TRANSLATORS: {name} is a matrix training should change, which the part has not.
      return r.fail(path / i, trf(part.said_of(N_("this lesson has no {name} to train"),
                                               N_("this part has no {name} to train")),
                                  {{"name", name}}));
    const bool reaches_weights =
        *p == Param::W_q || *p == Param::W_k || *p == Param::b_q || *p == Param::b_k;
    if (out.kind == TrainTarget::Kind::Weights && !reaches_weights)
      return r.fail(path / i,
                    // TRANSLATORS: {name} (W_v, b_v or W_o) does not change the attention
                    // weights, so a weights target cannot train it.
                    trf("{name} does not change the attention weights: a weights target trains "
                        "W_q and W_k (and their biases)",
                        {{"name", name}}));
    out.params.push_back(*p);
  }
  return true;
}

}  // namespace

std::vector<Param> default_train_params(TrainTarget::Kind kind) {
  if (kind == TrainTarget::Kind::Output) return {Param::W_q, Param::W_k, Param::W_v};
  return {Param::W_q, Param::W_k};
}

bool read_train(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!r.expect_object(v, path) || !r.known_keys(v, path, {"target", "params", "lr", "steps"}))
    return false;
  if (!part.shapes.count(Stage::X) || !part.shapes.count(Stage::W_q))
    // TRANSLATORS: keep "train" and X: training computes from embeddings X and their weights.
    return r.fail(path,
                  tr(part.said_of(N_("training changes the weights that make Q, K and V from X: "
                                     "this lesson has no X"),
                                  N_("training changes the weights that make Q, K and V from X: "
                                     "this part has no X"))));
  TrainSpec train;
  if (!v.contains("target"))
    // TRANSLATORS: {key} is a JSON key that stays in English ("target").
    return r.fail(path, trf("missing key \"{key}\" (what training aims for)", {{"key", "target"}}));
  if (!read_target(r, v["target"], path / "target", part, train)) return false;
  if (v.contains("params")) {
    if (!read_params(r, v["params"], path / "params", part, train)) return false;
  } else {
    for (Param p : default_train_params(train.kind))
      if (part.shapes.count(stage_of(p))) train.params.push_back(p);
  }
  if (v.contains("lr")) {
    if (!r.number(v["lr"], path / "lr", Limits::kMaxLearningRate, train.lr)) return false;
    if (train.lr <= 0)
      // TRANSLATORS: a training's learning rate, a number; it must be positive.
      return r.fail(path / "lr", tr("the learning rate must be above 0"));
  }
  if (!r.optional_int(v, path, "steps", 1, Limits::kMaxTrainSteps, train.steps)) return false;
  // What a step costs, forward and back (about three times the forward pass):
  // every change of a number trains again.
  const double n = static_cast<double>(part.tokens.size());
  const double m = part.memory_tokens.empty() ? n : static_cast<double>(part.memory_tokens.size());
  const double d = width_of(part, Stage::X), d_k = width_of(part, Stage::W_q);
  const double d_v = part.shapes.count(Stage::W_v) ? width_of(part, Stage::W_v) : d_k;
  const double work = train.steps * 3.0 * (n * d * (2 * d_k + d_v) + n * m * (d_k + d_v));
  if (work > Limits::kMaxTrainWork)
    return r.fail(path / "steps",
                  // TRANSLATORS: training runs again on every change; {steps} steps of this
                  // lesson's size are too many: fewer steps, or fewer tokens and dimensions.
                  trf(part.said_of(N_("too many steps ({steps}) for a lesson this size (every "
                                      "change trains again): use fewer steps, tokens or "
                                      "dimensions"),
                                   N_("too many steps ({steps}) for a part this size (every "
                                      "change trains again): use fewer steps, tokens or "
                                      "dimensions")),
                      {{"steps", std::to_string(train.steps)}}));
  for (const Variant& variant : part.variants)
    if (variant.id == "trained")
      // TRANSLATORS: keep "trained": the numbers after training are a variant with that id.
      return r.fail(path, tr(part.said_of(N_("a variant is already called \"trained\": the "
                                             "lesson's numbers after training take that id"),
                                          N_("a variant is already called \"trained\": the "
                                             "part after training takes that id"))));
  Variant trained;
  trained.id = "trained";
  // TRANSLATORS: the label of a lesson's matrices after training, as "weights — after training".
  trained.label = tr("after training");
  trained.trained = true;
  part.variants.push_back(trained);
  part.train = std::move(train);
  return true;
}

}  // namespace attn
