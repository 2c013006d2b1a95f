// Which numbers a lesson's words and questions read: a measure, a condition,
// a sentence's placeholders, a prediction's answer, a challenge's goal. Each
// is a region of one matrix of the trace: the whole matrix, one query's slice,
// or one entry. What an open prediction covers is built from these
// (core/logic/cover.h).
#pragma once

#include <vector>

#include "core/lesson/condition.h"
#include "core/lesson/live_text.h"

namespace attn {

struct Prediction;
struct Challenge;

// Some entries of one matrix.
struct Region {
  enum class Shape { Whole, Slice, Cell };
  Shape shape = Shape::Whole;
  MatrixKey matrix;
  int index = 0;         // Slice: the row (or the column, when `column`)
  bool column = false;   // Slice
  int row = 0, col = 0;  // Cell
  bool contains(int r, int c) const;
  bool operator==(const Region&) const = default;
};

Region region_of(const SliceSpec& slice);
Region region_of(const CellSpec& cell);
Region whole(const MatrixKey& matrix);

// Each adds the regions it reads to `out`, once each.
void add_reads(std::vector<Region>& out, const Measure& m);
void add_reads(std::vector<Region>& out, const Condition& c);
void add_reads(std::vector<Region>& out, const Piece& p);
void add_reads(std::vector<Region>& out, const LiveText& text);

// What a prediction's answer is read from: its pick's slice, its options'
// conditions, its estimate's measure.
std::vector<Region> answer_regions(const Prediction& p);
// What a challenge's card reads: its goal, its meter and its status line.
std::vector<Region> challenge_regions(const Challenge& c);

}  // namespace attn
