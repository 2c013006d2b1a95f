// Live values offered as they are typed: "{" in a text of the lesson opens a
// list of placeholders made from the lesson's own matrices and tokens
// (docs/lessons.md, "Text that follows the numbers"); arrows choose, Enter
// or Tab inserts, Escape closes. The list is an ARIA listbox the text field
// controls.
import { FORMAT, axisKinds, isTokenAxis, keyMatrices } from "./format.js";

// The placeholders a lesson's text may use, most useful first, made from what
// runs along each matrix's axes (the format's description, format.js): a
// token axis is named by the lesson's tokens, a dimension by its index; a
// number's first index is its token (or query) wherever that runs, as the
// loader reads it; "largest" names the token of a row's largest number, so
// only where the columns are tokens. A name no matrix has is passed over.
// The matrices the lesson's keys bring (format.js, keyMatrices: P and X_P with
// positions, the turned Q and K with rope, each step's with kv_cache, the loss
// and gradients with train) come after those. A key's axis is named by the
// memory's tokens where the lesson has a memory (cross-attention's keys).
export function suggestions(lesson, shown = [], format = FORMAT) {
  const names = (list) => (Array.isArray(list) ? list : []).map(String);
  const tokens = names(lesson.tokens);
  const memory = lesson.memory && typeof lesson.memory === "object" ? names(lesson.memory.tokens) : [];
  const along = (kind) => (kind === "key" && memory.length ? memory : tokens);
  const out = [];
  const matrices = [...shown, "weights", "scaled", "scores", "output", ...keyMatrices(lesson, format)];
  for (const m of new Set(matrices)) {
    const kinds = axisKinds(m, format);
    if (!kinds) continue;
    const [first, second] = !isTokenAxis(kinds[0]) && isTokenAxis(kinds[1]) ? [kinds[1], kinds[0]] : kinds;
    const rows = along(first);
    const row = isTokenAxis(first) ? (rows[0] ?? "0") : "0";
    if (!isTokenAxis(second)) {
      out.push(`{${m}[${row}, 0]:2}`, `{max ${m}[${row}]:2}`, `{row ${m}[${row}]:2}`);
      continue;
    }
    const cols = along(second);
    const col = cols === rows ? (cols[1] ?? cols[0] ?? "0") : (cols[0] ?? "0");
    out.push(`{${m}[${row}, ${col}]:2}`, `{largest ${m}[${row}]}`, `{max ${m}[${row}]:2}`, `{row ${m}[${row}]:2}`);
    if (isTokenAxis(first)) for (const t of rows.slice(1)) out.push(`{largest ${m}[${t}]}`);
  }
  out.push("{scale}", "{divisor}", "{mask}");
  return [...new Set(out)];
}

// What is typed after the last "{" before the caret, if the brace is open.
export function openBrace(text, caret) {
  const at = text.lastIndexOf("{", caret - 1);
  if (at < 0 || text.slice(at, caret).includes("}")) return null;
  return { at, typed: text.slice(at, caret) };
}

let ids = 0;
const keyHandlers = new WeakMap(); // text field -> its keydown handler
// A keydown for a text field with completion (the page hands keys over: web/page/keys.js).
export function completionKey(event) {
  const handler = keyHandlers.get(event.target);
  if (handler) handler(event);
}

// Completion for a text field; `list()` gives the suggestions when it opens.
export function attachCompletion(control, list, element) {
  const box = element("ul", { role: "listbox", className: "editor-completion", id: `editor-completion-${++ids}` });
  box.hidden = true;
  control.after(box);
  control.setAttribute("aria-autocomplete", "list");
  control.setAttribute("aria-controls", box.id);
  let active = 0;
  let shown = [];
  const close = () => {
    box.hidden = true;
    control.setAttribute("aria-expanded", "false");
    control.removeAttribute("aria-activedescendant");
  };
  const insert = (value) => {
    const open = openBrace(control.value, control.selectionStart);
    if (!open) return close();
    control.setRangeText(value, open.at, control.selectionStart, "end");
    close();
    control.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const draw = () => {
    box.replaceChildren(
      ...shown.map((s, i) => {
        const item = element("li", { role: "option", id: `${box.id}-${i}`, "aria-selected": i === active, text: s });
        item.addEventListener("mousedown", (event) => {
          event.preventDefault(); // the field keeps the focus
          insert(s);
        });
        return item;
      }),
    );
    control.setAttribute("aria-activedescendant", `${box.id}-${active}`);
  };
  control.addEventListener("input", () => {
    const open = openBrace(control.value, control.selectionStart);
    if (!open) return close();
    shown = list()
      .filter((s) => s.startsWith(open.typed))
      .slice(0, 12);
    if (!shown.length) return close();
    active = 0;
    box.hidden = false;
    control.setAttribute("aria-expanded", "true");
    draw();
  });
  keyHandlers.set(control, (event) => {
    if (box.hidden) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      active = (active + (event.key === "ArrowDown" ? 1 : shown.length - 1)) % shown.length;
      draw();
    } else if (event.key === "Enter" || event.key === "Tab") {
      insert(shown[active]);
    } else if (event.key === "Escape") {
      close();
    } else {
      return;
    }
    event.preventDefault();
  });
  control.addEventListener("blur", close);
}
