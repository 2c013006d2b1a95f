// Drawing the training panel: step, play, rate and start again, and the loss curve
// (training_panel.h).
// [SECTION] Step, play, rate, start again
// [SECTION] The loss curve
#include "ui/training_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "ui/fonts.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
#include "ui/matrix_view.h"

namespace attn::ui {

namespace {

constexpr double kPlaySeconds = 0.1;  // one step per this, played
constexpr size_t kMaxHistory = 1000;  // points of the learner's curve kept

void name_item(const char* name) {
  if (item_registry_enabled()) name_last_item(name);
}

}  // namespace

// On the steps about training (the target, the loss, a gradient, a matrix
// after training): a step taken earlier would answer their questions early.
bool TrainingPanel::shown() const {
  const Part& part = ui->session->lesson().parts[ui->part()];
  if (!part.train) return false;
  const Trace& trace = ui->trace();
  const TracePart& tp = trace.parts[ui->part()];
  for (int i : ui->step().matrices) {
    const MatrixKey& key = trace.matrices[i].key;
    if (key.stage >= Stage::target && key.stage <= Stage::grad_b_v) return true;
    if (key.variant > 0 && static_cast<size_t>(key.variant) <= tp.variants.size() &&
        tp.variants[static_cast<size_t>(key.variant) - 1] == "trained")
      return true;
  }
  return false;
}

void TrainingPanel::draw() {
  const int part = ui->part();
  const TraceMatrix* loss = ui->in_part(Stage::loss);
  if (!loss || loss->value.size() == 0) return;
  ImGui::PushID("##training-panel");
  const int index = ui->trace().index_of(loss->key);
  const bool covered = ui->covered(index) || !std::isfinite(loss->value(0, 0));
  // The learner's curve: a step's result adds a point; any other change that
  // moves the loss (an edit, the starting weights) starts the curve again.
  if (history_session_ != ui->session || history_part_ != part) {
    history_.clear();
    history_session_ = ui->session, history_part_ = part;
    seen_revision_ = UINT64_MAX;
  }
  if (seen_revision_ != ui->session->revision()) {
    seen_revision_ = ui->session->revision();
    const double now = ui->session->trace().find(loss->key)->value(0, 0);
    if (stepping_ && history_.size() < kMaxHistory)
      history_.push_back(now);
    else if (history_.empty() || history_.back() != now)
      history_ = {now};
    stepping_ = false;
  }
  draw_controls(covered);
  if (covered) {
    muted_wrapped(covered_text(ui->asked_step(index)));
  } else {
    const TraceMatrix* start = ui->session->notebook().find(loss->key);
    const int digits = std::max(3, ui->digits(ui->step()));
    const std::string said =
        // TRANSLATORS: the loss (how far the layer is from its target) at the learner's
        // numbers, and at the numbers the lesson starts from.
        trf("Loss now: {now}. Where the lesson starts: {start}.",
            {{"now", number_text(loss->value(0, 0), digits)},
             {"start", start ? number_text(start->value(0, 0), digits) : std::string("?")}});
    ImGui::TextWrapped("%s", wrappable(said).c_str());
    draw_curve(*loss, index);
  }
  ImGui::Spacing();
  ImGui::PopID();
}

//-----------------------------------------------------------------------------
// [SECTION] Step, play, rate, start again
//-----------------------------------------------------------------------------

void TrainingPanel::draw_controls(bool covered) {
  const int part = ui->part();
  const Part& spec = ui->session->lesson().parts[part];
  const bool playing = ui->view->playing == ViewState::Playing::Training;
  const double now = ImGui::GetTime();
  if (playing && !covered && now - last_step_time_ >= kPlaySeconds) {
    last_step_time_ = now;
    stepping_ = true;
    ui->request(request::TrainStep{part});
  }
  if (playing && covered) ui->request(request::Play{ViewState::Playing::Nothing});
  const float pad = ImGui::GetStyle().FramePadding.x * 2.0f;
  ImGui::BeginDisabled(covered || playing);
  // TRANSLATORS: a button: one step of gradient descent on the trained matrices.
  if (ImGui::Button(tr("Train one step"))) {
    stepping_ = true;
    ui->request(request::TrainStep{part});
  }
  name_item("##train-step");
  ImGui::EndDisabled();
  ImGui::BeginDisabled(covered);
  // TRANSLATORS: buttons: train step after step by itself, and stop.
  const char* play = playing ? tr("Pause") : tr("Play");
  same_line_if_fits(ImGui::CalcTextSize(play).x + pad);
  if (ImGui::Button(play))
    ui->request(
        request::Play{playing ? ViewState::Playing::Nothing : ViewState::Playing::Training});
  name_item("##train-play");
  ImGui::EndDisabled();
  // TRANSLATORS: a button: the trained matrices back to the numbers the lesson starts from.
  const char* reset = tr("Starting weights");
  same_line_if_fits(ImGui::CalcTextSize(reset).x + pad);
  if (ImGui::Button(reset)) {
    ui->request(request::Play{ViewState::Playing::Nothing});
    ui->request(request::ResetTraining{part});
  }
  name_item("##train-reset");

  // The learning rate, on a log scale (0 in the state: the lesson's own).
  const double own = ui->session->state().parts[part].options.lr;
  float lr = static_cast<float>(own > 0 ? own : spec.train->lr);
  const float most = static_cast<float>(std::min(Limits::kMaxLearningRate, 100.0));
  // TRANSLATORS: the slider of gradient descent's step size.
  ImGui::TextUnformatted(tr("Learning rate"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 220.0f));
  if (ImGui::SliderFloat("##lr", &lr, 0.001f, most, "%.3g", ImGuiSliderFlags_Logarithmic))
    ui->request(request::SetLearningRate{part, static_cast<double>(lr)});
  name_item("##train-lr");
}

//-----------------------------------------------------------------------------
// [SECTION] The loss curve
//-----------------------------------------------------------------------------

// The learner's losses so far, solid, then the lesson's steps from here
// (the loss row: before each of its steps), fainter. It stops before a loss
// a prediction covers: drawn, it would answer the question.
void TrainingPanel::draw_curve(const TraceMatrix& loss, int index) {
  const Palette& pal = ui->palette();
  const int ahead = loss.value.cols() - 1;
  std::vector<double> points = history_;
  const size_t own = points.size();
  int hidden_from = 0;
  for (int k = 1; k <= ahead && !hidden_from; ++k)
    if (ui->covered(index, 0, k))
      hidden_from = k;
    else
      points.push_back(loss.value(0, k));
  double top = 0.0;
  for (double v : points)
    if (std::isfinite(v)) top = std::max(top, v);
  if (points.size() < 2 || top <= 0.0) return;
  const float w = std::min(ImGui::GetContentRegionAvail().x, 480.0f), h = 80.0f;
  const ImVec2 a = ImGui::GetCursorScreenPos(), b(a.x + w, a.y + h);
  ImGui::Dummy(ImVec2(w, h));
  if (item_registry_enabled()) name_last_item("##loss-curve");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRect(a, b, pal.grid);
  auto at = [&](size_t i) {
    const float x = a.x + w * static_cast<float>(i) / static_cast<float>(points.size() - 1);
    const double v = std::isfinite(points[i]) ? points[i] : top;
    return ImVec2(x, b.y - (h - 4.0f) * static_cast<float>(v / top));
  };
  for (size_t i = 1; i < points.size(); ++i)
    dl->AddLine(at(i - 1), at(i), i < own ? pal.accent : pal.text_muted, i < own ? 2.5f : 1.5f);
  dl->AddCircleFilled(at(own - 1), 4.0f, pal.accent);
  // TRANSLATORS: under the loss curve: the solid line is the learner's steps, the faint one
  // where the lesson's {steps} steps of gradient descent would go from the learner's numbers.
  muted_wrapped(trf("Solid: your steps. Faint: the lesson's steps from here ({steps}).",
                    {{"steps", std::to_string(ahead)}}));
  if (hidden_from)
    // TRANSLATORS: under the loss curve, which ends early: the loss after step {from} of
    // gradient descent answers the question the lesson asks at step {step}.
    muted_wrapped(
        trnf("The faint line stops after {from} step: the rest answers the prediction "
             "at step {step}, and is drawn once you answer (or skip) it.",
             "The faint line stops after {from} steps: the rest answers the prediction "
             "at step {step}, and is drawn once you answer (or skip) it.",
             static_cast<unsigned long>(hidden_from - 1),
             {{"from", std::to_string(hidden_from - 1)},
              {"step", std::to_string(ui->asked_step(index, 0, hidden_from))}}));
}

}  // namespace attn::ui
