// The postMessage bridge: a host page drives an embedded (even cross-origin)
// widget with
//   iframe.contentWindow.postMessage({type: "attention:call", id: 1, method: "setStep", args: [2]}, origin)
// and hears back {type: "attention:result", id: 1, ok, value | error}
// (web/examples/attention-host.js does this for a host). Calls that come
// before the module is ready wait for it, up to MAX_WAITING_CALLS; every
// call is answered, a failed start included, so no host promise hangs.
import { api } from "./api.js";
import { embedded, isReady, ready } from "./events.js";

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

export function listenToHost() {
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
}
