// What a SCORM 1.2 package of Attention Lab is made of, without files or a
// file system: the instructor's settings checked, imsmanifest.xml, the launch
// page, the settings script. scripts/scorm_package.mjs (./dev package-scorm,
// the build) and the lesson editor's "Package for LMS" (web/editor/package.js,
// in the browser) both write packages with these.
import { DEFAULTS, RULES, readSettings } from "./settings.js";

export { DEFAULTS, RULES };

// A lesson file's predictions and challenges, counted (the challenges rule needs one).
export function countActivities(lesson) {
  let activities = 0;
  const walk = (x) => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!x || typeof x !== "object") return;
    for (const [k, v] of Object.entries(x)) {
      if ((k === "predict" || k === "challenges") && Array.isArray(v)) activities += v.length;
      walk(v);
    }
  };
  walk(lesson);
  return activities;
}

// The settings, checked against the lessons there are ({id: {title,
// activities}}) by the one rule (settings.js): {config, title, problems}, or
// {error, problems} with the first problem's sentence for the instructor,
// each setting named as `names` spells it.
export function checkSettings(settings, lessons, names = {}) {
  const { config, problems } = readSettings(settings, { lessons, names });
  if (problems.length) return { error: problems[0].text, problems };
  return { config, title: lessons[config.lesson].title, problems };
}

export const xml = (text) =>
  String(text).replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c],
  );

// imsmanifest.xml: one organization, one item, one SCO listing every file.
export function manifest({ config, title, files, launch = "scorm.html" }) {
  const id = `attention-lab-${config.lesson}-${config.completeWhen}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${xml(id)}" version="1.0"`,
    '          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"',
    '          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"',
    '          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '          xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">',
    "  <metadata>",
    "    <schema>ADL SCORM</schema>",
    "    <schemaversion>1.2</schemaversion>",
    "  </metadata>",
    '  <organizations default="attention-lab">',
    '    <organization identifier="attention-lab">',
    `      <title>Attention Lab: ${xml(title)}</title>`,
    '      <item identifier="lesson" identifierref="sco" isvisible="true">',
    `        <title>${xml(title)}</title>`,
    "      </item>",
    "    </organization>",
    "  </organizations>",
    "  <resources>",
    `    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="${xml(launch)}">`,
    ...files.map((f) => `      <file href="${xml(f)}"/>`),
    "    </resource>",
    "  </resources>",
    "</manifest>",
    "",
  ];
  return lines.join("\n");
}

// The launch page: the page's index.html with the settings and the adapter
// before page.js (`pageScript`: its line in index.html).
export function launchPage(index, pageScript, title) {
  if (!index.includes(pageScript)) throw new Error(`index.html has no ${pageScript} to put the SCORM scripts before`);
  return index
    .replace("<title>Attention Lab</title>", `<title>Attention Lab: ${xml(title)}</title>`)
    .replace(
      pageScript,
      `<script src="scorm-config.js"></script>\n  <script src="scorm-adapter.js"></script>\n  ${pageScript}`,
    );
}

// scorm-config.js: the settings the adapter reads.
export const configScript = (config) =>
  "// Attention Lab's SCORM settings, written by scripts/scorm_package.mjs (docs/scorm.md).\n" +
  "// lesson: a built-in lesson id, or the id of the lesson file lessonFile names (the lesson\n" +
  "// editor's packages); completeWhen: all-steps (completed once every step is seen)\n" +
  "// or challenges (then passed or failed by the score against mastery, 0 to 100); lock:\n" +
  "// yes keeps predictions and challenges on (no switch to read the answers first), or no.\n" +
  `window.attentionScormConfig = ${JSON.stringify(config)};\n`;
