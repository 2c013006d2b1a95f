// The page around the WebAssembly module (docs/embedding.md):
//   [1] URL parameters, checked, with visible notices for what is wrong
//   [2] keyboard focus inside host pages
//   [3] window.attention, the API for tests, hosts and instructors
//   [4] the postMessage bridge for cross-origin iframes
//   [5] links that reopen exactly what the learner sees
//   [6] the text view: the current step as HTML tables
//   [7] loading the module, with byte progress and readable failures
// Text from lessons, links and messages is only ever set as text, never HTML.
(function () {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const canvas = $("canvas");
  const loading = $("loading");
  const progress = $("loading-progress");
  const failure = $("failure");
  const textView = $("text-view");
  const textToggle = $("text-view-toggle");
  const singleFile = window.attentionSingleFile === true;

  let module = null;
  let firstFrameMs = null;
  let noGl = false;
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // failures are shown on the page; an unobserved rejection is not an error
  const listeners = { statechange: [], copy: [], link: [] };
  const notices = [];

  function fail(message) {
    loading.hidden = true;
    failure.hidden = false;
    $("failure-message").textContent = message;
    rejectReady(new Error(message));
  }

  // ---- [1] URL parameters -------------------------------------------------
  const KNOWN = ["lesson", "step", "theme", "embed", "state", "lesson-url"];
  const start = { lesson: "", step: 0, theme: "", embed: false, state: "", lessonUrl: "" };

  const utf8 = new TextEncoder();
  function fromBase64Url(text) {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64 + "===".slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }
  function toBase64Url(text) {
    let binary = "";
    for (const b of utf8.encode(text)) binary += String.fromCharCode(b);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  const quoted = (s) => JSON.stringify(s.length > 40 ? s.slice(0, 40) + "…" : s);

  (function readParameters() {
    const query = window.location.search;
    if (query.length > 100000) {
      notices.push("The link is too long to be a link of this page; it was ignored.");
      return;
    }
    const params = new URLSearchParams(query);
    for (const key of new Set(params.keys())) {
      if (!KNOWN.includes(key)) notices.push(`The link's parameter ${quoted(key)} is not one this page knows; it was ignored.`);
      else if (params.getAll(key).length > 1) notices.push(`The link gives ${key} more than once; using the first.`);
    }
    const lesson = params.get("lesson");
    if (lesson !== null) {
      if (/^[a-z0-9_-]{1,64}$/.test(lesson)) start.lesson = lesson;
      else notices.push(`The link names the lesson ${quoted(lesson)}, which is not a lesson id; showing the first lesson.`);
    }
    const step = params.get("step");
    if (step !== null) {
      if (/^[0-9]{1,3}$/.test(step) && Number(step) >= 1) start.step = Number(step);
      else notices.push(`The link's step ${quoted(step)} is not a step number; showing the first step.`);
    }
    const theme = params.get("theme");
    if (theme !== null) {
      if (theme === "light" || theme === "dark") start.theme = theme;
      else notices.push(`The link's theme ${quoted(theme)} is not light or dark; using light.`);
    }
    const embed = params.get("embed");
    if (embed !== null) {
      if (embed === "1" || embed === "0") start.embed = embed === "1";
      else notices.push(`The link's embed=${quoted(embed)} is not 0 or 1; showing the full page.`);
    }
    const state = params.get("state");
    if (state !== null) {
      try {
        if (state.length > 65536 || !/^[A-Za-z0-9_-]*$/.test(state)) throw new Error();
        start.state = fromBase64Url(state);
        JSON.parse(start.state);
      } catch (e) {
        start.state = "";
        notices.push("The link's changes are damaged (perhaps cut short); showing the notebook's numbers.");
      }
    }
    const lessonUrl = params.get("lesson-url");
    if (lessonUrl !== null) {
      try {
        const url = new URL(lessonUrl, window.location.href);
        if (url.origin !== window.location.origin || lessonUrl.length > 2048) throw new Error();
        start.lessonUrl = url.href;
      } catch (e) {
        notices.push(`lesson-url=${quoted(lessonUrl)} is not a file beside this page; showing the built-in lessons.`);
      }
    }
  })();
  if (start.theme === "dark") document.documentElement.classList.add("dark");

  function moduleArguments() {
    const args = [];
    // A lesson from lesson-url is applied after it loads, with the step and state.
    if (!start.lessonUrl) {
      if (start.lesson) args.push("--lesson", start.lesson);
      if (start.step) args.push("--step", String(start.step));
      if (start.state) args.push("--state", start.state);
    }
    if (start.theme) args.push("--theme", start.theme);
    if (start.embed) args.push("--embed", "1");
    if (noGl) args.push("--no-gl", "1");
    return args;
  }

  // ---- [2] Keys belong to the canvas only while it has focus ---------------
  // Emscripten's GLFW listens on the whole window (and eats Backspace and Tab):
  // stop keys meant for the host page before it sees them. Registered first.
  function guardKeys(event) {
    const focused = document.activeElement === canvas;
    const imguiWantsKeys = module && module._attn_want_keyboard() === 1;
    if (!focused || (event.key === "Tab" && !imguiWantsKeys)) event.stopImmediatePropagation();
  }
  for (const type of ["keydown", "keyup", "keypress"]) window.addEventListener(type, guardKeys, true);
  canvas.addEventListener("pointerdown", () => canvas.focus({ preventScroll: true }));

  // ---- [3] window.attention -------------------------------------------------
  // String and byte arguments go through the heap, not ccall's stack: ccall
  // copies strings onto the 5 MB stack (up to 4 bytes a character), so one long
  // string (a pasted text, a big lesson) would overwrite the module's memory.
  function call(name, returns, types, values) {
    if (!module) throw new Error("Attention Lab is not ready yet: await window.attention.ready");
    const allocated = [];
    try {
      const args = values.map((value, i) => {
        if (types[i] !== "string" && types[i] !== "bytes") return value;
        const bytes = types[i] === "string" ? utf8.encode(`${value}\0`) : value;
        const at = module._malloc(bytes.length || 1);
        if (!at) throw new Error(`not enough memory for ${bytes.length} bytes`);
        allocated.push(at);
        module.HEAPU8.set(bytes, at);
        return at;
      });
      return module.ccall(name, returns, types.map((t) => (t === "string" || t === "bytes" ? "number" : t)), args);
    } finally {
      for (const at of allocated) module._free(at);
    }
  }
  const json = (name) => JSON.parse(call(name, "string", [], []));
  function checked(message) { if (message) throw new Error(message); }
  // A lesson as text, or as a file's bytes (ArrayBuffer or typed array): bytes go
  // to the loader unchanged, so a Latin-1 file gets the loader's encoding message.
  function addLesson(content, source) {
    const bytes = typeof content === "string" ? utf8.encode(content)
      : ArrayBuffer.isView(content) ? new Uint8Array(content.buffer, content.byteOffset, content.byteLength)
      : new Uint8Array(content);
    return call("attn_add_lesson", "string", ["bytes", "number", "string"],
                [bytes, bytes.length, String(source || "lesson.json")]);
  }

  const api = {
    ready,
    get firstFrameMs() { return firstFrameMs; },
    framesDrawn: () => (module ? module._attn_frames_drawn() : 0),
    lessons: () => json("attn_lessons"),
    state: () => json("attn_state"),
    getState: () => json("attn_state"),
    trace: () => json("attn_trace"),
    numpy: () => call("attn_numpy", "string", [], []),
    setLesson: (id) => checked(call("attn_set_lesson", "string", ["string"], [String(id)])),
    loadLesson: (content, source) =>
      checked(addLesson(content && typeof content === "object" ? content : String(content), source)),
    setStep(n) {
      if (!Number.isInteger(n) || call("attn_set_step", "number", ["number"], [n]) !== 1)
        throw new Error(`no step ${n} in this lesson`);
    },
    setValue: (name, row, col, value) =>
      checked(call("attn_set_value", "string", ["string", "number", "number", "number"],
                   [String(name), row | 0, col | 0, Number(value)])),
    reset: () => call("attn_reset", null, [], []),
    setTheme(theme) {
      if (theme !== "light" && theme !== "dark") throw new Error(`theme must be "light" or "dark", not ${quoted(String(theme))}`);
      document.documentElement.classList.toggle("dark", theme === "dark");
      call("attn_set_theme", null, ["number"], [theme === "dark" ? 1 : 0]);
    },
    link: () => linkFor(api.state()),
    on(event, callback) {
      if (!listeners[event]) throw new Error(`no event ${quoted(String(event))}: use ${Object.keys(listeners).join(", ")}`);
      listeners[event].push(callback);
    },
    showTextView: (show) => setTextView(show !== false),
    // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
    testing: {
      enableItems: () => module._attn_enable_items(1),
      items: () => json("attn_items"),
      wantKeyboard: () => module._attn_want_keyboard() === 1,
      heapBytes: () => module._attn_heap_bytes(),  // the WebAssembly memory's size
      // The last frames: {frame, revisionStart, revisionEnd, cpuMs}, the C++ work of each
      // (recompute + UI build, GL drawing excluded; ./dev bench, docs/performance.md).
      frameCosts: () => json("attn_frame_costs").map(([frame, revisionStart, revisionEnd, cpuMs]) =>
        ({ frame, revisionStart, revisionEnd, cpuMs })),
      lastFrameCpuMs() { const c = api.testing.frameCosts(); return c.length ? c[c.length - 1].cpuMs : null; },
    },
  };
  window.attention = api;

  function emit(event, data) {
    for (const callback of listeners[event] || []) {
      try { callback(data); } catch (e) { console.warn(e); }
    }
  }

  // ---- [4] postMessage bridge -------------------------------------------------
  // A host page drives an embedded (even cross-origin) widget with
  //   iframe.contentWindow.postMessage({type: "attention:call", id: 1, method: "setStep", args: [2]}, "*")
  // and hears back {type: "attention:result", id: 1, ok, value | error}.
  const embedded = window.parent !== window;
  const VERBS = ["setLesson", "setStep", "setValue", "reset", "getState", "setTheme", "lessons", "trace", "link"];
  function toParent(message) { if (embedded) window.parent.postMessage(message, "*"); }
  window.addEventListener("message", (event) => {
    if (!embedded || event.source !== window.parent) return;  // only the page that embeds us
    const m = event.data;
    if (!m || typeof m !== "object" || m.type !== "attention:call") return;
    const reply = (body) => event.source.postMessage({ type: "attention:result", id: m.id, ...body }, event.origin);
    if (!VERBS.includes(m.method)) return reply({ ok: false, error: `unknown method ${quoted(String(m.method))}` });
    ready.then(() => {
      try {
        reply({ ok: true, value: api[m.method](...(Array.isArray(m.args) ? m.args : [])) });
      } catch (e) {
        reply({ ok: false, error: e.message });
      }
    });
  });

  // ---- [5] Links ----------------------------------------------------------------
  function linkFor(state) {
    const url = new URL(window.location.href);
    url.search = "";
    const p = url.searchParams;
        if (!state.builtin && start.lessonUrl) p.set("lesson-url", new URL(start.lessonUrl).pathname.split("/").pop());
    else p.set("lesson", state.lesson);
    p.set("step", String(state.step + 1));
    if (state.theme === "dark") p.set("theme", "dark");
    if (start.embed) p.set("embed", "1");
    if (state.changes) p.set("state", toBase64Url(state.changes));
    return url.href;
  }
  function copyLink(link) {
    try { window.history.replaceState(null, "", link); } catch (e) { /* file:// pages keep their URL */ }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).catch(() => {});
    emit("link", { url: link });
  }

  // ---- [6] The text view ------------------------------------------------------------
  function formatNumber(v, digits) {
    if (v === null) return "−∞";  // a masked score
    return v.toFixed(Math.min(Math.max(digits, 0), 12)).replace(/^-(?=\d)/, "−").replace(/^−(0\.?0*)$/, "$1");
  }
  function el(tag, text, attributes) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
    return e;
  }
  function renderTextView() {
    if (!module || textView.hidden) return;
    const state = api.state();
    const trace = api.trace();
    const step = trace.steps[state.step];
    const body = $("text-view-body");
    body.replaceChildren();
    const select = $("text-view-lesson");
    if (select.options.length === 0)
      for (const id of api.lessons()) select.append(el("option", id, { value: id }));
    select.value = state.lesson;
    $("text-view-position").textContent = `Step ${state.step + 1} of ${state.steps}`;
    $("text-view-previous").disabled = state.step === 0;
    $("text-view-next").disabled = state.step === state.steps - 1;
    body.append(el("p", trace.title + (trace.source ? ": " + trace.source : ""), { class: "source" }));
    body.append(el("h2", step.title));
    if (step.formula) body.append(el("p", step.formula, { class: "formula" }));
    if (step.text) body.append(el("p", step.text));
    for (const m of step.matrices) {
      const table = el("table");
      table.append(el("caption", `${m.label} (${m.data.length}×${m.data[0] ? m.data[0].length : 0})`));
      const head = el("tr");
      head.append(el("td"));
      for (const c of m.cols) head.append(el("th", c, { scope: "col" }));
      const thead = el("thead");
      thead.append(head);
      table.append(thead);
      const tbody = el("tbody");
      m.data.forEach((row, r) => {
        const tr = el("tr");
        tr.append(el("th", m.rows[r] || String(r), { scope: "row" }));
        for (const v of row) tr.append(el("td", formatNumber(v, step.precision)));
        tbody.append(tr);
      });
      table.append(tbody);
      body.append(table);
    }
  }
  let renderTimer = null;
  function scheduleTextView() {  // throttled: a drag changes values every frame
    if (renderTimer !== null || textView.hidden) return;
    renderTimer = setTimeout(() => { renderTimer = null; renderTextView(); }, 250);
  }
  function setTextView(show) {
    textView.hidden = !show;
    textToggle.setAttribute("aria-expanded", String(show));
    textToggle.textContent = show ? "Back to the interactive view" : "Text view";
    if (show) {
      renderTextView();
      textView.focus({ preventScroll: true });
    }
  }
  textToggle.addEventListener("click", () => setTextView(textView.hidden));
  $("text-view-previous").addEventListener("click", () => { api.setStep(api.state().step - 1); renderTextView(); });
  $("text-view-next").addEventListener("click", () => { api.setStep(api.state().step + 1); renderTextView(); });
  $("text-view-lesson").addEventListener("change", (e) => { api.setLesson(e.target.value); renderTextView(); });

  // ---- [7] Loading ---------------------------------------------------------------------
  function onEvent(name, payload) {
    const data = payload ? JSON.parse(payload) : {};
    if (name === "firstframe" || name === "nogl") {
      if (name === "firstframe") firstFrameMs = performance.now();
      else withoutGl();
      startEvent = name;
      maybeStarted();
    } else if (name === "statechange") {
      scheduleTextView();
      emit("statechange", data);
      toParent({ type: "attention:statechange", state: data });
    } else if (name === "copy") {
      emit("copy", data);
    } else if (name === "copylink") {
      copyLink(linkFor({ ...api.state(), ...data, changes: data.state }));
    } else if (name === "contextrestored") {
      emit("statechange", api.state());
    }
  }

    // Started once the module is ours and has drawn (or, without WebGL2, run):
  // these arrive in either order.
  let startEvent = null, started = false;
  function maybeStarted() {
    if (started || !module || !startEvent) return;
    started = true;
    loading.hidden = true;
    canvas.removeAttribute("aria-describedby");
    if (noGl) setTextView(true);
    afterStart().then(() => {
      resolveReady(api);
      toParent({ type: "attention:ready", state: api.state() });
      if (!textView.hidden) renderTextView();
    });
  }

  // After the first frame: notices, and a lesson file named by the link.
  async function afterStart() {
    for (const n of notices) call("attn_notice", null, ["string"], [n]);
    if (!start.lessonUrl) return;
    const name = decodeURIComponent(new URL(start.lessonUrl).pathname.split("/").pop()) || "lesson.json";
    try {
      const response = await fetch(start.lessonUrl, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const error = addLesson(await response.arrayBuffer(), name);
      if (error) return;  // shown on the page; the built-in lesson stays
      if (start.state) {
        const stateError = call("attn_apply_state", "string", ["string"], [start.state]);
        if (stateError) call("attn_notice", null, ["string"], [`The link's changes could not be used (${stateError}).`]);
      }
      if (start.step && call("attn_set_step", "number", ["number"], [start.step - 1]) !== 1)
        call("attn_notice", null, ["string"], [`There is no step ${start.step} in ${name}; showing the first.`]);
    } catch (e) {
      call("attn_notice", null, ["string"], [`${name} could not be loaded (${e.message}); showing the built-in lessons.`]);
    }
  }

  // Fetch the wasm ourselves, counting bytes for the progress bar.
  function instantiateWasm(imports, receiveInstance) {
    fetch("attention.wasm").then((response) => {
      if (!response.ok) throw new Error(`attention.wasm: HTTP ${response.status}`);
      const total = Number(response.headers.get("Content-Length")) || 0;
      if (!response.body || !total) return response.arrayBuffer();
      const reader = response.body.getReader();
      const chunks = [];
      let received = 0;
      const pump = () => reader.read().then((r) => {
        if (r.done) {
          const bytes = new Uint8Array(received);
          let at = 0;
          for (const c of chunks) { bytes.set(c, at); at += c.length; }
          return bytes.buffer;
        }
        chunks.push(r.value);
        received += r.value.length;
        progress.value = Math.min(1, received / total);
        return pump();
      });
      return pump();
    }).then((bytes) => WebAssembly.instantiate(bytes, imports))
      .then((result) => receiveInstance(result.instance, result.module))
      .catch((error) => fail(`Attention Lab could not load its program (${error.message}). Check the connection and reload the page.`));
    return {};
  }

  // Without WebGL2, the lesson as text instead of a blank canvas. No context is
  // made here to find out (a second one costs a cold start hundreds of ms under
  // software GL, docs/performance.md): the module tries and says "nogl".
  function withoutGl() {
    noGl = true;
    canvas.hidden = true;
    textToggle.hidden = true;
    const notice = $("text-view-notice");
    notice.textContent = "This browser does not offer WebGL2, so the interactive view cannot run here. " +
      "The lesson is below as text; try a current Chrome, Firefox, Edge or Safari for the interactive view.";
    notice.hidden = false;
  }
  if (typeof WebGL2RenderingContext === "undefined") withoutGl();
  if (typeof createAttentionModule !== "function") {
    fail("Attention Lab could not load attention.js. Check the connection and reload the page.");
    return;
  }
  const options = {
    canvas,
    arguments: moduleArguments(),
    attentionEvent: onEvent,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => fail(`Attention Lab stopped unexpectedly (${what}). Reload the page to start again.`),
  };
  if (!singleFile) options.instantiateWasm = instantiateWasm;  // the single file carries its wasm inside
  createAttentionModule(options).then((instance) => {
        module = instance;
    maybeStarted();
    if (noGl) return;
    // Wake the module when its canvas changes size; rest while out of view.
    new ResizeObserver(() => module._attn_wake()).observe(canvas);
    new IntersectionObserver((entries) => {
      module._attn_set_offscreen(entries[entries.length - 1].isIntersecting ? 0 : 1);
    }).observe(canvas);
    window.addEventListener("paste", (event) => {
      const text = event.clipboardData && event.clipboardData.getData("text/plain");
      if (text) call("attn_paste", null, ["string"], [text]);
    });
  }, (error) => fail(`Attention Lab could not start (${(error && error.message) || error}).`));
})();
