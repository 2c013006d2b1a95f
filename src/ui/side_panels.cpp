// Drawing the panels beside the step: the pipeline, the temperature and the settings
// (side_panels.h).
// [SECTION] Helpers
// [SECTION] PipelinePanel
// [SECTION] TemperaturePanel
// [SECTION] SettingsPanel
#include "ui/side_panels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/math/sweep.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

ImVec4 color(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

// An ImGui slider format from a translated message: the slider's value
// (printf `spec`) where "{name}" was, any other "%" shown as it is.
std::string value_format(std::string_view message, std::string_view name, const char* spec) {
  const std::string hole = "{" + std::string(name) + "}";
  std::string out;
  for (size_t i = 0; i < message.size();) {
    if (message.compare(i, hole.size(), hole) == 0) {
      out += spec;
      i += hole.size();
    } else {
      if (message[i] == '%') out += '%';
      out += message[i++];
    }
  }
  return out;
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] PipelinePanel
//-----------------------------------------------------------------------------

void PipelinePanel::draw() {
  struct PipelineStage {
    const char* label;  // empty: the names of the matrices shown
    std::vector<Stage> stages;
  };
  const PipelineStage pipeline[] = {
      {"X", {Stage::X}},
      {"", {Stage::Q, Stage::K, Stage::V}},
      {"Q·Kᵀ", {Stage::scores}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // dividing the scores (by √d_k or a temperature).
      {tr("scale"), {Stage::scaled}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // the causal mask applied to the scores (noun).
      {tr("mask"), {Stage::masked}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // the softmax that turns the scores into weights, as the language's own lesson texts
      // name it (Japanese and Korean write it in their own script).
      {tr("softmax"), {Stage::weights}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // the attention heads' results (multi-head attention).
      {tr("heads"), {Stage::context}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // the heads' results joined side by side (concatenation).
      {tr("concat"), {Stage::concat}},
      // TRANSLATORS: a stage of the attention pipeline, under its thumbnail (keep it short):
      // the attention layer's result (noun).
      {tr("output"), {Stage::output}},
  };
  const Trace& t = ui->trace();
  const Palette& pal = ui->palette();
  const float thumb = ImGui::GetFontSize() * 3.2f;
  const float avail = ImGui::GetContentRegionAvail().x;
  float x = 0.0f;
  bool first = true;
  int target_step = -1;
  for (const PipelineStage& stage : pipeline) {
    std::vector<const TraceMatrix*> shown;
    for (Stage s : stage.stages)
      if (const TraceMatrix* m = ui->in_part(s)) shown.push_back(m);
    if (shown.empty()) continue;
    std::string name = stage.label;
    if (name.empty())
      for (size_t k = 0; k < shown.size(); ++k)
        name += (k ? " " : "") + std::string(stage_name(shown[k]->key.stage));
    const float w = std::max(thumb * shown.size() + 4.0f * (shown.size() - 1),
                             ImGui::CalcTextSize(name.c_str()).x);
    const float arrow_w = ImGui::CalcTextSize(" → ").x;
    if (!first && x + arrow_w + w <= avail) {  // an arrow, or a new line where it would not fit
      ImGui::SameLine(0, 0);
      ImGui::TextDisabled(" → ");
      ImGui::SameLine(0, 0);
      x += arrow_w + w;
    } else {
      x = w;
    }
    first = false;

    // The step this stage jumps to: the first of the part that shows it.
    int jump = -1;
    for (int s = 0; s < static_cast<int>(t.steps.size()) && jump < 0; ++s) {
      if (t.steps[s].part != ui->part()) continue;
      for (int i : t.steps[s].matrices)
        for (const TraceMatrix* m : shown)
          if (t.matrices[i].key.stage == m->key.stage) jump = s;
    }
    const bool current = jump == ui->view->step;
    ImGui::BeginGroup();
    ImGui::PushID(static_cast<int>(stage.stages[0]));
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    for (size_t k = 0; k < shown.size(); ++k) {
      const TraceMatrix& m = *shown[k];
      // Keep the matrix's aspect within the square thumbnail.
      const float aspect = static_cast<float>(m.value.cols()) / std::max(1, m.value.rows());
      const float tw = aspect >= 1 ? thumb : thumb * std::max(0.25f, aspect);
      const float th = aspect >= 1 ? thumb / std::min(4.0f, aspect) : thumb;
      HeatmapRequest req;
      req.key = heatmap_key(ui->view->lesson, m.key, HeatmapUse::Thumbnail);
      req.values = &m.value;
      req.flags.assign(m.value.size(), 0);
      const int index = t.index_of(m.key);
      for (size_t c = 0; c < m.value.size(); ++c) {
        if (std::isinf(m.value.data()[c])) req.flags[c] = kCellMasked;
        if (ui->covered(index, static_cast<int>(c) / m.value.cols(),
                        static_cast<int>(c) % m.value.cols()))
          req.flags[c] = kCellCovered;
      }
      req.scale = color_scale_for(m);
      req.width_px = static_cast<int>(std::lround(tw * ui->pixel_ratio));
      req.height_px = static_cast<int>(std::lround(th * ui->pixel_ratio));
      req.grid = false;
      const ImVec2 at(p0.x + k * (thumb + 4.0f), p0.y + (thumb - th) * 0.5f);
      // What an open prediction covers: a "?" for a whole matrix, grey cells for part of one.
      if (ui->covered(index)) {
        const ImVec2 q = ImGui::CalcTextSize("?");
        ImGui::GetWindowDrawList()->AddText(
            ImVec2(at.x + (tw - q.x) * 0.5f, at.y + (th - q.y) * 0.5f), pal.text_muted, "?");
      } else if (ImTextureID tex = ui->heatmaps->draw(req)) {
        ImGui::GetWindowDrawList()->AddImage(tex, at, ImVec2(at.x + tw, at.y + th));
      }
      ImGui::GetWindowDrawList()->AddRect(at, ImVec2(at.x + tw, at.y + th),
                                          current ? pal.accent : pal.grid, 2.0f, 0,
                                          current ? 2.0f : 1.0f);
    }
    if (ImGui::InvisibleButton("##stage", ImVec2(w, thumb)) && jump >= 0) target_step = jump;
    if (item_registry_enabled())
      name_last_item("##stage:" + std::string(stage_name(stage.stages[0])));
    if (ImGui::IsItemHovered()) {
      tooltip(shown[0]->label +
              (jump >= 0 ? std::string("\n") + tr("Click to go to the step that shows it")
                         : std::string()));
      if (jump >= 0) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    }
    ImGui::TextColored(color(current ? pal.accent : pal.text_muted), "%s", name.c_str());
    ImGui::PopID();
    ImGui::EndGroup();
  }
  if (target_step >= 0) ui->request(request::GoToStep{target_step});
}

//-----------------------------------------------------------------------------
// [SECTION] TemperaturePanel
//-----------------------------------------------------------------------------

int TemperaturePanel::first_step() const {
  // The first step of the part that shows scaled scores or anything after them.
  const Trace& t = ui->trace();
  for (int s = 0; s < static_cast<int>(t.steps.size()); ++s) {
    if (t.steps[s].part != ui->part()) continue;
    for (int i : t.steps[s].matrices)
      if (t.matrices[i].key.stage >= Stage::scaled && t.matrices[i].key.stage <= Stage::output)
        return s;
  }
  return -1;
}

bool TemperaturePanel::shown() const {
  const int first = first_step();
  const TraceMatrix* weights = ui->in_part(Stage::weights);
  // Not while a prediction covers the weights: the curves would give the answer away.
  return first >= 0 && ui->view->step >= first && ui->in_part(Stage::scores) != nullptr &&
         weights && !ui->covered(ui->trace().index_of(weights->key));
}

int TemperaturePanel::covered_by() const {
  const TraceMatrix* w = ui->in_part(Stage::weights);
  if (!w) return 0;
  const int queries = w->row_kind == AxisKind::Key ? w->value.cols() : w->value.rows();
  const int followed = std::clamp(ui->view->query, 0, queries - 1);
  return ui->shown_query(*w, followed) < 0 ? ui->asked_step(ui->trace().index_of(w->key)) : 0;
}

void TemperaturePanel::draw() {
  const TraceMatrix* weights = ui->in_part(Stage::weights);
  const TraceMatrix* scores = ui->in_part(Stage::scores);
  if (!weights || !scores) return;
  const TraceMatrix& w = *weights;
  const Palette& pal = ui->palette();
  const bool key_rows = w.row_kind == AxisKind::Key;  // then each query is a column
  const int n_queries = key_rows ? w.value.cols() : w.value.rows();
  const int n_keys = key_rows ? w.value.rows() : w.value.cols();
  const std::vector<std::string>& queries = key_rows ? w.cols : w.rows;
  const std::vector<std::string>& keys = key_rows ? w.rows : w.cols;
  const int chosen = std::clamp(ui->view->query, 0, n_queries - 1);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The curves of a query whose weights answer an open question would tell
  // it (they pass through its weights at the current T): another query's show.
  if (const int asked = covered_by()) {
    ImGui::PushTextWrapPos(0.0f);
    const std::string line =
        // TRANSLATORS: in place of the temperature plot for the word {query}: its weights
        // answer a question of step {step} the learner has not answered yet.
        trf("The weights for \"{query}\" answer the prediction at step {step}: their plot shows "
            "once you answer it (or skip it).",
            {{"query", queries[chosen]}, {"step", std::to_string(asked)}});
    ImGui::TextDisabled("%s", wrappable(line).c_str());
    ImGui::PopTextWrapPos();
    if (item_registry_enabled()) name_last_item("##temperature-covered");
    return;
  }
  // Another query's curves while the chosen one's answer an open question.
  const int followed = ui->shown_query(w, chosen);
  if (followed != chosen) {
    ImGui::PushTextWrapPos(0.0f);
    const int asked = ui->asked_step(ui->trace().index_of(w.key));
    ImGui::TextDisabled(
        "%s", wrappable(stand_in_text(queries[chosen], queries[followed], asked)).c_str());
    ImGui::PopTextWrapPos();
    if (item_registry_enabled()) name_last_item("##temperature-stand-in");
  }

  // The followed query's raw scores, divided by every T from 0.01 to 100.
  const TraceMatrix* mask = ui->in_part(Stage::masked);
  std::vector<double> row(n_keys);
  for (int k = 0; k < n_keys; ++k) {
    auto at = [&](const TraceMatrix& m) {
      return key_rows ? m.value(k, followed) : m.value(followed, k);
    };
    row[k] = at(*scores);
    if (mask && std::isinf(at(*mask))) row[k] = at(*mask);
  }
  const double t_min = 0.01, t_max = 100.0;
  const TemperatureSweep sweep = sweep_temperature(row, t_min, t_max, 81);
  ImGui::PushTextWrapPos(0.0f);
  const std::string about =
      // TRANSLATORS: above a plot of the attention weights; {query} is a token of the lesson
      // and T the temperature the scores are divided by.
      trf("The weights for \"{query}\" as its scores are divided by T (log scale): small T → "
          "all on one key, large T → the same for every key.",
          {{"query", queries[followed]}});
  ImGui::TextWrapped("%s", wrappable(about).c_str());
  ImGui::PopTextWrapPos();
  const float plot_w = ImGui::GetContentRegionAvail().x;
  const float plot_h = ImGui::GetFontSize() * 7.0f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(plot_w, plot_h + ImGui::GetTextLineHeight()));
  if (item_registry_enabled()) name_last_item("##temperature-plot");
  dl->AddRect(o, ImVec2(o.x + plot_w, o.y + plot_h), pal.grid);
  auto x_of = [&](double temp) {
    return o.x + static_cast<float>((std::log(temp) - std::log(t_min)) /
                                    (std::log(t_max) - std::log(t_min))) *
                     plot_w;
  };
  auto y_of = [&](double value) {
    return o.y + plot_h - static_cast<float>(value) * (plot_h - 2.0f) - 1.0f;
  };
  for (double tick : {0.01, 0.1, 1.0, 10.0, 100.0}) {
    const float x = x_of(tick);
    dl->AddLine(ImVec2(x, o.y), ImVec2(x, o.y + plot_h), pal.grid);
    char label[16];
    std::snprintf(label, sizeof label, "%g", tick);
    const float lw = ImGui::CalcTextSize(label).x;
    dl->AddText(ImVec2(std::clamp(x - lw * 0.5f, o.x, o.x + plot_w - lw), o.y + plot_h + 1),
                pal.text_muted, label);
  }
  for (int k = 0; k < n_keys; ++k) {
    std::vector<ImVec2> points;
    for (size_t i = 0; i < sweep.temperatures.size(); ++i)
      points.push_back(
          ImVec2(x_of(sweep.temperatures[i]), y_of(sweep.weights(static_cast<int>(i), k))));
    dl->AddPolyline(points.data(), static_cast<int>(points.size()), pal.series[k % 8], 0, 2.0f);
  }
  // Where the current setting sits: scores are divided by this head's divisor.
  const double now = std::clamp(w.divisor, t_min, t_max);
  dl->AddLine(ImVec2(x_of(now), o.y), ImVec2(x_of(now), o.y + plot_h), pal.accent, 2.0f);
  const ScaleMode mode = ui->session->state().parts[ui->part()].options.scaling.mode;
  const int d_k = static_cast<int>(std::lround(w.divisor * w.divisor));
  const std::string formula = mode == ScaleMode::SqrtDk ? "÷ √d_k = √" + std::to_string(d_k) +
                                                              " = " + number_text(w.divisor, 3)
                                                        : "÷ T = " + number_text(w.divisor, 3);
  const std::string now_text =
      mode == ScaleMode::None
          // TRANSLATORS: under the temperature plot, beside its line marking the current
          // setting: the scores are not divided (by anything but 1).
          ? tr("now: the scores no scaling (÷ 1)")
          // TRANSLATORS: under the temperature plot, beside its line marking the current
          // setting: {formula} is what the scores are divided by, e.g. "÷ √d_k = √4 = 2" or
          // "÷ T = 0.5".
          : trf("now: the scores {formula}", {{"formula", formula}});
  // The "|" stands for the plot's line at the current setting.
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "| %s", now_text.c_str());
  if (n_keys <= 16) {
    for (int k = 0; k < n_keys; ++k) {
      if (k && ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(keys[k].c_str()).x + 30)
        ImGui::NewLine();
      else if (k)
        ImGui::SameLine();
      ImGui::TextColored(color(pal.series[k % 8]), "■ %s", keys[k].c_str());
    }
  }
}

//-----------------------------------------------------------------------------
// [SECTION] SettingsPanel
//-----------------------------------------------------------------------------

void SettingsPanel::draw() {
  const Session& session = *ui->session;
  const ViewState& v = *ui->view;
  const int part = ui->part();
  const Lesson& lesson = session.lesson();
  const PartState& ps = session.state().parts[part];
  const bool has_scores = ui->in_part(Stage::scores) != nullptr;

  if (has_scores) {
    Scaling scaling = ps.options.scaling;
    // TRANSLATORS: heading of three choices: √d_k, "nothing", "temperature T".
    ImGui::TextUnformatted(tr("Scale the scores by"));
    int mode = static_cast<int>(scaling.mode);
    bool changed = ImGui::RadioButton("√d_k", &mode, static_cast<int>(ScaleMode::SqrtDk));
    // TRANSLATORS: a choice after "Scale the scores by": leave the scores as they are.
    const char* nothing = trc("scaling", "nothing");
    same_line_if_fits(toggle_width(nothing));
    changed |= ImGui::RadioButton(nothing, &mode, static_cast<int>(ScaleMode::None));
    // TRANSLATORS: a choice after "Scale the scores by": divide them by a temperature T the
    // learner sets on a slider.
    const char* temperature = tr("temperature T");
    same_line_if_fits(toggle_width(temperature));
    changed |= ImGui::RadioButton(temperature, &mode, static_cast<int>(ScaleMode::Divide));
    if (changed) {
      scaling.mode = static_cast<ScaleMode>(mode);
      // Start the temperature at the divisor in use, so nothing jumps.
      if (scaling.mode == ScaleMode::Divide) {
        const TraceMatrix* w = ui->in_part(Stage::weights);
        scaling.divisor = w ? w->divisor : 1.0;
      }
      ui->request(request::SetScaling{part, scaling});
    }
    if (scaling.mode == ScaleMode::Divide) {
      double temp = scaling.divisor;
      const double lo = 0.01, hi = 100.0;
      ImGui::SetNextItemWidth(-FLT_MIN);
      if (ImGui::SliderScalar("##temperature", ImGuiDataType_Double, &temp, &lo, &hi, "T = %.3g",
                              ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
        scaling.divisor = round_significant(temp, 3);  // T = 0.0512, not 0.05119999870657921
        ui->request(request::SetScaling{part, scaling});
      }
    }
    bool causal = ps.options.causal;
    if (ImGui::Checkbox(tr("Causal mask"), &causal)) ui->request(request::SetCausal{part, causal});
    if (ImGui::IsItemHovered())
      tooltip(tr("Each token attends only to itself and the tokens before it"));
  }

  const Part& p = lesson.parts[part];
  for (int g = 0; g < static_cast<int>(p.random.size()); ++g) {
    ImGui::PushID(g);
    unsigned seed = ps.seeds[g];
    const unsigned step = 1;
    const std::string seed_text =
        p.random[g].label.empty()
            // TRANSLATORS: beside the seed of numpy's random numbers (np.random.seed is code: keep
            // it).
            ? tr("np.random.seed for the random draws")
            // TRANSLATORS: beside the seed of numpy's random numbers (np.random.seed is code: keep
            // it); {draws} names what the lesson draws with it, e.g. "W_q, W_k and W_v".
            : trf("np.random.seed for {draws}", {{"draws", p.random[g].label}});
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(wrappable(seed_text).c_str());  // above its field: any length fits
    ImGui::PopTextWrapPos();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    if (ImGui::InputScalar("##seed", ImGuiDataType_U32, &seed, &step, &step, "%u"))
      ui->request(request::SetSeed{part, g, seed});
    ImGui::PopID();
  }

  const int heads = ui->heads();
  if (heads > 1) {
    // TRANSLATORS: heading of a choice among the attention heads (1, 2, ...) by number.
    const char* heading = tr("Head shown in the panels");
    const float radios = heads * (toggle_width("0") + ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::CalcTextSize(heading).x + radios <= ImGui::GetContentRegionAvail().x) {
      ImGui::TextUnformatted(heading);
    } else {  // a long heading (a translation) gets lines of its own
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(wrappable(heading).c_str());
      ImGui::PopTextWrapPos();
    }
    for (int h = 1; h <= heads; ++h) {
      char label[16];
      std::snprintf(label, sizeof label, "%d", h);
      if (h > 1 || ImGui::CalcTextSize(heading).x + radios <= ImGui::GetContentRegionAvail().x)
        same_line_if_fits(toggle_width(label));
      if (ImGui::RadioButton(label, v.head == h)) ui->request(request::ShowHead{h});
    }
  }

  // Editing weights: keep each query's weights a softmax (summing to 1)?
  const TraceMatrix* w = ui->in_part(Stage::weights);
  if (w && (w->editable || w->overridable)) {
    bool keep = v.keep_row_sum;
    const float label_w = ImGui::GetContentRegionAvail().x - toggle_width("");
    if (ImGui::Checkbox(wrap_label(tr("Edited weights keep summing to 1"), label_w).c_str(), &keep))
      ui->request(request::SetKeepRowSum{keep});
    if (ImGui::IsItemHovered())
      tooltip(
          tr("On: when you change one weight, the query's other weights "
             "rescale so\nthey still sum to 1. Off: only that number changes."));
  }

  // The what-ifs: computed numbers the learner set, each can be taken back.
  const Trace& t = ui->trace();
  if (!ps.overrides.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui->palette().override_mark), "%s",
                       tr("What-if numbers (set by you, not computed)"));
    for (size_t i = 0; i < ps.overrides.size(); ++i) {
      const Override& o = ps.overrides[i];
      const MatrixKey key{part, o.stage, o.head, 0};
      const TraceMatrix* m = t.find(key);
      if (!m) continue;
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::SmallButton("×")) ui->request(request::RemoveOverride{{key, o.row, o.col}});
      if (item_registry_enabled()) name_last_item("##take-back:" + std::to_string(i));
      // TRANSLATORS: tooltip of the × button beside a number the learner set: remove it, so the
      // number is computed again.
      if (ImGui::IsItemHovered()) tooltip(tr("Take it back: computed again"));
      ImGui::SameLine();
      ImGui::Text("%s[%s, %s] = %s", m->label.c_str(), m->rows[o.row].c_str(),
                  m->cols[o.col].c_str(), number_text(o.value, 3).c_str());
      ImGui::PopID();
    }
    if (ps.overrides.size() > 1 && ImGui::SmallButton(tr("Take back every what-if")))
      ui->request(request::ClearOverrides{});
  }

  bool notebook_digits = v.precision < 0;
  // TRANSLATORS: on: numbers show as many decimals as the lesson's notebook printed; off: a
  // slider sets how many.
  if (ImGui::Checkbox(tr("Digits as the notebook printed"), &notebook_digits))
    ui->request(request::SetDigits{notebook_digits ? -1 : ui->digits(ui->step())});
  if (!notebook_digits) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    int digits = v.precision;
    // TRANSLATORS: on a slider: how many decimals numbers show ({count} is 0 to 8).
    const std::string format = value_format(
        trn("{count} digit", "{count} digits", static_cast<unsigned long>(digits)), "count", "%d");
    if (ImGui::SliderInt("##digits", &digits, 0, 8, format.c_str(), ImGuiSliderFlags_AlwaysClamp))
      ui->request(request::SetDigits{digits});
  }

  // Predictions and challenges on or off, and starting the lesson over.
  bool learn = !v.explore;
  if (v.locked) {
    // A graded package: no switch to read the answers with (docs/scorm.md).
    // TRANSLATORS: in Settings, where the "Predictions and challenges" checkbox would be, when
    // the course that embeds the page keeps them on because they are graded.
    muted_wrapped(tr("Predictions and challenges: on (kept on by your course)"));
  } else if (ImGui::Checkbox(tr("Predictions and challenges"), &learn)) {
    ui->request(request::SetExplore{!learn});
  }
  if (!v.locked && item_registry_enabled()) name_last_item("##learn");
  if (!v.locked && ImGui::IsItemHovered()) {
    // TRANSLATORS: tooltip of the "Predictions and challenges" checkbox; ?mode=explore is the
    // page address's option that does the same: keep it.
    const char* tip = tr("Off: the bare explorer, every result shown at once (?mode=explore)");
    tooltip(tip);
  }
  const ProgressCounts c = count_progress(ui->session->lesson(), *ui->progress);
  // TRANSLATORS: the learner's progress on this lesson. Each count follows its label, so
  // no count meets a noun ("1 of 1 challenges").
  const std::string progress = trf(
      "Steps seen: {visited} of {steps}; predictions right: {right} of {predictions}; challenges "
      "solved: {solved} of {challenges}",
      {{"visited", std::to_string(c.visited)},
       {"steps", std::to_string(c.steps)},
       {"right", std::to_string(c.right)},
       {"predictions", std::to_string(c.predictions)},
       {"solved", std::to_string(c.solved)},
       {"challenges", std::to_string(c.challenges)}});
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", wrappable(progress).c_str());  // a narrow column wraps it, never cuts it
  ImGui::PopStyleColor();
  // TRANSLATORS: button that asks whether to start the lesson again from the beginning.
  if (ImGui::Button(tr("Start over…"))) ImGui::OpenPopup("##start-over");
  if (item_registry_enabled()) name_last_item("##start-over");
  if (ImGui::IsItemHovered())
    tooltip(tr("The notebook's numbers, no answers, no progress: this lesson from the start"));
  if (ImGui::BeginPopup("##start-over")) {
    // Wrapped: on a phone the line is wider than the screen.
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + floating_text_width());
    ImGui::TextUnformatted(
        wrappable(tr("Clear your numbers, answers and progress on this lesson?")).c_str());
    ImGui::PopTextWrapPos();
    if (item_registry_enabled()) name_current_window("##start-over-popup");
    // TRANSLATORS: button answering "Clear your numbers, answers and progress on this
    // lesson?": yes, start the lesson again from the beginning.
    if (ImGui::Button(tr("Start over"))) {
      ui->request(request::StartOver{});
      ImGui::CloseCurrentPopup();
    }
    if (item_registry_enabled()) name_last_item("##start-over-yes");
    ImGui::SameLine();
    // TRANSLATORS: button answering "Clear your numbers, answers and progress on this
    // lesson?": no, keep them.
    if (ImGui::Button(tr("Keep them"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  draw_figure();
}

void SettingsPanel::draw_figure() {
  const TraceStep& step = ui->step();
  const Trace& trace = ui->trace();
  ImGui::Spacing();
  // TRANSLATORS: heading of the settings for saving a picture of the step for presentation
  // slides.
  ImGui::TextUnformatted(tr("Figure for slides (PNG)"));
  if (figure_matrix_ >= static_cast<int>(step.matrices.size())) figure_matrix_ = -1;
  // TRANSLATORS: a choice of what the figure shows: the whole step, or one of its matrices.
  const char* whole_step = tr("The whole step");
  const std::string what =
      figure_matrix_ < 0 ? whole_step : trace.matrices[step.matrices[figure_matrix_]].label;
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 220.0f));
  if (ImGui::BeginCombo("##figure-what", what.c_str())) {
    if (ImGui::Selectable(whole_step, figure_matrix_ < 0)) figure_matrix_ = -1;
    for (size_t i = 0; i < step.matrices.size(); ++i)
      if (ImGui::Selectable(trace.matrices[step.matrices[i]].label.c_str(),
                            figure_matrix_ == static_cast<int>(i)))
        figure_matrix_ = static_cast<int>(i);
    ImGui::EndCombo();
  }
  for (int s = 1; s <= 4; ++s) {
    const std::string label = std::to_string(s) + "×";
    if (s > 1) same_line_if_fits(toggle_width(label.c_str()));
    ImGui::RadioButton(label.c_str(), &figure_scale_, s);
  }
  bool dark = figure_dark_ < 0 ? ui->view->dark : figure_dark_ == 1;
  // TRANSLATORS: checkbox: the figure has dark colours (a dark background).
  const char* dark_label = tr("Dark");
  same_line_if_fits(toggle_width(dark_label));
  if (ImGui::Checkbox(dark_label, &dark)) figure_dark_ = dark ? 1 : 0;
  // TRANSLATORS: button that saves the figure as a PNG picture.
  if (ImGui::Button(tr("Save figure"))) {
    request::SaveFigure f;
    f.scale = static_cast<float>(figure_scale_);
    f.dark = dark;
    if (figure_matrix_ >= 0) f.matrix = trace.matrices[step.matrices[figure_matrix_]].key;
    ui->request(f);
  }
  if (item_registry_enabled()) name_last_item("##save-figure");
  if (ImGui::IsItemHovered()) {
    const std::string scale = std::to_string(figure_scale_);
    const std::string tip =
        figure_matrix_ < 0
            // TRANSLATORS: tooltip of "Save figure"; {scale} is 1 to 4 (the figure is that
            // many times as large as on screen).
            ? trf("A picture of this step with its title and labels, at {scale}× the screen's "
                  "size",
                  {{"scale", scale}})
            // TRANSLATORS: tooltip of "Save figure"; {matrix} is a matrix's name, e.g. "Q·Kᵀ",
            // {scale} is 1 to 4 (the figure is that many times as large as on screen).
            : trf("A picture of {matrix} with its title and labels, at {scale}× the screen's "
                  "size",
                  {{"matrix", what}, {"scale", scale}});
    tooltip(tip);
  }
}

}  // namespace attn::ui
