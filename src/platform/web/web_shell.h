// The web shell's shared state: main.cpp (the loop), browser_input.cpp (what
// Emscripten 3.1.6's GLFW lacks in a browser) and page_api.cpp (the functions
// web/page/ calls) all work on this one struct.
#pragma once

#include <cstdint>
#include <memory>

#include "app/api.h"
#include "app/app.h"
#include "render/heatmap_gl.h"

struct GLFWwindow;

namespace attn::web {

inline constexpr const char* kGlsl = "#version 300 es";

// What each recent frame cost in C++ (recompute + UI build, no GL drawing)
// and which trace revisions it started and ended with: ./dev bench reads
// these through window.attention.testing (docs/performance.md) to check the
// frame budget and that a frame after an edit already shows it.
struct FrameCost {
  int frame = 0;
  uint64_t revision_start = 0, revision_end = 0;
  double cpu_ms = 0;     // C++: the recompute and the UI's build (the budget's figure)
  double render_ms = 0;  // then drawing: queued heatmaps and ImGui's draw lists, GL calls included
};

struct Shell {
  GLFWwindow* window = nullptr;  // null without WebGL2: the API and the text view still work
  std::unique_ptr<ui::HeatmapRenderer> heatmaps;
  std::unique_ptr<app::App> app;
  std::unique_ptr<app::Api> api;  // over `app`
  double css_w = 0, css_h = 0, dpr = 0;
  double last_activity = 0;
  bool started = false;  // App::start has run and the loop is going
  bool paused = false, hidden = false, offscreen = false, context_lost = false;
  bool first_frame = true;
  bool woken = false;   // wake() since the last drawn frame: one is drawn, however late it runs
  uint64_t layout = 0;  // ui::layout_fingerprint() of the last frame drawn
  int unsettled = 0;    // frames in a row whose layout differed from the one before
  int warmed_up = 0;    // start-up steps done (main.cpp, warm_up)
  int frames_drawn = 0;
  uint64_t reported_version = 0;
  double reported_at = -1e9;    // emscripten_get_now() of the last statechange
  bool report_waiting = false;  // a statechange is due when its timer fires
  FrameCost costs[64];
  double pending_ms = 0;  // recomputes by API calls since the last frame
};

Shell& shell();
bool has_gl();

// Anything that may change the picture: draw again, starting now. Without
// WebGL2, asks the page for what the app wants (a catalog), a frame's other work.
void wake();
void pause_loop();
// Events to the page: web/page/main.js sets Module.attentionEvent(name, json).
void notify_page(const char* name, const char* json);
// Tells the page when what state() reports has changed.
void report_state();
// Starts the frame loop (or, without WebGL2, reports "nogl").
void start_loop();

}  // namespace attn::web
