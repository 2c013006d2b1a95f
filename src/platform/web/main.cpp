// The web shell: Emscripten's main loop around the shared UI, plus what
// Emscripten 3.1.6's GLFW lacks in a browser (../shared/docs/web-platform.md):
// device-pixel ratio, touch, wheel, clipboard, idle, context loss. The page's
// JavaScript (web/page.js) calls the attn_* functions at the bottom.
//
// [SECTION] State
// [SECTION] Activity and idle
// [SECTION] Input: touch, wheel, clipboard
// [SECTION] Frame
// [SECTION] Page API (called from web/page.js)
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/heap.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"
#include "platform/glfw_host.h"
#include "ui/app.h"
#include "ui/heatmap_gl.h"
#include "ui/item_registry.h"

//-----------------------------------------------------------------------------
// [SECTION] State
//-----------------------------------------------------------------------------

namespace {

constexpr const char* kGlsl = "#version 300 es";
constexpr double kIdleAfterSeconds = 0.5;  // keep drawing this long after the last input

struct Touch {
  bool active = false;            // a finger is down
  bool scrolling = false;         // it went down on no widget: its moves scroll the panel
  float last_y = 0;               // where the scroll has got to (from where the finger went down)
  ImGuiWindow* target = nullptr;  // the panel being scrolled
  bool pending_up = false;        // lifted before a pressed frame was shown
  int frames_down = 0;            // frames drawn since touchstart
  int frames_after = 0;           // frames drawn since touchend
  float x = 0, y = 0;             // CSS pixels in the canvas
  long id = 0;
};

struct Web {
  GLFWwindow* window = nullptr;
  std::unique_ptr<attn::ui::GlHeatmapRenderer> heatmaps;
  std::unique_ptr<attn::ui::App> app;
  double css_w = 0, css_h = 0, dpr = 0;
  double last_activity = 0;
  bool paused = false, hidden = false, offscreen = false, context_lost = false;
  bool first_frame = true;
  bool gl = true;  // false: no WebGL2; the API and the text view still work
  int frames_drawn = 0;
  uint64_t reported_state = 0;
  float wheel_x = 0, wheel_y = 0;
  Touch touch;
  std::string clipboard;
  // ImGui 1.86 reads io.KeysDown once a frame: a key pressed and released
  // between two frames would be lost. Such a key is held for one frame.
  std::vector<int> pressed_since_frame, held_for_a_frame, release_next_frame;
};

Web g;

// Events to the page: web/page.js sets Module.attentionEvent(name, json).
// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(void, notify_page, (const char* name, const char* json), {
  if (Module.attentionEvent) Module.attentionEvent(UTF8ToString(name), UTF8ToString(json));
});
// clang-format on

// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(void, write_clipboard, (const char* text), {
  const s = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(s).catch(function () {});
  if (Module.attentionEvent) Module.attentionEvent("copy", JSON.stringify({text: s}));
});
// clang-format on

//-----------------------------------------------------------------------------
// [SECTION] Activity and idle
//-----------------------------------------------------------------------------

// Anything that may change the picture: draw again, starting now.
void wake() {
  if (!g.gl) return;  // nothing to draw without WebGL2
  g.last_activity = emscripten_get_now() / 1000.0;
  if (g.paused && !g.hidden && !g.offscreen && !g.context_lost) {
    g.paused = false;
    emscripten_resume_main_loop();
  }
}

void pause_loop() {
  if (g.paused || !g.gl) return;
  g.paused = true;
  emscripten_pause_main_loop();
}

bool needs_frame() {
  const ImGuiIO& io = ImGui::GetIO();
  if (emscripten_get_now() / 1000.0 - g.last_activity < kIdleAfterSeconds) return true;
  if (g.touch.active || g.touch.pending_up ||
      (g.touch.frames_after > 0 && g.touch.frames_after < 3))
    return true;
  if (ImGui::IsAnyItemActive() || io.WantTextInput || g.app->animating()) return true;
  for (bool down : io.MouseDown)
    if (down) return true;
  for (bool down : io.KeysDown)
    if (down) return true;
  return false;
}

