// Judging a learner's predictions and challenges on the numbers (answers.h).
#include "core/logic/answers.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/lesson/lesson.h"
#include "core/logic/reads.h"
#include "core/logic/render_text.h"
#include "core/text/number_text.h"
#include "core/text/translation.h"
#include "core/trace/trace.h"

namespace attn {

namespace {

// The keys along a slice: the column labels of a row, the row labels of a column.
std::vector<std::string> keys_of(const SliceSpec& s, const Trace& t) {
  const TraceMatrix* m = t.find(s.matrix);
  if (!m) return {};
  return s.column ? m->rows : m->cols;
}

Condition changed_condition(const ChangeRule& rule, int part) {
  Condition c;
  c.kind = Condition::Kind::Changed;
  c.changes = rule;
  c.part = part;
  return c;
}

}  // namespace

std::vector<MatrixKey> answer_reads(const Prediction& p) {
  std::vector<MatrixKey> out;
  for (const Region& r : answer_regions(p))
    if (std::find(out.begin(), out.end(), r.matrix) == out.end()) out.push_back(r.matrix);
  return out;
}

std::vector<std::string> prediction_options(const Prediction& p, const Trace& t) {
  switch (p.kind) {
    case Prediction::Kind::Pick:
      return keys_of(p.pick.slice, t);
    case Prediction::Kind::Choose: {
      std::vector<std::string> out;
      for (const Choice& c : p.choices) out.push_back(c.text);
      return out;
    }
    case Prediction::Kind::Estimate:
      break;
  }
  return {};
}

int right_option(const Prediction& p, const Evaluation& e) {
  switch (p.kind) {
    case Prediction::Kind::Pick:
      return largest_at(p.pick.slice, e.now, p.pick.smallest);
    case Prediction::Kind::Choose:
      for (size_t i = 0; i < p.choices.size(); ++i)
        if (holds(p.choices[i].when, e)) return static_cast<int>(i);
      return -1;
    case Prediction::Kind::Estimate:
      break;
  }
  return -1;
}

bool is_right(const Prediction& p, const Evaluation& e, double picked) {
  switch (p.kind) {
    case Prediction::Kind::Pick: {
      // Any key that ties for the largest is right.
      const std::vector<int> best = all_largest_at(p.pick.slice, e.now, p.pick.smallest);
      return std::find(best.begin(), best.end(), static_cast<int>(picked)) != best.end();
    }
    case Prediction::Kind::Choose: {
      const int i = static_cast<int>(picked);
      return i >= 0 && i < static_cast<int>(p.choices.size()) && holds(p.choices[i].when, e);
    }
    case Prediction::Kind::Estimate: {
      const double truth = measure(p.estimate.measure, e);
      return std::isfinite(truth) && std::fabs(picked - truth) <= p.estimate.within;
    }
  }
  return false;
}

std::string picked_text(const Prediction& p, const Trace& t, double picked) {
  if (p.kind == Prediction::Kind::Estimate) return number_text(picked, Estimate::kDigits);
  const std::vector<std::string> options = prediction_options(p, t);
  const int i = static_cast<int>(picked);
  return i >= 0 && i < static_cast<int>(options.size()) ? options[i] : "?";
}

std::string answer_text(const Prediction& p, const Evaluation& e, int digits) {
  if (p.kind == Prediction::Kind::Estimate) {
    const double truth = measure(p.estimate.measure, e);
    return std::isfinite(truth) ? number_text(truth, digits) : "?";
  }
  if (p.kind == Prediction::Kind::Pick) {  // every key that ties: "cat and sat"
    const std::vector<int> best = all_largest_at(p.pick.slice, e.now, p.pick.smallest);
    const std::vector<std::string> keys = keys_of(p.pick.slice, e.now);
    std::vector<std::string> tied;
    for (int i : best) tied.push_back(keys[i]);
    return tied.empty() ? "?" : and_list(tied);
  }
  return picked_text(p, e.now, right_option(p, e));
}

std::string answer_key(const Prediction& p, const Evaluation& e) {
  if (p.kind == Prediction::Kind::Estimate) return answer_text(p, e, 3);
  if (p.kind == Prediction::Kind::Pick) {
    const std::vector<std::string> keys = keys_of(p.pick.slice, e.now);
    std::string key;
    for (int i : all_largest_at(p.pick.slice, e.now, p.pick.smallest))
      key += (key.empty() ? "" : "\n") + keys[i];
    return key.empty() ? "?" : key;
  }
  const int right = right_option(p, e);
  return right < 0 ? "?" : std::to_string(right);
}

std::string answer_of_key(const Prediction& p, const Trace& t, const std::string& key) {
  if (p.kind == Prediction::Kind::Estimate) return key;
  if (p.kind == Prediction::Kind::Pick) {
    std::vector<std::string> tied;
    for (size_t start = 0;;) {
      const size_t end = key.find('\n', start);
      tied.push_back(key.substr(start, end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    return and_list(tied);
  }
  int i = -1;
  const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), i);
  if (error != std::errc() || end != key.data() + key.size() || i < 0) return key;
  return picked_text(p, t, i);
}

ChallengeStatus challenge_status(const Challenge& c, const Evaluation& e) {
  ChallengeStatus s;
  s.goal = holds(c.goal, e);
  s.within_rules = holds(changed_condition(c.allowed, c.goal.part), e);
  s.changed = !(e.state == e.defaults);
  if (c.meter) {
    Measure then = *c.meter;
    then.notebook = true;
    const double from = measure(then, e), now = measure(*c.meter, e);
    if (std::isfinite(from) && std::isfinite(now)) {
      const double span = c.target - from;
      s.closeness = span == 0.0 ? 1.0 : std::clamp((now - from) / span, 0.0, 1.0);
    }
  }
  return s;
}

std::string allowed_text(const ChangeRule& rule, const Part& part) {
  std::vector<std::string> what;
  for (Stage stage : rule.inputs) {
    const auto named = part.stage_names.find(stage);
    const std::string name =
        named != part.stage_names.end() ? named->second : std::string(stage_name(stage));
    if (rule.max_cells == 1)
      // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
      // a single number of the matrix {matrix} (a name such as "W_k", kept as it is).
      what.push_back(trf("one number of {matrix}", {{"matrix", name}}));
    else
      what.push_back(name);
  }
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // the softmax's temperature.
  if (rule.temperature) what.push_back(tr("the temperature"));
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // whether the causal mask is on.
  if (rule.mask) what.push_back(tr("the causal mask"));
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // the seeds of the random numbers (np.random.seed).
  if (rule.seeds) what.push_back(tr("the random seeds"));
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // scores and attention weights the learner sets by hand (what-ifs).
  if (rule.overrides) what.push_back(tr("what-if scores and weights"));
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // the order the words of the input stand in.
  if (rule.order) what.push_back(tr("the order of the tokens"));
  // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
  // the position the first word stands at (positions and RoPE count from it).
  if (rule.first_position) what.push_back(tr("the first position"));
  // TRANSLATORS: what a challenge lets the learner change when it allows no change at all, in
  // "You may change {allowed}.".
  if (what.empty()) return tr("nothing");
  const std::string out = or_list(what);
  if (rule.max_cells > 1)
    // TRANSLATORS: what a challenge lets the learner change, in "You may change {allowed}.":
    // {list} is what may be changed ("Q, K or the temperature"), and {count} (2 or more) how
    // many numbers of those matrices at most.
    return trnf("{list} (at most {count} number)", "{list} (at most {count} numbers)",
                static_cast<unsigned long>(rule.max_cells),
                {{"list", out}, {"count", std::to_string(rule.max_cells)}});
  return out;
}

}  // namespace attn
