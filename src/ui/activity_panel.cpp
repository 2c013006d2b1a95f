// Drawing predictions and challenges on the canvas (activity_panel.h).
#include "ui/activity_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/learning/activity_view.h"
#include "core/learning/challenge_descent.h"
#include "core/lesson/lesson.h"
#include "core/lesson/state_link.h"
#include "core/logic/judge.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
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

void wrapped(const std::string& text) { ImGui::TextWrapped("%s", wrappable(text).c_str()); }

void coloured(ImU32 colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  wrapped(text);
  ImGui::PopStyleColor();
}

// Buttons side by side, wrapping to the next line when the next does not fit.
// Returns the index clicked, or -1.
int option_buttons(const std::vector<std::string>& options, const char* test_prefix) {
  int clicked = -1;
  const float pad = ImGui::GetStyle().FramePadding.x * 2.0f;
  const float full = ImGui::GetContentRegionAvail().x;
  for (size_t i = 0; i < options.size(); ++i) {
    // An option longer than the panel is wide goes on lines of its own.
    const std::string label = wrap_label(options[i], full - pad);
    if (i > 0) same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + pad);
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Button(label.c_str())) clicked = static_cast<int>(i);
    if (item_registry_enabled()) name_last_item(test_prefix + std::to_string(i));
    ImGui::PopID();
  }
  return clicked;
}

}  // namespace

std::string rules_broken_text(const std::string& allowed) {
  // TRANSLATORS: {allowed} lists what the challenge lets the learner change. The quoted button
  // names are those of the box that opens on a tap on a number ("Back to the notebook's
  // value ({number})", "Take back this what-if") and of the top bar ("Reset to notebook values").
  return trf(
      "This challenge allows only {allowed}. Take back your other changes: tap a changed "
      "number and choose \"Back to the notebook's value\" (a what-if: \"Take back this "
      "what-if\"), or Reset to notebook values.",
      {{"allowed", allowed}});
}

std::string waits_text(int step) {
  // TRANSLATORS: under a prediction's question when the learner jumped ahead: an earlier
  // question, at step {step}, still covers numbers this one needs.
  return trf(
      "First answer (or skip) the prediction at step {step}: this question needs the numbers it "
      "keeps covered.",
      {{"step", std::to_string(step)}});
}

void ActivityPanel::draw_predictions() {
  estimate_keys_ = false;  // until the slider is drawn, and focused
  if (ui->view->explore || !ui->progress) return;
  const StepSpec& spec = ui->step_spec();
  const LessonProgress& progress = *ui->progress;
  ImGui::PushID("##activities");
  // The challenge taken on, where it is not this step's own, and not while
  // this step's prediction is open: one question at a time, and its numbers
  // could give the answer away.
  const Challenge* taken = find_challenge(ui->session->lesson(), ui->view->challenge);
  const bool taken_here = taken && std::any_of(spec.challenges.begin(), spec.challenges.end(),
                                               [&](const Challenge& c) { return &c == taken; });
  if (taken && !taken_here && !ui->open_prediction()) draw_challenge(*taken, false);
  for (const Prediction& p : spec.predictions) {
    const auto a = progress.answers.find(p.id);
    if (a == progress.answers.end()) {
      draw_open(p);
      break;  // one question at a time
    }
    if (!a->second.skipped) draw_answered(p, a->second);
  }
  ImGui::PopID();
}

void ActivityPanel::draw_challenges() {
  if (ui->view->explore || !ui->progress || ui->open_prediction()) return;
  ImGui::PushID("##activities");
  for (const Challenge& c : ui->step_spec().challenges) draw_challenge(c, true);
  ImGui::PopID();
}

