// A lesson's texts in other languages: which are translatable, and a file's translations checked
// and applied (lesson_translations.h).
#include "core/load/lesson_translations.h"

#include <algorithm>

#include "core/lesson/lesson.h"
#include "core/text/translation.h"

namespace attn {

namespace {

// Keys whose string value is text; and keys whose array holds texts.
constexpr std::string_view kTextKeys[] = {"title", "source",  "text",   "ask",  "reveal",
                                          "task",  "success", "status", "label"};
constexpr std::string_view kTextLists[] = {"text", "reveal", "hints"};

bool in(std::string_view key, const auto& keys) {
  return std::find(std::begin(keys), std::end(keys), key) != std::end(keys);
}

bool is_index(const std::string& token) {
  return !token.empty() &&
         std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void collect(const json& v, const Pointer& where,
             std::vector<std::pair<std::string, std::string>>& out) {
  if (v.is_string()) {
    if (is_translatable(where, v.get_ref<const std::string&>()))
      out.emplace_back(where.to_string(), v.get<std::string>());
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) collect(v[i], where / i, out);
  } else if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it)  // the file's order (ordered_json is not used:
      if (it.key() != "translations")               // nlohmann sorts keys; the order is stable)
        collect(it.value(), where / it.key(), out);
  }
}

// The value at a JSON Pointer, or null: no exceptions (the web build has
// none), so a malformed pointer or index in a file is simply nothing there.
template <typename J>
J* resolve(J& doc, std::string_view pointer, Pointer* parsed) {
  if (!pointer.starts_with("/")) return nullptr;
  J* at = &doc;
  Pointer path;
  for (size_t start = 1; start <= pointer.size();) {
    const size_t end = std::min(pointer.find('/', start), pointer.size());
    std::string token;
    for (size_t i = start; i < end; ++i) {
      if (pointer[i] != '~') {
        token += pointer[i];
      } else if (i + 1 < end && (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
        token += pointer[++i] == '0' ? '~' : '/';
      } else {
        return nullptr;  // "~" must be "~0" or "~1"
      }
    }
    if (at->is_object()) {
      const auto it = at->find(token);
      if (it == at->end()) return nullptr;
      at = &*it;
      path /= token;
    } else if (at->is_array()) {
      if (!is_index(token) || token.size() > 6 || (token.size() > 1 && token[0] == '0'))
        return nullptr;
      const size_t index = std::stoul(token);
      if (index >= at->size()) return nullptr;
      at = &(*at)[index];
      path /= index;
    } else {
      return nullptr;
    }
    start = end + 1;
  }
  if (parsed) *parsed = path;
  return at;
}

std::vector<std::string> sorted_placeholders(std::string_view text) {
  std::vector<std::string> p = placeholders(text);
  std::sort(p.begin(), p.end());
  return p;
}

}  // namespace

