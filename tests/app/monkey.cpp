// attention-monkey: the real UI (headless ImGui, no GL) driven by random
// mouse, keyboard and API input across every lesson, for a long time.
//   attention-monkey [--frames 100000] [--seed 1] [--warmup 10000] [--memory-check 1]
// Fails (exit 1) on a NaN or an unexpected infinity in any trace, or when
// resident memory grows by 1 MB or more after the warm-up; ImGui's asserts
// and (in the native-asan build) the sanitizers fail it by aborting. Under
// ASan, pass --memory-check 0: its quarantine holds on to freed memory.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/lesson/state_link.h"
#include "support/headless.h"

namespace {

using attn::Stage;
using attn::TraceMatrix;
namespace request = attn::ui::request;

long resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4096;
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first broken number in the trace, or "".
std::string find_non_finite(const attn::Trace& t) {
  for (const TraceMatrix& m : t.matrices)
    for (size_t i = 0; i < m.value.size(); ++i) {
      const double v = m.value.data()[i];
      if (std::isnan(v) || (std::isinf(v) && !(m.key.stage == Stage::masked && v < 0)))
        return t.id_of(m.key);
    }
  return "";
}

class Monkey {
 public:
  Monkey(uint32_t seed, attn::test::HeadlessUi& ui) : rng_(seed), ui_(ui) {
    const std::string dir = std::string(ATTN_SOURCE_DIR) + "/tests/malformed/";
    for (const char* f :
         {"ragged-row.json", "deep-nesting.json", "latin1.json", "heads-do-not-divide.json"})
      lesson_files_.push_back(read(dir + f));
    lesson_files_.push_back(
        read(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/instructor-lesson.json"));
  }

  void frame() {
    ImGuiIO& io = ImGui::GetIO();
    const float w = io.DisplaySize.x, h = io.DisplaySize.y;
    const int r = pick(1000);
    if (r < 550) {  // the pointer wanders, mostly in small steps (drags)
      if (pick(4) == 0 || io.MousePos.x < 0)
        io.MousePos = ImVec2(uniform(0, w), uniform(0, h));
      else
        io.MousePos = ImVec2(io.MousePos.x + uniform(-30, 30), io.MousePos.y + uniform(-10, 10));
    } else if (r < 700) {
      io.MouseDown[0] = !io.MouseDown[0];
    } else if (r < 730) {
      io.MouseDown[1] = pick(2) == 0;
    } else if (r < 760) {
      io.MouseWheel += uniform(-3, 3);
    } else if (r < 850) {  // keys, held for a frame as a person would
      static const int keys[] = {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_Home,
                                 ImGuiKey_End,       ImGuiKey_Tab,        ImGuiKey_Enter,
                                 ImGuiKey_Escape,    ImGuiKey_Backspace,  ImGuiKey_UpArrow,
                                 ImGuiKey_DownArrow, ImGuiKey_Delete};
      release_keys();
      const int k = keys[pick(sizeof keys / sizeof keys[0])];
      io.KeysDown[k] = true;
      held_.push_back(k);
      io.KeyCtrl = pick(8) == 0;  // Ctrl+click turns a drag field into a text field
    } else if (r < 930) {         // typing: numbers, huge ones, junk
      static const char* texts[] = {"1",   "-",   "0.5",     "e", "1e300", "-1e308",
                                    "nan", "inf", "9999999", ".", "x",     "3"};
      for (const char* c = texts[pick(12)]; *c; ++c)
        io.AddInputCharacter(static_cast<unsigned>(*c));
    } else if (r < 990) {
      api();
    } else {  // the container resizes: phone to desktop
      static const ImVec2 sizes[] = {{360, 640}, {800, 500}, {1280, 800}, {1920, 1080}, {500, 300}};
      ui_.set_size(sizes[pick(5)]);
    }
    ui_.frame();
    if (pick(8) == 0) release_keys();
    io.KeyCtrl = false;
  }

  const attn::Trace& trace() { return ui_.app().session().trace(); }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  float uniform(float a, float b) { return std::uniform_real_distribution<float>(a, b)(rng_); }

  void release_keys() {
    for (int k : held_) ImGui::GetIO().KeysDown[k] = false;
    held_.clear();
  }

  // What a host page or test would call, including nonsense.
  void api() {
    attn::app::App& app = ui_.app();
    attn::app::Api& api = ui_.api();
    const attn::Session& s = app.session();
    static const double values[] = {0.0,    1.0, -2.5,     1e300,     -1e300,
                                    1e-300, NAN, INFINITY, -INFINITY, 42.0};
    switch (pick(11)) {
      case 0: {
        const std::vector<std::string> ids = api.lesson_ids();
        api.set_lesson(pick(10) == 0 ? "no-such-lesson" : ids[pick(static_cast<int>(ids.size()))]);
        break;
      }
      case 1:
        api.set_step(pick(12) - 1);
        break;
      case 2:
      case 3: {
        std::vector<std::string> inputs;
        for (const TraceMatrix& m : s.trace().matrices)
          if (m.editable) inputs.push_back(s.trace().id_of(m.key));
        if (inputs.empty()) break;
        api.set_value(inputs[pick(static_cast<int>(inputs.size()))], pick(70) - 2, pick(70) - 2,
                      values[pick(10)]);
        break;
      }
      case 4:
        app.apply(request::ResetNumbers{});
        break;
      case 5:
        app.apply(request::SetCausal{pick(3), pick(2) == 0});
        break;
      case 6:
        app.apply(request::SetScaling{pick(3),
                                      {static_cast<attn::ScaleMode>(pick(3)), values[pick(10)]}});
        break;
      case 7:
        app.apply(request::SetSeed{pick(3), pick(3), static_cast<uint32_t>(rng_())});
        break;
      case 8:
        api.add_lesson(lesson_files_[pick(static_cast<int>(lesson_files_.size()))], "monkey.json");
        break;
      case 9: {  // a shared link: a real one, or a mangled one
        std::string link = attn::encode_state(s.lesson(), s.state());
        if (!link.empty() && pick(2) == 0) link.resize(pick(static_cast<int>(link.size())));
        api.apply_state(link.empty() ? "{\"v\": 1, \"parts\": [{\"part\": 0, \"causal\": true}]}"
                                     : link);
        break;
      }
      case 10:
        app.apply(request::SetTheme{pick(2) == 0});
        break;
    }
  }

  std::mt19937 rng_;
  attn::test::HeadlessUi& ui_;
  std::vector<std::string> lesson_files_;
  std::vector<int> held_;
};

}  // namespace

int main(int argc, char** argv) {
  long frames = 100000, warmup = 10000;
  uint32_t seed = 1;
  bool memory_check = true;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--frames"))
      frames = std::atol(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed"))
      seed = static_cast<uint32_t>(std::atol(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--warmup"))
      warmup = std::atol(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--memory-check"))
      memory_check = std::atoi(argv[i + 1]) != 0;
  }
  attn::test::HeadlessUi ui;
  Monkey monkey(seed, ui);
  long baseline = 0;
  for (long f = 0; f < frames; ++f) {
    monkey.frame();
    if (f % 50 == 0) {
      const std::string broken = find_non_finite(monkey.trace());
      if (!broken.empty()) {
        std::fprintf(stderr, "monkey: frame %ld (seed %u): a non-finite number in %s\n", f, seed,
                     broken.c_str());
        return 1;
      }
    }
    if (f + 1 == warmup) baseline = resident_bytes();
    if (std::getenv("MONKEY_TRACE_MEMORY") && f % 10000 == 0)
      std::printf("frame %ld: %ld KB resident, lesson %s\n", f, resident_bytes() / 1024,
                  ui.app().session().lesson().id.c_str());
  }
  const long growth = resident_bytes() - baseline;
  std::printf(
      "monkey: %ld frames (seed %u), no NaN; resident memory after warm-up grew by %ld bytes\n",
      frames, seed, frames > warmup ? growth : 0L);
  if (memory_check && frames > warmup && growth >= 1024 * 1024) {
    std::fprintf(stderr, "monkey: memory grew by %ld bytes after the warm-up (limit 1 MB)\n",
                 growth);
    return 1;
  }
  return 0;
}
