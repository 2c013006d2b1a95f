// The desktop app with a real mouse and keyboard: X server events (xdotool,
// through XTEST) into GLFW, ImGui and the core, as a person would give them.
// Run under Xvfb:
//   xvfb-run -a node --test tests/platform/desktop/native_input.test.mjs   (ATTN_APP=path/to/attention-lab)
// The app's --report file says where each named item is drawn and what the
// state is; the test waits on it for progress, never for a fixed time.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PNG } from "pngjs";

const APP = process.env.ATTN_APP;
const OUT = "test-output/native";
const PATIENCE_MS = 90_000; // a slow, loaded machine; a hang still ends
// The learner's saved work lives here ($XDG_DATA_HOME/attention-lab/work.json),
// not in the home of whoever runs the tests.
const DATA = fs.mkdtempSync(path.join(os.tmpdir(), "attention-native-data-"));
const WORK = path.join(DATA, "attention-lab", "work.json");
const appEnv = { ...process.env, XDG_DATA_HOME: DATA };

const xdotool = (...args) => execFileSync("xdotool", args.map(String), { encoding: "utf8" }).trim();

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null; // not written yet
  }
}

async function until(what, read) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}

function changesOf(report) {
  const set = JSON.parse(report.state.changes || "{}").parts?.[0]?.set ?? [];
  return Object.fromEntries(set.map(([name, r, c, v]) => [`${name}:${r}:${c}`, v]));
}

let edited = null; // the numbers the first test left, which a restart must bring back

// Starts the app with these arguments and a report; resolves with {report
// file, app, exited}.
function start(args, name) {
  const report = path.join(OUT, `${name}-report.json`);
  fs.rmSync(report, { force: true });
  const app = spawn(APP, [...args, "--report", report], { stdio: "inherit", env: appEnv });
  const exited = new Promise((resolve) => app.on("exit", (code) => resolve(code)));
  return { report, app, exited };
}

test("a mouse drag and the keyboard change numbers in the desktop window", async () => {
  assert.ok(APP, "ATTN_APP names the attention-lab binary");
  fs.mkdirSync(OUT, { recursive: true });
  const report = path.join(OUT, "input-report.json");
  const shot = path.join(OUT, "input-after.png");
  fs.rmSync(report, { force: true });
  fs.rmSync(shot, { force: true });
  const app = spawn(APP, ["--lesson", "the-cat-sat", "--report", report, "--screenshot", shot], {
    stdio: "inherit",
    env: appEnv,
  });
  const exited = new Promise((resolve) => app.on("exit", (code) => resolve(code)));
  try {
    const first = await until("the first frame", () => {
      const r = readReport(report);
      return r && r.items["##X:0:0"] ? r : null;
    });
    const window = xdotool("search", "--sync", "--pid", app.pid);
    const cell = first.items["##X:0:0"];
    const x = Math.round((cell[0] + cell[2]) / 2),
      y = Math.round((cell[1] + cell[3]) / 2);

    // Waits until the window has drawn two more frames: an event sent before
    // now has been handled.
    const drawn = async (what) => {
      const from = readReport(report)?.frame ?? 0;
      return until(what, () => {
        const r = readReport(report);
        return r && r.frame >= from + 2 ? r : null;
      });
    };

    // Press, six paced moves to the right, release.
    xdotool("mousemove", "--window", window, x, y);
    await drawn("the pointer over X[The, 0]");
    xdotool("mousedown", 1);
    await drawn("the press");
    for (let i = 1; i <= 6; ++i) {
      xdotool("mousemove", "--window", window, x + 8 * i, y);
      await drawn(`move ${i}`);
    }
    xdotool("mouseup", 1);
    const dragged = changesOf(await drawn("the release"));
    assert.ok(dragged["X:0:0"] > 1, `X[The, 0] was dragged up from 1 (now ${dragged["X:0:0"]})`);
    assert.deepEqual(Object.keys(dragged), ["X:0:0"], "only the dragged number changed");

    // The keyboard: Tab onto the first matrix of numbers, → to X[The, 1], + to nudge.
    xdotool("windowfocus", "--sync", window);
    for (const [key, focus] of [
      ["Tab", "X:0:0"],
      ["Right", "X:0:1"],
    ]) {
      xdotool("key", key);
      await until(`${key}: the keyboard on ${focus}`, () => readReport(report)?.focus === focus);
    }
    xdotool("key", "plus");
    const typed = await until("the nudge", () => {
      const c = changesOf(readReport(report));
      return c["X:0:1"] !== undefined ? c : null;
    });
    assert.ok(typed["X:0:1"] > 0, `+ nudged X[The, 1] up from 0 (now ${typed["X:0:1"]})`);
    assert.equal(typed["X:0:0"], dragged["X:0:0"], "the dragged number stayed");
    edited = typed;
    // The keyboard walks to step 3 (PageDown twice): the place is kept too.
    xdotool("key", "Escape");
    await until("the keyboard off the numbers", () => readReport(report)?.focus === null);
    for (const step of [1, 2]) {
      xdotool("key", "Next");
      await until(`step ${step + 1}`, () => readReport(report)?.state.step === step);
    }
  } finally {
    app.kill("SIGTERM"); // closes as the window's close button would, writing the screenshot
  }
  assert.equal(await exited, 0, "the app closed cleanly");
  const png = PNG.sync.read(fs.readFileSync(shot));
  const colours = new Set();
  for (let i = 0; i < png.data.length; i += 4)
    colours.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
  assert.ok(colours.size > 20, `the last frame is drawn (${colours.size} colours)`);
});

