// Which numbers a lesson's words and questions read (reads.h).
#include "core/logic/reads.h"

#include <algorithm>

#include "core/lesson/activity.h"

namespace attn {

namespace {

void add(std::vector<Region>& out, const Region& r) {
  if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
}

}  // namespace

bool Region::contains(int r, int c) const {
  switch (shape) {
    case Shape::Whole:
      return true;
    case Shape::Slice:
      return column ? c == index : r == index;
    case Shape::Cell:
      return r == row && c == col;
  }
  return false;
}

Region region_of(const SliceSpec& slice) {
  Region r;
  r.shape = Region::Shape::Slice;
  r.matrix = slice.matrix;
  r.index = slice.index;
  r.column = slice.column;
  return r;
}

Region region_of(const CellSpec& cell) {
  Region r;
  r.shape = Region::Shape::Cell;
  r.matrix = cell.matrix;
  r.row = cell.row;
  r.col = cell.col;
  return r;
}

Region whole(const MatrixKey& matrix) {
  Region r;
  r.matrix = matrix;
  return r;
}

void add_reads(std::vector<Region>& out, const Measure& m) {
  switch (m.kind) {
    case MeasureKind::Number:
    case MeasureKind::Divisor:  // a setting, not a number of the trace
      return;
    case MeasureKind::Value:
      add(out, region_of(m.cell));
      return;
    default:  // the slice measures
      add(out, region_of(m.slice));
  }
}

void add_reads(std::vector<Region>& out, const Condition& c) {
  using Kind = Condition::Kind;
  switch (c.kind) {
    case Kind::All:
    case Kind::Any:
    case Kind::Not:
      for (const Condition& child : c.children) add_reads(out, child);
      return;
    case Kind::Compare:
      add_reads(out, c.left);
      add_reads(out, c.right);
      return;
    case Kind::Largest:
    case Kind::Smallest:
    case Kind::Unchanged:
      add(out, region_of(c.slice));
      return;
    case Kind::Same:
      add(out, whole(c.a));
      add(out, whole(c.b));
      return;
    case Kind::Changed:
    case Kind::ScaleIs:
    case Kind::MaskIs:
      return;  // settings, not numbers
  }
}

void add_reads(std::vector<Region>& out, const Piece& p) {
  switch (p.fill) {
    case Fill::Number:
      add_reads(out, p.measure);
      return;
    case Fill::Largest:
    case Fill::Smallest:
    case Fill::Row:
      add(out, region_of(p.slice));
      return;
    default:  // literal text, settings, and a prediction's own answer
      return;
  }
}

void add_reads(std::vector<Region>& out, const LiveText& text) {
  for (const Piece& p : text) add_reads(out, p);
}

std::vector<Region> answer_regions(const Prediction& p) {
  std::vector<Region> out;
  switch (p.kind) {
    case Prediction::Kind::Pick:
      add(out, region_of(p.pick.slice));
      break;
    case Prediction::Kind::Choose:
      for (const Choice& c : p.choices) add_reads(out, c.when);
      break;
    case Prediction::Kind::Estimate:
      add_reads(out, p.estimate.measure);
      break;
  }
  return out;
}

std::vector<Region> challenge_regions(const Challenge& c) {
  std::vector<Region> out;
  add_reads(out, c.goal);
  if (c.meter) add_reads(out, *c.meter);
  add_reads(out, c.status);
  return out;
}

}  // namespace attn
