// The browser's input repaired for GLFW and ImGui: keys, touch, the wheel, the clipboard,
// sizes, visibility and context loss (browser_input.h).
// [SECTION] Keys, activity, visibility, context loss
// [SECTION] Touch
// [SECTION] Wheel and clipboard
// [SECTION] Size and per-frame input
#include "platform/web/browser_input.h"

#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"
#include "platform/glfw_host.h"
#include "platform/web/web_shell.h"

namespace attn::web {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Keys, activity, visibility, context loss
//-----------------------------------------------------------------------------

// ImGui 1.86 reads io.KeysDown once a frame: a key pressed and released
// between two frames would be lost. Such a key is held for one frame.
// The pointer left the canvas (for another element, or out of an iframe):
// ImGui still has its last position and would keep a tooltip over whatever
// is there. Until it moves over the canvas again, it is nowhere.
bool pointer_gone = false;
void on_cursor(GLFWwindow*, double, double) {
  pointer_gone = false;
  wake();
}
EM_BOOL on_mouse_leave(int, const EmscriptenMouseEvent* e, void*) {
  if (e->buttons == 0) {  // a drag that leaves keeps going
    pointer_gone = true;
    wake();
  }
  return EM_FALSE;
}
void on_button(GLFWwindow*, int, int, int) { wake(); }
void on_char(GLFWwindow*, unsigned int) { wake(); }
void on_key(GLFWwindow*, int key, int, int action, int) {
  platform::note_key(key, action);
  wake();
}

EM_BOOL on_visibility(int, const EmscriptenVisibilityChangeEvent* e, void*) {
  shell().hidden = e->hidden;
  if (e->hidden)
    pause_loop();
  else
    wake();
  return EM_FALSE;
}

EM_BOOL on_context_lost(int, const void*, void*) {
  shell().context_lost = true;
  pause_loop();
  return EM_TRUE;  // preventDefault: without it the browser never restores the context
}

EM_BOOL on_context_restored(int, const void*, void*) {
  // Recreating only device objects leaves 1.86 blank: restart the renderer.
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init(kGlsl);
  static_cast<render::GlHeatmapRenderer*>(shell().heatmaps.get())->context_lost();
  shell().context_lost = false;
  notify_page("contextrestored", "{}");
  wake();
  return EM_TRUE;
}

//-----------------------------------------------------------------------------
// [SECTION] Touch
//-----------------------------------------------------------------------------

// What a finger means is decided by how it starts: a clear sideways move, or
// a press held still, drags the number under it; an up, down or diagonal move
// scrolls the panel under it and never edits; a tap is a click (on a number:
// type it).
enum class Intent { Undecided, Press, Scroll };
constexpr float kSlopPx = 10.0f;   // CSS pixels a finger may wander before it means something
constexpr double kHoldMs = 400.0;  // held still this long: a press
constexpr float kSideways = 1.5f;  // |dx| > 1.5 |dy|: sideways

struct Touch {
  bool active = false;  // a finger is down
  Intent intent = Intent::Undecided;
  float x0 = 0, y0 = 0;           // where it went down (CSS pixels in the canvas)
  float x = 0, y = 0;             // where it is
  double t0 = 0;                  // when it went down (ms)
  float last_y = 0;               // where the scroll has got to
  ImGuiWindow* target = nullptr;  // the panel being scrolled
  bool hovered_start = false;     // a frame has hovered where it went down
  int press_frames = 0;           // frames since the press began
  int frames_after = 0;           // frames drawn since the finger lifted
  long id = 0;
};
Touch touch;

// Taps lifted and not yet played as clicks, oldest first: a busy phone, or a
// learner tapping Next twice, can lift the next finger before the frames
// have played the last tap, and each tap is a click of its own.
struct Tap {
  float x0, y0;  // pressed here
  float x, y;    // released here
  // Only the release of a press the frames have played, whose finger lifted
  // as the next came down: that one frame, up at (x, y), before the next.
  bool release_only = false;
};
// A tap's frames: hover, down, down, up (the down seen in two frames).
constexpr int kTapFrames = 4;
// Past this many waiting, a new tap is dropped, not the oldest: made so far
// ahead of the frames, it aims at a screen the waiting ones will change.
constexpr std::size_t kMaxTaps = 8;
std::vector<Tap> taps;
int tap_frame = 0;  // frames the oldest tap has played

// The finger's intent, once it shows.
void decide(Touch& t) {
  const float dx = t.x - t.x0, dy = t.y - t.y0;
  if (dx * dx + dy * dy > kSlopPx * kSlopPx)
    t.intent = std::fabs(dx) > kSideways * std::fabs(dy) ? Intent::Press : Intent::Scroll;
  else if (emscripten_get_now() - t.t0 >= kHoldMs)
    t.intent = Intent::Press;
}

// 3.1.6's GLFW maps touches to clicks at the last mouse position and never
// moves the cursor: track the first finger ourselves. The intent is decided
// here as well as in frames: a slow device may draw no frame during a quick
// flick, and a flick is not a tap.
EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void*) {
  Touch& t = touch;
  for (int i = 0; i < e->numTouches; ++i) {
    const EmscriptenTouchPoint& p = e->touches[i];
    if (!p.isChanged) continue;
    const float x = static_cast<float>(p.targetX), y = static_cast<float>(p.targetY);
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART && !t.active) {
      // A press lifted whose release no frame has played yet: it is played
      // first, where that finger lifted, not lost to the new finger.
      if (t.intent == Intent::Press && t.press_frames >= 2 && taps.size() < kMaxTaps)
        taps.push_back({t.x0, t.y0, t.x, t.y, true});
      t = Touch{};
      t.active = true;
      t.id = p.identifier;
      t.x = t.x0 = x;
      t.y = t.y0 = t.last_y = y;
      t.t0 = emscripten_get_now();
      if (!shell().app->view().touch) shell().app->apply(ui::request::SetTouch{true});
    } else if (p.identifier == t.id && t.active) {
      t.x = x;
      t.y = y;
      if (t.intent == Intent::Undecided) decide(t);
      if (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) {
        t.active = false;
        // Held still past kHoldMs, and lifted before a frame had pressed
        // (a busy phone draws no frame for a while; a deliberate tap is
        // slow): a tap, not a press that never reached the UI. It was lost.
        const float dx = t.x - t.x0, dy = t.y - t.y0;
        if (t.intent == Intent::Press && t.press_frames < 2 &&
            dx * dx + dy * dy <= kSlopPx * kSlopPx)
          t.intent = Intent::Undecided;
        t.frames_after = 0;
        if (t.intent == Intent::Undecided && type == EMSCRIPTEN_EVENT_TOUCHEND &&
            taps.size() < kMaxTaps)
          taps.push_back({t.x0, t.y0, t.x, t.y});
      }
    }
  }
  wake();
  return EM_TRUE;  // no emulated mouse events, no page panning over the canvas
}

