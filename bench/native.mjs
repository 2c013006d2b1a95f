// The "core" and "frame" parts of ./dev bench: the core's attention
// throughput and lesson traces, native and wasm under node, against numpy;
// and the native frame cost (recompute + ImGui build, no GPU).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NATIVE_BENCH, ROOT, WEB_BENCH, fmt, log, need, quick } from "./common.mjs";
import { details, row } from "./report.mjs";

function runJson(command, commandArgs, what) {
  const r = spawnSync(command, commandArgs, {
    encoding: "utf8",
    maxBuffer: 64 << 20,
    env: { ...process.env, NODE_PATH: "" },
  });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

export function corePart() {
  const native = path.join(NATIVE_BENCH, "bench_core"),
    wasm = path.join(WEB_BENCH, "bench_core_node.js");
  need(native, "run ./dev bench");
  need(wasm, "run ./dev bench");
  const q = quick ? ["--quick"] : [];
  log("core: native");
  const nat = runJson(native, q, "bench_core");
  log("core: wasm under node");
  const wsm = runJson(process.execPath, [wasm, ...q], "bench_core_node");
  let np = null;
  const python = "/usr/bin/python3";
  const hasNumpy = fs.existsSync(python) && spawnSync(python, ["-c", "import numpy"]).status === 0;
  if (hasNumpy) {
    log("core: numpy");
    const sizes = [...nat.attention.map((a) => [a.n, a.d, a.d]), ...nat.lessons.map((l) => [l.n, l.d_k, l.d_v])];
    np = runJson(
      python,
      [path.join(ROOT, "bench/numpy_attention.py"), JSON.stringify(sizes), ...q],
      "numpy_attention.py",
    );
  }
  const npMs = (n, dk, dv) => (np ? np.sizes.find((s) => s.n === n && s.d_k === dk && s.d_v === dv)?.ms : null);

  for (let i = 0; i < nat.attention.length; ++i) {
    const a = nat.attention[i],
      w = wsm.attention[i];
    const npm = npMs(a.n, a.d, a.d);
    const flops = 4 * a.n * a.n * a.d;
    const npG = npm ? flops / (npm * 1e6) : null;
    const nr = npm ? a.ms / npm : null,
      wr = npm ? w.ms / npm : null;
    // Within 2x of numpy at N = 1024 (core time / numpy time ≤ 2).
    const budget = a.n === 1024 && npm ? "≤ 2x numpy" : "";
    row(
      "core",
      `attention N=${a.n} d=${a.d}: native`,
      budget,
      `${fmt(a.ms, 3)} ms, ${fmt(a.gflops)} GFLOP/s${npm ? `, ${fmt(nr)}x numpy's time` : ""}`,
      budget ? nr <= 2 : null,
    );
    row(
      "core",
      `attention N=${a.n} d=${a.d}: wasm (node)`,
      budget,
      `${fmt(w.ms, 3)} ms, ${fmt(w.gflops)} GFLOP/s${npm ? `, ${fmt(wr)}x numpy's time` : ""}`,
      budget ? wr <= 2 : null,
    );
    if (npm)
      row("core", `attention N=${a.n} d=${a.d}: numpy ${np.numpy}`, "", `${fmt(npm, 3)} ms, ${fmt(npG)} GFLOP/s`);
  }
  // Lesson sizes: one pass at each lesson's own (N, d_k, d_v); the core must beat numpy.
  for (let i = 0; i < nat.lessons.length; ++i) {
    const l = nat.lessons[i],
      w = wsm.lessons[i];
    const npm = npMs(l.n, l.d_k, l.d_v);
    const cmp = npm
      ? `; attention pass ${fmt(l.attention_ms * 1000, 1)} µs native, ${fmt(w.attention_ms * 1000, 1)} µs wasm, numpy ${fmt(npm * 1000, 1)} µs`
      : "";
    row(
      "core",
      `${l.id} (N=${l.n}, d_k=${l.d_k}): whole trace`,
      npm ? "pass < numpy" : "",
      `${fmt(l.trace_ms * 1000, 1)} µs native, ${fmt(w.trace_ms * 1000, 1)} µs wasm${cmp}`,
      npm ? l.attention_ms < npm && w.attention_ms < npm : null,
    );
  }
  if (!hasNumpy)
    row("core", "numpy comparison", "", "skipped: /usr/bin/python3 has no numpy (apt install python3-numpy)");
  details.core = { native: nat, wasm: wsm, numpy: np };
}

//-----------------------------------------------------------------------------
// Frame cost, native: recompute + ImGui build per frame, no GPU
//-----------------------------------------------------------------------------
export function framePart() {
  const bin = path.join(NATIVE_BENCH, "bench_frame");
  need(bin, "run ./dev bench");
  const r = runJson(bin, quick ? ["--quick"] : [], "bench_frame");
  const worst = r.steps.reduce((w, s) => (s.ms > w.ms ? s : w), r.steps[0]);
  row(
    "interaction",
    `native: C++ per frame of a drag, worst step (median of ${r.frames_per_step})`,
    "≤ 1 ms",
    `${fmt(worst.ms, 3)} ms (${worst.lesson} step ${worst.step}: recompute ${fmt(worst.recompute_ms, 3)}, UI ${fmt(worst.ui_ms, 3)})`,
    worst.ms <= 1,
  );
  details.interactionNative = r;
}
