// The lesson editor (docs/editor.md), loaded by the page the first time it is
// opened (web/page/editing.js) so that a learner's first load carries none of
// it. An HTML panel beside the canvas: the canvas is the live preview, as the
// learner will see it. Every change is judged by the app's own loader
// (window.attention.checkLesson); a draft with an error keeps the last good
// preview and shows the error at its field. The draft is kept in local
// storage on every change; undo and redo go back through it.
import {
  History,
  blankLesson,
  fieldFor,
  getAt,
  lessonText,
  parseMatrix,
  readDraft,
  setAt,
  setMemoryTokens,
  setSize,
  setTokens,
  typeDraws,
  drawInput,
  writeDraft,
} from "./draft.js";
import { FORMAT } from "./format.js";
import { activityValue, newChallenge, newPrediction, withKind } from "./activities.js";
import { editCondition } from "./conditions.js";
import { buildForm, element, fieldValue } from "./fields.js";
import { lessonLink } from "./link.js";
import { attachCompletion, completionKey, suggestions } from "./completion.js";
import { packageSettings, scormPackage } from "./package.js";
import { editSentences, sentencePointers, showSentencePreviews } from "./sentences.js";
import { DEFAULTS as PACKAGE_DEFAULTS } from "../scorm/package.js";
import { previewSizes } from "./sizes.js";
import { pruneTranslations } from "./translations.js";
import { NP_, useWords } from "./words.js";
import STYLES from "./editor.css";

let page = null; // what the page hands over: {api, storage, words, shownFile, onKey, closed}
let panel = null;
let lesson = null; // the draft, as an object
let history = null;
let checkTimer = null;
let lastError = null;
let translationLanguage = ""; // the Translations section's language: the editor's, not the draft's
const asJson = new Set(); // the conditions written as JSON though fields could show them

const $e = (selector) => panel.querySelector(selector);

// Opens the editor: on a page just loaded, on the draft kept from before;
// else on the lesson shown (the draft itself, if that is what is shown).
// Undo goes back across openings, to a draft left for another lesson too.
let opened = false;
export function open(context) {
  page = context;
  useWords(page.words);
  if (!panel) build();
  let text = null;
  if (!opened) {
    const kept = readDraft(page.storage);
    if (kept.damaged)
      notice(
        NP_("page", "A saved draft could not be read; it is kept aside in local storage as {key}.").replace(
          "{key}",
          kept.damaged,
        ),
      );
    text = kept.text;
  }
  const fresh = text === null && !page.api.state().draft;
  if (text === null) text = fresh || !lesson ? page.shownFile() : lessonText(lesson);
  opened = true;
  start(text, fresh);
  document.getElementById("app").classList.add("editing");
  panel.hidden = false;
  $e("h2").focus();
}

export function close() {
  if (!panel) return;
  clearTimeout(checkTimer);
  checkTimer = null;
  panel.hidden = true;
  document.getElementById("app").classList.remove("editing");
}

export const isOpen = () => !!panel && !panel.hidden;
// A change not judged yet (tests wait for the verdict, not for a time).
export const pending = () => checkTimer !== null;
// The draft as the file "Download lesson" saves (window.attention.lessonFile()).
export const draftFile = () => lessonText(lesson);

function start(text, fresh) {
  try {
    lesson = JSON.parse(text);
  } catch (e) {
    lesson = blankLesson();
  }
  if (history) history.change(lessonText(lesson));
  else history = new History(lessonText(lesson));
  render();
  changed(null, fresh, { fromHistory: true });
}

