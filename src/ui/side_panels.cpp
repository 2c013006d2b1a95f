// [SECTION] Helpers
// [SECTION] PipelinePanel
// [SECTION] SoftmaxPanel
// [SECTION] SettingsPanel
#include "ui/side_panels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/sweep.h"
#include "ui/item_registry.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

namespace {

ImVec4 color(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

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
      {"X", {Stage::X}},           {"", {Stage::Q, Stage::K, Stage::V}},
      {"Q·Kᵀ", {Stage::scores}},   {"scale", {Stage::scaled}},
      {"mask", {Stage::masked}},   {"softmax", {Stage::weights}},
      {"heads", {Stage::context}}, {"concat", {Stage::concat}},
      {"output", {Stage::output}},
  };
  const Trace& t = ui->trace();
  const Palette& pal = palette();
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
      for (size_t c = 0; c < m.value.size(); ++c)
        if (std::isinf(m.value.data()[c])) req.flags[c] = kCellMasked;
      req.scale = color_scale_for(m);
      req.width_px = static_cast<int>(std::lround(tw * ui->pixel_ratio));
      req.height_px = static_cast<int>(std::lround(th * ui->pixel_ratio));
      req.grid = false;
      const ImVec2 at(p0.x + k * (thumb + 4.0f), p0.y + (thumb - th) * 0.5f);
      if (ImTextureID tex = ui->heatmaps->draw(req))
        ImGui::GetWindowDrawList()->AddImage(tex, at, ImVec2(at.x + tw, at.y + th));
      ImGui::GetWindowDrawList()->AddRect(at, ImVec2(at.x + tw, at.y + th),
                                          current ? pal.accent : pal.grid, 2.0f, 0,
                                          current ? 2.0f : 1.0f);
    }
    if (ImGui::InvisibleButton("##stage", ImVec2(w, thumb)) && jump >= 0) target_step = jump;
    if (item_registry_enabled())
      name_last_item("##stage:" + std::string(stage_name(stage.stages[0])));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s%s", shown[0]->label.c_str(),
                        jump >= 0 ? "\nClick to go to the step that shows it" : "");
      if (jump >= 0) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    }
    ImGui::TextColored(color(current ? pal.accent : pal.text_muted), "%s", name.c_str());
    ImGui::PopID();
    ImGui::EndGroup();
  }
  if (target_step >= 0) ui->request(request::GoToStep{target_step});
}

//-----------------------------------------------------------------------------
// [SECTION] SoftmaxPanel
//-----------------------------------------------------------------------------