// GLFW callbacks of ours, installed before ImGui's backend so it chains them.
void on_cursor(GLFWwindow*, double, double) { wake(); }
void on_button(GLFWwindow*, int, int, int) { wake(); }
void on_key(GLFWwindow*, int key, int, int action, int) {
  if (key >= 0 && key < 512) {
    if (action == GLFW_PRESS) g.pressed_since_frame.push_back(key);
    const auto& p = g.pressed_since_frame;
    if (action == GLFW_RELEASE && std::find(p.begin(), p.end(), key) != p.end())
      g.held_for_a_frame.push_back(key);
  }
  wake();
}

// Before each frame: show quick taps as held, and let go of them a frame later.
void hold_quick_keys(ImGuiIO& io) {
  for (int key : g.release_next_frame) io.KeysDown[key] = false;
  g.release_next_frame.clear();
  for (int key : g.held_for_a_frame) {
    io.KeysDown[key] = true;
    g.release_next_frame.push_back(key);
  }
  g.held_for_a_frame.clear();
  g.pressed_since_frame.clear();
}
void on_char(GLFWwindow*, unsigned int) { wake(); }

void install_activity_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, on_cursor);
  glfwSetMouseButtonCallback(w, on_button);
  glfwSetKeyCallback(w, on_key);
  glfwSetCharCallback(w, on_char);
}

EM_BOOL on_visibility(int, const EmscriptenVisibilityChangeEvent* e, void*) {
  g.hidden = e->hidden;
  if (g.hidden)
    pause_loop();
  else
    wake();
  return EM_FALSE;
}

EM_BOOL on_context_lost(int, const void*, void*) {
  g.context_lost = true;
  pause_loop();
  return EM_TRUE;  // preventDefault: without it the browser never restores the context
}

EM_BOOL on_context_restored(int, const void*, void*) {
  // Recreating only device objects leaves 1.86 blank: restart the renderer.
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init(kGlsl);
  g.heatmaps->context_lost();
  g.context_lost = false;
  notify_page("contextrestored", "{}");
  wake();
  return EM_TRUE;
}

//-----------------------------------------------------------------------------
// [SECTION] Input: touch, wheel, clipboard
//-----------------------------------------------------------------------------

// 3.1.6's GLFW maps touches to clicks at the last mouse position and never
// moves the cursor: track the first finger ourselves.
EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void*) {
  Touch& t = g.touch;
  for (int i = 0; i < e->numTouches; ++i) {
    const EmscriptenTouchPoint& p = e->touches[i];
    if (!p.isChanged) continue;
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART && !t.active) {
      t = Touch{};
      t.active = true;
      t.id = p.identifier;
      t.x = static_cast<float>(p.targetX);
      t.y = t.last_y = static_cast<float>(p.targetY);
    } else if (p.identifier == t.id && t.active) {
      t.x = static_cast<float>(p.targetX);
      t.y = static_cast<float>(p.targetY);
      if (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) {
        t.active = false;
        t.pending_up = t.frames_down < 2;  // a quick tap still gets a pressed frame
        t.frames_after = 0;
      }
    }
  }
  wake();
  return EM_TRUE;  // no emulated mouse events, no page panning over the canvas
}

// Whether the press went to a widget. Pressing a window's background makes
// the window's move handle active in 1.86 (even with NoMove): that is no widget.
bool pressed_on_widget() {
  const ImGuiContext& c = *GImGui;
  if (c.ActiveId == 0) return false;
  return !(c.ActiveIdWindow && c.ActiveId == c.ActiveIdWindow->MoveId);
}

// The panel under the finger follows it, 1:1: the window it went down on (or
// the nearest one around it that scrolls), even once the finger leaves it.
void scroll_by_finger(Touch& t) {
  if (!t.target) {
    ImGuiWindow* w = GImGui->HoveredWindow;
    while (w && w->ScrollMax.y <= 0.0f && (w->Flags & ImGuiWindowFlags_ChildWindow))
      w = w->ParentWindow;
    t.target = w;
  }
  if (t.target) ImGui::SetScrollY(t.target, t.target->Scroll.y - (t.y - t.last_y));
  t.last_y = t.y;
}