function build() {
  // Adopted rather than a <style> element: the page's CSP allows no inline style.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  panel = element("section", { id: "editor", "aria-labelledby": "editor-title", hidden: true }, [
    element("h2", { id: "editor-title", tabindex: "-1", text: NP_("page", "Edit lesson") }),
    element("div", { className: "editor-row editor-tools" }, [
      element("button", { type: "button", "data-action": "undo", text: NP_("page", "Undo") }),
      element("button", { type: "button", "data-action": "redo", text: NP_("page", "Redo") }),
      element("button", { type: "button", "data-action": "download", text: NP_("page", "Download lesson") }),
      element("button", { type: "button", "data-action": "copy-link", text: NP_("page", "Copy link") }),
      element("button", { type: "button", "data-action": "sizes", text: NP_("page", "Preview at three sizes") }),
      element("button", { type: "button", "data-action": "blank", text: NP_("page", "New blank lesson") }),
      element("label", { className: "editor-open" }, [
        NP_("page", "Open a file"),
        element("input", { type: "file", accept: ".json,application/json", "data-action": "open-file" }),
      ]),
      element("button", { type: "button", "data-action": "close", text: NP_("page", "Close editor") }),
    ]),
    element("p", { id: "editor-notice", role: "status", hidden: true }),
    element("p", { id: "editor-status", role: "status", "aria-live": "polite" }),
    // The link "Copy link" made, to select by hand where the clipboard is refused.
    element("input", {
      id: "editor-link",
      type: "text",
      readonly: true,
      hidden: true,
      "aria-label": NP_("page", "Copy link"),
    }),
    element("div", { id: "editor-body" }),
    // The package for an LMS: settings of the package, not of the lesson.
    element("fieldset", { id: "editor-lms" }, [
      element("legend", { text: NP_("page", "For an LMS (SCORM 1.2)") }),
      element("div", { className: "editor-field" }, [
        element("label", { for: "editor-lms-rule", text: NP_("page", "Complete when") }),
        element("select", { id: "editor-lms-rule" }, [
          element("option", { value: "all-steps", text: NP_("page", "every step is seen") }),
          element("option", {
            value: "challenges",
            text: NP_("page", "passed by the score of predictions and challenges"),
          }),
        ]),
      ]),
      element("div", { className: "editor-field" }, [
        element("label", { for: "editor-lms-mastery", text: NP_("page", "Passing score (%)") }),
        element("input", {
          id: "editor-lms-mastery",
          type: "number",
          min: 0,
          max: 100,
          value: PACKAGE_DEFAULTS.mastery,
        }),
      ]),
      element("div", { className: "editor-field" }, [
        element("input", {
          id: "editor-lms-lock",
          type: "checkbox",
          checked: PACKAGE_DEFAULTS.lock === "yes",
        }),
        element("label", {
          for: "editor-lms-lock",
          text: NP_("page", "Keep predictions and challenges on (learners cannot turn them off to read the answers)"),
        }),
      ]),
      element("button", { type: "button", "data-action": "package", text: NP_("page", "Package for LMS") }),
      // What the button did, beside it (the status line may be scrolled out of sight).
      element("p", { id: "editor-lms-status", role: "status", "aria-live": "polite" }),
    ]),
  ]);
  document.getElementById("app").prepend(panel);
  panel.addEventListener("input", onInput);
  panel.addEventListener("change", onInput);
  panel.addEventListener("click", onClick);
  // A step's field in focus: the preview shows that step, its sentences filled in as typed.
  panel.addEventListener("focusin", (event) => {
    const m = /^\/steps\/(\d+)\//.exec((event.target.dataset && event.target.dataset.pointer) || "");
    if (!m || untouched || lastError) return;
    const step = Number(m[1]);
    try {
      if (page.api.state().step !== step) page.api.setStep(step);
    } catch (e) {
      /* the preview has fewer steps until the draft is judged */
    }
  });
  // Keys come from the page (its guard stops them before any listener here).
  page.onKey((event) => {
    if (!panel.contains(event.target) || panel.hidden) return;
    completionKey(event);
    if (event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    const inText = event.target.matches("input[type=text], textarea");
    if (!(event.ctrlKey || event.metaKey) || inText) return; // a text field has its own undo
    if (key === "z" && !event.shiftKey) act("undo", event);
    else if (key === "y" || (key === "z" && event.shiftKey)) act("redo", event);
  });
  // A lesson file dropped anywhere on the page while the editor is open.
  window.addEventListener("dragover", (event) => isOpen() && event.preventDefault());
  window.addEventListener("drop", (event) => {
    if (!isOpen() || !event.dataTransfer.files.length) return;
    event.preventDefault();
    openFile(event.dataTransfer.files[0]);
  });
}