void SoftmaxPanel::draw() {
  const TraceMatrix* weights = ui->in_part(Stage::weights);
  if (!weights) {
    ImGui::TextDisabled("This part computes no attention weights.");
    return;
  }
  const TraceMatrix& w = *weights;
  const Palette& pal = palette();
  const bool key_rows = w.row_kind == AxisKind::Key;  // then each query is a column
  const int n_queries = key_rows ? w.value.cols() : w.value.rows();
  const int n_keys = key_rows ? w.value.rows() : w.value.cols();
  const std::vector<std::string>& queries = key_rows ? w.cols : w.rows;
  const std::vector<std::string>& keys = key_rows ? w.rows : w.cols;
  const int followed = std::clamp(ui->view->query, 0, n_queries - 1);
  auto weight = [&](int q, int k) { return key_rows ? w.value(k, q) : w.value(q, k); };

  // Bars: one row per query, one bar per key.
  ImGui::PushFont(ui->fonts->small);
  float label_w = 0.0f;
  for (const std::string& q : queries)
    label_w = std::max(label_w, ImGui::CalcTextSize(q.c_str()).x);
  label_w += 10.0f;
  const float avail = ImGui::GetContentRegionAvail().x - label_w;
  const float bar_w = std::clamp(avail / n_keys, 3.0f, 64.0f);
  // Tall bars for a few queries; many queries get a compact row each.
  const float bar_h = n_queries <= 12 ? std::max(ImGui::GetTextLineHeight() * 2.0f, 24.0f)
                                      : ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (n_keys <= 16) {  // key names along the top
    const ImVec2 p = ImGui::GetCursorScreenPos();
    for (int k = 0; k < n_keys; ++k) {
      ImGui::PushClipRect(ImVec2(p.x + label_w + k * bar_w, p.y),
                          ImVec2(p.x + label_w + (k + 1) * bar_w - 2, p.y + 40), true);
      dl->AddText(ImVec2(p.x + label_w + k * bar_w, p.y), pal.text_muted, keys[k].c_str());
      ImGui::PopClipRect();
    }
    ImGui::Dummy(ImVec2(label_w + n_keys * bar_w, ImGui::GetTextLineHeight()));
  }
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 3.0f));
  for (int q = 0; q < n_queries; ++q) {
    ImGui::PushID(q);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const bool selected = q == followed;
    if (selected)
      dl->AddRectFilled(ImVec2(p.x - 2, p.y - 1),
                        ImVec2(p.x + label_w + n_keys * bar_w, p.y + bar_h + 1), pal.accent_soft,
                        3.0f);
    dl->AddText(ImVec2(p.x, p.y + (bar_h - ImGui::GetTextLineHeight()) * 0.5f),
                selected ? pal.accent : pal.text, queries[q].c_str());
    for (int k = 0; k < n_keys; ++k) {
      const double value = std::clamp(weight(q, k), 0.0, 1.0);
      const float x0 = p.x + label_w + k * bar_w;
      dl->AddRectFilled(ImVec2(x0 + 1, p.y), ImVec2(x0 + bar_w - 1, p.y + bar_h), pal.grid, 1.0f);
      dl->AddRectFilled(ImVec2(x0 + 1, p.y + bar_h * static_cast<float>(1.0 - value)),
                        ImVec2(x0 + bar_w - 1, p.y + bar_h), pal.series[k % 8], 1.0f);
    }
    if (ImGui::InvisibleButton("##query", ImVec2(label_w + n_keys * bar_w, bar_h)))
      ui->request(request::FollowQuery{q});
    if (ImGui::IsItemHovered()) {
      const int k = std::clamp(
          static_cast<int>((ImGui::GetIO().MousePos.x - p.x - label_w) / bar_w), 0, n_keys - 1);
      ImGui::SetTooltip("%s → %s: %.4f\nClick to follow %s in the plot below", queries[q].c_str(),
                        keys[k].c_str(), weight(q, k), queries[q].c_str());
    }
    ImGui::PopID();
  }
  ImGui::PopStyleVar();
  ImGui::PopFont();

  // The temperature curve of the followed query, from its raw scores.
  const TraceMatrix* scores = ui->in_part(Stage::scores);
  if (!scores) {
    ImGui::TextDisabled("The weights are given, so there are no scores to rescale.");
    return;
  }
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
  ImGui::Spacing();
  ImGui::TextWrapped(
      "%s's weights as the scores are divided by T (log scale): small T → one-hot, large T → "
      "uniform.",
      queries[followed].c_str());
  const float plot_w = ImGui::GetContentRegionAvail().x;
  const float plot_h = ImGui::GetFontSize() * 7.0f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(plot_w, plot_h + ImGui::GetTextLineHeight()));
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
  if (ImGui::IsMouseHoveringRect(o, ImVec2(o.x + plot_w, o.y + plot_h)))
    ImGui::SetTooltip(
        "The blue line is the current divisor (%.3g). Change it under Settings: Temperature.",
        w.divisor);
  if (n_keys <= 16) {
    for (int k = 0; k < n_keys; ++k) {
      if (k) ImGui::SameLine();
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
    ImGui::TextUnformatted("Scale the scores by");
    int mode = static_cast<int>(scaling.mode);
    bool changed = ImGui::RadioButton("√d_k", &mode, static_cast<int>(ScaleMode::SqrtDk));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("nothing", &mode, static_cast<int>(ScaleMode::None));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("temperature T", &mode, static_cast<int>(ScaleMode::Divide));
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
      float temp = static_cast<float>(scaling.divisor);
      ImGui::SetNextItemWidth(-FLT_MIN);
      if (ImGui::SliderFloat("##temperature", &temp, 0.01f, 100.0f, "T = %.3g",
                             ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
        scaling.divisor = temp;
        ui->request(request::SetScaling{part, scaling});
      }
    }
    bool causal = ps.options.causal;
    if (ImGui::Checkbox("Causal mask", &causal)) ui->request(request::SetCausal{part, causal});
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Each token attends only to itself and the tokens before it");
  }

  const Part& p = lesson.parts[part];
  for (int g = 0; g < static_cast<int>(p.random.size()); ++g) {
    ImGui::PushID(g);
    unsigned seed = ps.seeds[g];
    const unsigned step = 1;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    if (ImGui::InputScalar("##seed", ImGuiDataType_U32, &seed, &step, &step, "%u"))
      ui->request(request::SetSeed{part, g, seed});
    ImGui::SameLine();
    ImGui::Text("np.random.seed for %s",
                p.random[g].label.empty() ? "the random draws" : p.random[g].label.c_str());
    ImGui::PopID();
  }

  const int heads = ui->heads();
  if (heads > 1) {
    ImGui::TextUnformatted("Head shown in the panels");
    for (int h = 1; h <= heads; ++h) {
      ImGui::SameLine();
      char label[16];
      std::snprintf(label, sizeof label, "%d", h);
      if (ImGui::RadioButton(label, v.head == h)) ui->request(request::ShowHead{h});
    }
  }

  bool notebook_digits = v.precision < 0;
  if (ImGui::Checkbox("Digits as the notebook printed", &notebook_digits))
    ui->request(request::SetDigits{notebook_digits ? -1 : ui->digits(ui->step())});
  if (!notebook_digits) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    int digits = v.precision;
    if (ImGui::SliderInt("##digits", &digits, 0, 8, "%d digits", ImGuiSliderFlags_AlwaysClamp))
      ui->request(request::SetDigits{digits});
  }
}

}  // namespace attn::ui
