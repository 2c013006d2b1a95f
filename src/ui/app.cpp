// [SECTION] Lessons and the API
// [SECTION] Frame
// [SECTION] Top bar and step bar
// [SECTION] Body layout
#include "ui/app.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/builtin_lessons.h"
#include "core/lesson_loader.h"
#include "core/numpy_snippet.h"
#include "core/state_link.h"
#include "core/trace_json.h"
#include "ui/item_registry.h"
#include "ui/theme.h"

namespace attn::ui {

//-----------------------------------------------------------------------------
// [SECTION] Lessons and the API
//-----------------------------------------------------------------------------

namespace {
// `text` cut to `width` pixels, ending in "…" when cut (on UTF-8 boundaries).
std::string ellipsized(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string out = text;
  while (!out.empty() && ImGui::CalcTextSize((out + "…").c_str()).x > width) {
    do out.pop_back();
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80);
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  }
  return out + "…";
}
}  // namespace

App::App(HeatmapRenderer* heatmaps, AppOptions options) : heatmaps_(heatmaps) {
  for (const Lesson& l : builtin_lessons()) lessons_.push_back({l, nullptr, true});
  view_.dark = options.dark;
  view_.embed = options.embed;
  ui_.view = &view_;
  ui_.fonts = &fonts_;
  ui_.heatmaps = heatmaps_;
  step_panel_.ui = pipeline_panel_.ui = softmax_panel_.ui = settings_panel_.ui = &ui_;
  select(0);
  if (!options.lesson.empty()) {
    const std::string error = set_lesson(options.lesson);
    if (!error.empty()) notice(error + "; showing \"" + lessons_[0].lesson.title + "\" instead");
  }
  if (!options.state.empty()) {
    const std::string error = apply_state(options.state);
    if (!error.empty())
      notice("The link's changes could not be used (" + error +
             "); showing the notebook's numbers");
  }
  if (options.step != 0 && !set_step(options.step))
    notice("There is no step " + std::to_string(options.step + 1) +
           " in this lesson; showing the first");
  set_dark(options.dark);
}

void App::select(size_t index) {
  current_ = index;
  LessonSlot& slot = lessons_[index];
  if (!slot.session) slot.session = std::make_unique<Session>(slot.lesson);
  session_ = slot.session.get();
  ui_.session = session_;
  view_.step = 0;
  view_.head = 1;
  view_.query = 0;
  view_.pinned_matrix = -1;
  ++view_version_;
}

std::vector<std::string> App::lesson_ids() const {
  std::vector<std::string> ids;
  for (const LessonSlot& s : lessons_) ids.push_back(s.lesson.id);
  return ids;
}

std::string App::set_lesson(std::string_view id) {
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (lessons_[i].lesson.id == id) {
      if (i != current_) select(i);
      return "";
    }
  return "Unknown lesson \"" + std::string(id) + "\"";
}

std::string App::add_lesson(std::string_view json, std::string_view source) {
  LoadResult r = load_lesson(json);
  if (!r.ok()) {
    const std::string message = r.error.message(source);
    notice(message);
    return message;
  }
  // A lesson with a built-in's id replaces it: the instructor's version wins.
  for (size_t i = 0; i < lessons_.size(); ++i)
    if (lessons_[i].lesson.id == r.lesson->id) {
      lessons_[i] = {std::move(*r.lesson), nullptr, false};
      select(i);
      return "";
    }
  lessons_.push_back({std::move(*r.lesson), nullptr, false});
  select(lessons_.size() - 1);
  return "";
}

bool App::set_step(int step) {
  if (step < 0 || step >= static_cast<int>(session_->trace().steps.size())) return false;
  if (view_.step != step) {
    view_.step = step;
    view_.pinned_matrix = -1;
    ++view_version_;
  }
  return true;
}

std::string App::set_value(std::string_view matrix, int row, int col, double value) {
  return session_->set_value(matrix, row, col, value);
}

void App::reset() { session_->reset(); }

void App::set_dark(bool dark) {
  view_.dark = dark;
  apply_theme(dark);
  heatmaps_->set_dark(dark);
  ++view_version_;
}

std::string App::trace_json() const { return attn::trace_to_json(session_->trace()); }

std::string App::numpy_snippet() const {
  return attn::numpy_snippet(session_->lesson(), session_->state(),
                             session_->trace().steps[view_.step].part);
}

std::string App::apply_state(std::string_view state) {
  DecodedState d = decode_state(session_->lesson(), state);
  if (!d.state) return d.error;
  session_->set_state(*d.state);
  return "";
}