test("the desktop app keeps the learner's work: after a restart the numbers and the step are back", async () => {
  assert.ok(edited, "the first test left edited numbers");
  assert.ok(fs.existsSync(WORK), `the work is kept in ${WORK}`);
  const { report, app, exited } = start([], "restart"); // no lesson named: the one open last
  try {
    const r = await until("the first frame", () => {
      const x = readReport(report);
      return x && x.frame >= 2 ? x : null;
    });
    assert.equal(r.state.lesson, "the-cat-sat");
    assert.equal(r.state.step, 2);
    assert.deepEqual(changesOf(r), edited);
    assert.deepEqual(r.state.notices, []);
  } finally {
    app.kill("SIGTERM");
  }
  assert.equal(await exited, 0);
});

// ImGui 1.86 reads the pointer once a frame: without the shell's held
// presses, a click and a move handled in one frame pressed where the pointer
// went next. The app is stopped while the X server queues the three events, so
// that it takes them in one go on any machine.
test("a click lands where it was made, even when the pointer moves on before the next frame", async () => {
  const { report, app, exited } = start(["--lesson", "the-cat-sat", "--step", "1"], "quick-click");
  try {
    const r = await until("the first frame", () => {
      const x = readReport(report);
      return x && x.items["##X:1:1"] ? x : null;
    });
    const window = xdotool("search", "--sync", "--pid", app.pid);
    xdotool("windowfocus", "--sync", window);
    const centre = (rect) => [Math.round((rect[0] + rect[2]) / 2), Math.round((rect[1] + rect[3]) / 2)];
    const [x, y] = centre(r.items["##X:1:1"]);
    const [x2, y2] = centre(r.items["##X:0:0"]);
    const before = changesOf(r);
    app.kill("SIGSTOP");
    try {
      xdotool("mousemove", "--window", window, x, y, "click", 1, "mousemove", "--window", window, x2, y2);
    } finally {
      app.kill("SIGCONT");
    }
    await until("the clicked number's editor", () => readReport(report)?.items["##typed"]);
    xdotool("type", "7");
    xdotool("key", "Return");
    const after = await until("the typed number", () => {
      const c = changesOf(readReport(report));
      return c["X:1:1"] !== undefined ? c : null;
    });
    assert.equal(after["X:1:1"], 7, "the clicked number took the typed value");
    assert.equal(after["X:0:0"], before["X:0:0"], "the number the pointer moved on to is unchanged");
  } finally {
    app.kill("SIGTERM");
  }
  assert.equal(await exited, 0);
});

test("damaged saved work is set aside with one notice, and the app starts afresh", async () => {
  fs.writeFileSync(WORK, "{not json");
  const { report, app, exited } = start(["--lesson", "the-cat-sat"], "damaged");
  try {
    const r = await until("the first frame", () => {
      const x = readReport(report);
      return x && x.items["##X:0:0"] ? x : null;
    });
    assert.deepEqual(changesOf(r), {});
    assert.equal(r.state.notices.length, 1);
    assert.match(r.state.notices[0], /could not be read; it was set aside as .*work\.json\.damaged/);
    assert.equal(fs.readFileSync(`${WORK}.damaged`, "utf8"), "{not json");
  } finally {
    app.kill("SIGTERM");
  }
  assert.equal(await exited, 0);
  fs.rmSync(DATA, { recursive: true, force: true });
});
