// The lesson format (docs/lessons.md, docs/lesson.schema.json): which keys a
// lesson and its parts have and what they mean. Generic JSON reading is in
// json_reader.cpp, the shape rules in lesson_shapes.cpp, the steps of a lesson
// that writes none in default_steps.cpp.
//
// [SECTION] Part: tokens, options, inputs, random draws, variants, names
// [SECTION] Steps
// [SECTION] Lesson
#include "core/load/lesson_loader.h"

#include <algorithm>
#include <set>

#include "core/lesson/inputs.h"
#include "core/lesson/part_matrices.h"
#include "core/load/activity_reader.h"
#include "core/load/default_steps.h"
#include "core/load/json_reader.h"
#include "core/load/lesson_logic_reader.h"
#include "core/load/lesson_shapes.h"
#include "core/load/lesson_translations.h"
#include "core/load/random_reader.h"
#include "core/load/sequence_reader.h"
#include "core/load/train_reader.h"
#include "core/text/translation.h"

namespace attn {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Part
//-----------------------------------------------------------------------------

const std::vector<std::string> kPartKeys = [] {
  std::vector<std::string> keys = {
      "id",        "title",  "tokens",         "layout", "precision", "suppress",   "heads",
      "scale",     "causal", "arrangement",    "random", "variants",  "names",      "steps",
      "positions", "rope",   "first_position", "memory", "kv_cache",  "cache_step", "train"};
  for (Stage s : kInputStages)
    if (input_key(s) == stage_name(s)) keys.emplace_back(stage_name(s));  // not P, memory
  return keys;
}();

bool read_scaling(Reader& r, const json& v, const Pointer& path, Scaling& out) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (auto mode = parse_name(kScaleWords, s)) return out = {*mode, 1.0}, true;
    return r.fail(path,
                  // TRANSLATORS: {value} is the lesson file's word for the scaling (kept as
                  // written); {choices} the words it may use, as "\"sqrt_dk\", \"none\" or a
                  // number to divide by".
                  trf("unknown scale \"{value}\": use {choices}",
                      {{"value", s},
                       // TRANSLATORS: the last of the scalings a lesson may name: a number,
                       // which the scores are divided by.
                       {"choices", quoted_choices(kScaleWords, N_("a number to divide by"))}}));
  }
  if (!v.is_number())
    return r.fail(
        path,
        // TRANSLATORS: {choices} are the values allowed, as "\"sqrt_dk\", \"none\" or a
        // number"; {type} what the file has instead, as "a string".
        trf("expected {choices}, got {type}",
            {{"choices", quoted_choices(kScaleWords, N_("a number"))}, {"type", describe(v)}}));
  double d = 0;
  if (!r.number(v, path, Limits::kMaxAbsValue, d)) return false;
  if (d < Limits::kMinDivisor || d > Limits::kMaxDivisor)
    return r.fail(path,
                  // TRANSLATORS: the number the scores are divided by; {number} is the lesson
                  // file's, [{lo}, {hi}] the range it must be in.
                  trf("scale divisor {number} is out of range [{lo}, {hi}]",
                      {{"number", format_number(d)},
                       {"lo", format_number(Limits::kMinDivisor)},
                       {"hi", format_number(Limits::kMaxDivisor)}}));
  out = {ScaleMode::Divide, d};
  return true;
}

bool read_arrangement(Reader& r, const json& v, const Pointer& path, Arrangement& out) {
  return r.word(v, path, kArrangementNames, out,
                // TRANSLATORS: {choices} are the words allowed, as "\"a\", \"b\" or \"c\"".
                trf("expected {choices}", {{"choices", quoted_choices(kArrangementNames)}}));
}

