// The editor form's parts as plain objects, for tests without a browser:
// `element`, `field` and `text` as fields.js passes them to the modules that
// build the form, and the JSON pointers (or the fields) a built form holds.
export const element = (tag, attributes = {}, children = []) => {
  const e = { tag, attributes, children: [...children] };
  e.append = (...more) => e.children.push(...more); // sentences.js appends to its box
  return e;
};
export const field = (label, control, pointer) => ({ label, control, pointer });
export const text = (value, extra = {}) => element("input", { type: "text", value: value ?? "", ...extra });
export const form = { element, field, text };

// Every field under `node`, in order.
export const fieldsUnder = (node) =>
  !node || typeof node !== "object"
    ? []
    : node.pointer !== undefined
      ? [node]
      : (node.children || []).flatMap((c) => fieldsUnder(c));
export const pointersUnder = (node) => fieldsUnder(node).map((f) => f.pointer);
