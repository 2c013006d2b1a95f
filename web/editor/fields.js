// The editor's form: one field per place of the lesson file, each named by the
// JSON pointer of what it edits (data-pointer), so that the loader's error at
// a place shows at its field (draft.js, fieldFor). Fields are the browser's
// own inputs: any script, composition (IME) for Chinese, Japanese and Korean,
// Tab order, screen readers. Predictions and challenges have fields of their
// own (activities.js, their conditions conditions.js), as translations have
// (translations.js), a condition not of the simple shape in a JSON box; what
// has none (variants) is edited in the lesson file's text, the last field.
import { getAt, matrixText, pointerOf, sizesOf } from "./draft.js";
import { activityFields } from "./activities.js";
import { FORMAT, inputNames, inputPointer, keyMatrices } from "./format.js";
import { sentenceFields } from "./sentences.js";
import { translationFields } from "./translations.js";
import { NP_ } from "./words.js";

const { defaults: DEFAULTS, limits: LIMITS } = FORMAT;

let ids = 0;
export function element(tag, attributes = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "className") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

// A labelled field with room for its error under it.
function field(label, control, pointer, hint = "") {
  const id = `editor-field-${++ids}`;
  control.id = id;
  control.dataset.pointer = pointer;
  const error = element("p", { className: "editor-error", id: `${id}-error`, hidden: true, role: "alert" });
  const parts = [element("label", { for: id, text: label }), control];
  if (hint) {
    const h = element("p", { className: "editor-hint", id: `${id}-hint`, text: hint });
    control.setAttribute("aria-describedby", h.id);
    parts.push(h);
  }
  parts.push(error);
  return element("div", { className: "editor-field" }, parts);
}
const text = (value, extra = {}) => element("input", { type: "text", value: value ?? "", ...extra });

