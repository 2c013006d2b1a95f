// Quick key taps (platform/glfw_host.h): a tap made between two frames is
// held down for one frame; the same key tapped again before the next frame
// waits a frame up, so that ImGui counts both (the desktop test's PageDown,
// PageDown lost the second when the app was slow).
#include "platform/glfw_host.h"

#include <GLFW/glfw3.h>
#include <doctest/doctest.h>

#include "imgui.h"

using namespace attn;

namespace {

// A frame: the shell's hold, then ImGui's, and whether it counted a press.
bool frame_presses(int key) {
  platform::hold_quick_keys(ImGui::GetIO());
  ImGui::NewFrame();
  const bool pressed = ImGui::IsKeyPressed(key, false);
  ImGui::EndFrame();
  return pressed;
}

void tap(int key) {
  platform::note_key(key, GLFW_PRESS);
  platform::note_key(key, GLFW_RELEASE);
}

}  // namespace

TEST_CASE(
    "quick taps: each counts once, the same key tapped again at once too, other keys at once") {
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(200, 200);
  io.DeltaTime = 1.0f / 60.0f;
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  const int next = GLFW_KEY_PAGE_DOWN, back = GLFW_KEY_PAGE_UP;

  // Two taps of one key, the second before the frame after the first.
  tap(next);
  CHECK(frame_presses(next));
  tap(next);
  int presses = 1;
  for (int f = 0; f < 4; ++f) presses += frame_presses(next);
  CHECK(presses == 2);
  CHECK_FALSE(io.KeysDown[next]);  // and let go after

  // Two keys in one frame: both at once.
  tap(next);
  tap(back);
  platform::hold_quick_keys(io);
  ImGui::NewFrame();
  CHECK(ImGui::IsKeyPressed(next, false));
  CHECK(ImGui::IsKeyPressed(back, false));
  ImGui::EndFrame();
  CHECK_FALSE(frame_presses(next));
  CHECK_FALSE(io.KeysDown[next]);
  CHECK_FALSE(io.KeysDown[back]);
  ImGui::DestroyContext(context);
}
