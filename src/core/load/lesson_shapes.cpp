// The lesson format's shape rules: every input's shape, given or drawn (lesson_shapes.h).
#include "core/load/lesson_shapes.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/lesson/inputs.h"
#include "core/text/translation.h"

namespace attn {

namespace {

class ShapeCheck {
 public:
  ShapeCheck(Reader& r, Part& part, const Pointer& path) : r_(r), part_(part), path_(path) {}

  bool run() {
    for (const auto& [stage, m] : part_.given) part_.shapes[stage] = {m.rows(), m.cols()};
    return drawn_shapes() && inputs_fit();
  }

 private:
  // Canonical (row layout) shape of an input.
  std::pair<int, int> canon(Stage s) const {
    auto [rows, cols] = part_.shapes.at(s);
    return input_is_transposed(part_.layout, s) ? std::pair{cols, rows} : std::pair{rows, cols};
  }
  bool has(Stage s) const { return part_.shapes.count(s) > 0; }
  Pointer where(Stage s) const {
    Pointer p = path_;
    const std::string_view key = input_key(s);
    for (size_t start = 0; start <= key.size();) {  // "memory/X": two levels
      const size_t end = std::min(key.find('/', start), key.size());
      p /= std::string(key.substr(start, end - start));
      start = end + 1;
    }
    return p;
  }

  bool drawn_shapes() {
    std::map<Stage, std::set<int>> heads_drawn;
    const int limit = std::max(Limits::kMaxDim, Limits::kMaxTokens);
    for (size_t g = 0; g < part_.random.size(); ++g) {
      for (size_t i = 0; i < part_.random[g].draws.size(); ++i) {
        const RandomDraw& d = part_.random[g].draws[i];
        const Pointer dp = path_ / "random" / g / "draws" / i;
        const std::string_view name = stage_name(d.target);
        if (part_.given.count(d.target))
          return r_.fail(
              dp,
              // TRANSLATORS: {name} is a matrix name, as W_q; the lesson gives its numbers and also
              // draws it at random.
              trf("\"{name}\" is both written out and drawn at random", {{"name", name}}));
        if (d.head == 0) {
          if (heads_drawn.count(d.target) || has(d.target))
            // TRANSLATORS: {name} is a matrix name, as W_q, drawn at random.
            return r_.fail(dp, trf("\"{name}\" is drawn twice", {{"name", name}}));
          part_.shapes[d.target] = {d.rows, d.cols};
          heads_drawn[d.target];  // marks it drawn whole
          continue;
        }
        if (d.head > part_.heads)
          return r_.fail(
              dp / "head",
              // TRANSLATORS: attention heads; {head} is a head's number, {heads} how
              // many heads the part has.
              trnf("head {head} but the part has {heads} head",
                   "head {head} but the part has {heads} heads",
                   static_cast<unsigned long>(part_.heads),
                   {{"head", std::to_string(d.head)}, {"heads", std::to_string(part_.heads)}}));
        if (d.target == Stage::X || d.target == Stage::weights)
          return r_.fail(dp / "head",
                         // TRANSLATORS: {name} is a matrix name (X or weights); it cannot be
                         // drawn for one attention head alone.
                         trf("\"{name}\" is shared by all heads; draw it whole", {{"name", name}}));
        auto& drawn = heads_drawn[d.target];
        if (has(d.target) && drawn.empty())
          // TRANSLATORS: {name} is a matrix name, as W_q, drawn at random both whole and for
          // one attention head.
          return r_.fail(dp, trf("\"{name}\" is drawn whole and per head", {{"name", name}}));
        if (!drawn.insert(d.head).second)
          return r_.fail(dp,
                         // TRANSLATORS: {head} is an attention head's number, {name} a matrix
                         // name, as W_q.
                         trf("head {head} of \"{name}\" is drawn twice",
                             {{"head", std::to_string(d.head)}, {"name", name}}));
        const bool along_rows = input_is_transposed(part_.layout, d.target);
        const std::pair<int, int> full = along_rows ? std::pair{d.rows * part_.heads, d.cols}
                                                    : std::pair{d.rows, d.cols * part_.heads};
        if (has(d.target) && part_.shapes[d.target] != full)
          return r_.fail(dp / "shape",
                         // TRANSLATORS: {name} is a matrix name, as W_q, drawn at random one
                         // attention head's block at a time.
                         trf("head blocks of \"{name}\" differ in shape", {{"name", name}}));
        if (std::max(full.first, full.second) > limit)
          return r_.fail(dp / "shape",
                         // TRANSLATORS: {name} is a matrix name, as W_q.
                         trf("\"{name}\" would exceed the size limit", {{"name", name}}));
        part_.shapes[d.target] = full;
      }
    }
    for (const auto& [stage, drawn] : heads_drawn)
      if (!drawn.empty() && static_cast<int>(drawn.size()) != part_.heads)
        return r_.fail(path_ / "random",
                       // TRANSLATORS: {name} is a matrix name, as W_q, drawn at random for
                       // {count} of the part's {heads} attention heads (all are needed).
                       trnf("\"{name}\" is drawn for {count} of {heads} head",
                            "\"{name}\" is drawn for {count} of {heads} heads",
                            static_cast<unsigned long>(part_.heads),
                            {{"name", stage_name(stage)},
                             {"count", std::to_string(drawn.size())},
                             {"heads", std::to_string(part_.heads)}}));
    return true;
  }

