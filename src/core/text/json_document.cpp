// One pass from JSON text to a document (core/text/json_document.h).
#include "core/text/json_document.h"

#include <utility>

namespace attn {

using json = nlohmann::json;

bool JsonDocumentBuilder::key(string_t& k) {
  path_.back().key = k;
  return true;
}

bool JsonDocumentBuilder::parse_error(std::size_t, const std::string& last_token,
                                      const nlohmann::detail::exception& ex) {
  if (!failed) syntax_error(last_token, ex);
  failed = true;
  return false;
}

json::json_pointer JsonDocumentBuilder::where() const {
  json::json_pointer p;
  for (const Level& l : path_) p = l.at->is_object() ? p / l.key : p / l.index;
  return p;
}

// Puts a value where the parser is: the document, an object's key, or the
// next place of an array (a key given twice keeps its last value).
json* JsonDocumentBuilder::place(json v) {
  if (path_.empty()) return &(document = std::move(v));
  Level& l = path_.back();
  if (l.at->is_object()) return &((*l.at)[l.key] = std::move(v));
  l.at->push_back(std::move(v));
  return &l.at->back();
}

// A value read whole: an array's next one is at the next index.
bool JsonDocumentBuilder::done() {
  if (!path_.empty() && path_.back().at->is_array()) ++path_.back().index;
  return true;
}

bool JsonDocumentBuilder::value(json v) {
  place(std::move(v));
  return done();
}

bool JsonDocumentBuilder::open(json container) {
  if (static_cast<int>(path_.size()) >= max_depth_) {
    if (!failed) too_deep(where());
    failed = true;
    return false;
  }
  json* at = place(std::move(container));
  path_.push_back({at, "", 0});
  return true;
}

bool JsonDocumentBuilder::close() {
  path_.pop_back();
  return done();
}

bool parse_document(std::string_view text, JsonDocumentBuilder& builder) {
  // nlohmann's JSON parser itself, over pointers, through the abstract
  // handler: the one instantiation. Not json::sax_parse, whose input format is
  // chosen at run time, so it links the CBOR, MessagePack and UBJSON readers
  // too (39 kB of the page's program, gzipped).
  nlohmann::json_sax<json>* handler = &builder;
  auto input = nlohmann::detail::input_adapter(text.data(), text.data() + text.size());
  nlohmann::detail::parser<json, decltype(input)> parser(std::move(input), nullptr,
                                                         /*allow_exceptions=*/false);
  parser.sax_parse(handler, /*strict=*/true);
  return !builder.failed;
}

json parse_or_discard(std::string_view text, int max_depth) {
  JsonDocumentBuilder builder(text, max_depth);
  if (!parse_document(text, builder)) return json(json::value_t::discarded);
  return std::move(builder.document);
}

}  // namespace attn
