// What the SCORM tests share: the LMS's host page (its window.API made by
// the runtime's script and host.js, the package's launch page in an iframe,
// as an LMS's player holds it) and a bounded wait for progress.

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
