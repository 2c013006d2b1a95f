// The lesson editor's draft without the page: a lesson file as a JSON object,
// its places named by JSON pointers (as the loader names an error's place),
// the changes a change of tokens brings, the undo history, and the draft kept
// in local storage. Everything here runs under node's test runner
// (tests/web/editor/draft.test.mjs).
import { FORMAT, inputAxes, inputNames, inputPointer, splitByHeads } from "./format.js";
import { NP_ } from "./words.js";

export const DRAFT_KEY = "attention-lab:v1:draft";
export const DAMAGED_PREFIX = "attention-lab:v1:draft-damaged:";

// A lesson to start from: three tokens, inputs drawn as numpy draws them
// (np.random.seed, then np.random.normal), valid as it stands.
export function blankLesson() {
  return {
    id: "my-lesson",
    title: "My lesson",
    source: "",
    tokens: ["The", "cat", "sat"],
    random: [
      { seed: 0, label: "inputs", draws: [{ name: "X", fn: "normal", shape: [3, 4] }] },
      {
        seed: 1,
        label: "parameters",
        draws: [
          { name: "W_q", fn: "normal", shape: [4, 4] },
          { name: "W_k", fn: "normal", shape: [4, 4] },
          { name: "W_v", fn: "normal", shape: [4, 4] },
        ],
      },
    ],
    steps: [
      { id: "weights", title: "Attention weights", text: "Each row of the weights sums to 1.", show: ["weights"] },
    ],
  };
}

// Token `i` of the lesson, or its index when it has no such token.
export const tokenOf = (lesson, i) =>
  Array.isArray(lesson.tokens) && lesson.tokens[i] !== undefined ? lesson.tokens[i] : i;
// The tokens a row of the weights runs over: the memory's in cross-attention
// (its weights are N × M), else the lesson's own.
export const keyTokens = (lesson) =>
  lesson.memory && Array.isArray(lesson.memory.tokens)
    ? lesson.memory.tokens
    : Array.isArray(lesson.tokens)
      ? lesson.tokens
      : [];
// The key `i` places on (round the keys), or `i` itself without names.
export const keyTokenOf = (lesson, i) => {
  const keys = keyTokens(lesson);
  return keys.length ? keys[i % keys.length] : i;
};
// A condition valid on any lesson's tokens, to start from: the first token
// attends most to the second key.
export const defaultCondition = (lesson) => ({
  largest: { of: "weights", query: tokenOf(lesson, 0) },
  is: keyTokenOf(lesson, 1),
});

// The lesson file as the editor writes it (and "Download lesson" saves).
export const lessonText = (lesson) => `${JSON.stringify(lesson, null, 2)}\n`;

// JSON pointers (RFC 6901), as the loader's errors name places: "/steps/1/text".
export function pointerParts(pointer) {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}
export const pointerOf = (parts) => parts.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

