// A step's predictions and challenges in the editor's form (the format:
// docs/lessons.md, "Predictions and challenges"). Each field names the JSON
// pointer it edits, as the rest of the form does. A condition of the common
// shape has fields of its own (conditions.js); other conditions, measures and
// solutions, which are small JSON objects, are typed as JSON in their field.
import { conditionFields, tokenLists, tokenSelect } from "./conditions.js";
import { keyTokenOf, keyTokens, pointerOf, tokenOf } from "./draft.js";
import { FORMAT } from "./format.js";
import { sentenceFields } from "./sentences.js";
import { NP_ } from "./words.js";

// The ways a prediction asks, from the format's description (its kinds, a
// pick by each of its sides): "pick-largest", "pick-smallest", "choices",
// "estimate".
export const predictionKinds = (format = FORMAT) =>
  format.steps.prediction_kinds.flatMap((k) =>
    k === "pick" ? format.steps.keys.pick.map((side) => `pick-${side}`) : [k],
  );
export const PREDICTION_KINDS = predictionKinds();

export function predictionKind(p) {
  if (p.pick && p.pick.smallest) return "pick-smallest";
  if (p.pick) return "pick-largest";
  if (p.choices) return "choices";
  if (p.estimate) return "estimate";
  return "pick-largest";
}

// A new prediction or challenge, valid as it stands on the lesson's tokens,
// asks about row `q` (a token's index); its other tokens are the next ones,
// so the default winner differs from the row.
const count = (lesson) => Math.max(1, Array.isArray(lesson.tokens) ? lesson.tokens.length : 0);
// The k-th key after row q: a memory's token in cross-attention, else the lesson's.
const after = (lesson, q, k) => keyTokenOf(lesson, keyTokens(lesson).length ? q + k : (q + k) % count(lesson));
const largest = (lesson, q) => ({ of: "weights", query: tokenOf(lesson, q) });

// The row prediction `p` asks about, as an index of the lesson's tokens (0
// when it names none of them), so that asking another way keeps it.
export function rowOf(p, lesson) {
  const when = (Array.isArray(p.choices) && p.choices[0] && p.choices[0].when) || {};
  const slice =
    (p.pick && (p.pick.largest || p.pick.smallest)) ||
    when.largest ||
    when.smallest ||
    (p.estimate && p.estimate.measure && p.estimate.measure.value) ||
    {};
  const i = Array.isArray(lesson.tokens) ? lesson.tokens.indexOf(slice.query) : -1;
  return i < 0 ? 0 : i;
}

// The prediction `p` asked another way: its answer's part replaced, the rest
// kept, on row `q`.
export function withKind(p, kind, lesson, q = rowOf(p, lesson)) {
  const out = { ...p };
  for (const k of FORMAT.steps.prediction_kinds) delete out[k];
  if (kind === "pick-largest") out.pick = { largest: largest(lesson, q) };
  else if (kind === "pick-smallest") out.pick = { smallest: largest(lesson, q) };
  else if (kind === "choices")
    out.choices = [1, 2].map((k) => ({
      text: String(after(lesson, q, k)),
      when: { largest: largest(lesson, q), is: after(lesson, q, k) },
    }));
  else
    out.estimate = {
      measure: { value: { ...largest(lesson, q), key: after(lesson, q, 1) } },
      min: 0,
      max: 1,
      within: 0.1,
    };
  return out;
}

// The n-th one added (from 1) asks about token n − 1, round the tokens.
export function newPrediction(lesson, n) {
  return withKind(
    {
      id: `prediction-${n}`,
      ask: NP_("page", "Which word will it attend to most?"),
      reveal: NP_("page", 'You picked "{picked}"; the answer is "{answer}".'),
    },
    "pick-largest",
    lesson,
    (n - 1) % count(lesson),
  );
}
export function newChallenge(lesson, n) {
  const q = (n - 1) % count(lesson);
  return {
    id: `challenge-${n}`,
    task: NP_("page", "Change one number so that another word wins."),
    goal: { largest: largest(lesson, q), is: after(lesson, q, 1) },
    allowed: { only: ["W_k"] },
    hints: [],
    success: NP_("page", "Solved."),
  };
}

