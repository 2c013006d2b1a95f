// A lesson's whole trace: the numbers, then each step's texts filled from them (build_trace.h).
#include "core/logic/build_trace.h"

#include <algorithm>

#include "core/logic/reads.h"
#include "core/logic/render_text.h"

namespace attn {

void fill_step_text(const StepSpec& spec, const Evaluation& numbers, const Cover* cover,
                    TraceStep& step) {
  Filling filling{numbers, std::min(step.precision, 3), "", ""};
  filling.cover = cover;
  step.formula = render_text(spec.formula, filling);
  step.text.clear();
  step.sentences.clear();
  for (const TextBlock& b : spec.text) {
    TraceSentence s{render_text(b.text, filling), !b.when || holds(*b.when, numbers)};
    if (cover && b.when) {
      std::vector<Region> reads;
      add_reads(reads, *b.when);
      s.covered = cover->touches(numbers.now, reads);
    }
    if (!s.covered) step.text += (step.text.empty() ? "" : " ") + s.text;
    step.sentences.push_back(std::move(s));
  }
}

Trace build_trace(const Lesson& lesson, const LessonState& state, const Trace* notebook,
                  const LessonState* defaults) {
  Trace trace = compute_trace(lesson, state);
  const Evaluation numbers{trace, notebook ? *notebook : trace, state,
                           defaults ? *defaults : state};
  for (TraceStep& step : trace.steps)
    fill_step_text(lesson.parts[step.part].steps[step.part_step], numbers, nullptr, step);
  return trace;
}

}  // namespace attn
