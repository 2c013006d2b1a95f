// The app's one window: quick keys, the bars, and the layout that keeps the
// live result in view whatever scrolls (docs/architecture.md, "The one frame
// function").
#include "ui/main_window.h"

#include <algorithm>
#include <cmath>

#include "core/text/translation.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

MainWindow::MainWindow(UiContext* ui) : ui_(ui) {
  top_bar_.ui = step_bar_.ui = step_panel_.ui = live_panel_.ui = ui;
  pipeline_panel_.ui = temperature_panel_.ui = settings_panel_.ui = number_editor_.ui = ui;
}

void MainWindow::draw() {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("Attention Lab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   kPanelFlags);
  handle_keys();
  top_bar_.draw();
  step_bar_.draw();
  draw_body();
  ImGui::End();
  top_bar_.draw_passing();
  number_editor_.draw();
}

ImVec2 MainWindow::draw_figure(int only, float width) {
  // A slide's width at most; the figure is then cut to what it drew.
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width > 0.0f ? width : 1100.0f, ImGui::GetIO().DisplaySize.y));
  ImGui::Begin("##figure", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  step_panel_.draw_figure(only);
  // What this frame drew, to its far corner, and the window's padding round it.
  const ImVec2 padding = ImGui::GetStyle().WindowPadding;
  const ImVec2 far = ImGui::GetCurrentWindow()->DC.CursorMaxPos;
  const ImVec2 size(std::ceil(far.x + padding.x), std::ceil(far.y + padding.y));
  ImGui::End();
  return size;
}

//-----------------------------------------------------------------------------
// The keyboard
//-----------------------------------------------------------------------------

CellRef MainWindow::next_focus(int by) const {
  // The matrices on screen whose numbers the learner may change, in the order
  // drawn: Tab goes from one to the next, arrows move within one.
  std::vector<MatrixKey> matrices;
  const Trace& t = ui_->trace();
  for (int i : step_panel_.matrices_in_order())
    if (t.matrices[i].editable || t.matrices[i].overridable) matrices.push_back(t.matrices[i].key);
  const long n = static_cast<long>(matrices.size());
  const CellRef& focus = ui_->view->focus;
  const auto at = std::find(matrices.begin(), matrices.end(), focus.key);
  const long index = focus.valid() && at != matrices.end() ? at - matrices.begin()
                     : by > 0                              ? -1
                                                           : n;
  const long next = index + by;
  // Past either end the keyboard leaves the numbers (and Tab then leaves the canvas).
  return next >= 0 && next < n ? CellRef{matrices[static_cast<size_t>(next)], 0, 0} : CellRef{};
}

