// [SECTION] Parse: a SAX pass for depth and syntax, then the DOM
// [SECTION] Reader: typed access with JSON paths and first-error reporting
// [SECTION] Part: inputs, random draws, options, variants
// [SECTION] Shapes: how the inputs must fit together
// [SECTION] Steps: the notebook's steps, or defaults
// [SECTION] Lesson
#include "core/lesson_loader.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "core/trace.h"

namespace attn {

using json = nlohmann::json;

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

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Parse
//-----------------------------------------------------------------------------

std::string pointer_token(const std::string& key) {
  std::string out;
  for (const char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

// Checks nesting depth and syntax without building anything, so a hostile file
// cannot make the DOM parser allocate deep structures, and so parse errors come
// back as values rather than exceptions.
class SyntaxCheck : public nlohmann::json_sax<json> {
 public:
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
    return std::string("NaN").rfind(word, 0) == 0 || std::string("Infinity").rfind(word, 0) == 0 ||
           std::string("nan").rfind(word, 0) == 0 || std::string("inf").rfind(word, 0) == 0;
  }
  // Path of the value being read: the current key, or the next index.
  std::string where() const {
    std::string p;
    for (const Level& l : path_)
      p += "/" + (l.object ? pointer_token(l.key) : std::to_string(l.index));
    return p;
  }
  bool value() {
    if (!path_.empty() && !path_.back().object) ++path_.back().index;
    return true;
  }
  bool open(bool object) {
    if (static_cast<int>(path_.size()) >= Limits::kMaxDepth) {
      fail("nested deeper than " + std::to_string(Limits::kMaxDepth) + " levels", where());
      return false;
    }
    path_.push_back({object, "", 0});
    return true;
  }
  bool close() {
    path_.pop_back();
    return value();
  }
  void fail(std::string reason, std::string path = "") {
    if (failed) return;
    failed = true;
    error = {std::move(path), std::move(reason)};
  }

  std::vector<Level> path_;
};

//-----------------------------------------------------------------------------
// [SECTION] Reader
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

// Whole numbers in full ("10000000", "4294967296"), others as %g.
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

size_t edit_distance(const std::string& a, const std::string& b) {
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

// Reads typed values and remembers the first error with its JSON path.
class Reader {
 public:
  bool failed() const { return failed_; }
  const LoadError& error() const { return error_; }

  bool fail(const std::string& path, std::string reason) {
    if (!failed_) error_ = {path, std::move(reason)}, failed_ = true;
    return false;
  }

  // JSON Pointer (RFC 6901): "~" and "/" inside a key are escaped.
  static std::string at(const std::string& path, const std::string& key) {
    return path + "/" + pointer_token(key);
  }
  static std::string at(const std::string& path, size_t i) {
    return path + "/" + std::to_string(i);
  }

  bool expect_object(const json& v, const std::string& path) {
    return v.is_object() || fail(path, "expected an object, got " + describe(v));
  }

  // Rejects keys this object may not have; keys starting with '_' are notes.
  bool known_keys(const json& obj, const std::string& path,
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
      return fail(at(path, k), reason);
    }
    return true;
  }

  bool text(const json& obj, const std::string& path, const char* key, size_t max_chars,
            bool required, std::string& out) {
    auto it = obj.find(key);
    if (it == obj.end()) return !required || fail(path, std::string("missing key \"") + key + "\"");
    if (!it->is_string()) return fail(at(path, key), "expected a string, got " + describe(*it));
    const std::string& s = it->get_ref<const std::string&>();
    if (s.size() > max_chars)
      return fail(at(path, key), "text is " + std::to_string(s.size()) +
                                     " bytes long, the limit is " + std::to_string(max_chars));
    out = s;
    return true;
  }

  bool identifier(const json& obj, const std::string& path, const char* key, bool required,
                  std::string& out) {
    if (!text(obj, path, key, Limits::kMaxIdChars, required, out)) return false;
    if (!required && out.empty() && !obj.contains(key)) return true;
    if (out.empty()) return fail(at(path, key), "must not be empty");
    for (char c : out)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
        return fail(at(path, key), "\"" + out + "\" may use only a-z, 0-9, '-' and '_'");
    return true;
  }

  bool integer(const json& v, const std::string& path, long long lo, long long hi, long long& out) {
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

  bool optional_int(const json& obj, const std::string& path, const char* key, int lo, int hi,
                    int& out) {
    auto it = obj.find(key);
    if (it == obj.end()) return true;
    long long v = 0;
    if (!integer(*it, at(path, key), lo, hi, v)) return false;
    out = static_cast<int>(v);
    return true;
  }

  bool number(const json& v, const std::string& path, double& out) {
    if (!v.is_number()) return fail(path, "expected a number, got " + describe(v));
    out = v.get<double>();
    if (!std::isfinite(out)) return fail(path, "number is not finite");
    if (std::fabs(out) > Limits::kMaxAbsValue)
      return fail(path, format_number(out) + " is out of range (|value| <= " +
                            format_number(Limits::kMaxAbsValue) + ")");
    return true;
  }

  bool boolean(const json& obj, const std::string& path, const char* key, bool& out) {
    auto it = obj.find(key);
    if (it == obj.end()) return true;
    if (!it->is_boolean())
      return fail(at(path, key), "expected true or false, got " + describe(*it));
    out = it->get<bool>();
    return true;
  }

  // A matrix is an array of equal-length rows of numbers. A flat array of
  // numbers is accepted where `flat_as_column` says how to read it (biases).
  bool matrix(const json& v, const std::string& path, std::optional<bool> flat_as_column,
              Matrix& out) {
    if (!v.is_array())
      return fail(path, "expected a matrix (an array of rows), got " + describe(v));
    if (v.empty()) return fail(path, "matrix is empty");
    const bool flat = !v[0].is_array();
    if (flat) {
      if (!flat_as_column)
        return fail(at(path, size_t{0}),
                    "expected a row (an array of numbers), got " + describe(v[0]));
      if (v.size() > static_cast<size_t>(Limits::kMaxDim))
        return fail(path, "vector has " + std::to_string(v.size()) + " numbers, the limit is " +
                              std::to_string(Limits::kMaxDim));
      const int n = static_cast<int>(v.size());
      out = *flat_as_column ? Matrix(n, 1) : Matrix(1, n);
      for (int i = 0; i < n; ++i)
        if (!number(v[i], at(path, i), out.data()[i])) return false;
      return true;
    }
    const size_t rows = v.size(), cols = v[0].size();
    const size_t limit = std::max(Limits::kMaxDim, Limits::kMaxTokens);
    if (rows > limit)
      return fail(path, "matrix has " + std::to_string(rows) + " rows, the limit is " +
                            std::to_string(limit));
    if (cols == 0) return fail(at(path, size_t{0}), "row is empty");
    if (cols > limit)
      return fail(at(path, size_t{0}), "row has " + std::to_string(cols) +
                                           " numbers, the limit is " + std::to_string(limit));
    for (size_t r = 0; r < rows; ++r) {
      if (!v[r].is_array())
        return fail(at(path, r), "expected a row (an array of numbers), got " + describe(v[r]));
      if (v[r].size() != cols)
        return fail(at(path, r), "row has " + count(v[r].size(), "number", "numbers") +
                                     ", expected " + std::to_string(cols) +
                                     " like row 0 (rows must have equal length)");
    }
    out = Matrix(static_cast<int>(rows), static_cast<int>(cols));
    for (size_t r = 0; r < rows; ++r)
      for (size_t c = 0; c < cols; ++c)
        if (!number(v[r][c], at(at(path, r), c), out(static_cast<int>(r), static_cast<int>(c))))
          return false;
    return true;
  }

 private:
  bool failed_ = false;
  LoadError error_;
};

//-----------------------------------------------------------------------------
// [SECTION] Part
//-----------------------------------------------------------------------------

const std::vector<std::string> kPartKeys = [] {
  std::vector<std::string> keys = {"id",       "title",    "tokens", "layout", "precision",
                                   "suppress", "heads",    "scale",  "causal", "arrangement",
                                   "random",   "variants", "names",  "steps"};
  keys.insert(keys.end(), input_names().begin(), input_names().end());
  return keys;
}();

bool read_scaling(Reader& r, const json& v, const std::string& path, Scaling& out) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (s == "sqrt_dk") return out = {ScaleMode::SqrtDk, 1.0}, true;
    if (s == "none") return out = {ScaleMode::None, 1.0}, true;
    return r.fail(
        path, "unknown scale \"" + s + "\": use \"sqrt_dk\", \"none\" or a number to divide by");
  }
  if (!v.is_number())
    return r.fail(path, "expected \"sqrt_dk\", \"none\" or a number, got " + describe(v));
  double d = 0;
  if (!r.number(v, path, d)) return false;
  if (d < Limits::kMinDivisor || d > Limits::kMaxDivisor)
    return r.fail(path, "scale divisor " + format_number(d) + " is out of range [" +
                            format_number(Limits::kMinDivisor) + ", " +
                            format_number(Limits::kMaxDivisor) + "]");
  out = {ScaleMode::Divide, d};
  return true;
}

bool read_arrangement(Reader& r, const json& v, const std::string& path, Arrangement& out) {
  const std::string s = v.is_string() ? v.get<std::string>() : "";
  if (s == "query_rows") return out = Arrangement::QueryRows, true;
  if (s == "key_rows") return out = Arrangement::KeyRows, true;
  if (s == "query_rows_applied_as_key_rows")
    return out = Arrangement::QueryRowsAppliedAsKeyRows, true;
  return r.fail(path,
                "expected \"query_rows\", \"key_rows\" or \"query_rows_applied_as_key_rows\"");
}

bool read_random(Reader& r, const json& v, const std::string& path, Part& part) {
  if (!v.is_array()) return r.fail(path, "expected an array of seeded groups, got " + describe(v));
  size_t draws = 0;
  for (size_t g = 0; g < v.size(); ++g) {
    const std::string gp = Reader::at(path, g);
    const json& gv = v[g];
    if (!r.expect_object(gv, gp) || !r.known_keys(gv, gp, {"seed", "label", "draws"})) return false;
    RandomGroup group;
    long long seed = 0;
    if (!gv.contains("seed")) return r.fail(gp, "missing key \"seed\"");
    if (!r.integer(gv["seed"], Reader::at(gp, "seed"), 0, 4294967295LL, seed)) return false;
    group.seed = static_cast<uint32_t>(seed);
    if (!r.text(gv, gp, "label", Limits::kMaxTitleChars, false, group.label)) return false;
    if (!gv.contains("draws") || !gv["draws"].is_array())
      return r.fail(gp, "missing key \"draws\" (an array of draws)");
    const json& dv = gv["draws"];
    for (size_t i = 0; i < dv.size(); ++i) {
      const std::string dp = Reader::at(Reader::at(gp, "draws"), i);
      const json& d = dv[i];
      if (++draws > static_cast<size_t>(Limits::kMaxDraws))
        return r.fail(dp, "more than " + std::to_string(Limits::kMaxDraws) + " draws");
      if (!r.expect_object(d, dp) ||
          !r.known_keys(d, dp, {"name", "head", "fn", "shape", "loc", "scale", "fill"}))
        return false;
      RandomDraw draw;
      if (!r.text(d, dp, "name", Limits::kMaxIdChars, true, draw.target)) return false;
      if (!is_input_name(draw.target))
        return r.fail(
            Reader::at(dp, "name"),
            "\"" + draw.target +
                "\" is not an input (X, W_q, W_k, W_v, b_q, b_k, b_v, W_o, Q, K, V, weights)");
      if (!r.optional_int(d, dp, "head", 1, Limits::kMaxHeads, draw.head)) return false;
      std::string fn = "rand";
      if (!r.text(d, dp, "fn", 16, false, fn)) return false;
      if (fn == "rand")
        draw.fn = RandomDraw::Fn::Rand;
      else if (fn == "randn")
        draw.fn = RandomDraw::Fn::Randn;
      else if (fn == "normal")
        draw.fn = RandomDraw::Fn::Normal;
      else
        return r.fail(Reader::at(dp, "fn"),
                      "unknown function \"" + fn + "\": use \"rand\", \"randn\" or \"normal\"");
      if (!d.contains("shape")) return r.fail(dp, "missing key \"shape\" ([rows, cols])");
      const json& shape = d["shape"];
      const std::string sp = Reader::at(dp, "shape");
      if (!shape.is_array() || shape.size() != 2) return r.fail(sp, "expected [rows, cols]");
      const int limit = std::max(Limits::kMaxDim, Limits::kMaxTokens);
      long long rows = 0, cols = 0;
      if (!r.integer(shape[0], Reader::at(sp, size_t{0}), 1, limit, rows) ||
          !r.integer(shape[1], Reader::at(sp, size_t{1}), 1, limit, cols))
        return false;
      draw.rows = static_cast<int>(rows);
      draw.cols = static_cast<int>(cols);
      if (draw.fn == RandomDraw::Fn::Normal) {
        if (d.contains("loc") && !r.number(d["loc"], Reader::at(dp, "loc"), draw.loc)) return false;
        if (d.contains("scale") && !r.number(d["scale"], Reader::at(dp, "scale"), draw.scale))
          return false;
      } else if (d.contains("loc") || d.contains("scale")) {
        return r.fail(dp, "\"loc\" and \"scale\" belong to fn \"normal\"");
      }
      std::string fill = "rows";
      if (!r.text(d, dp, "fill", 16, false, fill)) return false;
      if (fill != "rows" && fill != "columns")
        return r.fail(Reader::at(dp, "fill"), "expected \"rows\" or \"columns\"");
      draw.fill_columns = fill == "columns";
      group.draws.push_back(draw);
    }
    part.random.push_back(std::move(group));
  }
  return true;
}

bool read_variants(Reader& r, const json& v, const std::string& path, Part& part) {
  if (!v.is_array()) return r.fail(path, "expected an array of variants, got " + describe(v));
  if (v.size() > static_cast<size_t>(Limits::kMaxVariants))
    return r.fail(path, "more than " + std::to_string(Limits::kMaxVariants) + " variants");
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string vp = Reader::at(path, i);
    const json& vv = v[i];
    if (!r.expect_object(vv, vp) ||
        !r.known_keys(vv, vp, {"id", "label", "scale", "causal", "arrangement"}))
      return false;
    Variant variant;
    if (!r.identifier(vv, vp, "id", true, variant.id)) return false;
    for (const Variant& other : part.variants)
      if (other.id == variant.id)
        return r.fail(Reader::at(vp, "id"), "variant \"" + variant.id + "\" is defined twice");
    variant.label = variant.id;
    if (!r.text(vv, vp, "label", Limits::kMaxTitleChars, false, variant.label)) return false;
    if (vv.contains("scale")) {
      Scaling s;
      if (!read_scaling(r, vv["scale"], Reader::at(vp, "scale"), s)) return false;
      variant.scaling = s;
    }
    if (vv.contains("causal")) {
      bool c = false;
      if (!r.boolean(vv, vp, "causal", c)) return false;
      variant.causal = c;
    }
    if (vv.contains("arrangement")) {
      Arrangement a;
      if (!read_arrangement(r, vv["arrangement"], Reader::at(vp, "arrangement"), a)) return false;
      variant.arrangement = a;
    }
    part.variants.push_back(variant);
  }
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Shapes
//-----------------------------------------------------------------------------

// Works out every input's shape (given or drawn), then checks they fit:
// the path that computes Q, K, V, the widths, the heads.
class ShapeCheck {
 public:
  ShapeCheck(Reader& r, Part& part, const std::string& path) : r_(r), part_(part), path_(path) {}

