#include "core/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

//-----------------------------------------------------------------------------
// Parse
//-----------------------------------------------------------------------------

namespace {

// Checks nesting depth and syntax without building anything, so a hostile file
// cannot make the DOM parser allocate deep structures, and so parse errors come
// back as values rather than exceptions.
class SyntaxCheck : public nlohmann::json_sax<json> {
 public:
  explicit SyntaxCheck(int max_depth) : max_depth_(max_depth) {}

  LoadError error;
  bool failed = false;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(true); }
  bool key(string_t& k) override {
    path_.back().key = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string& last_token,
                   const nlohmann::detail::exception& ex) override {
    std::string what = ex.what();
    const std::string prefix = "parse error at ";
    const size_t at = what.find(prefix);
    if (at != std::string::npos) what = what.substr(at + prefix.size());
    if (ex.id == 406) {  // out_of_range: a number beyond double's range
      fail("number " + last_token + " is too large to be a finite number", where());
    } else if (what.find("ill-formed UTF-8") != std::string::npos) {
      // Not echoed: the bytes would be as unreadable in the message.
      fail("text is not valid UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8", where());
    } else if (spells_non_finite(last_token)) {
      fail("NaN and Infinity are not JSON numbers; write a finite number", where());
    } else {
      fail("invalid JSON: " + what);
    }
    return false;
  }

 private:
  struct Level {
    bool object;
    std::string key;
    size_t index = 0;
  };

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
  // Path of the value being read: the current key, or the next index.
  Pointer where() const {
    Pointer p;
    for (const Level& l : path_) p = l.object ? p / l.key : p / l.index;
    return p;
  }
  bool value() {
    if (!path_.empty() && !path_.back().object) ++path_.back().index;
    return true;
  }
  bool open(bool object) {
    if (static_cast<int>(path_.size()) >= max_depth_) {
      fail("nested deeper than " + std::to_string(max_depth_) + " levels", where());
      return false;
    }
    path_.push_back({object, "", 0});
    return true;
  }
  bool close() {
    path_.pop_back();
    return value();
  }
  void fail(std::string reason, const Pointer& path = Pointer()) {
    if (failed) return;
    failed = true;
    error = {path.to_string(), std::move(reason)};
  }

  int max_depth_;
  std::vector<Level> path_;
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
  SyntaxCheck check(max_depth);
  json::sax_parse(text, &check, nlohmann::detail::input_format_t::json, true);
  if (check.failed) {
    error = check.error;
    return std::nullopt;
  }
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) {
    error = {"", "invalid JSON"};
    return std::nullopt;
  }
  return doc;
}

//-----------------------------------------------------------------------------
// Words for messages
//-----------------------------------------------------------------------------

std::string describe(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::binary:
      return "binary data";
    case json::value_t::discarded:
      return "nothing";
    default:
      return "a number";
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

std::string count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

//-----------------------------------------------------------------------------
// Reader
//-----------------------------------------------------------------------------

bool Reader::fail(const Pointer& path, std::string reason) {
  if (!failed_) error_ = {path.to_string(), std::move(reason)}, failed_ = true;
  return false;
}

bool Reader::expect_object(const json& v, const Pointer& path) {
  return v.is_object() || fail(path, "expected an object, got " + describe(v));
}

bool Reader::known_keys(const json& obj, const Pointer& path,
                        const std::vector<std::string>& allowed) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& k = it.key();
    if (k.rfind('_', 0) == 0 || std::find(allowed.begin(), allowed.end(), k) != allowed.end())
      continue;
    std::string reason = "unknown key \"" + k + "\"";
    const std::string* best = nullptr;
    size_t best_d = 3;
    for (const std::string& a : allowed) {
      const size_t d = edit_distance(k, a);
      if (d < best_d) best_d = d, best = &a;
    }
    if (best) reason += "; did you mean \"" + *best + "\"?";
    return fail(path / k, reason);
  }
  return true;
}

