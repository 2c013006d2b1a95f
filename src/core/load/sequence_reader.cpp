// Reading where a part's tokens stand and what else they read (sequence_reader.h).
#include "core/load/sequence_reader.h"

#include <algorithm>

#include "core/lesson/inputs.h"
#include "core/text/translation.h"

namespace attn {

namespace {

bool drawn(const Part& part, Stage stage) {
  for (const RandomGroup& g : part.random)
    for (const RandomDraw& d : g.draws)
      if (d.target == stage) return true;
  return false;
}

// "rope": true, false, or {"base": 10000, "pairs": "interleaved" | "halves"}.
bool read_rope(Reader& r, const json& v, const Pointer& path, std::optional<Rope>& out) {
  if (v.is_boolean()) {
    out = v.get<bool>() ? std::optional<Rope>(Rope{}) : std::nullopt;
    return true;
  }
  if (!v.is_object())
    return r.fail(path,
                  // TRANSLATORS: the lesson file's "rope" key (rotary positions); keep true, false
                  // and the JSON in English; {type} is what the file has instead.
                  trf("expected true, false or an object ({\"base\": …, \"pairs\": …}), got {type}",
                      {{"type", describe(v)}}));
  if (!r.known_keys(v, path, {"base", "pairs"})) return false;
  Rope rope;
  if (v.contains("base")) {
    if (!r.number(v["base"], path / "base", Limits::kMaxRopeBase, rope.base)) return false;
    if (rope.base <= 0.0)
      // TRANSLATORS: RoPE's base (10000 by default), a number; it must be positive.
      return r.fail(path / "base", tr("the base must be above 0"));
  }
  if (v.contains("pairs") &&
      !r.word(v["pairs"], path / "pairs", kRopePairsNames, rope.pairs,
              // TRANSLATORS: how RoPE pairs a head's columns; {value} is the lesson file's word,
              // {choices} the words allowed, kept in English ("\"interleaved\" or \"halves\"").
              trf("unknown pairing {value}: use {choices}",
                  {{"value", v["pairs"].dump()}, {"choices", quoted_choices(kRopePairsNames)}})))
    return false;
  out = rope;
  return true;
}

// The memory's token names, as a part's own.
bool read_memory_tokens(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!v.is_array())
    return r.fail(path,
                  trf("expected an array of token names, got {type}", {{"type", describe(v)}}));
  if (v.empty()) return r.fail(path, tr("needs at least one token"));
  if (v.size() > static_cast<size_t>(Limits::kMaxTokens))
    return r.fail(
        path,
        trnf("{count} token, the limit is {limit}", "{count} tokens, the limit is {limit}",
             static_cast<unsigned long>(v.size()),
             {{"count", std::to_string(v.size())}, {"limit", std::to_string(Limits::kMaxTokens)}}));
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string())
      return r.fail(path / i, trf("expected a token name (a string), got {type}",
                                  {{"type", describe(v[i])}}));
    const std::string& s = v[i].get_ref<const std::string&>();
    if (s.empty() || s.size() > Limits::kMaxIdChars)
      return r.fail(path / i, trnf("token names must be 1 to {limit} byte",
                                   "token names must be 1 to {limit} bytes",
                                   static_cast<unsigned long>(Limits::kMaxIdChars),
                                   {{"limit", std::to_string(Limits::kMaxIdChars)}}));
    part.memory_tokens.push_back(s);
  }
  return true;
}

bool read_memory(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!v.is_object())
    // TRANSLATORS: the lesson file's "memory" (cross-attention: the tokens the queries read,
    // an encoder's output); keep "tokens" and "X"; {type} is what the file has instead.
    return r.fail(path, trf("expected an object with \"tokens\" and \"X\", got {type}",
                            {{"type", describe(v)}}));
  if (!r.known_keys(v, path, {"tokens", "X"})) return false;
  if (!v.contains("tokens"))
    // TRANSLATORS: {key} is a JSON key that stays in English ("tokens").
    return r.fail(path,
                  trf("missing key \"{key}\" (one name per memory token)", {{"key", "tokens"}}));
  if (!read_memory_tokens(r, v["tokens"], path / "tokens", part)) return false;
  if (v.contains("X")) {
    Matrix m;
    if (!r.matrix(v["X"], path / "X", std::nullopt, std::max(Limits::kMaxDim, Limits::kMaxTokens),
                  Limits::kMaxAbsValue, m))
      return false;
    part.given[Stage::memory] = std::move(m);
  } else if (!drawn(part, Stage::memory)) {
    // TRANSLATORS: {key} is a JSON key that stays in English ("X"): the memory's embeddings.
    return r.fail(path, trf("missing key \"{key}\" (the memory's embeddings, one row per memory "
                            "token, or a random draw of \"memory\")",
                            {{"key", "X"}}));
  }
  return true;
}

}  // namespace