  bool run() {
    for (const auto& [name, m] : part_.given) part_.shapes[name] = {m.rows(), m.cols()};
    if (!drawn_shapes()) return false;
    return inputs_fit();
  }

 private:
  // Canonical (row layout) shape of an input.
  std::pair<int, int> canon(const std::string& name) const {
    auto [rows, cols] = part_.shapes.at(name);
    return input_is_transposed(part_.layout, name) ? std::pair{cols, rows} : std::pair{rows, cols};
  }
  bool has(const std::string& name) const { return part_.shapes.count(name) > 0; }
  std::string where(const std::string& name) const { return Reader::at(path_, name); }

  bool drawn_shapes() {
    std::map<std::string, std::set<int>> heads_drawn;
    for (size_t g = 0; g < part_.random.size(); ++g) {
      for (size_t i = 0; i < part_.random[g].draws.size(); ++i) {
        const RandomDraw& d = part_.random[g].draws[i];
        const std::string dp =
            Reader::at(Reader::at(Reader::at(Reader::at(path_, "random"), g), "draws"), i);
        if (part_.given.count(d.target))
          return r_.fail(dp, "\"" + d.target + "\" is both written out and drawn at random");
        if (d.head == 0) {
          if (heads_drawn.count(d.target) || has(d.target))
            return r_.fail(dp, "\"" + d.target + "\" is drawn twice");
          part_.shapes[d.target] = {d.rows, d.cols};
          heads_drawn[d.target];  // marks it drawn whole
          continue;
        }
        if (d.head > part_.heads)
          return r_.fail(Reader::at(dp, "head"), "head " + std::to_string(d.head) +
                                                     " but the part has " +
                                                     std::to_string(part_.heads) + " head(s)");
        if (d.target == "X" || d.target == "weights")
          return r_.fail(Reader::at(dp, "head"),
                         "\"" + d.target + "\" is shared by all heads; draw it whole");
        auto& drawn = heads_drawn[d.target];
        if (has(d.target) && drawn.empty())
          return r_.fail(dp, "\"" + d.target + "\" is drawn whole and per head");
        if (!drawn.insert(d.head).second)
          return r_.fail(
              dp, "head " + std::to_string(d.head) + " of \"" + d.target + "\" is drawn twice");
        const bool along_rows = input_is_transposed(part_.layout, d.target);
        const std::pair<int, int> full = along_rows ? std::pair{d.rows * part_.heads, d.cols}
                                                    : std::pair{d.rows, d.cols * part_.heads};
        if (has(d.target) && part_.shapes[d.target] != full)
          return r_.fail(Reader::at(dp, "shape"),
                         "head blocks of \"" + d.target + "\" differ in shape");
        if (std::max(full.first, full.second) > std::max(Limits::kMaxDim, Limits::kMaxTokens))
          return r_.fail(Reader::at(dp, "shape"),
                         "\"" + d.target + "\" would exceed the size limit");
        part_.shapes[d.target] = full;
      }
    }
    for (const auto& [name, drawn] : heads_drawn)
      if (!drawn.empty() && static_cast<int>(drawn.size()) != part_.heads)
        return r_.fail(Reader::at(path_, "random"), "\"" + name + "\" is drawn for " +
                                                        std::to_string(drawn.size()) + " of " +
                                                        std::to_string(part_.heads) + " heads");
    return true;
  }

