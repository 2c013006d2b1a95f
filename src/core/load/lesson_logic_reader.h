// Reads what a lesson file says about its numbers (docs/lessons.md, "Text
// that follows the numbers", "Predictions and challenges"): references to
// matrices, rows and cells by token name, measures, conditions, and text
// with placeholders. Everything is resolved to typed references here, once,
// with the loader's one-line errors; nothing is parsed again later.
#pragma once

#include "core/lesson/condition.h"
#include "core/lesson/live_text.h"
#include "core/lesson/part_matrices.h"
#include "core/load/json_reader.h"

namespace attn {

class LogicReader {
 public:
  // `extras`: the placeholders a prediction's text may use beside the
  // numbers ({picked}, {answer}).
  LogicReader(Reader& r, const Part& part, int part_index, bool extras = false);

  // "Text with {placeholders}".
  bool text(const json& v, const Pointer& path, LiveText& out);
  // A string, or an array of strings and {"text": ..., "when": CONDITION}.
  bool blocks(const json& v, const Pointer& path, std::vector<TextBlock>& out);
  bool condition(const json& v, const Pointer& path, Condition& out);
  // {"only": [inputs, "temperature", "mask", "seeds", "what-ifs"], "cells_at_most": n}
  bool changes(const json& v, const Pointer& path, ChangeRule& out);
  bool measure(const json& v, const Pointer& path, Measure& out);
  // {"of": "weights", "query": "The"} (or "row": for other matrices).
  bool slice(const json& v, const Pointer& path, SliceSpec& out);
  // A slice's index along it: a key (or column) by name or number.
  bool along(const SliceSpec& s, const json& v, const Pointer& path, int& out);
  // The labels along a slice (its keys), for answers and messages.
  const std::vector<std::string>& labels_along(const SliceSpec& s) const;
  const std::vector<std::string>& tokens_along(AxisKind kind) const;

 private:
  struct Target {
    MatrixSpec spec;
    std::pair<int, int> shape;
  };
  const Target* matrix(const std::string& name, const Pointer& path);
  // A row (or column) of a matrix named by token or number; `query` says the
  // name is a query's (attention matrices) rather than a row's.
  bool index(const Target& t, const std::string& name, bool along_rows, const Pointer& path,
             int& out);
  bool slice_of(const Target& t, const std::string& first, const Pointer& path, SliceSpec& out);
  bool cell_of(const Target& t, const std::string& a, const std::string& b, const Pointer& path,
               CellSpec& out);
  bool placeholder(const std::string& inside, const Pointer& path, Piece& out);

  Reader& r_;
  const Part& part_;
  int index_;
  bool extras_;
  std::vector<Target> targets_;
  std::vector<std::string> scratch_labels_;
};

}  // namespace attn
