// The "phone" part of ./dev bench: cold loads under Chromium's emulation of
// a mid-range phone on mobile data (bench/phone.mjs), page and bare window
// side by side in one run, served compressed; the page also from a host that
// compresses nothing; Lighthouse's mobile run. Ratios to the bare window:
// first frame and ready are goals, the longest task a budget.
import { fmt, log, median, quick } from "./common.mjs";
import { PHONE, lighthouse, phoneLoad } from "./phone.mjs";
import { details, goal, row } from "./report.mjs";

// Issue 38, point 8. Goals (reported, never a MISS): the page's first frame
// and its ready as ratios to the bare window's first frame. The budget: the
// page's longest main-thread task (its own work, navigation to ready) as a
// ratio to the bare window's longest task (to its first frame) in the same
// run. An absolute bound (200 ms) holds only where WebGL runs on a GPU, not
// under SwiftShader. Lighthouse is reported, not a budget.
export const GOALS = { firstFrameRatio: 1.25, readyRatio: 1.5 };
export const BUDGET = { longestTaskRatio: 1.25 };

export async function phonePart(srv) {
  const runs = quick ? 1 : 3;
  const loads = { page: [], bare: [], uncompressed: [] };
  const kinds = [
    ["page", () => phoneLoad(srv.plain.url, "attention", { ready: true })],
    ["bare", () => phoneLoad(`${srv.plain.url}bare/`, "bare")],
    ["uncompressed", () => phoneLoad(srv.raw.url, "attention", { ready: true })],
  ];
  for (let i = 0; i < runs; ++i)
    for (let k = 0; k < kinds.length; ++k) {
      const [name, load] = kinds[(k + i) % kinds.length]; // each goes first in turn
      loads[name].push(await load());
      log(`phone: ${name} ${JSON.stringify(loads[name].at(-1))}`);
    }
  const m = (name, key) => median(loads[name].map((r) => r[key]));
  const bareFirst = m("bare", "firstFrameMs");
  const first = m("page", "firstFrameMs");
  const ready = m("page", "readyMs");
  const longest = Math.max(...loads.page.map((r) => r.longestOwn));
  const longestAll = Math.max(...loads.page.map((r) => r.longest));
  const bareLongest = Math.max(...loads.bare.map((r) => r.longestOwn));
  const conditions = `${fmt(PHONE.network.downloadThroughput * 8e-6, 1)} Mbps, ${PHONE.network.latency} ms RTT, CPU ${PHONE.cpu}x`;
  row("phone", `page, first frame (median of ${runs} cold loads; ${conditions})`, "", `${fmt(first, 0)} ms`);
  row("phone", "bare ImGui window, first frame", "", `${fmt(bareFirst, 0)} ms`);
  goal(
    "phone",
    "page first frame / bare window's",
    `≤ ${GOALS.firstFrameRatio}x`,
    `${fmt(first / bareFirst)}x`,
    first / bareFirst <= GOALS.firstFrameRatio,
  );
  row("phone", "page, ready", "", `${fmt(ready, 0)} ms`);
  goal(
    "phone",
    "page ready / bare window's first frame",
    `≤ ${GOALS.readyRatio}x`,
    `${fmt(ready / bareFirst)}x`,
    ready / bareFirst <= GOALS.readyRatio,
  );
  row(
    "phone",
    "page: longest main-thread task running the page's work, navigation to ready (worst load)",
    "",
    `${fmt(longest, 0)} ms`,
  );
  row(
    "phone",
    "  the same counting the browser's own navigation tasks (commit, the blank tab's teardown)",
    "",
    `${fmt(longestAll, 0)} ms`,
  );
  row(
    "phone",
    "bare window: longest main-thread task, to its first frame (worst load)",
    "",
    `${fmt(bareLongest, 0)} ms`,
  );
  row(
    "phone",
    "page's longest task / bare window's, same run",
    `≤ ${BUDGET.longestTaskRatio}x`,
    `${fmt(longest / bareLongest)}x`,
    longest / bareLongest <= BUDGET.longestTaskRatio,
  );
  row("phone", "page: total blocking time, navigation to ready", "", `${fmt(m("page", "tbt"), 0)} ms`);
  row(
    "phone",
    "bare window: longest task / total blocking time, to its first frame",
    "",
    `${fmt(m("bare", "longestOwn"), 0)} ms (${fmt(m("bare", "longest"), 0)} with the browser's) / ${fmt(m("bare", "tbt"), 0)} ms`,
  );
  row(
    "phone",
    "page from a host that compresses nothing: first frame / ready",
    "",
    `${fmt(m("uncompressed", "firstFrameMs"), 0)} ms / ${fmt(m("uncompressed", "readyMs"), 0)} ms`,
  );
  // Lighthouse's own mobile run (its default: slow 4G and a 4x slower CPU, simulated).
  const audits = {};
  for (const [name, url, categories] of [
    ["page", srv.plain.url, ["performance", "accessibility", "best-practices", "seo"]],
    ["bare", `${srv.plain.url}bare/`, ["performance"]],
  ]) {
    try {
      audits[name] = await lighthouse(url, categories);
    } catch (e) {
      audits[name] = { error: e.message };
    }
  }
  const lh = audits.page;
  // Reported, not a budget.
  if (lh.error) row("phone", "Lighthouse mobile, page", "", `could not run: ${lh.error}`);
  else {
    row(
      "phone",
      "Lighthouse mobile, page: performance",
      "",
      `${fmt(lh.scores.performance)} (bare window ${audits.bare.error ? "n/a" : fmt(audits.bare.scores.performance)})`,
    );
    row(
      "phone",
      "Lighthouse: accessibility / best practices / SEO",
      "",
      `${fmt(lh.scores.accessibility)} / ${fmt(lh.scores["best-practices"])} / ${fmt(lh.scores.seo)}`,
    );
    const t = (audit) => `${fmt(lh.metrics[audit] / 1000, 2)} s`;
    row(
      "phone",
      "Lighthouse: FCP / LCP / TBT / speed index / TTI",
      "",
      `${t("first-contentful-paint")} / ${t("largest-contentful-paint")} / ${fmt(lh.metrics["total-blocking-time"], 0)} ms / ${t("speed-index")} / ${t("interactive")}`,
    );
  }
  details.phone = { conditions: PHONE, goals: GOALS, budget: BUDGET, runs, loads, lighthouse: audits };
}