bool read_variants(Reader& r, const json& v, const Pointer& path, Part& part) {
  if (!v.is_array())
    // TRANSLATORS: a variant is another setting of the same part (another scaling, the mask on).
    return r.fail(path, trf("expected an array of variants, got {type}", {{"type", describe(v)}}));
  if (v.size() > static_cast<size_t>(Limits::kMaxVariants))
    return r.fail(path, trnf("more than {limit} variant", "more than {limit} variants",
                             static_cast<unsigned long>(Limits::kMaxVariants),
                             {{"limit", std::to_string(Limits::kMaxVariants)}}));
  for (size_t i = 0; i < v.size(); ++i) {
    const Pointer vp = path / i;
    const json& vv = v[i];
    if (!r.expect_object(vv, vp) || !r.known_keys(vv, vp,
                                                  {"id", "label", "scale", "causal", "arrangement",
                                                   "first_position", "order", "positions", "rope"}))
      return false;
    Variant variant;
    if (!r.identifier(vv, vp, "id", Limits::kMaxIdChars, true, variant.id)) return false;
    for (const Variant& other : part.variants)
      if (other.id == variant.id)
        // TRANSLATORS: {id} is a variant's id as the lesson file writes it.
        return r.fail(vp / "id", trf("variant \"{id}\" is defined twice", {{"id", variant.id}}));
    variant.label = variant.id;
    if (!r.text(vv, vp, "label", Limits::kMaxTitleChars, false, variant.label)) return false;
    if (vv.contains("scale")) {
      Scaling s;
      if (!read_scaling(r, vv["scale"], vp / "scale", s)) return false;
      variant.scaling = s;
    }
    if (vv.contains("causal")) {
      bool c = false;
      if (!r.boolean(vv, vp, "causal", c)) return false;
      variant.causal = c;
    }
    if (vv.contains("arrangement")) {
      Arrangement a;
      if (!read_arrangement(r, vv["arrangement"], vp / "arrangement", a)) return false;
      variant.arrangement = a;
    }
    if (!read_variant_sequence(r, vv, vp, part, variant)) return false;
    part.variants.push_back(variant);
  }
  return true;
}

bool read_names(Reader& r, const json& names, const Pointer& np, int part_index, Part& part) {
  if (!r.expect_object(names, np)) return false;
  for (auto it = names.begin(); it != names.end(); ++it) {
    std::string label;
    if (!r.text(names, np, it.key().c_str(), Limits::kMaxIdChars, true, label)) return false;
    const std::optional<MatrixKey> key = key_in_part(part, part_index, it.key());
    if (!key)
      return r.fail(np / it.key(),
                    // TRANSLATORS: {name} is a key of the lesson's "names" as the file writes it.
                    // Keep the stage names (X, W_q, scores, weights, output), "_hN" (N is a
                    // head's number) and "@VARIANT" (a variant's id) as they are.
                    trf("\"{name}\" names no matrix: use a stage (X, W_q, …, scores, weights, "
                        "output), with _hN for a head and @VARIANT",
                        {{"name", it.key()}}));
    if (key->head == 0 && key->variant == 0)
      part.stage_names[key->stage] = label;
    else
      part.matrix_names[*key] = label;
  }
  return true;
}

bool read_tokens(Reader& r, const json& v, const Pointer& path, Part& part) {
  auto tokens = v.find("tokens");
  if (tokens == v.end())
    // TRANSLATORS: {key} is a JSON key that stays in English ("tokens"); a token is a word of
    // the input sentence.
    return r.fail(path, trf("missing key \"{key}\" (one name per token)", {{"key", "tokens"}}));
  const Pointer tp = path / "tokens";
  if (!tokens->is_array())
    return r.fail(
        tp, trf("expected an array of token names, got {type}", {{"type", describe(*tokens)}}));
  if (tokens->empty()) return r.fail(tp, tr("needs at least one token"));
  if (tokens->size() > static_cast<size_t>(Limits::kMaxTokens))
    return r.fail(
        tp, trnf("{count} token, the limit is {limit}", "{count} tokens, the limit is {limit}",
                 static_cast<unsigned long>(tokens->size()),
                 {{"count", std::to_string(tokens->size())},
                  {"limit", std::to_string(Limits::kMaxTokens)}}));
  for (size_t i = 0; i < tokens->size(); ++i) {
    const json& t = (*tokens)[i];
    if (!t.is_string())
      return r.fail(tp / i,
                    trf("expected a token name (a string), got {type}", {{"type", describe(t)}}));
    const std::string& s = t.get_ref<const std::string&>();
    if (s.empty() || s.size() > Limits::kMaxIdChars)
      return r.fail(
          tp / i,
          // TRANSLATORS: {limit} is a number of bytes.
          trnf("token names must be 1 to {limit} byte", "token names must be 1 to {limit} bytes",
               static_cast<unsigned long>(Limits::kMaxIdChars),
               {{"limit", std::to_string(Limits::kMaxIdChars)}}));
    part.tokens.push_back(s);
  }
  return true;
}