std::string App::state_json() const {
  const Trace& t = session_->trace();
  const TraceStep& s = t.steps[view_.step];
  nlohmann::json j{{"lesson", session_->lesson().id},
                   {"title", session_->lesson().title},
                   {"builtin", lessons_[current_].builtin},
                   {"notices", notices_},
                   {"step", view_.step},
                   {"steps", t.steps.size()},
                   {"stepId", s.id},
                   {"stepTitle", s.title},
                   {"theme", view_.dark ? "dark" : "light"},
                   {"edited", !session_->is_default()},
                   {"changes", encode_state(session_->lesson(), session_->state())},
                   {"revision", session_->revision()}};
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

uint64_t App::state_version() const {
  return view_version_ * 1000003u + session_->revision() * 7919u + current_;
}

void App::notice(std::string text) {
  notices_.push_back(std::move(text));
  ++view_version_;
  if (notices_.size() > 3) notices_.erase(notices_.begin());
}

bool App::set_pixel_ratio(float ratio) {
  if (ratio == pixel_ratio_) return false;
  pixel_ratio_ = ratio;
  ui_.pixel_ratio = ratio;
  fonts_ = load_fonts(ratio);
  return true;
}

bool App::animating() const { return ImGui::GetTime() < toast_until_; }

void App::show_toast(std::string text) {
  toast_ = std::move(text);
  toast_until_ = ImGui::GetTime() + 2.0;
}

//-----------------------------------------------------------------------------
// [SECTION] Frame
//-----------------------------------------------------------------------------

void App::frame() {
  item_registry_new_frame();
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("Attention Lab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  handle_keys();
  draw_top_bar();
  draw_step_bar();
  draw_body();
  ImGui::End();
  heatmaps_->end_frame();
}

void App::handle_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsAnyItemActive()) return;
  const int last = static_cast<int>(session_->trace().steps.size()) - 1;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
  if (pressed(ImGuiKey_RightArrow)) set_step(std::min(view_.step + 1, last));
  if (pressed(ImGuiKey_LeftArrow)) set_step(std::max(view_.step - 1, 0));
  if (pressed(ImGuiKey_Home)) set_step(0);
  if (pressed(ImGuiKey_End)) set_step(last);
}

//-----------------------------------------------------------------------------
// [SECTION] Top bar and step bar
//-----------------------------------------------------------------------------

