// Drawing the live result: one query's weights over its keys (live_panel.h).
#include "ui/live_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lesson/activity.h"
#include "core/logic/answers.h"
#include "core/logic/reads.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "ui/item_registry.h"
#include "ui/layout.h"
#include "ui/matrix_view.h"
#include "ui/theme.h"

namespace attn::ui {

namespace {

constexpr int kDigits = 3;      // the weights' decimals here
constexpr int kManyKeys = 12;   // more keys: bars only, numbers for the largest
constexpr int kOutputDims = 6;  // the output row's first dimensions shown

ImVec4 color(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

struct Slice {
  const TraceMatrix* w = nullptr;  // the part's weights for the shown head
  bool key_rows = false;           // one column per query
  int queries = 0, keys = 0;
  const std::vector<std::string>* query_labels = nullptr;
  const std::vector<std::string>* key_labels = nullptr;
  // Entry (row, col) of the matrix that is query q's weight for key k.
  std::pair<int, int> cell(int q, int k) const {
    return key_rows ? std::pair{k, q} : std::pair{q, k};
  }
  double at(const Matrix& m, int q, int k) const {
    const auto [r, c] = cell(q, k);
    return m(r, c);
  }
};

Slice slice_of(const UiContext& ui) {
  Slice s;
  s.w = ui.in_part(Stage::weights);
  if (!s.w) return s;
  s.key_rows = s.w->row_kind == AxisKind::Key;
  s.queries = s.key_rows ? s.w->value.cols() : s.w->value.rows();
  s.keys = s.key_rows ? s.w->value.rows() : s.w->value.cols();
  s.query_labels = s.key_rows ? &s.w->cols : &s.w->rows;
  s.key_labels = s.key_rows ? &s.w->rows : &s.w->cols;
  return s;
}

}  // namespace

float LivePanel::height() const {
  if (last_height_ > 0.0f) return last_height_;
  return ImGui::GetFrameHeightWithSpacing() * 7.0f;
}

void LivePanel::draw() {
  const Slice s = slice_of(*ui);
  const Palette& pal = ui->palette();
  const ViewState& view = *ui->view;
  const float top = ImGui::GetCursorPosY();
  // The challenge taken on, in one line: how close, while the learner drags
  // wherever its numbers are (on a phone the challenge's card scrolls away).
  // Not while a prediction is open (its numbers could give the answer away).
  const Challenge* taken = view.explore || ui->open_prediction()
                               ? nullptr
                               : find_challenge(ui->session->lesson(), view.challenge);
  if (taken && ui->cover && ui->cover->touches(ui->session->trace(), challenge_regions(*taken)))
    taken = nullptr;  // its numbers answer a question not asked yet
  if (const Challenge* c = taken) {
    const ChallengeStatus st = challenge_status(*c, ui->evaluation());
    const bool solved = ui->progress && ui->progress->solved.count(c->id) && st.solved();
    if (solved) {
      // TRANSLATORS: one line on the live result: the challenge taken on has been solved.
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.good), "%s", tr("Challenge solved!"));
    } else if (!st.within_rules) {  // no closeness: numbers outside the rules reach no goal
      // TRANSLATORS: one line on the live result: the learner changed numbers the challenge
      // taken on does not allow (its card says which to take back).
      const char* line = tr("Challenge: outside its rules");
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.bad), "%s", line);
    } else if (st.closeness >= 0.0) {
      const std::string percent = std::to_string(std::lround(st.closeness * 100.0));
      // TRANSLATORS: one line on the live result: how close the learner is to the goal of the
      // challenge taken on.
      // xgettext:no-c-format
      const std::string line = trf("Challenge: {percent}% of the way", {{"percent", percent}});
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "%s", line.c_str());
    } else {
      // TRANSLATORS: one line on the live result: the challenge taken on is not solved yet.
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.accent), "%s",
                         tr("Challenge: not there yet"));
    }
    if (item_registry_enabled()) name_last_item("##live-challenge");
  }
  if (!s.w) {
    ImGui::TextDisabled("%s", tr("This part computes no attention weights."));
    last_height_ = ImGui::GetCursorPosY() - top + ImGui::GetStyle().WindowPadding.y * 2;
    return;
  }
  const TraceMatrix& w = *s.w;
  const TraceMatrix* then = ui->session->notebook().find(w.key);
  if (then && !then->value.same_shape(w.value)) then = nullptr;
  // The followed query, or a stand-in while an open question covers its weights.
  const int followed = std::clamp(view.query, 0, s.queries - 1);
  const int stand_in = ui->shown_query(w, followed);
  const int q = stand_in >= 0 ? stand_in : followed;
  const std::string& query = (*s.query_labels)[q];

  // Title: what this is, for which query (and head), which way round.
  ImGui::PushFont(ui->fonts->body);
  const std::string title =
      w.editable
          // TRANSLATORS: title of the live result; {query} is a word of the input (the query).
          // "(given)": this part's weights are set directly, not computed by a softmax.
          ? trf("Attention weights (given) for \"{query}\"", {{"query", query}})
          // TRANSLATORS: title of the live result; {query} is a word of the input (the query).
          : trf("Softmax output for \"{query}\"", {{"query", query}});
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopFont();
  if (ui->heads() > 1) {  // before any cover: another head may be shown
    // TRANSLATORS: label before the buttons 1, 2, ... that pick which attention head to show.
    const char* head = tr("head");
    same_line_if_fits(ImGui::CalcTextSize(head).x + ui->heads() * (toggle_width("0") + 4));
    ImGui::TextDisabled("%s", head);
    for (int h = 1; h <= ui->heads(); ++h) {
      char label[24];
      std::snprintf(label, sizeof label, "%d##live-head", h);
      ImGui::SameLine(0, 4);
      if (ImGui::GetCursorPosX() + toggle_width(label) > ImGui::GetWindowContentRegionMax().x)
        ImGui::NewLine();
      if (ImGui::RadioButton(label, view.head == h)) ui->request(request::ShowHead{h});
    }
  }
  ImGui::PushFont(ui->fonts->small);
  const std::string where =
      compact ? std::string()
      : s.key_rows
          // TRANSLATORS: {query} is a word of the input; the matrix has one column per query.
          ? trf("Column \"{query}\" of the attention (one column per query): "
                "its weight for each key",
                {{"query", query}})
          // TRANSLATORS: {query} is a word of the input; the matrix has one row per query.
          : trf("Row \"{query}\" of the weights: how much it attends to each key",
                {{"query", query}});
  if (!where.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", wrappable(where).c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopFont();

  // Which query to follow.
  if (s.queries <= 8) {
    for (int i = 0; i < s.queries; ++i) {
      if (i) ImGui::SameLine(0, 4);
      if (!i && compact)  // beside the title where they fit
        same_line_if_fits(ImGui::CalcTextSize((*s.query_labels)[0].c_str()).x + 24);
      if (i && ImGui::GetContentRegionAvail().x <
                   ImGui::CalcTextSize((*s.query_labels)[i].c_str()).x + 24)
        ImGui::NewLine();
      const bool on = i == q;
      // A query whose weights are covered cannot be followed until its question is answered.
      const bool closed = i != q && ui->query_covered(w, i);
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, color(pal.accent_soft));
      ImGui::PushID(i);
      ImGui::BeginDisabled(closed);
      if (ImGui::Button((*s.query_labels)[i].c_str())) ui->request(request::FollowQuery{i});
      ImGui::EndDisabled();
      if (item_registry_enabled()) name_last_item("##follow:" + std::to_string(i));
      ImGui::PopID();
      if (on) ImGui::PopStyleColor();
    }
  } else {
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 200.0f));
    // TRANSLATORS: a menu's label: which word of the input (the query) the weights are shown for.
    const std::string follow = trf("Query: {query}", {{"query", query}});
    if (ImGui::BeginCombo("##follow", follow.c_str())) {
      for (int i = 0; i < s.queries; ++i) {
        const ImGuiSelectableFlags closed =
            i != q && ui->query_covered(w, i) ? ImGuiSelectableFlags_Disabled : 0;
        if (ImGui::Selectable((*s.query_labels)[i].c_str(), i == q, closed))
          ui->request(request::FollowQuery{i});
      }
      ImGui::EndCombo();
    }
  }

  // A query whose weights answer an open prediction: no bars (their lengths
  // would tell), and a word on when they show; another query's stay live.
  if (stand_in >= 0 && stand_in != followed) {
    ImGui::PushFont(ui->fonts->small);
    ImGui::PushTextWrapPos(0.0f);
    const int asked = ui->asked_step(ui->trace().index_of(w.key));
    ImGui::TextDisabled(
        "%s", wrappable(stand_in_text((*s.query_labels)[followed], query, asked)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    if (item_registry_enabled()) name_last_item("##live-stand-in");
  }
  if (stand_in < 0) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "%s", wrappable(covered_text(ui->asked_step(ui->trace().index_of(w.key)))).c_str());
    ImGui::PopTextWrapPos();
    if (item_registry_enabled()) name_last_item("##live-covered");
    ImGui::PushFont(ui->fonts->small);
    draw_output(q, query);
    ImGui::PopFont();
    last_height_ = ImGui::GetCursorPosY() - top + ImGui::GetStyle().WindowPadding.y * 2;
    return;
  }

  // One bar per key: the weight, the notebook's as a faint mark, the change.
  ImGui::PushFont(ui->fonts->small);
  const std::string test_id = item_registry_enabled() ? ui->trace().id_of(w.key) + ":" : "";
  float label_w = 0.0f;
  for (const std::string& k : *s.key_labels)
    label_w = std::max(label_w, ImGui::CalcTextSize(k.c_str()).x);
  label_w += 8.0f;
  const float number_w = ImGui::CalcTextSize("0.000").x + 6.0f;
  const float delta_w = ImGui::CalcTextSize("−0.000").x + 6.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool numbers_fit = avail > label_w + number_w + delta_w + 40.0f;
  const float bar_w = std::max(20.0f, avail - label_w - (numbers_fit ? number_w + delta_w : 0.0f));
  // The bars are read, not pressed (a hover marks the cell): compact, under
  // the step on a phone, they take a line each even for a finger.
  const float row_h =
      std::max(ImGui::GetTextLineHeight() + 4.0f, view.touch && !compact ? 26.0f : 0.0f);
  // With many keys, numbers for the largest only.
  std::vector<int> order(s.keys);
  for (int k = 0; k < s.keys; ++k) order[k] = k;
  if (s.keys > kManyKeys)
    std::partial_sort(order.begin(), order.begin() + kManyKeys, order.end(),
                      [&](int a, int b) { return s.at(w.value, q, a) > s.at(w.value, q, b); });
  const int shown = std::min(s.keys, kManyKeys);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  double sum = 0.0;
  for (int k = 0; k < s.keys; ++k) sum += s.at(w.value, q, k);
  for (int i = 0; i < shown; ++i) {
    const int k = s.keys > kManyKeys ? order[i] : i;
    const double value = s.at(w.value, q, k);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y_text = p.y + (row_h - ImGui::GetTextLineHeight()) * 0.5f;
    dl->AddText(ImVec2(p.x, y_text), pal.text, (*s.key_labels)[k].c_str());
    const float x0 = p.x + label_w;
    dl->AddRectFilled(ImVec2(x0, p.y + 3), ImVec2(x0 + bar_w, p.y + row_h - 3), pal.grid, 2.0f);
    const float len = static_cast<float>(std::clamp(value, 0.0, 1.0)) * bar_w;
    dl->AddRectFilled(ImVec2(x0, p.y + 3), ImVec2(x0 + len, p.y + row_h - 3), pal.series[k % 8],
                      2.0f);
    std::string number = number_text(value, kDigits);
    if (then) {  // the notebook's weight: a thin mark where its bar ended
      const double before = s.at(then->value, q, k);
      const float xb = x0 + static_cast<float>(std::clamp(before, 0.0, 1.0)) * bar_w;
      dl->AddLine(ImVec2(xb, p.y + 1), ImVec2(xb, p.y + row_h - 1), pal.text_muted, 2.0f);
      if (numbers_fit && std::fabs(value - before) >= 0.5 * std::pow(10.0, -kDigits)) {
        const std::string delta =
            (value > before ? "+" : "−") + number_text(std::fabs(value - before), kDigits);
        dl->AddText(ImVec2(x0 + bar_w + number_w + 4, y_text),
                    value > before ? pal.positive : pal.negative, delta.c_str());
      }
    }
    if (numbers_fit) dl->AddText(ImVec2(x0 + bar_w + 6, y_text), pal.text, number.c_str());
    ImGui::PushID(k);
    ImGui::InvisibleButton("##key",
                           ImVec2(label_w + bar_w + (numbers_fit ? number_w + delta_w : 0), row_h));
    if (ImGui::IsItemHovered()) {
      const auto [r, c] = s.cell(q, k);
      ui->hot_next = {w.key, r, c};
      if (!view.touch && then) {
        const std::string tip = trf(
            // TRANSLATORS: tooltip on a weight: the query's weight for the key, then the same
            // weight in the notebook (the notebook the lesson is built from: its numbers, before
            // the learner changed any).
            "{query} → {key}: {value} (the notebook: {notebook})",
            {{"query", query},
             {"key", (*s.key_labels)[k]},
             {"value", number_text(value, 8)},
             {"notebook", number_text(s.at(then->value, q, k), 8)}});
        tooltip(tip);
      } else if (!view.touch) {
        tooltip(query + " → " + (*s.key_labels)[k] + ": " + number_text(value, 8));
      }
    }
    if (!test_id.empty()) {
      const auto [r, c] = s.cell(q, k);
      name_last_item(test_id + std::to_string(r) + ":" + std::to_string(c));
    }
    ImGui::PopID();
  }
  if (s.keys > kManyKeys) {
    // TRANSLATORS: under the bars when only some keys (words of the input) are shown.
    const std::string largest =
        trnf("the {shown} largest of {count} key", "the {shown} largest of {count} keys",
             static_cast<unsigned long>(s.keys),
             {{"shown", std::to_string(kManyKeys)}, {"count", std::to_string(s.keys)}});
    ImGui::TextDisabled("%s", largest.c_str());
  }
  if (std::fabs(sum - 1.0) > 1e-9) {
    const std::string not_softmax = trf("These weights sum to {sum}, not 1: not a softmax output",
                                        {{"sum", number_text(sum, kDigits)}});
    ImGui::PushStyleColor(ImGuiCol_Text, color(pal.changed));
    // Wrapped: longer in French or German.
    ImGui::TextWrapped("%s", wrappable(not_softmax).c_str());
    ImGui::PopStyleColor();
  } else if (then && !compact) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    // TRANSLATORS: "|" is the thin mark drawn on each bar at the notebook's weight (the
    // notebook the lesson is built from: its numbers, before the learner changed any).
    ImGui::TextWrapped("%s", wrappable(tr("| marks the notebook's value; they sum to 1")).c_str());
    ImGui::PopStyleColor();
  }

  draw_output(q, query);
  ImGui::PopFont();
  last_height_ = ImGui::GetCursorPosY() - top + ImGui::GetStyle().WindowPadding.y * 2;
}

