// What a learner sees of a prediction and a challenge, texts filled in (activity_view.h).
#include "core/learning/activity_view.h"

#include <algorithm>

#include "core/learning/progress.h"
#include "core/logic/render_text.h"
#include "core/text/translation.h"

namespace attn {

PredictionView view_prediction(const Prediction& p, const Evaluation& e,
                               const PredictionAnswer* given, int digits, const Cover* cover,
                               const Evaluation* then) {
  PredictionView v;
  v.skipped = given && given->skipped;
  v.answered = given && !given->skipped;
  // An answered question is one snapshot, its ask too: it quotes the numbers
  // its reveal speaks of. An open or a skipped one (no numbers kept) reads today's.
  const Evaluation& at = v.answered && then ? *then : e;
  Filling asked{at, digits, "", ""};
  asked.cover = cover;
  v.ask = render_text(p.ask, asked);
  v.options = prediction_options(p, at.now);
  if (v.skipped) v.answer = answer_text(p, e, digits);
  if (!v.answered) return v;
  v.right = given->right;
  v.picked = picked_text(p, at.now, given->picked);
  // Without the numbers then, the answer kept in no language is still theirs.
  v.answer = then ? answer_text(p, *then, digits) : answer_of_key(p, e.now, given->answer);
  if (given->answer != answer_key(p, e)) {
    v.answer_now = answer_text(p, e, digits);
    v.now_line =
        p.kind == Prediction::Kind::Estimate
            // TRANSLATORS: under the reveal of a prediction answered earlier: the
            // learner's numbers changed since, and with them the number asked about is
            // now {now}.
            ? trf("With your numbers now, it is {now}.", {{"now", v.answer_now}})
            // TRANSLATORS: under the reveal of a prediction answered earlier: the
            // learner's numbers changed since, and with them the right answer is now
            // {now} (one of the options).
            : trf("With your numbers now, the answer is \"{now}\".", {{"now", v.answer_now}});
  }
  if (!then)
    // TRANSLATORS: before an answered prediction's question and reveal when the numbers it was
    // answered on were not kept (work saved by an older version): both speak of the numbers now.
    v.numbers = tr("With your numbers now:");
  else if (!(then->state == e.state))
    // TRANSLATORS: before an answered prediction's question and reveal once the learner has
    // changed numbers since answering: their numbers are those of the moment they answered.
    v.numbers = tr("When you answered:");
  Filling filled{at, digits, v.picked, v.answer};
  filled.cover = cover;
  for (const TextBlock& b : p.reveal)
    if (!b.when || holds(*b.when, at)) v.reveal.push_back(render_text(b.text, filled));
  return v;
}

ChallengeView view_challenge(const Challenge& c, const Evaluation& e, const Part& part,
                             int hints_shown, bool solved, int digits, const Cover* cover,
                             const Evaluation* solved_with) {
  ChallengeView v;
  Filling f{e, digits, "", ""};
  f.cover = cover;
  v.task = render_text(c.goal_text, f);
  v.allowed = allowed_text(c.allowed, part);
  v.status = render_text(c.status, f);
  v.now = challenge_status(c, e);
  v.solved = solved || v.now.solved();
  const int shown = std::clamp(hints_shown, 0, static_cast<int>(c.hints.size()));
  for (int i = 0; i < shown; ++i) v.hints.push_back(render_text(c.hints[i], f));
  v.hints_left = static_cast<int>(c.hints.size()) - shown;
  if (!v.solved) return v;
  const Evaluation& at = solved_with ? *solved_with : e;
  if (solved_with && !(solved_with->state == e.state))
    // TRANSLATORS: before a solved challenge's success text once the learner has changed
    // numbers since solving it: the text's numbers are those it was solved with.
    v.numbers = tr("When you solved it:");
  Filling then{at, digits, "", ""};
  then.cover = cover;
  for (const TextBlock& b : c.success)
    if (!b.when || holds(*b.when, at)) v.success.push_back(render_text(b.text, then));
  return v;
}

}  // namespace attn
