// The SCORM 1.2 launcher of Attention Lab's LMS package (docs/scorm.md).
// scorm.html loads it after scorm-config.js and before page.js:
//   1. it reads the instructor's settings (window.attentionScormConfig) and
//      shows a clear notice if they are wrong, using the defaults instead;
//   2. it points the page at the chosen lesson (?lesson=…&embed=1, and
//      lock=1 unless the package says lock "no") before page.js reads the address;
//   3. it finds the LMS's API object (the SCORM 1.2 RTE's discovery: up the
//      parents, then the opener), calls LMSInitialize, and marks a first
//      launch "incomplete" (a status the LMS already holds is never lowered);
//   4. on each change of the learner's progress (window.attention's
//      "progress" event) it sets cmi.core.lesson_status by the instructor's
//      rule, and cmi.core.score.raw once there is a score (an answer, a
//      solved challenge, or every step seen), then LMSCommit;
//   5. on pagehide it sets the session time and cmi.core.exit ("suspend"
//      while the learner is not done, so the next launch resumes this
//      attempt; "" once completed or passed) and calls LMSFinish.
// Without an LMS (the page opened on its own) the page works as always, with
// a quiet notice. Nothing here ever stops the page: SCORM errors become notices.
// Bundled into the package by scripts/scorm_package.mjs (esbuild), with the
// settings' checker the packager uses too, and its defaults (settings.js).
import { readSettings } from "./settings.js";

