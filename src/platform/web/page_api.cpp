// The functions the page (web/page/) calls (window.attention and its postMessage
// bridge, docs/embedding.md), and the test and benchmark getters behind
// window.attention.testing. Strings returned stay valid until the next call.
#include <emscripten.h>
#include <emscripten/heap.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "core/text/json_document.h"
#include "imgui.h"
#include "platform/web/browser_input.h"
#include "platform/web/web_shell.h"
#include "ui/item_registry.h"

namespace {

using attn::web::shell;

const char* keep(std::string s) {
  static std::string out;
  out = std::move(s);
  return out.c_str();
}

// After a call that may change what is shown: draw, and tell the page.
const char* after_call(std::string result) {
  attn::web::wake();
  attn::web::report_state();
  return keep(std::move(result));
}

}  // namespace

extern "C" {

// The page's URL parameters as [[key, value], ...], exactly as the URL has
// them, and the lesson file lesson-url names: its bytes, or why it could not
// be fetched; the lesson its address carries after #lesson=, unpacked: its
// bytes, or why not (web/page/lesson-link.js); and the learner's saved work
// from local storage, as {"last": id, "lessons": {id: text}, "language": code},
// with the browser's languages ("languages": navigator.languages). Called
// once, when the page has them.
EMSCRIPTEN_KEEPALIVE void attn_start(const char* parameters, const char* file, int file_size,
                                     const char* file_error, const char* link, int link_size,
                                     const char* link_error, const char* saved) {
  attn::app::StartParameters p;
  const nlohmann::json pairs = attn::parse_or_discard(parameters);
  if (pairs.is_array())
    for (const auto& pair : pairs)
      if (pair.is_array() && pair.size() == 2 && pair[0].is_string() && pair[1].is_string())
        p.values.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
  if (file) p.lesson_file = std::string(file, static_cast<size_t>(file_size));
  p.lesson_file_error = file_error ? file_error : "";
  if (link) p.link_lesson = std::string(link, static_cast<size_t>(link_size));
  p.link_lesson_error = link_error ? link_error : "";
  attn::app::read_saved_work(saved ? saved : "", p);
  shell().app->start(p);
  attn::web::start_loop();
}

EMSCRIPTEN_KEEPALIVE const char* attn_lessons() {
  return keep(nlohmann::json(shell().api->lesson_ids()).dump());
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_lesson(const char* id) {
  return after_call(shell().api->set_lesson(id));
}
// A lesson file's bytes as read (not a C string), so the loader itself judges
// their encoding. The caller (window.attention.loadLesson, a host page over
// postMessage) gets a refused file's one-line error; the learner's page stays
// as it was (Api::add_lesson).
EMSCRIPTEN_KEEPALIVE const char* attn_add_lesson(const char* bytes, int size, const char* source) {
  return after_call(
      shell().api->add_lesson(std::string_view(bytes, static_cast<size_t>(size)), source));
}
// The lesson editor (web/editor/, Api::check_lesson): a draft checked,
// shown in place of its lesson, the file of the lesson shown, and a file's
// translatable texts.
EMSCRIPTEN_KEEPALIVE const char* attn_check_lesson(const char* bytes, int size) {
  return keep(shell().api->check_lesson(std::string_view(bytes, static_cast<size_t>(size))));
}
EMSCRIPTEN_KEEPALIVE const char* attn_preview_lesson(const char* bytes, int size) {
  return after_call(
      shell().api->preview_lesson(std::string_view(bytes, static_cast<size_t>(size))));
}
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_file() { return keep(shell().api->lesson_file()); }
EMSCRIPTEN_KEEPALIVE const char* attn_drawn_inputs(const char* bytes, int size) {
  return keep(shell().api->drawn_inputs(std::string_view(bytes, static_cast<size_t>(size))));
}
EMSCRIPTEN_KEEPALIVE const char* attn_translatable_texts(const char* bytes, int size) {
  return keep(shell().api->translatable_texts(std::string_view(bytes, static_cast<size_t>(size))));
}
// The served page has the editor (the single file has not): the menu offers it.
EMSCRIPTEN_KEEPALIVE void attn_set_can_edit(int on) {
  if (on)
    shell().app->on_edit_lesson = [] { attn::web::notify_page("editlesson", "{}"); };
  else
    shell().app->on_edit_lesson = nullptr;
  attn::web::wake();
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_step(int step) {
  return after_call(shell().api->set_step(step));
}
EMSCRIPTEN_KEEPALIVE const char* attn_train_step() {
  const double start = emscripten_get_now();
  std::string error = shell().api->train_step();
  shell().pending_ms += emscripten_get_now() - start;  // as Play's step, inside a frame
  return after_call(std::move(error));
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_value(const char* matrix, int row, int col,
                                                double value) {
  const double start = emscripten_get_now();
  std::string error = shell().api->set_value(matrix, row, col, value);
  shell().pending_ms += emscripten_get_now() - start;  // the recompute belongs to the next frame
  return after_call(std::move(error));
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_value_text(const char* matrix, int row, int col,
                                                     const char* text) {
  return after_call(shell().api->set_value_text(matrix, row, col, text));
}
EMSCRIPTEN_KEEPALIVE const char* attn_apply_state(const char* state) {
  return after_call(shell().api->apply_state(state));
}
EMSCRIPTEN_KEEPALIVE void attn_reset() {
  shell().app->apply(attn::ui::request::ResetNumbers{});
  after_call("");
}
EMSCRIPTEN_KEEPALIVE void attn_set_theme(int dark) {
  shell().app->apply(attn::ui::request::SetTheme{dark != 0});
  after_call("");
}
EMSCRIPTEN_KEEPALIVE const char* attn_trace() { return keep(shell().api->trace_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_state() { return keep(shell().api->state_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_link() { return keep(shell().api->link_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_numpy() { return keep(shell().api->numpy_snippet()); }
EMSCRIPTEN_KEEPALIVE const char* attn_text_view() { return keep(shell().api->text_view_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_progress() { return keep(shell().api->progress_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_saved_work() { return keep(shell().api->saved_work_json()); }
// Predictions and challenges from the text view's form controls.
EMSCRIPTEN_KEEPALIVE const char* attn_answer(const char* prediction, double picked) {
  return after_call(shell().app->apply(attn::ui::request::AnswerPrediction{prediction, picked}));
}
EMSCRIPTEN_KEEPALIVE const char* attn_skip(const char* prediction) {
  return after_call(shell().app->apply(attn::ui::request::SkipPrediction{prediction}));
}
EMSCRIPTEN_KEEPALIVE const char* attn_take_challenge(const char* challenge) {
  return after_call(shell().app->apply(attn::ui::request::TakeChallenge{challenge}));
}
EMSCRIPTEN_KEEPALIVE const char* attn_hint(const char* challenge) {
  return after_call(shell().app->apply(attn::ui::request::ShowHint{challenge}));
}
EMSCRIPTEN_KEEPALIVE void attn_start_over() {
  shell().app->apply(attn::ui::request::StartOver{});
  after_call("");
}
EMSCRIPTEN_KEEPALIVE int attn_want_keyboard() {
  return attn::web::has_gl() && shell().app->wants_keyboard() ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void attn_enter_cells(int from_end) {
  shell().app->enter_cells(from_end != 0);
  attn::web::wake();
}
EMSCRIPTEN_KEEPALIVE int attn_wants_tab(int back) {
  return attn::web::has_gl() && shell().app->wants_tab(back != 0) ? 1 : 0;
}
// The page's pointer is coarse (a finger): larger targets from the start.
EMSCRIPTEN_KEEPALIVE void attn_set_touch(int touch) {
  shell().app->apply(attn::ui::request::SetTouch{touch != 0});
  attn::web::wake();
}
EMSCRIPTEN_KEEPALIVE void attn_wake() { attn::web::wake(); }
// A figure for slides, drawn after the next frame: {"id": n}, answered by
// the page's "figure" or "figurefailed" event with that id, or {"error": why}.
// `dark` -1: the theme the learner sees.
EMSCRIPTEN_KEEPALIVE const char* attn_save_figure(double scale, int dark, const char* matrix,
                                                  int download) {
  uint64_t id = 0;
  const bool in_dark = dark < 0 ? shell().app->view().dark : dark != 0;
  const std::string error =
      shell().api->save_figure(static_cast<float>(scale), in_dark, matrix, download != 0, &id);
  attn::web::wake();
  return keep(error.empty() ? nlohmann::json{{"id", id}}.dump()
                            : nlohmann::json{{"error", error}}.dump());
}
// Why the frame loop stands still, as bits: 1 stopped, 2 the tab hidden,
// 4 scrolled out of view, 8 the WebGL context lost (stopped alone: idle);
// and 16: the last frame drawn laid out everything as the one before it did.
EMSCRIPTEN_KEEPALIVE int attn_loop_state() {
  const attn::web::Shell& s = shell();
  return (s.paused ? 1 : 0) | (s.hidden ? 2 : 0) | (s.offscreen ? 4 : 0) |
         (s.context_lost ? 8 : 0) | (s.unsettled == 0 && s.frames_drawn > 1 ? 16 : 0);
}
EMSCRIPTEN_KEEPALIVE void attn_set_offscreen(int offscreen) {
  shell().offscreen = offscreen != 0;
  if (shell().offscreen)
    attn::web::pause_loop();
  else
    attn::web::wake();
}
EMSCRIPTEN_KEEPALIVE void attn_paste(const char* text) { attn::web::set_paste_text(text); }
// The file beside the page that holds an asset (app::asset_file, which
// "needasset" names too): for the page's own calls before the app asks (the
// lesson it opens with, a host's setLesson). "" for no such kind.
EMSCRIPTEN_KEEPALIVE const char* attn_asset_file(const char* kind, const char* name) {
  const std::optional<attn::app::AssetKind> k = attn::app::asset_kind_of(kind);
  return keep(k ? attn::app::asset_file({*k, name}) : "");
}
// A file the app asked for ("needasset": a lesson's, a catalog, a font pack),
// or the lesson the page opens with, before attn_start: its bytes. Returns
// why it cannot be used, or "".
EMSCRIPTEN_KEEPALIVE const char* attn_provide_asset(const char* kind, const char* name,
                                                    const char* bytes, int size) {
  const std::optional<attn::app::AssetKind> k = attn::app::asset_kind_of(kind);
  if (!k) return keep("no asset kind " + attn::app::quoted_value(kind));
  const std::string error =
      shell().app->provide_asset({*k, name}, std::string(bytes, static_cast<size_t>(size)));
  if (shell().started) {
    attn::web::wake();
    attn::web::report_state();
  }
  return keep(error);
}
// ...or why the page could not fetch it.
EMSCRIPTEN_KEEPALIVE void attn_asset_failed(const char* kind, const char* name, const char* why) {
  if (const std::optional<attn::app::AssetKind> k = attn::app::asset_kind_of(kind))
    shell().app->asset_failed({*k, name}, why);
  attn::web::wake();
  attn::web::report_state();
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_language(const char* code) {
  return after_call(shell().api->set_language(code));
}
EMSCRIPTEN_KEEPALIVE const char* attn_glyphs() { return keep(shell().api->glyphs_json()); }

// --- window.attention.testing ------------------------------------------------
EMSCRIPTEN_KEEPALIVE int attn_frames_drawn() { return shell().frames_drawn; }
EMSCRIPTEN_KEEPALIVE void attn_enable_items(int on) {
  attn::ui::enable_item_registry(on != 0);
  attn::web::wake();
}
EMSCRIPTEN_KEEPALIVE const char* attn_items() { return keep(attn::ui::items_json()); }
EMSCRIPTEN_KEEPALIVE double attn_heap_bytes() {
  return static_cast<double>(emscripten_get_heap_size());
}
// The last frames' costs, oldest first: [[frame, revision at start, at end,
// C++ ms, drawing ms], ...].
EMSCRIPTEN_KEEPALIVE const char* attn_frame_costs() {
  const attn::web::Shell& s = shell();
  nlohmann::json out = nlohmann::json::array();
  for (int f = std::max(0, s.frames_drawn - 64); f < s.frames_drawn; ++f) {
    const attn::web::FrameCost& c = s.costs[f % 64];
    out.push_back({c.frame, c.revision_start, c.revision_end, c.cpu_ms, c.render_ms});
  }
  return keep(out.dump());
}

}  // extern "C"
