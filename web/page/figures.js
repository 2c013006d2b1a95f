// Figures for slides (src/app/app.h, FigureJob): asked of the app, which
// draws each after a frame and answers it by id (Module.attentionFigure, or
// the "figurefailed" event). The learner's ("Save figure") is saved as a
// file; window.attention.figure()'s settles its promise.
import { aNumber, aString, oneOf, options } from "./arguments.js";
import { THEMES } from "./app.js";
import { call } from "./program.js";
import { noGl } from "./textview.js";

const waiters = new Map(); // id -> {resolve, reject}

// {scale (1 to 4, default 2), theme (default: the app's), matrix (default:
// the whole step)}: a promise of {name, png (bytes), width, height, scale}.
export function figure(given) {
  const o = options(given, "the options");
  const scale = o.scale === undefined ? 2 : aNumber(o.scale, "scale");
  const matrix = o.matrix === undefined ? "" : aString(o.matrix, "matrix");
  // -1: the theme the app shows (the app owns it).
  const dark = o.theme === undefined ? -1 : oneOf(o.theme, "theme", THEMES) === "dark" ? 1 : 0;
  if (noGl) throw new Error("figures need WebGL2, which this browser does not offer");
  const asked = JSON.parse(
    call("attn_save_figure", "string", ["number", "number", "string", "number"], [scale, dark, matrix, 0]),
  );
  if (asked.error) throw new Error(asked.error);
  return new Promise((resolve, reject) => waiters.set(asked.id, { resolve, reject }));
}

function settle(id, how) {
  const waiter = waiters.get(id);
  if (!waiter) return;
  waiters.delete(id);
  how(waiter);
}

export function figureFailed({ id, error }) {
  settle(id, (waiter) => waiter.reject(new Error(error)));
}

// Module.attentionFigure: a figure drawn.
export function onFigure(drawn) {
  if (drawn.download) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([drawn.png], { type: "image/png" }));
    link.download = drawn.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  } else {
    const { download, id, ...rest } = drawn;
    settle(id, (waiter) => waiter.resolve(rest));
  }
}
