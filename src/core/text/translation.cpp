// The learner's language: the shipped languages, choosing one, catalogs with their plurals, the
// catalog scope (translation.h).
#include "core/text/translation.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "core/base/embedded_file.h"
#include "core/text/json_document.h"
#include "core/text/korean_particles.h"

extern const attn::EmbeddedFile kLanguagesFile[];

namespace attn {

namespace {

// Where the innermost CatalogScope's catalog is (null: no scope, English).
// Per thread, not per process: each scope is a local of the function doing a
// language's work, so a worker thread (none today) starts in English rather
// than in another's language.
thread_local const Catalog* const* t_catalog = nullptr;

const Catalog* catalog_now() { return t_catalog ? *t_catalog : nullptr; }

// Reads and evaluates a Plural-Forms expression (gettext's grammar: C's
// ?:, ||, &&, == !=, < > <= >=, + -, * / %, !, parentheses, n, numbers) for
// one n. ok is false on a syntax error.
class PluralExpression {
 public:
  PluralExpression(std::string_view text, unsigned long n) : s_(text), n_(n) {}
  bool evaluate(unsigned long* value) {
    *value = ternary();
    skip();
    return ok_ && at_ == s_.size();
  }

 private:
  void skip() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n')) ++at_;
  }
  bool eat(std::string_view token) {
    skip();
    if (s_.substr(at_, token.size()) != token) return false;
    // "<" is not "<=", "!" is not "!=", "=" alone is no operator
    if (token.size() == 1 && at_ + 1 < s_.size() && s_[at_ + 1] == '=' &&
        (token == "<" || token == ">" || token == "!"))
      return false;
    at_ += token.size();
    return true;
  }
  unsigned long ternary() {
    const unsigned long c = logical_or();
    if (!eat("?")) return c;
    const unsigned long a = ternary();
    if (!eat(":")) ok_ = false;
    const unsigned long b = ternary();
    return c ? a : b;
  }
  unsigned long logical_or() {
    unsigned long v = logical_and();
    while (eat("||")) v = (logical_and() || v) ? 1 : 0;
    return v;
  }
  unsigned long logical_and() {
    unsigned long v = equality();
    while (eat("&&")) v = (equality() && v) ? 1 : 0;
    return v;
  }
  unsigned long equality() {
    unsigned long v = relation();
    for (;;) {
      if (eat("=="))
        v = v == relation();
      else if (eat("!="))
        v = v != relation();
      else
        return v;
    }
  }
  unsigned long relation() {
    unsigned long v = sum();
    for (;;) {
      if (eat("<="))
        v = v <= sum();
      else if (eat(">="))
        v = v >= sum();
      else if (eat("<"))
        v = v < sum();
      else if (eat(">"))
        v = v > sum();
      else
        return v;
    }
  }
  unsigned long sum() {
    unsigned long v = product();
    for (;;) {
      if (eat("+"))
        v += product();
      else if (eat("-"))
        v -= product();
      else
        return v;
    }
  }
  unsigned long product() {
    unsigned long v = unary();
    for (;;) {
      if (eat("*")) {
        v *= unary();
      } else if (eat("/") || eat("%")) {
        const bool divide = s_[at_ - 1] == '/';
        const unsigned long d = unary();
        v = d == 0 ? 0 : divide ? v / d : v % d;  // no fault on a rule's mistake: form 0
      } else {
        return v;
      }
    }
  }
  unsigned long unary() {
    if (eat("!")) return !unary();
    if (eat("(")) {
      const unsigned long v = ternary();
      if (!eat(")")) ok_ = false;
      return v;
    }
    skip();
    if (at_ < s_.size() && s_[at_] == 'n') {
      ++at_;
      return n_;
    }
    if (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') {
      unsigned long v = 0;
      while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') v = v * 10 + (s_[at_++] - '0');
      return v;
    }
    ok_ = false;
    return 0;
  }

