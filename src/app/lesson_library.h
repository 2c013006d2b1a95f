// The lessons the app can show: the eight built-in ones (their files compiled
// in, or arriving one by one from the shell) and the files added since, each
// shown in the learner's language, with the learner's session once opened.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/lesson.h"
#include "core/text/characters.h"
#include "core/text/translation.h"
#include "ui/context.h"

namespace attn::app {

// The slot of the lesson editor's draft (Api::preview_lesson): not a file's
// id (the loader allows no '~'), so a draft never takes a lesson's place.
inline constexpr std::string_view kDraftLessonId = "~draft";

struct LessonSlot {
  std::string id;                          // known before its file is here (a built-in's)
  std::shared_ptr<const Lesson> lesson;    // as shown: in the learner's language, if translated;
                                           // null while a built-in's file is not here
  std::shared_ptr<const Lesson> original;  // as its file has it
  std::string text;                        // its file's JSON, as it came
  std::shared_ptr<const nlohmann::json> document;  // ...parsed once: read again to translate it
  std::unique_ptr<Session> session;  // made when first opened; keeps the learner's edits
  bool builtin = false;              // one of the eight, not a file
  std::string file;                  // the lesson file as named at start (lesson-url)
  bool in_link = false;  // carried by the page's address (#lesson=): a link keeps it there
  LessonProgress progress;
  std::optional<ui::DescentShown> descent;  // gradient descent shown on a challenge
  bool restore_checked = false;             // saved work looked for (once, when first opened)
  std::vector<CharacterUse> characters;     // its file's, beyond ASCII (built-ins: none beyond the
                                            // base font)
  std::vector<CharacterUse> shown_characters;  // those of its texts as shown (translated)
};

class LessonLibrary {
 public:
  // `files_compiled_in`: the built-in lessons' files are in this build (the
  // desktop app, the tests); else each arrives through provide_builtin.
  explicit LessonLibrary(bool files_compiled_in);

  int size() const { return static_cast<int>(slots_.size()); }
  LessonSlot& operator[](int index) { return slots_[static_cast<size_t>(index)]; }
  const LessonSlot& operator[](int index) const { return slots_[static_cast<size_t>(index)]; }
  // The lesson with this id, or -1.
  int index_of(std::string_view id) const;
  // The lesson picker's view: titles and sources as shown.
  const std::vector<ui::LessonEntry>& entries() const { return entries_; }
  std::vector<std::string> ids() const;

  // A lesson file's lesson, shown in `catalog`'s language: it replaces a
  // lesson with its id (an instructor's version of a built-in wins) or joins
  // the list. Returns its index.
  int add(std::shared_ptr<const Lesson> lesson, std::string text,
          std::shared_ptr<const nlohmann::json> document, std::string file, const Catalog* catalog);
  // A built-in lesson's file, arrived from the shell: "" or why it cannot be
  // used, in `catalog`'s language ("" too when that lesson is here already;
  // `added` says whether it was added).
  std::string provide_builtin(int index, std::string_view bytes, const Catalog* catalog,
                              bool* added);
  // Shows lesson `index` in the catalog's language where it has a translation
  // (the catalog's, for a built-in; its file's own, else; null: English), its
  // numbers and the learner's changes kept.
  void localize(int index, const Catalog* catalog);

 private:
  // The slot's file as a document: parsed the first time it is needed.
  const nlohmann::json* document(LessonSlot& s);

  std::vector<LessonSlot> slots_;
  std::vector<ui::LessonEntry> entries_;  // the picker's view of slots_
};

}  // namespace attn::app