bool read_cache(Reader& r, const json& v, const Pointer& path, Part& part);

bool read_sequence(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!read_cache(r, v, path, part)) return false;
  if (!r.optional_int(v, path, "first_position", 0, Limits::kMaxFirstPosition,
                      part.options.first_position))
    return false;
  if (drawn(part, Stage::P)) part.sequence.positions = PositionKind::Given;
  if (const auto it = v.find("positions"); it != v.end()) {
    const Pointer pp = path / "positions";
    if (it->is_string()) {
      const std::string& word = it->get_ref<const std::string&>();
      if (!parse_name(kPositionWords, word))
        return r.fail(pp,
                      // TRANSLATORS: {value} is the lesson file's "positions" word, kept as
                      // written; keep "sinusoidal" in English.
                      trf("unknown positions \"{value}\": use \"sinusoidal\" or a matrix (one "
                          "row per token)",
                          {{"value", word}}));
      if (part.sequence.positions == PositionKind::Given)
        // TRANSLATORS: the lesson draws its positions' matrix P at random and also asks for
        // sinusoidal positions; keep "P" and "sinusoidal".
        return r.fail(pp, tr("\"P\" is drawn at random: these positions are given, not "
                             "\"sinusoidal\""));
      part.sequence.positions = PositionKind::Sinusoidal;
    } else if (it->is_array()) {
      Matrix m;
      if (!r.matrix(*it, pp, std::nullopt, std::max(Limits::kMaxDim, Limits::kMaxTokens),
                    Limits::kMaxAbsValue, m))
        return false;
      part.given[Stage::P] = std::move(m);
      part.sequence.positions = PositionKind::Given;
    } else {
      return r.fail(
          pp,
          // TRANSLATORS: keep "sinusoidal"; {type} is what the file has instead.
          trf("expected \"sinusoidal\" or a matrix, got {type}", {{"type", describe(*it)}}));
    }
    if (!v.contains("X") && !drawn(part, Stage::X))
      // TRANSLATORS: positions (keep "positions") are added to the embeddings X.
      return r.fail(pp, tr(part.said_of(N_("positions are added to X: this lesson has no X"),
                                        N_("positions are added to X: this part has no X"))));
  }
  if (v.contains("rope") && !read_rope(r, v["rope"], path / "rope", part.sequence.rope))
    return false;
  if (v.contains("memory")) {
    if (!read_memory(r, v["memory"], path / "memory", part)) return false;
    if (part.options.causal || part.sequence.kv_cache)
      // TRANSLATORS: keep "causal" and "memory", the lesson file's keys: a decoder masks its
      // own later tokens; the memory (an encoder's tokens) is read whole.
      return r.fail(path / "causal", tr("a decoder's causal mask is over its own tokens, not the "
                                        "memory: no \"causal\" with \"memory\""));
    if (part.sequence.rope)
      // TRANSLATORS: keep "rope" and "memory", the lesson file's keys: rotary positions
      // compare a query's position with a key's, and the memory's keys have no positions here.
      return r.fail(path / "rope", tr("rotary positions compare a query's and a key's positions, "
                                      "and the memory's keys have none: no \"rope\" with "
                                      "\"memory\""));
  } else if (drawn(part, Stage::memory)) {
    // TRANSLATORS: keep "memory" and "tokens": the lesson draws the memory's numbers but does
    // not name its tokens.
    return r.fail(path, trf("missing key \"{key}\" (its \"tokens\")", {{"key", "memory"}}));
  }
  return true;
}

bool read_cache(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!r.boolean(v, path, "kv_cache", part.sequence.kv_cache)) return false;
  if (v.contains("cache_step") && !part.sequence.kv_cache)
    // TRANSLATORS: keep "cache_step" and "kv_cache", the lesson file's keys.
    return r.fail(path / "cache_step", tr("\"cache_step\" is a step of generating with a cache: "
                                          "add \"kv_cache\": true"));
  if (!r.optional_int(v, path, "cache_step", 0, static_cast<int>(part.tokens.size()) - 1,
                      part.options.cache_step))
    return false;
  if (!part.sequence.kv_cache) return true;
  if (!part.options.causal)
    // TRANSLATORS: keep "kv_cache" and "causal", the lesson file's keys: a decoder generates
    // one token at a time, each seeing only the tokens before it.
    return r.fail(path / "kv_cache", tr("generating with a cache needs the causal mask: add "
                                        "\"causal\": true"));
  return true;
}