function render() {
  widthError = null; // the width fields show the lesson's widths again
  const body = $e("#editor-body");
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.pointer;
  body.replaceChildren(buildForm(lesson, { language: translationLanguage, texts: translatableTexts(), asJson }));
  body.querySelector(".editor-json").value = lessonText(lesson);
  for (const control of body.querySelectorAll("[data-live]")) {
    const step = /^\/steps\/(\d+)\//.exec(control.dataset.pointer);
    attachCompletion(
      control,
      () => suggestions(lesson, (step && (lesson.steps[Number(step[1])] || {}).show) || []),
      element,
    );
  }
  if (focused !== undefined) {
    const again = body.querySelector(`[data-pointer="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function onInput(event) {
  const control = event.target;
  if (control.dataset.action === "open-file") {
    if (control.files.length) openFile(control.files[0]);
    control.value = "";
    return;
  }
  const pointer = control.dataset.pointer;
  // The lesson file's text, left: the fields show what it says now.
  if (event.type === "change" && control.classList.contains("editor-json")) {
    if (jsonTyped) render();
    return;
  }
  // The memory's tokens reshape its X when the field is left (as typed, a
  // name half written would cut a row of numbers typed in).
  const whole = pointer === "/memory/tokens";
  if (pointer === undefined || ((event.type === "change") !== whole && control.matches("input[type=text], textarea")))
    return;
  if (control.classList.contains("editor-json")) {
    const typed = activityValue(control); // {value} or {error}, as any JSON field
    jsonTyped = !typed.error && !!typed.value && typeof typed.value === "object" && !Array.isArray(typed.value);
    if (!jsonTyped) {
      showError({ path: "", message: typed.error || NP_("page", "Not JSON yet: {why}").replace("{why}", "{…}") }, "");
      return;
    }
    lesson = typed.value;
    changed(pointer, false, { keepJson: true });
    return;
  }
  if (control.dataset.action === "translation-language") {
    translationLanguage = control.value;
    render();
    return;
  }
  if (control.dataset.action === "size") {
    // A number field holds "" for what is not a number ("abc"); nothing is
    // reshaped until the width is one, and the field says why.
    const n = control.value.trim() === "" ? NaN : Number(control.value);
    const at = `#${control.dataset.size}`;
    if (!Number.isInteger(n) || n < 1 || n > FORMAT.limits.dim) {
      const why = NP_("page", "{name} is a whole number from 1 to {max}")
        .replace("{name}", control.dataset.size)
        .replace("{max}", FORMAT.limits.dim);
      widthError = { path: at, message: why };
      showError(widthError, at);
      return;
    }
    widthError = null;
    setSize(lesson, control.dataset.size, n);
    if (event.type === "change") render(); // the seeds' labels show the new shapes
    changed(`#${control.dataset.size}`);
    return;
  }
  if (control.dataset.action === "condition-side") {
    editCondition(lesson, pointer, "condition-side", asJson, control.value);
    render(); // its fields' pointers name the other side now
    changed(null);
    return;
  }
  if (control.dataset.action === "prediction-kind") {
    const step = lesson.steps[Number(control.dataset.index)];
    const j = Number(control.dataset.item);
    step.predict[j] = withKind(step.predict[j], control.value, lesson);
    render();
    changed(null);
    return;
  }
  // A condition typed as JSON stays JSON, even once fields could show it.
  if (control.closest(".editor-condition") && control.dataset.kind === "json") asJson.add(pointer);
  const typed = activityValue(control);
  if (typed && typed.error) {
    showError({ path: pointer, message: typed.error }, pointer);
    return;
  }
  if (typed && typed.merge) {
    Object.assign(getAt(lesson, pointer), typed.merge);
  } else if (typed) {
    setAt(lesson, pointer, typed.value);
  } else if (control.dataset.matrix) {
    const m = parseMatrix(control.value);
    if (m.error) {
      showError({ path: pointer, message: m.error }, pointer);
      return;
    }
    setAt(lesson, pointer, m.matrix);
  } else if (control.dataset.token !== undefined) {
    lesson.tokens[Number(control.dataset.token)] = control.value;
  } else {
    const value = fieldValue(control, lesson);
    if (pointer === "/memory/tokens") setMemoryTokens(lesson, value);
    else setAt(lesson, pointer, value === "" && pointer.startsWith("/translations/") ? undefined : value);
    pruneTranslations(lesson);
  }
  changed(pointer);
}

function onClick(event) {
  const button = event.target.closest("button[data-action]");
  if (button) act(button.dataset.action, event, Number(button.dataset.index), Number(button.dataset.item));
}

function act(action, event, index, item) {
  event.preventDefault();
  const steps = Array.isArray(lesson.steps) ? lesson.steps : [];
  const reshaped = (focus) => {
    render();
    changed(null);
    if (focus) ($e(focus) || $e("#editor-body")).focus();
  };
  if (/^(remove-|step-|blank$)/.test(action)) asJson.clear(); // its pointers name other conditions now
  if (action === "undo" || action === "redo") {
    const text = action === "undo" ? history.undo() : history.redo();
    if (text === null) return;
    lesson = JSON.parse(text);
    render();
    changed(null, false, { fromHistory: true });
  } else if (action === "add-token") {
    setTokens(lesson, [...(lesson.tokens || []), `t${(lesson.tokens || []).length}`]);
    reshaped(`[data-pointer="/tokens/${lesson.tokens.length - 1}"]`);
  } else if (action === "remove-token") {
    if ((lesson.tokens || []).length <= 1) return;
    setTokens(
      lesson,
      lesson.tokens.filter((_, i) => i !== index),
    );
    reshaped('[data-action="add-token"]');
  } else if (action === "add-step") {
    lesson.steps = [...steps, { id: `step-${steps.length + 1}`, title: NP_("page", "New step"), show: ["weights"] }];
    reshaped(`[data-pointer="/steps/${steps.length}/title"]`);
  } else if (action === "remove-step") {
    lesson.steps = steps.filter((_, i) => i !== index);
    if (!lesson.steps.length) delete lesson.steps;
    reshaped('[data-action="add-step"]');
  } else if (action === "step-up" || action === "step-down") {
    const to = action === "step-up" ? index - 1 : index + 1;
    [steps[index], steps[to]] = [steps[to], steps[index]];
    reshaped(`[data-action="${action}"][data-index="${to}"]`);
  } else if (action === "add-prediction" || action === "add-challenge") {
    const step = steps[index];
    const key = action === "add-prediction" ? "predict" : "challenges";
    const all = steps.flatMap((st) => (Array.isArray(st[key]) ? st[key] : []));
    const made =
      action === "add-prediction" ? newPrediction(lesson, all.length + 1) : newChallenge(lesson, all.length + 1);
    step[key] = [...(Array.isArray(step[key]) ? step[key] : []), made];
    reshaped(`[data-pointer="/steps/${index}/${key}/${step[key].length - 1}/${key === "predict" ? "ask" : "task"}"]`);
  } else if (action === "remove-prediction" || action === "remove-challenge") {
    const key = action === "remove-prediction" ? "predict" : "challenges";
    const step = steps[index];
    step[key] = step[key].filter((_, j) => j !== item);
    if (!step[key].length) delete step[key];
    reshaped(`[data-action="add-${key === "predict" ? "prediction" : "challenge"}"][data-index="${index}"]`);
  } else if (action.startsWith("condition-")) {
    const base = event.target.closest("button").dataset.base;
    editCondition(lesson, base, action, asJson);
    reshaped(`[data-pointer="${CSS.escape(base)}"]`);
  } else if (action.startsWith("sentence-")) {
    const base = event.target.closest("button").dataset.base;
    const to = editSentences(getAt(lesson, base), action, item, lesson);
    setAt(lesson, base, to);
    const j = action === "sentence-add" ? to.length - 1 : action === "sentence-remove" ? Math.max(0, item - 1) : item;
    const at = to === undefined ? null : sentencePointers(base, to, j);
    reshaped(at && `[data-pointer="${CSS.escape(action === "sentence-when" ? at.when : at.text)}"]`);
  } else if (action === "sizes") {
    previewSizes(lessonText(lesson), element, page.api.state().step + 1).catch((e) =>
      say(NP_("page", "No link: {why}").replace("{why}", e.message)),
    );
  } else if (action === "type-draws" || action === "draw-input") {
    let why;
    try {
      why =
        action === "type-draws"
          ? typeDraws(lesson, index, page.api.drawnInputs(lessonText(lesson)))
          : drawInput(lesson, event.target.closest("button").dataset.name);
    } catch (e) {
      why = e.message; // the draft has an error: the loader's
    }
    if (why) return say(why);
    reshaped(null);
  } else if (action === "package") {
    packageForLms();
  } else if (action === "download") {
    download();
  } else if (action === "copy-link") {
    lessonLink(lessonText(lesson)).then(
      (url) => {
        const shown = $e("#editor-link");
        shown.value = url;
        shown.hidden = false;
        say(NP_("page", "Link copied: it opens this lesson for anyone who has it."));
      },
      (e) => say(NP_("page", "No link: {why}").replace("{why}", e.message)),
    );
  } else if (action === "blank") {
    lesson = blankLesson();
    render();
    changed(null);
  } else if (action === "close") {
    close();
    page.closed();
  }
}

function openFile(file) {
  file.text().then((text) => {
    try {
      lesson = JSON.parse(text);
      asJson.clear();
    } catch (e) {
      say(NP_("page", "{file} is not a lesson file: {why}").replace("{file}", file.name).replace("{why}", e.message));
      return;
    }
    render();
    changed(null);
  });
}

// The settings' problem an instructor can fix here, in their words; the
// checker's own sentence for any other.
function settingsProblem({ code, text }) {
  if (code === "range") return NP_("page", "The passing score is a number from 0 to 100.");
  if (code === "unscored")
    return NP_("page", "This lesson has no predictions or challenges to score: complete it when every step is seen.");
  return NP_("page", "No package: {why}").replace("{why}", text);
}

function packageForLms() {
  const settings = {
    completeWhen: $e("#editor-lms-rule").value,
    mastery: $e("#editor-lms-mastery").value,
    lock: $e("#editor-lms-lock").checked ? "yes" : "no",
  };
  // Said beside the button and in the status line.
  const say = (text) => {
    $e("#editor-lms-status").textContent = text;
    sayInStatus(text);
  };
  if (lastError) return say(NP_("page", "Fix the error first: the package carries the lesson as it is."));
  const checked = packageSettings(lesson, settings);
  if (checked.error) return say(settingsProblem(checked.problems[0]));
  const button = $e('[data-action="package"]');
  button.disabled = true;
  scormPackage(lesson, settings, (done, all) =>
    say(NP_("page", "Packaging: file {done} of {all}…").replace("{done}", done).replace("{all}", all)),
  )
    .then(
      ({ name, bytes }) => {
        save(name, new Blob([bytes], { type: "application/zip" }));
        say(NP_("page", "The package is downloaded: upload it to the LMS as a SCORM 1.2 activity."));
      },
      (e) => say(NP_("page", "No package: {why}").replace("{why}", e.message)),
    )
    .finally(() => (button.disabled = false));
}

function save(name, blob) {
  const link = element("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

function download() {
  const id = typeof lesson.id === "string" && lesson.id ? lesson.id : "lesson";
  save(`${id}.json`, new Blob([lessonText(lesson)], { type: "application/json" }));
}

// After any change: kept, judged a moment later (typing goes on meanwhile).
// The lesson shown, opened and not changed yet: it is its own preview.
let untouched = false;
let widthError = null; // a width field that holds no width: {path, message}
let jsonTyped = true; // the lesson file's text, as typed, is a lesson object
function changed(pointer, fresh = false, { keepJson = false, fromHistory = false } = {}) {
  untouched = fresh;
  const text = lessonText(lesson);
  if (!fromHistory) history.change(text, pointer, performance.now());
  if (!fresh) writeDraft(page.storage, text);
  if (!keepJson) {
    const json = $e(".editor-json");
    if (json && document.activeElement !== json) json.value = text;
  }
  $e('[data-action="undo"]').disabled = !history.canUndo;
  $e('[data-action="redo"]').disabled = !history.canRedo;
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 150);
}

function check() {
  checkTimer = null;
  const text = lessonText(lesson);
  const verdict = page.api.checkLesson(text);
  if (!verdict.ok) {
    showError(verdict, fieldFor(verdict.path, pointers()));
    return;
  }
  // A width typed as no width stays an error until it is one (the draft
  // judged is the last one with a width).
  if (widthError) {
    showError(widthError, widthError.path);
    return;
  }
  showError(null);
  if (untouched) {
    showSentencePreviews(panel, page.api.trace());
    say(NP_("page", "No errors. Change anything: the preview follows."));
    return;
  }
  try {
    page.api.previewLesson(text);
    showSentencePreviews(panel, page.api.trace());
    say(NP_("page", "No errors: the preview shows this draft."));
  } catch (e) {
    say(e.message);
  }
}

// The texts the app would translate in the draft, once a language is chosen
// (none in a draft the app cannot read: its error is said where it is).
function translatableTexts() {
  if (!translationLanguage) return [];
  try {
    return page.api.translatableTexts(lessonText(lesson));
  } catch (e) {
    return [];
  }
}

const pointers = () => [...panel.querySelectorAll("[data-pointer]")].map((c) => c.dataset.pointer);

// One error at a time, the loader's, at the field it concerns; the status
// line says it too, and that the preview is the last good draft.
function showError(error, at = null) {
  for (const p of panel.querySelectorAll(".editor-error")) p.hidden = true;
  for (const c of panel.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
  lastError = error;
  if (!error) return;
  say(
    NP_("page", "Error: {message}. The preview shows the last draft without errors.").replace(
      "{message}",
      error.message.replace(/\.$/, ""),
    ),
  );
  if (at === null) return;
  const control = panel.querySelector(`[data-pointer="${CSS.escape(at)}"]`);
  const slot =
    (control && control.closest(".editor-field") && control.closest(".editor-field").querySelector(".editor-error")) ||
    panel.querySelector(`[data-error-for="${CSS.escape(at.replace(/\/\d+$/, ""))}"]`);
  if (control) control.setAttribute("aria-invalid", "true");
  if (slot) {
    slot.textContent = error.path === at || !error.reason ? (error.reason ?? error.message) : error.message;
    slot.hidden = false;
  }
}

const say = (text) => ($e("#editor-status").textContent = text);
const sayInStatus = say;
function notice(text) {
  const n = $e("#editor-notice");
  n.textContent = text;
  n.hidden = false;
}

// The page finds the editor here once this file has run (web/page/editing.js).
window.attentionEditor = { open, close, isOpen, draftFile, pending };
