// The GLFW + OpenGL3 + ImGui plumbing both shells share: one window, one
// ImGui context, and a frame split in two so a shell can adjust ImGui's input
// (pixel ratio, touch) between the backends' NewFrame and ImGui::NewFrame.
#pragma once

#include "imgui.h"
#include "ui/heatmap.h"

struct GLFWwindow;

namespace attn::platform {

struct HostOptions {
  int width = 1280, height = 800;
  const char* title = "Attention Lab";
  const char* glsl_version = "#version 330 core";  // "#version 300 es" on the web
  bool gles = false;                               // ask for an OpenGL ES 3.0 context
  bool visible = true;
};

// Creates the window, the ImGui context and both backends. Null on failure
// (no GL 3.3 / WebGL2). `before_backend` runs after the window exists and
// before ImGui's GLFW backend installs its callbacks, so callbacks installed
// there are chained by the backend.
GLFWwindow* create_host(const HostOptions& options, void (*before_backend)(GLFWwindow*) = nullptr);

// Step 1: backends read input and sizes.
void backend_new_frame();
// Step 2 (after ImGui::NewFrame and the UI): the heatmaps the UI asked for,
// then the frame.
void render_frame(GLFWwindow* window, ui::HeatmapRenderer& heatmaps);
// After the font atlas was rebuilt: upload it again.
void reload_font_texture();
// ImGui's GL objects (its shaders and the font texture) made now, rather than
// in the first frame's backend_new_frame().
void create_gl_objects();
void destroy_host(GLFWwindow* window);

// ImGui 1.86 reads a key as down or up once a frame, so a key pressed and let
// go between two frames (a quick tap while a frame is slow, a synthetic key)
// never counts. Shells pass every key event to note_key and call
// hold_quick_keys just before ImGui::NewFrame: such a tap is held down for
// one frame and let go the next. A tap of a key held for the last frame (the
// same key tapped again as the frame after the first tap starts) waits a
// frame, so that ImGui sees the key go up between two taps: each counts.
void note_key(int key, int action);
void hold_quick_keys(ImGuiIO& io);

// ImGui 1.86 also reads the pointer once a frame, where it is at that moment:
// a press and a move before the next frame (a quick hand, or any click while a
// loaded machine is between frames) would press where the pointer went next.
// Shells pass every press and release with where it happened (ImGui's
// coordinates; ImGui's button numbers) to note_button, and call hold_buttons
// after the backend's NewFrame: one press or release a frame, at its place
// (what 1.87's input queue does). buttons_waiting() asks for another frame.
void note_button(float x, float y, int button, bool down);
void hold_buttons(ImGuiIO& io);
bool buttons_waiting();

}  // namespace attn::platform
