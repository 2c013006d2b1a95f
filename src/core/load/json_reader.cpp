// Reading untrusted JSON without throwing: depth checks and located messages (json_reader.h).
#include "core/load/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/lesson/lesson.h"
#include "core/text/json_document.h"

namespace attn {

//-----------------------------------------------------------------------------
// Parse
//-----------------------------------------------------------------------------

namespace {

// The document builder (core/text/json_document.h) that says why a file is
// not read: a one-line reason, at its JSON Pointer, in the learner's language.
class DocumentBuilder : public JsonDocumentBuilder {
 public:
  using JsonDocumentBuilder::JsonDocumentBuilder;
  LoadError error;

 protected:
  void too_deep(const Pointer& at) override {
    // TRANSLATORS: a lesson file's arrays and objects inside one another; {depth} is a number.
    fail(trnf("nested deeper than {depth} level", "nested deeper than {depth} levels",
              static_cast<unsigned long>(max_depth_), {{"depth", std::to_string(max_depth_)}}),
         at);
  }
  void syntax_error(const std::string& last_token, const nlohmann::detail::exception& ex) override {
    std::string what = ex.what();
    const std::string prefix = "parse error at ";
    const size_t at = what.find(prefix);
    if (at != std::string::npos) what = what.substr(at + prefix.size());
    if (ex.id == 406) {  // out_of_range: a number beyond double's range
      // TRANSLATORS: {number} is a number as the lesson file writes it, as "1e999".
      fail(trf("number {number} is too large to be a finite number", {{"number", last_token}}),
           where());
    } else if (what.find("ill-formed UTF-8") != std::string::npos) {
      // Not echoed: the bytes would be as unreadable in the message.
      fail(tr("text is not valid UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8"),
           where());
    } else if (spells_non_finite(last_token)) {
      // TRANSLATORS: NaN and Infinity are words a file may not use for numbers; keep them.
      fail(tr("NaN and Infinity are not JSON numbers; write a finite number"), where());
    } else {
      // TRANSLATORS: {detail} is the JSON parser's own description, in English: "line 1,
      // column 43: syntax error while parsing object key - unexpected end of input".
      fail(trf("invalid JSON: {detail}", {{"detail", in_characters(what)}}));
    }
  }

 private:
  // The parser counts a line's bytes; an editor counts its characters (a
  // Cyrillic or Chinese line's column 50 is 38 on screen): "line L, column
  // C" is rewritten with the characters before that byte.
  std::string in_characters(const std::string& what) const {
    unsigned line = 0, column = 0;
    int used = 0;
    if (std::sscanf(what.c_str(), "line %u, column %u%n", &line, &column, &used) != 2 || line == 0)
      return what;
    size_t start = 0;  // the line's first byte
    for (unsigned l = 1; l < line && start != std::string_view::npos; ++l) {
      start = text_.find('\n', start);
      if (start != std::string_view::npos) ++start;
    }
    if (start == std::string_view::npos) return what;
    // Each character's bytes after its first (the parser's column also counts
    // the end of the input as one).
    const std::string_view bytes = text_.substr(start, column);
    const auto continuation = std::count_if(bytes.begin(), bytes.end(), [](char c) {
      return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
    });
    return "line " + std::to_string(line) + ", column " + std::to_string(column - continuation) +
           what.substr(static_cast<size_t>(used));
  }