bool is_prose_name(std::string_view name) {
  if (name.find(' ') != std::string_view::npos) return true;  // "Value Matrix", "X′ (True values)"
  // One capitalised word ("Output") is a caption too; "attention", "scaled_scores", "W_q",
  // "QKᵀ" are the notebook's variables and formulas.
  return name.size() >= 2 && name[0] >= 'A' && name[0] <= 'Z' &&
         std::all_of(name.begin() + 1, name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

bool is_prose_formula(std::string_view formula) {
  // Placeholders ({scale}) and what brackets hold (np.vstack([she, likes])) are code.
  std::string code;
  for (size_t i = 0, depth = 0; i < formula.size(); ++i) {
    const char c = formula[i];
    if (c == '{' || c == '[') {
      if (depth++ == 0) code += '#';
    } else if (c == '}' || c == ']') {
      depth -= depth > 0;
    } else if (depth == 0) {
      code += c;
    }
  }
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  struct Word {
    std::string_view text;
    char before, after;  // '\0' at either end
    bool assigned;       // "scores = …", "weights: …": the notebook's variable
  };
  std::vector<Word> words;
  const std::string_view all = code;
  for (size_t i = 0; i < all.size();) {
    if (!letter(all[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < all.size() && letter(all[end])) ++end;
    size_t next = end;
    while (next < all.size() && all[next] == ' ') ++next;
    char after = end < all.size() ? all[end] : '\0';
    if (after == '.' && end + 1 < all.size() && all[end + 1] != ' ') after = '#';  // np.matmul
    words.push_back({all.substr(i, end - i), i > 0 ? all[i - 1] : '\0', after,
                     next < all.size() && (all[next] == '=' || all[next] == ':')});
    i = end;
  }
  const auto spaced = [](char c, std::string_view around) {
    return c == '\0' || around.find(c) != std::string_view::npos;
  };
  for (const Word& w : words) {
    // A word among spaces and commas, as "shape (3, 3)", "per row", "3 tokens":
    // touching an operator, a dot, an underscore or a parenthesis it is code.
    if (w.text.size() < 2 || w.assigned || !spaced(w.before, " ,;") || !spaced(w.after, " ,;.!?"))
      continue;
    const bool variable = std::any_of(words.begin(), words.end(), [&](const Word& other) {
      return other.assigned && other.text == w.text;  // "weights = …;  V_h @ weights"
    });
    if (!variable) return true;
  }
  return false;
}

bool is_translatable(const Pointer& where, std::string_view text) {
  if (where.empty()) return false;
  const std::string& last = where.back();
  const Pointer parent = where.parent_pointer();
  // Conditions ("when", "goal", …) hold no text; matrix names only prose ones.
  for (Pointer p = where; !p.empty(); p = p.parent_pointer()) {
    if (in(p.back(),
           std::initializer_list<std::string_view>{"when", "goal", "meter", "pick", "estimate",
                                                   "allowed", "solution", "draws"}))
      return false;
    if (p.back() == "names" && p != where) return p == parent && is_prose_name(text);
  }
  if (last == "formula") return is_prose_formula(text);
  if (in(last, kTextKeys)) return true;
  return is_index(last) && !parent.empty() && in(parent.back(), kTextLists);
}

std::vector<std::pair<std::string, std::string>> translatable_texts(const json& lesson) {
  std::vector<std::pair<std::string, std::string>> out;
  collect(lesson, Pointer(), out);
  return out;
}

bool check_translations(Reader& r, const json& lesson) {
  if (!lesson.is_object() || !lesson.contains("translations")) return true;
  const Pointer at("/translations");
  const json& all = lesson["translations"];
  if (!all.is_object())
    return r.fail(at,
                  // TRANSLATORS: a lesson's "translations": an object with a key per language
                  // code. Keep ("es": {...}) as it is; {type} is what the file has instead.
                  trf("expected an object of languages (\"es\": {...}), got {type}",
                      {{"type", describe(all)}}));
  for (auto language = all.begin(); language != all.end(); ++language) {
    const Pointer lp = at / language.key();
    const Language* l = find_language(language.key());
    if (!l || l->code != language.key())
      return r.fail(lp,
                    // TRANSLATORS: {code} is a language code as the lesson file writes it, as
                    // "it"; {codes} the codes of the app's languages: "en, es, zh-Hans, ko, …".
                    trf("\"{code}\" is not one of these languages: {codes}",
                        {{"code", language.key()}, {"codes", language_codes()}}));
    if (!language.value().is_object())
      return r.fail(lp,
                    // TRANSLATORS: a language's translated texts, keyed by JSON Pointer. Keep
                    // ("/title": "...") as it is; {type} is what the file has instead.
                    trf("expected an object of texts (\"/title\": \"...\"), got {type}",
                        {{"type", describe(language.value())}}));
    for (auto entry = language.value().begin(); entry != language.value().end(); ++entry) {
      const Pointer ep = lp / entry.key();
      if (!entry.key().starts_with("/"))
        return r.fail(
            ep,
            // TRANSLATORS: {key} is a key as the lesson file writes it; a JSON Pointer
            // is a path into the file, as "/title" (keep it).
            trf("\"{key}\" is not a JSON Pointer to a text (\"/title\")", {{"key", entry.key()}}));
      Pointer target;
      const json* original = resolve(lesson, entry.key(), &target);
      if (!original || !original->is_string() ||
          !is_translatable(target, original->get_ref<const std::string&>()))
        return r.fail(ep,
                      // TRANSLATORS: {path} is a JSON Pointer, a path into the lesson file, as
                      // "/steps/3/title".
                      trf("no text of this lesson is at {path}", {{"path", entry.key()}}));
      if (!entry.value().is_string())
        return r.fail(ep,
                      // TRANSLATORS: {language} is a language's name in itself, as "Español";
                      // {type} is what the file has instead of the text, as "a number".
                      trf("expected the text in {language}, got {type}",
                          {{"language", l->name}, {"type", describe(entry.value())}}));
      const std::string& text = entry.value().get_ref<const std::string&>();
      if (text.size() > Limits::kMaxTextChars)
        return r.fail(ep,
                      // TRANSLATORS: {size} and {limit} are numbers of bytes.
                      trnf("text is {size} byte, the limit is {limit}",
                           "text is {size} bytes, the limit is {limit}",
                           static_cast<unsigned long>(text.size()),
                           {{"size", std::to_string(text.size())},
                            {"limit", std::to_string(Limits::kMaxTextChars)}}));
      if (sorted_placeholders(text) != sorted_placeholders(original->get<std::string>()))
        // TRANSLATORS: a translated text must keep the {…} placeholders of the English one
        // (the live numbers); keep "{…}".
        return r.fail(ep, tr("its {…} values differ from those of the text it translates"));
    }
  }
  return true;
}

TextTranslations file_translations(const json& doc, std::string_view language) {
  TextTranslations out;
  if (!doc.is_object() || !doc.contains("translations")) return out;
  const json& all = doc["translations"];
  if (!all.is_object() || !all.contains(std::string(language))) return out;
  for (const auto& [pointer, text] : all[std::string(language)].items())
    if (text.is_string()) out[pointer] = text.get<std::string>();
  return out;
}

json with_translations(json doc, const TextTranslations& texts) {
  if (!doc.is_object()) return doc;
  doc.erase("translations");
  for (const auto& [pointer, text] : texts) {
    Pointer where;
    json* original = resolve(doc, pointer, &where);
    if (original && original->is_string() &&
        is_translatable(where, original->get_ref<const std::string&>()))
      *original = text;
  }
  return doc;
}

}  // namespace attn
