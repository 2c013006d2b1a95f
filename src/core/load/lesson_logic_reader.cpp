// Reading what a lesson file says about its numbers: matrices, rows and cells by name,
// measures, conditions, and text with placeholders (lesson_logic_reader.h).
// [SECTION] Matrices, rows and cells by name
// [SECTION] Measures and conditions
// [SECTION] Text with placeholders
#include "core/load/lesson_logic_reader.h"

#include <algorithm>
#include <cstdlib>

#include "core/text/translation.h"

namespace attn {

namespace {

// Whether a query's (or a token's) numbers run down a column: attention
// matrices with keys as rows, and token-major matrices in the columns layout.
bool down_columns(const MatrixSpec& s) {
  return (s.row_kind == AxisKind::Key && s.col_kind == AxisKind::Query) ||
         (s.row_kind == AxisKind::Dim && is_token_axis(s.col_kind));
}

std::string trim(std::string s) {
  const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

const EnumName<MeasureKind> kSliceMeasures[] = {
    {MeasureKind::Max, "max"},       {MeasureKind::Min, "min"},         {MeasureKind::Sum, "sum"},
    {MeasureKind::Spread, "spread"}, {MeasureKind::Entropy, "entropy"},
};
const EnumName<Comparison> kComparisons[] = {
    {Comparison::Above, "above"}, {Comparison::Below, "below"}, {Comparison::Near, "near"}};

}  // namespace

LogicReader::LogicReader(Reader& r, const Part& part, int part_index, bool extras)
    : r_(r), part_(part), index_(part_index), extras_(extras) {
  AttentionOptions every = part.options;
  every.causal = true;  // `masked` may be named: it is there whenever the mask is on
  for (const MatrixSpec& s : part_matrices(part, part_index, every))
    targets_.push_back({s, matrix_shape(part, s)});
}

//-----------------------------------------------------------------------------
// [SECTION] Matrices, rows and cells by name
//-----------------------------------------------------------------------------

// The names along a token axis: a cross-attention's keys are the memory's tokens.
const std::vector<std::string>& LogicReader::tokens_along(AxisKind kind) const {
  return kind == AxisKind::Key && !part_.memory_tokens.empty() ? part_.memory_tokens : part_.tokens;
}

const LogicReader::Target* LogicReader::matrix(const std::string& name, const Pointer& path) {
  const std::optional<MatrixKey> key = key_in_part(part_, index_, name);
  if (key)
    for (const Target& t : targets_)
      if (t.spec.key == *key) return &t;
  // TRANSLATORS: {name} is a matrix name as the lesson file writes it, as "W_q" or "weights_h2";
  // a part is a section of the lesson.
  r_.fail(path, trf(part_.said_of(N_("\"{name}\" is not a matrix this lesson computes"),
                                  N_("\"{name}\" is not a matrix this part computes")),
                    {{"name", name}}));
  return nullptr;
}

bool LogicReader::index(const Target& t, const std::string& name, bool along_rows,
                        const Pointer& path, int& out) {
  const AxisKind kind = along_rows ? t.spec.row_kind : t.spec.col_kind;
  const int size = along_rows ? t.shape.first : t.shape.second;
  if (is_token_axis(kind)) {
    const std::vector<std::string>& tokens = tokens_along(kind);
    const auto it = std::find(tokens.begin(), tokens.end(), name);
    if (it != tokens.end()) return out = static_cast<int>(it - tokens.begin()), true;
  }
  char* end = nullptr;
  const long i = std::strtol(name.c_str(), &end, 10);
  if (!name.empty() && *end == '\0' && i >= 0 && i < size) return out = static_cast<int>(i), true;
  if (kind == AxisKind::Key && !part_.memory_tokens.empty())
    // TRANSLATORS: {name} is a token as the lesson file writes it, where the memory's tokens
    // (cross-attention: the words the lesson's tokens attend to) are expected.
    return r_.fail(path, trf("\"{name}\" is not a token of the memory", {{"name", name}}));
  if (is_token_axis(kind))
    // TRANSLATORS: {name} is a token (a word of the input) as the lesson file writes it.
    return r_.fail(path, trf(part_.said_of(N_("\"{name}\" is not a token of this lesson"),
                                           N_("\"{name}\" is not a token of this part")),
                             {{"name", name}}));
  return r_.fail(path,
                 // TRANSLATORS: {name} is a row's or column's index as the lesson file writes
                 // it; {last} is a number.
                 trf("\"{name}\" is not an index from 0 to {last}",
                     {{"name", name}, {"last", std::to_string(size - 1)}}));
}

bool LogicReader::slice_of(const Target& t, const std::string& first, const Pointer& path,
                           SliceSpec& out) {
  out.matrix = t.spec.key;
  // A query's weights run along a row, or down a column when keys are rows;
  // a token's vector along a row, or down a column in the columns layout.
  out.column = down_columns(t.spec);
  return index(t, first, !out.column, path, out.index);
}

bool LogicReader::cell_of(const Target& t, const std::string& a, const std::string& b,
                          const Pointer& path, CellSpec& out) {
  out.matrix = t.spec.key;
  // (query, key), (token, dimension) or (row, column), whichever way the matrix is laid out.
  const bool swap = down_columns(t.spec);
  if (swap) return index(t, a, false, path, out.col) && index(t, b, true, path, out.row);
  return index(t, a, true, path, out.row) && index(t, b, false, path, out.col);
}

const std::vector<std::string>& LogicReader::labels_along(const SliceSpec& s) const {
  LogicReader& self = const_cast<LogicReader&>(*this);
  self.scratch_labels_.clear();
  for (const Target& t : targets_)
    if (t.spec.key == s.matrix) {
      const AxisKind kind = s.column ? t.spec.row_kind : t.spec.col_kind;
      const int n = s.column ? t.shape.first : t.shape.second;
      for (int i = 0; i < n; ++i)
        self.scratch_labels_.push_back(is_token_axis(kind) &&
                                               n == static_cast<int>(tokens_along(kind).size())
                                           ? tokens_along(kind)[i]
                                           : std::to_string(i));
    }
  return scratch_labels_;
}

bool LogicReader::slice(const json& v, const Pointer& path, SliceSpec& out) {
  if (!r_.expect_object(v, path) || !r_.known_keys(v, path, {"of", "query", "token", "row"}))
    return false;
  std::string of;
  if (!r_.text(v, path, "of", Limits::kMaxIdChars, true, of)) return false;
  const Target* t = matrix(of, path / "of");
  if (!t) return false;
  for (const char* key : {"query", "token", "row"})
    if (v.contains(key)) {
      const json& x = v[key];
      const std::string name = x.is_string()           ? x.get<std::string>()
                               : x.is_number_integer() ? x.dump()
                                                       : "";
      if (name.empty())
        return r_.fail(
            path / key,
            // TRANSLATORS: a token is a word of the input; an index a row's number.
            trf("expected a token name or an index, got {type}", {{"type", describe(x)}}));
      return slice_of(*t, name, path / key, out);
    }
  // TRANSLATORS: "query", "token" and "row" are keys of the lesson file, kept in English.
  return r_.fail(path, tr("missing key \"query\" (or \"token\", \"row\"): which of its rows"));
}

bool LogicReader::along(const SliceSpec& s, const json& v, const Pointer& path, int& out) {
  const std::string name = v.is_string()           ? v.get<std::string>()
                           : v.is_number_integer() ? v.dump()
                                                   : "";
  if (name.empty())
    return r_.fail(path,
                   trf("expected a token name or an index, got {type}", {{"type", describe(v)}}));
  for (const Target& t : targets_)
    if (t.spec.key == s.matrix) return index(t, name, s.column, path, out);
  return r_.fail(path, tr("no such matrix"));
}

//-----------------------------------------------------------------------------
// [SECTION] Measures and conditions
//-----------------------------------------------------------------------------

bool LogicReader::measure(const json& v, const Pointer& path, Measure& out) {
  if (v.is_number()) {
    out.kind = MeasureKind::Number;
    return r_.number(v, path, 1e12, out.number);
  }
  if (!r_.expect_object(v, path) ||
      !r_.known_keys(v, path,
                     {"value", "max", "min", "sum", "spread", "entropy", "divisor", "notebook"}))
    return false;
  if (!r_.boolean(v, path, "notebook", out.notebook)) return false;
  if (v.contains("divisor")) {
    out.kind = MeasureKind::Divisor;
    out.part = index_;
    return true;
  }
  if (v.contains("value")) {
    const json& c = v["value"];
    const Pointer cp = path / "value";
    if (!r_.expect_object(c, cp) ||
        !r_.known_keys(c, cp, {"of", "query", "key", "token", "dim", "row", "col"}))
      return false;
    std::string of;
    if (!r_.text(c, cp, "of", Limits::kMaxIdChars, true, of)) return false;
    const Target* t = matrix(of, cp / "of");
    if (!t) return false;
    auto arg = [&](std::initializer_list<const char*> keys, std::string& name) {
      for (const char* k : keys)
        if (c.contains(k)) {
          name = c[k].is_string()           ? c[k].get<std::string>()
                 : c[k].is_number_integer() ? c[k].dump()
                                            : "";
          if (name.empty())
            return r_.fail(cp / k, trf("expected a token name or an index, got {type}",
                                       {{"type", describe(c[k])}}));
          return true;
        }
      return r_.fail(cp, trf("missing key \"{key}\"", {{"key", *keys.begin()}}));
    };
    std::string a, b;
    if (!arg({"query", "token", "row"}, a) || !arg({"key", "dim", "col"}, b)) return false;
    out.kind = MeasureKind::Value;
    return cell_of(*t, a, b, cp, out.cell);
  }
  for (const EnumName<MeasureKind>& m : kSliceMeasures)
    if (v.contains(std::string(m.name))) {
      out.kind = m.value;
      return slice(v[std::string(m.name)], path / std::string(m.name), out.slice);
    }
  return r_.fail(path,
                 // TRANSLATORS: value, max, min… are keys of the lesson file, kept in English.
                 tr("expected a number or a measure: value, max, min, sum, spread, entropy, "
                    "divisor"));
}

bool LogicReader::changes(const json& v, const Pointer& path, ChangeRule& out) {
  if (!r_.expect_object(v, path) || !r_.known_keys(v, path, {"only", "cells_at_most", "something"}))
    return false;
  if (v.contains("only")) {
    const json& only = v["only"];
    if (!only.is_array())
      // TRANSLATORS: the inputs (matrices) and settings a challenge lets the learner change.
      return r_.fail(path / "only", tr("expected a list of inputs and settings"));
    for (size_t i = 0; i < only.size(); ++i) {
      const std::string name = only[i].is_string() ? only[i].get<std::string>() : "";
      const std::optional<Stage> s = parse_name(kStageNames, name);
      if (name == "temperature")
        out.temperature = true;
      else if (name == "mask")
        out.mask = true;
      else if (name == "what-ifs")
        out.overrides = true;
      else if (name == "seeds")
        out.seeds = true;
      else if (name == "order")
        out.order = true;
      else if (name == "first_position")
        out.first_position = true;
      else if (s && part_.shapes.count(*s))
        out.inputs.push_back(*s);
      else
        return r_.fail(
            path / "only" / i,
            // TRANSLATORS: {name} is a word as the lesson file writes it; the quoted
            // words are the lesson file's, kept in English.
            trf(part_.said_of(N_("\"{name}\" is not an input of this lesson, \"temperature\", "
                                 "\"mask\", \"seeds\", \"order\", \"first_position\" or "
                                 "\"what-ifs\""),
                              N_("\"{name}\" is not an input of this part, \"temperature\", "
                                 "\"mask\", \"seeds\", \"order\", \"first_position\" or "
                                 "\"what-ifs\"")),
                {{"name", name}}));
    }
  } else {  // anything may change
    for (const auto& [stage, shape] : part_.shapes) out.inputs.push_back(stage);
    out.temperature = out.mask = out.overrides = out.seeds = out.order = out.first_position = true;
  }
  if (!r_.optional_int(v, path, "cells_at_most", 0, 1 << 20, out.max_cells)) return false;
  return r_.boolean(v, path, "something", out.something);
}

bool LogicReader::condition(const json& v, const Pointer& path, Condition& out) {
  static const std::vector<std::string> kinds = {"all",     "any",      "not",     "compare",
                                                 "largest", "smallest", "changed", "unchanged",
                                                 "same",    "scale",    "mask"};
  if (!r_.expect_object(v, path) ||
      !r_.known_keys(v, path,
                     {"all", "any", "not", "compare", "within", "largest", "smallest", "is",
                      "changed", "unchanged", "same", "scale", "mask"}))
    return false;
  int found = 0;
  for (const std::string& k : kinds) found += v.contains(k);
  if (found != 1)
    return r_.fail(path,
                   // TRANSLATORS: all, any, not… are keys of the lesson file, kept in English.
                   tr("a condition is exactly one of: all, any, not, compare, largest, smallest, "
                      "changed, unchanged, same, scale, mask"));
  out.part = index_;
  for (const char* group : {"all", "any"})
    if (v.contains(group)) {
      out.kind = group[1] == 'l' ? Condition::Kind::All : Condition::Kind::Any;
      const json& list = v[group];
      if (!list.is_array() || list.empty())
        return r_.fail(path / group, tr("expected a non-empty list of conditions"));
      for (size_t i = 0; i < list.size(); ++i) {
        Condition c;
        if (!condition(list[i], path / group / i, c)) return false;
        out.children.push_back(std::move(c));
      }
      return true;
    }
  if (v.contains("not")) {
    out.kind = Condition::Kind::Not;
    out.children.emplace_back();
    return condition(v["not"], path / "not", out.children[0]);
  }
  if (v.contains("compare")) {
    out.kind = Condition::Kind::Compare;
    const json& c = v["compare"];
    const Pointer cp = path / "compare";
    if (!c.is_array() || c.size() != 3)
      // TRANSLATORS: a comparison as the lesson file writes it: a measure (a number, or one
      // computed from a matrix), "above", "below" or "near" (kept in English), a measure.
      return r_.fail(cp, tr("expected [measure, \"above\" | \"below\" | \"near\", measure]"));
    if (!measure(c[0], cp / 0, out.left) ||
        !r_.word(c[1], cp / 1, kComparisons, out.comparison,
                 trf("expected {choices}", {{"choices", quoted_choices(kComparisons)}})) ||
        !measure(c[2], cp / 2, out.right))
      return false;
    if (out.comparison == Comparison::Near) {
      if (!v.contains("within"))
        // TRANSLATORS: {key} is a key of the lesson file, kept in English ("within"): how near
        // two numbers must be to count as "near".
        return r_.fail(path, trf("missing key \"{key}\" (how near is near)", {{"key", "within"}}));
      return r_.number(v["within"], path / "within", 1e12, out.tolerance);
    }
    return true;
  }
  for (const char* which : {"largest", "smallest"})
    if (v.contains(which)) {
      out.kind = which[0] == 'l' ? Condition::Kind::Largest : Condition::Kind::Smallest;
      if (!slice(v[which], path / which, out.slice)) return false;
      if (!v.contains("is"))
        return r_.fail(path,
                       // TRANSLATORS: {key} is a key of the lesson file, kept in English ("is").
                       // "the key" is an attention key (as in queries, keys and values): the one
                       // expected to be largest or smallest.
                       trf("missing key \"{key}\" (the key expected there)", {{"key", "is"}}));
      return along(out.slice, v["is"], path / "is", out.at);
    }
  if (v.contains("changed")) {
    out.kind = Condition::Kind::Changed;
    return changes(v["changed"], path / "changed", out.changes);
  }
  if (v.contains("same")) {  // ["output@your_answer", "output"], "within": 1e-6
    out.kind = Condition::Kind::Same;
    const json& pair = v["same"];
    const Pointer sp = path / "same";
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string())
      // TRANSLATORS: ["A", "B"] shows how to write two matrix names; keep it.
      return r_.fail(sp, tr("expected two matrix names, [\"A\", \"B\"]"));
    const Target* a = matrix(pair[0].get<std::string>(), sp / 0);
    if (!a) return false;
    out.a = a->spec.key;
    const Target* b = matrix(pair[1].get<std::string>(), sp / 1);
    if (!b) return false;
    out.b = b->spec.key;
    if (a->shape != b->shape) return r_.fail(sp, tr("the two matrices have different shapes"));
    out.tolerance = 1e-9;
    return !v.contains("within") || r_.number(v["within"], path / "within", 1e12, out.tolerance);
  }
  if (v.contains("unchanged")) {
    out.kind = Condition::Kind::Unchanged;
    return slice(v["unchanged"], path / "unchanged", out.slice);
  }
  if (v.contains("scale")) {
    out.kind = Condition::Kind::ScaleIs;
    return r_.word(v["scale"], path / "scale", kScaleModeNames, out.scale,
                   trf("expected {choices}", {{"choices", quoted_choices(kScaleModeNames)}}));
  }
  out.kind = Condition::Kind::MaskIs;
  if (!v["mask"].is_boolean())
    // TRANSLATORS: true and false are JSON's words; keep them.
    return r_.fail(path / "mask", tr("expected true or false"));
  out.mask = v["mask"].get<bool>();
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Text with placeholders
//-----------------------------------------------------------------------------

bool LogicReader::placeholder(const std::string& inside, const Pointer& path, Piece& out) {
  std::string body = trim(inside);
  // A format after the last colon: decimals, "%", or both ("1%").
  if (const size_t colon = body.rfind(':'); colon != std::string::npos && body.find(']') < colon) {
    std::string format = trim(body.substr(colon + 1));
    body = trim(body.substr(0, colon));
    if (!format.empty() && format.back() == '%') out.percent = true, format.pop_back();
    if (!format.empty()) {
      char* end = nullptr;
      const long d = std::strtol(format.c_str(), &end, 10);
      if (*end != '\0' || d < 0 || d > 12)
        return r_.fail(path,
                       // TRANSLATORS: {placeholder} is a placeholder of the lesson's text, as
                       // "{weights[The, cat]:2}"; after its ":" comes the number of decimals or
                       // "%". Keep ":" and "%".
                       // xgettext:no-c-format
                       trf("{placeholder}: the format after \":\" is decimals (0 to 12) or \"%\"",
                           {{"placeholder", "{" + inside + "}"}}));
      out.digits = static_cast<int>(d);
    }
  }
  static const EnumName<Fill> kWords[] = {{Fill::Scale, "scale"},
                                          {Fill::Mask, "mask"},
                                          {Fill::Divisor, "divisor"},
                                          {Fill::Picked, "picked"},
                                          {Fill::Answer, "answer"}};
  if (const std::optional<Fill> word = parse_name(kWords, body)) {
    if ((*word == Fill::Picked || *word == Fill::Answer) && !extras_)
      return r_.fail(path,
                     // TRANSLATORS: {placeholder} is a placeholder of the lesson's text, as
                     // "{picked}"; it may be used only in what a prediction reveals.
                     trf("{placeholder} belongs in a prediction's reveal",
                         {{"placeholder", "{" + inside + "}"}}));
    out.fill = *word;
    out.measure.kind = MeasureKind::Divisor;
    out.measure.part = index_;
    return true;
  }
  // [FUNCTION ]MATRIX[ARG] or MATRIX[ARG, ARG]
  std::string function;
  if (const size_t space = body.find(' '); space != std::string::npos && space < body.find('[')) {
    function = body.substr(0, space);
    body = trim(body.substr(space + 1));
  }
  const size_t open = body.find('[');
  if (open == std::string::npos || body.back() != ']')
    return r_.fail(path,
                   // TRANSLATORS: {placeholder} is what the lesson's text has in braces. Keep the
                   // placeholders offered, in braces, as they are: "{MATRIX[ROW, COL]}" and the
                   // others are written so in a lesson file.
                   trf("{placeholder} is not a placeholder: write {MATRIX[ROW, COL]}, {largest "
                       "MATRIX[ROW]}, {scale}, {mask} or {divisor}",
                       {{"placeholder", "{" + inside + "}"}}));
  const std::string name = trim(body.substr(0, open));
  const std::string args = body.substr(open + 1, body.size() - open - 2);
  const Target* t = matrix(name, path);
  if (!t) return false;
  const size_t comma = args.find(',');
  if (function.empty()) {  // one number
    if (comma == std::string::npos)
      return r_.fail(path,
                     // TRANSLATORS: {placeholder} is a placeholder of the lesson's text, as
                     // "{weights[The]}"; keep "[ROW, COL]", how a lesson writes a number's place.
                     trf("{placeholder}: a number needs its row and column, [ROW, COL]",
                         {{"placeholder", "{" + inside + "}"}}));
    out.fill = Fill::Number;
    out.measure.kind = MeasureKind::Value;
    return cell_of(*t, trim(args.substr(0, comma)), trim(args.substr(comma + 1)), path,
                   out.measure.cell);
  }
  if (comma != std::string::npos)
    return r_.fail(path,
                   // TRANSLATORS: {placeholder} is a placeholder of the lesson's text, as
                   // "{largest weights[The, cat]}"; {function} its function, as "largest". Keep
                   // "[ROW]", how a lesson writes a row.
                   trf("{placeholder}: {function} takes one row, [ROW]",
                       {{"placeholder", "{" + inside + "}"}, {"function", function}}));
  static const EnumName<Fill> kSliceFills[] = {
      {Fill::Largest, "largest"}, {Fill::Smallest, "smallest"}, {Fill::Row, "row"}};
  if (const std::optional<Fill> f = parse_name(kSliceFills, function)) {
    out.fill = *f;
    return slice_of(*t, trim(args), path, out.slice);
  }
  if (const std::optional<MeasureKind> m = parse_name(kSliceMeasures, function)) {
    out.fill = Fill::Number;
    out.measure.kind = *m;
    return slice_of(*t, trim(args), path, out.measure.slice);
  }
  return r_.fail(path,
                 // TRANSLATORS: {placeholder} is a placeholder of the lesson's text, as
                 // "{biggest weights[The]}"; {function} the word before the matrix's name. The
                 // functions offered (largest, smallest…) are a lesson's words, kept in English.
                 trf("{placeholder}: unknown function \"{function}\"; use largest, smallest, row, "
                     "max, min, sum, spread or entropy",
                     {{"placeholder", "{" + inside + "}"}, {"function", function}}));
}

bool LogicReader::text(const json& v, const Pointer& path, LiveText& out) {
  if (!v.is_string())
    return r_.fail(path, trf("expected a string, got {type}", {{"type", describe(v)}}));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > Limits::kMaxTextChars)
    return r_.fail(path, trnf("text is {size} byte long, the limit is {limit}",
                              "text is {size} bytes long, the limit is {limit}",
                              static_cast<unsigned long>(s.size()),
                              {{"size", std::to_string(s.size())},
                               {"limit", std::to_string(Limits::kMaxTextChars)}}));
  std::string literal_text;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '{') {
      literal_text += s[i];
      continue;
    }
    const size_t close = s.find('}', i);
    if (close == std::string::npos)
      return r_.fail(path,
                     // TRANSLATORS: {open} is the brace "{" and {close} the brace "}": a text
                     // writes "{{" for a brace of its own, as it is not a placeholder's.
                     trf("a \"{open}\" with no \"{close}\": write {open}{open} for a brace",
                         {{"open", "{"}, {"close", "}"}}));
    if (s.compare(i, 2, "{{") == 0) {  // a literal brace
      literal_text += '{';
      ++i;
      continue;
    }
    if (!literal_text.empty()) out.push_back({Fill::Literal, literal_text, {}, {}, -1, false});
    literal_text.clear();
    Piece p;
    if (!placeholder(s.substr(i + 1, close - i - 1), path, p)) return false;
    out.push_back(std::move(p));
    i = close;
  }
  if (!literal_text.empty()) out.push_back({Fill::Literal, literal_text, {}, {}, -1, false});
  return true;
}

bool LogicReader::blocks(const json& v, const Pointer& path, std::vector<TextBlock>& out) {
  if (v.is_string()) {
    out.emplace_back();
    return text(v, path, out.back().text);
  }
  if (!v.is_array())
    return r_.fail(
        path, trf("expected text, or a list of sentences, got {type}", {{"type", describe(v)}}));
  for (size_t i = 0; i < v.size(); ++i) {
    TextBlock b;
    const json& x = v[i];
    if (x.is_string()) {
      if (!text(x, path / i, b.text)) return false;
    } else {
      if (!r_.expect_object(x, path / i) || !r_.known_keys(x, path / i, {"text", "when"}))
        return false;
      if (!x.contains("text"))
        return r_.fail(path / i, trf("missing key \"{key}\"", {{"key", "text"}}));
      if (!text(x["text"], path / i / "text", b.text)) return false;
      if (x.contains("when")) {
        b.when.emplace();
        if (!condition(x["when"], path / i / "when", *b.when)) return false;
      }
    }
    out.push_back(std::move(b));
  }
  return true;
}

}  // namespace attn
