// Drawing the KV cache panel: the token being made, what it cost, and the same rows one
// at a time (cache_panel.h).
// [SECTION] The token being made
// [SECTION] What it cost
// [SECTION] One at a time, the same rows
#include "ui/cache_panel.h"

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

constexpr double kPlaySeconds = 0.9;  // one token made per this, played

void name_item(const char* name) {
  if (item_registry_enabled()) name_last_item(name);
}

}  // namespace

// On the steps that show the cache's matrices: elsewhere a step back or on
// would change what the step shows without showing why.
bool CachePanel::shown() const {
  const Part& part = ui->session->lesson().parts[ui->part()];
  if (!part.sequence.kv_cache || part.tokens.size() < 2) return false;
  for (int i : ui->step().matrices) {
    const Stage s = ui->trace().matrices[i].key.stage;
    if (s >= Stage::q_t && s <= Stage::macs) return true;
  }
  return false;
}

//-----------------------------------------------------------------------------
// [SECTION] The token being made
//-----------------------------------------------------------------------------

void CachePanel::draw() {
  ImGui::PushID("##cache-panel");
  const int part = ui->part();
  const TracePart& tp = ui->trace().parts[part];
  const int n = static_cast<int>(tp.tokens.size());
  const int t = std::clamp(ui->session->state().parts[part].options.cache_step, 0, n - 1);
  const std::vector<int>& order = tp.order;
  const int token = order.size() == static_cast<size_t>(n) ? order[static_cast<size_t>(t)] : t;
  const bool playing = ui->view->playing == ViewState::Playing::Cache;

  // Played: one token per kPlaySeconds, then a pause at the last.
  const double now = ImGui::GetTime();
  if (playing && now - last_advance_ >= kPlaySeconds) {
    last_advance_ = now;
    if (t + 1 < n)
      ui->request(request::SetCacheStep{part, t + 1});
    else
      ui->request(request::Play{ViewState::Playing::Nothing});
  }

  ImGui::BeginDisabled(t == 0 || playing);
  // TRANSLATORS: a button: show the step before, generating one token at a time.
  if (ImGui::Button(tr("◀ Back"))) ui->request(request::SetCacheStep{part, t - 1});
  name_item("##cache-back");
  ImGui::EndDisabled();
  ImGui::SameLine();
  // TRANSLATORS: which token is being made: "Making "sat": token 3 of 4".
  const std::string making =
      trf("Making \"{token}\": token {t} of {n}", {{"token", tp.tokens[static_cast<size_t>(token)]},
                                                   {"t", std::to_string(t + 1)},
                                                   {"n", std::to_string(n)}});
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(making.c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(t + 1 >= n || playing);
  // TRANSLATORS: a button: make the next token, generating one token at a time.
  if (ImGui::Button(tr("Next ▶"))) ui->request(request::SetCacheStep{part, t + 1});
  name_item("##cache-next");
  ImGui::EndDisabled();
  // TRANSLATORS: buttons: make the tokens one after another by themselves, and stop.
  const char* play = playing ? tr("Pause") : tr("Play");
  same_line_if_fits(ImGui::CalcTextSize(play).x + ImGui::GetStyle().FramePadding.x * 2.0f);
  if (ImGui::Button(play)) {
    if (playing) {
      ui->request(request::Play{ViewState::Playing::Nothing});
    } else {
      if (t + 1 >= n) ui->request(request::SetCacheStep{part, 0});  // from the start again
      last_advance_ = now;
      ui->request(request::Play{ViewState::Playing::Cache});
    }
  }
  name_item("##cache-play");
  draw_counts(t);
  if (t + 1 == n) draw_agreement();
  ImGui::Spacing();
  ImGui::PopID();
}

bool CachePanel::handle_keys() {
  const int part = ui->part();
  const int n = static_cast<int>(ui->trace().parts[part].tokens.size());
  const int t = ui->session->state().parts[part].options.cache_step;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
  if (pressed(ImGuiKey_RightArrow) && t + 1 < n) {
    ui->request(request::SetCacheStep{part, t + 1});
    return true;
  }
  if (pressed(ImGuiKey_LeftArrow) && t > 0) {
    ui->request(request::SetCacheStep{part, t - 1});
    return true;
  }
  return false;
}

//-----------------------------------------------------------------------------
// [SECTION] What it cost
//-----------------------------------------------------------------------------

void CachePanel::draw_counts(int t) {
  const TraceMatrix* macs = ui->in_part(Stage::macs);
  if (!macs) return;
  const int index = ui->trace().index_of(macs->key);
  // macs is (N, 4) in either layout: per step, with the cache and without,
  // and their totals so far.
  auto at = [&](int col) { return at_token(*macs, t, col); };
  if (ui->covered(index) || !std::isfinite(at(0)) || !std::isfinite(at(1))) {
    muted_wrapped(covered_text(ui->asked_step(index)));
    return;
  }
  const std::string count =
      // TRANSLATORS: multiply-adds of one generation step: with the cache the new token's
      // query meets the kept keys; without it every earlier token is computed again.
      trf("This token: {cached} multiply-adds with the cache, {recomputed} without it.",
          {{"cached", number_text(at(0), 0)}, {"recomputed", number_text(at(1), 0)}});
  ImGui::TextWrapped("%s", wrappable(count).c_str());
  const std::string total =
      // TRANSLATORS: the same counts added up over every token made so far.
      trf("So far: {cached} with the cache, {recomputed} without.",
          {{"cached", number_text(at(2), 0)}, {"recomputed", number_text(at(3), 0)}});
  muted_wrapped(total);
}

//-----------------------------------------------------------------------------
// [SECTION] One at a time, the same rows
//-----------------------------------------------------------------------------

void CachePanel::draw_agreement() {
  const TraceMatrix* made = ui->in_part(Stage::made);
  const TraceMatrix* whole = ui->in_part(Stage::output);
  if (!made || !whole) return;
  const Trace& trace = ui->trace();
  if (ui->covered(trace.index_of(made->key)) || ui->covered(trace.index_of(whole->key))) return;
  const std::vector<int>& order = trace.parts[ui->part()].order;
  const int rows = token_count(*made), dims = std::min(dim_count(*made), dim_count(*whole));
  double largest = 0.0;
  for (int r = 0; r < rows; ++r) {
    const int token = static_cast<size_t>(r) < order.size() ? order[static_cast<size_t>(r)] : r;
    if (token >= token_count(*whole)) return;
    for (int j = 0; j < dims; ++j) {
      const double d = std::fabs(at_token(*made, r, j) - at_token(*whole, token, j));
      if (!std::isfinite(d)) return;  // an entry still covered
      largest = std::max(largest, d);
    }
  }
  // TRANSLATORS: at the last generated token: the rows made one step at a time, each from
  // the cache, are the rows of causal attention computed all at once. {difference} is a
  // number such as 0 or 2.2e-16.
  const std::string same =
      trf("Every row made one at a time equals the whole causal attention's output (largest "
          "difference {difference}).",
          {{"difference", largest == 0.0 ? std::string("0") : number_text(largest, 2)}});
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(ui->palette().good));
  ImGui::TextWrapped("%s", wrappable(same).c_str());
  ImGui::PopStyleColor();
}

}  // namespace attn::ui
