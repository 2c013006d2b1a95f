// The page's elements (index.html), by id, and new ones made with text only:
// text from lessons, links and messages is only ever set as text, never HTML.
export const $ = (id) => document.getElementById(id);

export function el(tag, text, attributes) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  return e;
}
