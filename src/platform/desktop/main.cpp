// attention-lab: the desktop app (GLFW + OpenGL 3.3). Owns the window and the
// loop; everything else is the shared UI in src/ui.
//   attention-lab [LESSON.json] [--lesson ID] [--step N] [--dark]
//                 [--frames N --screenshot out.png] [--size WxH]
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include "imgui.h"
#include "platform/glfw_host.h"
#include "ui/app.h"
#include "ui/gl.h"
#include "ui/heatmap_gl.h"

namespace {

struct Args {
  std::string lesson_file, lesson, screenshot;
  int step = 1, frames = 0, width = 1280, height = 800;
  bool dark = false;
};

const char* kUsage =
    "usage: attention-lab [LESSON.json] [--lesson ID] [--step N] [--dark]\n"
    "                     [--frames N --screenshot out.png] [--size WxH]\n";

bool parse(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (arg == "--dark") {
      a.dark = true;
    } else if (arg == "--lesson" && (v = value())) {
      a.lesson = v;
    } else if (arg == "--step" && (v = value())) {
      a.step = std::atoi(v);
    } else if (arg == "--frames" && (v = value())) {
      a.frames = std::atoi(v);
    } else if (arg == "--screenshot" && (v = value())) {
      a.screenshot = v;
    } else if (arg == "--size" && (v = value())) {
      if (std::sscanf(v, "%dx%d", &a.width, &a.height) != 2) return false;
    } else if (arg[0] != '-' && a.lesson_file.empty()) {
      a.lesson_file = arg;
    } else {
      return false;
    }
  }
  return a.width > 0 && a.height > 0 && a.frames >= 0 && (a.screenshot.empty() || a.frames > 0);
}

bool write_screenshot(GLFWwindow* window, const std::string& path) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);  // GL's rows start at the bottom
  return stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4) != 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!parse(argc, argv, args)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  attn::platform::HostOptions host;
  host.width = args.width;
  host.height = args.height;
  GLFWwindow* window = attn::platform::create_host(host);
  if (!window) {
    std::fprintf(stderr, "attention-lab: could not open an OpenGL 3.3 window\n");
    return 1;
  }
  {  // GL objects and the UI go before the window and context do
    attn::ui::GlHeatmapRenderer heatmaps(host.glsl_version);
    // A lesson file is loaded first and --step applies to it.
    const int start_step = args.lesson_file.empty() ? std::max(0, args.step - 1) : 0;
    attn::ui::AppOptions options;
    options.lesson = args.lesson;
    options.step = start_step;
    options.dark = args.dark;
    attn::ui::App app(&heatmaps, options);
    if (!args.lesson_file.empty()) {
      std::ifstream in(args.lesson_file, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (!in)
        app.notice(args.lesson_file + ": cannot read the file");
      else if (app.add_lesson(text.str(), args.lesson_file).empty() && args.step > 1)
        app.set_step(args.step - 1);
    }
    int frame = 0, idle_frames = 0;
    while (!glfwWindowShouldClose(window)) {
      // Sleep until input when nothing changes; tests (--frames) never wait.
      if (args.frames == 0 && idle_frames > 3 && !app.animating())
        glfwWaitEventsTimeout(0.5);
      else
        glfwPollEvents();
      int fb_w = 0, win_w = 1, h = 0;
      glfwGetFramebufferSize(window, &fb_w, &h);
      glfwGetWindowSize(window, &win_w, &h);
      if (app.set_pixel_ratio(win_w > 0 ? static_cast<float>(fb_w) / win_w : 1.0f))
        attn::platform::reload_font_texture();
      attn::platform::backend_new_frame();
      ImGui::NewFrame();
      const uint64_t before = app.state_version();
      app.frame();
      const bool busy = ImGui::IsAnyItemActive() || ImGui::GetIO().MouseDelta.x != 0 ||
                        ImGui::GetIO().MouseDelta.y != 0 || app.state_version() != before;
      idle_frames = busy ? 0 : idle_frames + 1;
      attn::platform::render_frame(window);
      ++frame;
      if (args.frames > 0 && frame >= args.frames) {
        if (!args.screenshot.empty() && !write_screenshot(window, args.screenshot)) {
          std::fprintf(stderr, "attention-lab: could not write %s\n", args.screenshot.c_str());
          return 1;
        }
        break;
      }
      glfwSwapBuffers(window);
    }
  }
  attn::platform::destroy_host(window);
  return 0;
}
