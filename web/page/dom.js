// The page's elements (index.html), by id, and new ones made with text only:
// text from lessons, links and messages is only ever set as text, never HTML.
export const $ = (id) => document.getElementById(id);

export function el(tag, text, attributes) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  return e;
}

// A script of the page's loaded once, on first need (the lesson editor, the
// text view's renderer): resolves with the global it sets, which a script
// already on the page (the single file's) has set before. Null `file`: this
// page has none.
const loading = {};
export function loadScript(file, global) {
  if (window[global]) return Promise.resolve(window[global]);
  if (!file) return Promise.reject(new Error(`this page has no ${global}`));
  if (!loading[global])
    loading[global] = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = file;
      script.onload = () => (window[global] ? resolve(window[global]) : reject(new Error(`${file} did not start`)));
      script.onerror = () => {
        delete loading[global]; // a later try may reach it
        reject(new Error(`${file} could not be loaded`));
      };
      document.head.append(script);
    });
  return loading[global];
}