// After the backends' NewFrame: the finger is the mouse. First frame after
// touchstart only moves (so hover settles), then presses; after release the
// position stays two frames, then leaves the canvas. A finger that went down
// on no widget scrolls the panel under it instead, counting from where it
// went down (frames may come slower than the finger moves).
void apply_touch(ImGuiIO& io) {
  Touch& t = g.touch;
  if (t.active) {
    io.MousePos = ImVec2(t.x, t.y);
    if (t.frames_down == 2 && !pressed_on_widget()) t.scrolling = true;
    if (t.scrolling) {
      io.MouseDown[0] = false;
      scroll_by_finger(t);
    } else {
      io.MouseDown[0] = t.frames_down >= 1;
    }
    ++t.frames_down;
  } else if (t.scrolling) {  // lifted: the rest of the movement, then done
    io.MousePos = ImVec2(t.x, t.y);
    scroll_by_finger(t);
    t.scrolling = false;
    t.frames_down = 0;
  } else if (t.pending_up) {  // a tap quicker than two frames still gets its press
    io.MousePos = ImVec2(t.x, t.y);
    io.MouseDown[0] = true;
    t.pending_up = false;
    t.frames_down = std::max(t.frames_down, 1);  // the release frames below keep the position
  } else if (t.frames_after < 3 && t.frames_down > 0) {
    io.MousePos = ImVec2(t.x, t.y);
    io.MouseDown[0] = false;
    if (++t.frames_after >= 3) {
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      t.frames_down = 0;
    }
  }
}

// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(int, canvas_has_focus, (), { return document.activeElement === Module.canvas ? 1 : 0; });
// clang-format on

// 3.1.6 passes raw deltaY (wrong sign, far too big) and always eats the event.
// Until the learner clicks into the canvas the wheel scrolls the host page.
EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
  if (!canvas_has_focus()) return EM_FALSE;
  const double per = e->deltaMode == DOM_DELTA_PIXEL  ? 1.0 / 100.0
                     : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3.0
                                                      : 0.8;
  g.wheel_y += static_cast<float>(-e->deltaY * per);
  g.wheel_x += static_cast<float>(-e->deltaX * per);
  const bool capture = ImGui::GetIO().WantCaptureMouse;
  wake();
  return capture;
}

void set_clipboard(void*, const char* text) {
  g.clipboard = text ? text : "";
  write_clipboard(g.clipboard.c_str());
}
const char* get_clipboard(void*) { return g.clipboard.c_str(); }

//-----------------------------------------------------------------------------
// [SECTION] Frame
//-----------------------------------------------------------------------------

// What glfwSetWindowSize does, minus its fullscreen request when the size
// equals the screen's (3.1.6, emscripten #20600): headless browsers, kiosks
// and full-window pages hit that size exactly.
// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(void, set_backing_size, (int w, int h), {
  Browser.setCanvasSize(w, h);
  if (GLFW.active) {
    GLFW.active.width = w;
    GLFW.active.height = h;
  }
});
// clang-format on

// The canvas's CSS size and the device-pixel ratio; the backing store follows.
void follow_canvas_size() {
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  const double dpr = emscripten_get_device_pixel_ratio();
  if (w == g.css_w && h == g.css_h && dpr == g.dpr) return;
  g.css_w = w;
  g.css_h = h;
  g.dpr = dpr;
  set_backing_size(static_cast<int>(std::lround(std::max(1.0, w) * dpr)),
                   static_cast<int>(std::lround(std::max(1.0, h) * dpr)));
  wake();
}

// What each recent frame cost in C++ (recompute + UI build, no GL drawing) and
// which trace revisions it started and ended with: ./dev bench reads these
// through window.attention.testing to check the frame budget and that a
// frame after an edit already shows it.
struct FrameCost {
  int frame = 0;
  uint64_t revision_start = 0, revision_end = 0;
  double cpu_ms = 0;
};
struct FrameCosts {
  FrameCost recent[64];
  double pending_ms = 0;  // recomputes by API calls since the last frame
};
FrameCosts costs;

// Tells the page when what state() reports has changed.
void report_state() {
  if (g.app->state_version() == g.reported_state) return;
  g.reported_state = g.app->state_version();
  notify_page("statechange", g.app->state_json().c_str());
}

