// What window.attention and its postMessage bridge (docs/embedding.md), the
// desktop shell and the tests ask of the app: lessons, matrices and numbers
// named as text in, "" or why not (English: its reader is a developer) or
// JSON out. Every change goes through App::apply; this only translates.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "app/app.h"

namespace attn::app {

class Api {
 public:
  explicit Api(App& app) : app_(app) {}

  std::vector<std::string> lesson_ids() const;
  // Shows a lesson by id; a built-in one whose file is not here yet is asked
  // of the shell and shown when it arrives.
  std::string set_lesson(std::string_view id);
  // Loads a lesson file and shows it; on error the learner's page stays as it
  // was (no notice: the caller hears the error).
  std::string add_lesson(std::string_view bytes, std::string_view source);
  // The lesson editor (web/editor/): a draft judged by the same loader,
  // {"ok": true} or {"ok": false, "path": JSON pointer, "reason", "message"}
  // in the learner's language; shown in place of the lesson of its id, on the
  // same step as far as it has steps; and the file of the lesson shown.
  std::string check_lesson(std::string_view bytes) const;
  std::string preview_lesson(std::string_view bytes);
  std::string lesson_file() const;
  // The texts of a lesson file a translation may replace
  // (core/load/lesson_translations.h): {"texts": [{"path": JSON pointer,
  // "text"}]}, or {"error": why the text is no lesson file's}.
  std::string translatable_texts(std::string_view bytes) const;
  // The numbers a lesson file's random draws make, to be typed in instead
  // (the editor's "Type these numbers"): {"inputs": {name: [[row], ...]}}
  // for a one-part lesson, or {"error": the loader's message}.
  std::string drawn_inputs(std::string_view bytes) const;
  std::string set_step(int step);
  // One step of gradient descent in the shown part's training ("" or why not).
  std::string train_step();
  // `matrix` as the trace's JSON names it: "W_q", "value-64/weights". An
  // input, or a what-if on a computed score or weight.
  std::string set_value(std::string_view matrix, int row, int col, double value);
  // The same with the number as a learner typed it ("−0.5", "0,5").
  std::string set_value_text(std::string_view matrix, int row, int col, std::string_view text);
  // Applies a link's changes to the current lesson.
  std::string apply_state(std::string_view state);
  // "en", "es", "zh-Hans", "ko": switches once its catalog is here.
  std::string set_language(std::string_view code);
  // A figure of the current step (`matrix`: "" for the whole step, else one
  // of its matrices as the trace names it), drawn after the next frame; its
  // answer (the shell's "figure" or "figurefailed") carries `*id`.
  std::string save_figure(float scale, bool dark, std::string_view matrix, bool download,
                          uint64_t* id);

  std::string trace_json() const;
  // App::reported() as JSON: {lesson, title, builtin, draft (the editor's), notices, step, steps,
  // stepId, stepTitle, theme, language, mode, embed, keepRowSum, challenge,
  // edited, changes, overrides, revision, progress}.
  std::string state_json() const;
  // {"lesson" or "lesson-url", "step", "theme", "embed", "lang", "state"}: what a link
  // to exactly this needs (the page turns it into a URL).
  std::string link_json() const;
  std::string numpy_snippet() const { return app_.shown_numpy_snippet(); }
  // The learner's progress on the current lesson (core/learning/progress.h's counts):
  // {lesson, steps, visited, predictions, answered, right, challenges,
  // solved, complete, score}; score is null for a lesson with nothing to answer.
  std::string progress_json() const;
  // The current lesson's saved work, for the shell to keep: {"lesson": id,
  // "language": code, "work": text}; "work" is null when there is nothing to keep.
  std::string saved_work_json() const;
  // The current step as the text view shows it (src/app/text_view.cpp).
  std::string text_view_json() const;
  // {"loading": what is being fetched or "", "missing": [{character, codepoint,
  // where}]}: the current lesson's characters the canvas cannot draw now.
  std::string glyphs_json() const;

 private:
  nlohmann::json progress_object() const;  // progress_json()'s document
  App& app_;
};

}  // namespace attn::app
