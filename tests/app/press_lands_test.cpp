// A press lands where the finger is (issue 39.3). In every built-in lesson,
// with every question answered and the challenges taken on (their cards then
// stand above the numbers and change as they change), every changeable number
// of every step is scrolled into view (to the panel's middle, to the end of
// its scroll, just inside its foot), pressed and dragged sideways in paced
// frames, at 800×500 with a mouse and at 390×844 on a touch screen. While the
// press is held the number must not move on screen, and the release must leave
// that number changed (not a neighbour: a layout that moved under the press
// would hand the drag to whatever came under it).
#include <doctest/doctest.h>

#include <algorithm>
#include <cfloat>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "app/app.h"
#include "imgui_internal.h"
#include "support/headless.h"
#include "ui/item_registry.h"

using namespace attn;

namespace {

ImGuiWindow* step_window() {
  for (ImGuiWindow* w : GImGui->Windows)
    if (std::string(w->Name).find("/##step_") != std::string::npos && w->Active) return w;
  return nullptr;
}

struct Cell {
  std::string label, id;
  int row, col;
};

// The cells the last frame drew of matrices the learner may change.
std::vector<Cell> changeable_cells(const Trace& t) {
  std::vector<Cell> out;
  const nlohmann::json items = nlohmann::json::parse(ui::items_json());
  static const std::regex cell("##(.+):(\\d+):(\\d+)");
  for (const auto& [label, rect] : items.items()) {
    std::smatch m;
    if (!std::regex_match(label, m, cell)) continue;
    const TraceMatrix* matrix = t.find(t.key_of(m[1].str()).value_or(MatrixKey{}));
    if (!matrix || !(matrix->editable || matrix->overridable)) continue;
    // A weight of 1 under the causal mask (a query that sees only itself)
    // stays 1 while its row keeps summing to 1: nothing else can give.
    const int row = std::stoi(m[2].str()), col = std::stoi(m[3].str());
    if (matrix->key.stage == Stage::weights && matrix->value(row, col) == 1.0) continue;
    out.push_back({label, m[1].str(), std::stoi(m[2].str()), std::stoi(m[3].str())});
  }
  return out;
}

// Every question answered (a middle guess, or skipped) and every challenge
// taken on, the last one staying taken.
void answer_everything(test::HeadlessUi& ui) {
  for (const Part& part : ui.app().session().lesson().parts)
    for (const StepSpec& spec : part.steps) {
      for (const Prediction& pr : spec.predictions) {
        const double pick =
            pr.kind == Prediction::Kind::Estimate ? (pr.estimate.min + pr.estimate.max) / 2 : 0.0;
        if (!ui.app().apply(ui::request::AnswerPrediction{pr.id, pick}).empty())
          ui.app().apply(ui::request::SkipPrediction{pr.id});
      }
      for (const Challenge& c : spec.challenges) ui.app().apply(ui::request::TakeChallenge{c.id});
    }
}

bool changed(const app::App& app, const LessonState& before, const Cell& c) {
  const Trace& t = app.session().trace();
  const MatrixKey key = *t.key_of(c.id);
  const TraceMatrix* m = t.find(key);
  const LessonState& now = app.session().state();
  if (m->editable)
    return now.parts[key.part].inputs.at(key.stage)(c.row, c.col) !=
           before.parts[key.part].inputs.at(key.stage)(c.row, c.col);
  return now.parts[key.part].override_at(key.stage, key.head, c.row, c.col) != nullptr;
}

}  // namespace

TEST_CASE("a press on any changeable number changes it and nothing moves under it") {
  // Under ASan (tests/CMakeLists.txt sets this) each number is pressed at one
  // of the three places, in turn: every number and every place, the same code,
  // a third of the frames. The plain build presses each at all three.
  const bool one_place_each = std::getenv("ATTN_PRESS_ONE_PLACE_EACH") != nullptr;
  for (const bool touch : {false, true}) {
    app::StartParameters p;
    if (touch) p.values = {{"touch", "1"}};
    test::HeadlessUi ui(p, touch ? ImVec2(390, 844) : ImVec2(800, 500));
    std::vector<std::string> misses;
    int pressed = 0, cells = 0;
    for (const std::string& id : ui.api().lesson_ids()) {
      ui.api().set_lesson(id);
      answer_everything(ui);
      const int steps = static_cast<int>(ui.app().session().trace().steps.size());
      for (int s = 0; s < steps; ++s) {
        ui.api().set_step(s);
        ui.frames(4);
        for (const Cell& c : changeable_cells(ui.app().session().trace()))
          for (int where = 0, cell = cells++; where < 3; ++where) {
            if (one_place_each && where != cell % 3) continue;
            ui::ItemRect r;
            REQUIRE(ui::find_item(c.label, &r));
            ImGuiWindow* w = step_window();
            REQUIRE(w);
            // In the panel's middle, at the end of its scroll, just inside its foot.
            const float mid = (w->InnerRect.Min.y + w->InnerRect.Max.y) * 0.5f;
            const float target = where == 0   ? w->Scroll.y + (r.y0 - mid)
                                 : where == 1 ? w->ScrollMax.y
                                              : w->Scroll.y + r.y1 - w->InnerRect.Max.y + 2;
            ImGui::SetScrollY(w, std::clamp(target, 0.0f, w->ScrollMax.y));
            ui.frames(3);
            REQUIRE(ui::find_item(c.label, &r));
            if (r.y0 < w->InnerRect.Min.y || r.y1 > w->InnerRect.Max.y || r.x1 > w->InnerRect.Max.x)
              continue;  // not wholly in view from there
            const LessonState before = ui.app().session().state();
            ImGuiIO& io = ImGui::GetIO();
            const ImVec2 at((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
            io.MousePos = at;
            ui.frame();
            io.MouseDown[0] = true;
            ui.frame();
            std::string moved;
            for (int i = 1; i <= 4; ++i) {
              io.MousePos = ImVec2(at.x + 8.0f * i, at.y);
              ui.frame();
              ui::ItemRect now;
              if (!ui::find_item(c.label, &now)) {
                if (moved.empty()) moved = "gone";
              } else if (now.y0 != r.y0 && moved.empty()) {
                std::ostringstream o;
                o << "moved " << now.y0 - r.y0 << " px";
                moved = o.str();
              }
            }
            io.MouseDown[0] = false;
            ui.frame();
            io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
            ui.frame();
            ++pressed;
            const bool landed = changed(ui.app(), before, c);
            if (!moved.empty() || !landed) {
              std::ostringstream o;
              o << id << " step " << s + 1 << (touch ? " (touch) " : " (mouse) ") << c.label
                << (where == 0   ? " mid-panel"
                    : where == 1 ? " scrolled to the end"
                                 : " at the foot")
                << ": " << (moved.empty() ? "stayed" : moved) << ", "
                << (landed ? "changed" : "NOT changed");
              misses.push_back(o.str());
            }
            ui.app().apply(ui::request::ResetNumbers{});
            ui.frames(2);
          }
      }
    }
    CAPTURE(touch);
    CHECK(pressed > 100);
    std::string all;
    for (const std::string& m : misses) all += m + "\n";
    CHECK_MESSAGE(misses.empty(), all);
  }
}