  bool forbid(const std::vector<std::string>& names, const std::string& because) {
    for (const std::string& n : names)
      if (has(n)) return r_.fail(where(n), "\"" + n + "\" cannot be used " + because);
    return true;
  }

  // "W_q (4, 3)" in the part's own layout, for messages.
  std::string shown(const std::string& name) const {
    auto [rows, cols] = part_.shapes.at(name);
    return name + " (" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
  }

  bool width(const std::string& name, int expected, const std::string& what) {
    auto [rows, cols] = canon(name);
    (void)rows;
    if (cols == expected) return true;
    return r_.fail(where(name), shown(name) + " does not fit: " + what);
  }

  bool inputs_fit() {
    const int n = static_cast<int>(part_.tokens.size());
    const bool columns = part_.layout == Layout::Columns;
    const std::string token_axis = columns ? "columns" : "rows";
    auto tokens_match = [&](const std::string& name) {
      if (canon(name).first == n) return true;
      return r_.fail(where(name), shown(name) + " must have one of its " + token_axis +
                                      " per token (" + std::to_string(n) + " tokens)");
    };
    auto width_ok = [&](int w, const std::string& name) {
      if (w % part_.heads == 0) return true;
      return r_.fail(where(name), shown(name) + ": its width " + std::to_string(w) +
                                      " does not divide into " + std::to_string(part_.heads) +
                                      " equal heads");
    };

    int d_k = 0, d_v = 0;
    bool has_v = false;
    if (has("X")) {
      if (!forbid({"Q", "K", "V", "weights"}, "with \"X\": Q, K and V are computed from X"))
        return false;
      for (const char* w : {"W_q", "W_k"})
        if (!has(w))
          return r_.fail(path_, std::string("missing key \"") + w + "\" (needed with \"X\")");
      if (!tokens_match("X")) return false;
      const int d = canon("X").second;
      const std::string rule =
          columns ? "Ω·X needs as many columns as X has rows (" + std::to_string(d) + ")"
          : part_.layout == Layout::Rows
              ? "X·W needs as many rows as X has columns (" + std::to_string(d) + ")"
              : "X·Wᵀ needs as many columns as X has columns (" + std::to_string(d) + ")";
      for (const char* w : {"W_q", "W_k", "W_v"})
        if (has(w) && canon(w).first != d)
          return r_.fail(where(w), shown(w) + " does not fit: " + rule);
      d_k = canon("W_q").second;
      if (!width("W_k", d_k, "K must be as wide as Q (" + std::to_string(d_k) + ") for Q·Kᵀ"))
        return false;
      has_v = has("W_v");
      if (has_v) d_v = canon("W_v").second;
      const std::pair<const char*, const char*> biases[] = {
          {"b_q", "W_q"}, {"b_k", "W_k"}, {"b_v", "W_v"}};
      for (auto [b, w] : biases) {
        if (!has(b)) continue;
        if (!has(w)) return r_.fail(where(b), std::string("\"") + b + "\" needs \"" + w + "\"");
        if (canon(b).first != 1 || canon(b).second != canon(w).second)
          return r_.fail(where(b), shown(b) + " must have one number per output of " + w + " (" +
                                       std::to_string(canon(w).second) + ")");
      }
    } else if (has("Q") || has("K")) {
      if (!forbid({"W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "weights"}, "with given Q and K"))
        return false;
      if (!has("Q") || !has("K"))
        return r_.fail(path_, has("Q") ? "missing key \"K\" (needed with \"Q\")"
                                       : "missing key \"Q\" (needed with \"K\")");
      if (!tokens_match("Q") || !tokens_match("K")) return false;
      d_k = canon("Q").second;
      if (!width("K", d_k, "K must be as wide as Q (" + std::to_string(d_k) + ") for Q·Kᵀ"))
        return false;
      has_v = has("V");
      if (has_v) {
        if (!tokens_match("V")) return false;
        d_v = canon("V").second;
      }
    } else if (has("weights")) {
      if (!forbid({"W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "W_o"}, "with given weights"))
        return false;
      if (!has("V")) return r_.fail(path_, "missing key \"V\" (needed with \"weights\")");
      if (part_.heads != 1)
        return r_.fail(Reader::at(path_, "heads"), "given weights serve one head");
      auto [rows, cols] = part_.shapes.at("weights");
      if (rows != n || cols != n)
        return r_.fail(where("weights"), shown("weights") + " must be (" + std::to_string(n) +
                                             ", " + std::to_string(n) +
                                             "): one row and one column per token");
      if (!tokens_match("V")) return false;
      return true;
    } else {
      return r_.fail(path_, "no inputs: give X with W_q and W_k, or Q and K, or weights and V");
    }
    if (!width_ok(d_k, has("X") ? "W_q" : "Q")) return false;
    if (has_v && !width_ok(d_v, has("X") ? "W_v" : "V")) return false;
    if (has("W_o")) {
      if (!has_v)
        return r_.fail(where("W_o"),
                       "\"W_o\" projects the attention output, which needs values (W_v or V)");
      if (canon("W_o").first != d_v)
        return r_.fail(where("W_o"), shown("W_o") + " does not fit: it must take the " +
                                         std::to_string(d_v) + " concatenated value dimensions");
    }
    return true;
  }

  Reader& r_;
  Part& part_;
  std::string path_;
};

// `named`: one of several parts (has its own id); otherwise the lesson object
// itself, whose keys were checked already.
bool read_part(Reader& r, const json& v, const std::string& path, int default_precision, bool named,
               Part& part) {
  if (!r.expect_object(v, path) || (named && !r.known_keys(v, path, kPartKeys))) return false;
  if (named && !r.identifier(v, path, "id", true, part.id)) return false;
  if (named && !r.text(v, path, "title", Limits::kMaxTitleChars, false, part.title)) return false;

  // tokens
  auto tokens = v.find("tokens");
  if (tokens == v.end()) return r.fail(path, "missing key \"tokens\" (one name per token)");
  const std::string tp = Reader::at(path, "tokens");
  if (!tokens->is_array())
    return r.fail(tp, "expected an array of token names, got " + describe(*tokens));
  if (tokens->empty()) return r.fail(tp, "needs at least one token");
  if (tokens->size() > static_cast<size_t>(Limits::kMaxTokens))
    return r.fail(tp, std::to_string(tokens->size()) + " tokens, the limit is " +
                          std::to_string(Limits::kMaxTokens));
  for (size_t i = 0; i < tokens->size(); ++i) {
    const json& t = (*tokens)[i];
    if (!t.is_string())
      return r.fail(Reader::at(tp, i), "expected a token name (a string), got " + describe(t));
    const std::string& s = t.get_ref<const std::string&>();
    if (s.empty() || s.size() > Limits::kMaxIdChars)
      return r.fail(Reader::at(tp, i),
                    "token names must be 1 to " + std::to_string(Limits::kMaxIdChars) + " bytes");
    part.tokens.push_back(s);
  }

  // layout and options
  std::string layout = "rows";
  if (!r.text(v, path, "layout", 32, false, layout)) return false;
  if (layout == "rows")
    part.layout = Layout::Rows;
  else if (layout == "rows_transposed_weights")
    part.layout = Layout::RowsTransposedWeights;
  else if (layout == "columns")
    part.layout = Layout::Columns;
  else
    return r.fail(Reader::at(path, "layout"),
                  "unknown layout \"" + layout +
                      "\": use \"rows\", \"rows_transposed_weights\" or \"columns\"");
  part.precision = default_precision;
  if (!r.optional_int(v, path, "precision", 0, 12, part.precision)) return false;
  if (!r.boolean(v, path, "suppress", part.suppress)) return false;
  if (!r.optional_int(v, path, "heads", 1, Limits::kMaxHeads, part.heads)) return false;
  if (v.contains("scale") &&
      !read_scaling(r, v["scale"], Reader::at(path, "scale"), part.options.scaling))
    return false;
  if (!r.boolean(v, path, "causal", part.options.causal)) return false;
  if (v.contains("arrangement") &&
      !read_arrangement(r, v["arrangement"], Reader::at(path, "arrangement"),
                        part.options.arrangement))
    return false;

  // inputs written as numbers
  for (const std::string& name : input_names()) {
    auto it = v.find(name);
    if (it == v.end()) continue;
    std::optional<bool> flat;
    if (name[0] == 'b') flat = part.layout == Layout::Columns;
    Matrix m;
    if (!r.matrix(*it, Reader::at(path, name), flat, m)) return false;
    part.given[name] = std::move(m);
  }
  if (v.contains("random") && !read_random(r, v["random"], Reader::at(path, "random"), part))
    return false;
  if (v.contains("variants") &&
      !read_variants(r, v["variants"], Reader::at(path, "variants"), part))
    return false;

  // display names
  if (v.contains("names")) {
    const json& names = v["names"];
    const std::string np = Reader::at(path, "names");
    if (!r.expect_object(names, np)) return false;
    for (auto it = names.begin(); it != names.end(); ++it) {
      std::string label;
      if (!r.text(names, np, it.key().c_str(), Limits::kMaxIdChars, true, label)) return false;
      part.names[it.key()] = label;
    }
  }
  return ShapeCheck(r, part, path).run();
}

//-----------------------------------------------------------------------------
// [SECTION] Steps
//-----------------------------------------------------------------------------

bool read_steps(Reader& r, const json& v, const std::string& path, Part& part) {
  if (!v.is_array()) return r.fail(path, "expected an array of steps, got " + describe(v));
  if (v.empty()) return r.fail(path, "needs at least one step");
  if (v.size() > static_cast<size_t>(Limits::kMaxSteps))
    return r.fail(path, std::to_string(v.size()) + " steps, the limit is " +
                            std::to_string(Limits::kMaxSteps));
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string sp = Reader::at(path, i);
    const json& s = v[i];
    if (!r.expect_object(s, sp) ||
        !r.known_keys(s, sp, {"id", "title", "formula", "text", "show", "precision"}))
      return false;
    StepSpec step;
    if (!r.identifier(s, sp, "id", false, step.id)) return false;
    if (!r.text(s, sp, "title", Limits::kMaxTitleChars, true, step.title)) return false;
    if (!r.text(s, sp, "formula", Limits::kMaxTitleChars, false, step.formula)) return false;
    if (!r.text(s, sp, "text", Limits::kMaxTextChars, false, step.text)) return false;
    if (!r.optional_int(s, sp, "precision", 0, 12, step.precision)) return false;
    auto show = s.find("show");
    if (show != s.end()) {
      if (!show->is_array())
        return r.fail(Reader::at(sp, "show"),
                      "expected an array of matrix names, got " + describe(*show));
      for (size_t j = 0; j < show->size(); ++j) {
        const json& n = (*show)[j];
        if (!n.is_string() || n.get_ref<const std::string&>().size() > Limits::kMaxIdChars)
          return r.fail(Reader::at(Reader::at(sp, "show"), j), "expected a matrix name");
        step.show.push_back(n.get<std::string>());
      }
    }
    part.steps.push_back(std::move(step));
  }
  return true;
}

// Steps for a part that does not list its own: one per stage of the pipeline.
std::vector<StepSpec> default_steps(const Part& part, const Trace& trace, int part_index) {
  std::vector<std::string> names;
  for (const TraceMatrix& m : trace.matrices)
    if (m.part == part_index) names.push_back(m.name);
  auto with_base = [&](const std::string& base, bool variants) {
    std::vector<std::string> out;
    for (const TraceMatrix& m : trace.matrices)
      if (m.part == part_index && m.base == base && (variants || m.variant.empty()))
        out.push_back(m.name);
    return out;
  };
  auto has = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  std::vector<StepSpec> steps;
  auto add = [&](std::string id, std::string title, std::string formula, std::string text,
                 std::vector<std::string> show) {
    if (show.empty()) return;
    steps.push_back(
        {std::move(id), std::move(title), std::move(formula), std::move(text), std::move(show)});
  };
  const bool columns = part.layout == Layout::Columns;
  if (has("X")) {
    add("inputs", "Inputs", "", "One embedding per token.", {"X"});
    std::vector<std::string> qkv;
    for (const char* n : {"W_q", "W_k", "W_v", "b_q", "b_k", "b_v", "Q", "K", "V"})
      if (has(n)) qkv.push_back(n);
    add("projections", "Queries, keys and values",
        columns                       ? "Q = W_q·X + b_q"
        : part.layout == Layout::Rows ? "Q = X·W_q"
                                      : "Q = X·W_qᵀ",
        "Each token's embedding is multiplied by three weight matrices.", qkv);
  } else if (has("weights")) {
    add("inputs", "Attention weights and values", "", "The weights are given; each row sums to 1.",
        {"weights", "V"});
  } else {
    std::vector<std::string> qkv;
    for (const char* n : {"Q", "K", "V"})
      if (has(n)) qkv.push_back(n);
    add("inputs", "Queries, keys and values", "", "Given directly.", qkv);
  }
  add("scores", "Scores", "scores = Q·Kᵀ",
      "Each query is compared with every key by a dot product.", with_base("scores", false));
  add("scale", "Scale", "scaled = scores{scale}",
      "Scaling keeps the scores from growing with the width.", with_base("scaled", false));
  add("mask", "Causal mask", "masked = scaled, −∞ above the diagonal",
      "A token may not attend to later tokens.", with_base("masked", false));
  add("softmax", "Softmax", "weights = softmax(scaled)",
      "Each query's scores become weights that sum to 1.", with_base("weights", false));
  if (part.heads > 1) {
    add("heads", "Weighted sum per head", "head = weights·V",
        "Each head mixes its own slice of the values.", with_base("context", false));
    std::vector<std::string> last = with_base("concat", false);
    for (const std::string& n : with_base("output", false)) last.push_back(n);
    add("output", "Concatenate and project", "output = concat(heads)·W_o",
        "The heads' outputs side by side, projected back.", last);
  } else {
    std::vector<std::string> last = with_base("context", false);
    for (const std::string& n : with_base("output", false)) last.push_back(n);
    add("output", "Weighted sum of values", "output = weights·V",
        "Each output row is a weighted average of the value rows.", last);
  }
  for (const Variant& v : part.variants) {
    std::vector<std::string> show;
    for (const TraceMatrix& m : trace.matrices)
      if (m.part == part_index && m.variant == v.id && (m.base == "weights" || m.base == "output"))
        show.push_back(m.name);
    add("variant-" + v.id, v.label, "", "The same inputs with other settings.", show);
  }
  return steps;
}

//-----------------------------------------------------------------------------
// [SECTION] Lesson
//-----------------------------------------------------------------------------

const std::vector<std::string> kLessonKeys = [] {
  std::vector<std::string> keys = kPartKeys;
  keys.insert(keys.end(), {"source", "parts", "main"});
  return keys;
}();

}  // namespace

LoadResult load_lesson(std::string_view text) {
  LoadResult result;
  auto fail = [&](std::string path, std::string reason) {
    result.error = {std::move(path), std::move(reason)};
    return result;
  };
  if (text.size() > Limits::kMaxFileBytes)
    return fail("", "file is " + std::to_string(text.size()) + " bytes, the limit is " +
                        std::to_string(Limits::kMaxFileBytes));
  if (text.size() >= 2 && ((static_cast<unsigned char>(text[0]) == 0xFF &&
                            static_cast<unsigned char>(text[1]) == 0xFE) ||
                           (static_cast<unsigned char>(text[0]) == 0xFE &&
                            static_cast<unsigned char>(text[1]) == 0xFF)))
    return fail("", "file is UTF-16; save it as UTF-8");
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM

  SyntaxCheck check;
  json::sax_parse(text, &check, nlohmann::detail::input_format_t::json, true);
  if (check.failed) return fail(check.error.path, check.error.reason);
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) return fail("", "invalid JSON");

  Reader r;
  Lesson lesson;
  const std::string root;
  if (!doc.is_object()) return fail("", "expected a lesson object ({...}), got " + describe(doc));
  const bool has_parts = doc.contains("parts");
  if (!r.known_keys(doc, root, kLessonKeys) || !r.identifier(doc, root, "id", true, lesson.id) ||
      !r.text(doc, root, "title", Limits::kMaxTitleChars, true, lesson.title) ||
      !r.text(doc, root, "source", Limits::kMaxTitleChars, false, lesson.source))
    return fail(r.error().path, r.error().reason);
  int precision = 8;
  if (has_parts && !r.optional_int(doc, root, "precision", 0, 12, precision))
    return fail(r.error().path, r.error().reason);

  std::vector<std::pair<const json*, std::string>> part_docs;
  if (has_parts) {
    const json& parts = doc["parts"];
    if (!parts.is_array() || parts.empty())
      return fail("/parts", "expected a non-empty array of parts");
    if (parts.size() > static_cast<size_t>(Limits::kMaxParts))
      return fail("/parts", std::to_string(parts.size()) + " parts, the limit is " +
                                std::to_string(Limits::kMaxParts));
    for (auto it = doc.begin(); it != doc.end(); ++it)
      if (std::find(kPartKeys.begin(), kPartKeys.end(), it.key()) != kPartKeys.end() &&
          it.key() != "id" && it.key() != "title" && it.key() != "precision")
        return fail("/" + it.key(),
                    "\"" + it.key() + "\" belongs inside each part when the lesson has \"parts\"");
    for (size_t i = 0; i < parts.size(); ++i)
      part_docs.push_back({&parts[i], Reader::at("/parts", i)});
  } else {
    if (doc.contains("main"))
      return fail("/main", "\"main\" names a part; this lesson has no \"parts\"");
    part_docs.push_back({&doc, root});
  }

  for (const auto& [pv, path] : part_docs) {
    Part part;
    if (!read_part(r, *pv, path, precision, has_parts, part))
      return fail(r.error().path, r.error().reason);
    for (const Part& other : lesson.parts)
      if (other.id == part.id)
        return fail(Reader::at(path, "id"), "part \"" + part.id + "\" is defined twice");
    lesson.parts.push_back(std::move(part));
  }

  // The main part: named, or the first that computes attention weights.
  int main = -1;
  if (doc.contains("main")) {
    std::string main_id;
    if (!r.identifier(doc, root, "main", true, main_id))
      return fail(r.error().path, r.error().reason);
    for (size_t i = 0; i < lesson.parts.size(); ++i)
      if (lesson.parts[i].id == main_id) main = static_cast<int>(i);
    if (main < 0) return fail("/main", "no part has id \"" + main_id + "\"");
  }

  // Steps are checked against what the lesson actually computes.
  lesson.main_part = std::max(main, 0);
  const Trace trace = build_trace(lesson, default_state(lesson));
  for (size_t i = 0; main < 0 && i < lesson.parts.size(); ++i)
    for (const TraceMatrix& m : trace.matrices)
      if (m.part == static_cast<int>(i) && m.base == "weights") main = static_cast<int>(i);
  lesson.main_part = std::max(main, 0);

  std::set<std::string> step_ids;
  size_t total_steps = 0;
  for (size_t p = 0; p < lesson.parts.size(); ++p) {
    Part& part = lesson.parts[p];
    const json& pv = *part_docs[p].first;
    const std::string& path = part_docs[p].second;
    if (pv.contains("steps")) {
      if (!read_steps(r, pv["steps"], Reader::at(path, "steps"), part))
        return fail(r.error().path, r.error().reason);
      for (size_t i = 0; i < part.steps.size(); ++i)
        for (size_t j = 0; j < part.steps[i].show.size(); ++j) {
          const std::string& name = part.steps[i].show[j];
          if (!trace.find(matrix_id(lesson, static_cast<int>(p), name)))
            return fail(Reader::at(Reader::at(Reader::at(Reader::at(path, "steps"), i), "show"), j),
                        "\"" + name + "\" is not a matrix this part computes");
        }
    } else {
      part.steps = default_steps(part, trace, static_cast<int>(p));
    }
    for (size_t i = 0; i < part.steps.size(); ++i) {
      StepSpec& step = part.steps[i];
      if (step.id.empty())
        step.id = "step-" + std::to_string(total_steps + 1);
      else if (has_parts && !pv.contains("steps"))
        step.id = part.id + "-" + step.id;
      if (!step_ids.insert(step.id).second)
        return fail(Reader::at(Reader::at(Reader::at(path, "steps"), i), "id"),
                    "step id \"" + step.id + "\" is used twice");
      ++total_steps;
    }
  }
  if (total_steps > static_cast<size_t>(Limits::kMaxSteps))
    return fail("", std::to_string(total_steps) + " steps in all, the limit is " +
                        std::to_string(Limits::kMaxSteps));

  result.lesson = std::move(lesson);
  return result;
}

}  // namespace attn