// The query's output row: what the weights mix; a "?" where it is covered.
void LivePanel::draw_output(int q, const std::string& query) const {
  const TraceMatrix* out = ui->in_part(ui->heads() > 1 ? Stage::context : Stage::output);
  if (!out) return;
  const int index = ui->trace().index_of(out->key);
  bool all_covered = true;
  for (int d = 0; d < dim_count(*out); ++d) {
    const auto [r, c] = is_token_axis(out->row_kind) ? std::pair{q, d} : std::pair{d, q};
    all_covered = all_covered && ui->covered(index, r, c);
  }
  if (all_covered) {  // one "?", as in the pipeline
    ImGui::TextDisabled("%s", (out->label + "[" + query + "] = ?").c_str());
    if (item_registry_enabled()) name_last_item("##live-output-covered");
  } else {
    draw_output_row(*out, q, query);
  }
}

void LivePanel::draw_output_row(const TraceMatrix& out, int q, const std::string& query) const {
  const TraceMatrix* out_then = ui->session->notebook().find(out.key);
  const int index = ui->trace().index_of(out.key);
  const int dims = dim_count(out);
  std::string line = out.label + "[" + query + "] = [";
  int asked = 0;  // the earliest question covering one of the numbers shown
  for (int d = 0; d < std::min(dims, kOutputDims); ++d) {
    if (d) line += ", ";
    line += number_text(at_token(out, q, d), 2);
    const auto [r, c] = is_token_axis(out.row_kind) ? std::pair{q, d} : std::pair{d, q};
    if (const int a = ui->asked_step(index, r, c); a > 0 && (asked == 0 || a < asked)) asked = a;
    if (differs_from_notebook(out, out_then, r, c)) line += "*";
  }
  if (dims > kOutputDims) {
    // TRANSLATORS: ends a list of numbers cut short: {count} more numbers are not shown.
    line += ", " + trf("… {count} more", {{"count", std::to_string(dims - kOutputDims)}});
  }
  line += "]";
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(wrappable(line).c_str());
  ImGui::PopTextWrapPos();
  if (item_registry_enabled()) name_last_item("##live-output");
  if (asked > 0) {  // which question keeps the "?"s
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", wrappable(covered_text(asked)).c_str());
    ImGui::PopTextWrapPos();
    if (item_registry_enabled()) name_last_item("##live-output-covered-note");
  }
  if (line.find('*') != std::string::npos) {
    // TRANSLATORS: "*" marks the numbers that differ from the notebook's (the notebook the
    // lesson is built from: its numbers, before the learner changed any).
    ImGui::TextDisabled("%s", tr("* changed from the notebook"));
  }
}

}  // namespace attn::ui
