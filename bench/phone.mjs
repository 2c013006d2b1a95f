// The slow phone (./dev bench, part "phone"; docs/performance.md): a cold
// load under Chromium's emulation of a mid-range phone on mobile data (the
// network 1.6 Mbps down, 150 ms round trip; the CPU 4x slower; a phone's
// screen), the page served compressed, with a performance trace. What a load
// gives: the first frame and `ready` (ms from navigation), and the renderer
// main thread's tasks from navigation to then: the longest (of all, and of
// those that run the page's own work), and the total blocking time.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../tests/browser/browser.mjs";
import { launch } from "../tests/browser/chromium.mjs";

export const PHONE = {
  // Lighthouse's mobile device (a Moto G Power): what its mobile run emulates too.
  context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  cpu: 4,
};
const CATEGORIES = [
  "toplevel",
  "cc",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "loading",
  "v8.execute",
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const TASKS = new Set(["RunTask", "ThreadControllerImpl::RunTask", "RunMicrotasks"]);

async function readStream(cdp, handle) {
  let text = "";
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString("utf8") : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle });
  return JSON.parse(text);
}

// The renderer main thread's top-level tasks of the document loaded from
// `url`, as [start, duration, browser's] in ms from its navigation start.
// "browser's": a task of the navigation itself, which runs none of the
// page's code and comes with any page (committing the new document, tearing
// down the tab's previous, blank one).
const BROWSER_WORK = new Set(["DocumentLoader::CommitNavigation", "LayerTreeHost::~LayerTreeHost"]);
export function mainThreadTasks(events, url) {
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      String(e.args.data.documentLoaderURL || "").startsWith(url),
  );
  if (!nav) throw new Error(`the trace has no navigation to ${url}`);
  const mine = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === "X");
  const tasks = mine.filter((e) => TASKS.has(e.name) && e.ts >= nav.ts).sort((a, b) => a.ts - b.ts);
  const browserWork = mine.filter((e) => BROWSER_WORK.has(e.name));
  const top = [];
  for (const t of tasks) {
    const last = top[top.length - 1];
    if (last && t.ts < last.ts + last.dur) continue; // inside the one before
    top.push(t);
  }
  return top.map((t) => [
    (t.ts - nav.ts) / 1000,
    (t.dur || 0) / 1000,
    browserWork.some((b) => b.ts >= t.ts && b.ts < t.ts + t.dur),
  ]);
}

// Among tasks that start before `until` ms: the longest, the longest that
// runs the page's own work (not the browser's, above), and the total
// blocking time (each task's time past 50 ms, summed).
export function blocking(tasks, until) {
  const within = tasks.filter(([start]) => start < until);
  const longestOf = (list) => list.reduce((m, [, d]) => Math.max(m, d), 0);
  return {
    longest: longestOf(within),
    longestOwn: longestOf(within.filter(([, , browser]) => !browser)),
    tbt: within.reduce((s, [, d]) => s + Math.max(0, d - 50), 0),
    over: within.filter(([, d]) => d > 50).map(([s, d, b]) => [Math.round(s), Math.round(d), b ? "browser" : "page"]),
  };
}

// Runs in the page before its scripts: marks when window.attention.ready resolves.
function markReady() {
  let api;
  Object.defineProperty(window, "attention", {
    configurable: true,
    get: () => api,
    set(value) {
      api = value;
      Promise.resolve(value && value.ready).then(() => performance.mark("attention:ready"));
    },
  });
}

// One cold load on the slow phone. `global` is the page's object
// (window.attention or window.bare); `ready`: wait for window.attention.ready
// as well as the first frame. Returns {firstFrameMs, readyMs, longest, tbt, over}.
export async function phoneLoad(url, global, { ready = false, keepTrace = null, categories = CATEGORIES } = {}) {
  const context = await launch(PHONE.context); // a fresh profile: nothing cached, nothing compiled
  try {
    const page = context.pages()[0] || (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", PHONE.network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpu });
    if (ready) await page.addInitScript(markReady);
    await cdp.send("Tracing.start", { categories: categories.join(","), transferMode: "ReturnAsStream" });
    await page.goto(url, { timeout: 300000 });
    // Waits are for progress (a loaded machine under 4x slowdown takes long),
    // asked over CDP: Playwright's own waiting would add its injected
    // script's work to the page's main thread, and so to the figures.
    const value = async (expression) =>
      (await cdp.send("Runtime.evaluate", { expression, returnByValue: true })).result.value;
    const until = async (expression) => {
      for (const end = Date.now() + 300000; !(await value(expression)); await sleep(250))
        if (Date.now() > end) throw new Error(`${url}: not ${expression} after 5 minutes`);
    };
    await until(`!!(window.${global} && window.${global}.firstFrameMs !== null)`);
    const firstFrameMs = await value(`window.${global}.firstFrameMs`);
    let readyMs = null;
    if (ready) {
      await until(`performance.getEntriesByName("attention:ready").length > 0`);
      readyMs = await value(`performance.getEntriesByName("attention:ready")[0].startTime`);
    }
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    const { stream } = await complete;
    const trace = await readStream(cdp, stream);
    if (keepTrace) keepTrace(trace);
    const tasks = mainThreadTasks(trace.traceEvents || trace, url);
    return { firstFrameMs, readyMs, ...blocking(tasks, ready ? readyMs : firstFrameMs) };
  } finally {
    await context.close();
  }
}

// A command's exit: {status, stderr}, killed after `timeout` ms.
function run(command, args, { env, timeout }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), timeout);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

// Lighthouse's mobile run (npm lighthouse 12, on Debian's Chromium), as its
// CLI does it by default: a phone's screen, slow 4G and a 4x slower CPU,
// simulated from one unthrottled load. Returns {scores, metrics (ms)}.
export async function lighthouse(url, categories) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attention-lighthouse-"));
  const out = path.join(dir, "report.json");
  try {
    // Run beside this process's own server (bench/common.mjs): waited for, not blocked on.
    const r = await run(
      process.execPath,
      [
        path.join(ROOT, "node_modules/lighthouse/cli/index.js"),
        url,
        `--only-categories=${categories.join(",")}`,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        // (Lighthouse gives the browser a fresh profile of its own.)
        "--chrome-flags=--headless=new --no-sandbox --use-gl=angle --use-angle=swiftshader --enable-unsafe-swiftshader",
      ],
      { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium", NODE_PATH: "" }, timeout: 600000 },
    );
    if (r.status !== 0 || !fs.existsSync(out))
      throw new Error(`lighthouse failed (${r.status}): ${r.stderr.split("\n").slice(-3).join(" ")}`);
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
    const scores = Object.fromEntries(Object.entries(report.categories).map(([k, c]) => [k, c.score]));
    const metrics = Object.fromEntries(
      [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "speed-index",
        "interactive",
        "cumulative-layout-shift",
        "max-potential-fid",
      ].map((a) => [a, report.audits[a] ? report.audits[a].numericValue : null]),
    );
    const warnings = report.runWarnings || [];
    return { scores, metrics, warnings, version: report.lighthouseVersion };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
