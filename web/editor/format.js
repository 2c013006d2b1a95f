// The lesson format as the core describes it (src/core/load/lesson_format.cpp,
// `attention-cli format`, kept fresh as python/attention_lab/lesson_format.json
// by ctest's format/description): the inputs, each input's shape as named
// widths and the layouts that write it transposed, the axes of what a lesson
// computes, the words, defaults and limits. The editor keeps no copy of these
// rules; every function here takes the description, so a test can hand it
// another (tests/web/editor/format.test.mjs).
import DESCRIPTION from "../../python/attention_lab/lesson_format.json" with { type: "json" };

export const FORMAT = DESCRIPTION;

const inputOf = (name, format) => format.inputs.find((i) => i.name === name) || null;
export const inputNames = (format = FORMAT) => format.inputs.map((i) => i.name);

// Where a lesson writes an input, as a JSON pointer: its name ("/X"), or the
// key the description gives it ("/positions" for P, "/memory/X" for the
// memory's); null for a name that is no input.
export function inputPointer(name, format = FORMAT) {
  const input = inputOf(name, format);
  return input ? `/${input.key ?? input.name}` : null;
}

// Whether a lesson (or part) says something with a key: present, not false.
const says = (lesson, key) => lesson[key] !== undefined && lesson[key] !== null && lesson[key] !== false;

// The matrices the lesson's keys bring (positions: P and X_P; rope: the
// angles and turned Q and K; kv_cache: each step's; train: the target, the
// loss, the gradients), in the description's order.
export const keyMatrices = (lesson, format = FORMAT) =>
  Object.entries(format.matrices_by_key ?? {})
    .filter(([key]) => says(lesson, key))
    .flatMap(([, names]) => names);

// The widths along an input's two axes as a lesson in `layout` writes it
// (["N", "d"], ["d_k", "1"]: "N" the tokens, "1" a single row or column);
// null for a name that is no input.
export function inputAxes(name, layout, format = FORMAT) {
  const input = inputOf(name, format);
  if (!input) return null;
  return input.transposed_in.includes(layout ?? format.defaults.layout)
    ? [input.cols, input.rows]
    : [input.rows, input.cols];
}

// Whether the heads split a width: a draw for one head has its share of it.
export const splitByHeads = (width, format = FORMAT) => format.widths.some((w) => w.name === width && w.split_by_heads);

// The stage a matrix's name in a lesson's text names: "weights" for
// "weights", "weights_h2", "value-64/weights@your_answer".
export const stageOf = (name) =>
  String(name)
    .replace(/^.*\//, "")
    .replace(/@.*$/, "")
    .replace(/_h\d+$/, "");

// What runs along a matrix's rows and columns ("token", "query", "key",
// "dim", "single", "position" or "step"), in the row layout; null for a name
// that is no matrix.
export const axisKinds = (name, format = FORMAT) =>
  Object.hasOwn(format.axes, stageOf(name)) ? format.axes[stageOf(name)] : null;
// Token labels have meaning along these; dimensions are indices.
export const isTokenAxis = (kind) => kind === "token" || kind === "query" || kind === "key";
