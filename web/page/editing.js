// The lesson editor (web/editor/, docs/editor.md): loaded from its own file
// the first time it is opened ("Edit lesson", ?edit=1, window.attention.edit()),
// so a learner's first load carries none of it. index.html names the file
// (<meta name="attention-editor">, content-hashed in dist/); the single file
// has no editor.
import { loadScript } from "./dom.js";
import { onPanelKey } from "./keys.js";
import { call } from "./program.js";
import { catalogWords } from "./words.js";
import { storage } from "./saved-work.js";

const meta = typeof document !== "undefined" ? document.querySelector('meta[name="attention-editor"]') : null;
export const editorFile = meta ? meta.content : null;
// `app`: the page's calls into the app (app.js), which the editor makes as
// plain calls (its `api`).
export async function openEditor(app) {
  if (!editorFile) throw new Error("this page has no lesson editor (the single file has none: use the served page)");
  const editor = await loadScript(editorFile, "attentionEditor");
  editor.open({
    api: app,
    storage: storage(),
    words: catalogWords(),
    shownFile: () => call("attn_lesson_file", "string", [], []),
    onKey: onPanelKey, // keydown listeners of the page's never hear keys (keys.js)
    closed: () => call("attn_wake", null, [], []),
  });
  call("attn_wake", null, [], []);
}
export const closeEditor = () => window.attentionEditor && window.attentionEditor.close();
export const editorOpen = () => !!(window.attentionEditor && window.attentionEditor.isOpen());
// The lesson being edited, else the lesson shown, as its file.
export const lessonFile = () =>
  editorOpen() ? window.attentionEditor.draftFile() : call("attn_lesson_file", "string", [], []);
