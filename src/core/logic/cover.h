// What an open question keeps covered: per matrix of a trace, which entries
// are hidden and which step's question hides them. The rule that decides
// what to cover is core/learning/predict_first.h; texts read this to write
// "?" (core/logic/render_text.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/lesson/condition.h"
#include "core/logic/reads.h"
#include "core/trace/trace.h"

namespace attn {

class Cover {
 public:
  Cover() = default;
  explicit Cover(const Trace& trace);

  bool empty() const;
  // Matrix `index` of the trace: some of its entries, all of them, one.
  bool any(int index) const;
  bool all(int index) const;
  bool at(int index, int row, int col) const;
  // The step (an index into Trace::steps) whose question covers matrix
  // `index` (the earliest, if several do); -1 if none does.
  int asked_at(int index) const;
  // ...of entry (row, col), -1 if it is not covered.
  int asked_at(int index, int row, int col) const;
  // Whether any entry a region names is covered; and the step asking it.
  bool touches(const Trace& trace, const Region& region) const;
  bool touches(const Trace& trace, const std::vector<Region>& regions) const;
  int asked_at(const Trace& trace, const std::vector<Region>& regions) const;

  // Covers entry (row, col) of matrix `index` for the question at `step`;
  // returns whether it was not covered before.
  bool cover(int index, int row, int col, int step);

 private:
  const std::vector<uint8_t>* mask(int index) const;
  std::vector<std::pair<int, int>> shapes_;  // per matrix: (rows, cols)
  // Per matrix: rows·cols, each 0 (shown) or the step asking it + 1; empty: none covered.
  std::vector<std::vector<uint8_t>> cells_;
  std::vector<int> asked_;
};

}  // namespace attn