  // "W_q (4, 3)" in the part's own layout, for messages.
  std::string shown(Stage s) const {
    auto [rows, cols] = part_.shapes.at(s);
    return std::string(stage_name(s)) + " (" + std::to_string(rows) + ", " + std::to_string(cols) +
           ")";
  }

  // The rule an input breaks when one of its widths differs from the one
  // an earlier input set, in the learner's language.
  using Widths = std::map<Width, std::pair<int, Stage>>;  // each width, and the input that set it
  bool misfit(const InputSpec& spec, Width width, int expected, int n, const Widths& set) {
    const ShapeMessages& m = shape_messages();
    const Stage s = spec.stage;
    const std::string count = std::to_string(expected);
    if (spec.misfit == Misfit::LikeX) {
      const auto [rows, cols] = part_.shapes.at(Stage::X);
      return r_.fail(where(s), trf(tr(m.like_x), {{"matrix", shown(s)},
                                                  {"shape", "(" + std::to_string(rows) + ", " +
                                                                std::to_string(cols) + ")"}}));
    }
    if (spec.misfit == Misfit::Memory) {
      if (width == Width::M) {
        const PluralText per =
            input_is_transposed(part_.layout, s) ? m.per_memory_column : m.per_memory_row;
        return r_.fail(where(s),
                       trnf(per.singular, per.plural, static_cast<unsigned long>(expected),
                            {{"matrix", shown(s)}, {"count", count}}));
      }
      return r_.fail(where(s), trf(tr(m.memory_width), {{"matrix", shown(s)}, {"d", count}}));
    }
    if (spec.rows == Width::N && spec.cols == Width::N)
      return r_.fail(where(s), trf(tr(m.square), {{"matrix", shown(s)}, {"n", count}}));
    if (width == Width::N) {
      const PluralText per =
          input_is_transposed(part_.layout, s) ? m.per_token_column : m.per_token_row;
      return r_.fail(where(s), trnf(per.singular, per.plural, static_cast<unsigned long>(n),
                                    {{"matrix", shown(s)}, {"count", count}}));
    }
    if (spec.needs != Stage::X)  // a bias: one number per output of its weights
      return r_.fail(where(s),
                     trf(tr(m.bias), {{"matrix", shown(s)},
                                      {"weight", stage_name(spec.needs)},
                                      {"count", std::to_string(set.at(spec.cols).first)}}));
    if (width == Width::d_v)  // W_o's rows
      return r_.fail(where(s), trnf(m.concatenated.singular, m.concatenated.plural,
                                    static_cast<unsigned long>(expected),
                                    {{"matrix", shown(s)}, {"count", count}}));
    const std::string rule = width == Width::d
                                 ? trf(tr(m.rule_d[static_cast<int>(part_.layout)]), {{"d", count}})
                                 : trf(tr(m.rule_d_k), {{"d_k", count}});
    return r_.fail(where(s), trf(tr(m.does_not_fit), {{"matrix", shown(s)}, {"rule", rule}}));
  }

