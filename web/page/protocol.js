// The postMessage protocol (docs/embedding.md): which calls a host may make,
// and the answer to each. A host posts {type: "attention:call", id, method,
// args} and hears {type: "attention:result", id, ok: true, value} or
// {type: "attention:result", id, ok: false, error}. The methods are
// window.attention's own, not a list kept beside it.

// Every function of window.attention is a method a host may call, but these:
// on() takes a callback, which cannot cross into another page (hosts hear
// attention:statechange and attention:progress instead). ready (a promise),
// firstFrameMs (a number) and testing (for the page's own tests) are not functions.
export const NOT_CALLABLE = ["on"];

export function methodsOf(api) {
  return Object.keys(api).filter((key) => typeof api[key] === "function" && !NOT_CALLABLE.includes(key));
}

export const isCall = (message) => !!message && typeof message === "object" && message.type === "attention:call";

export const result = (id, body) => ({ type: "attention:result", id, ...body });

// The answer to a call ({ok: true, value} or {ok: false, error}), once the
// method has returned or its promise settled (figure, setLesson).
export function answer(api, methods, call) {
  if (!methods.includes(call.method))
    return Promise.resolve({
      ok: false,
      error: `unknown method ${JSON.stringify(String(call.method))}; the methods are ${methods.join(", ")}`,
    });
  if (call.args !== undefined && !Array.isArray(call.args))
    return Promise.resolve({ ok: false, error: `args must be an array of ${call.method}'s arguments` });
  return Promise.resolve()
    .then(() => api[call.method](...(call.args || [])))
    .then(
      (value) => ({ ok: true, value }),
      (e) => ({ ok: false, error: e && e.message ? e.message : String(e) }),
    );
}
