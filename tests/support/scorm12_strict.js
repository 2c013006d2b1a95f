// A strict SCORM 1.2 runtime (the LMS's side of the RTE, data model 3.4) for
// tests: a host page makes `new StrictScorm12({stored, learner})` its
// window.API, and every call the package makes is checked against the
// SCORM 1.2 Run-Time Environment and logged:
//   - call order: nothing before LMSInitialize, nothing after LMSFinish,
//     LMSInitialize once; the "" parameter of Initialize, Finish and Commit;
//   - the data model: unknown elements (201), keywords (402), read-only (403)
//     and write-only (404) elements, _children/_count where there are none
//     (202, 203), optional parts not implemented here (401);
//   - the values (405): cmi.core.lesson_status and cmi.core.exit vocabularies
//     (a SCO may not set "not attempted"), CMIDecimal 0-100 (or blank) for
//     the scores, CMITimespan HHHH:MM:SS.SS for session_time, CMIString255
//     for lesson_location, CMIString4096 for suspend_data, strings only.
// Any call answered with an error code is a violation. The LMS's record
// (`record()`) outlives the launch, as Moodle keeps it: the next launch gets
// cmi.core.entry "resume" after an exit of "suspend", "" after any other
// exit, "ab-initio" the first time; total_time adds up each session_time.
(function (global) {
  "use strict";

  const ERRORS = {
    0: "No error",
    101: "General exception",
    201: "Invalid argument error",
    202: "Element cannot have children",
    203: "Element not an array - cannot have count",
    301: "Not initialized",
    401: "Not implemented error",
    402: "Invalid set value, element is a keyword",
    403: "Element is read only",
    404: "Element is write only",
    405: "Incorrect data type",
  };

  // CMI data types (RTE 3.4.2), as checks of a string.
  const decimal = /^-?\d+(\.\d+)?$/;
  const types = {
    score: (v) => v === "" || (decimal.test(v) && Number(v) >= 0 && Number(v) <= 100),
    string255: (v) => v.length <= 255,
    string4096: (v) => v.length <= 4096,
    timespan: (v) => {
      const m = /^(\d{2,4}):(\d{2}):(\d{2})(\.\d{1,2})?$/.exec(v);
      return m !== null && Number(m[2]) < 60 && Number(m[3]) < 60;
    },
    vocabulary: (words) => (v) => words.includes(v),
  };

  // The elements: access (r, w, rw) and the type of what may be set.
  const ELEMENTS = {
    "cmi.core.student_id": { access: "r" },
    "cmi.core.student_name": { access: "r" },
    "cmi.core.lesson_location": { access: "rw", type: types.string255 },
    "cmi.core.credit": { access: "r" },
    "cmi.core.lesson_status": {
      access: "rw",
      type: types.vocabulary(["passed", "completed", "failed", "incomplete", "browsed"]),
    },
    "cmi.core.entry": { access: "r" },
    "cmi.core.score.raw": { access: "rw", type: types.score },
    "cmi.core.score.min": { access: "rw", type: types.score },
    "cmi.core.score.max": { access: "rw", type: types.score },
    "cmi.core.total_time": { access: "r" },
    "cmi.core.lesson_mode": { access: "r" },
    "cmi.core.exit": { access: "w", type: types.vocabulary(["time-out", "suspend", "logout", ""]) },
    "cmi.core.session_time": { access: "w", type: types.timespan },
    "cmi.suspend_data": { access: "rw", type: types.string4096 },
    "cmi.launch_data": { access: "r" },
  };
  const CHILDREN = {
    "cmi.core._children":
      "student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time",
    "cmi.core.score._children": "raw,min,max",
  };
  const KEYWORDS = /\._(children|count|version)$/;
  // Defined by SCORM 1.2 but optional, and not kept by this LMS.
  const OPTIONAL = /^cmi\.(comments|comments_from_lms|objectives|student_data|student_preference|interactions)(\.|$)/;

  // HHHH:MM:SS.SS, added up.
  const hundredths = (t) => {
    const [h, m, s] = t.split(":");
    return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 100);
  };
  const timespan = (cs) => {
    const pad = (n, w) => String(Math.floor(n)).padStart(w, "0");
    return `${pad(cs / 360000, 4)}:${pad((cs / 6000) % 60, 2)}:${pad((cs / 100) % 60, 2)}.${pad(cs % 100, 2)}`;
  };

  class StrictScorm12 {
    // stored: the record the LMS kept from earlier launches (record()), or none.
    constructor({ stored = null, learner = { id: "learner-1", name: "Learner, Ada" } } = {}) {
      this.stored = stored;
      this.state = "not initialized"; // then "running", then "finished"
      this.error = 0;
      this.diagnostic = "";
      this.calls = []; // [function, ...arguments, result, error code]
      const kept = stored || {};
      this.cmi = {
        "cmi.core.student_id": learner.id,
        "cmi.core.student_name": learner.name,
        "cmi.core.lesson_location": kept.lesson_location ?? "",
        "cmi.core.credit": "credit",
        "cmi.core.lesson_status": kept.lesson_status ?? "not attempted",
        "cmi.core.entry": stored === null ? "ab-initio" : kept.exit === "suspend" ? "resume" : "",
        "cmi.core.score.raw": kept.score_raw ?? "",
        "cmi.core.score.min": kept.score_min ?? "",
        "cmi.core.score.max": kept.score_max ?? "",
        "cmi.core.total_time": kept.total_time ?? "0000:00:00.00",
        "cmi.core.lesson_mode": "normal",
        "cmi.core.exit": "",
        "cmi.core.session_time": "",
        "cmi.suspend_data": kept.suspend_data ?? "",
        "cmi.launch_data": "",
      };
      this.entry = this.cmi["cmi.core.entry"];
      for (const name of ["LMSInitialize", "LMSFinish", "LMSGetValue", "LMSSetValue", "LMSCommit"]) {
        const checked = this[name].bind(this);
        this[name] = (...args) => {
          this.error = 0;
          this.diagnostic = "";
          const result = checked(...args);
          this.calls.push([name, ...args.map(String), result, this.error]);
          return result;
        };
      }
    }

    fail(code, why) {
      this.error = code;
      this.diagnostic = why;
      return false;
    }
    running(what) {
      if (this.state === "running") return true;
      return this.fail(301, `${what} ${this.state === "finished" ? "after LMSFinish" : "before LMSInitialize"}`);
    }
    emptyParameter(what, p) {
      return p === "" || this.fail(201, `${what}'s parameter must be "", not ${JSON.stringify(p)}`);
    }

    LMSInitialize(p) {
      if (!this.emptyParameter("LMSInitialize", p)) return "false";
      if (this.state !== "not initialized") return this.fail(101, `LMSInitialize when ${this.state}`) || "false";
      this.state = "running";
      return "true";
    }
    LMSFinish(p) {
      if (!this.running("LMSFinish") || !this.emptyParameter("LMSFinish", p)) return "false";
      this.state = "finished";
      this.save();
      return "true";
    }
    LMSCommit(p) {
      if (!this.running("LMSCommit") || !this.emptyParameter("LMSCommit", p)) return "false";
      this.commits = (this.commits || 0) + 1;
      return "true";
    }
    // Checks an element's name; returns its definition or null (error set).
    element(name, reading) {
      if (typeof name !== "string") return this.fail(201, "the element is not a string") || null;
      if (reading && name === "cmi._version") return { access: "r", value: "3.4" };
      if (reading && Object.hasOwn(CHILDREN, name)) return { access: "r", value: CHILDREN[name] };
      if (KEYWORDS.test(name)) {
        if (!reading) return this.fail(402, `${name} is a keyword`) || null;
        const base = name.replace(KEYWORDS, "");
        if (Object.hasOwn(ELEMENTS, base))
          return (
            this.fail(name.endsWith("_count") ? 203 : 202, `${base} has no ${name.slice(base.length + 1)}`) || null
          );
      }
      if (Object.hasOwn(ELEMENTS, name)) return ELEMENTS[name];
      if (OPTIONAL.test(name)) return this.fail(401, `${name} is optional and not implemented here`) || null;
      return this.fail(201, `${name} is not a SCORM 1.2 element`) || null;
    }
    LMSGetValue(name) {
      if (!this.running("LMSGetValue")) return "";
      const e = this.element(name, true);
      if (!e) return "";
      if (e.access === "w") return this.fail(404, `${name} is write-only`) || "";
      return e.value ?? this.cmi[name];
    }
    LMSSetValue(name, value) {
      if (!this.running("LMSSetValue")) return "false";
      const e = this.element(name, false);
      if (!e) return "false";
      if (e.access === "r") return this.fail(403, `${name} is read-only`) || "false";
      if (typeof value !== "string")
        return this.fail(405, `${name}: the value is a ${typeof value}, not a string`) || "false";
      if (!e.type(value))
        return this.fail(405, `${name}: ${JSON.stringify(value.slice(0, 80))} is not allowed`) || "false";
      this.cmi[name] = value;
      return "true";
    }
    LMSGetLastError() {
      return String(this.error);
    }
    LMSGetErrorString(code) {
      return ERRORS[Number(code)] ?? "";
    }
    LMSGetDiagnostic() {
      return this.diagnostic;
    }

    // What the LMS keeps when the session ends.
    save() {
      const c = this.cmi;
      const session = c["cmi.core.session_time"];
      this.saved = {
        lesson_status: c["cmi.core.lesson_status"],
        exit: c["cmi.core.exit"],
        score_raw: c["cmi.core.score.raw"],
        score_min: c["cmi.core.score.min"],
        score_max: c["cmi.core.score.max"],
        lesson_location: c["cmi.core.lesson_location"],
        suspend_data: c["cmi.suspend_data"],
        total_time: timespan(hundredths(c["cmi.core.total_time"]) + (session ? hundredths(session) : 0)),
        launches: (this.stored?.launches ?? 0) + 1,
      };
    }
    // The LMS's record after LMSFinish (null before): what the next launch starts from.
    record() {
      return this.saved ?? null;
    }
    violations() {
      return this.calls.filter((c) => c.at(-1) !== 0);
    }
  }

  global.StrictScorm12 = StrictScorm12;
})(typeof window !== "undefined" ? window : globalThis);
