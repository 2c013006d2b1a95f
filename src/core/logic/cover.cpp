// The cover's mask: which entries of which matrix an open question hides (cover.h).
#include "core/logic/cover.h"

#include <algorithm>

#include "core/lesson/lesson.h"

namespace attn {

Cover::Cover(const Trace& trace)
    : cells_(trace.matrices.size()), asked_(trace.matrices.size(), -1) {
  for (const TraceMatrix& m : trace.matrices) shapes_.emplace_back(m.value.rows(), m.value.cols());
}

bool Cover::empty() const {
  return std::all_of(cells_.begin(), cells_.end(), [](const auto& c) { return c.empty(); });
}

const std::vector<uint8_t>* Cover::mask(int index) const {
  if (index < 0 || index >= static_cast<int>(cells_.size()) || cells_[index].empty())
    return nullptr;
  return &cells_[index];
}

bool Cover::any(int index) const { return mask(index) != nullptr; }

bool Cover::all(int index) const {
  const std::vector<uint8_t>* m = mask(index);
  return m && std::all_of(m->begin(), m->end(), [](uint8_t c) { return c != 0; });
}

bool Cover::at(int index, int row, int col) const {
  const std::vector<uint8_t>* m = mask(index);
  if (!m) return false;
  const auto [rows, cols] = shapes_[index];
  return row >= 0 && col >= 0 && row < rows && col < cols &&
         (*m)[static_cast<size_t>(row) * cols + col] != 0;
}

int Cover::asked_at(int index) const { return mask(index) ? asked_[index] : -1; }

bool Cover::touches(const Trace& trace, const Region& region) const {
  const int index = trace.index_of(region.matrix);
  if (!mask(index)) return false;
  const auto [rows, cols] = shapes_[index];
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (region.contains(r, c) && at(index, r, c)) return true;
  return false;
}

bool Cover::touches(const Trace& trace, const std::vector<Region>& regions) const {
  return std::any_of(regions.begin(), regions.end(),
                     [&](const Region& r) { return touches(trace, r); });
}

int Cover::asked_at(const Trace& trace, const std::vector<Region>& regions) const {
  int step = -1;
  for (const Region& region : regions) {
    const int index = trace.index_of(region.matrix);
    if (!mask(index)) continue;
    const auto [rows, cols] = shapes_[index];
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (region.contains(r, c))
          if (const int at = asked_at(index, r, c); at >= 0 && (step < 0 || at < step)) step = at;
  }
  return step;
}

int Cover::asked_at(int index, int row, int col) const {
  const std::vector<uint8_t>* m = mask(index);
  if (!m || !at(index, row, col)) return -1;
  return (*m)[static_cast<size_t>(row) * shapes_[index].second + col] - 1;
}

bool Cover::cover(int index, int row, int col, int step) {
  if (index < 0 || index >= static_cast<int>(cells_.size()) || step < 0 ||
      step >= Limits::kMaxSteps)
    return false;
  const auto [rows, cols] = shapes_[index];
  if (row < 0 || col < 0 || row >= rows || col >= cols) return false;
  std::vector<uint8_t>& m = cells_[index];
  if (m.empty()) m.assign(static_cast<size_t>(rows) * cols, 0);
  if (asked_[index] < 0 || step < asked_[index]) asked_[index] = step;
  uint8_t& cell = m[static_cast<size_t>(row) * cols + col];
  const bool was = cell != 0;
  if (!was || step + 1 < cell) cell = static_cast<uint8_t>(step + 1);  // the earliest asking
  return !was;
}

}  // namespace attn
