#include "ui/activity_panel.h"

#include <algorithm>
#include <cstdio>

#include "core/lesson.h"
#include "ui/item_registry.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

// A framed group with a coloured bar down its left side.
template <class F>
void card(ImU32 colour, F&& body) {
  ImGui::Spacing();
  ImGui::Indent(12.0f);
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 44.0f) +
                         ImGui::GetCursorPosX());
  body();
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::Unindent(12.0f);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(ImVec2(a.x - 12.0f, a.y - 4.0f), ImVec2(a.x - 8.0f, b.y + 4.0f), colour, 2.0f);
  ImGui::Spacing();
}

void wrapped(const std::string& text) {
  ImGui::TextWrapped("%s", unbreakable_numbers(text).c_str());
}

void coloured(ImU32 colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  wrapped(text);
  ImGui::PopStyleColor();
}

// Buttons side by side, wrapping to the next line when the next does not fit.
// Returns the index clicked, or -1.
int option_buttons(const std::vector<std::string>& options, const char* test_prefix) {
  int clicked = -1;
  const float right = ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x;
  for (size_t i = 0; i < options.size(); ++i) {
    const float w =
        ImGui::CalcTextSize(options[i].c_str()).x + ImGui::GetStyle().FramePadding.x * 2.0f;
    if (i > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorPosX() + w > right) ImGui::NewLine();
    }
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Button(options[i].c_str())) clicked = static_cast<int>(i);
    if (item_registry_enabled()) name_last_item(test_prefix + std::to_string(i));
    ImGui::PopID();
  }
  return clicked;
}

}  // namespace

void ActivityPanel::draw() {
  if (ui->view->explore || !ui->progress) return;
  const StepSpec& spec = ui->step_spec();
  const LessonProgress& progress = *ui->progress;
  ImGui::PushID("##activities");
  // The challenge taken on, where it is not this step's own.
  const Challenge* taken = find_challenge(ui->session->lesson(), ui->view->challenge);
  const bool taken_here = taken && std::any_of(spec.challenges.begin(), spec.challenges.end(),
                                               [&](const Challenge& c) { return &c == taken; });
  if (taken && !taken_here) draw_challenge(*taken, false);
  for (const Prediction& p : spec.predictions) {
    const auto a = progress.answers.find(p.id);
    if (a == progress.answers.end()) {
      draw_open(p);
      break;  // one question at a time
    }
    if (!a->second.skipped) draw_answered(p, a->second);
  }
  if (!ui->open_prediction())
    for (const Challenge& c : spec.challenges) draw_challenge(c, true);
  ImGui::PopID();
}

void ActivityPanel::draw_open(const Prediction& p) {
  const Palette& pal = palette();
  const int digits = std::min(ui->digits(ui->step()), 3);
  const PredictionView v = view_prediction(p, ui->evaluation(), nullptr, digits);
  ImGui::PushID(p.id.c_str());
  card(pal.accent, [&] {
    ImGui::PushFont(ui->fonts->body);
    coloured(pal.accent, "Predict first");
    ImGui::PopFont();
    wrapped(v.ask);
    if (p.kind == Prediction::Kind::Estimate) {
      if (estimate_for_ != p.id) {  // start in the middle of the range
        estimate_for_ = p.id;
        estimate_ = static_cast<float>((p.estimate.min + p.estimate.max) / 2);
      }
      // The button beside the slider where both fit, else under it (phones).
      const char* guess = "That's my guess";
      const float button = ImGui::CalcTextSize(guess).x + ImGui::GetStyle().FramePadding.x * 2;
      const float avail = ImGui::GetContentRegionAvail().x;
      const bool beside = avail >= 200.0f + ImGui::GetStyle().ItemSpacing.x + button;
      ImGui::SetNextItemWidth(
          beside ? std::min(avail - button - ImGui::GetStyle().ItemSpacing.x, 320.0f) : avail);
      ImGui::SliderFloat("##estimate", &estimate_, static_cast<float>(p.estimate.min),
                         static_cast<float>(p.estimate.max), "%.2f");
      if (item_registry_enabled()) name_last_item("##estimate");
      if (beside) ImGui::SameLine();
      if (ImGui::Button(guess))
        ui->request(request::AnswerPrediction{p.id, static_cast<double>(estimate_)});
      if (item_registry_enabled()) name_last_item("##guess");
    } else {
      const int picked = option_buttons(v.options, "##option:");
      if (picked >= 0) ui->request(request::AnswerPrediction{p.id, static_cast<double>(picked)});
    }
    if (ImGui::Button("Skip")) ui->request(request::SkipPrediction{p.id});
    if (item_registry_enabled()) name_last_item("##skip-prediction");
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("The step's result shows once you answer.");
    ImGui::PopTextWrapPos();
  });
  ImGui::PopID();
}

