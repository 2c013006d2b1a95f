// Drawing the queued heatmaps with OpenGL into textures ImGui shows, and starting again after a
// lost context (heatmap_gl.h).
#include "render/heatmap_gl.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/base/embedded_file.h"
#include "render/gl.h"

// shaders/heatmap.vert and .frag, embedded by cmake/embed.cmake.
extern const attn::EmbeddedFile kShaderFiles[];
extern const size_t kShaderFilesCount;

namespace attn::render {

namespace {

std::string shader_source(const char* name) {
  for (size_t i = 0; i < kShaderFilesCount; ++i)
    if (std::strcmp(kShaderFiles[i].name, name) == 0) return std::string(kShaderFiles[i].text());
  return "";
}

unsigned compile(GLenum type, const std::string& source) {
  const unsigned shader = glCreateShader(type);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    std::fprintf(stderr, "heatmap shader: %s\n", log);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

struct GlHeatmapRenderer::Entry {
  unsigned values_tex = 0, color_tex = 0, fbo = 0;
  int cols = 0, rows = 0, width = 0, height = 0;
  bool dark = false, grid = true;
  ColorScale scale;
  std::vector<float> texels;  // what the texture shows (value, flags) per cell
  uint64_t last_used = 0;
  bool queued = false;      // texels changed: render_queued() draws them
  bool new_target = false;  // the size changed: the colour texture needs new storage
};

GlHeatmapRenderer::GlHeatmapRenderer(std::string glsl_version)
    : glsl_version_(std::move(glsl_version)) {}

GlHeatmapRenderer::~GlHeatmapRenderer() {
  for (auto& [key, e] : entries_) release(*e);
  if (program_) glDeleteProgram(program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

void GlHeatmapRenderer::release(Entry& e) {
  if (e.fbo) glDeleteFramebuffers(1, &e.fbo);
  if (e.color_tex) glDeleteTextures(1, &e.color_tex);
  if (e.values_tex) glDeleteTextures(1, &e.values_tex);
  e.fbo = e.color_tex = e.values_tex = 0;
}

void GlHeatmapRenderer::context_lost() {
  for (auto& [key, e] : entries_) e->fbo = e->color_tex = e->values_tex = 0;
  entries_.clear();
  queued_.clear();
  program_ = vao_ = 0;
  broken_ = false;
}

bool GlHeatmapRenderer::ensure_program() {
  if (program_) return true;
  if (broken_) return false;
  const std::string header = glsl_version_ + "\nprecision highp float;\nprecision highp int;\n";
  // GLSL 330 has no precision qualifiers to speak of, but accepts them.
  const unsigned vs = compile(GL_VERTEX_SHADER, header + shader_source("heatmap.vert"));
  const unsigned fs = compile(GL_FRAGMENT_SHADER, header + shader_source("heatmap.frag"));
  if (!vs || !fs) {
    broken_ = true;
    return false;
  }
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    glDeleteProgram(program_);
    program_ = 0;
    broken_ = true;
    return false;
  }
  u_values_ = glGetUniformLocation(program_, "u_values");
  u_cells_ = glGetUniformLocation(program_, "u_cells");
  u_size_ = glGetUniformLocation(program_, "u_size");
  u_range_ = glGetUniformLocation(program_, "u_range");
  u_kind_ = glGetUniformLocation(program_, "u_kind");
  u_dark_ = glGetUniformLocation(program_, "u_dark");
  u_grid_ = glGetUniformLocation(program_, "u_grid");
  glGenVertexArrays(1, &vao_);  // core profiles need one bound, even without attributes
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_);
  return true;
}

void GlHeatmapRenderer::set_dark(bool dark) { dark_ = dark; }

ImTextureID GlHeatmapRenderer::draw(const HeatmapRequest& request) {
  const Matrix& m = *request.values;
  if (m.empty() || request.width_px <= 0 || request.height_px <= 0 || !ensure_program())
    return ImTextureID{};
  // A wide matrix at a high pixel ratio can ask for more than the device's
  // largest texture (a black image): draw it smaller, it is shown scaled.
  int width = request.width_px, height = request.height_px;
  const int longest = std::max(width, height);
  if (max_texture_ > 0 && longest > max_texture_) {
    const double shrink = static_cast<double>(max_texture_) / longest;
    width = std::clamp(static_cast<int>(width * shrink), 1, max_texture_);
    height = std::clamp(static_cast<int>(height * shrink), 1, max_texture_);
  }
  std::unique_ptr<Entry>& slot = entries_[request.key];
  if (!slot) slot = std::make_unique<Entry>();
  Entry& e = *slot;
  e.last_used = frame_;

  // What the texture should show; queue a redraw only if any of it changed.
  std::vector<float> texels(m.size() * 2);
  for (size_t i = 0; i < m.size(); ++i) {
    const double v = m.data()[i];
    texels[2 * i] = std::isfinite(v) ? static_cast<float>(v) : 0.0f;
    texels[2 * i + 1] = i < request.flags.size() ? static_cast<float>(request.flags[i]) : 0.0f;
  }
  const bool new_target = e.width != width || e.height != height || !e.color_tex;
  const bool same = !new_target && e.cols == m.cols() && e.rows == m.rows() && e.dark == dark_ &&
                    e.grid == request.grid && e.scale.kind == request.scale.kind &&
                    e.scale.lo == request.scale.lo && e.scale.hi == request.scale.hi &&
                    e.texels == texels;
  if (!same) {
    // The texture's name is needed now (ImGui keeps it in this frame's draw
    // list); its pixels are drawn in render_queued().
    if (!e.color_tex) glGenTextures(1, &e.color_tex);
    e.new_target = e.new_target || new_target;
    e.cols = m.cols();
    e.rows = m.rows();
    e.width = width;
    e.height = height;
    e.dark = dark_;
    e.grid = request.grid;
    e.scale = request.scale;
    e.texels = std::move(texels);
    if (!e.queued) queued_.push_back(request.key);
    e.queued = true;
  }
  return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(e.color_tex));
}

void GlHeatmapRenderer::render_queued() {
  if (queued_.empty()) return;
  // The viewport is left as the last texture's: its callers set their own
  // after (reading it back would wait for the GPU, in a browser).
  GLint previous_fbo = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_fbo);
  for (uint64_t key : queued_) {
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second->queued) render(*it->second);
  }
  queued_.clear();
  glBindVertexArray(0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_fbo));
}

