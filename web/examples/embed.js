// A course page driving an embedded Attention Lab with postMessage.
// ?widget=URL points the iframe elsewhere (another origin works too).
(function () {
  "use strict";
  const params = new URLSearchParams(window.location.search);
  const widgetUrl = new URL(params.get("widget") || "../index.html", window.location.href);
  widgetUrl.searchParams.set("lesson", "the-cat-sat");
  widgetUrl.searchParams.set("embed", "1");
  const iframe = document.getElementById("widget");
  const status = document.getElementById("status");
  iframe.src = widgetUrl.href;

  // Calls a window.attention verb in the widget; resolves with its result.
  let nextId = 1;
  const pending = new Map();
  function call(method, ...args) {
    const id = nextId++;
    iframe.contentWindow.postMessage({ type: "attention:call", id, method, args }, widgetUrl.origin);
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  }

  let state = null;
  function show(s) {
    state = s;
    status.textContent = `Step ${s.step + 1} of ${s.steps}: ${s.stepTitle}` + (s.edited ? " (numbers changed)" : "");
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== widgetUrl.origin || event.source !== iframe.contentWindow) return;
    const m = event.data;
    if (m.type === "attention:ready" || m.type === "attention:statechange") show(m.state);
    if (m.type === "attention:result" && pending.has(m.id)) {
      const { resolve, reject } = pending.get(m.id);
      pending.delete(m.id);
      m.ok ? resolve(m.value) : reject(new Error(m.error));
    }
  });

  document
    .getElementById("next")
    .addEventListener("click", () => state && call("setStep", Math.min(state.step + 1, state.steps - 1)));
  document
    .getElementById("previous")
    .addEventListener("click", () => state && call("setStep", Math.max(state.step - 1, 0)));
  document.getElementById("reset").addEventListener("click", () => call("reset"));
  window.embedExample = { call }; // for the browser test
})();
