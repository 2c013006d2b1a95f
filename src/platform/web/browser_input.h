// What Emscripten 3.1.6's GLFW and ImGui 1.86 lack in a browser, repaired
// (docs/architecture.md, "The one frame function"): device-pixel ratio,
// touch, the wheel, keys pressed and released within one frame, the
// clipboard, WebGL context loss and the page's visibility.
#pragma once

#include "imgui.h"

struct GLFWwindow;

namespace attn::web {

// Our GLFW callbacks: installed before ImGui's backend, which chains them.
void install_activity_callbacks(GLFWwindow* window);
// Touch, wheel, visibility, context loss and clipboard: after the backend.
void install_browser_input(GLFWwindow* window);

// The canvas's CSS size and the device-pixel ratio; the backing store follows.
void follow_canvas_size();
// After the backends' NewFrame: CSS pixels, the finger as the mouse, quick keys, the wheel.
void apply_browser_input(ImGuiIO& io);
// Whether a finger still needs frames.
bool input_pending();
// The text of the page's last paste event, for ImGui's paste.
void set_paste_text(const char* text);

}  // namespace attn::web