// A real mouse (not one a browser emulates from a finger): mouse-sized
// targets, once the click it came with has landed. Switched at the press, the
// layout would change under the pointer and the release land elsewhere: the
// first click of a mouse after a finger (a touch-screen laptop) was lost.
int mouse_targets_in = 0;  // frames until the switch; 0: none pending

EM_BOOL on_mouse_button(int type, const EmscriptenMouseEvent* e, void*) {
  const bool down = type == EMSCRIPTEN_EVENT_MOUSEDOWN;
  if (!down && shell().app->view().touch && !touch.active) mouse_targets_in = 2;
  if (e->button > 2) return EM_FALSE;    // back and forward: not ImGui's
  const int imgui_button[] = {0, 2, 1};  // the DOM's middle is 1, ImGui's is 2
  // Where it happened, in CSS pixels (the UI's): what the next frame presses.
  platform::note_button(static_cast<float>(e->targetX), static_cast<float>(e->targetY),
                        imgui_button[e->button], down);
  wake();
  return EM_FALSE;
}

// The panel under the finger follows it, 1:1: the window it went down on (or
// the nearest one around it that scrolls), even once the finger leaves it.
// Called once a frame has hovered where the finger went down.
void scroll_by_finger(Touch& t) {
  if (!t.target) {
    ImGuiWindow* w = GImGui->HoveredWindow;
    while (w && w->ScrollMax.y <= 0.0f && (w->Flags & ImGuiWindowFlags_ChildWindow))
      w = w->ParentWindow;
    t.target = w;
  }
  if (!t.target) return;  // went down outside every panel
  ImGui::SetScrollY(t.target, t.target->Scroll.y - (t.y - t.last_y));
  t.last_y = t.y;
}