// The fields of step `i`'s predictions and challenges. `field(label, control,
// pointer, hint)` and `element`, `text` are the form's own (fields.js);
// `asJson`, the conditions' pointers the instructor writes as JSON.
export function activityFields(step, i, { field, element, text }, lesson, asJson = new Set()) {
  const condition = (value, base, legend, json) =>
    conditionFields(value, base, lesson, { field, element, text }, { labels: { legend, json }, asJson });
  const parts = [];
  const json = (value, rows = 2) =>
    element("textarea", { rows, spellcheck: "false", "data-kind": "json" }, [
      value === undefined ? "" : JSON.stringify(value),
    ]);
  const button = (action, label, j) =>
    element("button", { type: "button", "data-action": action, "data-index": i, "data-item": j, text: label });

  (Array.isArray(step.predict) ? step.predict : []).forEach((p, j) => {
    const at = (...keys) => pointerOf(["steps", i, "predict", j, ...keys]);
    const kind = predictionKind(p);
    const select = element(
      "select",
      { "data-action": "prediction-kind", "data-index": i, "data-item": j },
      PREDICTION_KINDS.map((k) =>
        element("option", {
          value: k,
          selected: k === kind,
          text: {
            "pick-largest": NP_("page", "Pick where it is largest"),
            "pick-smallest": NP_("page", "Pick where it is smallest"),
            choices: NP_("page", "Choose among answers"),
            estimate: NP_("page", "Estimate a number"),
          }[k],
        }),
      ),
    );
    const box = [
      element("legend", { text: NP_("page", "Prediction {n}").replace("{n}", j + 1) }),
      field(NP_("page", "Id"), text(p.id, { spellcheck: "false" }), at("id")),
      field(NP_("page", "Question"), text(p.ask), at("ask")),
      field(NP_("page", "How the learner answers"), select, at("kind")),
    ];
    if (kind.startsWith("pick")) {
      const side = kind === "pick-largest" ? "largest" : "smallest";
      const slice = p.pick[side] || {};
      box.push(
        field(NP_("page", "Matrix"), text(slice.of, { spellcheck: "false" }), at("pick", side, "of")),
        field(
          NP_("page", "Its row (a token)"),
          tokenSelect(slice.query, tokenLists(lesson).rows, { element, text }),
          at("pick", side, "query"),
        ),
      );
    } else if (kind === "choices") {
      p.choices.forEach((c, k) =>
        box.push(
          field(NP_("page", "Answer {n}").replace("{n}", k + 1), text(c.text), at("choices", k, "text")),
          condition(
            c.when,
            at("choices", k, "when"),
            NP_("page", "Right when"),
            NP_("page", "Right when (a condition, JSON)"),
          ),
        ),
      );
    } else {
      box.push(
        field(NP_("page", "The number (a measure, JSON)"), json(p.estimate.measure), at("estimate", "measure")),
        field(
          NP_("page", "From, to, and how close is right"),
          text([p.estimate.min, p.estimate.max, p.estimate.within].join(", "), { "data-kind": "estimate-range" }),
          at("estimate"),
        ),
      );
    }
    box.push(
      sentenceFields(
        NP_("page", "Shown after the answer ({picked} and {answer} too)"),
        at("reveal"),
        p.reveal,
        { field, element, text },
        { lesson, asJson },
      ),
      button("remove-prediction", NP_("page", "Remove prediction"), j),
    );
    parts.push(element("fieldset", { className: "editor-activity" }, box));
  });

  (Array.isArray(step.challenges) ? step.challenges : []).forEach((c, j) => {
    const at = (...keys) => pointerOf(["steps", i, "challenges", j, ...keys]);
    const allowed = c.allowed || {};
    parts.push(
      element("fieldset", { className: "editor-activity" }, [
        element("legend", { text: NP_("page", "Challenge {n}").replace("{n}", j + 1) }),
        field(NP_("page", "Id"), text(c.id, { spellcheck: "false" }), at("id")),
        field(NP_("page", "Task"), text(c.task), at("task")),
        condition(c.goal, at("goal"), NP_("page", "Goal"), NP_("page", "Goal (a condition, JSON)")),
        field(
          NP_("page", "Numbers the learner may change (names, by commas)"),
          text((allowed.only || []).join(", "), { spellcheck: "false", "data-kind": "list" }),
          at("allowed", "only"),
        ),
        field(
          NP_("page", "At most this many numbers changed (empty: any number)"),
          element("input", { type: "number", min: 1, step: 1, value: allowed.cells_at_most ?? "" }),
          at("allowed", "cells_at_most"),
        ),
        field(
          NP_("page", "Hints, one per line"),
          element("textarea", { rows: 2, "data-kind": "lines" }, [(c.hints || []).join("\n")]),
          at("hints"),
        ),
        field(NP_("page", "Said when solved"), text(c.success, { "data-live": "" }), at("success")),
        field(NP_("page", "A solution (JSON, optional)"), json(c.solution), at("solution")),
        button("remove-challenge", NP_("page", "Remove challenge"), j),
      ]),
    );
  });

  parts.push(
    element("div", { className: "editor-row" }, [
      button("add-prediction", NP_("page", "Add prediction")),
      button("add-challenge", NP_("page", "Add challenge")),
    ]),
  );
  return parts;
}

// What a typed field of these holds (null: not its kind), or {error}.
export function activityValue(control) {
  const kind = control.dataset.kind;
  if (kind === "json") {
    if (control.value.trim() === "") return { value: undefined };
    try {
      return { value: JSON.parse(control.value) };
    } catch (e) {
      return { error: NP_("page", "Not JSON yet: {why}").replace("{why}", e.message) };
    }
  }
  if (kind === "lines") return { value: control.value.split("\n").filter((line) => line.trim() !== "") };
  if (kind === "list")
    return {
      value: control.value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    };
  if (kind === "estimate-range") {
    const [min, max, within] = control.value
      .split(/[,;\s]+/)
      .filter((s) => s !== "")
      .map(Number);
    if (![min, max, within].every(Number.isFinite))
      return { error: NP_("page", "Write three numbers: from, to, and how close is right.") };
    return { merge: { min, max, within } };
  }
  return null;
}
