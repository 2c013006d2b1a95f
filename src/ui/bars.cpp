// Drawing the two bars above the step: the lesson picker and buttons, the steps (bars.h).
#include "ui/bars.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/text/translation.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
#include "ui/theme.h"

namespace attn::ui {

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

void TopBar::draw() {
  const Palette& pal = ui->palette();
  const ViewState& view = *ui->view;
  const Lesson& lesson = ui->session->lesson();
  const ImGuiStyle& st = ImGui::GetStyle();
  const bool edited = !ui->session->is_default();

  // The page's actions, as buttons where they fit, else in a menu.
  struct Action {
    const char* label;
    const char* tip;
    Request request;
    bool shown, enabled;
  };
  const Action actions[] = {
      // TRANSLATORS: a button; the notebook is the Jupyter notebook the lesson
      // follows, whose numbers the learner may have changed.
      {tr("Reset to notebook values"),
       edited ? tr("Bring every number back to the notebook's")
              : tr("Nothing changed yet: drag a number to try"),
       request::ResetNumbers{}, true, edited},
      // TRANSLATORS: a button that copies Python code using the numpy library
      // (keep "numpy", a name).
      {tr("Copy as numpy"),
       tr("A Python/numpy snippet that prints what this step shows, your changes included"),
       request::CopySnippet{}, true, true},
      // TRANSLATORS: a button that copies a web link to the clipboard.
      {tr("Copy link"), tr("A link to exactly this: lesson, step, settings and changed numbers"),
       request::CopyLink{}, ui->can_copy_link, true},
      // TRANSLATORS: a button (a noun: a view of the step as plain text, for
      // screen readers).
      {tr("Text view"),
       tr("The step as text and tables, with fields to type numbers (for screen readers)"),
       request::ShowTextView{}, ui->can_show_text, true},
      // TRANSLATORS: a button that opens the lesson editor (for instructors),
      // on the lesson shown.
      {tr("Edit lesson"),
       tr("Change this lesson or write your own, and save it as a file or a link"),
       request::EditLesson{}, ui->can_edit && !view.embed, true},
      // TRANSLATORS: a button that switches the colours to a light (or dark) theme.
      {view.dark ? tr("Light theme") : tr("Dark theme"), "", request::SetTheme{!view.dark},
       !view.embed, true},
  };
  auto button_w = [&](const char* s) { return ImGui::CalcTextSize(s).x + st.FramePadding.x * 2; };
  // The language menu, at the right end: the language's own name (the base
  // font has the characters of each name, so the menu needs no font pack).
  // Only the languages this build can show (the single file: English alone, so no menu).
  const Language* language = find_language(view.language);
  const auto offered = [&](const Language& l) {
    const std::vector<std::string>& codes = view.offered_languages;
    return codes.empty() || std::find(codes.begin(), codes.end(), l.code) != codes.end();
  };
  const bool language_menu = std::count_if(languages().begin(), languages().end(), offered) > 1;
  const float language_w =
      language_menu ? button_w(language->name.data()) + ImGui::GetFrameHeight() : 0.0f;
  float buttons = 0.0f;
  for (const Action& a : actions)
    if (a.shown) buttons += button_w(a.label) + st.ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  // TRANSLATORS: a button that opens a menu of the page's actions (a noun).
  const std::string menu = std::string(tr("Menu")) + " ▼";
  const float menu_w = button_w(menu.c_str());

  if (!view.embed) {
    const float fits = ImGui::CalcTextSize(lesson.title.c_str()).x + ImGui::GetFrameHeight() +
                       st.FramePadding.x * 2 + 4;
    // Room for at least the menu and the language menu beside it.
    const float avail = ImGui::GetContentRegionAvail().x;
    const float room = avail - menu_w - language_w - st.ItemSpacing.x * 2;
    ImGui::SetNextItemWidth(std::min(fits, std::max(std::min(avail * 0.45f, room), 100.0f)));
    const bool lessons_open = ImGui::BeginCombo("##lesson", lesson.title.c_str());
    if (item_registry_enabled()) name_last_item("##lesson");  // combos have no test hook in 1.86
    if (lessons_open) {
      if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
      const std::vector<LessonEntry>& lessons = *ui->lessons;
      for (size_t i = 0; i < lessons.size(); ++i) {
        const bool selected = static_cast<int>(i) == view.lesson;
        if (ImGui::Selectable(lessons[i].title.c_str(), selected))
          ui->request(request::SelectLesson{static_cast<int>(i)});
        if (ImGui::IsItemHovered() && !lessons[i].source.empty()) tooltip(lessons[i].source);
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) tooltip(tr("Choose a lesson"));
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::PushFont(ui->fonts->body);
    ImGui::TextUnformatted(lesson.title.c_str());
    ImGui::PopFont();
  }
  ImGui::SameLine();
  const float after_title = ImGui::GetCursorPosX();
  const bool inline_buttons = right - after_title >= buttons + language_w + st.ItemSpacing.x;
  // Each inline button is counted with the spacing after it, as the menu must be.
  const float actions_w =
      (inline_buttons ? buttons : menu_w + st.ItemSpacing.x) + language_w + st.ItemSpacing.x;
  const float source_w = right - actions_w - after_title - st.ItemSpacing.x;
  if (source_w > 120.0f && !lesson.source.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", ellipsized(lesson.source, source_w).c_str());
    if (ImGui::IsItemHovered()) tooltip(lesson.source);
    ImGui::SameLine();
  }
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), right - actions_w + st.ItemSpacing.x));
  if (inline_buttons) {
    bool first = true;
    for (const Action& a : actions) {
      if (!a.shown) continue;
      if (!first) ImGui::SameLine();
      first = false;
      const bool reset = &a == &actions[0];
      ImGui::BeginDisabled(!a.enabled);
      if (reset && edited)
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
      if (ImGui::Button(a.label)) ui->request(a.request);
      if (reset && edited) ImGui::PopStyleColor();
      ImGui::EndDisabled();
      if (a.tip[0] && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(a.tip);
    }
  } else {
    if (edited) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
    if (ImGui::Button(menu.c_str())) ImGui::OpenPopup("##actions");
    if (item_registry_enabled()) name_last_item("##menu");
    if (edited) ImGui::PopStyleColor();
    // Under its button, right-aligned with it (at the pointer it covered the
    // button it opened from).
    const ImVec2 under(ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y + 2.0f);
    ImGui::SetNextWindowPos(under, ImGuiCond_Appearing, ImVec2(1.0f, 0.0f));
    if (ImGui::BeginPopup("##actions")) {
      // Escape closes it (ImGui 1.86 does so only with keyboard navigation on).
      if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
      for (const Action& a : actions)
        if (a.shown &&
            ImGui::Selectable(a.label, false, a.enabled ? 0 : ImGuiSelectableFlags_Disabled,
                              ImVec2(0, ImGui::GetFrameHeight())))
          ui->request(a.request);
      ImGui::EndPopup();
    }
  }
  if (language_menu) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(language_w);
    const bool language_open = ImGui::BeginCombo("##language", language->name.data());
    if (item_registry_enabled()) name_last_item("##language");  // combos have no test hook in 1.86
    if (language_open) {
      if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
      for (const Language& l : languages())
        if (offered(l) &&
            ImGui::Selectable(l.name.data(), &l == language, 0, ImVec2(0, ImGui::GetFrameHeight())))
          ui->request(request::SetLanguage{std::string(l.code)});
      ImGui::EndCombo();
    }
    // TRANSLATORS: the tooltip of the menu that picks the interface's language.
    if (ImGui::IsItemHovered()) tooltip(tr("Language"));
  }

  // The notices as they were when a press began, until its release: one
  // coming or going would move everything under the finger.
  if (!ImGui::IsAnyItemActive()) shown_notices_ = view.notices;
  for (size_t i = 0; i < shown_notices_.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.changed));
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - 40.0f);
    ImGui::TextUnformatted(wrappable(shown_notices_[i]).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (ImGui::SmallButton("×")) {
      const auto at = std::find(view.notices.begin(), view.notices.end(), shown_notices_[i]);
      if (at != view.notices.end())
        ui->request(request::DismissNotice{static_cast<int>(at - view.notices.begin())});
    }
    // TRANSLATORS: the tooltip of the × that closes a notice (a verb).
    if (ImGui::IsItemHovered()) tooltip(tr("Dismiss"));
    ImGui::PopID();
  }
}

