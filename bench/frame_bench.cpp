// The C++ work of one frame while a learner drags a number, natively and
// without a GPU: for every step of every built-in lesson at 1280x800, an
// input changes (the core recomputes the trace) and the UI builds the frame
// (ImGui::NewFrame .. ImGui::Render, draw lists included, nothing drawn).
// Prints JSON for bench/native.mjs: per step the median of several such frames.
//
//   bench_frame [--quick]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "app/api.h"
#include "imgui.h"
#include "ui/heatmap.h"

using namespace attn;

namespace {

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The input the learner drags on this step: one shown on the step if any,
// else the first input of the lesson.
const TraceMatrix* input_for_step(const Trace& trace, int step) {
  for (int i : trace.steps[step].matrices)
    if (trace.matrices[i].editable && !trace.matrices[i].value.empty()) return &trace.matrices[i];
  for (const TraceMatrix& m : trace.matrices)
    if (m.editable && !m.value.empty()) return &m;
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int frames = quick ? 5 : 15;

  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60.0f;
  ui::NullHeatmapRenderer heatmaps;
  app::App app(&heatmaps);
  app::Api api(app);
  // Explore mode: every step's result drawn (no prediction covers it), the heavier frame.
  app::StartParameters start;
  start.values.emplace_back("mode", "explore");
  app.start(start);
  app.set_pixel_ratio(1.0f);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // the atlas, built once as on a real start
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(1)));
  // The mouse over the middle of the step, as during a drag.
  io.MousePos = ImVec2(400, 400);

  std::printf("{\"width\": 1280, \"height\": 800, \"frames_per_step\": %d, \"steps\": [", frames);
  bool first = true;
  for (const std::string& id : api.lesson_ids()) {
    api.set_lesson(id);
    const int steps = static_cast<int>(app.session().trace().steps.size());
    for (int s = 0; s < steps; ++s) {
      api.set_step(s);
      const TraceMatrix* input = input_for_step(app.session().trace(), s);
      const std::string input_id = input ? app.session().trace().id_of(input->key) : "";
      const double base = input ? input->value(0, 0) : 0.0;
      for (int i = 0; i < 2; ++i) {  // the step's first frames: layout settles
        ImGui::NewFrame();
        app.frame();
        ImGui::Render();
      }
      std::vector<double> total, recompute, build;
      for (int f = 0; f < frames; ++f) {
        const double t0 = now_ms();
        if (input) api.set_value(input_id, 0, 0, base + 0.01 * (f + 1));
        const double t1 = now_ms();
        ImGui::NewFrame();
        app.frame();
        ImGui::Render();
        const double t2 = now_ms();
        total.push_back(t2 - t0);
        recompute.push_back(t1 - t0);
        build.push_back(t2 - t1);
      }
      std::printf(
          "%s\n  {\"lesson\": \"%s\", \"step\": %d, \"input\": \"%s\", \"ms\": %.5f, "
          "\"recompute_ms\": %.5f, \"ui_ms\": %.5f, \"max_ms\": %.5f}",
          first ? "" : ",", id.c_str(), s + 1, input_id.c_str(), median(total), median(recompute),
          median(build), *std::max_element(total.begin(), total.end()));
      first = false;
    }
    app.apply(ui::request::ResetNumbers{});
  }
  std::printf("\n]}\n");
  return 0;  // the context goes with the process
}