  std::string_view s_;
  unsigned long n_;
  size_t at_ = 0;
  bool ok_ = true;
};

std::string format(std::string_view pattern,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> values);

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// po/languages.json, compiled in: the shipped languages and the tags that mean
// each, the same table the page reads (web/page/languages.js).
struct LanguageTable {
  std::vector<std::string> codes, names;       // own the text the Languages point into
  std::vector<std::vector<std::string>> tags;  // lower case; "es-*": es, es-MX, es_ES...
  std::vector<Language> languages;
};

const LanguageTable& table() {
  static const LanguageTable t = [] {
    LanguageTable t;
    const auto j = parse_or_discard(kLanguagesFile[0].text());
    if (j.is_object() && j.contains("languages") && j["languages"].is_array())
      for (const auto& l : j["languages"]) {
        t.codes.push_back(l.value("code", ""));
        t.names.push_back(l.value("name", ""));
        t.tags.push_back(l.value("tags", std::vector<std::string>{}));
        for (std::string& tag : t.tags.back()) tag = lower(tag);
      }
    for (size_t i = 0; i < t.codes.size(); ++i) t.languages.push_back({t.codes[i], t.names[i]});
    return t;
  }();
  return t;
}

// "es-*" means es and any tag that goes on with - or _; a tag without * only itself.
bool tag_matches(std::string_view pattern, std::string_view tag) {
  if (!pattern.ends_with("-*")) return tag == pattern;
  const std::string_view base = pattern.substr(0, pattern.size() - 2);
  return tag.starts_with(base) &&
         (tag.size() == base.size() || tag[base.size()] == '-' || tag[base.size()] == '_');
}

}  // namespace

const std::vector<Language>& languages() { return table().languages; }

const Language* find_language(std::string_view tag) {
  const std::string t = lower(tag);
  const LanguageTable& all = table();
  for (size_t i = 0; i < all.languages.size(); ++i)
    for (const std::string& pattern : all.tags[i])
      if (tag_matches(pattern, t)) return &all.languages[i];
  return nullptr;
}

std::string language_codes() {
  std::string out;
  for (const Language& l : languages()) out += (out.empty() ? "" : ", ") + std::string(l.code);
  return out;
}

const Language* choose_language(const std::vector<std::string>& preferred) {
  for (const std::string& tag : preferred)
    if (const Language* l = find_language(tag)) return l;
  return nullptr;
}

std::shared_ptr<const Catalog> Catalog::parse(std::string_view text, std::string* error) {
  const nlohmann::json j = parse_or_discard(text);
  const auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return nullptr;
  };
  if (j.is_discarded() || !j.is_object()) return fail("not a JSON object");
  const auto language = j.find("language");
  const auto messages = j.find("messages");
  if (language == j.end() || !language->is_string() || !find_language(language->get<std::string>()))
    return fail("no shipped \"language\"");
  if (messages == j.end() || !messages->is_object()) return fail("no \"messages\" object");
  auto catalog = std::make_shared<Catalog>();
  catalog->language_ = find_language(language->get<std::string>())->code;
  for (const auto& [english, translated] : messages->items()) {
    if (!translated.is_string()) return fail("the translation of \"" + english + "\" is not text");
    catalog->messages_.emplace(english, translated.get<std::string>());
  }
  if (const auto rule = j.find("plural_forms"); rule != j.end()) {
    const auto n = rule->find("nplurals"), plural = rule->find("plural");
    if (!rule->is_object() || n == rule->end() || !n->is_number_unsigned() || *n < 1 || *n > 6 ||
        plural == rule->end() || !plural->is_string())
      return fail("\"plural_forms\" is not {\"nplurals\": 1 to 6, \"plural\": expression}");
    catalog->nplurals_ = n->get<size_t>();
    catalog->plural_rule_ = plural->get<std::string>();
    // Every count up to 1000 must name one of the forms (the rules' cycles are of 100).
    for (unsigned long count = 0; count <= 1000; ++count) {
      unsigned long form = 0;
      if (!plural_form(catalog->plural_rule_, count, &form) || form >= catalog->nplurals_)
        return fail("the plural rule \"" + catalog->plural_rule_ + "\" gives no form for " +
                    std::to_string(count));
    }
  }
  if (const auto plurals = j.find("plurals"); plurals != j.end()) {
    if (!plurals->is_object()) return fail("\"plurals\" is not an object");
    for (const auto& [english, forms] : plurals->items()) {
      if (!forms.is_array() || forms.size() != catalog->nplurals_)
        return fail("\"" + english + "\" has not " + std::to_string(catalog->nplurals_) +
                    " plural forms");
      std::vector<std::string> texts;
      for (const auto& form : forms) {
        if (!form.is_string()) return fail("a plural form of \"" + english + "\" is not text");
        texts.push_back(form.get<std::string>());
      }
      if (std::none_of(texts.begin(), texts.end(), [](const auto& t) { return t.empty(); }))
        catalog->plurals_.emplace(english, std::move(texts));
    }
  }
  if (const auto lessons = j.find("lessons"); lessons != j.end()) {
    if (!lessons->is_object()) return fail("\"lessons\" is not an object");
    for (const auto& [id, texts] : lessons->items()) {
      if (!texts.is_object()) return fail("the texts of lesson \"" + id + "\" are not an object");
      for (const auto& [pointer, text] : texts.items()) {
        if (!text.is_string()) return fail("a text of lesson \"" + id + "\" is not text");
        if (!text.get_ref<const std::string&>().empty())
          catalog->lessons_[id][pointer] = text.get<std::string>();
      }
    }
  }
  return catalog;
}