bool check_sequence(Reader& r, const Part& part, const Pointer& path) {
  if (part.sequence.kv_cache && !part.shapes.count(Stage::W_v) && !part.shapes.count(Stage::V))
    // TRANSLATORS: keep "kv_cache"; values as in queries, keys and values (W_v or V).
    return r.fail(path / "kv_cache", tr("generating with a cache needs values (W_v or V): the "
                                        "cache keeps keys and values"));
  bool rope = part.sequence.rope.has_value();
  for (const Variant& v : part.variants) rope = rope || (v.rope && *v.rope);
  if (rope) {
    const Stage q = part.shapes.count(Stage::W_q) ? Stage::W_q : Stage::Q;
    if (part.shapes.count(q)) {
      const auto [rows, cols] = part.shapes.at(q);
      const int d_head = (input_is_transposed(part.layout, q) ? rows : cols) / part.heads;
      if (d_head % 2)
        return r.fail(path / "rope",
                      // TRANSLATORS: rotary positions turn pairs of a head's columns; {width}
                      // is the width of one head's queries, an odd number.
                      trf("each head's queries are {width} wide: rotary positions turn pairs of "
                          "columns, so the width must be even",
                          {{"width", std::to_string(d_head)}}));
    }
  }
  if (!part.memory_tokens.empty() &&
      part.options.arrangement == Arrangement::QueryRowsAppliedAsKeyRows &&
      part.memory_tokens.size() != part.tokens.size())
    return r.fail(path / "arrangement",
                  // TRANSLATORS: keep the quoted word; {memory} and {tokens} are numbers of tokens.
                  trf("\"query_rows_applied_as_key_rows\" reads as many keys as queries: the "
                      "memory has {memory} tokens, the part {tokens}",
                      {{"memory", std::to_string(part.memory_tokens.size())},
                       {"tokens", std::to_string(part.tokens.size())}}));
  return true;
}

bool read_variant_sequence(Reader& r, const json& v, const Pointer& path, const Part& part,
                           Variant& variant) {
  if (v.contains("first_position")) {
    int first = 0;
    if (!r.optional_int(v, path, "first_position", 0, Limits::kMaxFirstPosition, first))
      return false;
    variant.first_position = first;
  }
  if (const auto it = v.find("order"); it != v.end()) {
    std::vector<int> order;
    bool ok = it->is_array() && it->size() == part.tokens.size();
    for (size_t i = 0; ok && i < it->size(); ++i) {
      const json& t = (*it)[i];
      const auto at = t.is_string() ? std::find(part.tokens.begin(), part.tokens.end(),
                                                t.get_ref<const std::string&>())
                                    : part.tokens.end();
      const int token = static_cast<int>(at - part.tokens.begin());
      ok = at != part.tokens.end() && std::find(order.begin(), order.end(), token) == order.end();
      order.push_back(token);
    }
    if (!ok)
      // TRANSLATORS: a variant's "order" (keep it): the part's token names in another order.
      return r.fail(path / "order", tr("expected the part's tokens in another order, each once"));
    variant.order = order;
  }
  if (const auto it = v.find("positions"); it != v.end()) {
    if (!it->is_string() || (*it != "none" && *it != "sinusoidal"))
      // TRANSLATORS: a variant's "positions"; keep the two words in English.
      return r.fail(path / "positions", tr("expected \"none\" or \"sinusoidal\""));
    if (part.sequence.positions == PositionKind::Given && *it == "sinusoidal")
      // TRANSLATORS: the part gives its positions' matrix P; keep "sinusoidal".
      return r.fail(path / "positions",
                    tr(part.said_of(N_("this lesson gives its positions: a variant may "
                                       "only leave them out (\"none\")"),
                                    N_("this part gives its positions: a variant may only "
                                       "leave them out (\"none\")"))));
    variant.positions = *it == "none" ? PositionKind::None : PositionKind::Sinusoidal;
    if (variant.positions == PositionKind::Sinusoidal && !part.given.count(Stage::X) &&
        !drawn(part, Stage::X))
      return r.fail(path / "positions",
                    tr(part.said_of(N_("positions are added to X: this lesson has no X"),
                                    N_("positions are added to X: this part has no X"))));
  }
  if (v.contains("rope")) {
    std::optional<Rope> rope;
    if (!read_rope(r, v["rope"], path / "rope", rope)) return false;
    if (rope && !part.memory_tokens.empty())
      return r.fail(path / "rope", tr("rotary positions compare a query's and a key's positions, "
                                      "and the memory's keys have none: no \"rope\" with "
                                      "\"memory\""));
    variant.rope = rope;
  }
  return true;
}

}  // namespace attn