// `named`: one of several parts (has its own id); otherwise the lesson object
// itself, whose keys were checked already.
bool read_part(Reader& r, const json& v, const Pointer& path, int default_precision, bool named,
               int part_index, Part& part) {
  if (!r.expect_object(v, path) || (named && !r.known_keys(v, path, kPartKeys))) return false;
  if (named && !r.identifier(v, path, "id", Limits::kMaxIdChars, true, part.id)) return false;
  if (named && !r.text(v, path, "title", Limits::kMaxTitleChars, false, part.title)) return false;
  if (!read_tokens(r, v, path, part)) return false;

  // layout and options
  if (v.contains("layout")) {
    const json& layout = v["layout"];
    if (!layout.is_string())
      return r.fail(path / "layout",
                    trf("expected a string, got {type}", {{"type", describe(layout)}}));
    if (!r.word(
            layout, path / "layout", kLayoutNames, part.layout,
            // TRANSLATORS: {value} is the lesson file's layout (how matrices are laid out,
            // tokens as rows or as columns), {choices} the words allowed ("\"rows\", …").
            trf("unknown layout \"{value}\": use {choices}",
                {{"value", layout.get<std::string>()}, {"choices", quoted_choices(kLayoutNames)}})))
      return false;
  }
  part.precision = default_precision;
  if (!r.optional_int(v, path, "precision", 0, Limits::kMaxPrecision, part.precision)) return false;
  if (!r.boolean(v, path, "suppress", part.suppress)) return false;
  if (!r.optional_int(v, path, "heads", 1, Limits::kMaxHeads, part.heads)) return false;
  if (v.contains("scale") && !read_scaling(r, v["scale"], path / "scale", part.options.scaling))
    return false;
  if (!r.boolean(v, path, "causal", part.options.causal)) return false;
  if (v.contains("arrangement") &&
      !read_arrangement(r, v["arrangement"], path / "arrangement", part.options.arrangement))
    return false;

  // inputs written as numbers
  const int max_side = std::max(Limits::kMaxDim, Limits::kMaxTokens);
  for (Stage s : kInputStages) {
    const std::string name(stage_name(s));
    if (input_key(s) != name) continue;  // P and the memory: read_sequence
    auto it = v.find(name);
    if (it == v.end()) continue;
    std::optional<bool> flat;
    if (is_bias(s)) flat = part.layout == Layout::Columns;
    Matrix m;
    if (!r.matrix(*it, path / name, flat, max_side, Limits::kMaxAbsValue, m)) return false;
    part.given[s] = std::move(m);
  }
  if (v.contains("random") && !read_random(r, v["random"], path / "random", part)) return false;
  if (!read_sequence(r, v, path, part)) return false;
  if (v.contains("variants") && !read_variants(r, v["variants"], path / "variants", part))
    return false;
  if (v.contains("names") && !read_names(r, v["names"], path / "names", part_index, part))
    return false;
  return check_shapes(r, part, path) && check_sequence(r, part, path) &&
         (!v.contains("train") || read_train(r, v["train"], path / "train", part));
}