void GlHeatmapRenderer::render(Entry& e) {
  e.queued = false;
  if (!e.values_tex) glGenTextures(1, &e.values_tex);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, e.values_tex);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, e.cols, e.rows, 0, GL_RG, GL_FLOAT, e.texels.data());

  if (e.new_target) {
    e.new_target = false;
    glBindTexture(GL_TEXTURE_2D, e.color_tex);
    // Shown at exactly this size: nearest keeps cell edges sharp.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, e.width, e.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 nullptr);
    if (!e.fbo) glGenFramebuffers(1, &e.fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, e.fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, e.color_tex, 0);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, e.fbo);
  glViewport(0, 0, e.width, e.height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(program_);
  glBindVertexArray(vao_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, e.values_tex);
  glUniform1i(u_values_, 0);
  glUniform2f(u_cells_, static_cast<float>(e.cols), static_cast<float>(e.rows));
  glUniform2f(u_size_, static_cast<float>(e.width), static_cast<float>(e.height));
  glUniform2f(u_range_, static_cast<float>(e.scale.lo), static_cast<float>(e.scale.hi));
  glUniform1i(u_kind_, e.scale.kind == ColorScale::Kind::Diverging ? 0 : 1);
  glUniform1i(u_dark_, e.dark ? 1 : 0);
  glUniform1f(u_grid_, e.grid ? 1.0f : 0.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

void GlHeatmapRenderer::end_frame() {
  ++frame_;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (frame_ - it->second->last_used > 120) {
      release(*it->second);
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace attn::render
