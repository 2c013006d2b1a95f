// What the page tells those who listen: that it is ready (and when it drew
// its first frame), the on() events (statechange, progress, copy, link), and
// the messages to a host page that embeds this one (attention:ready,
// :statechange, :progress).
let resolveReady, rejectReady;
export const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // failures are shown on the page; an unobserved rejection is not an error
export let isReady = false; // set just before ready resolves
export let firstFrameMs = null; // milliseconds from navigation to the first frame drawn

export function firstFrameDrawn() {
  firstFrameMs = performance.now();
}
export function becomeReady() {
  isReady = true;
  resolveReady();
}
export function failReady(error) {
  rejectReady(error);
}

export const listeners = { statechange: [], progress: [], copy: [], link: [] };
export function emit(event, data) {
  for (const callback of listeners[event] || []) {
    try {
      callback(data);
    } catch (e) {
      console.warn(e);
    }
  }
}

// Inside an iframe: the page that embeds this one hears our news.
export const embedded = typeof window !== "undefined" && window.parent !== window;
export function toParent(message) {
  if (embedded) window.parent.postMessage(message, "*");
}