export function getAt(value, pointer) {
  for (const part of pointerParts(pointer)) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

// Sets (or, with `undefined`, removes) the value at `pointer`, making the
// objects on the way; the lesson is changed in place.
export function setAt(lesson, pointer, value) {
  const parts = pointerParts(pointer);
  if (!parts.length) throw new Error("cannot replace the whole lesson here");
  let at = lesson;
  for (const part of parts.slice(0, -1)) {
    if (at[part] === null || typeof at[part] !== "object") at[part] = {};
    at = at[part];
  }
  const last = parts[parts.length - 1];
  if (value === undefined) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else {
    at[last] = value;
  }
}

// Of the fields' pointers, the one an error at `path` belongs to: the field
// itself, else the nearest field holding it ("/X/2/1" goes to the field
// "/X"); null when no field holds it.
export function fieldFor(path, pointers) {
  let best = null;
  for (const p of pointers)
    if ((path === p || path.startsWith(`${p}/`)) && (best === null || p.length > best.length)) best = p;
  return best;
}

// The tokens become `tokens`: every input with one row (or column) per token
// (the format's width "N") gets as many, so a lesson that was valid stays
// valid. Random draws change their shape; numbers typed in keep theirs, and a
// new token's numbers are zeros, or 1/N in an (N, N) input (attention weights
// given directly).
export function setTokens(lesson, tokens, format = FORMAT) {
  const before = Array.isArray(lesson.tokens) ? lesson.tokens.length : 0;
  lesson.tokens = tokens;
  resizeTokens(lesson, "N", before, tokens.length, format);
}

// The memory's tokens (cross-attention) become `tokens`: the inputs with one
// row (or column) per memory token (the format's width "M", the memory's X)
// get as many, as setTokens does for the lesson's own.
export function setMemoryTokens(lesson, tokens, format = FORMAT) {
  if (!lesson.memory || typeof lesson.memory !== "object" || Array.isArray(lesson.memory)) lesson.memory = {};
  const before = Array.isArray(lesson.memory.tokens) ? lesson.memory.tokens.length : 0;
  lesson.memory.tokens = tokens;
  resizeTokens(lesson, "M", before, tokens.length, format);
}

function resizeTokens(lesson, which, before, after, format) {
  if (before === after || before === 0) return;
  for (const input of inputsOf(lesson, format)) {
    const axes = inputAxes(input.name, lesson.layout, format);
    const fill = axes[0] === "N" && axes[1] === "N" ? 1 / after : 0;
    const shape = shapeOf(input, axes);
    axes.forEach((width, k) => {
      if (width !== which || shape[k] !== before) return;
      if (input.draw) input.draw.shape[k] = after;
      else resize(input.matrix, k, after, fill);
    });
  }
}

// A matrix as a learner types it: one row per line, numbers split by commas
// or spaces. Returns {matrix} or {error}.
export function parseMatrix(text) {
  const rows = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (!rows.length) return { error: NP_("page", "No numbers: write one row per line.") };
  const matrix = [];
  for (const [i, line] of rows.entries()) {
    const cells = line.split(/[\s,;]+/).filter((c) => c !== "");
    const row = cells.map((c) => Number(c.replace(/^\u2212/, "-")));
    const bad = cells.findIndex((c, j) => !Number.isFinite(row[j]));
    if (bad >= 0)
      return {
        error: NP_("page", 'Row {row}: "{text}" is not a number.')
          .replace("{row}", i + 1)
          .replace("{text}", cells[bad]),
      };
    // "0,5" reads as two numbers: rows of different lengths, where a decimal
    // comma is the likely cause, say so.
    const comma = matrix.length && row.length !== matrix[0].length ? rows.findIndex((l) => /\d,\d/.test(l)) : -1;
    if (comma >= 0)
      return {
        error: NP_(
          "page",
          'Row {row}: "{text}" has a decimal comma. Write decimals with a point (0.5): commas and spaces separate numbers.',
        )
          .replace("{row}", comma + 1)
          .replace("{text}", /[^\s;]*\d,\d[^\s;]*/.exec(rows[comma])[0]),
      };
    if (matrix.length && row.length !== matrix[0].length)
      return {
        error: NP_("page", "Row {row} is not as long as row 1: {count} against {first}.")
          .replace("{row}", i + 1)
          .replace("{count}", row.length)
          .replace("{first}", matrix[0].length),
      };
    matrix.push(row);
  }
  return { matrix };
}
export const matrixText = (matrix) => matrix.map((row) => row.join(", ")).join("\n");

// Undo and redo over the draft's texts. Typing in one field within `mergeMs`
// is one step, as a text editor's undo takes it.
export class History {
  constructor(text, limit = 200, mergeMs = 800) {
    this.past = [];
    this.future = [];
    this.current = text;
    this.limit = limit;
    this.mergeMs = mergeMs;
    this.lastField = null;
    this.lastAt = -Infinity;
  }
  change(text, field = null, now = 0) {
    if (text === this.current) return;
    const merge = field !== null && field === this.lastField && now - this.lastAt < this.mergeMs;
    if (!merge) {
      this.past.push(this.current);
      if (this.past.length > this.limit) this.past.shift();
    }
    this.current = text;
    this.future = [];
    this.lastField = field;
    this.lastAt = now;
  }
  get canUndo() {
    return this.past.length > 0;
  }
  get canRedo() {
    return this.future.length > 0;
  }
  undo() {
    if (!this.past.length) return null;
    this.future.push(this.current);
    this.current = this.past.pop();
    this.lastField = null;
    return this.current;
  }
  redo() {
    if (!this.future.length) return null;
    this.past.push(this.current);
    this.current = this.future.pop();
    this.lastField = null;
    return this.current;
  }
}

// The draft in storage: {"version": 1, "text": the lesson file as typed}.
// A draft that cannot be read is set aside under its own key (so nothing is
// lost) and reported once: {text: null, damaged: key}.
export function readDraft(storage, now = Date.now()) {
  if (!storage) return { text: null };
  let raw;
  try {
    raw = storage.getItem(DRAFT_KEY);
  } catch (e) {
    return { text: null };
  }
  if (raw === null) return { text: null };
  try {
    const kept = JSON.parse(raw);
    if (kept && kept.version === 1 && typeof kept.text === "string") {
      const lesson = JSON.parse(kept.text);
      if (lesson && typeof lesson === "object" && !Array.isArray(lesson)) return { text: kept.text };
    }
  } catch (e) {
    /* damaged: below */
  }
  const aside = DAMAGED_PREFIX + now;
  try {
    storage.setItem(aside, raw);
    storage.removeItem(DRAFT_KEY);
  } catch (e) {
    /* storage full: the draft stays where it is, and is not read */
  }
  return { text: null, damaged: aside };
}
export function writeDraft(storage, text) {
  if (!storage) return false;
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, text }));
    return true;
  } catch (e) {
    return false;
  }
}