// Plays the oldest tap's next frame. After the last tap, the position leaves
// the canvas as a lifted finger's does (apply_touch), unless a finger is down.
void play_tap(ImGuiIO& io, Touch& t) {
  const Tap k = taps.front();
  const int frames = k.release_only ? 1 : kTapFrames;
  io.MousePos = tap_frame < frames - 1 ? ImVec2(k.x0, k.y0) : ImVec2(k.x, k.y);
  io.MouseDown[0] = !k.release_only && (tap_frame == 1 || tap_frame == 2);
  if (++tap_frame < frames) return;
  taps.erase(taps.begin());
  tap_frame = 0;
  if (taps.empty() && !t.active && t.intent == Intent::Undecided)
    t.x = k.x, t.y = k.y, t.frames_after = 2;
}

// After the backends' NewFrame: the finger as the mouse. Lifted taps come
// first, in order (the finger down now came after them). A press starts where
// the finger went down: one frame hovering there, then down, then following
// the finger. After the finger lifts, the position stays two frames, then
// leaves the canvas.
void apply_touch(ImGuiIO& io) {
  Touch& t = touch;
  // The frame after the one that took the release (see on_mouse_button).
  if (mouse_targets_in > 0 && !platform::buttons_waiting() && --mouse_targets_in == 0 && !t.active)
    shell().app->apply(ui::request::SetTouch{false});
  if (t.active && t.intent == Intent::Undecided) decide(t);
  if (!taps.empty()) return play_tap(io, t);
  if (t.active || t.intent != Intent::Undecided) {
    switch (t.intent) {
      case Intent::Undecided:
        io.MousePos = ImVec2(t.x0, t.y0);  // hover only: nothing is pressed yet
        io.MouseDown[0] = false;
        t.hovered_start = true;
        break;
      case Intent::Press:
        io.MousePos = t.press_frames < 2 ? ImVec2(t.x0, t.y0) : ImVec2(t.x, t.y);
        io.MouseDown[0] = t.active && t.press_frames >= 1;
        ++t.press_frames;
        if (!t.active) t.intent = Intent::Undecided, t.frames_after = 1;
        break;
      case Intent::Scroll:
        io.MouseDown[0] = false;
        if (!t.hovered_start) {  // decided before any frame: find the panel first
          io.MousePos = ImVec2(t.x0, t.y0);
          t.hovered_start = true;
          break;
        }
        io.MousePos = ImVec2(t.x, t.y);
        scroll_by_finger(t);
        if (!t.active) t.intent = Intent::Undecided, t.frames_after = 1;
        break;
    }
    return;
  }
  if (t.frames_after > 0 && t.frames_after < 3) {
    io.MousePos = ImVec2(t.x, t.y);
    io.MouseDown[0] = false;
    if (++t.frames_after >= 3) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Wheel and clipboard
//-----------------------------------------------------------------------------

// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(int, canvas_has_focus, (), { return document.activeElement === Module['canvas'] ? 1 : 0; });
// In a frame of another page (an LMS, a course site), not the page itself.
EM_JS(int, page_is_embedded, (), {
  try { return window.self !== window.top ? 1 : 0; } catch (e) { return 1; }
});

EM_JS(void, write_clipboard, (const char* text), {
  const s = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(s).catch(function () {});
  if (Module['attentionEvent']) Module['attentionEvent']("copy", JSON.stringify({'text': s}));
});
// clang-format on

float wheel_x = 0, wheel_y = 0;

// 3.1.6 passes raw deltaY (wrong sign, far too big) and always eats the event.
// In a host's page, until the learner clicks into the canvas, the wheel
// scrolls the host page; the page on its own scrolls its panels at once.
bool embedded = false;
EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
  if (embedded && !canvas_has_focus()) return EM_FALSE;
  const double per = e->deltaMode == DOM_DELTA_PIXEL  ? 1.0 / 100.0
                     : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3.0
                                                      : 0.8;
  wheel_y += static_cast<float>(-e->deltaY * per);
  wheel_x += static_cast<float>(-e->deltaX * per);
  const bool capture = ImGui::GetIO().WantCaptureMouse;
  wake();
  return capture;
}

std::string clipboard;  // the page keeps it fresh from paste events (attn_paste)
void set_clipboard(void*, const char* text) {
  clipboard = text ? text : "";
  write_clipboard(clipboard.c_str());
}
const char* get_clipboard(void*) { return clipboard.c_str(); }

//-----------------------------------------------------------------------------
// [SECTION] Size and per-frame input
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

}  // namespace

