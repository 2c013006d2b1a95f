// "Preview at three sizes": the draft as learners meet it on a desktop
// (1280×800), in a course's 800×500 embed (embed=1) and on a phone (390×844),
// side by side, each the page itself in a frame at that size, scaled down to
// fit, opened from the draft's link (#lesson=) with predictions on, at the
// step the preview shows.
import { packLink } from "./link.js";
import { NP_ } from "./words.js";

export const SIZES = [
  { name: "desktop", width: 1280, height: 800, search: "" },
  { name: "embed", width: 800, height: 500, search: "?embed=1" },
  { name: "phone", width: 390, height: 844, search: "?touch=1" }, // targets for a finger
];

let dialog = null;

export async function previewSizes(text, element, step = 1) {
  const links = await Promise.all(SIZES.map((s) => packLink(text, `?step=${step}${s.search.replace("?", "&")}`)));
  if (!dialog) {
    dialog = element("dialog", { id: "editor-sizes", "aria-label": NP_("page", "Preview at three sizes") });
    dialog.addEventListener("click", (event) => {
      if (event.target.closest("[data-action=close-sizes]")) dialog.close();
    });
    document.body.append(dialog);
  }
  const frames = SIZES.map((s, i) => {
    const frame = element("iframe", { src: links[i], title: `${s.width}×${s.height}`, className: "editor-size" });
    const clip = element("div", { className: "editor-size-clip" }, [frame]);
    // The size, here alone (editor.css scales it); set through CSSOM, which the page's CSP allows.
    clip.style.setProperty("--width", `${s.width}px`);
    clip.style.setProperty("--height", `${s.height}px`);
    return element("figure", { className: "editor-size-box" }, [
      clip,
      element("figcaption", { text: `${s.width}×${s.height}${s.search ? ` (${s.search.slice(1)})` : ""}` }),
    ]);
  });
  dialog.replaceChildren(
    element("div", { className: "editor-row" }, [
      element("button", { type: "button", "data-action": "close-sizes", text: NP_("page", "Close preview") }),
    ]),
    element("div", { className: "editor-sizes" }, frames),
  );
  dialog.showModal();
}
