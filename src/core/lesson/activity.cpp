// Finding a lesson's predictions and challenges by id (activity.h).
#include "core/lesson/activity.h"

#include "core/lesson/lesson.h"

namespace attn {

const Prediction* find_prediction(const Lesson& lesson, std::string_view id) {
  for (const Part& part : lesson.parts)
    for (const StepSpec& step : part.steps)
      for (const Prediction& p : step.predictions)
        if (p.id == id) return &p;
  return nullptr;
}

const Challenge* find_challenge(const Lesson& lesson, std::string_view id) {
  for (const Part& part : lesson.parts)
    for (const StepSpec& step : part.steps)
      for (const Challenge& c : step.challenges)
        if (c.id == id) return &c;
  return nullptr;
}

}  // namespace attn