  // The inputs fit together: one source of them (X, given Q and K, or given
  // weights), each with what it needs, and every width the same wherever it
  // is named (core/lesson/inputs.h).
  bool inputs_fit() {
    const ShapeMessages& m = shape_messages();
    const InputSource* source = nullptr;
    for (const InputSource& candidate : input_sources())
      for (Stage s : candidate.when)
        if (!source && has(s)) source = &candidate;
    if (!source) return r_.fail(path_, tr(m.no_inputs));
    auto in = [](const std::vector<Stage>& list, Stage s) {
      return std::find(list.begin(), list.end(), s) != list.end();
    };
    for (const InputSpec& spec : kInputSpecs)
      if (has(spec.stage) && !in(source->when, spec.stage) && !in(source->needs, spec.stage) &&
          !in(source->allows, spec.stage))
        return r_.fail(where(spec.stage), trf(tr(m.forbidden), {{"name", stage_name(spec.stage)},
                                                                {"because", tr(source->because)}}));
    for (Stage need : source->needs) {
      if (has(need)) continue;
      Stage with = need;
      for (Stage s : source->when)
        if (with == need && s != need && has(s)) with = s;
      return r_.fail(path_,
                     trf(tr(m.missing), {{"key", stage_name(need)}, {"with", stage_name(with)}}));
    }
    if (source->one_head && part_.heads != 1) return r_.fail(path_ / "heads", tr(m.one_head));

    const int n = static_cast<int>(part_.tokens.size());
    Widths set{{Width::N, {n, Stage::X}}, {Width::One, {1, Stage::X}}};
    if (!part_.memory_tokens.empty())
      set[Width::M] = {static_cast<int>(part_.memory_tokens.size()), Stage::memory};
    for (const InputSpec& spec : kInputSpecs) {
      if (!has(spec.stage)) continue;
      if (spec.needs != Stage::X && !has(spec.needs))
        return r_.fail(where(spec.stage), trf(tr(m.needs), {{"bias", stage_name(spec.stage)},
                                                            {"weight", stage_name(spec.needs)}}));
      if (spec.rows == Width::d_v && !set.count(Width::d_v))  // W_o without values
        return r_.fail(where(spec.stage), tr(m.needs_values));
      const auto [rows, cols] = canon(spec.stage);
      for (const auto& [width, value] : {std::pair{spec.rows, rows}, std::pair{spec.cols, cols}}) {
        const auto it = set.find(width);
        if (it == set.end())
          set[width] = {value, spec.stage};
        else if (it->second.first != value)
          return misfit(spec, width, it->second.first, n, set);
      }
    }
    for (const auto& [width, value] : set) {
      if (!split_by_heads(width) || value.first % part_.heads == 0) continue;
      return r_.fail(where(value.second),
                     trnf(m.heads.singular, m.heads.plural, static_cast<unsigned long>(part_.heads),
                          {{"matrix", shown(value.second)},
                           {"width", std::to_string(value.first)},
                           {"heads", std::to_string(part_.heads)}}));
    }
    return true;
  }