void MainWindow::handle_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || number_editor_.is_open() || ImGui::IsAnyItemActive()) return;
  const ViewState& view = *ui_->view;
  const int last = static_cast<int>(ui_->trace().steps.size()) - 1;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
  // Tab walks the matrices of numbers and, past the last, leaves them (the
  // page then moves the browser's focus on; the desktop app starts over).
  if (pressed(ImGuiKey_Tab)) ui_->request(request::FocusCell{next_focus(io.KeyShift ? -1 : 1)});
  if (pressed(ImGuiKey_PageDown)) ui_->request(request::GoToStep{std::min(view.step + 1, last)});
  if (pressed(ImGuiKey_PageUp)) ui_->request(request::GoToStep{std::max(view.step - 1, 0)});
  // The guess's slider, pressed or focused last, takes the arrows, Home and End.
  if (step_panel_.estimate_has_keys()) return;
  // Keys that came in one frame act in order: a move, then a nudge, acts on
  // the cell moved to.
  // Alt+arrows: a token of the word-order row moved, the KV cache's token stepped.
  if (io.KeyAlt && step_panel_.handle_panel_keys()) return;
  CellRef focus = view.focus;
  const TraceMatrix* m = focus.valid() ? ui_->trace().find(focus.key) : nullptr;
  if (!m) {  // no cell has the keyboard: the arrows walk the steps
    if (pressed(ImGuiKey_RightArrow))
      ui_->request(request::GoToStep{std::min(view.step + 1, last)});
    if (pressed(ImGuiKey_LeftArrow)) ui_->request(request::GoToStep{std::max(view.step - 1, 0)});
    if (pressed(ImGuiKey_Home)) ui_->request(request::GoToStep{0});
    if (pressed(ImGuiKey_End)) ui_->request(request::GoToStep{last});
    return;
  }
  // A cell has the keyboard: arrows move it, + and − nudge, typing or Enter opens the editor.
  auto move = [&](int dr, int dc) {
    focus.row = std::clamp(focus.row + dr, 0, m->value.rows() - 1);
    focus.col = std::clamp(focus.col + dc, 0, m->value.cols() - 1);
    ui_->request(request::FocusCell{focus});
  };
  if (pressed(ImGuiKey_RightArrow)) move(0, 1);
  if (pressed(ImGuiKey_LeftArrow)) move(0, -1);
  if (pressed(ImGuiKey_DownArrow)) move(1, 0);
  if (pressed(ImGuiKey_UpArrow)) move(-1, 0);
  if (pressed(ImGuiKey_Escape)) ui_->request(request::FocusCell{});
  // Delete (or Backspace): this number back to the notebook's, on its own.
  if (pressed(ImGuiKey_Delete) || pressed(ImGuiKey_Backspace))
    ui_->request(request::ResetCell{focus});
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter))
    ui_->request(request::EditNumber{focus, ""});
  const int decimals = drag_decimals(*m);
  const double step = std::pow(10.0, 1 - decimals);  // 0.01 for numbers around 1
  double value = m->value(focus.row, focus.col);
  for (const ImWchar c : io.InputQueueCharacters) {
    if (c == '+' || c == '=' || c == '-' || c == '_') {
      value = snap(value + (c == '+' || c == '=' ? step : -step), decimals);
      ui_->request(request::EditCell{focus.key, focus.row, focus.col, value});
    } else if ((c >= '0' && c <= '9') || c == '.') {
      ui_->request(request::EditNumber{focus, std::string(1, static_cast<char>(c))});
    }
  }
}

//-----------------------------------------------------------------------------
// The layout
//-----------------------------------------------------------------------------

// The live result keeps one height through a lesson at one window size, the
// tallest it has been there (at least `least`, at most `most`): sized to each
// step, the panels' edges and buttons moved between steps (a covered answer's
// rows are shorter), in a small embed as on a phone. A lesson's first frame
// reads the height the one before measured: not kept. A new window size starts over.
float MainWindow::live_height(float most, float least) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool fresh = tallest_live_lesson_ != ui_->view->lesson ||
                     tallest_live_display_.x != display.x || tallest_live_display_.y != display.y;
  if (fresh) {
    tallest_live_lesson_ = ui_->view->lesson;
    tallest_live_display_ = display;
    tallest_live_h_ = 0.0f;
  } else {
    tallest_live_h_ = std::max(tallest_live_h_, live_panel_.height());
  }
  const float tallest = fresh ? live_panel_.height() : tallest_live_h_;
  return std::min(std::max(tallest, least), most);
}

