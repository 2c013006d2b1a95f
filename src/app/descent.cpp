// "Show how gradient descent would do it" (App's part): the descent from the
// learner's numbers toward a challenge's goal, played a step a frame through
// requests (the challenge card asks), and the learner's numbers back: by
// "Back to my numbers", or when the learner goes to another step or lesson
// (App::apply's GoToStep, App::select), where no card shows what it plays.
// A change of numbers while it is shown (a drag, a typed number, a setting)
// ends it first and lands on the learner's numbers: the next descent step
// would overwrite it, and "Back to my numbers" would take it away.
// While it is shown, App::note_progress counts no solve.
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "app/app.h"
#include "core/learning/challenge_descent.h"

namespace attn::app {

std::string App::show_descent(const std::string& id) {
  Session& s = session_mut();
  const Challenge* c = find_challenge(s.lesson(), id);
  if (!c) return "no challenge " + quoted_value(id) + " in this lesson";
  std::optional<ui::DescentShown>& shown = slot_mut().descent;
  // Shown again: from the learner's numbers, not from where the last one ended.
  LessonState mine = shown ? shown->before : s.state();
  ChallengeDescent run = descend_challenge(s.lesson(), *c, mine, s.defaults());
  if (!run.unsupported.empty())
    return "gradient descent cannot do the challenge " + quoted_value(id) + ": " + run.unsupported;
  s.set_state(mine);
  shown = ui::DescentShown{id, std::move(mine), std::move(run), 0};
  view_.playing = ui::ViewState::Playing::Descent;
  return "";
}

void App::descent_step() {
  std::optional<ui::DescentShown>& shown = slot_mut().descent;
  if (!shown || shown->done()) {
    if (view_.playing == ui::ViewState::Playing::Descent)
      view_.playing = ui::ViewState::Playing::Nothing;
    return;
  }
  session_mut().set_state(shown->run.path[shown->shown++]);
  view_.playing = shown->done() ? ui::ViewState::Playing::Nothing : ui::ViewState::Playing::Descent;
}

bool App::changes_numbers(const ui::Request& request) {
  namespace r = ui::request;
  return std::visit(
      [](const auto& q) {
        using T = std::decay_t<decltype(q)>;
        return std::is_same_v<T, r::EditCell> || std::is_same_v<T, r::SetScaling> ||
               std::is_same_v<T, r::SetCausal> || std::is_same_v<T, r::SetSeed> ||
               std::is_same_v<T, r::SetOrder> || std::is_same_v<T, r::SetFirstPosition> ||
               std::is_same_v<T, r::SetCacheStep> || std::is_same_v<T, r::SetLearningRate> ||
               std::is_same_v<T, r::TrainStep> || std::is_same_v<T, r::ResetTraining> ||
               std::is_same_v<T, r::RemoveOverride> || std::is_same_v<T, r::ResetCell> ||
               std::is_same_v<T, r::ClearOverrides> || std::is_same_v<T, r::ResetNumbers> ||
               std::is_same_v<T, r::RestoreState>;
      },
      request);
}

void App::back_to_my_numbers() {
  std::optional<ui::DescentShown>& shown = slot_mut().descent;
  if (!shown) return;
  session_mut().set_state(shown->before);
  shown.reset();
  if (view_.playing == ui::ViewState::Playing::Descent)
    view_.playing = ui::ViewState::Playing::Nothing;
}

}  // namespace attn::app
