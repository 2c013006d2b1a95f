// Drawing the word-order panel: the tokens as they stand, what a move did, the positions
// and RoPE's turn (order_panel.h).
// [SECTION] When the panel shows
// [SECTION] The tokens as they stand
// [SECTION] What the move did
// [SECTION] The first position
// [SECTION] The positions' waves
// [SECTION] RoPE's turn
#include "ui/order_panel.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <string>

#include "core/math/positions.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "imgui_internal.h"
#include "ui/item_registry.h"
#include "ui/layout.h"

namespace attn::ui {

namespace {

ImVec4 color(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

std::vector<int> standing(const TracePart& part) {
  std::vector<int> order(part.tokens.size());
  std::iota(order.begin(), order.end(), 0);
  if (part.order.size() == order.size()) order = part.order;
  return order;
}

bool moves_tokens(const Part& p) {
  if (p.sequence.positions != PositionKind::None || p.sequence.rope) return true;
  return std::any_of(p.variants.begin(), p.variants.end(),
                     [](const Variant& v) { return v.order || v.first_position; });
}

bool allows_order(const std::vector<StepSpec>& steps) {
  for (const StepSpec& s : steps)
    for (const Challenge& c : s.challenges)
      if (c.allowed.order || c.allowed.first_position) return true;
  return false;
}

// "The", "cat" and "sat": tokens named in a sentence.
std::string token_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += trc("list", ", ");
    // TRANSLATORS: a word of the sentence, quoted as your language quotes a word.
    out += trf("\"{token}\"", {{"token", names[i]}});
  }
  return out;
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] When the panel shows
//-----------------------------------------------------------------------------

bool OrderPanel::shown() const {
  const Lesson& lesson = ui->session->lesson();
  const Part& part = lesson.parts[ui->part()];
  if (part.tokens.size() < 2 || part.sequence.kv_cache) return false;
  return std::any_of(lesson.parts.begin(), lesson.parts.end(),
                     [](const Part& p) { return moves_tokens(p) || allows_order(p.steps); });
}

const Trace& OrderPanel::in_lesson_order() {
  if (unmoved_session_ != ui->session || unmoved_revision_ != ui->session->revision()) {
    LessonState state = ui->session->state();
    for (PartState& p : state.parts) p.options.order.clear();
    unmoved_ = compute_trace(ui->session->lesson(), state);
    unmoved_session_ = ui->session;
    unmoved_revision_ = ui->session->revision();
  }
  return unmoved_;
}

void OrderPanel::draw() {
  ImGui::PushID("##order-panel");
  const Palette& pal = ui->palette();
  // TRANSLATORS: the heading of the row of the lesson's words, which the learner may reorder.
  ImGui::TextColored(color(pal.accent), "%s", tr("Word order"));
  draw_tokens();
  draw_moved_outputs();
  const Part& part = ui->session->lesson().parts[ui->part()];
  if (part.sequence.positions == PositionKind::Sinusoidal || part.sequence.rope)
    draw_first_position();
  if (const TraceMatrix* p = ui->in_part(Stage::P);
      p && std::count(ui->step().matrices.begin(), ui->step().matrices.end(),
                      ui->trace().index_of(p->key)))
    draw_waves(*p);
  for (int i : ui->step().matrices) {
    const Stage s = ui->trace().matrices[i].key.stage;
    if (s == Stage::angles || s == Stage::Q_rot || s == Stage::K_rot) {
      draw_rotation();
      break;
    }
  }
  ImGui::Spacing();
  ImGui::PopID();
}

//-----------------------------------------------------------------------------
// [SECTION] The tokens as they stand
//-----------------------------------------------------------------------------

void OrderPanel::draw_tokens() {
  const int part = ui->part();
  const TracePart& tp = ui->trace().parts[part];
  const std::vector<int> order = standing(tp);
  const int n = static_cast<int>(order.size());
  const Palette& pal = ui->palette();
  const ImGuiIO& io = ImGui::GetIO();
  if (picked_ >= n) picked_ = -1;
  std::vector<ImRect> chips(static_cast<size_t>(n));
  int dragged = -1;  // the place of the token dragged
  for (int r = 0; r < n; ++r) {
    const int token = order[static_cast<size_t>(r)];
    ImGui::PushID(token);
    const std::string label = tp.tokens[static_cast<size_t>(token)] + "##token";
    const float w = ImGui::CalcTextSize(label.c_str(), nullptr, true).x +
                    ImGui::GetStyle().FramePadding.x * 2.0f;
    if (r > 0) same_line_if_fits(w);
    const bool picked = picked_ == token;
    if (picked) {
      ImGui::PushStyleColor(ImGuiCol_Button, color(pal.accent));
      ImGui::PushStyleColor(ImGuiCol_Text, color(pal.on_accent));
    }
    const bool clicked = ImGui::Button(label.c_str());
    if (picked) ImGui::PopStyleColor(2);
    if (item_registry_enabled()) name_last_item("##order:" + std::to_string(token));
    chips[static_cast<size_t>(r)] = ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f)) {
      dragged = r;
      dragging_ = token;
      ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    }
    // A press released without dragging is a tap: it picks the token.
    if (clicked && dragging_ != token) picked_ = picked ? -1 : token;
    if (ImGui::IsItemHovered() && !ui->view->touch && !ImGui::IsItemActive())
      // TRANSLATORS: a tooltip on a word of the word-order row.
      tooltip(
          tr("Drag it to another place, or click it for Earlier and Later. "
             "Keyboard: with a cell of its row selected, Alt and an arrow."));
    ImGui::PopID();
  }
  if (!ImGui::IsAnyItemActive()) dragging_ = -1;
  // A dragged token goes to the place nearest the pointer as it passes it.
  if (dragged >= 0) {
    int nearest = dragged;
    float best = 1e30f;
    for (int r = 0; r < n; ++r) {
      const ImVec2 c = chips[static_cast<size_t>(r)].GetCenter();
      const float dx = io.MousePos.x - c.x, dy = (io.MousePos.y - c.y) * 2.0f;
      if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, nearest = r;
    }
    if (nearest != dragged) {
      std::vector<int> next = order;
      const int token = next[static_cast<size_t>(dragged)];
      next.erase(next.begin() + dragged);
      next.insert(next.begin() + nearest, token);
      ui->request(request::SetOrder{part, next});
    }
  }
  const bool reordered = !std::is_sorted(order.begin(), order.end());
  if (reordered) {
    // TRANSLATORS: a button that puts the words back in the order the lesson gives them.
    const char* back = tr("Lesson's order");
    same_line_if_fits(ImGui::CalcTextSize(back).x + ImGui::GetStyle().FramePadding.x * 2.0f + 8.0f);
    std::vector<int> own(static_cast<size_t>(n));
    std::iota(own.begin(), own.end(), 0);
    if (ImGui::Button(back)) ui->request(request::SetOrder{part, own}), picked_ = -1;
    if (item_registry_enabled()) name_last_item("##order-reset");
  }
  if (picked_ >= 0) {
    const int r = static_cast<int>(std::find(order.begin(), order.end(), picked_) - order.begin());
    auto move = [&](int to) {
      std::vector<int> next = order;
      std::swap(next[static_cast<size_t>(r)], next[static_cast<size_t>(to)]);
      ui->request(request::SetOrder{part, next});
    };
    // TRANSLATORS: before the buttons that move the word the learner tapped: 'Move "cat":'.
    const std::string name = token_list({tp.tokens[static_cast<size_t>(picked_)]});
    ImGui::TextUnformatted(trf("Move {token}:", {{"token", name}}).c_str());
    ImGui::SameLine();
    ImGui::BeginDisabled(r == 0);
    // TRANSLATORS: a button that moves the tapped word one place earlier in the sentence.
    if (ImGui::Button(tr("◀ Earlier"))) move(r - 1);
    if (item_registry_enabled()) name_last_item("##order-earlier");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(r == n - 1);
    // TRANSLATORS: a button that moves the tapped word one place later in the sentence.
    if (ImGui::Button(tr("Later ▶"))) move(r + 1);
    if (item_registry_enabled()) name_last_item("##order-later");
    ImGui::EndDisabled();
  } else if (!reordered) {
    // TRANSLATORS: under the row of words, before the learner has moved any.
    muted_wrapped(tr("Drag a word to another place, or tap it to move it a step at a time."));
  }
}