void set_paste_text(const char* text) { clipboard = text; }

void install_activity_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, on_cursor);
  glfwSetMouseButtonCallback(w, on_button);
  glfwSetKeyCallback(w, on_key);
  glfwSetCharCallback(w, on_char);
}

void install_browser_input(GLFWwindow* window) {
  glfwSetScrollCallback(window, nullptr);  // ours is on_wheel
  ImGuiIO& io = ImGui::GetIO();
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  emscripten_set_touchstart_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchmove_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchend_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_touchcancel_callback("#canvas", nullptr, EM_FALSE, on_touch);
  emscripten_set_mousedown_callback("#canvas", nullptr, EM_FALSE, on_mouse_button);
  emscripten_set_mouseup_callback("#canvas", nullptr, EM_FALSE, on_mouse_button);
  emscripten_set_wheel_callback("#canvas", nullptr, EM_FALSE, on_wheel);
  emscripten_set_mouseleave_callback("#canvas", nullptr, EM_FALSE, on_mouse_leave);
  embedded = page_is_embedded() != 0;
  emscripten_set_visibilitychange_callback(nullptr, EM_FALSE, on_visibility);
  emscripten_set_webglcontextlost_callback("#canvas", nullptr, EM_TRUE, on_context_lost);
  emscripten_set_webglcontextrestored_callback("#canvas", nullptr, EM_TRUE, on_context_restored);
}

void follow_canvas_size() {
  Shell& s = shell();
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  const double dpr = emscripten_get_device_pixel_ratio();
  if (w == s.css_w && h == s.css_h && dpr == s.dpr) return;
  s.css_w = w;
  s.css_h = h;
  s.dpr = dpr;
  set_backing_size(static_cast<int>(std::lround(std::max(1.0, w) * dpr)),
                   static_cast<int>(std::lround(std::max(1.0, h) * dpr)));
  wake();
}

void apply_browser_input(ImGuiIO& io) {
  // GLFW reports canvas pixels; the UI is laid out in CSS pixels.
  const float dpr = static_cast<float>(shell().dpr);
  io.DisplaySize = ImVec2(io.DisplaySize.x / dpr, io.DisplaySize.y / dpr);
  io.DisplayFramebufferScale = ImVec2(dpr, dpr);
  if (io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / dpr, io.MousePos.y / dpr);
  if (pointer_gone && !io.MouseDown[0]) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  platform::hold_buttons(io);  // where it was pressed or released, not where it went next
  apply_touch(io);
  platform::hold_quick_keys(io);
  io.MouseWheel += wheel_y;
  io.MouseWheelH += wheel_x;
  wheel_x = wheel_y = 0;
}

bool input_pending() {
  const Touch& t = touch;
  return platform::buttons_waiting() || t.active || !taps.empty() ||
         t.intent != Intent::Undecided || (t.frames_after > 0 && t.frames_after < 3) ||
         mouse_targets_in > 0;
}

}  // namespace attn::web
