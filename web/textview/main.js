// The text view's renderer: the current step as HTML text, tables and form
// controls (for screen readers, and instead of the canvas where WebGL2 is
// missing). Every word comes from the app (attn_text_view), in the learner's
// language. Its own file, loaded the first time the view opens (the page's
// web/page/textview.js), so the learner's first load carries none of it; the
// single file carries it inline.
import { $, el } from "../page/dom.js";

// The program's calls, as the page hands them over (web/page/program.js).
let call = null;
let json = null;

// `dir: "auto"` on the lesson's own text: a right-to-left title, token or
// sentence (Hebrew, Arabic) is laid out right to left by the browser, which
// the canvas cannot do (docs/lessons.md).
const own = { dir: "auto" };

function render() {
  const textView = $("text-view");
  if (textView.hidden) return;
  const view = json("attn_text_view");
  const body = $("text-view-body");
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
  const answering = answerInProgress(body);
  body.replaceChildren();
  const select = $("text-view-lesson");
  select.replaceChildren(...view.lessons.map((l) => el("option", l.title, { value: l.id, ...own }))); // titles, not ids
  select.value = view.lesson;
  const labels = view.labels;
  $("text-view-position").textContent = view.position;
  $("text-view-previous").textContent = labels.previous;
  $("text-view-next").textContent = labels.next;
  $("text-view-lesson-label").firstChild.textContent = `${labels.lesson} `;
  textView.querySelector("nav").setAttribute("aria-label", labels.navigation);
  textView.setAttribute("aria-label", labels.region);
  $("text-view-toggle").textContent = labels.back;
  $("text-view-previous").disabled = view.step === 0;
  $("text-view-next").disabled = view.step === view.steps - 1;
  body.append(el("p", view.titleLine, { class: "source", ...own }));
  body.append(el("h2", view.stepTitle, own));
  if (view.formula) body.append(el("p", view.formula, { class: "formula", ...own }));
  renderActivities(view, body);
  resumeAnswer(body, answering);
  const holding = view.sentences.filter((x) => x.holds).map((x) => x.text);
  if (holding.length) body.append(el("p", holding.join(" "), own));
  for (const x of view.sentences.filter((x) => !x.holds)) body.append(el("p", x.stale, { class: "stale", ...own }));
  if (view.training && view.training.length) body.append(el("p", view.training.join(" "), own));
  for (const m of view.matrices) body.append(matrixTable(m));
  for (const note of view.covered) body.append(el("p", note, { class: "stale", ...own }));
  if (focused) {
    // typing goes on where it was
    const again = body.querySelector(`input[data-cell="${CSS.escape(focused)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

function matrixTable(m) {
  const table = el("table");
  table.append(el("caption", m.caption));
  const head = el("tr");
  head.append(el("td"));
  for (const c of m.cols) head.append(el("th", c, { scope: "col", ...own }));
  const thead = el("thead");
  thead.append(head);
  table.append(thead);
  const tbody = el("tbody");
  m.cells.forEach((row, r) => {
    const tr = el("tr");
    tr.append(el("th", m.rows[r] || String(r), { scope: "row", ...own }));
    row.forEach((text, c) => {
      const marks = m.marks[r][c];
      const td = el("td", undefined, m.changed[r][c] ? { class: "changed" } : {});
      if (!m.changeable || m.covered[r][c]) {
        td.textContent = text;
        if (marks) td.append(el("span", marks, { class: "visually-hidden" }));
      } else {
        // A field a screen reader announces by matrix, row and column.
        const cell = `${m.id}:${r}:${c}`;
        const input = el("input", undefined, {
          type: "text",
          inputmode: "decimal",
          value: text,
          "data-cell": cell,
          "aria-label": m.cellLabels[r][c],
        });
        input.addEventListener("change", () =>
          act("attn_set_value_text", ["string", "number", "number", "string"], [m.id, r, c, input.value]),
        );
        td.append(input);
      }
      tr.append(td);
    });
    tbody.append(tr);
  });
  table.append(tbody);
  // "?" stands for numbers an open prediction covers: say until when.
  if (m.coveredNote) {
    const row = el("tr");
    row.append(el("td", m.coveredNote, { colspan: String(m.cols.length + 1), ...own }));
    const foot = el("tfoot");
    foot.append(row);
    table.append(foot);
  }
  return table;
}

// The view is drawn again on every change of state (a drag's, another
// window's): an answer being given (the option picked, the number typed, the
// control in focus) survives it while the same prediction is asked.
function answerInProgress(body) {
  const form = body.querySelector("form[data-prediction]");
  if (!form) return null;
  const picked = form.querySelector('input[name="pick"]:checked');
  const estimate = form.querySelector('input[name="estimate"]');
  const active = form.contains(document.activeElement) ? [...form.elements].indexOf(document.activeElement) : -1;
  return { id: form.dataset.prediction, pick: picked ? picked.value : null, estimate: estimate?.value ?? "", active };
}
function resumeAnswer(body, was) {
  const form = was && body.querySelector(`form[data-prediction="${CSS.escape(was.id)}"]`);
  if (!form) return;
  if (was.pick !== null) {
    const option = form.querySelector(`input[name="pick"][value="${CSS.escape(was.pick)}"]`);
    if (option) option.checked = true;
  }
  const estimate = form.querySelector('input[name="estimate"]');
  if (estimate) estimate.value = was.estimate;
  if (was.active >= 0) form.elements[was.active]?.focus({ preventScroll: true });
}

// A change from a control of the text view: the app's answer shown above it.
function act(name, types, values) {
  const error = call(name, "string", types, values);
  $("text-view-error").textContent = error;
  $("text-view-error").hidden = !error;
  render();
}
// Predictions and challenges as form controls a screen reader can use.
function renderActivities(view, body) {
  const p = view.prediction;
  if (p) {
    const form = el("form", undefined, {
      class: "activity",
      "aria-label": view.labels.predictFirst,
      "data-prediction": p.id,
    });
    form.append(el("h3", view.labels.predictFirst));
    const question = el("fieldset");
    question.append(el("legend", p.ask));
    if (p.waits) {
      question.append(el("p", p.waits)); // nothing to answer with yet
    } else if (p.estimate) {
      const label = el("label", `${p.estimateLabel} `);
      label.append(
        el("input", undefined, { type: "number", step: "any", min: p.min, max: p.max, name: "estimate", required: "" }),
      );
      question.append(label);
    } else {
      p.options.forEach((option, i) => {
        const label = el("label");
        label.append(
          el("input", undefined, { type: "radio", name: "pick", value: String(i), required: "" }),
          ` ${option}`,
        );
        question.append(label);
      });
    }
    form.append(question);
    if (!p.waits) form.append(el("button", view.labels.check, { type: "submit" }));
    const skip = el("button", view.labels.skip, { type: "button" });
    skip.addEventListener("click", () => act("attn_skip", ["string"], [p.id]));
    form.append(skip);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const picked = Number(p.estimate ? data.get("estimate") : data.get("pick"));
      act("attn_answer", ["string", "number"], [p.id, picked]);
    });
    body.append(form);
  }
  for (const a of view.answers) {
    const section = el("section", undefined, { class: a.right ? "activity right" : "activity wrong" });
    if (a.numbers) section.append(el("p", a.numbers)); // whose numbers all that follows speaks of
    section.append(el("p", a.ask, { class: "source" }));
    section.append(el("p", a.verdict));
    for (const s of a.reveal) section.append(el("p", s));
    if (a.answerChanged) section.append(el("p", a.answerChanged));
    body.append(section);
  }
  for (const c of view.challenges) {
    const section = el("section", undefined, { class: "activity challenge" });
    section.append(el("h3", c.heading));
    section.append(el("p", c.task));
    if (c.solved && c.solvedNow) {
      if (c.numbers) section.append(el("p", c.numbers));
      for (const s of c.success) section.append(el("p", s));
    } else {
      if (c.status) section.append(el("p", c.status));
      if (c.closeness >= 0) section.append(el("p", c.closenessText));
      section.append(el("p", c.rules));
    }
    for (const h of c.hintTexts) section.append(el("p", h));
    if (c.hintsLeft > 0 && !c.solvedNow) {
      const hint = el("button", c.hintButton, { type: "button" });
      hint.addEventListener("click", () => act("attn_hint", ["string"], [c.id]));
      section.append(hint);
    }
    const take = el("button", c.takeButton, { type: "button" });
    take.addEventListener("click", () => act("attn_take_challenge", ["string"], [c.taken ? "" : c.id]));
    if (!c.solved || c.taken) section.append(take);
    body.append(section);
  }
}

// The page finds the renderer here once this file has run.
window.attentionTextView = {
  render(program) {
    ({ call, json } = program);
    render();
  },
};
