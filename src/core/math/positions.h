// Where each token stands, as numbers attention can use. Attention by itself
// sees no order: the same tokens in another order give the same outputs, only
// moved. Two ways in (docs/lessons.md, "Positions"):
//   - sinusoidal positions (Vaswani et al. 2017, §3.5), added to X:
//       P[p, 2i]   = sin(p / 10000^(2i/d))
//       P[p, 2i+1] = cos(p / 10000^(2i/d))        P is (N, d), one row per position
//   - rotary positions, RoPE (Su et al. 2021, RoFormer): each head's queries
//     and keys turned pair by pair by the angle p·θ_i, θ_i = base^(−2i/d_head),
//     so q·k depends only on the distance between the two positions.
// Numbers checked against numpy (tests/core/math/positions_test.cpp).
#pragma once

#include <vector>

#include "core/base/enum_names.h"
#include "core/math/matrix.h"

namespace attn {

// Which columns of a head make a pair that turns together.
enum class RopePairs {
  Interleaved,  // (2i, 2i+1), as the RoFormer paper writes it
  Halves,       // (i, i + d_head/2), as the GPT-NeoX and LLaMA code does
};
inline constexpr EnumName<RopePairs> kRopePairsNames[] = {{RopePairs::Interleaved, "interleaved"},
                                                          {RopePairs::Halves, "halves"}};

struct Rope {
  double base = 10000.0;
  RopePairs pairs = RopePairs::Interleaved;
  bool operator==(const Rope&) const = default;
};

// P (positions.size(), d): row r encodes position positions[r].
Matrix sinusoidal_positions(const std::vector<int>& positions, int d);

// angles (positions.size(), d_head/2): angles[r, i] = positions[r]·θ_i.
Matrix rope_angles(const std::vector<int>& positions, int d_head, double base);

// x (N, heads·d_head) with each head's block turned, row r by the angles of
// row `angle_row[r]` (N rows): the rotated copy. d_head is even.
Matrix rotate_pairs(const Matrix& x, int heads, const Matrix& angles,
                    const std::vector<int>& angle_row, RopePairs pairs);
// Its inverse (the transpose of each rotation), for gradients flowing back.
Matrix unrotate_pairs(const Matrix& x, int heads, const Matrix& angles,
                      const std::vector<int>& angle_row, RopePairs pairs);

}  // namespace attn
