// Parsing JSON text into a document in one pass, with nesting depth checked as
// it goes and no exceptions. Every parse of the programs goes through here, so
// the web build carries one copy of nlohmann's parser (one SAX instantiation
// over one kind of input) rather than one per call site.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// Builds the document from the parser's events. A reader that explains its
// failures (core/load/json_reader.cpp) overrides the two hooks.
class JsonDocumentBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  using json = nlohmann::json;
  JsonDocumentBuilder(std::string_view text, int max_depth) : text_(text), max_depth_(max_depth) {}

  json document;
  bool failed = false;

  bool null() override { return value(nullptr); }
  bool boolean(bool v) override { return value(v); }
  bool number_integer(number_integer_t v) override { return value(v); }
  bool number_unsigned(number_unsigned_t v) override { return value(v); }
  bool number_float(number_float_t v, const string_t&) override { return value(v); }
  bool string(string_t& v) override { return value(std::move(v)); }
  bool binary(binary_t&) override { return false; }  // JSON has none
  bool start_object(std::size_t) override { return open(json::object()); }
  bool key(string_t& k) override;
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string& last_token,
                   const nlohmann::detail::exception& ex) override;

 protected:
  // Nested deeper than max_depth: the value at `where` is not read.
  virtual void too_deep(const json::json_pointer& where) { (void)where; }
  // The parser's error; its message, its last token.
  virtual void syntax_error(const std::string& last_token, const nlohmann::detail::exception& ex) {
    (void)last_token, (void)ex;
  }
  json::json_pointer where() const;  // path of the value being read
  std::string_view text_;
  int max_depth_;

 private:
  struct Level {
    json* at;  // the object or array being filled
    std::string key;
    std::size_t index = 0;
  };
  json* place(json v);
  bool done();
  bool value(json v);
  bool open(json container);
  bool close();
  std::vector<Level> path_;
};

// Runs `builder` over `text`; false if the text is not JSON, or too deep.
bool parse_document(std::string_view text, JsonDocumentBuilder& builder);

// The document in `text`, or a discarded value (is_discarded()) if it is not
// JSON or nests deeper than `max_depth`.
nlohmann::json parse_or_discard(std::string_view text, int max_depth = 64);

}  // namespace attn