// The whole form for `lesson`, in the learner's language; `texts`, the
// translatable texts the app found in it (translations.js).
// `asJson`, the conditions' pointers the instructor chose to write as JSON.
export function buildForm(lesson, { language = "", texts = [], asJson = new Set() } = {}) {
  const form = element("div", { className: "editor-form" });
  const section = (title) => {
    const s = element("fieldset", {}, [element("legend", { text: title })]);
    form.append(s);
    return s;
  };

  const about = section(NP_("page", "The lesson"));
  about.append(
    field(NP_("page", "Lesson title"), text(lesson.title), "/title"),
    field(NP_("page", "Source line (which notebook or course it follows)"), text(lesson.source), "/source"),
    field(NP_("page", "Id (a-z, 0-9, - and _; names the file)"), text(lesson.id, { spellcheck: "false" }), "/id"),
  );

  const tokens = section(NP_("page", "Tokens"));
  const list = element("ol", { className: "editor-tokens" });
  (Array.isArray(lesson.tokens) ? lesson.tokens : []).forEach((token, i) => {
    const input = text(token, { "data-token": i, "aria-label": NP_("page", "Token {n}").replace("{n}", i + 1) });
    input.dataset.pointer = `/tokens/${i}`;
    const remove = element("button", {
      type: "button",
      "data-action": "remove-token",
      "data-index": i,
      text: "×",
      "aria-label": NP_("page", "Remove token {n}").replace("{n}", i + 1),
    });
    list.append(element("li", {}, [input, remove]));
  });
  tokens.append(
    list,
    element("p", { className: "editor-error", hidden: true, role: "alert", "data-error-for": "/tokens" }),
    element("button", { type: "button", "data-action": "add-token", text: NP_("page", "Add token") }),
  );

  const settings = section(NP_("page", "Settings"));
  const layout = element(
    "select",
    {},
    FORMAT.words.layout.map((l) =>
      element("option", { value: l, text: l, selected: (lesson.layout || DEFAULTS.layout) === l }),
    ),
  );
  const causal = element("input", { type: "checkbox", checked: lesson.causal === true });
  settings.append(
    field(
      NP_("page", "Layout"),
      layout,
      "/layout",
      "rows: Q = X·W_q · rows_transposed_weights: Q = X·W_qᵀ · columns: Q = Ω_q·X + β_q",
    ),
    field(
      NP_("page", "Heads"),
      element("input", { type: "number", min: 1, max: LIMITS.heads, value: lesson.heads ?? DEFAULTS.heads }),
      "/heads",
    ),
    field(
      NP_("page", "Scale"),
      text(typeof lesson.scale === "number" ? String(lesson.scale) : (lesson.scale ?? DEFAULTS.scale)),
      "/scale",
      NP_("page", "sqrt_dk, none, or a number to divide the scores by"),
    ),
    field(NP_("page", "Causal (each token sees only itself and earlier ones)"), causal, "/causal"),
    field(
      NP_("page", "Digits shown"),
      element("input", {
        type: "number",
        min: 0,
        max: LIMITS.precision,
        value: lesson.precision ?? DEFAULTS.precision,
      }),
      "/precision",
    ),
  );

  // Word order and generating (docs/lessons.md): the keys' words and limits
  // are the description's. Given positions (P) are numbers, edited with the
  // inputs below at /positions, so the choice of none or sinusoidal shows
  // only where they are not given; "train" is edited in the lesson file's text.
  const positions = element(
    "select",
    {},
    [["", NP_("page", "none")], ...FORMAT.words.positions.map((w) => [w, w])].map(([value, label]) =>
      element("option", { value, text: label, selected: (lesson.positions ?? "") === value }),
    ),
  );
  if (!Array.isArray(lesson.positions))
    settings.append(field(NP_("page", "Positions added to X"), positions, "/positions"));
  settings.append(
    field(
      NP_("page", "Rotary positions (RoPE)"),
      element("input", { type: "checkbox", checked: !!lesson.rope }),
      "/rope",
    ),
    field(
      NP_("page", "First token's position"),
      element("input", {
        type: "number",
        min: 0,
        max: LIMITS.first_position,
        value: lesson.first_position ?? DEFAULTS.first_position,
      }),
      "/first_position",
    ),
    field(
      NP_("page", "Generate with a KV cache (needs causal)"),
      element("input", { type: "checkbox", checked: lesson.kv_cache === true }),
      "/kv_cache",
    ),
  );
  if (lesson.kv_cache === true)
    settings.append(
      field(
        NP_("page", "Cache step shown"),
        element("input", {
          type: "number",
          min: 0,
          max: Math.max(0, (Array.isArray(lesson.tokens) ? lesson.tokens.length : 1) - 1),
          value: lesson.cache_step ?? DEFAULTS.cache_step,
        }),
        "/cache_step",
      ),
    );
  if (lesson.memory && typeof lesson.memory === "object" && !Array.isArray(lesson.memory))
    settings.append(
      field(
        NP_("page", "Memory tokens (cross-attention), by commas"),
        text((Array.isArray(lesson.memory.tokens) ? lesson.memory.tokens : []).join(", ")),
        "/memory/tokens",
      ),
    );

  const inputs = section(NP_("page", "Inputs"));
  // The widths, as the inputs have them (the format's names: d is d_model):
  // a change reshapes every input that has one.
  const sizes = sizesOf(lesson);
  const labels = {
    d: NP_("page", "Width of each token's vector (d_model)"),
    d_k: NP_("page", "Width of queries and keys (d_k)"),
    d_v: NP_("page", "Width of values (d_v)"),
  };
  for (const which of Object.keys(labels))
    if (sizes[which] !== undefined) {
      const input = element("input", {
        type: "number",
        min: 1,
        max: LIMITS.dim,
        value: sizes[which],
        "data-action": "size",
        "data-size": which,
      });
      inputs.append(field(labels[which], input, `#${which}`));
    }
  (Array.isArray(lesson.random) ? lesson.random : []).forEach((group, g) => {
    const names = (Array.isArray(group.draws) ? group.draws : []).map((d) => `${d.name} ${JSON.stringify(d.shape)}`);
    inputs.append(
      field(
        NP_("page", "Seed of the random draws {names}").replace("{names}", names.join(", ")),
        element("input", { type: "number", min: 0, value: group.seed ?? 0 }),
        `/random/${g}/seed`,
      ),
      element("button", {
        type: "button",
        "data-action": "type-draws",
        "data-index": g,
        text: NP_("page", "Type these numbers instead (keeps the numbers drawn)"),
      }),
    );
  });
  for (const name of inputNames()) {
    const at = inputPointer(name); // P at /positions, the memory's at /memory/X
    const matrix = getAt(lesson, at);
    if (Array.isArray(matrix))
      inputs.append(
        field(
          NP_("page", "{matrix}: one row per line").replace("{matrix}", name),
          element("textarea", { rows: Math.min(matrix.length + 1, 8), spellcheck: "false", "data-matrix": name }, [
            matrixText(matrix.map((r) => (Array.isArray(r) ? r : [r]))),
          ]),
          at,
        ),
        element("button", {
          type: "button",
          "data-action": "draw-input",
          "data-name": name,
          text: NP_("page", "Draw {matrix} at random instead").replace("{matrix}", name),
        }),
      );
  }

  const steps = section(NP_("page", "Steps"));
  const tokenNames = Array.isArray(lesson.tokens) ? lesson.tokens : [];
  (Array.isArray(lesson.steps) ? lesson.steps : []).forEach((step, i) => {
    const at = (key) => pointerOf(["steps", i, key]);
    const box = element("fieldset", { className: "editor-step", "data-pointer-box": `/steps/${i}` }, [
      element("legend", { text: NP_("page", "Step {n}").replace("{n}", i + 1) }),
      field(NP_("page", "Step title"), text(step.title), at("title")),
      field(
        NP_("page", "Id (optional: names the step in links and the host API)"),
        text(step.id, { spellcheck: "false" }),
        at("id"),
      ),
      field(NP_("page", "Formula"), text(step.formula, { spellcheck: "false", "data-live": "" }), at("formula")),
      sentenceFields(
        NP_("page", "Text"),
        at("text"),
        step.text,
        { field, element, text },
        {
          lesson,
          asJson,
          preview: true,
          hint: NP_("page", "Live values in braces, for example {example}: docs/lessons.md lists them all").replace(
            "{example}",
            `{weights[${tokenNames[0] ?? 0}, ${tokenNames[1] ?? 0}]:2}`,
          ),
        },
      ),
      field(
        NP_("page", "Matrices shown (names, by commas)"),
        text((step.show || []).join(", "), { spellcheck: "false" }),
        at("show"),
        ["X", "W_q", "Q", "K", "V", "scores", "scaled", "weights", "output", ...keyMatrices(lesson)].join(", "),
      ),
      ...activityFields(step, i, { field, element, text }, lesson, asJson),
      element("div", { className: "editor-row" }, [
        element("button", {
          type: "button",
          "data-action": "step-up",
          "data-index": i,
          text: NP_("page", "Move up"),
          disabled: i === 0,
        }),
        element("button", {
          type: "button",
          "data-action": "step-down",
          "data-index": i,
          text: NP_("page", "Move down"),
          disabled: i === lesson.steps.length - 1,
        }),
        element("button", {
          type: "button",
          "data-action": "remove-step",
          "data-index": i,
          text: NP_("page", "Remove step"),
        }),
      ]),
    ]);
    steps.append(box);
  });
  steps.append(
    element("p", { className: "editor-error", hidden: true, role: "alert", "data-error-for": "/steps" }),
    element("button", { type: "button", "data-action": "add-step", text: NP_("page", "Add step") }),
  );

  section(NP_("page", "Translations")).append(...translationFields(lesson, language, texts, { field, element, text }));

  const file = section(NP_("page", "The lesson file"));
  file.append(
    field(
      NP_("page", "Everything, as JSON (predictions, challenges, translations and the rest: docs/lessons.md)"),
      element("textarea", { rows: 14, spellcheck: "false", className: "editor-json", "data-kind": "json" }),
      "",
    ),
  );
  return form;
}

// What a field holds, as the lesson file writes it (undefined: the key goes).
export function fieldValue(control, lesson) {
  const pointer = control.dataset.pointer;
  if (control.type === "checkbox") return control.checked ? true : undefined;
  if (control.type === "number") return control.value === "" ? undefined : Number(control.value);
  if (pointer === "/scale") {
    const v = control.value.trim();
    return v === "" ? undefined : Number.isFinite(Number(v)) ? Number(v) : v;
  }
  if (/^\/steps\/\d+\/show$/.test(pointer))
    return control.value
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  if (pointer === "/source" && control.value === "") return undefined;
  if (/^\/steps\/\d+\/id$/.test(pointer) && control.value.trim() === "") return undefined;
  if (pointer === "/positions" && control.value === "") return undefined;
  if (pointer === "/memory/tokens")
    return control.value
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  return control.value;
}