void ActivityPanel::draw_answered(const Prediction& p, const PredictionAnswer& a) {
  const Palette& pal = palette();
  const int digits = std::min(ui->digits(ui->step()), 3);
  const PredictionView v = view_prediction(p, ui->evaluation(), &a, digits);
  card(v.right ? pal.good : pal.bad, [&] {
    ImGui::TextDisabled("%s", v.ask.c_str());
    // The lesson's reveal says what was picked ("You picked ..."): the verdict only judges.
    coloured(v.right ? pal.good : pal.bad, v.right ? "Right." : "Not quite.");
    for (const std::string& s : v.reveal) wrapped(s);
    if (!v.answer_then.empty())
      ImGui::TextDisabled(
          "(When you answered, the answer was \"%s\"; with your numbers now it is "
          "\"%s\".)",
          v.answer_then.c_str(), v.answer.c_str());
  });
}

void ActivityPanel::draw_challenge(const Challenge& c, bool here) {
  const Palette& pal = palette();
  const Lesson& lesson = ui->session->lesson();
  const LessonProgress& progress = *ui->progress;
  const int part = c.goal.part;
  const auto hints = progress.hints.find(c.id);
  const ChallengeView v = view_challenge(
      c, ui->evaluation(), lesson.parts[part], hints == progress.hints.end() ? 0 : hints->second,
      progress.solved.count(c.id) > 0, std::min(ui->digits(ui->step()), 3));
  const bool taken = ui->view->challenge == c.id;
  ImGui::PushID(c.id.c_str());
  card(v.solved ? pal.good : pal.override_mark, [&] {
    ImGui::PushFont(ui->fonts->body);
    coloured(v.solved ? pal.good : pal.override_mark, v.solved ? "Challenge solved" : "Challenge");
    ImGui::PopFont();
    wrapped(v.task);
    if (v.solved && v.now.solved()) {
      for (const std::string& s : v.success) wrapped(s);
    } else if (!taken && !v.solved) {
      ImGui::TextDisabled("You may change %s.", v.allowed.c_str());
      if (ImGui::Button("Take it on")) ui->request(request::TakeChallenge{c.id});
      if (item_registry_enabled()) name_last_item("##take:" + c.id);
      ImGui::SameLine();
      ImGui::TextDisabled("It stays in view on every step.");
      return;
    }
    if (!v.now.solved()) {
      // How close, in the learner's own numbers.
      if (v.now.closeness >= 0.0) {
        char overlay[32];
        std::snprintf(overlay, sizeof overlay, "%d%% of the way",
                      static_cast<int>(v.now.closeness * 100.0 + 0.5));
        ImGui::ProgressBar(static_cast<float>(v.now.closeness),
                           ImVec2(std::min(ImGui::GetContentRegionAvail().x, 320.0f), 0), overlay);
      }
      if (!v.status.empty()) wrapped(v.status);
      if (!v.now.within_rules)
        coloured(pal.bad, "This challenge allows only " + v.allowed +
                              ". Take back the other changes (Reset, or × beside a what-if).");
      else if (v.solved)
        ImGui::TextDisabled("You solved it before; your numbers now are elsewhere.");
      else
        ImGui::TextDisabled("You may change %s.", v.allowed.c_str());
    }
    for (size_t i = 0; i < v.hints.size(); ++i)
      ImGui::TextWrapped("Hint %d: %s", static_cast<int>(i + 1),
                         unbreakable_numbers(v.hints[i]).c_str());
    if (v.hints_left > 0 && !v.now.solved()) {
      if (ImGui::Button(v.hints.empty() ? "A hint" : "Another hint"))
        ui->request(request::ShowHint{c.id});
      if (item_registry_enabled()) name_last_item("##hint:" + c.id);
      if (taken) ImGui::SameLine();
    }
    if (taken) {
      if (ImGui::Button(v.solved ? "Done" : "Put it down")) ui->request(request::TakeChallenge{""});
      if (item_registry_enabled()) name_last_item("##put-down:" + c.id);
      if (!here) {  // where it was set, to go back to
        const std::vector<TraceStep>& steps = ui->trace().steps;
        for (size_t i = 0; i < steps.size(); ++i) {
          const auto& on = lesson.parts[steps[i].part].steps[steps[i].part_step].challenges;
          if (std::none_of(on.begin(), on.end(), [&](const Challenge& x) { return &x == &c; }))
            continue;
          ImGui::SameLine();
          if (ImGui::Button(("Back to step " + std::to_string(i + 1)).c_str()))
            ui->request(request::GoToStep{static_cast<int>(i)});
        }
      }
    }
  });
  ImGui::PopID();
}

}  // namespace attn::ui