void ActivityPanel::draw_open(const Prediction& p) {
  const Palette& pal = ui->palette();
  const int digits = std::min(ui->digits(ui->step()), 3);
  const PredictionView v = view_prediction(p, ui->evaluation(), nullptr, digits, ui->cover);
  ImGui::PushID(p.id.c_str());
  card(pal.accent, [&] {
    ImGui::PushFont(ui->fonts->body);
    // TRANSLATORS: heading of a card asking the learner to guess a result before seeing it.
    coloured(pal.accent, tr("Predict first"));
    ImGui::PopFont();
    wrapped(v.ask);
    if (const int waits = ui->open_waits; waits >= 0) {
      // Nothing to answer with yet: the way to the question it needs.
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", wrappable(waits_text(waits + 1)).c_str());
      ImGui::PopTextWrapPos();
      if (ImGui::Button(trf("Back to step {step}", {{"step", std::to_string(waits + 1)}}).c_str()))
        ui->request(request::GoToStep{waits});
      if (item_registry_enabled()) name_last_item("##go-to-open-prediction");
    } else if (p.kind == Prediction::Kind::Estimate) {
      if (estimate_for_ != p.id) {  // start in the middle of the range
        estimate_for_ = p.id;
        estimate_ = static_cast<float>((p.estimate.min + p.estimate.max) / 2);
      }
      // The button beside the slider where both fit, else under it (phones).
      // TRANSLATORS: button that submits the number chosen on the slider as the learner's guess.
      const char* guess = tr("That's my guess");
      const float button = ImGui::CalcTextSize(guess).x + ImGui::GetStyle().FramePadding.x * 2;
      const float avail = ImGui::GetContentRegionAvail().x;
      const float spacing = ImGui::GetStyle().ItemSpacing.x;
      // The guess beside the slider, not on it: the handle covered its digits.
      // The guess as shown, not the slider's float beyond it: what is judged and said.
      const double scale = std::pow(10.0, Estimate::kDigits);
      const double shown = std::round(static_cast<double>(estimate_) * scale) / scale;
      const std::string value = number_text(shown, Estimate::kDigits);
      const float value_width = ImGui::CalcTextSize("-000.00").x;
      const bool beside = avail >= 200.0f + value_width + button + spacing * 2;
      ImGui::SetNextItemWidth(beside ? std::min(avail - value_width - button - spacing * 2, 320.0f)
                                     : avail - value_width - spacing);
      ImGui::SliderFloat("##estimate", &estimate_, static_cast<float>(p.estimate.min),
                         static_cast<float>(p.estimate.max), "");
      if (item_registry_enabled()) name_last_item("##estimate");
      // Focused, the slider takes the arrows (0.01 a press, 0.1 with Shift)
      // and Home/End (its ends); the step stays (MainWindow::handle_keys).
      estimate_keys_ = ImGui::IsItemFocused() || ImGui::IsItemActive();
      if (estimate_keys_ && !ImGui::IsItemActive()) {
        const ImGuiIO& io = ImGui::GetIO();
        auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
        const double by = (io.KeyShift ? 10.0 : 1.0) / scale;
        double to = shown;
        if (pressed(ImGuiKey_RightArrow) || pressed(ImGuiKey_UpArrow)) to += by;
        if (pressed(ImGuiKey_LeftArrow) || pressed(ImGuiKey_DownArrow)) to -= by;
        if (pressed(ImGuiKey_Home)) to = p.estimate.min;
        if (pressed(ImGuiKey_End)) to = p.estimate.max;
        to = std::clamp(std::round(to * scale) / scale, p.estimate.min, p.estimate.max);
        if (to != shown) estimate_ = static_cast<float>(to);
      }
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(value.c_str());
      if (beside)
        ImGui::SameLine(0.0f, spacing + value_width - ImGui::CalcTextSize(value.c_str()).x);
      if (ImGui::Button(guess)) ui->request(request::AnswerPrediction{p.id, shown});
      if (item_registry_enabled()) name_last_item("##guess");
    } else {
      const int picked = option_buttons(v.options, "##option:");
      if (picked >= 0) ui->request(request::AnswerPrediction{p.id, static_cast<double>(picked)});
    }
    // TRANSLATORS: button: skip this prediction question without answering it.
    if (ImGui::Button(tr("Skip"))) ui->request(request::SkipPrediction{p.id});
    if (item_registry_enabled()) name_last_item("##skip-prediction");
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", wrappable(tr("The step's result shows once you answer.")).c_str());
    ImGui::PopTextWrapPos();
  });
  ImGui::PopID();
}

void ActivityPanel::draw_answered(const Prediction& p, const PredictionAnswer& a) {
  const Palette& pal = ui->palette();
  const int digits = std::min(ui->digits(ui->step()), 3);
  const std::optional<Evaluation> then = ui->evaluation_then(p.id);
  const PredictionView v =
      view_prediction(p, ui->evaluation(), &a, digits, ui->reveal_cover, then ? &*then : nullptr);
  card(v.right ? pal.good : pal.bad, [&] {
    // Whose numbers the question, the verdict and the reveal all speak of, said first.
    if (!v.numbers.empty()) ImGui::TextDisabled("%s", wrappable(v.numbers).c_str());
    ImGui::TextDisabled("%s", wrappable(v.ask).c_str());
    // The lesson's reveal says what was picked ("You picked ..."): the verdict only judges.
    if (v.right) {
      // TRANSLATORS: the verdict on a prediction the learner got right.
      coloured(pal.good, tr("Right."));
    } else {
      // TRANSLATORS: the verdict on a prediction the learner got wrong.
      coloured(pal.bad, tr("Not quite."));
    }
    if (item_registry_enabled()) name_last_item("##verdict");
    for (const std::string& s : v.reveal) wrapped(s);
    if (!v.now_line.empty()) coloured(pal.changed, v.now_line);
  });
}

