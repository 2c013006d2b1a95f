#include "core/load/lesson_shapes.h"

#include <set>

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
  Pointer where(Stage s) const { return path_ / std::string(stage_name(s)); }

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

  // `because`: a translated phrase, as "with given Q and K".
  bool forbid(std::initializer_list<Stage> stages, const std::string& because) {
    for (Stage s : stages)
      if (has(s))
        return r_.fail(where(s),
                       // TRANSLATORS: {name} is a matrix name, as W_q; {because} says with what
                       // it cannot be used, as "with given Q and K" (translated on its own).
                       trf("\"{name}\" cannot be used {because}",
                           {{"name", stage_name(s)}, {"because", because}}));
    return true;
  }

  // "W_q (4, 3)" in the part's own layout, for messages.
  std::string shown(Stage s) const {
    auto [rows, cols] = part_.shapes.at(s);
    return std::string(stage_name(s)) + " (" + std::to_string(rows) + ", " + std::to_string(cols) +
           ")";
  }

  // `what`: a translated sentence, the rule the matrix breaks.
  bool width(Stage s, int expected, const std::string& what) {
    if (canon(s).second == expected) return true;
    return does_not_fit(s, what);
  }
  // Q and K (or W_q and W_k) must be equally wide for Q·Kᵀ. When they are
  // not, the one that differs from V's width (W_v's) is the odd one out; with
  // no such hint, K is blamed, as it comes second.
  bool same_width(Stage q, Stage k, Stage v) {
    const int wq = canon(q).second, wk = canon(k).second;
    if (wq == wk) return true;
    if (has(v) && canon(v).second == wk)
      return does_not_fit(
          q,
          // TRANSLATORS: why the queries' matrix does not fit: Q (queries) needs
          // as many columns as K (keys) has, {d_k}, a number. Keep "Q·Kᵀ".
          trf("Q must be as wide as K ({d_k}) for Q·Kᵀ", {{"d_k", std::to_string(wk)}}));
    return does_not_fit(
        k,
        // TRANSLATORS: why the keys' matrix does not fit: K (keys) needs as many
        // columns as Q (queries) has, {d_k}, a number. Keep "Q·Kᵀ".
        trf("K must be as wide as Q ({d_k}) for Q·Kᵀ", {{"d_k", std::to_string(wq)}}));
  }

  bool does_not_fit(Stage s, const std::string& rule) {
    return r_.fail(
        where(s),
        // TRANSLATORS: {matrix} is a matrix name with its shape, as "W_q (4, 3)"; {rule} the rule
        // it breaks (translated on its own), as "K must be as wide as Q (2) for Q·Kᵀ".
        trf("{matrix} does not fit: {rule}", {{"matrix", shown(s)}, {"rule", rule}}));
  }

  bool inputs_fit() {
    const int n = static_cast<int>(part_.tokens.size());
    const bool columns = part_.layout == Layout::Columns;
    auto tokens_match = [&](Stage s) {
      if (canon(s).first == n) return true;
      if (columns)
        return r_.fail(where(s),
                       // TRANSLATORS: {matrix} is a matrix name with its shape, as "X (3, 4)";
                       // {count} the number of tokens (words of the input).
                       trnf("{matrix} must have one of its columns per token ({count} token)",
                            "{matrix} must have one of its columns per token ({count} tokens)",
                            static_cast<unsigned long>(n),
                            {{"matrix", shown(s)}, {"count", std::to_string(n)}}));
      return r_.fail(where(s),
                     // TRANSLATORS: {matrix} is a matrix name with its shape, as "X (4, 3)";
                     // {count} the number of tokens (words of the input).
                     trnf("{matrix} must have one of its rows per token ({count} token)",
                          "{matrix} must have one of its rows per token ({count} tokens)",
                          static_cast<unsigned long>(n),
                          {{"matrix", shown(s)}, {"count", std::to_string(n)}}));
    };
    auto width_ok = [&](int w, Stage s) {
      if (w % part_.heads == 0) return true;
      return r_.fail(where(s),
                     // TRANSLATORS: {matrix} is a matrix name with its shape, as "W_q (3, 3)";
                     // its {width} columns must split evenly among {heads} attention heads.
                     trnf("{matrix}: its width {width} does not divide into {heads} equal head",
                          "{matrix}: its width {width} does not divide into {heads} equal heads",
                          static_cast<unsigned long>(part_.heads),
                          {{"matrix", shown(s)},
                           {"width", std::to_string(w)},
                           {"heads", std::to_string(part_.heads)}}));
    };
    auto missing = [&](Stage s, Stage because) {
      return r_.fail(path_,
                     // TRANSLATORS: {key} and {with} are matrix names, as W_k and X, keys of the
                     // lesson file: the file gives {with}, so it needs {key} too.
                     trf("missing key \"{key}\" (needed with \"{with}\")",
                         {{"key", stage_name(s)}, {"with", stage_name(because)}}));
    };

    int d_k = 0, d_v = 0;
    bool has_v = false;
    if (has(Stage::X)) {
      if (!forbid({Stage::Q, Stage::K, Stage::V, Stage::weights},
                  // TRANSLATORS: completes "\"Q\" cannot be used …": the lesson gives X, and Q,
                  // K and V (queries, keys, values) are computed from it.
                  tr("with \"X\": Q, K and V are computed from X")))
        return false;
      for (Stage w : {Stage::W_q, Stage::W_k})
        if (!has(w)) return missing(w, Stage::X);
      if (!tokens_match(Stage::X)) return false;
      const int d = canon(Stage::X).second;
      std::string rule;  // in the part's layout
      if (columns)
        // TRANSLATORS: why a weight matrix does not fit X; Ω stands for W_q, W_k or W_v, and
        // {d} is a number, X's rows. Keep "Ω·X".
        rule = trf("Ω·X needs as many columns as X has rows ({d})", {{"d", std::to_string(d)}});
      else if (part_.layout == Layout::Rows)
        // TRANSLATORS: why a weight matrix does not fit X; W stands for W_q, W_k or W_v, and
        // {d} is a number, X's columns. Keep "X·W".
        rule = trf("X·W needs as many rows as X has columns ({d})", {{"d", std::to_string(d)}});
      else
        // TRANSLATORS: why a weight matrix does not fit X; W stands for W_q, W_k or W_v, and
        // {d} is a number, X's columns. Keep "X·Wᵀ".
        rule = trf("X·Wᵀ needs as many columns as X has columns ({d})", {{"d", std::to_string(d)}});
      for (Stage w : {Stage::W_q, Stage::W_k, Stage::W_v})
        if (has(w) && canon(w).first != d) return does_not_fit(w, rule);
      if (!same_width(Stage::W_q, Stage::W_k, Stage::W_v)) return false;
      d_k = canon(Stage::W_q).second;
      has_v = has(Stage::W_v);
      if (has_v) d_v = canon(Stage::W_v).second;
      const std::pair<Stage, Stage> biases[] = {
          {Stage::b_q, Stage::W_q}, {Stage::b_k, Stage::W_k}, {Stage::b_v, Stage::W_v}};
      for (auto [b, w] : biases) {
        if (!has(b)) continue;
        if (!has(w))
          return r_.fail(where(b),
                         // TRANSLATORS: {bias} is a bias's name, as b_q, {weight} its weight
                         // matrix's, as W_q: a bias is added to what that matrix computes.
                         trf("\"{bias}\" needs \"{weight}\"",
                             {{"bias", stage_name(b)}, {"weight", stage_name(w)}}));
        if (canon(b).first != 1 || canon(b).second != canon(w).second)
          return r_.fail(where(b),
                         // TRANSLATORS: {matrix} is a bias's name with its shape, as "b_q (1, 2)";
                         // {weight} a weight matrix's name, as W_q, and {count} its outputs.
                         trf("{matrix} must have one number per output of {weight} ({count})",
                             {{"matrix", shown(b)},
                              {"weight", stage_name(w)},
                              {"count", std::to_string(canon(w).second)}}));
      }
    } else if (has(Stage::Q) || has(Stage::K)) {
      if (!forbid({Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v,
                   Stage::weights},
                  // TRANSLATORS: completes "\"W_q\" cannot be used …": the lesson gives Q and K
                  // (queries and keys) as numbers.
                  tr("with given Q and K")))
        return false;
      if (!has(Stage::Q)) return missing(Stage::Q, Stage::K);
      if (!has(Stage::K)) return missing(Stage::K, Stage::Q);
      if (!tokens_match(Stage::Q) || !tokens_match(Stage::K)) return false;
      if (!same_width(Stage::Q, Stage::K, Stage::V)) return false;
      d_k = canon(Stage::Q).second;
      has_v = has(Stage::V);
      if (has_v) {
        if (!tokens_match(Stage::V)) return false;
        d_v = canon(Stage::V).second;
      }
    } else if (has(Stage::weights)) {
      if (!forbid(
              {Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v, Stage::W_o},
              // TRANSLATORS: completes "\"W_q\" cannot be used …": the lesson gives the
              // attention weights as numbers.
              tr("with given weights")))
        return false;
      if (!has(Stage::V)) return missing(Stage::V, Stage::weights);
      if (part_.heads != 1)
        // TRANSLATORS: attention weights the lesson gives as numbers serve one attention head.
        return r_.fail(path_ / "heads", tr("given weights serve one head"));
      auto [rows, cols] = part_.shapes.at(Stage::weights);
      if (rows != n || cols != n)
        return r_.fail(where(Stage::weights),
                       // TRANSLATORS: {matrix} is the weights' name with their shape, as
                       // "weights (3, 4)"; {n} is the number of tokens (words of the input).
                       trf("{matrix} must be ({n}, {n}): one row and one column per token",
                           {{"matrix", shown(Stage::weights)}, {"n", std::to_string(n)}}));
      return tokens_match(Stage::V);
    } else {
      // TRANSLATORS: the matrices a part may give as numbers; keep their names.
      return r_.fail(path_, tr("no inputs: give X with W_q and W_k, or Q and K, or weights and V"));
    }
    const bool from_x = has(Stage::X);
    if (!width_ok(d_k, from_x ? Stage::W_q : Stage::Q)) return false;
    if (has_v && !width_ok(d_v, from_x ? Stage::W_v : Stage::V)) return false;
    if (has(Stage::W_o)) {
      if (!has_v)
        return r_.fail(
            where(Stage::W_o),
            // TRANSLATORS: W_o, W_v and V are matrix names; values as in queries, keys and values.
            tr("\"W_o\" projects the attention output, which needs values (W_v or V)"));
      if (canon(Stage::W_o).first != d_v)
        return r_.fail(where(Stage::W_o),
                       // TRANSLATORS: {matrix} is W_o's name with its shape, as "W_o (2, 3)";
                       // its rows must match the {count} dimensions of the heads' values, joined.
                       trnf("{matrix} does not fit: it must take the {count} concatenated value "
                            "dimension",
                            "{matrix} does not fit: it must take the {count} concatenated value "
                            "dimensions",
                            static_cast<unsigned long>(d_v),
                            {{"matrix", shown(Stage::W_o)}, {"count", std::to_string(d_v)}}));
    }
    return true;
  }

  Reader& r_;
  Part& part_;
  Pointer path_;
};

}  // namespace

bool check_shapes(Reader& r, Part& part, const Pointer& path) {
  return ShapeCheck(r, part, path).run();
}

}  // namespace attn
