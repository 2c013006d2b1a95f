// attention-lab: the desktop app (GLFW + OpenGL 3.3). Owns the window and the
// loop; everything else is the shared app in src/app and src/ui.
//   attention-lab [OPTION]... [LESSON.lesson.json]     (--help lists the options)
#include <GLFW/glfw3.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include "app/api.h"
#include "app/app.h"
#include "core/lesson/lesson.h"
#include "core/text/translation.h"
#include "imgui.h"
#include "platform/desktop/saved_work.h"
#include "platform/figure.h"
#include "platform/glfw_host.h"
#include "render/gl.h"
#include "render/heatmap_gl.h"
#include "ui/item_registry.h"

namespace {

const char* kUsage = "Usage: attention-lab [OPTION]... [LESSON.lesson.json]\n";

// --help, after the usage; help2man makes the manual page of it ("Options:"
// starts its OPTIONS section, other "Name:" lines start subsections).
const char* kHelp =
    "Every step of self-attention, visible and draggable: X -> Q, K, V -> Q.K^T ->\n"
    "/sqrt(d_k) -> softmax -> weights x V, recomputed as you drag any weight.\n"
    "Opens the lesson file given (a lesson is a JSON file; *.lesson.json files open\n"
    "with this app), the built-in lesson --lesson names, or else the first built-in\n"
    "lesson.\n"
    "\n"
    "Options:\n"
    "  --lesson ID            open a built-in lesson (attention-cli list names them)\n"
    "  --step N               open step N (1 is the first)\n"
    "  --theme light|dark     the colours; --dark is --theme dark\n"
    "  --lang CODE            the interface's language (default: the system's, from\n"
    "                         LANGUAGE, LC_ALL, LC_MESSAGES and LANG), one of:\n"
    "                         {languages}\n"
    "  --mode learn|explore   learn (the default) asks predictions and sets\n"
    "                         challenges on the way; explore asks none\n"
    "  --state TEXT           the learner's changes to the numbers: the text after\n"
    "                         state= in a link made by \"Copy link\"\n"
    "  -h, --help             show this help and exit\n"
    "  --version              show the version and exit\n"
    "\n"
    "Figures:\n"
    "  --figure FILE.png      write the step (or one matrix) as a PNG for slides and\n"
    "                         exit\n"
    "  --figure-scale 1-4     the figure's pixels per point (default 2)\n"
    "  --figure-matrix NAME   only this matrix of the step\n"
    "\n"
    "For tests and screenshots:\n"
    "  --size WxH             the window's size (default 1280x800)\n"
    "  --frames N             close after N frames\n"
    "  --screenshot FILE.png  write the window after --frames frames, or on closing\n"
    "  --report FILE          keep FILE holding the state and where each item is drawn\n"
    "\n"
    "Exit status:\n"
    "  0 when closed; 1 when no OpenGL 3.3 window opens or a file cannot be written;\n"
    "  2 on a wrong option or a figure that cannot be made.\n";

// The shell's own flags, for tests and screenshots. --screenshot is written
// after --frames frames, or when the app is closed (or sent SIGTERM). --report
// keeps FILE holding the app's state and where each named item is drawn, so a
// test can drive the window with real X input (tests/platform/desktop/native_input.test.mjs).
struct ShellFlags {
  std::string screenshot, report, figure, figure_matrix;
  int frames = 0, width = 1280, height = 800;
  float figure_scale = 2.0f;
};

std::atomic<bool> g_quit{false};  // SIGTERM or SIGINT: close as if the window was closed
// Where the last move event put the pointer (GLFW's callbacks take no context).
struct Pointer {
  bool moved = false;
  float x = 0, y = 0;
};
Pointer g_pointer;

bool parse_shell_flags(const std::vector<std::string>& rest, ShellFlags& f) {
  for (size_t i = 0; i < rest.size(); ++i) {
    const std::string& arg = rest[i];
    const bool has_value = i + 1 < rest.size();
    if (arg == "--frames" && has_value)
      f.frames = std::atoi(rest[++i].c_str());
    else if (arg == "--screenshot" && has_value)
      f.screenshot = rest[++i];
    else if (arg == "--report" && has_value)
      f.report = rest[++i];
    else if (arg == "--figure" && has_value)
      f.figure = rest[++i];
    else if (arg == "--figure-scale" && has_value)
      f.figure_scale = static_cast<float>(std::atof(rest[++i].c_str()));
    else if (arg == "--figure-matrix" && has_value)
      f.figure_matrix = rest[++i];
    else if (arg == "--size" && has_value) {
      if (std::sscanf(rest[++i].c_str(), "%dx%d", &f.width, &f.height) != 2) return false;
    } else
      return false;
  }
  return f.width > 0 && f.height > 0 && f.frames >= 0;
}

// The lesson file a command line names, read as bytes; the app judges them.
void read_lesson_file(attn::app::StartParameters& p) {
  for (const auto& [key, path] : p.values) {
    if (key != "lesson-url") continue;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
      p.lesson_file_error = "cannot read the file";
    } else if (size > attn::Limits::kMaxFileBytes) {
      p.lesson_file_error = "the file is " + std::to_string(size) + " bytes, the limit is " +
                            std::to_string(attn::Limits::kMaxFileBytes);
    } else {
      std::ifstream in(path, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (in)
        p.lesson_file = text.str();
      else
        p.lesson_file_error = "cannot read the file";
    }
    return;
  }
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

// Where "Save figure" puts its PNG: ~/Pictures when there is one, else home,
// else the current folder.
std::string figure_path(const std::string& name) {
  namespace fs = std::filesystem;
  const char* home = std::getenv("HOME");
  std::error_code ec;
  if (home && *home) {
    if (fs::is_directory(fs::path(home) / "Pictures", ec))
      return (fs::path(home) / "Pictures" / name).string();
    return (fs::path(home) / name).string();
  }
  return name;
}

bool write_file(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

// Rewrites the report each frame, whole (written beside it, then renamed): the
// frame count, the state, the cell the keyboard is on, where items are drawn.
void write_report(const attn::app::App& app, const attn::app::Api& api, const std::string& path,
                  int frame) {
  const attn::ui::CellRef& f = app.view().focus;
  const std::string focus = f.valid()
                                ? "\"" + app.session().trace().id_of(f.key) + ":" +
                                      std::to_string(f.row) + ":" + std::to_string(f.col) + "\""
                                : "null";
  const std::string report = "{\"frame\": " + std::to_string(frame) +
                             ", \"state\": " + api.state_json() + ", \"focus\": " + focus +
                             ", \"items\": " + attn::ui::items_json() + "}";
  const std::string part = path + ".part";
  std::ofstream(part, std::ios::binary) << report;
  std::rename(part.c_str(), path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::fputs(kUsage, stdout);
      // The languages as the app knows them (a list written here went stale at four).
      std::string help = kHelp;
      const std::string slot = "{languages}";
      help.replace(help.find(slot), slot.size(), attn::language_codes());
      std::fputs(help.c_str(), stdout);
      return 0;
    }
    if (std::string(argv[i]) == "--version") {
      std::printf("attention-lab (Attention Lab) %s\n", ATTN_VERSION);
      return 0;
    }
  }
  std::vector<std::string> rest;
  attn::app::StartParameters parameters =
      attn::app::parse_command_line(argc, argv,
                                    {"--frames", "--screenshot", "--size", "--report", "--figure",
                                     "--figure-scale", "--figure-matrix"},
                                    rest);
  ShellFlags flags;
  if (!parse_shell_flags(rest, flags)) {
    std::fputs(kUsage, stderr);
    std::fputs("Try 'attention-lab --help' for more information.\n", stderr);
    return 2;
  }
  read_lesson_file(parameters);
  // Without --lang: the system's language, as gettext reads it.
  parameters.preferred_languages =
      attn::app::system_languages(std::getenv("LANGUAGE"), std::getenv("LC_ALL"),
                                  std::getenv("LC_MESSAGES"), std::getenv("LANG"));
  // The learner's work from last time (not for --figure: a figure shows the
  // lesson as the command line names it).
  attn::desktop::SavedWorkFile saved_work(flags.figure.empty()
                                              ? attn::desktop::SavedWorkFile::default_path()
                                              : std::filesystem::path());
  const auto damaged_work = saved_work.read(parameters);

  attn::platform::HostOptions host;
  host.width = flags.width;
  host.height = flags.height;
  GLFWwindow* window = attn::platform::create_host(host, [](GLFWwindow* w) {
    glfwSetKeyCallback(w, [](GLFWwindow*, int key, int, int action, int) {
      attn::platform::note_key(key, action);  // the backend chains its own after this
    });
    // Where a press happened is where the moves before it went: X11's
    // glfwGetCursorPos asks the server where the pointer is now.
    glfwSetCursorPosCallback(w, [](GLFWwindow*, double x, double y) {
      g_pointer = {true, static_cast<float>(x), static_cast<float>(y)};
    });
    glfwSetMouseButtonCallback(w, [](GLFWwindow* window, int button, int action, int) {
      if (!g_pointer.moved) {  // no move yet: it was over the window from the start
        double x = 0, y = 0;
        glfwGetCursorPos(window, &x, &y);
        g_pointer = {true, static_cast<float>(x), static_cast<float>(y)};
      }
      attn::platform::note_button(g_pointer.x, g_pointer.y, button, action == GLFW_PRESS);
    });
  });
  if (!window) {
    std::fprintf(stderr, "attention-lab: could not open an OpenGL 3.3 window\n");
    return 1;
  }
  {  // GL objects and the app go before the window and context do
    attn::render::GlHeatmapRenderer heatmaps(host.glsl_version);
    attn::app::App app(&heatmaps);
    attn::app::Api api(app);
    if (!flags.report.empty()) attn::ui::enable_item_registry(true);
    app.start(parameters);
    // The shell's own words for the learner, in the app's language.
    const attn::CatalogScope words = app.speaking();
    if (damaged_work) app.notice(attn::desktop::SavedWorkFile::notice(*damaged_work));
    uint64_t saved_version = app.version();
    auto save_work = [&] {
      std::string error;
      if (!saved_work.write(api.saved_work_json(), &error))
        std::fprintf(stderr, "attention-lab: %s\n", error.c_str());
      saved_version = app.version();
    };
    std::signal(SIGTERM, [](int) { g_quit = true; });
    std::signal(SIGINT, [](int) { g_quit = true; });
    int frame = 0, idle_frames = 0;
    for (bool last = false; !last;) {
      // Sleep until input when nothing changes; tests (--frames) never wait.
      if (flags.frames == 0 && idle_frames > 3 && !app.animating())
        glfwWaitEventsTimeout(0.5);
      else
        glfwPollEvents();
      int fb_w = 0, win_w = 1, h = 0;
      glfwGetFramebufferSize(window, &fb_w, &h);
      glfwGetWindowSize(window, &win_w, &h);
      const float pixel_ratio = win_w > 0 ? static_cast<float>(fb_w) / win_w : 1.0f;
      if (app.set_pixel_ratio(pixel_ratio)) attn::platform::reload_font_texture();
      attn::platform::backend_new_frame();
      attn::platform::hold_quick_keys(ImGui::GetIO());
      attn::platform::hold_buttons(ImGui::GetIO());
      ImGui::NewFrame();
      const uint64_t before = app.version();
      app.frame();
      const bool busy = ImGui::IsAnyItemActive() || attn::platform::buttons_waiting() ||
                        ImGui::GetIO().MouseDelta.x != 0 || ImGui::GetIO().MouseDelta.y != 0 ||
                        app.version() != before;
      idle_frames = busy ? 0 : idle_frames + 1;
      // The work is kept once a change settles (not every frame of a drag).
      if (app.version() != saved_version && !ImGui::IsAnyItemActive()) save_work();
      attn::platform::render_frame(window, heatmaps);
      ++frame;
      if (frame == 1 && !flags.figure.empty()) {  // --figure: one picture, then done
        if (const std::string error = api.save_figure(flags.figure_scale, app.view().dark,
                                                      flags.figure_matrix, false, nullptr);
            !error.empty()) {
          std::fprintf(stderr, "attention-lab: %s\n", error.c_str());
          return 2;
        }
      }
      if (auto figure = attn::platform::make_figure(app, pixel_ratio)) {
        const std::string path = figure->download ? figure_path(figure->file_name) : flags.figure;
        if (!figure->error.empty()) {
          if (!figure->download) {
            std::fprintf(stderr, "attention-lab: %s\n", figure->error.c_str());
            return 1;
          }
          app.notice(figure->error);
        } else if (!write_file(path, figure->png)) {
          std::fprintf(stderr, "attention-lab: could not write %s\n", path.c_str());
          if (!figure->download) return 1;
          app.notice(attn::trf("The figure could not be written to {file}.", {{"file", path}}));
        } else if (figure->download) {
          app.show_toast(attn::trf("Figure saved: {file}", {{"file", path}}));
        } else {
          return 0;
        }
      }
      if (!flags.report.empty()) write_report(app, api, flags.report, frame);
      last = (flags.frames > 0 && frame >= flags.frames) || g_quit || glfwWindowShouldClose(window);
      if (last && !flags.screenshot.empty() && !write_screenshot(window, flags.screenshot)) {
        std::fprintf(stderr, "attention-lab: could not write %s\n", flags.screenshot.c_str());
        return 1;
      }
      glfwSwapBuffers(window);
    }
    if (app.version() != saved_version) save_work();
  }
  attn::platform::destroy_host(window);
  return 0;
}
