// base64url (RFC 4648, section 5, without padding): how a link carries a
// state or a lesson as one unbroken word. Used by the page (links.js,
// lesson-link.js) and the lesson editor's "Copy link" (web/editor/link.js).
const utf8 = new TextEncoder();

export function base64UrlBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "===".slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
}
export function bytesToBase64Url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export const fromBase64Url = (text) => new TextDecoder("utf-8", { fatal: true }).decode(base64UrlBytes(text));
export const toBase64Url = (text) => bytesToBase64Url(utf8.encode(text));
