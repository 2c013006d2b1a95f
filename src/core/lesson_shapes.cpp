#include "core/lesson_shapes.h"

#include <set>

namespace attn {

namespace {

std::string quoted(Stage s) { return "\"" + std::string(stage_name(s)) + "\""; }

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
        const std::string name = quoted(d.target);
        if (part_.given.count(d.target))
          return r_.fail(dp, name + " is both written out and drawn at random");
        if (d.head == 0) {
          if (heads_drawn.count(d.target) || has(d.target))
            return r_.fail(dp, name + " is drawn twice");
          part_.shapes[d.target] = {d.rows, d.cols};
          heads_drawn[d.target];  // marks it drawn whole
          continue;
        }
        if (d.head > part_.heads)
          return r_.fail(dp / "head", "head " + std::to_string(d.head) + " but the part has " +
                                          std::to_string(part_.heads) + " head(s)");
        if (d.target == Stage::X || d.target == Stage::weights)
          return r_.fail(dp / "head", name + " is shared by all heads; draw it whole");
        auto& drawn = heads_drawn[d.target];
        if (has(d.target) && drawn.empty())
          return r_.fail(dp, name + " is drawn whole and per head");
        if (!drawn.insert(d.head).second)
          return r_.fail(dp, "head " + std::to_string(d.head) + " of " + name + " is drawn twice");
        const bool along_rows = input_is_transposed(part_.layout, d.target);
        const std::pair<int, int> full = along_rows ? std::pair{d.rows * part_.heads, d.cols}
                                                    : std::pair{d.rows, d.cols * part_.heads};
        if (has(d.target) && part_.shapes[d.target] != full)
          return r_.fail(dp / "shape", "head blocks of " + name + " differ in shape");
        if (std::max(full.first, full.second) > limit)
          return r_.fail(dp / "shape", name + " would exceed the size limit");
        part_.shapes[d.target] = full;
      }
    }
    for (const auto& [stage, drawn] : heads_drawn)
      if (!drawn.empty() && static_cast<int>(drawn.size()) != part_.heads)
        return r_.fail(path_ / "random", quoted(stage) + " is drawn for " +
                                             std::to_string(drawn.size()) + " of " +
                                             std::to_string(part_.heads) + " heads");
    return true;
  }

  bool forbid(std::initializer_list<Stage> stages, const std::string& because) {
    for (Stage s : stages)
      if (has(s)) return r_.fail(where(s), quoted(s) + " cannot be used " + because);
    return true;
  }

  // "W_q (4, 3)" in the part's own layout, for messages.
  std::string shown(Stage s) const {
    auto [rows, cols] = part_.shapes.at(s);
    return std::string(stage_name(s)) + " (" + std::to_string(rows) + ", " + std::to_string(cols) +
           ")";
  }

  bool width(Stage s, int expected, const std::string& what) {
    if (canon(s).second == expected) return true;
    return r_.fail(where(s), shown(s) + " does not fit: " + what);
  }

  bool inputs_fit() {
    const int n = static_cast<int>(part_.tokens.size());
    const bool columns = part_.layout == Layout::Columns;
    const std::string token_axis = columns ? "columns" : "rows";
    auto tokens_match = [&](Stage s) {
      if (canon(s).first == n) return true;
      return r_.fail(where(s), shown(s) + " must have one of its " + token_axis + " per token (" +
                                   std::to_string(n) + " tokens)");
    };
    auto width_ok = [&](int w, Stage s) {
      if (w % part_.heads == 0) return true;
      return r_.fail(where(s), shown(s) + ": its width " + std::to_string(w) +
                                   " does not divide into " + std::to_string(part_.heads) +
                                   " equal heads");
    };
    auto missing = [&](Stage s, Stage because) {
      return r_.fail(path_, "missing key " + quoted(s) + " (needed with " + quoted(because) + ")");
    };

    int d_k = 0, d_v = 0;
    bool has_v = false;
    if (has(Stage::X)) {
      if (!forbid({Stage::Q, Stage::K, Stage::V, Stage::weights},
                  "with \"X\": Q, K and V are computed from X"))
        return false;
      for (Stage w : {Stage::W_q, Stage::W_k})
        if (!has(w)) return missing(w, Stage::X);
      if (!tokens_match(Stage::X)) return false;
      const int d = canon(Stage::X).second;
      const std::string rule =
          columns ? "Ω·X needs as many columns as X has rows (" + std::to_string(d) + ")"
          : part_.layout == Layout::Rows
              ? "X·W needs as many rows as X has columns (" + std::to_string(d) + ")"
              : "X·Wᵀ needs as many columns as X has columns (" + std::to_string(d) + ")";
      for (Stage w : {Stage::W_q, Stage::W_k, Stage::W_v})
        if (has(w) && canon(w).first != d)
          return r_.fail(where(w), shown(w) + " does not fit: " + rule);
      d_k = canon(Stage::W_q).second;
      if (!width(Stage::W_k, d_k, "K must be as wide as Q (" + std::to_string(d_k) + ") for Q·Kᵀ"))
        return false;
      has_v = has(Stage::W_v);
      if (has_v) d_v = canon(Stage::W_v).second;
      const std::pair<Stage, Stage> biases[] = {
          {Stage::b_q, Stage::W_q}, {Stage::b_k, Stage::W_k}, {Stage::b_v, Stage::W_v}};
      for (auto [b, w] : biases) {
        if (!has(b)) continue;
        if (!has(w)) return r_.fail(where(b), quoted(b) + " needs " + quoted(w));
        if (canon(b).first != 1 || canon(b).second != canon(w).second)
          return r_.fail(where(b), shown(b) + " must have one number per output of " +
                                       std::string(stage_name(w)) + " (" +
                                       std::to_string(canon(w).second) + ")");
      }
    } else if (has(Stage::Q) || has(Stage::K)) {
      if (!forbid({Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v,
                   Stage::weights},
                  "with given Q and K"))
        return false;
      if (!has(Stage::Q)) return missing(Stage::Q, Stage::K);
      if (!has(Stage::K)) return missing(Stage::K, Stage::Q);
      if (!tokens_match(Stage::Q) || !tokens_match(Stage::K)) return false;
      d_k = canon(Stage::Q).second;
      if (!width(Stage::K, d_k, "K must be as wide as Q (" + std::to_string(d_k) + ") for Q·Kᵀ"))
        return false;
      has_v = has(Stage::V);
      if (has_v) {
        if (!tokens_match(Stage::V)) return false;
        d_v = canon(Stage::V).second;
      }
    } else if (has(Stage::weights)) {
      if (!forbid(
              {Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v, Stage::W_o},
              "with given weights"))
        return false;
      if (!has(Stage::V)) return missing(Stage::V, Stage::weights);
      if (part_.heads != 1) return r_.fail(path_ / "heads", "given weights serve one head");
      auto [rows, cols] = part_.shapes.at(Stage::weights);
      if (rows != n || cols != n)
        return r_.fail(where(Stage::weights), shown(Stage::weights) + " must be (" +
                                                  std::to_string(n) + ", " + std::to_string(n) +
                                                  "): one row and one column per token");
      return tokens_match(Stage::V);
    } else {
      return r_.fail(path_, "no inputs: give X with W_q and W_k, or Q and K, or weights and V");
    }
    const bool from_x = has(Stage::X);
    if (!width_ok(d_k, from_x ? Stage::W_q : Stage::Q)) return false;
    if (has_v && !width_ok(d_v, from_x ? Stage::W_v : Stage::V)) return false;
    if (has(Stage::W_o)) {
      if (!has_v)
        return r_.fail(where(Stage::W_o),
                       "\"W_o\" projects the attention output, which needs values (W_v or V)");
      if (canon(Stage::W_o).first != d_v)
        return r_.fail(where(Stage::W_o), shown(Stage::W_o) + " does not fit: it must take the " +
                                              std::to_string(d_v) +
                                              " concatenated value dimensions");
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
