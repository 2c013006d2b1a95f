// The GLFW, OpenGL 3 and ImGui plumbing both shells share (glfw_host.h).
#include "platform/glfw_host.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "render/gl.h"

namespace attn::platform {

namespace {
struct QuickKeys {
  std::vector<int> pressed_since_frame, held_for_a_frame, release_next_frame;
};
QuickKeys keys;
constexpr size_t kMostWaitingTaps = 16;  // taps of keys far ahead of the frames: the first few

struct ButtonEvent {
  float x, y;
  int button;
  bool down;
};
std::vector<ButtonEvent> buttons;
constexpr size_t kMostHeldButtons = 16;  // no frames for a while (a hidden tab): the last few
}  // namespace

void note_key(int key, int action) {
  if (key < 0 || key >= 512) return;
  if (action == GLFW_PRESS) keys.pressed_since_frame.push_back(key);
  const auto& p = keys.pressed_since_frame;
  if (action == GLFW_RELEASE && std::find(p.begin(), p.end(), key) != p.end())
    keys.held_for_a_frame.push_back(key);
}

void hold_quick_keys(ImGuiIO& io) {
  const std::vector<int> up = std::exchange(keys.release_next_frame, {});
  for (int key : up) io.KeysDown[key] = false;
  std::vector<int> waiting;  // down last frame, or already down in this one: the next
  const auto in = [](const std::vector<int>& v, int key) {
    return std::find(v.begin(), v.end(), key) != v.end();
  };
  for (int key : keys.held_for_a_frame) {
    if (in(up, key) || in(keys.release_next_frame, key)) {
      if (waiting.size() < kMostWaitingTaps) waiting.push_back(key);
      continue;
    }
    io.KeysDown[key] = true;
    keys.release_next_frame.push_back(key);
  }
  keys.held_for_a_frame = std::move(waiting);
  keys.pressed_since_frame.clear();
}

void note_button(float x, float y, int button, bool down) {
  if (button < 0 || button >= IM_ARRAYSIZE(ImGuiIO::MouseDown)) return;
  if (buttons.size() >= kMostHeldButtons) buttons.erase(buttons.begin());
  buttons.push_back({x, y, button, down});
}

void hold_buttons(ImGuiIO& io) {
  if (buttons.empty()) return;
  const ButtonEvent b = buttons.front();
  buttons.erase(buttons.begin());
  io.MousePos = ImVec2(b.x, b.y);
  io.MouseDown[b.button] = b.down;
}

bool buttons_waiting() { return !buttons.empty(); }

GLFWwindow* create_host(const HostOptions& o, void (*before_backend)(GLFWwindow*)) {
  glfwSetErrorCallback(
      [](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
  if (!glfwInit()) return nullptr;
  if (o.gles) {
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  } else {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  }
  glfwWindowHint(GLFW_VISIBLE, o.visible ? GLFW_TRUE : GLFW_FALSE);
  // ImGui blends its triangles over an opaque clear and never uses depth,
  // stencil or the framebuffer's alpha. On the web, asking for none gives an
  // opaque canvas without GLFW's default 24-bit depth and 8-bit stencil: less
  // memory on a phone at pixel ratio 3 and less work for software GL.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, o.title, nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);  // vsync; never 0 on the web (a busy loop there)

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing to save: the state lives in the lesson and the URL
  io.LogFilename = nullptr;
  if (before_backend) before_backend(window);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(o.glsl_version);
  return window;
}

void backend_new_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
}

void render_frame(GLFWwindow* window, ui::HeatmapRenderer& heatmaps) {
  heatmaps.render_queued();
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void reload_font_texture() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void create_gl_objects() { ImGui_ImplOpenGL3_CreateDeviceObjects(); }

void destroy_host(GLFWwindow* window) {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
}

}  // namespace attn::platform
