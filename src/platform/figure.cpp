// Figures for slides: a step or a matrix drawn off screen, then PNG (figure.h).
#include "platform/figure.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/app.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "platform/glfw_host.h"
#include "render/gl.h"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

namespace attn::platform {

namespace {

// One frame of the figure alone: no mouse, the given display size.
ImVec2 figure_frame(app::App& app, const app::FigureJob& job, ImVec2 display, float width,
                    float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = display;
  io.DisplayFramebufferScale = ImVec2(scale, scale);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  for (bool& down : io.MouseDown) down = false;
  ImGui::NewFrame();
  const ImVec2 size = app.draw_figure(job, width);
  app.heatmaps().render_queued();
  ImGui::Render();
  return size;
}

// The last frame's draw data into an off-screen RGBA buffer; rows top first.
bool read_frame(int w, int h, std::vector<unsigned char>& rgba) {
  GLuint fbo = 0, colour = 0;
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &colour);
  glBindRenderbuffer(GL_RENDERBUFFER, colour);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
  const bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  if (ok) {
    glViewport(0, 0, w, h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    rgba.resize(static_cast<size_t>(w) * h * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    const size_t row = static_cast<size_t>(w) * 4;  // GL's rows start at the bottom
    for (int y = 0; y < h / 2; ++y)
      std::swap_ranges(rgba.begin() + y * row, rgba.begin() + (y + 1) * row,
                       rgba.begin() + (h - 1 - y) * row);
    for (size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;  // opaque, as on screen
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(1, &colour);
  glDeleteFramebuffers(1, &fbo);
  return ok;
}

}  // namespace

std::optional<Figure> make_figure(app::App& app, float pixel_ratio) {
  const std::optional<app::FigureJob> asked = app.take_figure();
  if (!asked) return std::nullopt;
  app::FigureJob job = *asked;
  Figure out;
  out.id = job.id;
  out.download = job.figure.download;
  if (std::string error = app.begin_figure(job); !error.empty()) {
    out.error = std::move(error);
    return out;
  }
  float& scale = job.figure.scale;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 display = io.DisplaySize, fb_scale = io.DisplayFramebufferScale;
  const ImVec2 mouse = io.MousePos;
  bool mouse_down[5];
  std::copy(std::begin(io.MouseDown), std::end(io.MouseDown), mouse_down);

  // Text drawn at the figure's scale is rasterised at that scale.
  if (app.set_pixel_ratio(scale)) reload_font_texture();
  const ImVec2 room(2000.0f, 8000.0f);
  const ImVec2 natural = figure_frame(app, job, room, 0.0f, scale);
  const float width = std::min(natural.x, 1100.0f);
  ImVec2 size = figure_frame(app, job, room, width, scale);  // its height at that width
  size.x = width;
  GLint limit = 4096;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &limit);
  const float longest = std::max(size.x, size.y);
  if (longest * scale > static_cast<float>(limit)) scale = static_cast<float>(limit) / longest;
  figure_frame(app, job, size, width, scale);
  out.width = std::max(1, static_cast<int>(std::floor(size.x * scale)));
  out.height = std::max(1, static_cast<int>(std::floor(size.y * scale)));
  out.scale = scale;
  out.file_name = app.figure_file_name(job);
  std::vector<unsigned char> rgba;
  const bool drawn = read_frame(out.width, out.height, rgba);
  app.end_figure();

  io.DisplaySize = display;
  io.DisplayFramebufferScale = fb_scale;
  io.MousePos = mouse;
  std::copy(std::begin(mouse_down), std::end(mouse_down), io.MouseDown);
  if (app.set_pixel_ratio(pixel_ratio)) reload_font_texture();
  if (!drawn) {
    out.error = "this browser's graphics could not draw the figure off screen";
    return out;
  }
  stbi_write_png_to_func(
      [](void* context, void* data, int bytes) {
        auto* png = static_cast<std::vector<unsigned char>*>(context);
        png->insert(png->end(), static_cast<unsigned char*>(data),
                    static_cast<unsigned char*>(data) + bytes);
      },
      &out.png, out.width, out.height, 4, rgba.data(), out.width * 4);
  return out;
}

}  // namespace attn::platform
