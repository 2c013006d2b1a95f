// What the SCORM tests share: the LMS's host page (its window.API made by
// the runtime's script and host.js, the package's launch page in an iframe,
// as an LMS's player holds it), a bounded wait for progress, and what
// Settings offers in the package's frame.

// The host page; `runtime` is the URL of the script that defines the API's class.
export function hostHtml(runtime) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="cat/favicon.svg"></head>
<body>
  <script src="${runtime}"></script>
  <script src="host.js"></script>
  <iframe id="sco" title="lesson" width="1000" height="640"></iframe>
</body></html>
`;
}

// Polls `check` (in node) until it returns something truthy; a deadline, never a fixed sleep.
export async function until(check, what, ms = 120000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The learner opens the Menu with a real click and reads what Settings offers.
export async function settingsItems(page, frame) {
  await frame.evaluate(() => window.attention.testing.enableItems());
  const items = () => frame.evaluate(() => window.attention.testing.items());
  // A wide frame shows Settings beside the lesson; a narrow one behind the Menu.
  const first = await until(async () => {
    const now = await items();
    return now["##menu"] || now["##start-over"] ? now : null;
  }, "Settings or the Menu button");
  if (first["##start-over"]) return first;
  const menu = first["##menu"];
  const box = await page.locator("#sco").boundingBox();
  const x = box.x + (menu[0] + menu[2]) / 2,
    y = box.y + (menu[1] + menu[3]) / 2;
  await page.mouse.move(x, y);
  const drawn = () => frame.evaluate(() => window.attention.framesDrawn());
  const before = await drawn();
  await page.mouse.down();
  await until(async () => (await drawn()) > before + 1, "a frame with the button down");
  await page.mouse.up();
  return until(async () => {
    const now = await items();
    return now["##start-over"] ? now : null;
  }, "Settings in the Menu");
}
