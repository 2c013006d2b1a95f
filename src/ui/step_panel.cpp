// Drawing the current step: its heading, texts and matrices, and their order keys (step_panel.h).
#include "ui/step_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/text/translation.h"
#include "core/trace/dependencies.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

// For "Your answer" beside "True values": a variant's matrix compares with
// the same matrix at the part's own settings, when the step shows both.
int compare_partner(const Trace& t, const std::vector<int>& shown, int index) {
  MatrixKey plain = t.matrices[index].key;
  if (!plain.variant) return -1;
  plain.variant = 0;
  for (int other : shown)
    if (t.matrices[other].key == plain) return other;
  return -1;
}

// What the step's results are computed from, where the step does not show
// it already: the operands go beside the results (at most three).
std::vector<int> operands(const Trace& t, const std::vector<int>& shown) {
  std::vector<int> out;
  for (int i : shown)
    for (const MatrixKey& k : operands_of(t, t.matrices[i].key)) {
      const int at = t.index_of(k);
      if (at < 0 || std::find(shown.begin(), shown.end(), at) != shown.end() ||
          std::find(out.begin(), out.end(), at) != out.end())
        continue;
      if (out.size() < 3) out.push_back(at);
    }
  std::sort(out.begin(), out.end());  // pipeline order: the trace's
  return out;
}

// Whether matrix `result` is computed from matrix `operand`.
bool computed_from(const Trace& t, int result, int operand) {
  const std::vector<MatrixKey> from = operands_of(t, t.matrices[result].key);
  return std::find(from.begin(), from.end(), t.matrices[operand].key) != from.end();
}

}  // namespace

std::vector<int> StepPanel::matrices_in_order(bool veiled) const {
  const TraceStep& step = ui->step();
  const Trace& t = ui->trace();
  // The operands first, then the step's matrices in the lesson's order; but
  // an operand computed after one of those (in the pipeline) stands just
  // before the first of them computed from it, so that "from … →" points at
  // its result (udl-multihead's head 1: the scaled scores between the scores
  // they come from and the weights they give, not "from scaled scores →
  // scores").
  const std::vector<int>& shown = step.matrices;
  const int first = shown.empty() ? 0 : *std::min_element(shown.begin(), shown.end());
  std::vector<int> out;
  for (int operand : operands(t, shown))
    if (operand < first) out.push_back(operand);
  const size_t front = out.size();
  out.insert(out.end(), shown.begin(), shown.end());
  for (int operand : operands(t, shown)) {
    if (operand < first) continue;
    auto at = std::find_if(out.begin() + static_cast<long>(front), out.end(), [&](int i) {
      return std::find(shown.begin(), shown.end(), i) != shown.end() &&
             computed_from(t, i, operand);
    });
    out.insert(at, operand);  // after the operands already there (pipeline order)
  }
  // What an open prediction covers: its answer, and an operand computed from
  // it (head 2's scaled scores); the rest of the step stays (Q and Kᵀ beside
  // a question on the scores).
  if (veiled) std::erase_if(out, [&](int i) { return ui->covered(i); });
  return out;
}

void StepPanel::draw_heading() {
  const TraceStep& step = ui->step();
  const Lesson& lesson = ui->session->lesson();
  if (lesson.parts.size() > 1 && !lesson.parts[step.part].title.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", wrappable(lesson.parts[step.part].title).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PushFont(ui->fonts->title);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(wrappable(step.title).c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  if (item_registry_enabled()) name_last_item("##step-title");
  if (!step.formula.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ui->palette().accent), "%s",
                       wrappable(step.formula).c_str());
    ImGui::PopTextWrapPos();
  }
}

// The text: sentences that hold for the numbers on screen as one paragraph,
// above the matrices.
void StepPanel::draw_text(bool veiled) {
  ImGui::PushTextWrapPos(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48.0f) +
                         ImGui::GetCursorPosX());
  std::string paragraph;
  for (const TraceSentence& s : veiled ? std::vector<TraceSentence>{} : ui->step().sentences)
    if (s.holds && !s.covered) paragraph += (paragraph.empty() ? "" : " ") + s.text;
  if (!paragraph.empty()) ImGui::TextUnformatted(wrappable(paragraph).c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
}

