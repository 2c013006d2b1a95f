// A lesson's whole trace: its numbers (core/trace/trace.h) and each step's
// words filled in from them. Sentences that hold only under a condition are
// judged against the notebook's numbers too, so a sentence the learner's
// edits made untrue is marked (TraceSentence::holds).
#pragma once

#include "core/lesson/lesson.h"
#include "core/logic/cover.h"
#include "core/logic/judge.h"
#include "core/trace/trace.h"

namespace attn {

// Computes every part of the lesson from the given state, then fills each
// step's formula and sentences. Conditions are judged against `notebook`
// (the trace at `defaults`), or, when those are not given, against this
// state as if it were the notebook's.
Trace build_trace(const Lesson& lesson, const LessonState& state, const Trace* notebook = nullptr,
                  const LessonState* defaults = nullptr);

// Fills a step's formula, text and sentences from the numbers (build_trace
// does; core/learning/predict_first.h's veiled() again, with "?" for what a
// cover hides).
void fill_step_text(const StepSpec& spec, const Evaluation& numbers, const Cover* cover,
                    TraceStep& step);

}  // namespace attn
