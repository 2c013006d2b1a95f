// The web shell: the window, Emscripten's main loop and one frame function
// around the shared app. Input repairs for this Emscripten/ImGui pair are in
// browser_input.cpp; the functions the page (web/page/) calls are in page_api.cpp.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>

#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "imgui.h"
#include "platform/figure.h"
#include "platform/glfw_host.h"
#include "platform/web/browser_input.h"
#include "platform/web/web_shell.h"
#include "ui/layout.h"

namespace attn::web {

namespace {

constexpr double kIdleAfterSeconds = 0.5;  // keep drawing this long after the last input
// A layout that never settles (two states taking turns) still lets the loop rest.
constexpr int kMostUnsettledFrames = 10;

// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(void, notify_page_js, (const char* name, const char* json), {
  if (Module['attentionEvent']) Module['attentionEvent'](UTF8ToString(name), UTF8ToString(json));
});
// A figure for slides, as PNG bytes (copied out of the heap at once).
EM_JS(void, notify_figure_js, (double id, const char* name, const unsigned char* png, int size,
                               int width, int height, double scale, int download), {
  if (Module['attentionFigure'])
    Module['attentionFigure']({'id': id, 'name': UTF8ToString(name),
                               'png': HEAPU8.slice(png, png + size), 'width': width,
                               'height': height, 'scale': scale, 'download': !!download});
});
// clang-format on

// What the app wants from the page, each asked for once: a built-in lesson's
// file, a language's catalog, the font packs its characters need (only for
// the canvas: without WebGL2 the browser draws the text view).
void ask_page(bool fonts) {
  for (const app::Asset& a : shell().app->take_wanted_assets()) {
    if (a.kind == app::AssetKind::font && !fonts) continue;
    notify_page("needasset", nlohmann::json{{"kind", app::asset_kind_name(a.kind)},
                                            {"name", a.name},
                                            {"file", app::asset_file(a)}}
                                 .dump()
                                 .c_str());
  }
}

bool needs_frame() {
  const ImGuiIO& io = ImGui::GetIO();
  if (shell().first_frame) return true;  // however long the start-up steps took
  // A change woke the loop (a file arrived, an API call): drawn even when a
  // loaded machine runs the next frame after the idle delay has passed.
  if (shell().woken) return true;
  if (emscripten_get_now() / 1000.0 - shell().last_activity < kIdleAfterSeconds) return true;
  // The last frame moved something: on a loaded machine the idle delay can pass
  // within one frame, and the picture would then lag the layout a press meets.
  if (shell().unsettled > 0 && shell().unsettled < kMostUnsettledFrames) return true;
  if (input_pending()) return true;
  if (ImGui::IsAnyItemActive() || io.WantTextInput || shell().app->animating()) return true;
  for (bool down : io.MouseDown)
    if (down) return true;
  for (bool down : io.KeysDown)
    if (down) return true;
  return false;
}

// The first frame's own start-up work, one piece per animation frame, so
// that no browser task holds all of it (docs/performance.md, "Start-up"):
// the font atlas; then ImGui's shaders and font texture and the heatmaps'
// shader; then one frame of the UI that is built but not drawn (the first
// run of the layout code is its slowest: the browser compiles each function
// of the program when it first runs). Returns true while a piece was done.
bool warm_up() {
  Shell& s = shell();
  switch (s.warmed_up++) {
    case 0:
      s.app->set_pixel_ratio(static_cast<float>(s.dpr));  // its texture comes next
      return true;
    case 1:
      platform::create_gl_objects();  // the font texture among them
      static_cast<render::GlHeatmapRenderer*>(s.heatmaps.get())->ensure_program();
      return true;
    case 2:
      platform::backend_new_frame();
      apply_browser_input(ImGui::GetIO());
      ImGui::NewFrame();
      s.app->frame();
      ImGui::EndFrame();
      return true;
    default:
      s.warmed_up = 3;
      return false;
  }
}

// A drag changes the state every frame. Writing it out and the page's work
// on it cost as much as the frame itself, so from the frame loop the page (and
// its host) hear of a change at once, then at most every kReportEveryMs while
// changes go on, and once more when they stop. API calls report at once.
constexpr double kReportEveryMs = 250.0;

void report_state_from_frame() {
  Shell& s = shell();
  if (s.app->version() == s.reported_version || s.report_waiting) return;
  const double since = emscripten_get_now() - s.reported_at;
  if (since >= kReportEveryMs) return report_state();
  s.report_waiting = true;
  emscripten_set_timeout(
      [](void*) {
        shell().report_waiting = false;
        report_state();
      },
      kReportEveryMs - since, nullptr);
}

