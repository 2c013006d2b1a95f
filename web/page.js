// The page around the WebAssembly module (docs/embedding.md):
//   [1] start: the URL's parameters and the lesson file they name, passed to the app as they are
//   [2] keyboard focus inside host pages
//   [3] window.attention, the API for tests, hosts and instructors
//   [4] the postMessage bridge for cross-origin iframes
//   [5] links that reopen exactly what the learner sees
//   [6] the text view: the current step as HTML tables
//   [7] loading the module, with byte progress and readable failures, in the
//       learner's language (its catalog fetched at once, before the module runs)
//   [8] offline: the service worker
//   [9] the learner's work, kept in local storage across reloads
// The app checks every parameter and words every notice (src/app/app.cpp);
// this file only carries them. Text from lessons, links and messages is only
// ever set as text, never HTML.
(function () {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const canvas = $("canvas");
  const loading = $("loading");
  const progress = $("loading-progress");
  const failure = $("failure");
  const textView = $("text-view");
  const textToggle = $("text-view-toggle");
  // The single file (scripts/single_file.mjs) carries the wasm and the built-in
  // lessons inside: {wasm: base64, lessons: {id: text}}; the served page fetches them.
  const singleFile = window.attentionSingleFile || null;

  let module = null;
  let firstFrameMs = null;
  let noGl = false;
  let isReady = false; // set just before window.attention.ready resolves
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // failures are shown on the page; an unobserved rejection is not an error
  const listeners = { statechange: [], progress: [], copy: [], link: [] };

  // ---- The page's own words ---------------------------------------------------
  // Shown before the app runs or when it cannot, in the learner's language:
  // translated like the app's (po/*.po, context "page"): the messages marked
  // NP_("page", ...) here (xgettext reads them) and index.html's elements marked
  // data-page-message (scripts/catalogs.py reads those), shown once
  // lang/<code>.json brings them ("page": {English: translation}). Errors a
  // host page's developer reads (thrown, or rejected through window.attention)
  // stay English.
  const NP_ = (context, english) => english; // marks a message for xgettext (scripts/catalogs.py)
  const WORDS = {
    // A note for translators goes on the line just above the English (xgettext's rule).
    noProgram: NP_(
      "page",
      // TRANSLATORS: {why} is in English (e.g. "attention.wasm: HTTP 404").
      "Attention Lab could not load its program ({why}). Check the connection and reload the page.",
    ),
    noScript: NP_("page", "Attention Lab could not load attention.js. Check the connection and reload the page."),
    // TRANSLATORS: {why} is in English (the browser's own words).
    stopped: NP_("page", "Attention Lab stopped unexpectedly ({why}). Reload the page to start again."),
    // TRANSLATORS: {why} is in English (e.g. "lessons/the-cat-sat.json: HTTP 404").
    noStart: NP_("page", "Attention Lab could not start ({why})."),
    noGl: NP_(
      "page",
      "This browser does not offer WebGL2, so the interactive view cannot run here. " +
        "The lesson is below as text; try a current Chrome, Firefox, Edge or Safari for the interactive view.",
    ),
  };
  let translated = {}; // English -> the learner's language, once its catalog is here
  const said = new Map(); // element -> [English, values]: said again when it comes
  const fill = (text, values) =>
    text.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(values, name) ? values[name] : m));
  function say(element, english, values = {}) {
    said.set(element, [english, values]);
    element.textContent = fill(translated[english] || english, values);
  }
  function sayInLanguage(code, fetched) {
    try {
      translated = JSON.parse(new TextDecoder().decode(fetched.bytes)).page || {};
    } catch (e) {
      return; // English, then; the app says why when it asks for the same bytes
    }
    if (!isReady) document.documentElement.lang = code; // the app's language from then on (statechange)
    for (const [element, [english, values]] of said) say(element, english, values);
  }

  function fail(english, values = {}) {
    loading.hidden = true;
    failure.hidden = false;
    say($("failure-message"), english, values);
    rejectReady(new Error(fill(english, values)));
  }

  // ---- [1] Start ------------------------------------------------------------
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

  // Every parameter, in order, as the URL has it; a link's state arrives as
  // base64url (the app reads the JSON inside, and says so if it cannot).
  const parameters = [...new URLSearchParams(window.location.search)].map(([key, value]) => {
    if (key !== "state") return [key, value];
    try {
      return [key, fromBase64Url(value)];
    } catch (e) {
      return [key, value];
    }
  });
  const first = (key) => {
    const p = parameters.find(([k]) => k === key);
    return p ? p[1] : null;
  };
  if (first("theme") === "dark") document.documentElement.classList.add("dark");

  // The language the app will show, chosen here too so that the page's own
  // words are in it before the app runs: the same rule on the same inputs
  // (App::start: the link's lang, else the saved one, else the first shipped
  // of the browser's, else English; find_language, core/translation.cpp).
  // tests/core/language-choice.json holds the cases both are checked against.
  function findLanguage(tag) {
    const t = String(tag).replace(/[A-Z]/g, (c) => c.toLowerCase()); // ASCII only, as in C++
    if (t === "zh" || t.startsWith("zh-"))
      return ["zh", "zh-hans", "zh-cn", "zh-sg", "zh-my"].includes(t) || t.startsWith("zh-hans-") ? "zh-Hans" : null;
    const primary = t.split(/[-_]/)[0];
    return ["en", "es", "ko"].includes(primary) ? primary : null;
  }
  function chooseLanguage(pairs, saved, preferred) {
    const link = pairs.find(([key]) => key === "lang");
    return [...(link ? [link[1]] : []), saved, ...preferred].map(findLanguage).find(Boolean) || "en";
  }

  // A file beside the page: its bytes, or why not.
  async function fetchBytes(url) {
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) return { error: `HTTP ${response.status}` };
      return { bytes: new Uint8Array(await response.arrayBuffer()) };
    } catch (e) {
      return { error: "the connection failed" };
    }
  }
  // The lesson file lesson-url names, fetched while the module loads. Only
  // files beside the page: a course page must not be able to load lessons (or
  // anything else) from another site into this one.
  const lessonFile = (async () => {
    const name = first("lesson-url");
    if (name === null) return null;
    let url;
    try {
      url = new URL(name, window.location.href);
    } catch (e) {
      return { error: "not a file beside this page" };
    }
    if (url.origin !== window.location.origin) return { error: "not a file beside this page" };
    return fetchBytes(url.href);
  })();
  // The built-in lessons' files: the program compiles none in, so each is
  // fetched when first opened (src/core/builtin_lessons.h), the one the page
  // opens with while the module loads (at the end). The single file carries them all.
  const FIRST_LESSON = "the-cat-sat"; // the app's first (a guess to fetch early; the app's list decides)
  const isLessonId = (id) => typeof id === "string" && /^[a-z0-9_-]{1,64}$/.test(id);
  const lessonFetches = new Map(); // id -> the promise of fetchBytes
  function fetchLesson(id) {
    if (singleFile)
      return Promise.resolve(
        Object.hasOwn(singleFile.lessons, id)
          ? { bytes: new TextEncoder().encode(singleFile.lessons[id]) }
          : { error: "not in this file" },
      );
    if (!lessonFetches.has(id)) {
      const fetched = fetchBytes(`lessons/${id}.json`);
      lessonFetches.set(id, fetched);
      fetched.then((r) => r.error && lessonFetches.delete(id)); // tried again next time
    }
    return lessonFetches.get(id);
  }
  // A built-in lesson's file handed to the app: "" or why it could not be.
  async function provideLesson(id, fetched = fetchLesson(id)) {
    const r = await fetched;
    if (r.error) {
      call("attn_lesson_failed", null, ["string", "string"], [id, r.error]);
      return r.error;
    }
    return call("attn_provide_lesson", "string", ["string", "bytes", "number"], [id, r.bytes, r.bytes.length]);
  }

  // The program has started and both its parts are here (a call waits for nothing).
  const whole = () => module !== null && deferredLoad !== null;

  // ---- [2] Keys belong to the canvas only while it has focus ---------------
  // Emscripten's GLFW listens on the whole window (and eats Backspace and Tab):
  // stop keys meant for the host page before it sees them. Registered first.
  function guardKeys(event) {
    if (document.activeElement !== canvas) {
      event.stopImmediatePropagation();
      return;
    }
    if (event.key !== "Tab") return;
    // Tab moves through the canvas's numbers while there is one to move to; then on out of it.
    // Asked only once the program is whole: a key never waits for its second part.
    let tabTaken = false;
    try {
      tabTaken =
        whole() && (module._attn_want_keyboard() === 1 || module._attn_wants_tab(event.shiftKey ? 1 : 0) === 1);
    } catch (e) {
      tabTaken = false;
    }
    if (!tabTaken) event.stopImmediatePropagation();
  }
  for (const type of ["keydown", "keyup", "keypress"]) window.addEventListener(type, guardKeys, true);
  // A focus() from a pointer handler counts as :focus-visible in Chromium, so
  // the pointer says itself whether it brought the focus.
  let focusByPointer = false;
  canvas.addEventListener("pointerdown", () => {
    focusByPointer = true;
    canvas.focus({ preventScroll: true });
    focusByPointer = false;
  });
  // Arriving by the keyboard (Tab, or Shift+Tab from below): onto the numbers.
  let lastTabBack = false;
  window.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Tab") lastTabBack = e.shiftKey;
    },
    true,
  );
  canvas.addEventListener("focus", () => {
    if (whole() && !focusByPointer && canvas.matches(":focus-visible")) module._attn_enter_cells(lastTabBack ? 1 : 0);
  });

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
        if (value === null) return 0;
        const bytes = types[i] === "string" ? utf8.encode(`${value}\0`) : value;
        const at = module._malloc(bytes.length || 1);
        if (!at) throw new Error(`not enough memory for ${bytes.length} bytes`);
        allocated.push(at);
        module.HEAPU8.set(bytes, at);
        return at;
      });
      return module.ccall(
        name,
        returns,
        types.map((t) => (t === "string" || t === "bytes" ? "number" : t)),
        args,
      );
    } finally {
      for (const at of allocated) module._free(at);
    }
  }
  const json = (name) => JSON.parse(call(name, "string", [], []));
  function checked(message) {
    if (message) throw new Error(message);
  }
  // A lesson as text, or as a file's bytes (ArrayBuffer or typed array): bytes go
  // to the loader unchanged, so a Latin-1 file gets the loader's encoding message.
  function addLesson(content, source) {
    const bytes =
      typeof content === "string"
        ? utf8.encode(content)
        : ArrayBuffer.isView(content)
          ? new Uint8Array(content.buffer, content.byteOffset, content.byteLength)
          : new Uint8Array(content);
    return call(
      "attn_add_lesson",
      "string",
      ["bytes", "number", "string"],
      [bytes, bytes.length, String(source || "lesson.json")],
    );
  }

  const api = {
    ready,
    get firstFrameMs() {
      return firstFrameMs;
    },
    framesDrawn: () => (module ? module._attn_frames_drawn() : 0),
    lessons: () => json("attn_lessons"),
    state: () => json("attn_state"),
    getState: () => json("attn_state"),
    trace: () => json("attn_trace"),
    numpy: () => call("attn_numpy", "string", [], []),
    // A built-in lesson opened for the first time is fetched (the step bar
    // says so meanwhile): the promise settles once it is shown, or with why not.
    async setLesson(id) {
      id = String(id);
      checked(call("attn_set_lesson", "string", ["string"], [id]));
      if (api.state().lesson === id) return;
      const why = await provideLesson(id);
      if (why) throw new Error(`The lesson "${id}" could not be loaded (${why})`);
    },
    loadLesson: (content, source) =>
      checked(addLesson(content && typeof content === "object" ? content : String(content), source)),
    setStep(n) {
      if (!Number.isInteger(n)) throw new Error(`no step ${n} in this lesson`);
      checked(call("attn_set_step", "string", ["number"], [n]));
    },
    setValue: (name, row, col, value) =>
      checked(
        call(
          "attn_set_value",
          "string",
          ["string", "number", "number", "number"],
          [String(name), row | 0, col | 0, Number(value)],
        ),
      ),
    reset: () => call("attn_reset", null, [], []),
    // "en", "es", "zh-Hans" or "ko": the interface switches once its catalog
    // is here (state().language says which is in use).
    setLanguage: (code) => checked(call("attn_set_language", "string", ["string"], [String(code)])),
    setTheme(theme) {
      if (theme !== "light" && theme !== "dark")
        throw new Error(`theme must be "light" or "dark", not ${JSON.stringify(String(theme))}`);
      document.documentElement.classList.toggle("dark", theme === "dark");
      call("attn_set_theme", null, ["number"], [theme === "dark" ? 1 : 0]);
    },
    link: () => linkFor(json("attn_link")),
    // Steps seen, predictions answered and right, challenges solved (docs/embedding.md).
    progress: () => json("attn_progress"),
    // The notebook's numbers, no answers, no progress: the lesson from the start.
    startOver: () => call("attn_start_over", null, [], []),
    on(event, callback) {
      if (!listeners[event])
        throw new Error(`no event ${JSON.stringify(String(event))}: use ${Object.keys(listeners).join(", ")}`);
      listeners[event].push(callback);
    },
    showTextView: (show) => setTextView(show !== false),
    // A PNG of the step (or one matrix) for slides: {name, png (bytes), width, height, scale}.
    figure({
      scale = 2,
      theme = document.documentElement.classList.contains("dark") ? "dark" : "light",
      matrix = "",
    } = {}) {
      if (theme !== "light" && theme !== "dark")
        return Promise.reject(new Error(`theme must be "light" or "dark", not ${JSON.stringify(String(theme))}`));
      // In English, as every error window.attention gives: its reader is the host page's developer.
      if (noGl) return Promise.reject(new Error("figures need WebGL2, which this browser does not offer"));
      const error = call(
        "attn_save_figure",
        "string",
        ["number", "number", "string", "number"],
        [Number(scale), theme === "dark" ? 1 : 0, String(matrix), 0],
      );
      if (error) return Promise.reject(new Error(error));
      return new Promise((resolve, reject) => figureWaiters.push({ resolve, reject }));
    },
    // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
    testing: {
      enableItems: () => module._attn_enable_items(1),
      wake: () => module._attn_wake(), // draw a frame even without input
      loop() {
        const bits = module._attn_loop_state();
        return { stopped: !!(bits & 1), hidden: !!(bits & 2), offscreen: !!(bits & 4), contextLost: !!(bits & 8) };
      },
      items: () => json("attn_items"),
      // The page's choice of language (its cases: tests/core/language-choice.json).
      findLanguage,
      chooseLanguage,
      wantKeyboard: () => module._attn_want_keyboard() === 1,
      heapBytes: () => module._attn_heap_bytes(), // the WebAssembly memory's size
      // The program's second part: null until loaded, then {how, ms}: "with the
      // first part" (the single file, the worker's cache), "after the first
      // frame" (a first visit), or "on a call" (a call into it came first).
      deferred: () => deferredLoad,
      // The current lesson's characters the canvas cannot draw now, and the font
      // pack being fetched: {loading, missing: [{character, codepoint, where}]}.
      glyphs: () => json("attn_glyphs"),
      // The last frames: {frame, revisionStart, revisionEnd, cpuMs, renderMs}: the C++
      // work of each (recompute + UI build), then its drawing (heatmaps and ImGui's
      // draw lists, GL calls included; ./dev bench, docs/performance.md).
      frameCosts: () =>
        json("attn_frame_costs").map(([frame, revisionStart, revisionEnd, cpuMs, renderMs]) => ({
          frame,
          revisionStart,
          revisionEnd,
          cpuMs,
          renderMs,
        })),
      lastFrameCpuMs() {
        const c = api.testing.frameCosts();
        return c.length ? c[c.length - 1].cpuMs : null;
      },
    },
  };
  window.attention = api;

  function emit(event, data) {
    for (const callback of listeners[event] || []) {
      try {
        callback(data);
      } catch (e) {
        console.warn(e);
      }
    }
  }

  // ---- [4] postMessage bridge -------------------------------------------------
  // A host page drives an embedded (even cross-origin) widget with
  //   iframe.contentWindow.postMessage({type: "attention:call", id: 1, method: "setStep", args: [2]}, origin)
  // and hears back {type: "attention:result", id: 1, ok, value | error}
  // (web/examples/attention-host.js does this for a host). Calls that come
  // before the module is ready wait for it, up to MAX_WAITING_CALLS; every
  // call is answered, a failed start included, so no host promise hangs.
  const embedded = window.parent !== window;
  // Every method of window.attention whose arguments and result survive
  // structured cloning (on() takes callbacks: hosts hear statechange instead).
  const METHODS = [
    "setLesson",
    "setStep",
    "setValue",
    "reset",
    "state",
    "getState",
    "setTheme",
    "lessons",
    "trace",
    "link",
    "numpy",
    "loadLesson",
    "progress",
    "startOver",
    "showTextView",
    "figure",
    "framesDrawn",
  ];
  const MAX_WAITING_CALLS = 100;
  let waitingCalls = 0;
  function toParent(message) {
    if (embedded) window.parent.postMessage(message, "*");
  }
  window.addEventListener("message", (event) => {
    if (!embedded || event.source !== window.parent) return; // only the page that embeds us
    const m = event.data;
    if (!m || typeof m !== "object" || m.type !== "attention:call") return;
    // A host on file:// or in a sandbox has the origin "null", which postMessage cannot target.
    const origin = event.origin === "null" ? "*" : event.origin;
    const reply = (body) => {
      try {
        event.source.postMessage({ type: "attention:result", id: m.id, ...body }, origin);
      } catch (e) {
        event.source.postMessage({ type: "attention:result", id: m.id, ok: false, error: e.message }, origin);
      }
    };
    if (!METHODS.includes(m.method))
      return reply({
        ok: false,
        error: `unknown method ${JSON.stringify(String(m.method))}; the methods are ${METHODS.join(", ")}`,
      });
    // A method's result, or what its promise settles to (figure, setLesson).
    const run = () =>
      Promise.resolve()
        .then(() => api[m.method](...(Array.isArray(m.args) ? m.args : [])))
        .then(
          (value) => reply({ ok: true, value }),
          (e) => reply({ ok: false, error: e.message }),
        );
    if (isReady) return run();
    if (waitingCalls >= MAX_WAITING_CALLS)
      return reply({
        ok: false,
        error: `Attention Lab is still loading and already holds ${MAX_WAITING_CALLS} calls: wait for attention:ready`,
      });
    ++waitingCalls;
    ready.then(run, (e) => reply({ ok: false, error: e.message })).finally(() => --waitingCalls);
  });

  // ---- [5] Links ----------------------------------------------------------------
  // The app says what a link needs ({"lesson" or "lesson-url", "step", ...});
  // the state goes in base64url so the link stays one unbroken word.
  function linkFor(parts) {
    const url = new URL(window.location.href);
    url.search = "";
    for (const [key, value] of Object.entries(parts))
      url.searchParams.set(key, key === "state" ? toBase64Url(value) : value);
    return url.href;
  }
  function copyLink(link) {
    try {
      window.history.replaceState(null, "", link);
    } catch (e) {
      /* file:// pages keep their URL */
    }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).catch(() => {});
    emit("link", { url: link });
  }

  // ---- [6] The text view ------------------------------------------------------------
  // `dir: "auto"` on the lesson's own text: a right-to-left title, token or
  // sentence (Hebrew, Arabic) is laid out right to left by the browser, which
  // the canvas cannot do (docs/lessons.md).
  const own = { dir: "auto" };
  function el(tag, text, attributes) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
    return e;
  }
  function renderTextView() {
    if (!module || textView.hidden) return;
    const view = json("attn_text_view");
    const body = $("text-view-body");
    const focused =
      document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
    body.replaceChildren();
    const select = $("text-view-lesson");
    select.replaceChildren(...view.lessons.map((l) => el("option", l.title, { value: l.id, ...own }))); // titles, not ids
    select.value = view.lesson;
    // Every word here comes from the app, in the learner's language.
    const labels = view.labels;
    $("text-view-position").textContent = view.position;
    $("text-view-previous").textContent = labels.previous;
    $("text-view-next").textContent = labels.next;
    $("text-view-lesson-label").firstChild.textContent = `${labels.lesson} `;
    textView.querySelector("nav").setAttribute("aria-label", labels.navigation);
    textView.setAttribute("aria-label", labels.region);
    textToggle.textContent = labels.back;
    $("text-view-previous").disabled = view.step === 0;
    $("text-view-next").disabled = view.step === view.steps - 1;
    body.append(el("p", view.titleLine, { class: "source", ...own }));
    body.append(el("h2", view.stepTitle, own));
    if (view.formula) body.append(el("p", view.formula, { class: "formula", ...own }));
    renderActivities(view, body);
    const holding = view.sentences.filter((x) => x.holds).map((x) => x.text);
    if (holding.length) body.append(el("p", holding.join(" "), own));
    for (const x of view.sentences.filter((x) => !x.holds)) body.append(el("p", x.stale, { class: "stale", ...own }));
    for (const m of view.matrices) {
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
          if (!m.changeable) {
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
            input.addEventListener("change", () => {
              const error = call(
                "attn_set_value_text",
                "string",
                ["string", "number", "number", "string"],
                [m.id, r, c, input.value],
              );
              $("text-view-error").textContent = error;
              $("text-view-error").hidden = !error;
              renderTextView();
            });
            td.append(input);
          }
          tr.append(td);
        });
        tbody.append(tr);
      });
      table.append(tbody);
      body.append(table);
    }
    if (view.covered) body.append(el("p", labels.covered, { class: "stale" }));
    if (focused) {
      // typing goes on where it was
      const again = body.querySelector(`input[data-cell="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }
  // Predictions and challenges as form controls a screen reader can use.
  function act(name, types, values) {
    const error = call(name, "string", types, values);
    $("text-view-error").textContent = error;
    $("text-view-error").hidden = !error;
    renderTextView();
  }
  function renderActivities(view, body) {
    const p = view.prediction;
    if (p) {
      const form = el("form", undefined, { class: "activity", "aria-label": view.labels.predictFirst });
      form.append(el("h3", view.labels.predictFirst));
      const question = el("fieldset");
      question.append(el("legend", p.ask));
      if (p.estimate) {
        const label = el("label", `${p.estimateLabel} `);
        label.append(
          el("input", undefined, {
            type: "number",
            step: "any",
            min: p.min,
            max: p.max,
            name: "estimate",
            required: "",
          }),
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
      form.append(el("button", view.labels.check, { type: "submit" }));
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
      if (c.solved && c.solvedNow) for (const s of c.success) section.append(el("p", s));
      else {
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

  let renderTimer = null;
  function scheduleTextView() {
    // throttled: a drag changes values every frame
    if (renderTimer !== null || textView.hidden) return;
    renderTimer = setTimeout(() => {
      renderTimer = null;
      renderTextView();
    }, 250);
  }
  // The names index.html gives in English, in the app's language (at start
  // and after a change of language).
  let labelledIn = "en";
  function relabel(language) {
    labelledIn = language;
    const labels = json("attn_text_view").labels;
    canvas.setAttribute("aria-label", labels.canvas);
    if (textView.hidden) textToggle.textContent = labels.textView;
  }
  function setTextView(show) {
    textView.hidden = !show;
    textToggle.setAttribute("aria-expanded", String(show));
    // The app's words once it runs (renderTextView, relabel), English before.
    if (!show) textToggle.textContent = module ? json("attn_text_view").labels.textView : "Text view";
    if (show) {
      renderTextView();
      textView.focus({ preventScroll: true });
    }
  }
  textToggle.addEventListener("click", () => setTextView(textView.hidden));
  $("text-view-previous").addEventListener("click", () => {
    api.setStep(api.state().step - 1);
    renderTextView();
  });
  $("text-view-next").addEventListener("click", () => {
    api.setStep(api.state().step + 1);
    renderTextView();
  });
  $("text-view-lesson").addEventListener("change", (e) => {
    api.setLesson(e.target.value).then(renderTextView, (error) => console.warn(error.message));
  });

  // ---- [7] Loading ---------------------------------------------------------------------
  function onEvent(name, payload) {
    const data = payload ? JSON.parse(payload) : {};
    if (name === "firstframe" || name === "nogl") {
      if (name === "firstframe") firstFrameMs = performance.now();
      else withoutGl();
      started();
    } else if (name === "statechange") {
      if (data.language !== labelledIn) relabel(data.language);
      document.documentElement.lang = data.language; // the text view is read in it
      scheduleTextView();
      scheduleSave();
      emit("statechange", data);
      toParent({ type: "attention:statechange", state: data });
      announceProgress();
    } else if (name === "copy") {
      emit("copy", data);
    } else if (name === "copylink") {
      copyLink(linkFor(data));
    } else if (name === "needfont") {
      fetchFont(data.name);
    } else if (name === "needcatalog") {
      fetchCatalog(data.code);
    } else if (name === "needlesson") {
      provideLesson(data.id);
    } else if (name === "showtextview") {
      setTextView(true);
    } else if (name === "figurefailed") {
      for (const waiter of figureWaiters.splice(0)) waiter.reject(new Error(data.error));
    } else if (name === "contextrestored") {
      emit("statechange", api.state());
    }
  }

  // A figure: the learner's ("Save figure") is saved as a file; the API's
  // settles the oldest figure() promise.
  const figureWaiters = [];
  function onFigure(figure) {
    if (figure.download) {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([figure.png], { type: "image/png" }));
      link.download = figure.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    } else if (figureWaiters.length) {
      const { download, ...rest } = figure;
      figureWaiters.shift().resolve(rest);
    }
  }

  // The app has started (and drawn, or without WebGL2, run): it is ready.
  function started() {
    loading.hidden = true;
    canvas.removeAttribute("aria-describedby");
    // Ready once the program's second part is here too: every call then works without a wait.
    loadDeferredSoon().then(() => {
      try {
        if (noGl) setTextView(true);
      } catch (error) {
        console.warn(`Attention Lab: the text view: ${error.message}`);
      }
      isReady = true;
      resolveReady(api);
      toParent({ type: "attention:ready", state: api.state() });
      registerServiceWorker();
      linkManifest();
    });
  }

  // A file the app asked for, fetched beside the page (or the fetch already
  // under way) and handed to it as bytes (`provide`, the app's function taking
  // name, bytes, size), or why not (`fail`, taking name and reason). The
  // single file carries neither kind.
  async function fetchFor(file, name, provide, fail, notInSingleFile, fetched) {
    const r = singleFile ? { error: notInSingleFile } : await (fetched || fetchBytes(file));
    if (r.error) call(fail, null, ["string", "string"], [name, r.error]);
    else call(provide, null, ["string", "bytes", "number"], [name, r.bytes, r.bytes.length]);
  }
  // A font pack a lesson or a language needs (src/ui/fonts.h): fetched once;
  // the app draws those characters with it from the next frame.
  const fetchFont = (name) =>
    fetchFor(
      `fonts/${name}.ttf`,
      name,
      "attn_provide_font",
      "attn_font_failed",
      "this offline file carries no extra fonts; the served page has them",
    );
  // The interface in the learner's language (src/core/translation.h): the
  // page's own words came in the same file, fetched at once (at the end), so
  // the app's first ask takes those bytes; a later one fetches.
  let catalogFetched = null; // {code, fetched}
  function fetchCatalog(code) {
    const early = catalogFetched && catalogFetched.code === code ? catalogFetched.fetched : undefined;
    catalogFetched = null;
    fetchFor(
      `lang/${code}.json`,
      code,
      "attn_provide_catalog",
      "attn_catalog_failed",
      "this offline file is in English only; the served page has the others",
      early,
    );
  }

  // Fetch the wasm ourselves, counting bytes for the progress bar (the single
  // file has it inside).
  function instantiateWasm(imports, receiveInstance) {
    // The second part too, at once, where it costs no download: from the single
    // file, or from the service worker's cache on a later visit.
    const second = singleFile || controlled() ? compileDeferred().catch(() => null) : Promise.resolve(null);
    Promise.resolve()
      .then(() => (singleFile ? fromBase64(singleFile.wasm) : downloadWasm()))
      .then((bytes) => WebAssembly.instantiate(bytes, imports))
      .then(async (result) => {
        primaryExports = result.instance.exports;
        const compiled = await second;
        if (compiled) instantiateDeferred(compiled, "with the first part");
        receiveInstance(result.instance, result.module);
      })
      .catch((error) => fail(WORDS.noProgram, { why: error.message }));
    return {};
  }
  const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  // Whether a service worker serves this page (a sandboxed iframe may not even ask).
  function controlled() {
    try {
      return !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    } catch (e) {
      return false;
    }
  }

  // The program comes in two parts (scripts/split_wasm.mjs): attention.wasm,
  // what the first frames run, and attention.deferred.wasm, the rest (the
  // text view, typing a number, hover explanations...), fetched once the first
  // frame is drawn; `ready` waits for it. A call into the second part before
  // it is here loads it at once (Emscripten's loadSplitModule: a synchronous
  // request, which a service worker does not see, so a page the worker serves
  // has loaded it with the first part).
  const DEFERRED = "attention.deferred.wasm";
  let primaryExports = null; // what the second part imports
  let deferredModule = null; // compiled
  let deferredLoad = null; // instantiated (its functions are in the table): {how, ms}
  function instantiateDeferred(compiled, how) {
    if (deferredLoad) return;
    new WebAssembly.Instance(compiled, { primary: primaryExports });
    deferredModule = compiled; // kept only once it links
    deferredLoad = { how, ms: performance.now() };
  }
  async function compileDeferred() {
    if (singleFile) return WebAssembly.compile(fromBase64(singleFile.deferred));
    const r = await fetchBytes(DEFERRED);
    if (r.error) throw new Error(`${DEFERRED}: ${r.error}`);
    return WebAssembly.compile(r.bytes);
  }
  function loadDeferredNow() {
    try {
      let compiled = deferredModule;
      if (!compiled) {
        // A synchronous request cannot ask for an ArrayBuffer: read the bytes as x-user-defined text.
        const request = new XMLHttpRequest();
        request.open("GET", DEFERRED, false);
        request.overrideMimeType("text/plain; charset=x-user-defined");
        request.send();
        if (request.status !== 200) throw new Error(`${DEFERRED}: HTTP ${request.status}`);
        compiled = new WebAssembly.Module(Uint8Array.from(request.responseText, (c) => c.charCodeAt(0) & 0xff));
      }
      instantiateDeferred(compiled, "on a call");
    } catch (error) {
      // The program cannot go on without it: say so, as for a missing first part.
      fail(WORDS.noProgram, { why: error.message });
      throw error;
    }
  }
  function loadDeferredSoon() {
    if (deferredLoad) return Promise.resolve();
    return compileDeferred()
      .then((compiled) => instantiateDeferred(compiled, "after the first frame"))
      .catch((error) => console.warn(`${error.message} (loaded when first needed)`));
  }
  function downloadWasm() {
    return fetch("attention.wasm").then((response) => {
      if (!response.ok) throw new Error(`attention.wasm: HTTP ${response.status}`);
      const total = Number(response.headers.get("Content-Length")) || 0;
      if (!response.body || !total) return response.arrayBuffer();
      const reader = response.body.getReader();
      const chunks = [];
      let received = 0;
      const pump = () =>
        reader.read().then((r) => {
          if (r.done) {
            const bytes = new Uint8Array(received);
            let at = 0;
            for (const c of chunks) {
              bytes.set(c, at);
              at += c.length;
            }
            return bytes.buffer;
          }
          chunks.push(r.value);
          received += r.value.length;
          progress.value = Math.min(1, received / total);
          return pump();
        });
      return pump();
    });
  }

  // Without WebGL2, the lesson as text instead of a blank canvas. No context is
  // made here to find out (a second one costs a cold start hundreds of ms under
  // software GL, docs/performance.md): the module tries and says "nogl".
  function withoutGl() {
    noGl = true;
    canvas.hidden = true;
    textToggle.hidden = true;
    const notice = $("text-view-notice");
    say(notice, WORDS.noGl);
    notice.hidden = false;
  }
  // ---- [8] Offline ------------------------------------------------------------------
  // The served page keeps itself for offline use (web/sw.js), once it has
  // started, so the worker's downloads never slow the first frame. Not the
  // single file (nothing beside it to keep; file:// has no service workers),
  // nor an embed: a course page's iframe is not where a learner installs or
  // goes offline, and each course site would pay for its own copy
  // (docs/embedding.md). Failing to register is no error for the learner.
  // The web app manifest, linked once the lesson is on screen: browsers fetch
  // it and its icons at once, bytes the first frame does not need.
  function linkManifest() {
    if (singleFile || document.querySelector('link[rel="manifest"]')) return;
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = "manifest.webmanifest";
    document.head.append(link);
  }
  function registerServiceWorker() {
    if (singleFile || embedded || !window.isSecureContext || !("serviceWorker" in navigator)) return;
    const unavailable = (e) => console.info(`Attention Lab will not work offline here: ${e.message}`);
    try {
      navigator.serviceWorker.register("sw.js").catch(unavailable);
    } catch (e) {
      unavailable(e); // a sandboxed page may not even look
    }
  }

  // ---- [9] The learner's work ------------------------------------------------------
  // Each lesson's work (its numbers, step, answers and progress; the app's
  // text, core/progress.h) under its own key, per page origin, and the lesson
  // open last. The app judges what it is given: anything unreadable becomes a
  // notice, and the next save replaces it. Storage may be off or full (private
  // windows, sandboxed iframes): then work lasts as long as the page.
  const STORE = "attention-lab:v1:";
  function storage() {
    try {
      return window.localStorage; // may throw where storage is blocked
    } catch (e) {
      return null;
    }
  }
  function readSavedWork() {
    const saved = { lessons: {} };
    const s = storage();
    if (!s) return saved;
    try {
      for (let i = 0; i < s.length; ++i) {
        const key = s.key(i);
        if (key && key.startsWith(STORE + "work:")) saved.lessons[key.slice(STORE.length + 5)] = s.getItem(key);
      }
      saved.last = s.getItem(STORE + "last") || "";
      saved.language = s.getItem(STORE + "language") || "";
    } catch (e) {
      console.info(`Attention Lab could not read saved work: ${e.message}`);
    }
    return saved;
  }
  function saveWork() {
    const s = storage();
    if (!s || !module) return;
    try {
      const { lesson, work, language } = json("attn_saved_work");
      if (work === null) s.removeItem(STORE + "work:" + lesson);
      else s.setItem(STORE + "work:" + lesson, work);
      s.setItem(STORE + "last", lesson);
      s.setItem(STORE + "language", language);
    } catch (e) {
      console.info(`Attention Lab could not save the learner's work: ${e.message}`);
    }
  }
  let saveTimer = null;
  function scheduleSave() {
    // a drag changes numbers every frame: save a moment after the last change
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveWork, 300);
  }
  window.addEventListener("pagehide", saveWork);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveWork();
  });
  // attention:progress (and on("progress")) when the counts change.
  let lastProgress = "";
  function announceProgress() {
    if (!module) return;
    const now = call("attn_progress", "string", [], []);
    if (now === lastProgress) return;
    lastProgress = now;
    const progress = JSON.parse(now);
    emit("progress", progress);
    toParent({ type: "attention:progress", progress });
  }

  // The page's words in the learner's language as soon as its catalog is here
  // (the single file is in English only, as its app is); English fetches nothing.
  const saved = readSavedWork();
  const languages = [...(navigator.languages || [])];
  const language = chooseLanguage(parameters, saved.language, languages);
  for (const element of document.querySelectorAll("[data-page-message]")) say(element, element.textContent);
  if (language !== "en" && !singleFile) {
    catalogFetched = { code: language, fetched: fetchBytes(`lang/${language}.json`) };
    catalogFetched.fetched.then((r) => sayInLanguage(language, r));
  }
  if (typeof WebGL2RenderingContext === "undefined") withoutGl();
  if (typeof createAttentionModule !== "function") {
    fail(WORDS.noScript);
    return;
  }
  const options = {
    canvas,
    arguments: noGl ? ["--no-gl"] : [],
    attentionEvent: onEvent,
    attentionFigure: onFigure,
    print: (text) => console.log(text),
    // Emscripten says when a call loads the second part: no warning, just news.
    printErr: (text) =>
      (/^(placeholder function called|instantiated deferred module)/.test(text) ? console.info : console.warn)(text),
    loadSplitModule: loadDeferredNow,
    onAbort: (what) => fail(WORDS.stopped, { why: what }),
  };
  options.instantiateWasm = instantiateWasm;
  // The built-in lesson the page opens with: the link's, else the one open
  // last, else the first. The app must have one before it starts: when that
  // one cannot be had (a link's unknown id, a lesson gone since), the first.
  const opening = (first("lesson-url") === null && first("lesson")) || saved.last || FIRST_LESSON;
  const openingFile = isLessonId(opening) ? fetchLesson(opening) : null;
  async function provideOpeningLesson() {
    if (openingFile && !(await provideLesson(opening, openingFile))) return;
    const firstId = json("attn_lessons")[0];
    if (firstId !== FIRST_LESSON)
      console.warn(`page.js: FIRST_LESSON is "${FIRST_LESSON}", the app's first "${firstId}"`);
    const why = await provideLesson(firstId);
    if (why) throw new Error(`lessons/${firstId}.json: ${why}`);
  }
  Promise.all([createAttentionModule(options), lessonFile]).then(
    async ([instance, file]) => {
      module = instance;
      try {
        await provideOpeningLesson();
      } catch (error) {
        fail(WORDS.noStart, { why: error.message });
        return;
      }
      call(
        "attn_start",
        null,
        ["string", "bytes", "number", "string", "string"],
        [
          JSON.stringify(parameters),
          file && file.bytes ? file.bytes : null,
          file && file.bytes ? file.bytes.length : 0,
          (file && file.error) || "",
          JSON.stringify({ ...saved, languages }), // the inputs of chooseLanguage, above
        ],
      );
      announceProgress();
      if (noGl) return;
      // A finger for a pointer (phones, tablets): large targets from the first frame.
      if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) module._attn_set_touch(1);
      // Wake the module when its canvas changes size; rest while out of view.
      new ResizeObserver(() => module._attn_wake()).observe(canvas);
      new IntersectionObserver((entries) => {
        module._attn_set_offscreen(entries[entries.length - 1].isIntersecting ? 0 : 1);
      }).observe(canvas);
      window.addEventListener("paste", (event) => {
        const text = event.clipboardData && event.clipboardData.getData("text/plain");
        if (text) call("attn_paste", null, ["string"], [text]);
      });
    },
    (error) => fail(WORDS.noStart, { why: (error && error.message) || String(error) }),
  );
})();
