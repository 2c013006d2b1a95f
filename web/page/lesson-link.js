// A lesson carried in the page's own address (docs/notebooks.md): #lesson= and
// the lesson's JSON, gzip-compressed, in base64url, as attention_lab.link()
// (python/) writes it. The fragment never reaches a server. The page unpacks
// it here, with the browser's DecompressionStream, and hands the JSON to the
// app, whose loader checks it as it checks a lesson file. The limits are
// web/lesson-link.json's, which the Python module's tests read too.
import LINK from "../lesson-link.json" with { type: "json" };
import { base64UrlBytes } from "./base64url.js";

const { key, compression, maxChars, maxBytes } = LINK;
const PREFIX = `#${key}=`;

// The lesson a fragment ("#lesson=...") carries: null when it carries none,
// else a promise of {bytes} (its JSON) or {error: why not, in English}.
export function lessonInLink(hash) {
  return hash.startsWith(PREFIX) ? unpack(hash.slice(PREFIX.length)) : null;
}

async function unpack(text) {
  if (text.length > maxChars) return { error: `it is ${text.length} characters long, the limit is ${maxChars}` };
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return { error: "it is not base64url" };
  if (typeof DecompressionStream === "undefined")
    return { error: "this browser cannot unpack it: it has no DecompressionStream" };
  const reader = new Blob([base64UrlBytes(text)])
    .stream()
    .pipeThrough(new DecompressionStream(compression))
    .getReader();
  const chunks = [];
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.length;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return { error: `it unpacks to more than ${maxBytes} bytes, the limit` };
      }
      chunks.push(chunk.value);
    }
  } catch (e) {
    return { error: `it is damaged: not ${compression} data, or cut short` };
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
  return { bytes };
}

// The page was opened with a lesson in its address: a link to it keeps it
// (linkFor, links.js), and another such address opened in this tab, which a
// browser does not load anew when only the fragment differs, loads the page again.
export function followLessonLinks() {
  window.addEventListener("hashchange", () => {
    if (window.location.hash.startsWith(PREFIX)) window.location.reload();
  });
}
