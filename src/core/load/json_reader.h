// Reading untrusted JSON files (lessons) without throwing: a depth-checked
// parse, and typed access that remembers the first problem with its JSON
// Pointer (RFC 6901) and a one-line reason. Generic: it knows nothing of
// lessons (lesson_loader.cpp does).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/enum_names.h"
#include "core/load/load_error.h"
#include "core/math/matrix.h"
#include "core/text/translation.h"

namespace attn {

using json = nlohmann::json;
using Pointer = json::json_pointer;

// Parses `text` in two passes: a SAX pass that checks syntax and nesting
// (deeper than `max_depth` is refused before anything is built), then the
// DOM. On failure returns nullopt and sets `error`.
std::optional<json> parse_json(std::string_view text, int max_depth, LoadError& error);

// The value at `where` in `doc`, or null when nothing is there (no exceptions:
// the web build has none).
const json* value_at(const json& doc, const Pointer& where);

// "a string", "an array"...: what a value is, for messages, translated.
std::string describe(const json& v);
// Whole numbers in full ("10000000", "4294967296"), others as %g.
std::string format_number(double v);
// "\"a\", \"b\" or \"c\"": alternatives for a message, its "or" translated.
std::string one_of(const std::vector<std::string>& alternatives);
// quoted_names() (core/base/enum_names.h) in the learner's language: the words a
// message offers, and a last alternative that is not a word, a message marked
// with N_() ("\"a\", \"b\" or a number").
template <class E>
std::string quoted_choices(EnumNames<E> table, const char* otherwise = nullptr) {
  std::vector<std::string> alternatives;
  for (const EnumName<E>& e : table) alternatives.push_back("\"" + std::string(e.name) + "\"");
  if (otherwise) alternatives.push_back(tr(otherwise));
  return one_of(alternatives);
}
template <class E, size_t N>
std::string quoted_choices(const EnumName<E> (&table)[N], const char* otherwise = nullptr) {
  return quoted_choices(EnumNames<E>(table), otherwise);
}

class Reader {
 public:
  bool failed() const { return failed_; }
  const LoadError& error() const { return error_; }

  // Records the first problem; always returns false, so `return r.fail(...)`.
  bool fail(const Pointer& path, std::string reason);

  bool expect_object(const json& v, const Pointer& path);
  // Rejects keys this object may not have, suggesting the closest allowed
  // one; keys starting with '_' are notes and always allowed.
  bool known_keys(const json& obj, const Pointer& path, const std::vector<std::string>& allowed);
  bool text(const json& obj, const Pointer& path, const char* key, size_t max_bytes, bool required,
            std::string& out);
  // a-z, 0-9, '-' and '_', at most `max_bytes`.
  bool identifier(const json& obj, const Pointer& path, const char* key, size_t max_bytes,
                  bool required, std::string& out);
  bool integer(const json& v, const Pointer& path, long long lo, long long hi, long long& out);
  bool optional_int(const json& obj, const Pointer& path, const char* key, int lo, int hi,
                    int& out);
  // A finite number with |value| <= max_abs.
  bool number(const json& v, const Pointer& path, double max_abs, double& out);
  bool boolean(const json& obj, const Pointer& path, const char* key, bool& out);
  // A matrix is an array of equal-length rows of numbers (at most max_side of
  // each). A flat array of numbers is accepted where `flat_as_column` says how
  // to read it.
  bool matrix(const json& v, const Pointer& path, std::optional<bool> flat_as_column, int max_side,
              double max_abs, Matrix& out);

  // A word from an enum's table; `unknown` says what to write instead.
  template <class E, size_t N>
  bool word(const json& v, const Pointer& path, const EnumName<E> (&table)[N], E& out,
            const std::string& unknown) {
    if (v.is_string())
      if (auto e = parse_name(table, v.get_ref<const std::string&>())) return out = *e, true;
    return fail(path, unknown);
  }

 private:
  bool failed_ = false;
  LoadError error_;
};

}  // namespace attn
