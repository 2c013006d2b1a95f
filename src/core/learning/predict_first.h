// Predict first: what a question still open keeps covered, everywhere the
// learner could read its answer (the live panel, thumbnails, plots, texts,
// figures, snippets, hover cards), from the lesson's first step until it is
// answered or skipped. The rule, for each prediction not yet settled:
//   - on its own step, the step's result as before the learner answers: the
//     matrices its answer is read from (answer_reads), the step's results
//     that give it away too (a variant of one; those that order the keys as
//     it does), a variant's own computation, and whatever follows from them,
//     each matrix whole;
//   - on every other step, only its answer: the entries its answer is read
//     from (a query's slice, one entry, a whole matrix for "same"), for a
//     pick also the same slice of the matrix's other variants (they order the
//     keys alike), and every entry computed from them. A matrix a step before
//     the question already shows as its result is the lesson's content, not
//     the answer (udl-multihead shows the true output at step 7 and asks at
//     step 8 whether "Your answer" equals it): it is left shown. So the
//     scores stay in view before a question on the weights, and so does
//     every other query's row.
// Explore mode covers nothing (the app asks for no cover). The API's trace
// stays complete; the UI reads the veiled trace (veiled()).
#pragma once

#include "core/learning/progress.h"
#include "core/lesson/lesson.h"
#include "core/logic/cover.h"
#include "core/logic/judge.h"
#include "core/trace/trace.h"

namespace attn {

// What the lesson's open predictions cover while the learner is on `step`
// (an index into trace.steps): every prediction `progress` has no answer
// (nor skip) for.
Cover cover_open_predictions(const Lesson& lesson, const Trace& trace,
                             const LessonProgress& progress, int step);

// What an answered question's reveal may not show: each open question's
// answer, and what follows from it. Not a step's result: a step that asks two
// questions keeps its result covered until both are answered, but the first's
// reveal shows the numbers it asked about ("cat" gives "chat" 0.61, not "?").
Cover cover_open_answers(const Lesson& lesson, const Trace& trace, const LessonProgress& progress);

// The step (an index into trace.steps) of the earliest question before
// prediction `p`'s step that is still open and covers what `p` reads: its
// question's numbers or its answer. `p` (one of the lesson's) cannot be
// answered until that one is: the learner jumped ahead, and step 5 asks for
// output[The, 0], read from the weights step 4's open question covers. -1 if
// none.
int waits_for(const Lesson& lesson, const Trace& trace, const LessonProgress& progress,
              const Prediction& p);

// The trace as the learner may see it: every covered entry NaN (number_text
// writes "?"; the numbers themselves are finite, so NaN means covered), and
// each step's formula and sentences filled in again with "?" for a
// placeholder that reads a covered entry; a sentence whose condition reads
// one is marked covered (whether it holds would tell). `numbers` judges the
// rest, as build_trace did.
Trace veiled(const Lesson& lesson, const Evaluation& numbers, const Cover& cover);

}  // namespace attn
