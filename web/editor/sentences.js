// A text made of sentences, as a step's `text` and a prediction's `reveal`
// are (docs/lessons.md, "Text that follows the numbers"): a string, or a list
// of strings and {"text", "when"} objects. Each sentence gets its own field,
// and its condition fields of its own (conditions.js: a JSON box for one not
// of the simple shape); under a step's sentences, the preview's
// trace says how each reads now and whether its condition holds. The list
// operations are pure (tests/web/editor/sentences.test.mjs).
import { conditionFields } from "./conditions.js";
import { defaultCondition } from "./draft.js";
import { NP_ } from "./words.js";

// The sentences of a text: a string is one, a list its items, nothing none.
export const sentencesOf = (value) => (typeof value === "string" ? [value] : Array.isArray(value) ? value : []);

// Where sentence `j` of the text at `base` keeps its words and its condition.
export function sentencePointers(base, value, j) {
  if (typeof value === "string" || value === undefined) return { text: base, when: null };
  const s = value[j];
  return s !== null && typeof s === "object"
    ? { text: `${base}/${j}/text`, when: `${base}/${j}/when` }
    : { text: `${base}/${j}`, when: null };
}

// The text after `action` on its sentence `j` (undefined: the key goes).
// A text of one plain sentence stays a string until it gains another or a
// condition, so a lesson opened and saved unchanged is the same file.
export function editSentences(value, action, j, lesson) {
  const list = [...sentencesOf(value)];
  if (action === "sentence-add") return [...list, ""];
  if (action === "sentence-remove") {
    list.splice(j, 1);
    return list.length ? list : undefined;
  }
  const s = list[j];
  const words = s !== null && typeof s === "object" ? s.text : s;
  if (action === "sentence-when") list[j] = { text: words ?? "", when: defaultCondition(lesson) };
  else if (action === "sentence-always") list[j] = words ?? "";
  else throw new Error(`not a sentence action: ${action}`);
  return list;
}

// The fields of the text at `base` (a JSON pointer) whose value is `value`.
// `field`, `element` and `text` are the form's own (fields.js). With
// `preview`, each sentence has a line the trace fills (showSentencePreviews);
// `lesson` and `asJson` are the conditions' (conditionFields).
export function sentenceFields(
  label,
  base,
  value,
  { field, element, text },
  { preview = false, hint = "", lesson = {}, asJson = new Set() } = {},
) {
  const list = sentencesOf(value);
  const box = element("fieldset", { className: "editor-sentences", "data-pointer-box": base }, [
    element("legend", { text: label }),
  ]);
  const button = (action, words, j) =>
    element("button", { type: "button", "data-action": action, "data-base": base, "data-item": j, text: words });
  (list.length ? list : [""]).forEach((s, j) => {
    const at = sentencePointers(base, value, j);
    const words = s !== null && typeof s === "object" ? s.text : s;
    const n = String(j + 1);
    box.append(
      field(
        NP_("page", "Sentence {n}").replace("{n}", n),
        element("textarea", { rows: Math.min(6, 1 + Math.ceil(String(words ?? "").length / 45)), "data-live": "" }, [
          words ?? "",
        ]),
        at.text,
        j === 0 ? hint : "",
      ),
    );
    if (at.when)
      box.append(
        conditionFields(
          s.when,
          at.when,
          lesson,
          { field, element, text },
          {
            labels: {
              legend: NP_("page", "Sentence {n} holds when").replace("{n}", n),
              json: NP_("page", "Sentence {n} holds when (a condition, JSON)").replace("{n}", n),
              simple: NP_("page", "Use a simple condition"),
            },
            asJson,
          },
        ),
      );
    if (preview)
      box.append(
        element("p", {
          className: "editor-sentence-preview",
          "data-sentence": `${base}/${j}`,
          "data-words": at.text,
          "data-when": at.when ? "" : null,
        }),
      );
    box.append(
      element("div", { className: "editor-row" }, [
        at.when
          ? button("sentence-always", NP_("page", "Always say sentence {n}").replace("{n}", n), j)
          : button("sentence-when", NP_("page", "Say sentence {n} only when…").replace("{n}", n), j),
        list.length > 1 ? button("sentence-remove", NP_("page", "Remove sentence {n}").replace("{n}", n), j) : null,
      ]),
    );
  });
  box.append(button("sentence-add", NP_("page", "Add sentence"), list.length));
  return box;
}

// Each previewed sentence filled in with the shown lesson's numbers (its
// trace, which no open prediction covers: this is the instructor's view), and
// whether its condition holds for them; a sentence that holds and has no
// live value is left alone.
export function showSentencePreviews(panel, trace) {
  for (const line of panel.querySelectorAll(".editor-sentence-preview")) {
    const m = /^\/steps\/(\d+)\/text\/(\d+)$/.exec(line.dataset.sentence);
    const step = m && trace.steps[Number(m[1])];
    const s = step && step.sentences[Number(m[2])];
    line.replaceChildren();
    // Said only when it tells something: live values filled in, or a condition.
    const words = panel.querySelector(`[data-pointer="${CSS.escape(line.dataset.words)}"]`);
    if (!s || (!line.hasAttribute("data-when") && s.holds && words && words.value === s.text)) continue;
    line.dataset.holds = String(s.holds);
    line.append(
      Object.assign(document.createElement("strong"), {
        textContent: s.holds ? NP_("page", "With these numbers:") : NP_("page", "Not true for these numbers:"),
      }),
      ` ${s.text}`,
    );
  }
}
