// The floor of this stack: a bare Dear ImGui window with one slider, on the
// same ImGui, GLFW and OpenGL3 backend targets and with the same link flags
// as the page, redrawing every frame. bench/run.mjs loads it beside the page
// (startup) and watches it sit (the cost of an always-redrawing loop).
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"

// The project's ImGui target is built with IMGUI_ENABLE_TEST_ENGINE (the page
// implements these hooks to find widgets for tests); here they do nothing.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID, const char*, ImGuiItemStatusFlags) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

namespace {

GLFWwindow* window = nullptr;
int frames_drawn = 0;
float value = 0.5f;

// JavaScript inside: keep clang-format out
// clang-format off
EM_JS(void, first_frame, (), { if (Module['onFirstFrame']) Module['onFirstFrame'](); });  // quoted: Closure keeps the name
// clang-format on

void frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  ImGui::Begin("Bare");
  ImGui::SliderFloat("value", &value, 0.0f, 1.0f);
  ImGui::End();
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (++frames_drawn == 1) first_frame();
}

}  // namespace

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  window = glfwCreateWindow(1280, 800, "Bare", nullptr, nullptr);
  if (!window) return 1;
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}

extern "C" EMSCRIPTEN_KEEPALIVE int bare_frames_drawn() { return frames_drawn; }