// Sentences that held only for the notebook's numbers, set apart and marked,
// under the matrices: a sentence that stops holding mid-drag leaves the
// paragraph above without pushing the numbers down.
void StepPanel::draw_stale_text(bool veiled) {
  const Palette& pal = ui->palette();
  ImGui::PushTextWrapPos(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48.0f) +
                         ImGui::GetCursorPosX());
  for (const TraceSentence& s : veiled ? std::vector<TraceSentence>{} : ui->step().sentences) {
    if (s.holds || s.covered) continue;
    // On a line of its own: beside the sentence it would squeeze a narrow screen's text.
    // TRANSLATORS: above a sentence of the lesson that holds for the Jupyter
    // notebook's numbers but not for the numbers the learner changed.
    const char* only = tr("The notebook's numbers only (yours differ):");
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.changed), "%s", wrappable(only).c_str());
    ImGui::TextDisabled("%s", wrappable(s.text).c_str());
  }
  ImGui::PopTextWrapPos();
}

// What is above the matrices (the heading, the cards, the text) keeps its
// height while a press is held: taller is cut at that height until the
// release, shorter is padded, so the number under the finger stays put when a
// line above it comes or goes (a sentence that stops holding, a challenge's
// status, a reveal's line on today's numbers). Made shorter by an edit, it
// stays as tall until the step, its question or the answers change: the
// release does not move the numbers either.
StepPanel::Hold StepPanel::hold_key() const {
  return {ui->view->lesson,
          ui->view->step,
          ui->open_prediction(),
          ui->progress ? ui->progress->answers.size() : 0,
          ui->view->challenge,
          ui->view->language,
          std::lround(ImGui::GetContentRegionAvail().x)};
}

void StepPanel::hold_above(float top, bool same, bool pressing) {
  const float above = ImGui::GetCursorPosY() - top;
  if (!same) {
    held_above_ = above;
    hold_ = hold_key();
  } else if (pressing || above < held_above_) {
    ImGui::SetCursorPosY(top + held_above_);
  } else {
    held_above_ = above;
  }
}

// Operands, then results, left to right, wrapping when the next does not fit.
void StepPanel::draw_matrices(const std::vector<int>& in_order, bool figure) {
  const TraceStep& step = ui->step();
  const Trace& trace = ui->trace();
  const int digits = ui->digits(step);
  const std::vector<int> from = operands(trace, step.matrices);
  std::vector<std::pair<int, bool>> order;  // (matrix, is an operand)
  for (int i : in_order)
    order.emplace_back(i, std::find(from.begin(), from.end(), i) != from.end());
  const float avail = ImGui::GetContentRegionAvail().x;
  float used = 0.0f;
  const float gap = ImGui::GetFontSize() * 1.5f;
  auto options_of = [&](size_t n) {
    const auto [index, operand] = order[n];
    MatrixViewOptions options;
    options.digits = operand ? std::min(digits, 3) : digits;
    options.operand = operand;
    options.figure = figure;
    options.compare_with = compare_partner(trace, step.matrices, index);
    return options;
  };
  for (size_t n = 0; n < order.size(); ++n) {
    const auto [index, operand] = order[n];
    const MatrixViewOptions options = options_of(n);
    const ImVec2 size = matrix_size(*ui, index, options, avail);
    if (n > 0 && used + gap + size.x <= avail) {
      ImGui::SameLine(0.0f, gap);
      used += gap + size.x;
    } else {
      if (n > 0) ImGui::Spacing();
      used = size.x;
    }
    draw_matrix(*ui, index, options);
    // from → to, only where the result comes beside it: an arrow at the end of
    // a line, its result wrapped to the next, points at nothing.
    if (operand && n + 1 < order.size() && !order[n + 1].second &&
        computed_from(trace, order[n + 1].first, index)) {
      const float next = matrix_size(*ui, order[n + 1].first, options_of(n + 1), avail).x;
      if (used + gap * 0.75f + gap + next <= avail) {
        ImGui::SameLine(0.0f, gap * 0.25f);
        ImGui::TextDisabled("→");
        used += gap * 0.75f;
      }
    }
  }
}

void StepPanel::draw_figure(int only) {
  const Lesson& lesson = ui->session->lesson();
  ImGui::TextDisabled("%s", lesson.title.c_str());
  draw_heading();
  if (only >= 0) {
    ImGui::Spacing();
    draw_matrices({only}, true);
    return;
  }
  // A question still open keeps its answer covered here too.
  draw_text(ui->open_prediction() != nullptr);
  draw_matrices(matrices_in_order(), true);
  draw_stale_text(ui->open_prediction() != nullptr);
}