bool OrderPanel::handle_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  const CellRef& focus = ui->view->focus;
  if (!io.KeyAlt || !focus.valid() || !shown()) return false;
  const TraceMatrix* m = ui->trace().find(focus.key);
  if (!m || focus.key.part != ui->part()) return false;
  const bool rows = is_token_axis(m->row_kind);
  const AxisKind kind = rows ? m->row_kind : m->col_kind;
  const TracePart& tp = ui->trace().parts[focus.key.part];
  if (!is_token_axis(kind) || (kind == AxisKind::Key && !tp.memory_tokens.empty())) return false;
  const ImGuiKey earlier = rows ? ImGuiKey_UpArrow : ImGuiKey_LeftArrow;
  const ImGuiKey later = rows ? ImGuiKey_DownArrow : ImGuiKey_RightArrow;
  const int by = ImGui::IsKeyPressed(ImGui::GetKeyIndex(earlier)) ? -1
                 : ImGui::IsKeyPressed(ImGui::GetKeyIndex(later)) ? 1
                                                                  : 0;
  if (by == 0) return false;
  std::vector<int> order = standing(tp);
  const int token = rows ? focus.row : focus.col;
  const int r = static_cast<int>(std::find(order.begin(), order.end(), token) - order.begin());
  const int to = r + by;
  if (to < 0 || to >= static_cast<int>(order.size())) return true;
  std::swap(order[static_cast<size_t>(r)], order[static_cast<size_t>(to)]);
  ui->request(request::SetOrder{focus.key.part, order});
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] What the move did
//-----------------------------------------------------------------------------