void frame() {
  if (g.context_lost) return pause_loop();
  follow_canvas_size();
  if (!needs_frame()) return pause_loop();  // nothing changed: the last picture stays

  if (g.app->set_pixel_ratio(static_cast<float>(g.dpr))) attn::platform::reload_font_texture();
  attn::platform::backend_new_frame();
  ImGuiIO& io = ImGui::GetIO();
  const float dpr = static_cast<float>(g.dpr);
  io.DisplaySize = ImVec2(io.DisplaySize.x / dpr, io.DisplaySize.y / dpr);
  io.DisplayFramebufferScale = ImVec2(dpr, dpr);
  if (io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / dpr, io.MousePos.y / dpr);
  apply_touch(io);
  hold_quick_keys(io);
  io.MouseWheel += g.wheel_y;
  io.MouseWheelH += g.wheel_x;
  g.wheel_x = g.wheel_y = 0;

  const double build_start = emscripten_get_now();
  const uint64_t revision_start = g.app->session().revision();
  ImGui::NewFrame();
  g.app->frame();
  ImGui::EndFrame();  // the rest of Render() is drawing
  FrameCost& cost = costs.recent[g.frames_drawn % 64];
  cost = {g.frames_drawn + 1, revision_start, g.app->session().revision(),
          emscripten_get_now() - build_start + costs.pending_ms};
  costs.pending_ms = 0;
  attn::platform::render_frame(g.window);
  ++g.frames_drawn;

  if (g.first_frame) {
    g.first_frame = false;
    notify_page("firstframe", g.app->state_json().c_str());
  }
  report_state();
}

// Without WebGL2: an ImGui context with no window, so the App (and with it
// the page's API and text view) works; nothing is drawn.
void start_without_gl(const attn::ui::AppOptions& options) {
  g.gl = false;
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  static attn::ui::NullHeatmapRenderer nothing;
  g.app = std::make_unique<attn::ui::App>(&nothing, options);
  g.reported_state = g.app->state_version();
  notify_page("nogl", g.app->state_json().c_str());
}

}  // namespace

int main(int argc, char** argv) {
  attn::ui::AppOptions options;
  bool no_gl = false;
  for (int i = 1; i + 1 < argc; i += 2) {  // flags from the page's URL (web/page.js)
    const std::string flag = argv[i];
    if (flag == "--lesson")
      options.lesson = argv[i + 1];
    else if (flag == "--step")
      options.step = std::max(0, std::atoi(argv[i + 1]) - 1);
    else if (flag == "--theme")
      options.dark = std::strcmp(argv[i + 1], "dark") == 0;
    else if (flag == "--embed")
      options.embed = std::strcmp(argv[i + 1], "1") == 0;
    else if (flag == "--state")
      options.state = argv[i + 1];
    else if (flag == "--no-gl")
      no_gl = std::strcmp(argv[i + 1], "1") == 0;
  }
  if (no_gl) {
    start_without_gl(options);
    return 0;
  }

  attn::platform::HostOptions host;
  host.glsl_version = kGlsl;
  host.gles = true;
  emscripten_get_element_css_size("#canvas", &g.css_w, &g.css_h);
  g.dpr = emscripten_get_device_pixel_ratio();
  host.width = static_cast<int>(std::lround(std::max(1.0, g.css_w) * g.dpr));
  host.height = static_cast<int>(std::lround(std::max(1.0, g.css_h) * g.dpr));
  g.window = attn::platform::create_host(host, install_activity_callbacks);
  if (!g.window) {  // WebGL2 refused after all: keep the lesson as text
    start_without_gl(options);
    return 0;
  }
  glfwSetScrollCallback(g.window, nullptr);  // ours is on_wheel
  ImGuiIO& io = ImGui::GetIO();
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;

  emscripten_set_touchstart_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchmove_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchend_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchcancel_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_wheel_callback("#canvas", nullptr, EM_FALSE, on_wheel);
  emscripten_set_visibilitychange_callback(nullptr, EM_FALSE, on_visibility);
  emscripten_set_webglcontextlost_callback("#canvas", nullptr, EM_TRUE, on_context_lost);
  emscripten_set_webglcontextrestored_callback("#canvas", nullptr, EM_TRUE, on_context_restored);

  g.heatmaps = std::make_unique<attn::ui::GlHeatmapRenderer>(kGlsl);
  g.app = std::make_unique<attn::ui::App>(g.heatmaps.get(), options);
  g.app->on_copy_link = [](const std::string& link) { notify_page("copylink", link.c_str()); };
  g.css_w = g.css_h = 0;  // force the first size check
  wake();
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}

