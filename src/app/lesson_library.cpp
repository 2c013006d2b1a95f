// The lessons the app can show, each in the learner's language.
#include "app/lesson_library.h"

#include <nlohmann/json.hpp>

#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/load/lesson_translations.h"

namespace attn::app {

LessonLibrary::LessonLibrary(bool files_compiled_in) {
  for (const BuiltinLessonEntry& e : builtin_lesson_index()) {
    LessonSlot s;
    s.id = e.id;
    s.builtin = true;
    if (files_compiled_in)
      if (auto l = find_builtin_lesson(e.id)) {
        s.original = s.lesson = l;
        s.text = builtin_lesson_file(e.id);
      }
    slots_.push_back(std::move(s));
    entries_.push_back({e.title, e.source});
  }
}

int LessonLibrary::index_of(std::string_view id) const {
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> LessonLibrary::ids() const {
  std::vector<std::string> ids;
  for (const LessonSlot& s : slots_) ids.push_back(s.id);
  return ids;
}

int LessonLibrary::add(std::shared_ptr<const Lesson> lesson, std::string text,
                       std::shared_ptr<const nlohmann::json> document, std::string file,
                       const Catalog* catalog) {
  int index = index_of(lesson->id);
  if (index < 0) {
    index = size();
    slots_.emplace_back();
    entries_.emplace_back();
  }
  LessonSlot& s = slots_[static_cast<size_t>(index)];
  s = {};
  s.id = lesson->id;
  s.original = s.lesson = std::move(lesson);
  s.text = std::move(text);
  s.document = std::move(document);
  s.file = std::move(file);
  if (s.document) s.characters = characters_used(*s.document);
  localize(index, catalog);
  return index;
}

const nlohmann::json* LessonLibrary::document(LessonSlot& s) {
  if (!s.document) s.document = read_lesson_file(s.text).document;
  return s.document.get();
}

std::string LessonLibrary::provide_builtin(int index, std::string_view bytes,
                                           const Catalog* catalog, bool* added) {
  *added = false;
  LessonSlot& s = slots_[static_cast<size_t>(index)];
  if (s.lesson) return "";  // here already
  LessonFile file = read_lesson_file(bytes, catalog);
  if (!file.document) return file.error.message(s.id);
  LoadResult r = load_lesson_document(*file.document, catalog);
  if (!r.ok()) return r.error.message(s.id);
  if (r.lesson->id != s.id) return "it is another lesson's file";
  s.original = s.lesson = std::make_shared<const Lesson>(std::move(*r.lesson));
  s.text = std::string(bytes);
  s.document = std::move(file.document);
  localize(index, catalog);
  *added = true;
  return "";
}

void LessonLibrary::localize(int index, const Catalog* catalog) {
  LessonSlot& s = slots_[static_cast<size_t>(index)];
  TextTranslations texts;
  if (s.builtin) {
    if (catalog)
      if (const auto* t = catalog->lesson_texts(s.id)) texts = *t;
    if (!s.original) {  // its file is not here yet: the picker's title and source
      const BuiltinLessonEntry& e = builtin_lesson_index()[static_cast<size_t>(index)];
      const auto translated = [&](const char* pointer, const std::string& english) {
        const auto it = texts.find(pointer);
        return it == texts.end() ? english : it->second;
      };
      entries_[static_cast<size_t>(index)] = {translated("/title", e.title),
                                              translated("/source", e.source)};
      return;
    }
  } else if (const nlohmann::json* file = document(s)) {
    texts = file_translations(*file, catalog ? catalog->language() : "en");
  }
  std::shared_ptr<const Lesson> shown = s.original;
  s.shown_characters = s.characters;
  // A file is read again even without translations: the steps the loader
  // writes for a file with none are in the catalog's language.
  const nlohmann::json* file = !texts.empty() || !s.builtin ? document(s) : nullptr;
  if (file) {
    // The loader checked the file; the texts keep its {values}: this loads.
    const nlohmann::json translated = with_translations(*file, texts);
    LoadResult r = load_lesson_document(translated, catalog);
    if (r.ok()) {
      r.lesson->id = s.id;  // the draft's slot keeps its own (kDraftLessonId)
      shown = std::make_shared<const Lesson>(std::move(*r.lesson));
      s.shown_characters = characters_used(translated);
    }
  }
  if (shown != s.lesson) {
    s.lesson = shown;
    if (s.session) s.session->replace_texts(shown);
  }
  entries_[static_cast<size_t>(index)] = {s.lesson->title, s.lesson->source};
}

}  // namespace attn::app