  // The token numpy or JavaScript would print for a non-finite number, cut
  // wherever the parser gave up: "N", "Na", "-Inf"...
  static bool spells_non_finite(const std::string& token) {
    const size_t start = token.find_last_of(" ,[:");
    std::string word = token.substr(start == std::string::npos ? 0 : start + 1);
    if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.erase(0, 1);
    if (word.empty()) return false;
    for (const char* spelling : {"NaN", "Infinity", "nan", "inf"})
      if (std::string_view(spelling).substr(0, word.size()) == word) return true;
    return false;
  }
  void fail(std::string reason, const Pointer& path = Pointer()) {
    error = {path.to_string(), std::move(reason)};  // the hooks run for the first failure only
  }
};

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::optional<json> parse_json(std::string_view text, int max_depth, LoadError& error) {
  DocumentBuilder builder(text, max_depth);
  if (!parse_document(text, builder)) {
    error = builder.error;
    return std::nullopt;
  }
  return std::move(builder.document);
}

//-----------------------------------------------------------------------------
// Words for messages
//-----------------------------------------------------------------------------

std::string describe(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";  // JSON's word, as the file writes it
    case json::value_t::boolean:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("a boolean");
    case json::value_t::string:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("a string");
    case json::value_t::array:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("an array");
    case json::value_t::object:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("an object");
    case json::value_t::binary:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("binary data");
    case json::value_t::discarded:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return trc("value", "nothing");
    default:
      // TRANSLATORS: what a value of a lesson file is, in "expected …, got {type}".
      return tr("a number");
  }
}

std::string format_number(double v) {
  char buf[32];
  if (std::fabs(v) < 1e15 && v == std::floor(v))
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string one_of(const std::vector<std::string>& alternatives) {
  if (alternatives.empty()) return "";
  std::string rest = alternatives[0];
  for (size_t i = 1; i + 1 < alternatives.size(); ++i)
    // TRANSLATORS: between two alternatives of a list, as in "a", "b" or "c".
    rest += trc("list", ", ") + alternatives[i];
  if (alternatives.size() == 1) return rest;
  // TRANSLATORS: the last alternative of a list: {choices} are the others, as "\"a\", \"b\"";
  // {last} is the last one, as "\"c\"" or "a number".
  return trf("{choices} or {last}", {{"choices", rest}, {"last", alternatives.back()}});
}

//-----------------------------------------------------------------------------
// Reader
//-----------------------------------------------------------------------------

bool Reader::fail(const Pointer& path, std::string reason) {
  if (!failed_) error_ = {path.to_string(), std::move(reason)}, failed_ = true;
  return false;
}

bool Reader::expect_object(const json& v, const Pointer& path) {
  if (v.is_object()) return true;
  // TRANSLATORS: {type} says what the value is, as "a string" or "an array" (translated with
  // the messages "a string", "an array"...).
  return fail(path, trf("expected an object, got {type}", {{"type", describe(v)}}));
}

bool Reader::known_keys(const json& obj, const Pointer& path,
                        const std::vector<std::string>& allowed) {
  if (!obj.is_object()) return expect_object(obj, path);  // an array's iterator has no key()
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& k = it.key();
    if (k.rfind('_', 0) == 0 || std::find(allowed.begin(), allowed.end(), k) != allowed.end())
      continue;
    const std::string* best = nullptr;
    size_t best_d = 3;
    for (const std::string& a : allowed) {
      const size_t d = edit_distance(k, a);
      if (d < best_d) best_d = d, best = &a;
    }
    if (!best)
      // TRANSLATORS: {key} is a key of a lesson file's JSON object, as the file writes it.
      return fail(path / k, trf("unknown key \"{key}\"", {{"key", k}}));
    // TRANSLATORS: {key} is a key of a lesson file's JSON object, as the file writes it;
    // {suggestion} an allowed key spelled almost the same. Both stay in English.
    return fail(path / k, trf("unknown key \"{key}\"; did you mean \"{suggestion}\"?",
                              {{"key", k}, {"suggestion", *best}}));
  }
  return true;
}

bool Reader::text(const json& obj, const Pointer& path, const char* key, size_t max_bytes,
                  bool required, std::string& out) {
  auto it = obj.find(key);
  if (it == obj.end())
    // TRANSLATORS: {key} is a key of a lesson file's JSON object, as "title"; it stays in English.
    return !required || fail(path, trf("missing key \"{key}\"", {{"key", key}}));
  if (!it->is_string())
    return fail(path / key, trf("expected a string, got {type}", {{"type", describe(*it)}}));
  const std::string& s = it->get_ref<const std::string&>();
  if (s.size() > max_bytes)
    return fail(path / key,
                // TRANSLATORS: {size} and {limit} are numbers of bytes.
                trnf("text is {size} byte long, the limit is {limit}",
                     "text is {size} bytes long, the limit is {limit}",
                     static_cast<unsigned long>(s.size()),
                     {{"size", std::to_string(s.size())}, {"limit", std::to_string(max_bytes)}}));
  out = s;
  return true;
}

bool Reader::identifier(const json& obj, const Pointer& path, const char* key, size_t max_bytes,
                        bool required, std::string& out) {
  if (!text(obj, path, key, max_bytes, required, out)) return false;
  if (!obj.contains(key)) return true;
  // TRANSLATORS: said of an id in a lesson file.
  if (out.empty()) return fail(path / key, tr("must not be empty"));
  if (!is_valid_id(out))  // its length is checked above
    return fail(path / key,
                // TRANSLATORS: {value} is an id as the lesson file writes it; an id may use
                // only these characters: the letters a to z, the digits 0 to 9, '-' and '_'.
                trf("\"{value}\" may use only a-z, 0-9, '-' and '_'", {{"value", out}}));
  return true;
}

bool Reader::integer(const json& v, const Pointer& path, long long lo, long long hi,
                     long long& out) {
  if (!v.is_number())
    return fail(path, trf("expected a whole number, got {type}", {{"type", describe(v)}}));
  const double d = v.get<double>();
  if (!v.is_number_integer() && !v.is_number_unsigned() && std::floor(d) != d)
    // TRANSLATORS: {number} is the number the lesson file wrote, as "1.5".
    return fail(path, trf("expected a whole number, got {number}", {{"number", format_number(d)}}));
  if (d < static_cast<double>(lo) || d > static_cast<double>(hi))
    // TRANSLATORS: {number} is a number of the lesson file; [{lo}, {hi}] the range it must be in.
    return fail(path, trf("{number} is out of range [{lo}, {hi}]", {{"number", format_number(d)},
                                                                    {"lo", std::to_string(lo)},
                                                                    {"hi", std::to_string(hi)}}));
  out = v.is_number_unsigned()  ? static_cast<long long>(v.get<unsigned long long>())
        : v.is_number_integer() ? v.get<long long>()
                                : static_cast<long long>(d);
  return true;
}

bool Reader::optional_int(const json& obj, const Pointer& path, const char* key, int lo, int hi,
                          int& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return true;
  long long v = 0;
  if (!integer(*it, path / key, lo, hi, v)) return false;
  out = static_cast<int>(v);
  return true;
}

bool Reader::number(const json& v, const Pointer& path, double max_abs, double& out) {
  if (!v.is_number())
    return fail(path, trf("expected a number, got {type}", {{"type", describe(v)}}));
  out = v.get<double>();
  if (!std::isfinite(out)) return fail(path, tr("number is not finite"));
  if (std::fabs(out) > max_abs)
    // TRANSLATORS: {number} is a number of the lesson file; {max} the largest size allowed
    // ("|value|" is the number's size, its absolute value).
    return fail(path, trf("{number} is out of range (|value| <= {max})",
                          {{"number", format_number(out)}, {"max", format_number(max_abs)}}));
  return true;
}

bool Reader::boolean(const json& obj, const Pointer& path, const char* key, bool& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return true;
  if (!it->is_boolean())
    // TRANSLATORS: true and false are JSON's words; keep them.
    return fail(path / key, trf("expected true or false, got {type}", {{"type", describe(*it)}}));
  out = it->get<bool>();
  return true;
}

bool Reader::matrix(const json& v, const Pointer& path, std::optional<bool> flat_as_column,
                    int max_side, double max_abs, Matrix& out) {
  if (!v.is_array())
    return fail(path,
                trf("expected a matrix (an array of rows), got {type}", {{"type", describe(v)}}));
  if (v.empty()) return fail(path, tr("matrix is empty"));
  const size_t limit = static_cast<size_t>(max_side);
  const bool flat = !v[0].is_array();
  if (flat) {
    if (!flat_as_column)
      return fail(path / 0, trf("expected a row (an array of numbers), got {type}",
                                {{"type", describe(v[0])}}));
    if (v.size() > limit)
      return fail(path,
                  trnf("vector has {count} number, the limit is {limit}",
                       "vector has {count} numbers, the limit is {limit}",
                       static_cast<unsigned long>(v.size()),
                       {{"count", std::to_string(v.size())}, {"limit", std::to_string(limit)}}));
    const int n = static_cast<int>(v.size());
    out = *flat_as_column ? Matrix(n, 1) : Matrix(1, n);
    for (int i = 0; i < n; ++i)
      if (!number(v[i], path / i, max_abs, out.data()[i])) return false;
    return true;
  }
  const size_t rows = v.size(), cols = v[0].size();
  if (rows > limit)
    return fail(path, trnf("matrix has {count} row, the limit is {limit}",
                           "matrix has {count} rows, the limit is {limit}",
                           static_cast<unsigned long>(rows),
                           {{"count", std::to_string(rows)}, {"limit", std::to_string(limit)}}));
  if (cols == 0) return fail(path / 0, tr("row is empty"));
  if (cols > limit)
    return fail(
        path / 0,
        trnf("row has {count} number, the limit is {limit}",
             "row has {count} numbers, the limit is {limit}", static_cast<unsigned long>(cols),
             {{"count", std::to_string(cols)}, {"limit", std::to_string(limit)}}));
  for (size_t r = 0; r < rows; ++r) {
    if (!v[r].is_array())
      return fail(path / r, trf("expected a row (an array of numbers), got {type}",
                                {{"type", describe(v[r])}}));
    if (v[r].size() != cols)
      return fail(path / r,
                  // TRANSLATORS: {count} is the number of numbers in this row, {cols} the
                  // number of numbers in the matrix's first row (row 0).
                  trnf("row has {count} number, expected {cols} like row 0 (rows must have "
                       "equal length)",
                       "row has {count} numbers, expected {cols} like row 0 (rows must "
                       "have equal length)",
                       v[r].size(),
                       {{"count", std::to_string(v[r].size())}, {"cols", std::to_string(cols)}}));
  }
  out = Matrix(static_cast<int>(rows), static_cast<int>(cols));
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      if (!number(v[r][c], path / r / c, max_abs, out(static_cast<int>(r), static_cast<int>(c))))
        return false;
  return true;
}

}  // namespace attn

//-----------------------------------------------------------------------------
// LoadError
//-----------------------------------------------------------------------------

namespace attn {

namespace {
// Control characters from the file (a key may hold "\n") are written as
// escapes: an error is always exactly one line.
std::string one_line(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else
      out += c;
  }
  return out;
}
}  // namespace

const json* value_at(const json& doc, const Pointer& where) {
  if (where.empty()) return &doc;
  const json* parent = value_at(doc, where.parent_pointer());
  if (!parent) return nullptr;
  const std::string& token = where.back();
  if (parent->is_object()) {
    const auto it = parent->find(token);
    return it == parent->end() ? nullptr : &*it;
  }
  if (!parent->is_array() || token.empty() || token.size() > 9 ||
      !std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return nullptr;
  const size_t index = std::stoul(token);
  return index < parent->size() ? &(*parent)[index] : nullptr;
}

std::string LoadError::message(std::string_view source) const {
  std::string out = one_line(source);
  if (!path.empty()) out += (out.empty() ? "" : ": ") + one_line(path);
  return out + (out.empty() ? "" : ": ") + one_line(reason);
}

}  // namespace attn
