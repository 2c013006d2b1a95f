// Predictions and challenges from a lesson file. Sections:
//   [SECTION] Predictions
//   [SECTION] Challenges
//   [SECTION] A step's activities, and the solutions
#include "core/load/activity_reader.h"

#include "core/lesson/state_link.h"
#include "core/text/translation.h"

namespace attn {

const ActivityKeys& activity_keys() {
  static const ActivityKeys keys = {
      {"id", "title", "formula", "text", "show", "precision", "predict", "challenges"},
      {"id", "ask", "pick", "choices", "estimate", "reveal"},
      {"largest", "smallest"},
      {"text", "when"},
      {"measure", "min", "max", "within"},
      {"id", "task", "goal", "allowed", "meter", "status", "hints", "success", "solution"},
      {"measure", "target"},
      {"measure", "min", "max", "within"},
      {"task", "goal", "allowed", "success"},
      {"pick", "choices", "estimate"},
  };
  return keys;
}

ActivityReader::ActivityReader(Reader& r, const Part& part, int part_index)
    : r_(r), logic_(r, part, part_index), reveal_(r, part, part_index, /*extras=*/true) {}

bool ActivityReader::unique_id(const json& v, const Pointer& path, std::set<std::string>& ids,
                               std::string& out) {
  if (!r_.identifier(v, path, "id", Limits::kMaxIdChars, true, out)) return false;
  if (!ids.insert(out).second)
    return r_.fail(path / "id",
                   // TRANSLATORS: {id} is a prediction's or challenge's id as the lesson file
                   // writes it; no two of them may share one.
                   trf("\"{id}\" is used twice (prediction and challenge ids)", {{"id", out}}));
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Predictions
//-----------------------------------------------------------------------------

bool ActivityReader::prediction(const json& v, const Pointer& path, Prediction& out) {
  if (!r_.known_keys(v, path, activity_keys().prediction)) return false;
  if (!v.contains("ask"))
    // TRANSLATORS: {key} is a key of the lesson file, kept in English ("ask"): a prediction's
    // question.
    return r_.fail(path, trf("missing key \"{key}\" (the question)", {{"key", "ask"}}));
  if (!logic_.text(v["ask"], path / "ask", out.ask)) return false;
  int kinds = 0;
  for (const std::string& kind : activity_keys().prediction_kinds) kinds += v.contains(kind);
  if (kinds != 1)
    // TRANSLATORS: "pick", "choices" and "estimate" are keys of the lesson file, kept in English.
    return r_.fail(path, tr("a prediction has exactly one of \"pick\", \"choices\", \"estimate\""));

  if (v.contains("pick")) {  // {"largest": SLICE} or {"smallest": SLICE}
    out.kind = Prediction::Kind::Pick;
    const json& p = v["pick"];
    const Pointer pp = path / "pick";
    if (!r_.expect_object(p, pp) || !r_.known_keys(p, pp, activity_keys().pick)) return false;
    if (p.size() != 1)
      // TRANSLATORS: keep what is in braces as it is: it is how a lesson file writes it.
      return r_.fail(pp, tr("expected {\"largest\": ...} or {\"smallest\": ...}"));
    out.pick.smallest = p.contains("smallest");
    const char* which = out.pick.smallest ? "smallest" : "largest";
    if (!logic_.slice(p[which], pp / which, out.pick.slice)) return false;
  } else if (v.contains("choices")) {
    out.kind = Prediction::Kind::Choose;
    const json& list = v["choices"];
    const Pointer lp = path / "choices";
    if (!list.is_array() || list.size() < 2 || list.size() > ActivityLimits::kMaxChoices)
      return r_.fail(lp,
                     // TRANSLATORS: a prediction's choices of answer; {max} is a number. Keep
                     // {"text", "when"} as it is: the keys each choice has in a lesson file.
                     trnf("expected 2 to {max} choice, each {\"text\", \"when\"}",
                          "expected 2 to {max} choices, each {\"text\", \"when\"}",
                          static_cast<unsigned long>(ActivityLimits::kMaxChoices),
                          {{"max", std::to_string(ActivityLimits::kMaxChoices)}}));
    for (size_t i = 0; i < list.size(); ++i) {
      const json& c = list[i];
      Choice choice;
      if (!r_.expect_object(c, lp / i) || !r_.known_keys(c, lp / i, activity_keys().choice) ||
          !r_.text(c, lp / i, "text", Limits::kMaxTitleChars, true, choice.text))
        return false;
      if (!c.contains("when"))
        return r_.fail(lp / i,
                       // TRANSLATORS: {key} is a key of the lesson file, kept in English ("when").
                       trf("missing key \"{key}\" (when this choice is right)", {{"key", "when"}}));
      if (!logic_.condition(c["when"], lp / i / "when", choice.when)) return false;
      out.choices.push_back(std::move(choice));
    }
  } else {  // {"measure": MEASURE, "min": 0, "max": 1, "within": 0.05}
    out.kind = Prediction::Kind::Estimate;
    const json& e = v["estimate"];
    const Pointer ep = path / "estimate";
    if (!r_.expect_object(e, ep) || !r_.known_keys(e, ep, activity_keys().estimate)) return false;
    for (const std::string& key : activity_keys().estimate_required)
      if (!e.contains(key)) return r_.fail(ep, trf("missing key \"{key}\"", {{"key", key}}));
    Estimate& x = out.estimate;
    if (!logic_.measure(e["measure"], ep / "measure", x.measure) ||
        !r_.number(e["min"], ep / "min", Limits::kMaxAbsValue, x.min) ||
        !r_.number(e["max"], ep / "max", Limits::kMaxAbsValue, x.max) ||
        !r_.number(e["within"], ep / "within", Limits::kMaxAbsValue, x.within))
      return false;
    if (!(x.min < x.max))
      // TRANSLATORS: said of an estimate's "max"; "min" is a key of the lesson file, kept in
      // English.
      return r_.fail(ep / "max", tr("must be larger than \"min\""));
    if (!(x.within > 0)) return r_.fail(ep / "within", tr("must be larger than 0"));
  }
  if (!v.contains("reveal"))
    return r_.fail(
        path,
        // TRANSLATORS: {key} is a key of the lesson file, kept in English ("reveal"):
        // what a prediction shows once answered.
        trf("missing key \"{key}\" (what the answer shows, and why)", {{"key", "reveal"}}));
  return reveal_.blocks(v["reveal"], path / "reveal", out.reveal);
}

//-----------------------------------------------------------------------------
// [SECTION] Challenges
//-----------------------------------------------------------------------------

bool ActivityReader::challenge(const json& v, const Pointer& path, Challenge& out) {
  if (!r_.known_keys(v, path, activity_keys().challenge)) return false;
  for (const std::string& key : activity_keys().challenge_required)
    if (!v.contains(key)) return r_.fail(path, trf("missing key \"{key}\"", {{"key", key}}));
  if (!logic_.text(v["task"], path / "task", out.goal_text) ||
      !logic_.condition(v["goal"], path / "goal", out.goal) ||
      !logic_.changes(v["allowed"], path / "allowed", out.allowed) ||
      !logic_.blocks(v["success"], path / "success", out.success))
    return false;
  if (v.contains("meter")) {  // {"measure": MEASURE, "target": number}
    const json& m = v["meter"];
    const Pointer mp = path / "meter";
    if (!r_.expect_object(m, mp) || !r_.known_keys(m, mp, activity_keys().meter)) return false;
    if (!m.contains("measure") || !m.contains("target"))
      // TRANSLATORS: keep what is in braces as it is: it is how a lesson file writes a meter.
      return r_.fail(mp, tr("expected {\"measure\": ..., \"target\": number}"));
    out.meter.emplace();
    if (!logic_.measure(m["measure"], mp / "measure", *out.meter) ||
        !r_.number(m["target"], mp / "target", Limits::kMaxAbsValue, out.target))
      return false;
  }
  if (v.contains("status") && !logic_.text(v["status"], path / "status", out.status)) return false;
  if (v.contains("hints")) {
    const json& hints = v["hints"];
    if (!hints.is_array() || hints.size() > ActivityLimits::kMaxHints)
      return r_.fail(path / "hints",
                     // TRANSLATORS: a challenge's hints; {count} is a number.
                     trnf("expected a list of at most {count} hint",
                          "expected a list of at most {count} hints",
                          static_cast<unsigned long>(ActivityLimits::kMaxHints),
                          {{"count", std::to_string(ActivityLimits::kMaxHints)}}));
    for (size_t i = 0; i < hints.size(); ++i) {
      out.hints.emplace_back();
      if (!logic_.text(hints[i], path / "hints" / i, out.hints.back())) return false;
    }
  }
  if (v.contains("solution")) {
    if (!v["solution"].is_object())
      return r_.fail(path / "solution",
                     // TRANSLATORS: a challenge's solution is written as the app's links write
                     // the lesson's state (their "state", kept in English).
                     tr("expected a state, as a link's \"state\" is written"));
    // Decoded once the lesson is whole (check_solutions): a state of the whole lesson.
  }
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] A step's activities, and the solutions
//-----------------------------------------------------------------------------

bool ActivityReader::read(const json& step, const Pointer& path, StepSpec& out,
                          std::set<std::string>& ids) {
  auto list = [&](const char* key, auto&& one) {
    if (!step.contains(key)) return true;
    const json& v = step[key];
    const Pointer lp = path / key;
    if (!v.is_array() || v.empty() || v.size() > ActivityLimits::kMaxPerStep)
      return r_.fail(lp,
                     // TRANSLATORS: a step's predictions or challenges; {count} is a number.
                     trf("expected a list of 1 to {count}",
                         {{"count", std::to_string(ActivityLimits::kMaxPerStep)}}));
    for (size_t i = 0; i < v.size(); ++i) {
      if (!r_.expect_object(v[i], lp / i)) return false;
      if (!one(v[i], lp / i)) return false;
    }
    return true;
  };
  return list("predict",
              [&](const json& v, const Pointer& p) {
                Prediction x;
                if (!unique_id(v, p, ids, x.id) || !prediction(v, p, x)) return false;
                out.predictions.push_back(std::move(x));
                return true;
              }) &&
         list("challenges", [&](const json& v, const Pointer& p) {
           Challenge x;
           if (!unique_id(v, p, ids, x.id) || !challenge(v, p, x)) return false;
           out.challenges.push_back(std::move(x));
           return true;
         });
}

bool check_solutions(Reader& r, Lesson& lesson, const json& doc,
                     const std::vector<Pointer>& steps_at) {
  for (size_t p = 0; p < lesson.parts.size(); ++p)
    for (size_t s = 0; s < lesson.parts[p].steps.size(); ++s) {
      std::vector<Challenge>& challenges = lesson.parts[p].steps[s].challenges;
      for (size_t c = 0; c < challenges.size(); ++c) {
        const Pointer at = steps_at[p] / s / "challenges" / c / "solution";
        const json* solution = value_at(doc, at);
        if (!solution) continue;
        DecodedState d = decode_state_json(lesson, *solution, "the solution");
        if (!d.state)
          return r.fail(at,
                        // TRANSLATORS: a challenge's solution, written as a link's state, does
                        // not fit the lesson; {reason} says why, in English.
                        trf("not a state of this lesson: {reason}", {{"reason", d.error}}));
        challenges[c].solution = std::move(*d.state);
      }
    }
  return true;
}

}  // namespace attn