// The inputs a lesson has: [{name, draw}] for random draws, [{name, matrix}]
// typed in, where the description says a lesson writes them (P at
// "positions", the memory's at "memory/X").
function inputsOf(lesson, format) {
  const names = inputNames(format);
  const out = [];
  for (const group of Array.isArray(lesson.random) ? lesson.random : [])
    for (const draw of Array.isArray(group.draws) ? group.draws : [])
      if (names.includes(draw.name) && Array.isArray(draw.shape)) out.push({ name: draw.name, draw });
  for (const name of names) {
    const matrix = getAt(lesson, inputPointer(name, format));
    if (Array.isArray(matrix) && matrix.length) out.push({ name, matrix });
  }
  return out;
}

// An input's shape as written: a flat list (a bias) runs along its axis that
// is not "1".
function shapeOf(input, axes) {
  if (input.draw) return input.draw.shape;
  const m = input.matrix;
  if (!Array.isArray(m[0])) return axes.map((width) => (width === "1" ? 1 : m.length));
  return [m.length, m[0].length];
}

// Numbers typed in, `n` along axis `k`: cut, or padded with `fill`.
function resize(m, k, n, fill = 0) {
  const pad = (list, make) => {
    while (list.length < n) list.push(make());
    list.length = n;
  };
  if (!Array.isArray(m[0])) pad(m, () => fill);
  else if (k === 0) pad(m, () => new Array(m[0].length).fill(fill));
  else for (const row of m) pad(row, () => fill);
}

// A draw for one head has its share of a width the heads split.
const heads = (lesson) => (Number.isInteger(lesson.heads) && lesson.heads > 0 ? lesson.heads : 1);
const perHead = (input, width, format) => input.draw && input.draw.head !== undefined && splitByHeads(width, format);

// The widths the inputs have ({d, d_k, d_v, d_out}: the format's names), each
// as the first input that has it says (undefined: none says); the tokens'
// and the memory's counts (N, M) are their lists' lengths, not widths.
export function sizesOf(lesson, format = FORMAT) {
  const sizes = {};
  for (const input of inputsOf(lesson, format)) {
    const axes = inputAxes(input.name, lesson.layout, format);
    const shape = shapeOf(input, axes);
    axes.forEach((width, k) => {
      if (width === "N" || width === "M" || width === "1" || sizes[width] !== undefined) return;
      sizes[width] = perHead(input, width, format) ? shape[k] * heads(lesson) : shape[k];
    });
  }
  return sizes;
}

// One width becomes `n` in every input that has it: random draws change their
// shape (a draw for one head its share); numbers typed in keep theirs, new
// ones are 0.
export function setSize(lesson, which, n, format = FORMAT) {
  for (const input of inputsOf(lesson, format)) {
    const axes = inputAxes(input.name, lesson.layout, format);
    axes.forEach((width, k) => {
      if (width !== which) return;
      if (!input.draw) return resize(input.matrix, k, n);
      if (k < input.draw.shape.length)
        input.draw.shape[k] = perHead(input, width, format) ? Math.max(1, Math.floor(n / heads(lesson))) : n;
    });
  }
}

// An input switched between drawn at random and typed, its numbers kept
// where they can be (docs/editor.md). typeDraws: random group g's draws
// become the numbers they made (`drawn`: the app's drawnInputs, {name: rows}),
// written as the lesson writes each (a flat list where the draw's shape is
// one number); the group goes. Returns "" or why not.
export function typeDraws(lesson, g, drawn) {
  const groups = Array.isArray(lesson.random) ? lesson.random : [];
  const group = groups[g];
  if (!group || !Array.isArray(group.draws)) return NP_("page", "There is no such group of random draws.");
  const names = [...new Set(group.draws.map((d) => d.name))];
  const shared = names.find((n) => groups.some((other, k) => k !== g && (other.draws || []).some((d) => d.name === n)));
  if (shared)
    return NP_("page", "{name} is drawn in another group too: switch that group first.").replace("{name}", shared);
  for (const name of names) {
    const rows = drawn[name];
    if (!rows) return NP_("page", "The lesson draws no {name}.").replace("{name}", name);
    const flat = group.draws.some((d) => d.name === name && Array.isArray(d.shape) && d.shape.length === 1);
    setAt(lesson, inputPointer(name), flat ? rows.flat() : rows);
  }
  groups.splice(g, 1);
  if (!groups.length) delete lesson.random;
  return "";
}
// drawInput: the typed input `name` drawn at random instead, in a group of
// its own (seed 0, numpy's normal), its shape kept.
export function drawInput(lesson, name) {
  const at = inputPointer(name);
  const typed = getAt(lesson, at);
  if (!Array.isArray(typed)) return NP_("page", "{name} is not typed in.").replace("{name}", name);
  const shape = Array.isArray(typed[0]) ? [typed.length, typed[0].length] : [typed.length];
  setAt(lesson, at, undefined);
  lesson.random = [
    ...(Array.isArray(lesson.random) ? lesson.random : []),
    { seed: 0, draws: [{ name, fn: "normal", shape }] },
  ];
  return "";
}
