// Files the app needs from its shell, and the app taking them: the lessons'
// files, the catalogs of the interface's languages, the font packs their
// characters need, and the notices when one cannot be had.
#include "app/assets.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "app/app.h"
#include "core/base/embedded_file.h"
#include "core/text/translation.h"

// The interface's catalogs (scripts/catalogs.py): compiled into the desktop
// app and the tests; the page fetches them (src/app/catalogs_fetched.cpp).
extern const attn::EmbeddedFile kCatalogFiles[];
extern const size_t kCatalogFilesCount;

namespace attn::app {

namespace {
constexpr std::pair<AssetKind, std::string_view> kKindNames[] = {
    {AssetKind::lesson, "lesson"}, {AssetKind::catalog, "catalog"}, {AssetKind::font, "font"}};
}  // namespace

std::string_view asset_kind_name(AssetKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "";
}

std::optional<AssetKind> asset_kind_of(std::string_view name) {
  for (const auto& [k, n] : kKindNames)
    if (n == name) return k;
  return std::nullopt;
}

std::string asset_file(const Asset& asset) {
  switch (asset.kind) {
    case AssetKind::lesson:
      return "lessons/" + asset.name + ".json";
    case AssetKind::catalog:
      return "lang/" + asset.name + ".json";
    case AssetKind::font:
      return "fonts/" + asset.name + ".ttf";
  }
  return "";
}

void AssetWants::want(const Asset& asset) {
  if (!wanted(asset)) open_.push_back({asset, false});
}

bool AssetWants::wanted(const Asset& asset) const {
  return std::any_of(open_.begin(), open_.end(), [&](const Want& w) { return w.asset == asset; });
}

std::vector<Asset> AssetWants::take() {
  std::vector<Asset> out;
  for (Want& w : open_)
    if (!w.taken) {
      w.taken = true;
      out.push_back(w.asset);
    }
  return out;
}

void AssetWants::settle(const Asset& asset) {
  open_.erase(
      std::remove_if(open_.begin(), open_.end(), [&](const Want& w) { return w.asset == asset; }),
      open_.end());
}

//-----------------------------------------------------------------------------
// The app's side: asking, and taking what arrives
//-----------------------------------------------------------------------------

std::vector<Asset> App::take_wanted_assets() {
  const CatalogScope words = speaking();
  for (const ui::FontPack* p : fonts_.wanted()) wants_.want({AssetKind::font, p->name});
  return wants_.take();
}

std::string App::provide_asset(const Asset& asset, std::string bytes) {
  const CatalogScope words = speaking();
  wants_.settle(asset);
  switch (asset.kind) {
    case AssetKind::lesson:
      return provide_lesson(asset.name, bytes);
    case AssetKind::catalog:
      provide_catalog(asset.name, bytes);
      return "";
    case AssetKind::font:
      fonts_.provide(asset.name, std::move(bytes));
      font_status();
      return "";
  }
  return "";
}

void App::asset_failed(const Asset& asset, std::string_view why) {
  const CatalogScope words = speaking();
  wants_.settle(asset);
  switch (asset.kind) {
    case AssetKind::lesson:
      return lesson_failed(asset.name, why);
    case AssetKind::catalog:
      return catalog_failed(asset.name, why);
    case AssetKind::font:
      return font_failed(asset.name, why);
  }
}

std::string App::provide_lesson(std::string_view id, std::string_view bytes) {
  const int index = library_.index_of(id);
  if (index < 0 || !library_[index].builtin) return "Unknown lesson " + quoted_value(id);
  bool added = false;
  const std::string why = library_.provide_builtin(index, bytes, words_, &added);
  if (!why.empty()) {
    lesson_failed(id, why);
    return why;
  }
  if (!added) return "";    // here already
  if (!slot_mut().session)  // nothing shown yet (the page, before start): show this one
    select(index);
  else if (pending_lesson_ == index)
    apply(ui::request::SelectLesson{index});
  need_fonts();
  return "";
}

void App::lesson_failed(std::string_view id, std::string_view why) {
  if (pending_lesson_ < 0 || library_[pending_lesson_].id != id) return;
  const std::string title = library_.entries()[pending_lesson_].title;
  pending_lesson_ = -1;
  font_status();
  // TRANSLATORS: {why} is in English (e.g. "HTTP 404").
  notice(
      trf("The lesson \"{title}\" could not be loaded ({why}).", {{"title", title}, {"why", why}}));
}

std::shared_ptr<const Catalog> App::catalog_for(std::string_view code) {
  if (code == "en") return nullptr;
  if (auto it = catalogs_.find(code); it != catalogs_.end()) return it->second;
  const std::string file = std::string(code) + ".json";
  for (size_t i = 0; i < kCatalogFilesCount; ++i)
    if (file == kCatalogFiles[i].name) {
      std::string error;
      auto catalog = Catalog::parse(kCatalogFiles[i].text(), &error);
      if (catalog) catalogs_.emplace(std::string(code), catalog);
      return catalog;
    }
  return nullptr;
}

void App::use_language(std::string_view code, std::shared_ptr<const Catalog> catalog) {
  if (!pending_language_.empty()) wants_.settle({AssetKind::catalog, pending_language_});
  pending_language_.clear();
  view_.language = std::string(code);
  // The interface's characters, each with the first message holding it, for
  // the fonts (the lessons' own, translated, are their slots': localize()).
  language_characters_.clear();
  std::set<char32_t> seen;
  if (catalog)
    for (const auto& [english, text] : catalog->messages())
      for (char32_t c : codepoints_of(text))
        if (c >= 0x80 && seen.insert(c).second)
          language_characters_.push_back({c, "lang/" + std::string(code) + ".json: " + english});
  catalog_ = std::move(catalog);
  words_ = catalog_.get();
  for (int i = 0; i < library_.size(); ++i) library_.localize(i, words_);
  need_fonts();
}

void App::provide_catalog(std::string_view code, std::string_view bytes) {
  std::string error;
  auto catalog = Catalog::parse(bytes, &error);
  if (!catalog || catalog->language() != code) {
    catalog_failed(code, catalog ? "it is another language's" : error);
    return;
  }
  catalogs_[std::string(code)] = std::move(catalog);
  if (pending_language_ == code) apply(ui::request::SetLanguage{std::string(code)});
}

void App::catalog_failed(std::string_view code, std::string_view why) {
  if (pending_language_ != code) return;
  pending_language_.clear();
  font_status();
  const Language* l = find_language(code);
  notice(trf("The {language} translation could not be loaded ({why}); the page stays in {current}.",
             {{"language", l ? l->name : code},
              {"why", why},
              {"current", find_language(view_.language)->name}}));
}

void App::font_failed(std::string_view name, std::string_view why) {
  const bool failed = fonts_.fail(name);
  font_status();
  if (failed)
    for (const ui::FontPack& p : ui::font_packs())
      if (name == p.name)
        notice(
            trf("The font for {what} could not be loaded ({why}); those characters show as \"?\".",
                {{"what", tr(p.what)}, {"why", why}}));
}

//-----------------------------------------------------------------------------
// Fonts: the characters every lesson and the interface need
//-----------------------------------------------------------------------------

bool App::set_pixel_ratio(float ratio) {
  const CatalogScope words = speaking();
  ui_.pixel_ratio = ratio;
  if (!fonts_.build(ratio)) return false;
  font_status();
  // Characters a pack, once loaded, turned out not to have (a rare Chinese one).
  const std::vector<char32_t> lacking = fonts_.take_lacking();
  for (int i = 0; i < library_.size(); ++i) {
    const LessonSlot& s = library_[i];
    if (!s.lesson) continue;
    std::vector<CharacterUse> uses;
    for (const CharacterUse& c : s.shown_characters)
      if (std::find(lacking.begin(), lacking.end(), c.codepoint) != lacking.end())
        uses.push_back(c);
    report_missing(s.lesson->title, uses);
  }
  return true;
}

void App::need_fonts() {
  std::vector<char32_t> needed;
  for (int i = 0; i < library_.size(); ++i)
    for (const CharacterUse& c : library_[i].shown_characters)
      if (!ui::base_font_has(c.codepoint)) needed.push_back(c.codepoint);
  for (const CharacterUse& c : language_characters_)
    if (!ui::base_font_has(c.codepoint)) needed.push_back(c.codepoint);
  fonts_.need(std::move(needed));
  font_status();
}

void App::font_status() {
  if (pending_lesson_ >= 0) {
    view_.status =
        trf("Loading \"{title}\"…", {{"title", library_.entries()[pending_lesson_].title}});
    return;
  }
  if (const Language* l = find_language(pending_language_)) {
    view_.status = trf("Loading {language}…", {{"language", l->name}});
    return;
  }
  const std::string loading = fonts_.loading();
  // TRANSLATORS: {what} is a font's contents, e.g. "Korean Hangul"
  view_.status = loading.empty() ? "" : trf("Loading the font for {what}…", {{"what", loading}});
}

void App::report_missing(const std::string& lesson_title, const std::vector<CharacterUse>& uses) {
  // Characters no font here has: named once, with where they are. Right-to-
  // left letters get their own reason: drawing them needs shaping.
  std::vector<std::string> missing, rtl;
  for (const CharacterUse& c : uses)
    (right_to_left(c.codepoint) ? rtl : missing)
        .push_back(trf("\"{character}\" ({codepoint}, first at {where})",
                       {{"character", utf8_of(c.codepoint)},
                        {"codepoint", codepoint_name(c.codepoint)},
                        {"where", c.where}}));
  const auto listed = [](const std::vector<std::string>& items) {
    std::string text;
    for (size_t i = 0; i < items.size() && i < 4; ++i) text += (i ? ", " : "") + items[i];
    if (items.size() > 4)
      text += trf(" and {count} more", {{"count", std::to_string(items.size() - 4)}});
    return text;
  };
  const std::string title = "\"" + lesson_title + "\"";
  if (!rtl.empty())
    notice(
        trf("{title} has right-to-left text, which this canvas cannot draw (its letters "
            "need joining and reordering the drawing library lacks); they show as \"?\" and "
            "the Text view shows them as written: {characters}.",
            {{"title", title}, {"characters", listed(rtl)}}));
  if (!missing.empty())
    notice(trnf("{title} uses a character no font here has, shown as \"?\": {characters}.",
                "{title} uses characters no font here has, shown as \"?\": {characters}.",
                missing.size(), {{"title", title}, {"characters", listed(missing)}}));
}

std::vector<CharacterUse> App::undrawable_characters() const {
  std::vector<CharacterUse> out;
  for (const CharacterUse& c : slot().shown_characters)
    if (!fonts_.can_draw(c.codepoint)) out.push_back(c);
  for (const CharacterUse& c : language_characters_)
    if (!fonts_.can_draw(c.codepoint)) out.push_back(c);
  return out;
}

}  // namespace attn::app
