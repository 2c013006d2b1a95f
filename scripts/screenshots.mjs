// Regenerates the screenshots made from the built page (dist/): the README's
// (docs/images/) and the web app manifest's (web/screenshots/, shown by
// Chromium's install dialog; their sizes are the manifest's "sizes"):
//   node scripts/screenshots.mjs [FOLDER]     (only those in FOLDER: web/screenshots)
import path from "node:path";
import { launch, startServer, openPage, ROOT } from "../tests/browser/browser.mjs";

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const shots = [
  { file: "docs/images/page-the-cat-sat.png", query: "lesson=the-cat-sat&step=4", size: [1280, 800] },
  { file: "docs/images/page-udl-multihead.png", query: "lesson=udl-multihead&step=8", size: [1280, 800] },
  { file: "docs/images/page-embed-800x500.png", query: "lesson=she-likes-coffee&step=7&embed=1", size: [800, 500] },
  // The manifest's: form_factor "wide" (1280x800) and "narrow" (780x1688: a phone at pixel ratio 2).
  { file: "web/screenshots/wide.png", query: "lesson=the-cat-sat&step=4", size: [1280, 800] },
  { file: "web/screenshots/narrow.png", query: "lesson=the-cat-sat&step=4", size: [390, 844], options: phone },
];

const only = process.argv[2] ? path.normalize(process.argv[2]).replace(/\/$/, "") + "/" : "";
const { server, url } = await startServer();
try {
  for (const shot of shots.filter((s) => s.file.startsWith(only))) {
    const browser = await launch({ viewport: { width: shot.size[0], height: shot.size[1] }, ...shot.options });
    const { page } = await openPage(browser, `${url}?${shot.query}`);
    await page.mouse.move(0, shot.size[1] - 1); // no hover tooltip in the picture
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ROOT, shot.file) });
    await browser.close();
    console.log(shot.file);
  }
} finally {
  server.close();
}