void frame() {
  Shell& s = shell();
  if (s.context_lost) return pause_loop();
  follow_canvas_size();
  if (s.first_frame && warm_up()) return;
  if (!needs_frame()) return pause_loop();  // nothing changed: the last picture stays

  if (s.app->set_pixel_ratio(static_cast<float>(s.dpr))) platform::reload_font_texture();
  platform::backend_new_frame();
  apply_browser_input(ImGui::GetIO());

  const double build_start = emscripten_get_now();
  const uint64_t revision_start = s.app->session().revision();
  ImGui::NewFrame();
  s.app->frame();
  ImGui::EndFrame();  // the rest of Render() is drawing
  const uint64_t layout = ui::layout_fingerprint();
  s.unsettled = layout == s.layout ? 0 : s.unsettled + 1;
  s.layout = layout;
  s.costs[s.frames_drawn % 64] = {s.frames_drawn + 1, revision_start, s.app->session().revision(),
                                  emscripten_get_now() - build_start + s.pending_ms};
  s.pending_ms = 0;
  const double render_start = emscripten_get_now();
  platform::render_frame(s.window, *s.heatmaps);
  s.costs[s.frames_drawn % 64].render_ms = emscripten_get_now() - render_start;
  ++s.frames_drawn;
  s.woken = false;
  if (auto f = platform::make_figure(*s.app, static_cast<float>(s.dpr))) {
    if (f->error.empty())
      notify_figure_js(static_cast<double>(f->id), f->file_name.c_str(), f->png.data(),
                       static_cast<int>(f->png.size()), f->width, f->height, f->scale,
                       f->download ? 1 : 0);
    else
      notify_page("figurefailed",
                  nlohmann::json{{"id", f->id}, {"error", f->error}}.dump().c_str());
  }

  ask_page(true);

  if (s.first_frame) {
    s.first_frame = false;
    notify_page("firstframe", s.api->state_json().c_str());
  }
  report_state_from_frame();
}

}  // namespace

Shell& shell() {
  static Shell s;
  return s;
}

bool has_gl() { return shell().window != nullptr; }

void notify_page(const char* name, const char* json) { notify_page_js(name, json); }

void wake() {
  Shell& s = shell();
  if (!s.started) return;
  if (!has_gl()) return ask_page(false);  // nothing to draw, but a language may be wanted
  s.last_activity = emscripten_get_now() / 1000.0;
  s.woken = true;
  if (s.paused && !s.hidden && !s.offscreen && !s.context_lost) {
    s.paused = false;
    emscripten_resume_main_loop();
  }
}

void pause_loop() {
  Shell& s = shell();
  if (s.paused || !has_gl()) return;
  s.paused = true;
  emscripten_pause_main_loop();
}

void report_state() {
  Shell& s = shell();
  if (s.app->version() == s.reported_version) return;
  s.reported_version = s.app->version();
  s.reported_at = emscripten_get_now();
  notify_page("statechange", s.api->state_json().c_str());
}

void start_loop() {
  Shell& s = shell();
  s.started = true;
  s.reported_version = s.app->version();
  if (!has_gl()) {  // the lesson as text: the page's text view runs on the API
    notify_page("nogl", s.api->state_json().c_str());
    return ask_page(false);  // its language's catalog, say
  }
  s.css_w = s.css_h = 0;  // force the first size check
  wake();
  emscripten_set_main_loop(frame, 0, false);
}

}  // namespace attn::web

// The window and the app; page.js then calls attn_start with the page's
// parameters (page_api.cpp). "--no-gl": the page knows WebGL2 is missing.
int main(int argc, char** argv) {
  using namespace attn;
  web::Shell& s = web::shell();
  const bool no_gl = argc > 1 && std::strcmp(argv[1], "--no-gl") == 0;
  if (!no_gl) {
    platform::HostOptions host;
    host.glsl_version = web::kGlsl;
    host.gles = true;
    emscripten_get_element_css_size("#canvas", &s.css_w, &s.css_h);
    s.dpr = emscripten_get_device_pixel_ratio();
    host.width = static_cast<int>(std::lround(std::max(1.0, s.css_w) * s.dpr));
    host.height = static_cast<int>(std::lround(std::max(1.0, s.css_h) * s.dpr));
    s.window = platform::create_host(host, web::install_activity_callbacks);
  }
  if (s.window) {
    web::install_browser_input(s.window);
    s.heatmaps = std::make_unique<render::GlHeatmapRenderer>(web::kGlsl);
  } else {  // no WebGL2 (or refused after all): an ImGui context with no window
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    s.heatmaps = std::make_unique<ui::NullHeatmapRenderer>();
  }
  s.app = std::make_unique<app::App>(s.heatmaps.get(), app::App::LessonFiles::provided);
  s.api = std::make_unique<app::Api>(*s.app);
  if (s.window) {
    s.app->on_copy_link = [] {
      web::notify_page("copylink", web::shell().api->link_json().c_str());
    };
    s.app->on_show_text_view = [] { web::notify_page("showtextview", "{}"); };
  }
  return 0;
}