//-----------------------------------------------------------------------------
// [SECTION] Page API (called from web/page.js; every call redraws)
//-----------------------------------------------------------------------------

namespace {
const char* keep(std::string s) {
  static std::string out;
  out = std::move(s);
  return out.c_str();
}
// After a call that may change what is shown: draw, and tell the page.
const char* after_call(std::string result) {
  if (g.gl) wake();
  report_state();
  return keep(std::move(result));
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* attn_lessons() {
  return keep(nlohmann::json(g.app->lesson_ids()).dump());
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_lesson(const char* id) {
  return after_call(g.app->set_lesson(id));
}
// A lesson file's bytes as read (not a C string), so the loader itself judges
// their encoding.
EMSCRIPTEN_KEEPALIVE const char* attn_add_lesson(const char* bytes, int size, const char* source) {
  return after_call(g.app->add_lesson(std::string_view(bytes, static_cast<size_t>(size)), source));
}
EMSCRIPTEN_KEEPALIVE int attn_set_step(int step) {
  const bool ok = g.app->set_step(step);
  after_call("");
  return ok ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE const char* attn_set_value(const char* matrix, int row, int col,
                                                double value) {
  const double start = emscripten_get_now();
  std::string error = g.app->set_value(matrix, row, col, value);
  costs.pending_ms += emscripten_get_now() - start;  // the recompute belongs to the next frame
  return after_call(std::move(error));
}
EMSCRIPTEN_KEEPALIVE const char* attn_apply_state(const char* state) {
  return after_call(g.app->apply_state(state));
}
EMSCRIPTEN_KEEPALIVE void attn_reset() {
  g.app->reset();
  after_call("");
}
EMSCRIPTEN_KEEPALIVE void attn_set_theme(int dark) {
  g.app->set_dark(dark != 0);
  after_call("");
}
EMSCRIPTEN_KEEPALIVE void attn_notice(const char* text) {
  g.app->notice(text);
  after_call("");
}
EMSCRIPTEN_KEEPALIVE const char* attn_trace() { return keep(g.app->trace_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_state() { return keep(g.app->state_json()); }
EMSCRIPTEN_KEEPALIVE const char* attn_numpy() { return keep(g.app->numpy_snippet()); }
EMSCRIPTEN_KEEPALIVE int attn_frames_drawn() { return g.frames_drawn; }
EMSCRIPTEN_KEEPALIVE int attn_want_keyboard() {
  return g.gl && ImGui::GetIO().WantCaptureKeyboard ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void attn_wake() { wake(); }
EMSCRIPTEN_KEEPALIVE void attn_set_offscreen(int offscreen) {
  g.offscreen = offscreen != 0;
  if (g.offscreen)
    pause_loop();
  else
    wake();
}
EMSCRIPTEN_KEEPALIVE void attn_enable_items(int on) {
  attn::ui::enable_item_registry(on != 0);
  wake();
}
EMSCRIPTEN_KEEPALIVE const char* attn_items() { return keep(attn::ui::items_json()); }
EMSCRIPTEN_KEEPALIVE void attn_paste(const char* text) { g.clipboard = text; }
EMSCRIPTEN_KEEPALIVE double attn_heap_bytes() {
  return static_cast<double>(emscripten_get_heap_size());
}
// The last frames' costs, oldest first: [[frame, revision at start, at end, C++ ms], ...].
EMSCRIPTEN_KEEPALIVE const char* attn_frame_costs() {
  nlohmann::json out = nlohmann::json::array();
  for (int f = std::max(0, g.frames_drawn - 64); f < g.frames_drawn; ++f) {
    const FrameCost& c = costs.recent[f % 64];
    out.push_back({c.frame, c.revision_start, c.revision_end, c.cpu_ms});
  }
  return keep(out.dump());
}

}  // extern "C"