void TopBar::draw_passing() {
  // A passing state ("Loading the font…") and the last confirmation
  // ("Copied"): over the page's foot, taking no room, so that their coming and
  // going moves nothing.
  const ViewState& view = *ui->view;
  const bool toast = ImGui::GetTime() < view.toast_until;
  if (view.status.empty() && !toast) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 12.0f), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 24.0f, display.y * 0.3f));
  ImGui::SetNextWindowBgAlpha(0.95f);
  ImGui::Begin("##passing", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  ImGui::PushTextWrapPos(display.x - 48.0f);
  if (!view.status.empty()) ImGui::TextDisabled("%s", wrappable(view.status).c_str());
  if (toast)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui->palette().accent), "%s",
                       wrappable(view.toast).c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

std::string numbered_step_title(int step, const std::string& title) {
  // A title that starts with its own number ("Step 1: Initial Word
  // Embedding", "Schritt 1: …") is not numbered again ("1. Step 1. …").
  const size_t digit = title.find_first_of("0123456789");
  if (digit != std::string::npos && digit <= 16) {
    const size_t end = title.find_first_not_of("0123456789", digit);
    const std::string number = title.substr(digit, end == std::string::npos ? end : end - digit);
    if (number == std::to_string(step + 1) && end != std::string::npos &&
        (title[end] == ':' || title[end] == '.' ||
         title.compare(end, 3, "\xEF\xBC\x9A") == 0))  // or a full-width colon
      return title;
  }
  return std::to_string(step + 1) + ". " + title;
}