void App::draw_top_bar() {
  const Palette& pal = palette();
  const Lesson& lesson = session_->lesson();
  // Buttons on the right; the lesson picker left; the source line between
  // them where there is room.
  const char* theme_label = view_.dark ? "Light theme" : "Dark theme";
  const char* reset_label = "Reset to notebook values";
  const char* copy_label = "Copy as numpy";
  const char* link_label = "Copy link";
  const bool link_button = static_cast<bool>(on_copy_link);
  const ImGuiStyle& st = ImGui::GetStyle();
  auto button_w = [&](const char* s) { return ImGui::CalcTextSize(s).x + st.FramePadding.x * 2; };
  const bool theme_button = !view_.embed;  // an embed takes its theme from the URL
  const float buttons = (theme_button ? button_w(theme_label) + st.ItemSpacing.x : 0.0f) +
                        (link_button ? button_w(link_label) + st.ItemSpacing.x : 0.0f) +
                        button_w(reset_label) + button_w(copy_label) + st.ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  const float buttons_x = right - buttons;
  // Buttons flow: on narrow screens they wrap instead of running off the edge.
  auto same_line_if_fits = [&](float width) {
    const float end =
        ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + st.ItemSpacing.x + width;
    if (end <= right) ImGui::SameLine();
  };
  if (!view_.embed) {
    const float fits = ImGui::CalcTextSize(lesson.title.c_str()).x + ImGui::GetFrameHeight() +
                       st.FramePadding.x * 2 + 4;
    ImGui::SetNextItemWidth(
        std::min(fits, std::max(ImGui::GetContentRegionAvail().x * 0.45f, 160.0f)));
    if (ImGui::BeginCombo("##lesson", lesson.title.c_str())) {
      for (size_t i = 0; i < lessons_.size(); ++i) {
        const bool selected = i == current_;
        if (ImGui::Selectable(lessons_[i].lesson.title.c_str(), selected)) select(i);
        if (ImGui::IsItemHovered() && !lessons_[i].lesson.source.empty())
          ImGui::SetTooltip("%s", lessons_[i].lesson.source.c_str());
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Choose a lesson");
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::PushFont(fonts_.body);
    ImGui::TextUnformatted(lesson.title.c_str());
    ImGui::PopFont();
  }
  ImGui::SameLine();
  const float source_x = ImGui::GetCursorPosX();
  const float source_w = buttons_x - source_x - st.ItemSpacing.x;
  if (source_w > 120.0f && !lesson.source.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", ellipsized(lesson.source, source_w).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", lesson.source.c_str());
    ImGui::SameLine();
  }
  if (buttons_x >= source_x)
    ImGui::SetCursorPosX(buttons_x);
  else
    ImGui::NewLine();  // too narrow: the buttons get their own line

  const bool edited = !session_->is_default();
  ImGui::BeginDisabled(!edited);
  if (edited) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
  if (ImGui::Button(reset_label)) session_->reset();
  if (edited) ImGui::PopStyleColor();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(edited ? "Bring every number back to the notebook's"
                             : "Nothing changed yet: drag a number to try");
  same_line_if_fits(button_w(copy_label));
  if (ImGui::Button(copy_label)) {
    ImGui::SetClipboardText(numpy_snippet().c_str());
    show_toast("Copied: paste it into a notebook cell");
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A Python/numpy snippet that rebuilds these numbers, edits included");
  if (link_button) {
    same_line_if_fits(button_w(link_label));
    if (ImGui::Button(link_label)) {
      nlohmann::json link{{"lesson", session_->lesson().id},
                          {"step", view_.step},
                          {"theme", view_.dark ? "dark" : "light"},
                          {"state", encode_state(session_->lesson(), session_->state())}};
      on_copy_link(link.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      show_toast("Link copied: it reopens this lesson, step and every change");
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A link to exactly this: lesson, step, settings and edited numbers");
  }
  if (theme_button) {
    same_line_if_fits(button_w(theme_label));
    if (ImGui::Button(theme_label)) set_dark(!view_.dark);
  }

  for (size_t i = 0; i < notices_.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - 40.0f);
    ImGui::TextUnformatted(notices_[i].c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (ImGui::SmallButton("×")) {
      notices_.erase(notices_.begin() + static_cast<long>(i));
      ImGui::PopID();
      break;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss");
    ImGui::PopID();
  }
  if (ImGui::GetTime() < toast_until_) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "%s", toast_.c_str());
  }
}

void App::draw_step_bar() {
  const Trace& t = session_->trace();
  const int n = static_cast<int>(t.steps.size());
  const Palette& pal = palette();
  ImGui::Separator();
  ImGui::BeginDisabled(view_.step == 0);
  if (ImGui::Button("◀##previous")) set_step(view_.step - 1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Previous step (←)");
  // One marker per step, numbered; the current one filled.
  const float d = ImGui::GetFrameHeight();
  int jump = -1;
  for (int s = 0; s < n; ++s) {
    ImGui::SameLine(0, s == 0 ? 10.0f : 4.0f);
    if (ImGui::GetContentRegionAvail().x < d + 60.0f) ImGui::NewLine();
    ImGui::PushID(s);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("##marker", ImVec2(d, d))) jump = s;
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 c(p.x + d * 0.5f, p.y + d * 0.5f);
    const bool current = s == view_.step;
    if (current)
      dl->AddCircleFilled(c, d * 0.5f, pal.accent);
    else
      dl->AddCircle(c, d * 0.5f - 1.0f, hovered ? pal.accent : pal.grid, 0, hovered ? 2.0f : 1.5f);
    char label[16];
    std::snprintf(label, sizeof label, "%d", s + 1);
    const ImVec2 ts = ImGui::CalcTextSize(label);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), current ? IM_COL32_WHITE : pal.text,
                label);
    if (hovered) ImGui::SetTooltip("%d. %s", s + 1, t.steps[s].title.c_str());
    ImGui::PopID();
  }
  ImGui::SameLine(0, 10.0f);
  ImGui::BeginDisabled(view_.step >= n - 1);
  if (ImGui::Button("▶##next")) set_step(view_.step + 1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Next step (→)");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Step %d of %d", view_.step + 1, n);
  if (jump >= 0) set_step(jump);
  ImGui::Separator();
}

//-----------------------------------------------------------------------------
// [SECTION] Body layout
//-----------------------------------------------------------------------------

void App::draw_body() {
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const bool two_columns = avail_w >= 900.0f;
  auto section = [&](const char* title, auto&& draw, bool last = false) {
    ImGui::PushFont(fonts_.body);
    ImGui::TextUnformatted(title);
    ImGui::PopFont();
    draw();
    if (last) return;
    ImGui::Spacing();
    ImGui::Separator();
  };
  auto side = [&] {
    section("Pipeline", [&] { pipeline_panel_.draw(); });
    section("Attention weights", [&] { softmax_panel_.draw(); });
    section(
        "Settings", [&] { settings_panel_.draw(); }, true);
  };
  if (two_columns) {
    const float side_w = std::clamp(avail_w * 0.34f, 320.0f, 470.0f);
    ImGui::BeginChild("##step", ImVec2(avail_w - side_w - ImGui::GetStyle().ItemSpacing.x, 0), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    step_panel_.draw();
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##side", ImVec2(0, 0), true);
    side();
    ImGui::EndChild();
  } else {
    // Narrow (phones, small iframes): one scrolling column, the step first.
    ImGui::BeginChild("##column", ImVec2(0, 0), true);
    step_panel_.draw();
    ImGui::Spacing();
    ImGui::Separator();
    side();
    ImGui::EndChild();
  }
}

}  // namespace attn::ui