void ActivityPanel::draw_challenge(const Challenge& c, bool here) {
  const Palette& pal = ui->palette();
  const Lesson& lesson = ui->session->lesson();
  const LessonProgress& progress = *ui->progress;
  const int part = c.goal.part;
  const auto hints = progress.hints.find(c.id);
  const std::optional<Evaluation> solved_with = ui->evaluation_solved(c.id);
  const ChallengeView v = view_challenge(
      c, ui->evaluation(), lesson.parts[part], hints == progress.hints.end() ? 0 : hints->second,
      progress.solved.count(c.id) > 0, std::min(ui->digits(ui->step()), 3), ui->cover,
      solved_with ? &*solved_with : nullptr);
  const bool taken = ui->view->challenge == c.id;
  // Solved once, and undone by later edits since: not "solved", and the way back.
  const bool solved_before = v.solved && !v.now.solved();
  ImGui::PushID(c.id.c_str());
  if (ui->descent && *ui->descent && (*ui->descent)->challenge == c.id) {
    // Gradient descent's numbers: not the learner's, so never "solved" here.
    card(pal.override_mark, [&] {
      ImGui::PushFont(ui->fonts->body);
      coloured(pal.override_mark, tr("Challenge"));
      ImGui::PopFont();
      wrapped(v.task);
      draw_descent(**ui->descent);
    });
    ImGui::PopID();
    return;
  }
  card(v.now.solved() ? pal.good : pal.override_mark, [&] {
    ImGui::PushFont(ui->fonts->body);
    if (v.now.solved()) {
      // TRANSLATORS: heading of a challenge's card once the learner has reached its goal.
      coloured(pal.good, tr("Challenge solved"));
    } else if (solved_before) {
      // TRANSLATORS: heading of a challenge's card: the learner reached its goal once, and
      // their numbers have changed since, so the goal does not hold now.
      coloured(pal.override_mark, tr("Challenge (solved before)"));
    } else {
      // TRANSLATORS: heading of a card setting the learner a task: a goal to reach by changing
      // numbers.
      coloured(pal.override_mark, tr("Challenge"));
    }
    ImGui::PopFont();
    wrapped(v.task);
    if (v.now.solved()) {
      if (!v.numbers.empty()) ImGui::TextDisabled("%s", wrappable(v.numbers).c_str());
      for (const std::string& s : v.success) wrapped(s);
    } else if (!taken && !v.solved) {
      // TRANSLATORS: {allowed} lists what the challenge lets the learner change, e.g. "W_q or
      // the temperature".
      const std::string may = trf("You may change {allowed}.", {{"allowed", v.allowed}});
      ImGui::TextDisabled("%s", wrappable(may).c_str());
      // TRANSLATORS: button: accept the challenge (it then stays in view on every step).
      if (ImGui::Button(tr("Take it on"))) ui->request(request::TakeChallenge{c.id});
      if (item_registry_enabled()) name_last_item("##take:" + c.id);
      ImGui::SameLine();
      ImGui::TextDisabled("%s", wrappable(tr("It stays in view on every step.")).c_str());
      return;
    }
    if (!v.now.solved()) {
      // How close, in the learner's own numbers; not while the rules are
      // broken: numbers outside them reach no goal ("100% of the way" beside
      // the red rule was two states at once).
      if (v.now.closeness >= 0.0 && v.now.within_rules) {
        const std::string percent = std::to_string(static_cast<int>(v.now.closeness * 100.0 + 0.5));
        // TRANSLATORS: on a progress bar: how close the learner is to the challenge's goal.
        // xgettext:no-c-format
        const std::string overlay = trf("{percent}% of the way", {{"percent", percent}});
        ImGui::ProgressBar(static_cast<float>(v.now.closeness),
                           ImVec2(std::min(ImGui::GetContentRegionAvail().x, 320.0f), 0),
                           overlay.c_str());
      }
      if (!v.status.empty()) wrapped(v.status);
      if (!v.now.within_rules) {
        coloured(pal.bad, rules_broken_text(v.allowed));
      } else if (solved_before) {
        // TRANSLATORS: a challenge solved earlier whose goal the learner's numbers no longer
        // reach (they changed them since).
        ImGui::TextDisabled(
            "%s",
            wrappable(tr("Your numbers have moved since: the goal does not hold now.")).c_str());
      } else {
        const std::string may = trf("You may change {allowed}.", {{"allowed", v.allowed}});
        ImGui::TextDisabled("%s", wrappable(may).c_str());
      }
    }
    if (solved_before) {  // the numbers it was solved with, to go back to
      const auto with = progress.solved.find(c.id);
      if (with != progress.solved.end() && with->second) {
        // TRANSLATORS: a button that puts back the numbers the learner had when they solved
        // this challenge.
        if (ImGui::Button(tr("Back to my solution")))
          ui->request(request::RestoreState{*with->second});
        if (item_registry_enabled()) name_last_item("##back-to-solution:" + c.id);
      }
    }
    if (descent_unsupported(lesson, c).empty()) {
      // TRANSLATORS: a button on a challenge's card: gradient descent plays from the learner's
      // numbers toward the challenge's goal, then says how its answer differs from theirs.
      const std::string show =
          wrap_label(tr("Show how gradient descent would do it"),
                     ImGui::GetContentRegionAvail().x - ImGui::GetStyle().FramePadding.x * 2.0f);
      if (ImGui::Button(show.c_str())) ui->request(request::ShowDescent{c.id});
      if (item_registry_enabled()) name_last_item("##descent:" + c.id);
    }
    for (size_t i = 0; i < v.hints.size(); ++i) {
      const std::string number = std::to_string(i + 1), text = wrappable(v.hints[i]);
      // TRANSLATORS: {number} counts the hints shown (1, 2, ...); {hint} is the hint's text.
      const std::string hint = trf("Hint {number}: {hint}", {{"number", number}, {"hint", text}});
      ImGui::TextWrapped("%s", hint.c_str());
    }
    if (v.hints_left > 0 && !v.now.solved()) {
      // TRANSLATORS: button that shows the challenge's first hint.
      const char* first = tr("A hint");
      // TRANSLATORS: button that shows the challenge's next hint.
      const char* next = tr("Another hint");
      if (ImGui::Button(v.hints.empty() ? first : next)) ui->request(request::ShowHint{c.id});
      if (item_registry_enabled()) name_last_item("##hint:" + c.id);
      if (taken) ImGui::SameLine();
    }
    if (taken) {
      // TRANSLATORS: button that stops following a challenge the learner has solved.
      const char* done = tr("Done");
      // TRANSLATORS: button that stops following a challenge not yet solved: give it up for now
      // (it can be taken on again).
      const char* put_down = tr("Put it down");
      if (ImGui::Button(v.solved ? done : put_down)) ui->request(request::TakeChallenge{""});
      if (item_registry_enabled()) name_last_item("##put-down:" + c.id);
      if (!here) {  // where it was set, to go back to
        const std::vector<TraceStep>& steps = ui->trace().steps;
        for (size_t i = 0; i < steps.size(); ++i) {
          const auto& on = lesson.parts[steps[i].part].steps[steps[i].part_step].challenges;
          if (std::none_of(on.begin(), on.end(), [&](const Challenge& x) { return &x == &c; }))
            continue;
          // TRANSLATORS: button that goes to the step where the challenge was set.
          const std::string back = trf("Back to step {step}", {{"step", std::to_string(i + 1)}});
          // Beside the button before it where it fits, else under it (a phone's narrow card).
          same_line_if_fits(ImGui::CalcTextSize(back.c_str()).x +
                            2 * ImGui::GetStyle().FramePadding.x);
          if (ImGui::Button(back.c_str())) ui->request(request::GoToStep{static_cast<int>(i)});
          if (item_registry_enabled()) name_last_item("##back-to-challenge:" + c.id);
        }
      }
    }
  });
  ImGui::PopID();
}

