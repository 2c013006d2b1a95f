// The learner's language. Text a learner reads is written in English in the
// code, wrapped in tr() or trf(): gettext's convention, the English is the key.
// xgettext collects those calls into po/attention-lab.pot; po/<code>.po hold
// the translations (docs/translating.md); scripts/catalogs.py turns each into
// a JSON catalog, compiled into the desktop app and fetched by the page when
// the learner picks that language. English needs no catalog.
//
// Unlike gettext, there is no process-wide language: tr() reads the catalog
// of the innermost CatalogScope on this thread (none: English). Whoever owns
// a language opens a scope with its catalog for the work done in it: each
// App at its entry points (its frame, apply, start, what its shell hands it,
// its Api's methods) with its learner's catalog; load_lesson() with the
// catalog it is given. So two Apps in one process each speak their own
// language, and nothing depends on which of them ran last.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attn {

struct Language {
  std::string_view code;  // as ?lang= and --lang spell it: "en", "es", "zh-Hans", "ko"
  std::string_view name;  // in itself, for the language menu: "Español"
};
// The shipped languages, English first (po/languages.json, compiled in).
const std::vector<Language>& languages();
// A shipped language for a BCP 47 tag (ASCII case ignored), or nullptr, by
// po/languages.json's tags: "es-MX" is Spanish, "zh", "zh-CN" and "zh-SG"
// Simplified Chinese ("zh-TW" is not), "ko-KR" Korean.
const Language* find_language(std::string_view tag);
// "en, es, zh-Hans, ko, …": the codes, for messages.
std::string language_codes();
// The first of `preferred` (a browser's languages, best first) that is shipped.
const Language* choose_language(const std::vector<std::string>& preferred);

class Catalog {
 public:
  // {"language": "es", "messages": {"English": "Español", ...}, "plurals":
  // {"{count} digit": ["{count} cifra", "{count} cifras"]}, "plural_forms":
  // {"nplurals": 2, "plural": "(n != 1)"}, "lessons": {"the-cat-sat":
  // {"/title": "...", ...}}}, as scripts/catalogs.py writes it from a PO file
  // (msgid_plural, the Plural-Forms header). On error returns nullptr and says why.
  static std::shared_ptr<const Catalog> parse(std::string_view json, std::string* error);
  const std::string& language() const { return language_; }
  // The translation, or nullptr when there is none.
  const std::string* find(std::string_view english) const;
  const std::unordered_map<std::string, std::string>& messages() const { return messages_; }
  // A message with plural forms, by its English singular: the forms, one for
  // each of the catalog's plural classes; nullptr when it has none.
  const std::vector<std::string>* find_plural(std::string_view english) const;
  const std::unordered_map<std::string, std::vector<std::string>>& plurals() const {
    return plurals_;
  }
  // Which of a message's forms a count takes, by the catalog's rule.
  size_t plural_index(unsigned long n) const;
  size_t plural_count() const { return nplurals_; }
  // A built-in lesson's texts in this language, by JSON Pointer into its file
  // (core/load/lesson_translations.h); null when it has none.
  const std::map<std::string, std::string>* lesson_texts(std::string_view lesson_id) const;
  const std::map<std::string, std::map<std::string, std::string>, std::less<>>& lessons() const {
    return lessons_;
  }

 private:
  std::string language_;
  std::unordered_map<std::string, std::string> messages_;
  std::unordered_map<std::string, std::vector<std::string>> plurals_;
  std::string plural_rule_ = "n != 1";  // English's, for a catalog that has no plurals
  size_t nplurals_ = 2;
  std::map<std::string, std::map<std::string, std::string>, std::less<>> lessons_;
};

// While it lives, tr() on this thread reads `catalog` (null: English); the
// scope it was opened in comes back when it ends. Scopes nest (an App's
// apply() inside its frame(), a load_lesson() inside either); open one only
// as a local. The catalog must outlive the scope.
class CatalogScope {
 public:
  explicit CatalogScope(const Catalog* catalog);
  // tr() reads whatever `*held` is at each call: an App's own catalog, so a
  // language its learner picks inside the scope speaks at once.
  static CatalogScope following(const Catalog* const* held) { return CatalogScope(nullptr, held); }
  ~CatalogScope();
  CatalogScope(const CatalogScope&) = delete;
  CatalogScope& operator=(const CatalogScope&) = delete;

 private:
  CatalogScope(const Catalog* fixed, const Catalog* const* held);
  const Catalog* fixed_;
  const Catalog* const* outer_;
};
// The innermost scope's catalog on this thread; null is English.
const Catalog* scoped_catalog();
// A text whose values are in, as the scope's language writes it: in Korean,
// the particle after each value in the form that fits it (korean_particles.h).
std::string with_values_spoken(std::string text);

// `english` in the scope's language (CatalogScope). The pointer lives as long as the catalog.
const char* tr(const char* english);
// tr() for a word that reads differently by where it is shown (gettext's
// pgettext): the catalog keys it as context "\x04" english.
const char* trc(const char* context, const char* english);
// tr(), then each "{name}" replaced by its value: trf("Step {n} of {count}",
// {{"n", "2"}, {"count", "9"}}). Translators may reorder the names.
std::string trf(const char* english,
                std::initializer_list<std::pair<std::string_view, std::string_view>> values);
// gettext's ngettext: `singular` or `plural` by the count `n`, in the
// scope's language, which may have one form (Chinese, Korean) or several
// (catalog's Plural-Forms). English: `singular` for 1, else `plural`. Use it
// wherever a count meets a noun, never "(s)" or a sentence glued by the count.
const char* trn(const char* singular, const char* plural, unsigned long n);
// trn(), then trf()'s {name}s: trnf("{count} digit", "{count} digits", n,
// {{"count", "3"}}).
std::string trnf(const char* singular, const char* plural, unsigned long n,
                 std::initializer_list<std::pair<std::string_view, std::string_view>> values);
// A Plural-Forms expression ("(n != 1)", "0", "n%10==1 && n%100!=11 ? 0 : …":
// C's operators over n) for a count; false if it does not parse.
bool plural_form(std::string_view expression, unsigned long n, unsigned long* form);

// Marks a message where it is defined (a table's), for xgettext; tr() then
// translates it where it is shown.
constexpr const char* N_(const char* english) { return english; }
// The same for a message with plural forms (xgettext's NN_:1,2), said with trnf().
struct PluralText {
  const char* singular;
  const char* plural;
};
constexpr PluralText NN_(const char* singular, const char* plural) { return {singular, plural}; }

// The "{name}"s of a message, in order (for checking a translation keeps them).
std::vector<std::string> placeholders(std::string_view message);

}  // namespace attn
