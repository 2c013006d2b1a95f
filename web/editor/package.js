// "Package for LMS": the SCORM 1.2 package of the lesson being edited, made
// in the browser, the same package ./dev package-scorm makes (the page's
// files as this page has them, the adapter, the settings, imsmanifest.xml;
// web/scorm/package.js), with the lesson's file inside (lessons/<id>.json)
// and named in the settings (lessonFile).
import { zipSync } from "fflate";
import { checkSettings, configScript, countActivities, launchPage, manifest } from "../scorm/package.js";
import { NP_ } from "./words.js";

const utf8 = new TextEncoder();
// Entries dated alike, as scripts/scorm_package.mjs dates them.
const MTIME = new Date("2000-01-01T00:00:00Z");

async function bytesOf(url) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch (e) {
    // Offline, and not kept by the service worker since a packaging online.
    throw new Error(
      NP_("page", "it needs the network the first time (it gathers every language and font of this page)"),
    );
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The package's settings for the lesson, checked by the packager's rule
// (web/scorm/settings.js): {config, title, problems} or {error, problems}.
export function packageSettings(lesson, { completeWhen, mastery, lock }) {
  const id = typeof lesson.id === "string" ? lesson.id : "";
  return checkSettings(
    { lesson: id, completeWhen, mastery, lock },
    { [id]: { title: lesson.title || id, activities: countActivities(lesson) } },
  );
}

// Resolves with {name, bytes} of the zip, or rejects with why not (the
// settings' own sentence, or the file that could not be fetched).
export async function scormPackage(lesson, settings, onFile = () => {}) {
  const checked = packageSettings(lesson, settings);
  if (checked.error) throw new Error(checked.error);
  const id = checked.config.lesson;
  const base = new URL(".", window.location.href);
  const listed = JSON.parse(new TextDecoder().decode(await bytesOf(new URL("scorm/files.json", base))));
  const entries = {};
  let done = 0;
  for (const file of listed.files) {
    entries[file] = await bytesOf(new URL(file, base));
    onFile(++done, listed.files.length);
  }
  const lessonFile = `lessons/${id}.json`;
  entries[lessonFile] = utf8.encode(`${JSON.stringify(lesson, null, 2)}\n`);
  const index = new TextDecoder().decode(entries["index.html"]);
  entries["scorm.html"] = utf8.encode(launchPage(index, listed.pageScript, checked.title));
  entries["scorm-adapter.js"] = await bytesOf(new URL("scorm/scorm-adapter.js", base));
  const config = { ...checked.config, lessonFile };
  entries["scorm-config.js"] = utf8.encode(configScript(config));
  const files = Object.keys(entries);
  const zip = {
    "imsmanifest.xml": [utf8.encode(manifest({ config, title: checked.title, files })), { mtime: MTIME }],
  };
  for (const f of files) zip[f] = [entries[f], { mtime: MTIME, level: /\.(png|br|gz)$/.test(f) ? 0 : 6 }];
  return { name: `attention-lab-${id}-scorm.zip`, bytes: zipSync(zip) };
}
