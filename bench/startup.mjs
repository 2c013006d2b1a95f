// The "startup" part of ./dev bench: navigation to the first drawn frame,
// cold, on this machine's full speed, the page beside the bare ImGui window.
import { launch } from "../tests/browser/chromium.mjs";
import { fmt, median, quick } from "./common.mjs";
import { details, row } from "./report.mjs";

async function firstFrame(url, global) {
  const context = await launch(); // a fresh profile: nothing cached, nothing compiled
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction((g) => window[g] && window[g].firstFrameMs !== null, global, { timeout: 60000 });
    return await page.evaluate((g) => window[g].firstFrameMs, global);
  } finally {
    await context.close();
  }
}

export async function startupPart(srv) {
  const runs = quick ? 3 : 5;
  const pageMs = [],
    bareMs = [];
  for (let i = 0; i < runs; ++i) {
    // alternating, so drift hits both alike
    if (i % 2 === 0) {
      pageMs.push(await firstFrame(srv.plain.url, "attention"));
      bareMs.push(await firstFrame(`${srv.plain.url}bare/`, "bare"));
    } else {
      bareMs.push(await firstFrame(`${srv.plain.url}bare/`, "bare"));
      pageMs.push(await firstFrame(srv.plain.url, "attention"));
    }
  }
  const p = median(pageMs),
    b = median(bareMs);
  row("startup", `page, first frame (median of ${runs} cold loads)`, "", `${fmt(p, 0)} ms`);
  row("startup", "bare ImGui window, first frame", "", `${fmt(b, 0)} ms`);
  row("startup", "page / bare window", "≤ 1.25x", `${fmt(p / b)}x`, p / b <= 1.25);
  details.startup = { runs, pageMs, bareMs, medianPageMs: p, medianBareMs: b, ratio: p / b };
}
