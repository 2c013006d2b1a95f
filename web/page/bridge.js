// The postMessage bridge: a host page drives an embedded (even cross-origin)
// widget with
//   iframe.contentWindow.postMessage({type: "attention:call", id: 1, method: "setStep", args: [2]}, origin)
// and hears back {type: "attention:result", id: 1, ok, value | error}
// (protocol.js; web/examples/attention-host.js does this for a host). Calls
// that come before the module is ready wait for it, up to MAX_WAITING_CALLS;
// every call is answered, a failed start included, so no host promise hangs.
import { api } from "./api.js";
import { embedded, isReady, ready } from "./events.js";
import { answer, isCall, methodsOf, result } from "./protocol.js";

const MAX_WAITING_CALLS = 100;
let waitingCalls = 0;

export function listenToHost() {
  const methods = methodsOf(api);
  window.addEventListener("message", (event) => {
    if (!embedded || event.source !== window.parent) return; // only the page that embeds us
    const m = event.data;
    if (!isCall(m)) return;
    // A host on file:// or in a sandbox has the origin "null", which postMessage cannot target.
    const origin = event.origin === "null" ? "*" : event.origin;
    const reply = (body) => {
      try {
        event.source.postMessage(result(m.id, body), origin);
      } catch (e) {
        event.source.postMessage(result(m.id, { ok: false, error: e.message }), origin); // a value that cannot be cloned
      }
    };
    const run = () => answer(api, methods, m).then(reply);
    if (isReady || !methods.includes(m.method)) return run();
    if (waitingCalls >= MAX_WAITING_CALLS)
      return reply({
        ok: false,
        error: `Attention Lab is still loading and already holds ${MAX_WAITING_CALLS} calls: wait for attention:ready`,
      });
    ++waitingCalls;
    ready.then(run, (e) => reply({ ok: false, error: e.message })).finally(() => --waitingCalls);
  });
}
