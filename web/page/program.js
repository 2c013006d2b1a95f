// The running program (the Emscripten module, once it has started) and the
// one way to call into it: call(), with strings and bytes through the heap.
export let module = null;

// Resolves in a task of its own: start-up work split so that no task is long
// (docs/performance.md, "Start-up"). A message, not a timer: timers in a
// background tab wait up to a second.
export function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
export function setModule(instance) {
  module = instance;
}
// How the program's second part came (loader.js): null until it did, then
// {how: "with the first part" (from the service worker's cache), "after the
// first frame" or "on a call", ms: when, from navigation},
// and on a call, `placeholder`: the table index of the function called
// (build/web/program/placeholders.txt names it).
export let secondPart = null;
export function secondPartCame(how, placeholder = null) {
  secondPart = secondPart || {
    how,
    ms: Math.round(performance.now()),
    ...(placeholder === null ? {} : { placeholder }),
  };
}

const utf8 = new TextEncoder();

// String and byte arguments go through the heap, not ccall's stack: ccall
// copies strings onto the 5 MB stack (up to 4 bytes a character), so one long
// string (a pasted text, a big lesson) would overwrite the module's memory.
export function call(name, returns, types, values) {
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

// A function of the program that answers in JSON.
export const json = (name) => JSON.parse(call(name, "string", [], []));

// The program's answer to a change: "" when done, else why not, thrown.
export function checked(message) {
  if (message) throw new Error(message);
}