// Against the same numbers in the lesson's order: which outputs the move
// changed. Said only where the outputs are not an open question's answer.
void OrderPanel::draw_moved_outputs() {
  const TracePart& tp = ui->trace().parts[ui->part()];
  const std::vector<int> order = standing(tp);
  if (std::is_sorted(order.begin(), order.end())) return;
  const TraceMatrix* now = ui->in_part(Stage::output);
  if (!now) return;
  const int index = ui->trace().index_of(now->key);
  if (ui->cover && ui->cover->any(index)) {
    // TRANSLATORS: where the page would say what moving the words did to the outputs, while a
    // question about it is open; {step} is the step that asks it.
    muted_wrapped(
        trf("What the move did to the outputs: answer the prediction at step {step} "
            "first.",
            {{"step", std::to_string(ui->asked_step(index))}}));
    return;
  }
  const TraceMatrix* then = in_lesson_order().find(now->key);
  const TraceMatrix& exact = ui->session->trace().matrices[static_cast<size_t>(index)];
  if (!then || !then->value.same_shape(exact.value)) return;
  std::vector<std::string> changed;
  for (int t = 0; t < token_count(exact); ++t)
    for (int d = 0; d < dim_count(exact); ++d) {
      const double a = at_token(exact, t, d), b = at_token(*then, t, d);
      if (std::fabs(a - b) > 1e-9 * (1.0 + std::fabs(b))) {
        changed.push_back(tp.tokens[static_cast<size_t>(t)]);
        break;
      }
    }
  const Part& part = ui->session->lesson().parts[ui->part()];
  const bool positions = part.sequence.positions != PositionKind::None || part.sequence.rope;
  std::string text;
  if (changed.empty()) {
    // TRANSLATORS: after the learner moved words: every output row is the one that word had
    // before, only in another place.
    text =
        tr("Every word's output is the one it had in the lesson's order, only moved with "
           "the word.");
    if (!positions && !ui->session->state().parts[ui->part()].options.causal)
      // TRANSLATORS: follows the sentence above when the lesson adds no positions.
      text += std::string(" ") + tr("Attention alone does not see the order of the words.");
  } else {
    // TRANSLATORS: after the learner moved words: {tokens} lists the words whose outputs
    // differ from those in the lesson's order.
    text = trnf("Changed by the move: the output of {tokens}.",
                "Changed by the move: the outputs of {tokens}.", changed.size(),
                {{"tokens", token_list(changed)}});
    if (positions)
      // TRANSLATORS: follows the sentence above, in a lesson with positions.
      text += std::string(" ") + tr("A word's position is part of what it computes with.");
    else
      // TRANSLATORS: follows the sentence above, in a lesson with the causal mask.
      text += std::string(" ") + tr("The mask hides the keys standing after each query.");
  }
  ImGui::PushStyleColor(ImGuiCol_Text, color(ui->palette().changed));
  ImGui::TextWrapped("%s", wrappable(text).c_str());
  ImGui::PopStyleColor();
  if (item_registry_enabled()) name_last_item("##order-outputs");
}