(function () {
  "use strict";

  // What the launch address may set (an LMS or an instructor's launch parameters): the rest is ours.
  // edit=1: an instructor opens the lesson editor, which the package never offers (docs/embedding.md).
  const KNOWN_PAGE_PARAMETERS = ["theme", "lang", "edit"];

  // ---- Notices: a line at the foot of the page, under the instructor's eyes --
  const notices = [];
  function notice(text, serious) {
    notices.push(text);
    (serious ? console.warn : console.info)(`Attention Lab (SCORM): ${text}`);
    const show = () => {
      let box = document.getElementById("scorm-notice");
      if (!box) {
        box = document.createElement("p");
        box.id = "scorm-notice";
        box.setAttribute("role", serious ? "alert" : "status");
        // Style by CSSOM: the page's CSP allows no inline style attribute.
        Object.assign(box.style, {
          position: "fixed",
          left: "0",
          right: "0",
          bottom: "0",
          margin: "0",
          padding: "2px 8px",
          font: "12px system-ui, sans-serif",
          background: serious ? "#fff3cd" : "rgba(255, 255, 255, 0.85)",
          color: "#333",
          zIndex: "10",
          pointerEvents: serious ? "auto" : "none",
        });
        document.body.append(box);
      }
      box.textContent = notices.join(" ");
      if (serious) box.setAttribute("role", "alert");
    };
    if (document.body) show();
    else document.addEventListener("DOMContentLoaded", show, { once: true });
  }

  // ---- 1. The instructor's settings -------------------------------------------
  // Checked again here (the packager checked them), by the same rule, in
  // case scorm-config.js was edited by hand; whether the lesson (or the
  // lesson file) is one is the app's to say (hook(), below).
  const settings = readSettings(window.attentionScormConfig);
  const config = settings.config;
  const problems = settings.problems.map((p) => p.text);
  if (problems.length)
    notice(
      `This package's settings are wrong (${problems.join("; ")}), so it uses ` +
        `lesson ${config.lesson}, complete when ${config.completeWhen}, mastery ${config.mastery}, lock ${config.lock}. ` +
        "The instructor should rebuild it (./dev package-scorm).",
      true,
    );

  // ---- 2. The lesson, before page.js reads the address ----------------------------
  // An LMS may add parameters of its own to the launch address: page.js would
  // report each as unknown, so only ours (and the theme, language and edit) stay.
  try {
    const url = new URL(window.location.href);
    const kept = new URLSearchParams();
    if (config.lessonFile) kept.set("lesson-url", config.lessonFile);
    else kept.set("lesson", config.lesson);
    kept.set("embed", "1");
    if (config.lock === "yes") kept.set("lock", "1");
    for (const key of KNOWN_PAGE_PARAMETERS) if (url.searchParams.has(key)) kept.set(key, url.searchParams.get(key));
    url.search = kept.toString();
    if (url.href !== window.location.href) history.replaceState(history.state, "", url.href);
  } catch (e) {
    notice(`could not choose the lesson in the address (${e.message}).`, true);
  }

  // ---- 3. The LMS -------------------------------------------------------------------
  // SCORM 1.2 RTE, API discovery: this window and up to 7 parents, then the
  // opener's. A parent from another site throws on access: not an LMS.
  function findIn(start) {
    let win = start;
    for (let hops = 0; win && hops <= 7; ++hops) {
      try {
        if (win.API && typeof win.API.LMSInitialize === "function") return win.API;
      } catch (e) {
        // another origin: keep climbing (its parent may be reachable)
      }
      let parent = null;
      try {
        parent = win.parent;
      } catch (e) {
        return null;
      }
      if (!parent || parent === win) return null;
      win = parent;
    }
    return null;
  }
  function findApi() {
    const api = findIn(window);
    if (api) return api;
    try {
      return window.opener ? findIn(window.opener) : null;
    } catch (e) {
      return null;
    }
  }

  const lms = findApi();
  let live = false; // initialized and not yet finished
  let review = false; // lesson_mode browse/review: record nothing
  const truthy = (r) => r === true || r === "true";
  function lmsError(what) {
    let code = "";
    let text = "";
    try {
      code = String(lms.LMSGetLastError());
      text = String(lms.LMSGetErrorString(code));
    } catch (e) {
      text = e.message;
    }
    notice(`the LMS refused ${what} (error ${code}${text ? ": " + text : ""}).`, true);
  }
  function get(element) {
    try {
      return String(lms.LMSGetValue(element) ?? "");
    } catch (e) {
      return "";
    }
  }
  function set(element, value) {
    try {
      if (truthy(lms.LMSSetValue(element, String(value)))) return true;
    } catch (e) {
      // reported below
    }
    lmsError(`${element} = ${value}`);
    return false;
  }
  function commit() {
    try {
      if (truthy(lms.LMSCommit(""))) return;
    } catch (e) {
      // reported below
    }
    lmsError("LMSCommit");
  }

  const started = Date.now();
  let recordedStatus = "";
  let recordedScore = null;
  // Done: a normal exit ends the attempt. Otherwise it stays open (suspend),
  // so the next launch resumes it (cmi.core.entry "resume") and a failed
  // learner can come back and still pass.
  const done = (status) => status === "completed" || status === "passed";
  const exitFor = (status) => (done(status) ? "" : "suspend");
  if (!lms) {
    notice("Not launched from an LMS: progress is not reported.", false);
  } else {
    let ok = false;
    try {
      ok = truthy(lms.LMSInitialize(""));
    } catch (e) {
      ok = false;
    }
    if (!ok) lmsError("LMSInitialize");
    else {
      live = true;
      const mode = get("cmi.core.lesson_mode");
      review = mode === "browse" || mode === "review";
      recordedStatus = get("cmi.core.lesson_status");
      const raw = parseFloat(get("cmi.core.score.raw"));
      recordedScore = Number.isFinite(raw) ? raw : null;
      if (!review && !done(recordedStatus)) {
        if (recordedStatus === "" || recordedStatus === "not attempted")
          if (set("cmi.core.lesson_status", "incomplete")) recordedStatus = "incomplete";
        set("cmi.core.exit", "suspend"); // should the page never say goodbye: come back to this attempt
        commit();
      }
    }
  }

  // ---- 4. Progress → status and score ------------------------------------------
  // The status the rule gives for this progress.
  // The score as a percentage, to two decimals (0.2999… is 30, not 29.99…).
  const percent = (score) => Math.round(score * 10000) / 100;
  function statusFor(p, rule) {
    if (!p.complete) return "incomplete";
    if (rule === "challenges") return p.score !== null && percent(p.score) >= config.mastery ? "passed" : "failed";
    return "completed";
  }
  // What may follow what: passed is final; completed may still become passed;
  // failed may become passed; incomplete (or nothing yet) becomes anything.
  function nextStatus(recorded, wanted) {
    if (recorded === "passed") return recorded;
    if (recorded === "completed" || recorded === "failed") return wanted === "passed" ? wanted : recorded;
    return wanted;
  }
  let ruleChecked = false;
  function report(p) {
    if (!live || review || !p || p.lesson !== config.lesson) return; // another lesson: not this activity
    let rule = config.completeWhen;
    if (rule === "challenges" && p.score === null) {
      // The packager refuses this; a hand-edited package may still have it.
      if (!ruleChecked)
        notice(`lesson ${p.lesson} has no predictions or challenges: completed when all steps are seen.`, true);
      rule = "all-steps";
    }
    ruleChecked = true;
    let changed = false;
    const status = nextStatus(recordedStatus, statusFor(p, rule));
    if (status !== recordedStatus && set("cmi.core.lesson_status", status)) {
      recordedStatus = status;
      changed = true;
      set("cmi.core.exit", exitFor(status));
    }
    // A score once the learner has earned one: an answer given, a challenge
    // solved, or every step seen (the questions left are then zeros). Before
    // that, 0 would stand in the gradebook for work not yet begun.
    const scored = p.answered > 0 || p.solved > 0 || p.complete;
    if (p.score !== null && scored) {
      const raw = percent(p.score);
      // The best score so far (this browser keeps the work; another may start afresh).
      if (recordedScore === null || raw > recordedScore) {
        if (recordedScore === null) {
          set("cmi.core.score.min", "0");
          set("cmi.core.score.max", "100");
        }
        if (set("cmi.core.score.raw", raw)) {
          recordedScore = raw;
          changed = true;
        }
      }
    }
    if (changed) commit();
  }

  // ---- 5. Finishing ---------------------------------------------------------------
  // CMITimespan: HHHH:MM:SS.SS
  function timespan(ms) {
    const s = Math.max(0, ms / 1000);
    const pad = (n, w) => String(Math.floor(n)).padStart(w, "0");
    return `${pad(s / 3600, 4)}:${pad((s % 3600) / 60, 2)}:${pad(s % 60, 2)}.${pad((s * 100) % 100, 2)}`;
  }
  function finish() {
    if (!live) return;
    live = false;
    try {
      if (!review) {
        set("cmi.core.session_time", timespan(Date.now() - started));
        set("cmi.core.exit", exitFor(recordedStatus)); // every finish: a resumed, unfinished attempt stays open
      }
      commit();
      if (!truthy(lms.LMSFinish(""))) lmsError("LMSFinish");
    } catch (e) {
      notice(`LMSFinish failed (${e.message}).`, true);
    }
  }
  window.addEventListener("pagehide", finish); // every current browser; finish() runs once

  // window.attention exists once page.js has run (it comes after this script).
  function hook() {
    const attention = window.attention;
    if (!attention) return notice("the page did not start, so nothing is reported.", true);
    const safely = (p) => {
      try {
        report(p);
      } catch (e) {
        notice(`could not report progress (${e.message}).`, true);
      }
    };
    attention.on("progress", safely);
    attention.ready.then(
      async () => {
        const lessons = await attention.lessons();
        if (!lessons.includes(config.lesson))
          notice(
            `lesson ${config.lesson} is not one of this page's (${lessons.join(", ")}), so nothing is reported.`,
            true,
          );
        safely(await attention.progress());
      },
      () => {},
    );
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hook, { once: true });
  else hook();

  // For tests and the curious: what the adapter found and decided.
  window.attentionScorm = {
    config,
    problems,
    get connected() {
      return lms !== null;
    },
    get status() {
      return recordedStatus;
    },
    get score() {
      return recordedScore;
    },
    notices,
  };
})();
