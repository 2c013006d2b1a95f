// "Copy link": the page's address with the lesson in it (#lesson=), packed as
// web/page/lesson-link.js unpacks it (gzip, then base64url) with the
// browser's CompressionStream, and copied.
import LINK from "../lesson-link.json" with { type: "json" };
import { bytesToBase64Url } from "../page/base64url.js";

// The page's address (no query: no editor) with the lesson in its fragment.
export async function packLink(text, search = "") {
  if (typeof CompressionStream === "undefined") throw new Error("this browser has no CompressionStream");
  const packed = new Uint8Array(
    await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream(LINK.compression))).arrayBuffer(),
  );
  const word = bytesToBase64Url(packed);
  if (word.length > LINK.maxChars)
    throw new Error(`the lesson makes a link of ${word.length} characters, the limit is ${LINK.maxChars}`);
  const url = new URL(window.location.href);
  url.search = search;
  url.hash = `${LINK.key}=${word}`;
  return url.href;
}

// The link, copied; resolves with it.
export async function lessonLink(text) {
  const href = await packLink(text);
  if (navigator.clipboard && navigator.clipboard.writeText) await navigator.clipboard.writeText(href).catch(() => {});
  return href;
}