//-----------------------------------------------------------------------------
// [SECTION] The first position
//-----------------------------------------------------------------------------

void OrderPanel::draw_first_position() {
  const int part = ui->part();
  int first = ui->trace().parts[part].first_position;
  // TRANSLATORS: beside the slider that sets the position the first word stands at.
  const char* label = tr("First position");
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  const int top = std::max(first, 50);
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 16.0f));
  if (ImGui::SliderInt("##first-position", &first, 0, top, "%d", ImGuiSliderFlags_AlwaysClamp))
    ui->request(request::SetFirstPosition{part, first});
  if (item_registry_enabled()) name_last_item("##first-position");
  ImGui::SameLine();
  ImGui::BeginDisabled(first == 0);
  // TRANSLATORS: a button beside the first-position slider: the first word back at position 0.
  if (ImGui::Button(tr("Back to 0"))) ui->request(request::SetFirstPosition{part, 0});
  if (item_registry_enabled()) name_last_item("##first-position-reset");
  ImGui::EndDisabled();
}

//-----------------------------------------------------------------------------
// [SECTION] The positions' waves
//-----------------------------------------------------------------------------

// Each of P's first columns as a curve over the positions, a dot where each
// token stands: the slow and fast waves the sinusoidal code is made of.
void OrderPanel::draw_waves(const TraceMatrix& p) {
  const Part& part = ui->session->lesson().parts[ui->part()];
  const TracePart& tp = ui->trace().parts[ui->part()];
  const int n = static_cast<int>(tp.tokens.size()), d = dim_count(p);
  const int columns = std::min(d, 8);
  const bool sinusoidal = part.sequence.positions == PositionKind::Sinusoidal;
  const int first = tp.first_position;
  // The positions drawn: around the tokens', a few either side.
  const int lo = sinusoidal ? std::max(0, first - 2) : 0;
  const int hi = sinusoidal ? std::max(first + n + 1, lo + 16) : n - 1;
  std::vector<int> positions;
  for (int x = lo; x <= hi; ++x) positions.push_back(x);
  Matrix curves;
  if (sinusoidal) curves = sinusoidal_positions(positions, d);
  const Palette& pal = ui->palette();
  ImGui::PushFont(ui->fonts->small);
  // TRANSLATORS: above small plots of the columns of P, the position code, over the positions.
  ImGui::TextDisabled("%s", tr("P's columns as waves over the positions (dots: the words)"));
  const float label_w = ImGui::CalcTextSize("d7 ").x;
  const float w = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 30.0f);
  const float strip = ui->view->touch ? 22.0f : 18.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float x0 = o.x + label_w, x1 = o.x + w;
  auto x_of = [&](double position) {
    return x0 + static_cast<float>((position - lo) / std::max(1, hi - lo)) * (x1 - x0);
  };
  auto value = [&](int row, int col) {
    return sinusoidal ? curves(row, col) : at_token(p, row, col);
  };
  for (int j = 0; j < columns; ++j) {
    const float top = o.y + j * strip, mid = top + strip * 0.5f, amp = strip * 0.42f;
    dl->AddText(ImVec2(o.x, top + (strip - ImGui::GetTextLineHeight()) * 0.5f), pal.text_muted,
                ("d" + std::to_string(j)).c_str());
    dl->AddLine(ImVec2(x0, mid), ImVec2(x1, mid), pal.grid);
    double range = 1.0;
    if (!sinusoidal)
      for (int r = 0; r < static_cast<int>(positions.size()); ++r)
        range = std::max(range, std::fabs(value(r, j)));
    auto y_of = [&](double v) { return mid - static_cast<float>(v / range) * amp; };
    for (int r = 0; r + 1 < static_cast<int>(positions.size()); ++r)
      dl->AddLine(ImVec2(x_of(positions[r]), y_of(value(r, j))),
                  ImVec2(x_of(positions[r + 1]), y_of(value(r + 1, j))), pal.series[j % 8], 1.5f);
    for (int t = 0; t < n; ++t) {  // each token at its position
      const int slot =
          static_cast<int>(std::find(tp.order.begin(), tp.order.end(), t) - tp.order.begin());
      const int at = first + (tp.order.empty() ? t : slot);
      const int row = at - lo;
      if (row < 0 || row >= static_cast<int>(positions.size())) continue;
      dl->AddCircleFilled(ImVec2(x_of(at), y_of(value(row, j))), 2.5f, pal.text);
    }
  }
  ImGui::Dummy(ImVec2(w, strip * columns + 2.0f));
  if (columns < d)
    ImGui::TextDisabled("%s", trf("The first {n} of {d} columns",
                                  {{"n", std::to_string(columns)}, {"d", std::to_string(d)}})
                                  .c_str());
  ImGui::PopFont();
}