const std::string* Catalog::find(std::string_view english) const {
  const auto it = messages_.find(std::string(english));
  return it == messages_.end() || it->second.empty() ? nullptr : &it->second;
}

const std::vector<std::string>* Catalog::find_plural(std::string_view english) const {
  const auto it = plurals_.find(std::string(english));
  return it == plurals_.end() ? nullptr : &it->second;
}

size_t Catalog::plural_index(unsigned long n) const {
  unsigned long form = 0;
  if (!plural_form(plural_rule_, n, &form) || form >= nplurals_) return 0;  // parse() checked
  return form;
}

const std::map<std::string, std::string>* Catalog::lesson_texts(std::string_view id) const {
  const auto it = lessons_.find(id);
  return it == lessons_.end() ? nullptr : &it->second;
}

CatalogScope::CatalogScope(const Catalog* fixed, const Catalog* const* held)
    : fixed_(fixed), outer_(t_catalog) {
  t_catalog = held;
}
// fixed_ is set before its address is handed out (a delegating constructor
// passing &fixed_ reads, to GCC's -O3, as passing it uninitialised).
CatalogScope::CatalogScope(const Catalog* catalog) : fixed_(catalog), outer_(t_catalog) {
  t_catalog = &fixed_;
}
CatalogScope::~CatalogScope() { t_catalog = outer_; }
const Catalog* scoped_catalog() { return catalog_now(); }

std::string with_values_spoken(std::string text) {
  const Catalog* c = catalog_now();
  return c && c->language() == "ko" ? with_korean_particles(text) : text;
}

const char* tr(const char* english) {
  if (const Catalog* c = catalog_now())
    if (const std::string* t = c->find(english)) return t->c_str();
  return english;
}

const char* trc(const char* context, const char* english) {
  if (const Catalog* c = catalog_now())
    if (const std::string* t = c->find(std::string(context) + '\x04' + english)) return t->c_str();
  return english;
}

const char* trn(const char* singular, const char* plural, unsigned long n) {
  if (const Catalog* c = catalog_now())
    if (const std::vector<std::string>* forms = c->find_plural(singular))
      return (*forms)[c->plural_index(n)].c_str();
  return n == 1 ? singular : plural;
}

std::string trnf(const char* singular, const char* plural, unsigned long n,
                 std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  return format(trn(singular, plural, n), values);
}

bool plural_form(std::string_view expression, unsigned long n, unsigned long* form) {
  return PluralExpression(expression, n).evaluate(form);
}

std::string trf(const char* english,
                std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  return format(tr(english), values);
}

namespace {
std::string format(std::string_view pattern,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (size_t i = 0; i < pattern.size();) {
    if (pattern[i] == '{') {
      const size_t close = pattern.find('}', i);
      if (close != std::string_view::npos) {
        const std::string_view name = pattern.substr(i + 1, close - i - 1);
        const auto value = std::find_if(values.begin(), values.end(),
                                        [&](const auto& v) { return v.first == name; });
        if (value != values.end()) {
          out += value->second;
          i = close + 1;
          continue;
        }
      }
    }
    out += pattern[i++];
  }
  return with_values_spoken(std::move(out));
}
}  // namespace

std::vector<std::string> placeholders(std::string_view message) {
  std::vector<std::string> out;
  for (size_t i = message.find('{'); i != std::string_view::npos; i = message.find('{', i + 1)) {
    const size_t close = message.find('}', i);
    if (close == std::string_view::npos) break;
    out.emplace_back(message.substr(i + 1, close - i - 1));
  }
  return out;
}

}  // namespace attn
