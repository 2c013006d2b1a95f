// The "idle" part of ./dev bench: 5 s without input, the page against an
// always-redrawing bare loop (frames drawn, main-thread and browser CPU).
import fs from "node:fs";
import { launch } from "../tests/browser/chromium.mjs";
import { fmt, median, quick, sleep } from "./common.mjs";
import { details, row } from "./report.mjs";

function descendants(pid) {
  // this process's children, theirs, ...
  const parent = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch (e) {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [c, pp] of parent)
      if (pp === p) {
        out.push(c);
        walk(c);
      }
  };
  walk(pid);
  return out;
}
function cpuSeconds(pids) {
  // user + system time of these processes
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) / tick;
    } catch (e) {
      /* gone */
    }
  }
  return total;
}

async function idleOnce(url, global, seconds) {
  const context = await launch();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction((g) => window[g] && window[g].firstFrameMs !== null, global, { timeout: 60000 });
    await sleep(2000); // past the page's own settling (it stops drawing 0.5 s after the last input)
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () =>
      Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const pids = descendants(process.pid);
    const m0 = await metrics();
    const f0 = await page.evaluate((g) => window[g].framesDrawn(), global);
    const c0 = cpuSeconds(pids);
    const t0 = performance.now();
    await sleep(seconds * 1000);
    const m1 = await metrics();
    const f1 = await page.evaluate((g) => window[g].framesDrawn(), global);
    const c1 = cpuSeconds(pids);
    const elapsed = (performance.now() - t0) / 1000;
    return {
      frames: f1 - f0,
      taskPercent: ((m1.TaskDuration - m0.TaskDuration) / elapsed) * 100,
      scriptPercent: ((m1.ScriptDuration - m0.ScriptDuration) / elapsed) * 100,
      browserPercent: ((c1 - c0) / elapsed) * 100,
      seconds: elapsed,
    };
  } finally {
    await context.close();
  }
}

export async function idlePart(srv) {
  const seconds = 5;
  const runs = quick ? 1 : 3;
  const pageRuns = [],
    bareRuns = [];
  for (let i = 0; i < runs; ++i) {
    pageRuns.push(await idleOnce(srv.plain.url, "attention", seconds));
    bareRuns.push(await idleOnce(`${srv.plain.url}bare/`, "bare", seconds));
  }
  const m = (list, key) => median(list.map((r) => r[key]));
  const p = { frames: m(pageRuns, "frames"), task: m(pageRuns, "taskPercent"), browser: m(pageRuns, "browserPercent") };
  const b = { frames: m(bareRuns, "frames"), task: m(bareRuns, "taskPercent"), browser: m(bareRuns, "browserPercent") };
  row("idle", `page: frames drawn in ${seconds} s without input`, "≤ 2", `${p.frames}`, p.frames <= 2);
  row("idle", "page: renderer main-thread CPU (TaskDuration)", "≤ 2% of a core", `${fmt(p.task)}%`, p.task <= 2);
  row("idle", "page: whole browser CPU (all processes)", "", `${fmt(p.browser)}%`);
  row("idle", "always-redrawing bare loop: frames", "", `${b.frames}`);
  row("idle", "always-redrawing bare loop: TaskDuration / whole browser", "", `${fmt(b.task)}% / ${fmt(b.browser)}%`);
  details.idle = { seconds, runs, page: pageRuns, bare: bareRuns };
}