//-----------------------------------------------------------------------------
// [SECTION] RoPE's turn
//-----------------------------------------------------------------------------

// The followed query's pair before and after its turn by p·θ_i.
void OrderPanel::draw_rotation() {
  const TraceMatrix* q = ui->in_part(Stage::Q);
  const TraceMatrix* q_rot = ui->in_part(Stage::Q_rot);
  const TraceMatrix* angles = ui->in_part(Stage::angles);
  if (!q || !q_rot || !angles) return;
  const int heads = std::max(1, ui->heads());
  const int d_k = dim_count(*q) / heads;
  const int pairs = d_k / 2;
  if (pairs < 1) return;
  pair_ = std::clamp(pair_, 0, pairs - 1);
  const TracePart& tp = ui->trace().parts[ui->part()];
  const int token = std::clamp(ui->view->query, 0, token_count(*q) - 1);
  const int head = heads > 1 ? std::clamp(ui->view->head, 1, heads) : 1;
  const int base = (head - 1) * d_k;
  const bool halves = q_rot->pairs == RopePairs::Halves;
  const int a = base + (halves ? pair_ : 2 * pair_),
            b = base + (halves ? pair_ + pairs : 2 * pair_ + 1);
  auto covered = [&](const TraceMatrix& m, int dim) {
    const int index = ui->trace().index_of(m.key);
    return is_sequence_axis(m.row_kind) ? ui->covered(index, token, dim)
                                        : ui->covered(index, dim, token);
  };
  if (covered(*q, a) || covered(*q, b) || covered(*q_rot, a) || covered(*q_rot, b)) return;
  const double x = at_token(*q, token, a), y = at_token(*q, token, b);
  const double xr = at_token(*q_rot, token, a), yr = at_token(*q_rot, token, b);
  const int slot = token < static_cast<int>(q_rot->slots.size())
                       ? q_rot->slots[static_cast<size_t>(token)]
                       : token;
  const double angle = slot < token_count(*angles) ? at_token(*angles, slot, pair_) : 0.0;
  const int position = tp.first_position + slot;

  const Palette& pal = ui->palette();
  ImGui::PushFont(ui->fonts->small);
  // TRANSLATORS: above the circle that shows one pair of a query's numbers turned by RoPE;
  // {token} is the query's word, {a} and {b} the two columns of the pair.
  muted_wrapped(trf("The query of {token}, columns {a} and {b}: before (grey) and after its turn",
                    {{"token", tp.tokens[static_cast<size_t>(token)]},
                     {"a", std::to_string(a)},
                     {"b", std::to_string(b)}}));
  const float r = ui->view->touch ? 56.0f : 46.0f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 c(o.x + r + 4.0f, o.y + r + 4.0f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const double len = std::max({std::hypot(x, y), std::hypot(xr, yr), 1e-12});
  auto tip = [&](double u, double v) {
    return ImVec2(c.x + static_cast<float>(u / len) * r, c.y - static_cast<float>(v / len) * r);
  };
  dl->AddCircle(c, r, pal.grid, 48);
  dl->AddLine(ImVec2(c.x - r, c.y), ImVec2(c.x + r, c.y), pal.grid);
  dl->AddLine(ImVec2(c.x, c.y - r), ImVec2(c.x, c.y + r), pal.grid);
  // The arc the pair turns through (angle mod 2π, the short way drawn as turned).
  const float from = static_cast<float>(-std::atan2(y, x));
  const float turned = static_cast<float>(std::fmod(angle, 2.0 * std::numbers::pi));
  dl->PathArcTo(c, r * 0.35f, from - turned, from, 24);
  dl->PathStroke(pal.accent_soft, 0, 2.0f);
  dl->AddLine(c, tip(x, y), pal.text_muted, 2.0f);
  dl->AddLine(c, tip(xr, yr), pal.accent, 2.5f);
  dl->AddCircleFilled(tip(xr, yr), 3.5f, pal.accent);
  ImGui::Dummy(ImVec2(2 * r + 8.0f, 2 * r + 8.0f));
  ImGui::SameLine();
  ImGui::BeginGroup();
  const int digits = 2;
  ImGui::Text("(%s, %s) → (%s, %s)", number_text(x, digits).c_str(), number_text(y, digits).c_str(),
              number_text(xr, digits).c_str(), number_text(yr, digits).c_str());
  // TRANSLATORS: the angle a pair turns by: {p} the position, {i} the pair, {angle} in radians.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(wrappable(trf("turned by p·θ_{i} = {p}·θ_{i} = {angle} rad",
                                       {{"p", std::to_string(position)},
                                        {"i", std::to_string(pair_)},
                                        {"angle", number_text(angle, 2)}}))
                             .c_str());
  ImGui::PopTextWrapPos();
  if (pairs > 1) {
    // TRANSLATORS: beside the control that picks which pair of columns the circle shows.
    ImGui::TextUnformatted(tr("Pair"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    ImGui::SliderInt("##rope-pair", &pair_, 0, pairs - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
    if (item_registry_enabled()) name_last_item("##rope-pair");
  }
  ImGui::PushTextWrapPos(0.0f);
  // TRANSLATORS: beside RoPE's circle: why turning queries and keys by their positions works.
  ImGui::TextDisabled("%s", tr("Keys turn the same way by their own positions, so a score "
                               "depends only on how far apart the two words stand."));
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::PopFont();
}

}  // namespace attn::ui