//-----------------------------------------------------------------------------
// [SECTION] Steps
//-----------------------------------------------------------------------------

bool read_steps(Reader& r, const json& v, const Pointer& path, int part_index, Part& part,
                std::set<std::string>& activity_ids) {
  if (!v.is_array())
    return r.fail(path, trf("expected an array of steps, got {type}", {{"type", describe(v)}}));
  if (v.empty()) return r.fail(path, tr("needs at least one step"));
  if (v.size() > static_cast<size_t>(Limits::kMaxSteps))
    return r.fail(
        path,
        trnf("{count} step, the limit is {limit}", "{count} steps, the limit is {limit}",
             static_cast<unsigned long>(v.size()),
             {{"count", std::to_string(v.size())}, {"limit", std::to_string(Limits::kMaxSteps)}}));
  // What the part computes at its own settings: what a step may show.
  const std::vector<MatrixSpec> computed = part_matrices(part, part_index, part.options);
  LogicReader logic(r, part, part_index);
  ActivityReader activities(r, part, part_index);
  for (size_t i = 0; i < v.size(); ++i) {
    const Pointer sp = path / i;
    const json& s = v[i];
    if (!r.expect_object(s, sp) || !r.known_keys(s, sp, activity_keys().step)) return false;
    StepSpec step;
    if (!r.identifier(s, sp, "id", Limits::kMaxIdChars, false, step.id)) return false;
    if (!r.text(s, sp, "title", Limits::kMaxTitleChars, true, step.title)) return false;
    std::string unused;
    if (!r.text(s, sp, "formula", Limits::kMaxTitleChars, false, unused)) return false;
    if (s.contains("formula") && !logic.text(s["formula"], sp / "formula", step.formula))
      return false;
    if (s.contains("text") && !logic.blocks(s["text"], sp / "text", step.text)) return false;
    if (!r.optional_int(s, sp, "precision", 0, Limits::kMaxPrecision, step.precision)) return false;
    if (auto show = s.find("show"); show != s.end()) {
      if (!show->is_array())
        return r.fail(sp / "show", trf("expected an array of matrix names, got {type}",
                                       {{"type", describe(*show)}}));
      for (size_t j = 0; j < show->size(); ++j) {
        const json& n = (*show)[j];
        if (!n.is_string() || n.get_ref<const std::string&>().size() > Limits::kMaxIdChars)
          // TRANSLATORS: a matrix's name, as "W_q" or "weights".
          return r.fail(sp / "show" / j, tr("expected a matrix name"));
        const std::string& name = n.get_ref<const std::string&>();
        const std::optional<MatrixKey> key = key_in_part(part, part_index, name);
        const bool shown = key && std::any_of(computed.begin(), computed.end(),
                                              [&](const MatrixSpec& m) { return m.key == *key; });
        if (!shown)
          return r.fail(sp / "show" / j,
                        // TRANSLATORS: {name} is a matrix name as the lesson file writes it, as
                        // "W_q" or "weights_h2"; a part is a section of the lesson.
                        trf(part.said_of(N_("\"{name}\" is not a matrix this lesson computes"),
                                         N_("\"{name}\" is not a matrix this part computes")),
                            {{"name", name}}));
        step.show.push_back(*key);
      }
    }
    if (!activities.read(s, sp, step, activity_ids)) return false;
    part.steps.push_back(std::move(step));
  }
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Lesson
//-----------------------------------------------------------------------------

// "$schema" points an editor at docs/lesson.schema.json.
const std::vector<std::string> kLessonKeys = [] {
  std::vector<std::string> keys = kPartKeys;
  keys.insert(keys.end(), {"source", "parts", "main", "translations", "$schema"});
  return keys;
}();

bool computes_weights(const Part& part, int index) {
  const std::vector<MatrixSpec> specs = part_matrices(part, index, part.options);
  return std::any_of(specs.begin(), specs.end(),
                     [](const MatrixSpec& m) { return m.key.stage == Stage::weights; });
}

}  // namespace

