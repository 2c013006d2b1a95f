// Reading a part's "random": np.random.seed groups and their draws (random_reader.h).
#include "core/load/random_reader.h"

#include <algorithm>

#include "core/text/translation.h"

namespace attn {

namespace {

std::string input_list() {
  std::string out;
  for (Stage s : kInputStages) out += (out.empty() ? "" : ", ") + std::string(stage_name(s));
  return out;
}

bool read_draw(Reader& r, const json& d, const Pointer& dp, RandomDraw& draw) {
  if (!r.expect_object(d, dp) ||
      !r.known_keys(d, dp, {"name", "head", "fn", "shape", "loc", "scale", "fill"}))
    return false;
  std::string name;
  if (!r.text(d, dp, "name", Limits::kMaxIdChars, true, name)) return false;
  const std::optional<Stage> target = parse_name(kStageNames, name);
  if (!target || !can_be_input(*target))
    return r.fail(
        dp / "name",
        // TRANSLATORS: {name} is a matrix name as the lesson file writes it, {inputs}
        // the names of the matrices a lesson may give: "X, W_q, W_k, …".
        trf("\"{name}\" is not an input ({inputs})", {{"name", name}, {"inputs", input_list()}}));
  draw.target = *target;
  if (!r.optional_int(d, dp, "head", 1, Limits::kMaxHeads, draw.head)) return false;
  if (d.contains("fn")) {
    const json& fn = d["fn"];
    if (!fn.is_string())
      return r.fail(dp / "fn", trf("expected a string, got {type}", {{"type", describe(fn)}}));
    if (!r.word(fn, dp / "fn", kDrawFnNames, draw.fn,
                // TRANSLATORS: a function that draws random numbers; {value} is its name as
                // the lesson file writes it, {choices} the names allowed ("\"rand\", \"randn\"
                // or \"normal\"").
                trf("unknown function \"{value}\": use {choices}",
                    {{"value", fn.get<std::string>()}, {"choices", quoted_choices(kDrawFnNames)}})))
      return false;
  }
  if (!d.contains("shape"))
    // TRANSLATORS: {key} is a JSON key that stays in English ("shape"): a matrix's shape,
    // its numbers of rows and columns.
    return r.fail(dp, trf("missing key \"{key}\" ([rows, cols])", {{"key", "shape"}}));
  const json& shape = d["shape"];
  const Pointer sp = dp / "shape";
  if (!shape.is_array() || shape.size() != 2)
    // TRANSLATORS: a matrix's shape: its numbers of rows and columns, as [3, 4].
    return r.fail(sp, tr("expected [rows, cols]"));
  const int limit = std::max(Limits::kMaxDim, Limits::kMaxTokens);
  long long rows = 0, cols = 0;
  if (!r.integer(shape[0], sp / 0, 1, limit, rows) || !r.integer(shape[1], sp / 1, 1, limit, cols))
    return false;
  draw.rows = static_cast<int>(rows);
  draw.cols = static_cast<int>(cols);
  if (draw.fn == DrawFn::Normal) {
    if (d.contains("loc") && !r.number(d["loc"], dp / "loc", Limits::kMaxAbsValue, draw.loc))
      return false;
    if (d.contains("scale") &&
        !r.number(d["scale"], dp / "scale", Limits::kMaxAbsValue, draw.scale))
      return false;
  } else if (d.contains("loc") || d.contains("scale")) {
    // TRANSLATORS: "loc", "scale", "fn" and "normal" are the lesson file's words (keys and a
    // value), kept in English: "loc" and "scale" are allowed only when "fn" is "normal".
    return r.fail(dp, tr("\"loc\" and \"scale\" belong to fn \"normal\""));
  }
  std::string fill = "rows";
  if (!r.text(d, dp, "fill", 16, false, fill)) return false;
  if (fill != "rows" && fill != "columns")
    // TRANSLATORS: "rows" and "columns" are the lesson file's words, kept in English.
    return r.fail(dp / "fill", tr("expected \"rows\" or \"columns\""));
  draw.fill_columns = fill == "columns";
  return true;
}

}  // namespace

bool read_random(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!v.is_array())
    return r.fail(
        path,
        // TRANSLATORS: groups of random draws, each with its seed (numpy's np.random.seed).
        trf("expected an array of seeded groups, got {type}", {{"type", describe(v)}}));
  size_t draws = 0;
  for (size_t g = 0; g < v.size(); ++g) {
    const Pointer gp = path / g;
    const json& gv = v[g];
    if (!r.expect_object(gv, gp) || !r.known_keys(gv, gp, {"seed", "label", "draws"})) return false;
    RandomGroup group;
    long long seed = 0;
    if (!gv.contains("seed")) return r.fail(gp, trf("missing key \"{key}\"", {{"key", "seed"}}));
    if (!r.integer(gv["seed"], gp / "seed", 0, 4294967295LL, seed)) return false;
    group.seed = static_cast<uint32_t>(seed);
    if (!r.text(gv, gp, "label", Limits::kMaxTitleChars, false, group.label)) return false;
    if (!gv.contains("draws") || !gv["draws"].is_array())
      // TRANSLATORS: {key} is a JSON key that stays in English ("draws"); a draw is a matrix
      // of random numbers.
      return r.fail(gp, trf("missing key \"{key}\" (an array of draws)", {{"key", "draws"}}));
    const json& dv = gv["draws"];
    for (size_t i = 0; i < dv.size(); ++i) {
      if (++draws > static_cast<size_t>(Limits::kMaxDraws))
        return r.fail(gp / "draws" / i,
                      // TRANSLATORS: a draw is a matrix of random numbers; {limit} is a number.
                      trnf("more than {limit} draw", "more than {limit} draws",
                           static_cast<unsigned long>(Limits::kMaxDraws),
                           {{"limit", std::to_string(Limits::kMaxDraws)}}));
      RandomDraw draw;
      if (!read_draw(r, dv[i], gp / "draws" / i, draw)) return false;
      group.draws.push_back(draw);
    }
    part.random.push_back(std::move(group));
  }
  return true;
}

}  // namespace attn