bool Reader::text(const json& obj, const Pointer& path, const char* key, size_t max_bytes,
                  bool required, std::string& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return !required || fail(path, std::string("missing key \"") + key + "\"");
  if (!it->is_string()) return fail(path / key, "expected a string, got " + describe(*it));
  const std::string& s = it->get_ref<const std::string&>();
  if (s.size() > max_bytes)
    return fail(path / key, "text is " + std::to_string(s.size()) + " bytes long, the limit is " +
                                std::to_string(max_bytes));
  out = s;
  return true;
}

bool Reader::identifier(const json& obj, const Pointer& path, const char* key, size_t max_bytes,
                        bool required, std::string& out) {
  if (!text(obj, path, key, max_bytes, required, out)) return false;
  if (!obj.contains(key)) return true;
  if (out.empty()) return fail(path / key, "must not be empty");
  for (char c : out)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return fail(path / key, "\"" + out + "\" may use only a-z, 0-9, '-' and '_'");
  return true;
}

bool Reader::integer(const json& v, const Pointer& path, long long lo, long long hi,
                     long long& out) {
  if (!v.is_number()) return fail(path, "expected a whole number, got " + describe(v));
  const double d = v.get<double>();
  if (!v.is_number_integer() && !v.is_number_unsigned() && std::floor(d) != d)
    return fail(path, "expected a whole number, got " + format_number(d));
  if (d < static_cast<double>(lo) || d > static_cast<double>(hi))
    return fail(path, format_number(d) + " is out of range [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "]");
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
  if (!v.is_number()) return fail(path, "expected a number, got " + describe(v));
  out = v.get<double>();
  if (!std::isfinite(out)) return fail(path, "number is not finite");
  if (std::fabs(out) > max_abs)
    return fail(
        path, format_number(out) + " is out of range (|value| <= " + format_number(max_abs) + ")");
  return true;
}

bool Reader::boolean(const json& obj, const Pointer& path, const char* key, bool& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return true;
  if (!it->is_boolean()) return fail(path / key, "expected true or false, got " + describe(*it));
  out = it->get<bool>();
  return true;
}

bool Reader::matrix(const json& v, const Pointer& path, std::optional<bool> flat_as_column,
                    int max_side, double max_abs, Matrix& out) {
  if (!v.is_array()) return fail(path, "expected a matrix (an array of rows), got " + describe(v));
  if (v.empty()) return fail(path, "matrix is empty");
  const size_t limit = static_cast<size_t>(max_side);
  const bool flat = !v[0].is_array();
  if (flat) {
    if (!flat_as_column)
      return fail(path / 0, "expected a row (an array of numbers), got " + describe(v[0]));
    if (v.size() > limit)
      return fail(path, "vector has " + std::to_string(v.size()) + " numbers, the limit is " +
                            std::to_string(limit));
    const int n = static_cast<int>(v.size());
    out = *flat_as_column ? Matrix(n, 1) : Matrix(1, n);
    for (int i = 0; i < n; ++i)
      if (!number(v[i], path / i, max_abs, out.data()[i])) return false;
    return true;
  }
  const size_t rows = v.size(), cols = v[0].size();
  if (rows > limit)
    return fail(path, "matrix has " + std::to_string(rows) + " rows, the limit is " +
                          std::to_string(limit));
  if (cols == 0) return fail(path / 0, "row is empty");
  if (cols > limit)
    return fail(path / 0, "row has " + std::to_string(cols) + " numbers, the limit is " +
                              std::to_string(limit));
  for (size_t r = 0; r < rows; ++r) {
    if (!v[r].is_array())
      return fail(path / r, "expected a row (an array of numbers), got " + describe(v[r]));
    if (v[r].size() != cols)
      return fail(path / r, "row has " + count(v[r].size(), "number", "numbers") + ", expected " +
                                std::to_string(cols) + " like row 0 (rows must have equal length)");
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

std::string LoadError::message(std::string_view source) const {
  std::string out = one_line(source);
  if (!path.empty()) out += ": " + one_line(path);
  return out + ": " + one_line(reason);
}

}  // namespace attn