const std::vector<std::string>& lesson_keys() { return kLessonKeys; }
const std::vector<std::string>& part_keys() { return kPartKeys; }

LessonFile read_lesson_file(std::string_view text, const Catalog* language) {
  const CatalogScope words(language);
  LessonFile file;
  if (text.size() > Limits::kMaxFileBytes) {
    // TRANSLATORS: {size} and {limit} are numbers of bytes.
    file.error = {"", trnf("file is {size} byte, the limit is {limit}",
                           "file is {size} bytes, the limit is {limit}",
                           static_cast<unsigned long>(text.size()),
                           {{"size", std::to_string(text.size())},
                            {"limit", std::to_string(Limits::kMaxFileBytes)}})};
    return file;
  }
  if (text.size() >= 2 && ((static_cast<unsigned char>(text[0]) == 0xFF &&
                            static_cast<unsigned char>(text[1]) == 0xFE) ||
                           (static_cast<unsigned char>(text[0]) == 0xFE &&
                            static_cast<unsigned char>(text[1]) == 0xFF))) {
    // TRANSLATORS: UTF-16 and UTF-8 are ways of storing text; the lesson file must be UTF-8.
    file.error = {"", tr("file is UTF-16; save it as UTF-8")};
    return file;
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM
  std::optional<json> parsed = parse_json(text, Limits::kMaxDepth, file.error);
  if (parsed) file.document = std::make_shared<const json>(std::move(*parsed));
  return file;
}

LoadResult load_lesson(std::string_view text, const Catalog* language) {
  const LessonFile file = read_lesson_file(text, language);
  if (!file.document) return {std::nullopt, file.error};
  return load_lesson_document(*file.document, language);
}

LoadResult load_lesson_document(const json& doc, const Catalog* language) {
  const CatalogScope words(language);
  LoadResult result;
  auto fail = [&](const LoadError& error) {
    result.error = error;
    return result;
  };
  auto fail_at = [&](std::string path, std::string reason) {
    return fail({std::move(path), std::move(reason)});
  };

  Reader r;
  Lesson lesson;
  const Pointer root;
  if (!doc.is_object())
    return fail_at("",
                   // TRANSLATORS: keep "{...}", a JSON object; {type} is what the file is instead.
                   trf("expected a lesson object ({...}), got {type}", {{"type", describe(doc)}}));
  const bool has_parts = doc.contains("parts");
  if (!r.known_keys(doc, root, kLessonKeys) ||
      !r.identifier(doc, root, "id", Limits::kMaxIdChars, true, lesson.id) ||
      !r.text(doc, root, "title", Limits::kMaxTitleChars, true, lesson.title) ||
      !r.text(doc, root, "source", Limits::kMaxTitleChars, false, lesson.source) ||
      !check_translations(r, doc))
    return fail(r.error());
  int precision = Part{}.precision;
  if (has_parts && !r.optional_int(doc, root, "precision", 0, Limits::kMaxPrecision, precision))
    return fail(r.error());

  std::vector<std::pair<const json*, Pointer>> part_docs;
  if (has_parts) {
    const json& parts = doc["parts"];
    if (!parts.is_array() || parts.empty())
      // TRANSLATORS: a part is a section of a lesson, with its own tokens and matrices.
      return fail_at("/parts", tr("expected a non-empty array of parts"));
    if (parts.size() > static_cast<size_t>(Limits::kMaxParts))
      return fail_at("/parts", trnf("{count} part, the limit is {limit}",
                                    "{count} parts, the limit is {limit}",
                                    static_cast<unsigned long>(parts.size()),
                                    {{"count", std::to_string(parts.size())},
                                     {"limit", std::to_string(Limits::kMaxParts)}}));
    for (auto it = doc.begin(); it != doc.end(); ++it)
      if (std::find(kPartKeys.begin(), kPartKeys.end(), it.key()) != kPartKeys.end() &&
          it.key() != "id" && it.key() != "title" && it.key() != "precision")
        return fail_at((root / it.key()).to_string(),
                       // TRANSLATORS: {key} is a JSON key that stays in English, as "tokens";
                       // "parts" too is a key of the lesson file.
                       trf("\"{key}\" belongs inside each part when the lesson has \"parts\"",
                           {{"key", it.key()}}));
    for (size_t i = 0; i < parts.size(); ++i)
      part_docs.push_back({&parts[i], Pointer("/parts") / i});
  } else {
    if (doc.contains("main"))
      // TRANSLATORS: "main" and "parts" are keys of the lesson file, kept in English.
      return fail_at("/main", tr("\"main\" names a part; this lesson has no \"parts\""));
    part_docs.push_back({&doc, root});
  }

  for (size_t p = 0; p < part_docs.size(); ++p) {
    const auto& [pv, path] = part_docs[p];
    Part part;
    if (!read_part(r, *pv, path, precision, has_parts, static_cast<int>(p), part))
      return fail(r.error());
    for (const Part& other : lesson.parts)
      if (other.id == part.id)
        return fail_at((path / "id").to_string(),
                       // TRANSLATORS: {id} is a part's id (a section of the lesson) as the
                       // lesson file writes it.
                       trf("part \"{id}\" is defined twice", {{"id", part.id}}));
    lesson.parts.push_back(std::move(part));
  }

  // The main part: named, or the first that computes attention weights.
  int main = -1;
  if (doc.contains("main")) {
    std::string main_id;
    if (!r.identifier(doc, root, "main", Limits::kMaxIdChars, true, main_id))
      return fail(r.error());
    for (size_t i = 0; i < lesson.parts.size(); ++i)
      if (lesson.parts[i].id == main_id) main = static_cast<int>(i);
    if (main < 0)
      // TRANSLATORS: {id} is a part's id as the lesson file writes it.
      return fail_at("/main", trf("no part has id \"{id}\"", {{"id", main_id}}));
  }
  for (size_t i = 0; main < 0 && i < lesson.parts.size(); ++i)
    if (computes_weights(lesson.parts[i], static_cast<int>(i))) main = static_cast<int>(i);
  lesson.main_part = std::max(main, 0);

  std::set<std::string> step_ids, activity_ids;
  std::vector<Pointer> steps_at;
  size_t total_steps = 0;
  for (size_t p = 0; p < lesson.parts.size(); ++p) {
    Part& part = lesson.parts[p];
    const auto& [pv, path] = part_docs[p];
    const int index = static_cast<int>(p);
    steps_at.push_back(path / "steps");
    if (pv->contains("steps")) {
      if (!read_steps(r, (*pv)["steps"], path / "steps", index, part, activity_ids))
        return fail(r.error());
    } else {
      part.steps = default_steps(part, index);
    }
    for (size_t i = 0; i < part.steps.size(); ++i) {
      StepSpec& step = part.steps[i];
      if (step.id.empty())
        step.id = "step-" + std::to_string(total_steps + 1);
      else if (has_parts && !pv->contains("steps"))
        step.id = part.id + "-" + step.id;
      if (!step_ids.insert(step.id).second)
        return fail_at((path / "steps" / i / "id").to_string(),
                       // TRANSLATORS: {id} is a step's id as the lesson file writes it.
                       trf("step id \"{id}\" is used twice", {{"id", step.id}}));
      ++total_steps;
    }
  }
  if (total_steps > static_cast<size_t>(Limits::kMaxSteps))
    return fail_at("", trnf("{count} step in all, the limit is {limit}",
                            "{count} steps in all, the limit is {limit}",
                            static_cast<unsigned long>(total_steps),
                            {{"count", std::to_string(total_steps)},
                             {"limit", std::to_string(Limits::kMaxSteps)}}));
  if (!check_solutions(r, lesson, doc, steps_at)) return fail(r.error());

  result.lesson = std::move(lesson);
  return result;
}

}  // namespace attn
