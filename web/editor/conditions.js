// A condition in the editor's form (docs/lessons.md, "Conditions"): the
// common shape, "in this row of this matrix, the largest (smallest) entry is
// at this token", gets fields and token selects, so a first lesson needs no
// JSON; any other condition, or one the instructor asks to write, is a JSON
// box. Both ways edit the same value, so the lesson stays as valid as it was.
// The detection and the fields' pointers run under node
// (tests/web/editor/conditions.test.mjs).
import { defaultCondition, getAt, keyTokens, pointerOf, pointerParts, setAt } from "./draft.js";
import { NP_ } from "./words.js";

export const SIDES = ["largest", "smallest"];

const isToken = (t) => typeof t === "string" || Number.isInteger(t);
const keysAre = (o, keys) =>
  o !== null && typeof o === "object" && !Array.isArray(o) && Object.keys(o).sort().join() === [...keys].sort().join();

// {side, of, query, is} for a condition of the simple shape
// {"largest"|"smallest": {"of": M, "query": T}, "is": U}, exactly those keys;
// null for any other (a "row" instead of a "query", "all", "within", …).
export function simpleCondition(c) {
  const side = SIDES.find((s) => keysAre(c, [s, "is"]));
  if (!side || !keysAre(c[side], ["of", "query"])) return null;
  const { of, query } = c[side];
  if (typeof of !== "string" || !isToken(query) || !isToken(c.is)) return null;
  return { side, of, query, is: c.is };
}

// The condition with its other side (largest ↔ smallest), the rest kept.
export function withSide(c, side) {
  const simple = simpleCondition(c);
  if (!simple || !SIDES.includes(side)) return c;
  return { [side]: { of: simple.of, query: simple.query }, is: simple.is };
}

// What a condition of another shape says of the simple one's parts: its
// side, matrix and row ("query", or "row"), and its winner; a simple
// condition inside an "all" or "any" says them all.
function simpleParts(c) {
  if (c === null || typeof c !== "object" || Array.isArray(c)) return {};
  for (const list of [c.all, c.any])
    if (Array.isArray(list)) {
      const inner = list.map(simpleCondition).find(Boolean);
      if (inner) return inner;
    }
  const side = SIDES.find((s) => c[s] !== null && typeof c[s] === "object" && !Array.isArray(c[s]));
  if (!side) return isToken(c.is) ? { is: c.is } : {};
  const slice = c[side];
  const parts = { side };
  if (typeof slice.of === "string") parts.of = slice.of;
  const row = slice.query ?? slice.row;
  if (isToken(row)) parts.query = row;
  if (isToken(c.is)) parts.is = c.is;
  return parts;
}

// "Use a simple goal": a simple condition stays as it is. Any other keeps
// what it says of the simple shape; what it does not say comes from a
// simple condition beside it (another answer of the same prediction: the
// same matrix and row), else from the default one, valid on the lesson's tokens.
function simpleFor(c, lesson, besides = []) {
  if (simpleCondition(c)) return c;
  const fallback = besides.map(simpleCondition).find(Boolean) || simpleCondition(defaultCondition(lesson));
  const { side, of, query, is } = { ...fallback, ...simpleParts(c) };
  return { [side]: { of, query }, is };
}

// The conditions beside the one at `base` in the same list: the other
// answers' "when" of a prediction's choices.
function conditionsBeside(lesson, base) {
  const parts = pointerParts(base);
  if (parts.length < 3) return [];
  const [index, key] = parts.slice(-2);
  const list = getAt(lesson, pointerOf(parts.slice(0, -2)));
  if (!Array.isArray(list) || !/^\d+$/.test(index)) return [];
  return list.filter((_, i) => String(i) !== index).map((item) => item?.[key]);
}

// The lesson after `action` on the condition at `base`: "condition-side"
// (to `side`), "condition-json" (the same condition, written as JSON),
// "condition-simple" (fields again). `asJson` is kept with it.
export function editCondition(lesson, base, action, asJson, side) {
  const c = getAt(lesson, base);
  if (action === "condition-side") setAt(lesson, base, withSide(c, side));
  else if (action === "condition-json") asJson.add(base);
  else if (action === "condition-simple") {
    asJson.delete(base);
    setAt(lesson, base, simpleFor(c, lesson, conditionsBeside(lesson, base)));
  } else throw new Error(`not a condition action: ${action}`);
}

// The tokens a condition's row and its winner are picked from: rows are the
// lesson's tokens, keys the memory's in cross-attention.
export function tokenLists(lesson) {
  return { rows: Array.isArray(lesson.tokens) ? lesson.tokens : [], keys: keyTokens(lesson) };
}

// A select of `tokens`; a value not among them (a typo in the file, an
// index) is offered too, so the field shows what the file says. Without a
// list (a lesson in parts has one per part), the token is typed.
export function tokenSelect(value, tokens, { element, text }) {
  if (!tokens.length) return text(value, { spellcheck: "false" });
  const names = [...new Set(tokens.map(String))];
  if (value !== undefined && !names.includes(String(value))) names.push(String(value));
  return element(
    "select",
    {},
    names.map((t) => element("option", { value: t, text: t, selected: t === String(value) })),
  );
}

// The fields of the condition `value` at `base` (a JSON pointer). `labels`:
// {legend, json, simple}, the group's name, the JSON box's and the button's
// that brings the fields back (by default "Use a simple goal"); `asJson`, the
// pointers the instructor chose to write as JSON. `field`, `element`, `text`
// are the form's own (fields.js).
export function conditionFields(value, base, lesson, { field, element, text }, { labels, asJson = new Set() }) {
  const simple = asJson.has(base) ? null : simpleCondition(value);
  const button = (action, words) =>
    element("button", { type: "button", "data-action": action, "data-base": base, text: words });
  if (!simple) {
    const box = element("textarea", { rows: 2, spellcheck: "false", "data-kind": "json" }, [
      value === undefined ? "" : JSON.stringify(value),
    ]);
    return element("div", { className: "editor-condition", "data-pointer-box": base }, [
      field(labels.json, box, base),
      button("condition-simple", labels.simple || NP_("page", "Use a simple goal")),
    ]);
  }
  const { rows, keys } = tokenLists(lesson);
  const at = (...keys) => [base, ...keys].join("/"); // the sides and "of", "query", "is" need no escaping
  const side = element(
    "select",
    { "data-action": "condition-side" },
    SIDES.map((s) =>
      element("option", {
        value: s,
        selected: s === simple.side,
        text: { largest: NP_("page", "Largest"), smallest: NP_("page", "Smallest") }[s],
      }),
    ),
  );
  return element("fieldset", { className: "editor-condition", "data-pointer-box": base }, [
    element("legend", { text: labels.legend }),
    field(NP_("page", "Largest or smallest"), side, base),
    field(NP_("page", "Matrix"), text(simple.of, { spellcheck: "false" }), at(simple.side, "of")),
    field(
      NP_("page", "Its row (a token)"),
      tokenSelect(simple.query, rows, { element, text }),
      at(simple.side, "query"),
    ),
    field(NP_("page", "Where it should be (a token)"), tokenSelect(simple.is, keys, { element, text }), at("is")),
    button("condition-json", NP_("page", "Write the condition as JSON")),
  ]);
}
