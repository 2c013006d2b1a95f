// Which numbers a number is computed from, and which it feeds (dependencies.h).
#include "core/trace/dependencies.h"

#include <algorithm>

namespace attn {

namespace {

Stage weight_of(Stage projection) {
  return projection == Stage::Q ? Stage::W_q : projection == Stage::K ? Stage::W_k : Stage::W_v;
}
Stage bias_of(Stage projection) {
  return projection == Stage::Q ? Stage::b_q : projection == Stage::K ? Stage::b_k : Stage::b_v;
}

// The output index of entry (row, col) of a weight matrix: (in, out), or
// (out, in) when it is shown transposed.
int output_of(const TraceMatrix& w, int row, int col) { return w.transposed ? row : col; }
// The index of entry (row, col) of a bias, a row or a column.
int bias_index(const TraceMatrix& b, int row, int col) { return b.value.rows() == 1 ? col : row; }

// Head h's block of dimensions in Q, K or V.
std::pair<int, int> head_block(const Trace& t, const TraceMatrix& qkv, int head) {
  const int heads = std::max(1, t.parts[qkv.key.part].heads);
  const int width = dim_count(qkv) / heads;
  const int h = std::max(1, head) - 1;
  return {h * width, (h + 1) * width};
}

// Whether entry (fr, fc) of a projection's operand (the input rows, W or b)
// feeds the projection's entry for `token`, dimension `dim`:
// q[t][j] = Σ_i x[t][i] · W[i][j] + b[j].
bool projects(const TraceMatrix& from, int fr, int fc, int token, int dim) {
  const Stage f = from.key.stage;
  if (f == Stage::X || f == Stage::X_P || f == Stage::memory)
    return token_dim(from, fr, fc).first == token;
  if (is_bias(f)) return bias_index(from, fr, fc) == dim;
  return output_of(from, fr, fc) == dim;
}

// The projection a KV cache's matrix holds rows of.
Stage cache_source(Stage s) {
  return s == Stage::q_t ? Stage::Q : s == Stage::k_t || s == Stage::K_cache ? Stage::K : Stage::V;
}

// The cache step shown: the cache holds its token and every one before it.
int cache_step(const Trace& t, int part) {
  const TraceMatrix* cache = t.find({part, Stage::K_cache, 0, 0});
  return cache ? token_count(*cache) - 1 : -1;
}

}  // namespace

std::vector<MatrixKey> operands_of(const Trace& t, const MatrixKey& key) {
  const TraceMatrix* m = t.find(key);
  if (!m || m->editable) return {};
  const int p = key.part;
  auto shared = [&](Stage s) { return MatrixKey{p, s, 0, 0}; };
  auto same = [&](Stage s) { return MatrixKey{p, s, key.head, key.variant}; };
  // A variant that moves the tokens has its own positions, Q, K, V and rotations.
  const bool moved = key.variant && (t.find({p, Stage::Q, 0, key.variant}) ||
                                     t.find({p, Stage::K, 0, key.variant}));
  auto own = [&](Stage s) { return MatrixKey{p, s, 0, moved ? key.variant : 0}; };
  std::vector<MatrixKey> out;
  auto add = [&](const MatrixKey& k) {
    if (t.find(k)) out.push_back(k);
  };
  switch (key.stage) {
    case Stage::X_P:
      add(shared(Stage::X));
      add(own(Stage::P));
      break;
    case Stage::Q:
    case Stage::K:
    case Stage::V:
      if (key.stage != Stage::Q && t.find(shared(Stage::memory)))
        add(shared(Stage::memory));  // cross-attention: keys and values from the memory
      else
        add(t.find(own(Stage::X_P)) ? own(Stage::X_P) : shared(Stage::X));
      // After training, the trained matrices (computed from everything: no
      // operands of their own here).
      for (Stage s : {weight_of(key.stage), bias_of(key.stage)})
        add(t.find({p, s, 0, key.variant}) ? MatrixKey{p, s, 0, key.variant} : shared(s));
      break;
    case Stage::Q_rot:
      add(own(Stage::Q));
      add(own(Stage::angles));
      break;
    case Stage::K_rot:
      add(own(Stage::K));
      add(own(Stage::angles));
      break;
    case Stage::K_T:
      add(t.find(shared(Stage::K_rot)) ? shared(Stage::K_rot) : shared(Stage::K));
      break;
    case Stage::scores:
      add(t.find(own(Stage::Q_rot)) ? own(Stage::Q_rot) : own(Stage::Q));
      add(t.find(own(Stage::K_rot)) ? own(Stage::K_rot) : own(Stage::K));
      break;
    case Stage::scaled:
      add(same(Stage::scores));
      break;
    case Stage::masked:
      add(same(Stage::scaled));
      break;
    case Stage::weights:
      add(t.find(same(Stage::masked)) ? same(Stage::masked) : same(Stage::scaled));
      break;
    case Stage::context:
      add(same(Stage::weights));
      add(own(Stage::V));
      break;
    case Stage::concat:
      for (int h = 1; h <= t.parts[p].heads; ++h) add({p, Stage::context, h, key.variant});
      break;
    case Stage::output:
      if (t.find(shared(Stage::W_o))) {
        add(t.parts[p].heads > 1 ? MatrixKey{p, Stage::concat, 0, key.variant}
                                 : MatrixKey{p, Stage::context, 0, key.variant});
        add(t.find({p, Stage::W_o, 0, key.variant}) ? MatrixKey{p, Stage::W_o, 0, key.variant}
                                                    : shared(Stage::W_o));
      } else if (t.parts[p].heads > 1) {  // the heads side by side
        for (int h = 1; h <= t.parts[p].heads; ++h) add({p, Stage::context, h, key.variant});
      } else {
        add({p, Stage::weights, 0, t.find({p, Stage::weights, 0, key.variant}) ? key.variant : 0});
        add(own(Stage::V));
      }
      break;
    // Generating with a KV cache (variant 0 only): the new token's query,
    // key and value, and the caches' rows, from the tokens' rows of X and the
    // projections, as q_t = x_t·W_q says (with RoPE: the turned rows), not
    // from the whole Q, K and V, whose later rows do not exist yet; then the
    // step's attention over the cache.
    case Stage::q_t:
    case Stage::k_t:
    case Stage::v_t:
    case Stage::K_cache:
    case Stage::V_cache: {
      const Stage whole = cache_source(key.stage);
      const Stage turned = whole == Stage::Q ? Stage::Q_rot : Stage::K_rot;
      if (whole != Stage::V && t.find(shared(turned))) {
        add(shared(turned));
        break;
      }
      if (!t.find(shared(weight_of(whole)))) {  // Q, K and V given: their rows
        add(shared(whole));
        break;
      }
      add(t.find(shared(Stage::X_P)) ? shared(Stage::X_P) : shared(Stage::X));
      add(shared(weight_of(whole)));
      add(shared(bias_of(whole)));
      break;
    }
    case Stage::scores_t:
      add(shared(Stage::q_t));
      add(shared(Stage::K_cache));
      break;
    case Stage::weights_t:
      add(same(Stage::scores_t));
      break;
    case Stage::output_t:
      if (t.parts[p].heads > 1)
        for (int h = 1; h <= t.parts[p].heads; ++h) add({p, Stage::weights_t, h, 0});
      else
        add(shared(Stage::weights_t));
      add(shared(Stage::V_cache));
      add(shared(Stage::W_o));
      break;
    default:
      break;
  }
  return out;
}

bool follows_from(const Trace& t, const MatrixKey& key, const std::vector<MatrixKey>& sources) {
  for (MatrixKey s : sources) {
    if (s == key) return true;
    s.variant = 0;
    if (s == key) return true;
  }
  // Operands lie earlier in the pipeline: this ends after a few passes back.
  for (const MatrixKey& operand : operands_of(t, key))
    if (follows_from(t, operand, sources)) return true;
  return false;
}

bool ranks_like(const MatrixKey& a, const MatrixKey& b) {
  const auto ranked = [](Stage s) { return s >= Stage::scores && s <= Stage::weights; };
  return ranked(a.stage) && ranked(b.stage) && a.part == b.part && a.head == b.head;
}

bool feeds(const Trace& t, const TraceMatrix& from, int fr, int fc, const TraceMatrix& to, int tr,
           int tc) {
  const std::vector<MatrixKey> operands = operands_of(t, to.key);
  if (std::find(operands.begin(), operands.end(), from.key) == operands.end()) return false;
  const Stage f = from.key.stage;
  switch (to.key.stage) {
    case Stage::X_P: {
      // x_p[t][j] = x[t][j] + p[slot(t)][j]
      const auto [token, dim] = token_dim(to, tr, tc);
      const auto [row, d] = token_dim(from, fr, fc);  // P: a position's row
      const int wanted = f == Stage::P ? to.slots[static_cast<size_t>(token)] : token;
      return row == wanted && d == dim;
    }
    case Stage::Q:
    case Stage::K:
    case Stage::V: {
      const auto [token, dim] = token_dim(to, tr, tc);
      return projects(from, fr, fc, token, dim);
    }
    case Stage::Q_rot:
    case Stage::K_rot: {
      // Each pair of a head's columns turns together, by its position's angle.
      const auto [token, dim] = token_dim(to, tr, tc);
      const int heads = std::max(1, t.parts[to.key.part].heads);
      const int d_head = dim_count(to) / heads, half = d_head / 2;
      const int in_head = dim % d_head;
      const bool halves = to.pairs == RopePairs::Halves;
      const int pair = halves ? in_head % half : in_head / 2;
      const auto [ft, fd] = token_dim(from, fr, fc);
      if (f == Stage::angles) return ft == to.slots[static_cast<size_t>(token)] && fd == pair;
      const int partner =
          halves ? (in_head < half ? dim + half : dim - half) : (in_head % 2 ? dim - 1 : dim + 1);
      return ft == token && (fd == dim || fd == partner);
    }
    case Stage::K_T:
      return token_dim(from, fr, fc) == std::pair{tc, tr};
    case Stage::scores: {
      // score[q][k] = Σ_d q[q][d] · k[k][d] over the head's dimensions
      const auto [q, k] = query_key(to, tr, tc);
      const auto [token, dim] = token_dim(from, fr, fc);
      const auto [begin, end] = head_block(t, from, to.key.head);
      return token == (f == Stage::Q ? q : k) && dim >= begin && dim < end;
    }
    case Stage::scaled:
    case Stage::masked:
      return fr == tr && fc == tc;
    case Stage::weights:
      // The softmax runs over one query's keys: a row, or a column when keys are rows.
      return query_key(from, fr, fc).first == query_key(to, tr, tc).first;
    case Stage::concat:
    case Stage::context:
    case Stage::output: {
      const auto [token, dim] = token_dim(to, tr, tc);
      const bool side_by_side =
          f == Stage::context && from.key.head > 0 &&
          (to.key.stage == Stage::concat || !t.find({to.key.part, Stage::W_o}));
      if (side_by_side) {  // head h's dimensions sit at (h - 1)·width
        const auto [ft, fd] = token_dim(from, fr, fc);
        return ft == token && (from.key.head - 1) * dim_count(from) + fd == dim;
      }
      if (f == Stage::W_o) return output_of(from, fr, fc) == dim;
      if (f == Stage::concat || f == Stage::context) return token_dim(from, fr, fc).first == token;
      if (f == Stage::weights) {
        // The weight this query used for some key, as the arrangement reads it.
        const bool reads_columns = from.arrangement != Arrangement::QueryRows;
        return (reads_columns ? fc : fr) == token;
      }
      // V: this output dimension of every key's value.
      const int first = head_block(t, from, to.key.stage == Stage::context ? to.key.head : 0).first;
      return token_dim(from, fr, fc).second == first + dim;
    }
    case Stage::q_t:
    case Stage::k_t:
    case Stage::v_t:
    case Stage::K_cache:
    case Stage::V_cache: {
      // A token's row, as in Q, K or V: the cache's row r is the token made
      // r-th, the new token's is the one made at the step shown.
      const auto [row, dim] = token_dim(to, tr, tc);
      const bool one =
          to.key.stage == Stage::q_t || to.key.stage == Stage::k_t || to.key.stage == Stage::v_t;
      const int made = one ? cache_step(t, to.key.part) : row;
      const std::vector<int>& order = t.parts[to.key.part].order;
      if (made < 0 || made >= static_cast<int>(order.size())) return false;
      const int token = order[static_cast<size_t>(made)];
      if (f == Stage::Q_rot || f == Stage::K_rot || f == Stage::Q || f == Stage::K || f == Stage::V)
        return token_dim(from, fr, fc) == std::pair{token, dim};
      return projects(from, fr, fc, token, dim);
    }
    case Stage::scores_t: {
      // score[k] = Σ_d q_t[d] · K_cache[k][d] over the head's dimensions; (1, t+1)
      const auto [row, dim] = token_dim(from, fr, fc);
      const auto [begin, end] = head_block(t, from, to.key.head);
      return (f == Stage::q_t || row == tc) && dim >= begin && dim < end;
    }
    case Stage::weights_t:
      return true;  // one softmax over the step's one row
    case Stage::output_t: {
      // output[d] = Σ_k weights[k] · V_cache[k][d] per head's block (then · W_o)
      const int dim = token_dim(to, tr, tc).second;
      if (f == Stage::W_o) return output_of(from, fr, fc) == dim;
      if (t.find({to.key.part, Stage::W_o})) return true;  // W_o mixes every dimension
      if (f == Stage::weights_t) {
        const int heads = std::max(1, t.parts[to.key.part].heads);
        return from.key.head == 0 || dim / (dim_count(to) / heads) == from.key.head - 1;
      }
      return token_dim(from, fr, fc).second == dim;  // V_cache
    }
    default:
      return false;
  }
}

}  // namespace attn
