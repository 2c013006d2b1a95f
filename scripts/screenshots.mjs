// Regenerates the README's screenshots from the built page (dist/):
//   node scripts/screenshots.mjs
import path from "node:path";
import { launch, startServer, openPage, ROOT } from "../tests/browser/browser.mjs";

const shots = [
  { file: "page-the-cat-sat.png", query: "lesson=the-cat-sat&step=4", size: [1280, 800] },
  { file: "page-udl-multihead.png", query: "lesson=udl-multihead&step=8", size: [1280, 800] },
  { file: "page-embed-800x500.png", query: "lesson=she-likes-coffee&step=7&embed=1", size: [800, 500] },
];

const { server, url } = await startServer();
try {
  for (const shot of shots) {
    const browser = await launch({ viewport: { width: shot.size[0], height: shot.size[1] } });
    const { page } = await openPage(browser, `${url}?${shot.query}`);
    await page.mouse.move(0, shot.size[1] - 1); // no hover tooltip in the picture
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ROOT, "docs/images", shot.file) });
    await browser.close();
    console.log(`docs/images/${shot.file}`);
  }
} finally {
  server.close();
}