void StepBar::draw() {
  const Trace& t = ui->trace();
  const int n = static_cast<int>(t.steps.size());
  const int step = ui->view->step;
  const Palette& pal = ui->palette();
  const ImGuiStyle& st = ImGui::GetStyle();
  ImGui::Separator();
  ImGui::BeginDisabled(step == 0);
  if (ImGui::Button("◀##previous")) ui->request(request::GoToStep{step - 1});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    // TRANSLATORS: ← and Page Up are keyboard keys.
    tooltip(tr("Previous step (← or Page Up)"));
  // One marker per step, numbered, the current one filled, where they fit;
  // else "Step 3 of 9" opens the list.
  const float d = ImGui::GetFrameHeight();
  const std::string step_number = std::to_string(step + 1), count = std::to_string(n);
  const std::string position =
      // TRANSLATORS: where the learner is in the lesson: "Step 2 of 5".
      trf("Step {step} of {count}", {{"step", step_number}, {"count", count}});
  // Progress, unobtrusively: steps seen, predictions right, challenges solved.
  const ProgressCounts counts = count_progress(ui->session->lesson(), *ui->progress);
  const bool activities = !ui->view->explore && counts.predictions + counts.challenges > 0;
  const std::string right = std::to_string(counts.right);
  const std::string predictions = std::to_string(counts.predictions);
  const std::string solved = std::to_string(counts.solved);
  const std::string challenges = std::to_string(counts.challenges);
  std::string summary;
  if (activities) {
    if (counts.challenges)
      // TRANSLATORS: progress beside the step markers: "Predictions 2/3 right ·
      // challenges 1/2" (2 of 3 predictions answered right, 1 of 2 challenges solved).
      summary = trf("Predictions {right}/{predictions} right · challenges {solved}/{challenges}",
                    {{"right", right},
                     {"predictions", predictions},
                     {"solved", solved},
                     {"challenges", challenges}});
    else
      // TRANSLATORS: progress beside the step markers: "Predictions 2/3 right"
      // (2 of 3 predictions answered right).
      summary = trf("Predictions {right}/{predictions} right",
                    {{"right", right}, {"predictions", predictions}});
  }
  auto summary_tooltip = [&] {
    const std::string text =
        trf("Steps seen: {seen} of {steps}\nPredictions: {answered} answered, {right} right, of "
            "{predictions}\nChallenges solved: {solved} of {challenges}",
            {{"seen", std::to_string(counts.visited)},
             {"steps", std::to_string(counts.steps)},
             {"answered", std::to_string(counts.answered)},
             {"right", right},
             {"predictions", predictions},
             {"solved", solved},
             {"challenges", challenges}});
    tooltip(text);
  };
  // Something to do on a step: a prediction not answered, a challenge not solved.
  auto to_do = [&](int s) {
    if (!activities) return false;
    const TraceStep& ts = t.steps[s];
    const StepSpec& spec = ui->session->lesson().parts[ts.part].steps[ts.part_step];
    for (const Prediction& p : spec.predictions)
      if (!ui->progress->answers.count(p.id)) return true;
    for (const Challenge& c : spec.challenges)
      if (!ui->progress->solved.count(c.id)) return true;
    return false;
  };
  const float next_w = ImGui::CalcTextSize("▶").x + st.FramePadding.x * 2;
  const float dots_w = 10.0f + n * (d + 4.0f) + 10.0f + next_w;
  const bool dots = ImGui::GetContentRegionAvail().x - ImGui::GetItemRectSize().x >= dots_w;
  if (dots) {
    for (int s = 0; s < n; ++s) {
      ImGui::SameLine(0, s == 0 ? 10.0f : 4.0f);
      ImGui::PushID(s);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      if (ImGui::InvisibleButton("##marker", ImVec2(d, d))) ui->request(request::GoToStep{s});
      const bool hovered = ImGui::IsItemHovered();
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const ImVec2 c(p.x + d * 0.5f, p.y + d * 0.5f);
      const bool current = s == step;
      const float radius = std::min(d * 0.5f, 15.0f);
      if (current)
        dl->AddCircleFilled(c, radius, pal.accent);
      else
        dl->AddCircle(c, radius - 1.0f, hovered ? pal.accent : pal.grid, 0, hovered ? 2.0f : 1.5f);
      char label[16];
      std::snprintf(label, sizeof label, "%d", s + 1);
      const ImVec2 ts = ImGui::CalcTextSize(label);
      const bool seen = ui->progress->visited.count(s) > 0;
      dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                  current ? pal.on_accent
                  : seen  ? pal.text
                          : pal.text_muted,
                  label);
      if (to_do(s))  // a small dot: a question or a challenge waits here
        dl->AddCircleFilled(ImVec2(c.x + radius * 0.72f, c.y - radius * 0.72f), 3.5f,
                            pal.override_mark);
      if (hovered)
        tooltip(numbered_step_title(s, t.steps[s].title) +
                (to_do(s) ? std::string("\n") + tr("(a prediction or a challenge waits here)")
                          : std::string()));
      ImGui::PopID();
    }
    ImGui::SameLine(0, 10.0f);
  } else {
    ImGui::SameLine();
    if (ImGui::Button(position.c_str())) ImGui::OpenPopup("##steps");
    if (ImGui::BeginPopup("##steps")) {
      if (activities) ImGui::TextDisabled("%s", summary.c_str());
      for (int s = 0; s < n; ++s) {
        const std::string label =
            numbered_step_title(s, t.steps[s].title) + (to_do(s) ? "  •" : "");
        if (ImGui::Selectable(label.c_str(), s == step, 0, ImVec2(0, ImGui::GetFrameHeight())))
          ui->request(request::GoToStep{s});
      }
      ImGui::EndPopup();
    }
    ImGui::SameLine();
  }
  ImGui::BeginDisabled(step >= n - 1);
  if (ImGui::Button("▶##next")) ui->request(request::GoToStep{step + 1});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    // Under the button, not at the pointer: there it covered "Step 2 of 5" beside it.
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMin().x, ImGui::GetItemRectMax().y + 4.0f));
    // TRANSLATORS: → and Page Down are keyboard keys.
    tooltip(tr("Next step (→ or Page Down)"));
  }
  // "Step 2 of 5" beside the arrows where it fits (the filled dot says it too).
  const float room = ImGui::GetWindowContentRegionMax().x -
                     (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x) - st.ItemSpacing.x;
  float left = room;
  if (dots && left >= ImGui::CalcTextSize(position.c_str()).x) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", position.c_str());
    left -= ImGui::CalcTextSize(position.c_str()).x + st.ItemSpacing.x;
  }
  if (activities && left >= ImGui::CalcTextSize(summary.c_str()).x + 12.0f) {
    ImGui::SameLine(0, 12.0f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", summary.c_str());
    if (ImGui::IsItemHovered()) summary_tooltip();
  }
  ImGui::Separator();
}

}  // namespace attn::ui