bool StepPanel::handle_panel_keys() {
  order_.ui = cache_.ui = ui;
  if (order_.shown() && order_.handle_keys()) return true;
  return cache_.shown() && cache_.handle_keys();
}

void StepPanel::draw() {
  const TraceStep& step = ui->step();
  const Trace& trace = ui->trace();
  const int digits = ui->digits(step);
  const Palette& pal = ui->palette();
  const float top = ImGui::GetCursorPosY();
  const bool pressing = ImGui::IsAnyItemActive();
  const bool same = hold_key() == hold_;
  const bool cut = pressing && same;
  if (cut) {  // what grew above the matrices waits for the release
    const ImRect clip = ImGui::GetCurrentWindow()->ClipRect;
    ImGui::PushClipRect(clip.Min, ImVec2(clip.Max.x, ImGui::GetCursorScreenPos().y + held_above_),
                        true);
  }
  // Just answered: the step shows from its heading, the verdict and reveal
  // under it, then as much of the result it uncovered as fits (in a small
  // embed or on a phone that result would open below the fold; scrolled to
  // the reveal, the learner lost the step's title and where they were).
  const float heading_top = ImGui::GetCursorScreenPos().y;
  draw_heading();
  const std::pair<int, int> here{ui->view->lesson, ui->view->step};
  const bool revealed = open_before_ && open_on_ == here && ui->open_prediction() != open_before_;
  open_before_ = ui->open_prediction();
  open_on_ = here;
  activities_.ui = ui;
  activities_.draw_predictions();
  // An open prediction covers what the step says and shows about its result.
  const bool veiled = ui->open_prediction() != nullptr;
  draw_text(veiled);
  // What this lesson lets the learner do beyond editing numbers: move the
  // tokens, step the cache, train (above the matrices, held with them).
  order_.ui = cache_.ui = training_.ui = ui;
  if (order_.shown()) order_.draw();
  if (cache_.shown()) cache_.draw();
  if (training_.shown()) training_.draw();
  if (cut) ImGui::PopClipRect();
  hold_above(top, same, pressing);
  const std::vector<int> order = matrices_in_order();
  draw_matrices(order, false);
  if (revealed) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float bottom = ImGui::GetCursorScreenPos().y;
    const float inner_top = window->InnerRect.Min.y + ImGui::GetStyle().WindowPadding.y;
    if (bottom - heading_top <= window->InnerRect.Max.y - inner_top)
      ImGui::ScrollToBringRectIntoView(
          window, ImRect(window->InnerRect.Min.x, heading_top, window->InnerRect.Max.x, bottom));
    else  // the heading at the top, the rest of the result below the fold
      ImGui::SetScrollY(window, std::max(0.0f, window->Scroll.y + heading_top - inner_top));
  }
  draw_stale_text(veiled);
  activities_.draw_challenges();
  for (int i : step.matrices)
    if (ui->covered(i)) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      const std::string covered = covered_matrix_text(*ui, i);
      ImGui::TextWrapped("%s", wrappable(covered).c_str());
      ImGui::PopStyleColor();
    }

  // A tapped cell keeps its explanation here (touch screens have no hover).
  const ViewState& v = *ui->view;
  const int pinned = v.pinned ? trace.index_of(v.pin) : -1;
  const bool on_screen = std::find(order.begin(), order.end(), pinned) != order.end();
  if (pinned >= 0 && on_screen) {
    const TraceMatrix& m = trace.matrices[pinned];
    if (v.pin_row < m.value.rows() && v.pin_col < m.value.cols()) {
      ImGui::Spacing();
      ImGui::Indent(8.0f);
      ImGui::BeginGroup();
      ImGui::PushTextWrapPos(0.0f);
      if (ui->covered(pinned, v.pin_row, v.pin_col))
        ImGui::TextUnformatted(
            wrappable(covered_text(ui->asked_step(pinned, v.pin_row, v.pin_col))).c_str());
      else
        draw_cell_explanation(*ui, pinned, v.pin_row, v.pin_col, digits);
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      ImGui::Unindent(8.0f);
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - 6, a.y - 4), ImVec2(b.x + 6, b.y + 4),
                                          pal.accent, 4.0f);
    }
  }
}

}  // namespace attn::ui
