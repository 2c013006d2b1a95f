// Drives an Attention Lab iframe from the page that embeds it (docs/embedding.md).
//   const widget = attentionWidget(iframe);  // before or after the iframe loads
//   widget.on("statechange", (state) => ...); // also "ready", and "progress" (progress) => ...
//   await widget.call("setStep", 2);
// A message posted into an iframe that still shows about:blank is dropped by
// the browser, so calls wait here until the widget's page is there; the widget
// then holds them until it is ready, and answers every one.
function attentionWidget(iframe) {
  const origin = () => new URL(iframe.src, document.baseURI).origin;
  const listeners = { ready: [], statechange: [], progress: [] };
  const pending = new Map(); // call id -> { resolve, reject }
  const unsent = []; // calls made before the widget's page was there
  let reachable = false;
  let readyHeard = false;
  let nextId = 1;

  function emit(event, state) {
    if (event === "ready") readyHeard = true;
    for (const callback of listeners[event]) callback(state);
  }
  function post(message) {
    iframe.contentWindow.postMessage(message, origin());
  }
  function reached() {
    if (reachable) return;
    reachable = true;
    for (const message of unsent.splice(0)) post(message);
  }

  // The widget's page has loaded (the iframe's first about:blank has no src).
  iframe.addEventListener("load", () => {
    if (iframe.getAttribute("src")) reached();
  });
  window.addEventListener("message", (event) => {
    if (event.source !== iframe.contentWindow || event.origin !== origin()) return;
    reached(); // anything from the widget means it listens
    const m = event.data || {};
    if (m.type === "attention:result" && pending.has(m.id)) {
      const { resolve, reject } = pending.get(m.id);
      pending.delete(m.id);
      m.ok ? resolve(m.value) : reject(new Error(m.error));
    } else if (m.type === "attention:result" && m.id === 0 && m.ok && !readyHeard) {
      emit("ready", m.value); // the widget was ready before this helper was made
    } else if (m.type === "attention:ready" || m.type === "attention:statechange") {
      emit(m.type.slice("attention:".length), m.state);
    } else if (m.type === "attention:progress") {
      emit("progress", m.progress);
    }
  });
  // Made after the widget's page arrived? Then the widget answers this (id 0,
  // which no call uses) and so says it is there. The iframe's first document,
  // about:blank, is the host's own: posting there would only earn a warning.
  const shown = iframe.contentWindow && iframe.contentDocument; // null: a page from another origin
  if (iframe.getAttribute("src") && iframe.contentWindow && (!shown || shown.URL !== "about:blank"))
    post({ type: "attention:call", id: 0, method: "state", args: [] });

  return {
    // Resolves with the method's result, or rejects with the widget's error.
    call(method, ...args) {
      const message = { type: "attention:call", id: nextId++, method, args };
      const answer = new Promise((resolve, reject) => pending.set(message.id, { resolve, reject }));
      if (reachable) post(message);
      else unsent.push(message);
      return answer;
    },
    on(event, callback) {
      if (!listeners[event]) throw new Error(`no event ${event}: use ready, statechange or progress`);
      listeners[event].push(callback);
    },
  };
}
