// The page around the WebAssembly module: loading with progress, readable
// failures, keyboard focus inside host pages, and window.attention, the API
// that tests, host pages and instructors use (docs/embedding.md).
(function () {
  "use strict";

  const canvas = document.getElementById("canvas");
  const loading = document.getElementById("loading");
  const progress = document.getElementById("loading-progress");
  const failure = document.getElementById("failure");
  const failureMessage = document.getElementById("failure-message");
  const params = new URLSearchParams(window.location.search);

  let module = null;
  let firstFrameMs = null;
  let resolveReady, rejectReady;
  const ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  const listeners = { statechange: [], copy: [] };

  function fail(message) {
    loading.hidden = true;
    failure.hidden = false;
    failureMessage.textContent = message;  // text only: never markup from anywhere
    rejectReady(new Error(message));
  }

  // ---- Start-up options from the URL: ?lesson=ID&step=N&theme=dark&embed=1
  const args = [];
  if (params.get("lesson")) args.push("--lesson", params.get("lesson"));
  if (params.get("step")) args.push("--step", params.get("step"));
  if (params.get("theme")) args.push("--theme", params.get("theme"));
  if (params.get("embed")) args.push("--embed", params.get("embed"));
  if (params.get("theme") === "dark") document.documentElement.classList.add("dark");

  // ---- Keys belong to the canvas only while it has focus. Emscripten's GLFW
  // listens on the whole window (and eats Backspace and Tab), so stop keys
  // meant for the host page before it sees them. Registered before the module.
  function guardKeys(event) {
    const focused = document.activeElement === canvas;
    const imguiWantsKeys = module && module._attn_want_keyboard() === 1;
    if (!focused || (event.key === "Tab" && !imguiWantsKeys)) event.stopImmediatePropagation();
  }
  for (const type of ["keydown", "keyup", "keypress"]) window.addEventListener(type, guardKeys, true);
  canvas.addEventListener("pointerdown", function () { canvas.focus({ preventScroll: true }); });

  // ---- Missing WebGL2: say so instead of a blank canvas.
  const probe = document.createElement("canvas");
  if (!probe.getContext("webgl2")) {
    fail("Attention Lab needs WebGL2, which this browser does not offer (or has turned off). " +
         "Try a current Chrome, Firefox, Edge or Safari, or turn on hardware acceleration.");
    return;
  }

  // ---- The API. Every method works once `ready` has resolved.
  function call(name, returns, types, values) { return module.ccall(name, returns, types, values); }
  function json(name) { return JSON.parse(call(name, "string", [], [])); }
  function checked(message) {
    if (message) throw new Error(message);
  }

  const api = {
    ready: ready,
    get firstFrameMs() { return firstFrameMs; },
    framesDrawn: function () { return module ? module._attn_frames_drawn() : 0; },
    lessons: function () { return json("attn_lessons"); },
    state: function () { return json("attn_state"); },
    getState: function () { return json("attn_state"); },
    trace: function () { return json("attn_trace"); },
    numpy: function () { return call("attn_numpy", "string", [], []); },
    setLesson: function (id) { checked(call("attn_set_lesson", "string", ["string"], [String(id)])); },
    loadLesson: function (text, source) {
      checked(call("attn_add_lesson", "string", ["string", "string"], [String(text), String(source || "lesson.json")]));
    },
    setStep: function (n) {
      if (call("attn_set_step", "number", ["number"], [n | 0]) !== 1) throw new Error("no step " + n + " in this lesson");
    },
    setValue: function (name, row, col, value) {
      checked(call("attn_set_value", "string", ["string", "number", "number", "number"],
                   [String(name), row | 0, col | 0, Number(value)]));
    },
    reset: function () { call("attn_reset", null, [], []); },
    setTheme: function (theme) {
      const dark = theme === "dark";
      document.documentElement.classList.toggle("dark", dark);
      call("attn_set_theme", null, ["number"], [dark ? 1 : 0]);
    },
    on: function (event, callback) { (listeners[event] || []).push(callback); },
    // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
    testing: {
      enableItems: function () { module._attn_enable_items(1); },
      items: function () { return json("attn_items"); },
      wantKeyboard: function () { return module._attn_want_keyboard() === 1; },
    },
  };
  window.attention = api;

  // ---- Events from the module.
  function onEvent(name, payload) {
    const data = payload ? JSON.parse(payload) : {};
    if (name === "firstframe") {
      firstFrameMs = performance.now();
      loading.hidden = true;
      canvas.removeAttribute("aria-describedby");
      resolveReady(api);
    } else if (name === "error" && data.reason === "webgl2") {
      fail("Attention Lab could not start WebGL2 here. Try another browser, or turn on hardware acceleration.");
    } else if (listeners[name]) {
      for (const callback of listeners[name]) callback(data);
    }
  }

  // ---- Load the module, fetching the wasm ourselves to show byte progress.
  function instantiateWasm(imports, receiveInstance) {
    fetch("attention.wasm").then(function (response) {
      if (!response.ok) throw new Error("attention.wasm: HTTP " + response.status);
      const total = Number(response.headers.get("Content-Length")) || 0;
      if (!response.body || !total) return response.arrayBuffer();
      const reader = response.body.getReader();
      const chunks = [];
      let received = 0;
      function pump() {
        return reader.read().then(function (r) {
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
      }
      return pump();
    }).then(function (bytes) {
      return WebAssembly.instantiate(bytes, imports);
    }).then(function (result) {
      receiveInstance(result.instance, result.module);
    }).catch(function (error) {
      fail("Attention Lab could not load its program (" + error.message + "). Check the connection and reload the page.");
    });
    return {};
  }

  if (typeof createAttentionModule !== "function") {
    fail("Attention Lab could not load attention.js. Check the connection and reload the page.");
    return;
  }
  createAttentionModule({
    canvas: canvas,
    arguments: args,
    instantiateWasm: instantiateWasm,
    attentionEvent: onEvent,
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) { fail("Attention Lab stopped unexpectedly (" + what + "). Reload the page to start again."); },
  }).then(function (instance) {
    module = instance;
    // Wake the module when its canvas changes size, and rest while it is out of view.
    new ResizeObserver(function () { module._attn_wake(); }).observe(canvas);
    new IntersectionObserver(function (entries) {
      module._attn_set_offscreen(entries[entries.length - 1].isIntersecting ? 0 : 1);
    }).observe(canvas);
    window.addEventListener("paste", function (event) {
      const text = event.clipboardData && event.clipboardData.getData("text/plain");
      if (text) module.ccall("attn_paste", null, ["string"], [text]);
    });
  }, function (error) {
    fail("Attention Lab could not start (" + (error && error.message || error) + ").");
  });
})();
