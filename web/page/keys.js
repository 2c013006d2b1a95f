// Keyboard focus inside host pages: keys belong to the canvas only while it
// has focus. Emscripten's GLFW listens on the whole window (and eats
// Backspace and Tab): keys meant for the host page are stopped before it sees
// them (installed before the module runs, so registered first).
import { module } from "./program.js";

// Key handlers of the page's own panels (the lesson editor): the guard below
// stops every key outside the canvas before any listener of the page's, so
// it hands each keydown to these first.
const panelKeys = [];
export function onPanelKey(handler) {
  panelKeys.push(handler);
}

export function guardKeys(canvas) {
  function guard(event) {
    if (document.activeElement !== canvas) {
      if (event.type === "keydown") for (const handler of panelKeys) handler(event);
      event.stopImmediatePropagation();
      return;
    }
    if (event.key !== "Tab") return;
    // Tab moves through the canvas's numbers while there is one to move to; then on out of it.
    let tabTaken = false;
    try {
      tabTaken =
        module !== null && (module._attn_want_keyboard() === 1 || module._attn_wants_tab(event.shiftKey ? 1 : 0) === 1);
    } catch (e) {
      tabTaken = false;
    }
    if (!tabTaken) event.stopImmediatePropagation();
  }
  for (const type of ["keydown", "keyup", "keypress"]) window.addEventListener(type, guard, true);

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
    if (module !== null && !focusByPointer && canvas.matches(":focus-visible"))
      module._attn_enter_cells(lastTabBack ? 1 : 0);
  });
}