void ActivityPanel::draw_descent(const DescentShown& d) {
  constexpr double kStepSeconds = 0.15;  // one step of the descent per this, played
  const Session& s = *ui->session;
  const Challenge* c = find_challenge(s.lesson(), d.challenge);
  if (!c) return;
  if (!d.done()) {
    const double now = ImGui::GetTime();
    if (now - last_descent_step_ >= kStepSeconds) {
      last_descent_step_ = now;
      ui->request(request::DescentStep{});
    }
    const size_t at = std::min(d.shown, d.run.loss.size() - 1);
    // TRANSLATORS: while gradient descent plays on a challenge: the step shown, of how many,
    // and the loss (how far the numbers are from the goal; smaller is closer).
    wrapped(trf("Gradient descent: step {step} of {steps}. Loss: {loss}.",
                {{"step", std::to_string(d.shown)},
                 {"steps", std::to_string(d.run.path.size())},
                 {"loss", number_text(d.run.loss[at], 3)}}));
  } else {
    const std::vector<std::string> said = descent_sentences(d.run, d.before, s.defaults());
    for (size_t i = 0; i < said.size(); ++i) {
      wrapped(said[i]);
      if (item_registry_enabled())
        name_last_item("##descent-said:" + d.challenge + ":" + std::to_string(i));
    }
  }
  // TRANSLATORS: a button: the learner's own numbers back, as they were before gradient
  // descent played on the challenge.
  if (ImGui::Button(tr("Back to my numbers"))) ui->request(request::BackToMyNumbers{});
  if (item_registry_enabled()) name_last_item("##back-to-my-numbers:" + d.challenge);
}

}  // namespace attn::ui
