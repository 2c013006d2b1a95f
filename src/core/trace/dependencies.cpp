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
      // q[t][j] = Σ_i x[t][i] · W[i][j] + b[j]
      const auto [token, dim] = token_dim(to, tr, tc);
      if (f == Stage::X || f == Stage::X_P || f == Stage::memory)
        return token_dim(from, fr, fc).first == token;
      if (is_bias(f)) return bias_index(from, fr, fc) == dim;
      return output_of(from, fr, fc) == dim;
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
    default:
      return false;
  }
}

}  // namespace attn
