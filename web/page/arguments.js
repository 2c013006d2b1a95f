// Checks of window.attention's arguments, for the page itself and for calls
// over postMessage alike: a value of the wrong type is refused with a sentence
// naming the argument, what it must be and what came (in English, for the
// host page's developer), before anything reaches the program.
const described = (value) => {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `a${typeof value === "object" ? "n" : ""} ${typeof value}`;
};
const refuse = (name, what, value) => {
  throw new TypeError(`${name} must be ${what}, not ${described(value)}`);
};

export function aString(value, name) {
  if (typeof value !== "string") refuse(name, "a string", value);
  return value;
}
export function aNumber(value, name) {
  if (typeof value !== "number") refuse(name, "a number", value);
  return value;
}
// A number, and whole: a step, a row, a column.
export function aWholeNumber(value, name) {
  if (typeof value !== "number") refuse(name, "a number", value);
  if (!Number.isInteger(value)) refuse(name, "a whole number", value);
  return value;
}
export function aBoolean(value, name) {
  if (typeof value !== "boolean") refuse(name, "true or false", value);
  return value;
}
export function oneOf(value, name, choices) {
  if (!choices.includes(value)) refuse(name, choices.map((c) => JSON.stringify(c)).join(" or "), value);
  return value;
}
// {key: value} options; undefined is none.
export function options(value, name) {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) refuse(name, "an object", value);
  return value;
}
// A file's contents: text, or bytes (an ArrayBuffer or a typed array); as bytes.
export function textOrBytes(value, name) {
  if (typeof value === "string") return new TextEncoder().encode(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return refuse(name, "text or bytes (an ArrayBuffer or a Uint8Array)", value);
}