  Reader& r_;
  Part& part_;
  Pointer path_;
};

}  // namespace

const ShapeMessages& shape_messages() {
  static const ShapeMessages messages = {
      // TRANSLATORS: {name} is a matrix name, as W_q; {because} says with what
      // it cannot be used, as "with given Q and K" (translated on its own).
      N_("\"{name}\" cannot be used {because}"),
      // TRANSLATORS: {key} and {with} are matrix names, as W_k and X, keys of the
      // lesson file: the file gives {with}, so it needs {key} too.
      N_("missing key \"{key}\" (needed with \"{with}\")"),
      // TRANSLATORS: the matrices a part may give as numbers; keep their names.
      N_("no inputs: give X with W_q and W_k, or Q and K, or weights and V"),
      // TRANSLATORS: attention weights the lesson gives as numbers serve one attention head.
      N_("given weights serve one head"),
      // TRANSLATORS: {bias} is a bias's name, as b_q, {weight} its weight
      // matrix's, as W_q: a bias is added to what that matrix computes.
      N_("\"{bias}\" needs \"{weight}\""),
      // TRANSLATORS: W_o, W_v and V are matrix names; values as in queries, keys and values.
      N_("\"W_o\" projects the attention output, which needs values (W_v or V)"),
      // TRANSLATORS: {matrix} is the weights' name with their shape, as
      // "weights (3, 4)"; {n} is the number of tokens (words of the input).
      N_("{matrix} must be ({n}, {n}): one row and one column per token"),
      // TRANSLATORS: {matrix} is a matrix name with its shape, as "W_q (4, 3)"; {rule} the rule
      // it breaks (translated on its own), as "K must be as wide as Q (2) for Q·Kᵀ".
      N_("{matrix} does not fit: {rule}"),
      {// TRANSLATORS: why a weight matrix does not fit X; W stands for W_q, W_k or W_v, and
       // {d} is a number, X's columns. Keep "X·W".
       N_("X·W needs as many rows as X has columns ({d})"),
       // TRANSLATORS: why a weight matrix does not fit X; W stands for W_q, W_k or W_v, and
       // {d} is a number, X's columns. Keep "X·Wᵀ".
       N_("X·Wᵀ needs as many columns as X has columns ({d})"),
       // TRANSLATORS: why a weight matrix does not fit X; Ω stands for W_q, W_k or W_v, and
       // {d} is a number, X's rows. Keep "Ω·X".
       N_("Ω·X needs as many columns as X has rows ({d})")},
      // TRANSLATORS: why the keys' matrix does not fit: K (keys) needs as many
      // columns as Q (queries) has, {d_k}, a number. Keep "Q·Kᵀ".
      N_("K must be as wide as Q ({d_k}) for Q·Kᵀ"),
      // TRANSLATORS: {matrix} is a bias's name with its shape, as "b_q (1, 2)";
      // {weight} a weight matrix's name, as W_q, and {count} its outputs.
      N_("{matrix} must have one number per output of {weight} ({count})"),
      // TRANSLATORS: {matrix} is a matrix name with its shape, as "X (4, 3)";
      // {count} the number of tokens (words of the input).
      NN_("{matrix} must have one of its rows per token ({count} token)",
          "{matrix} must have one of its rows per token ({count} tokens)"),
      // TRANSLATORS: {matrix} is a matrix name with its shape, as "X (3, 4)";
      // {count} the number of tokens (words of the input).
      NN_("{matrix} must have one of its columns per token ({count} token)",
          "{matrix} must have one of its columns per token ({count} tokens)"),
      // TRANSLATORS: {matrix} is W_o's name with its shape, as "W_o (2, 3)";
      // its rows must match the {count} dimensions of the heads' values, joined.
      NN_("{matrix} does not fit: it must take the {count} concatenated value dimension",
          "{matrix} does not fit: it must take the {count} concatenated value dimensions"),
      // TRANSLATORS: {matrix} is a matrix name with its shape, as "W_q (3, 3)";
      // its {width} columns must split evenly among {heads} attention heads.
      NN_("{matrix}: its width {width} does not divide into {heads} equal head",
          "{matrix}: its width {width} does not divide into {heads} equal heads"),
      // TRANSLATORS: {matrix} is the positions' matrix with its shape, as "P (3, 2)"; positions
      // are added to the embeddings X, so P needs X's shape, {shape}, as "(3, 4)".
      N_("{matrix} does not fit: positions are added to X, so P has X's shape {shape}"),
      // TRANSLATORS: {matrix} is the memory's matrix with its shape, as "memory (4, 3)"; the
      // memory (the tokens the queries read, in cross-attention) must be as wide as X: {d}.
      N_("{matrix} does not fit: the memory must be as wide as X ({d})"),
      // TRANSLATORS: {matrix} is the memory's matrix with its shape, as "memory (3, 4)";
      // {count} the number of the memory's tokens (the words the queries read).
      NN_("{matrix} must have one of its rows per memory token ({count} token)",
          "{matrix} must have one of its rows per memory token ({count} tokens)"),
      // TRANSLATORS: {matrix} is the memory's matrix with its shape, as "memory (4, 3)";
      // {count} the number of the memory's tokens (the words the queries read).
      NN_("{matrix} must have one of its columns per memory token ({count} token)",
          "{matrix} must have one of its columns per memory token ({count} tokens)"),
  };
  return messages;
}

bool check_shapes(Reader& r, Part& part, const Pointer& path) {
  return ShapeCheck(r, part, path).run();
}

}  // namespace attn