void MainWindow::draw_body() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetContentRegionAvail().y;
  // Where the live result goes, so it is on screen whatever scrolls: beside the
  // step on wide and landscape screens, under it on portrait ones.
  enum class Layout { Wide, Side, Bottom };
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const Layout layout = display.x >= 1100.0f                                    ? Layout::Wide
                        : display.x >= 640.0f && display.x >= 1.35f * display.y ? Layout::Side
                                                                                : Layout::Bottom;
  auto section = [&](const char* title, auto&& draw) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::PushFont(ui_->fonts->body);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
    draw();
  };
  auto extras = [&] {  // what may scroll away: the pipeline, the temperature, the settings
    // TRANSLATORS: headings of the side panels.
    if (temperature_panel_.shown()) section(tr("Temperature"), [&] { temperature_panel_.draw(); });
    section(tr("Pipeline"), [&] { pipeline_panel_.draw(); });
    section(tr("Settings"), [&] { settings_panel_.draw(); });
  };
  auto live = [&](float width, float height) {
    ImGui::BeginChild("##live", ImVec2(width, height), true,
                      ImGuiWindowFlags_NoScrollbar | kPanelFlags);
    live_panel_.draw();
    ImGui::EndChild();
    if (item_registry_enabled()) name_last_item("##live-panel");
  };
  // A new step starts at its top (its title and question), not where the last
  // one was scrolled; called before its BeginChild, so that the very frame
  // that first draws the step lays it out from the top (SetScrollY inside
  // would apply a frame later: a frame drawn in between, all an idle page
  // draws, would show the old scroll, and the next input would land elsewhere).
  auto step_from_top = [&] {
    const std::pair<int, int> now{ui_->view->lesson, ui_->view->step};
    if (shown_step_ == now) return;
    shown_step_ = now;
    ImGui::SetNextWindowScroll(ImVec2(-1.0f, 0.0f));
  };
  // While a press is held, no panel changes size and the step's content does
  // not get shorter (at the end of a scroll that would move it down): what is
  // under the finger stays there until the release.
  const bool pressing = ImGui::IsAnyItemActive();
  auto held = [&](float& kept, float now) { return pressing ? kept : (kept = now); };
  auto hold_bottom = [&] {
    const float y = ImGui::GetCursorPosY();
    if (pressing && y < held_bottom_) ImGui::Dummy(ImVec2(1.0f, held_bottom_ - y));
    held_bottom_ = pressing ? std::max(held_bottom_, y) : y;
  };
  constexpr ImGuiWindowFlags kStepFlags = kPanelFlags | ImGuiWindowFlags_AlwaysVerticalScrollbar;
  live_panel_.compact = layout == Layout::Bottom;
  if (layout == Layout::Bottom) {
    // Under the step: at most 40% (the lesson keeps 60%; the rest scrolls in its panel).
    const float live_h = held(held_live_h_, live_height(h * 0.4f, 0.0f));
    step_from_top();
    ImGui::BeginChild("##step", ImVec2(w, std::max(h - live_h - st.ItemSpacing.y, 80.0f)), true,
                      kStepFlags);
    step_panel_.draw();
    extras();
    hold_bottom();
    ImGui::EndChild();
    if (item_registry_enabled()) name_last_item("##step-panel");
    live(w, 0);
    return;
  }
  const float side_w = layout == Layout::Wide ? std::clamp(w * 0.34f, 320.0f, 470.0f)
                                              : std::clamp(w * 0.36f, 250.0f, 330.0f);
  step_from_top();
  ImGui::BeginChild("##step", ImVec2(w - side_w - st.ItemSpacing.x, 0), true, kStepFlags);
  step_panel_.draw();
  if (layout == Layout::Side) {  // the side column holds only what must stay in view
    ImGui::Spacing();
    ImGui::Separator();
    pipeline_panel_.draw();
  }
  hold_bottom();
  ImGui::EndChild();
  if (item_registry_enabled()) name_last_item("##step-panel");
  ImGui::SameLine();
  ImGui::BeginGroup();
  // Beside the step: at most 70%. In a small window (an embed), at least room for a live
  // result of a dozen lines (the built-in lessons' longest but one), so that a taller step
  // met later in the lesson (an output's covered note, a second line of numbers) moves
  // nothing; a wide screen keeps the room for the settings under it.
  const float least = layout == Layout::Side ? ImGui::GetFrameHeightWithSpacing() * 12.0f : 0.0f;
  const float live_h = held(held_live_h_, live_height(h * 0.7f, least));
  live(side_w, live_h);
  ImGui::BeginChild("##side", ImVec2(side_w, 0), true, kPanelFlags);
  if (temperature_panel_.shown()) temperature_panel_.draw();
  if (layout == Layout::Wide) section(tr("Pipeline"), [&] { pipeline_panel_.draw(); });
  section(tr("Settings"), [&] { settings_panel_.draw(); });
  ImGui::EndChild();
  ImGui::EndGroup();
}

}  // namespace attn::ui
