// ./dev bench: the page's budgets, measured (docs/performance.md). This file
// reads the command line, runs the parts (one module each) and ends the run;
// the parts write rows to bench/report.mjs.
//
//   node bench/run.mjs [--quick] [--only size,startup,phone,interaction,training,idle,core,frame] [--strict]
//
// Expects what ./dev bench builds: dist/, build/web/bench/ (the bare window,
// the core for node), build/native-release/bench/ (core and frame benches).
// Prints one table (budget or goal / measured / result per line) and writes
// bench/results.json. A budget missed is a MISS; a goal is reported (met or
// short of it), never a MISS. Exits 0 when a budget is missed, after saying
// so clearly; --strict exits 1 instead (and only for budgets).
//
// Timings are medians of several runs; every comparison (page vs. bare
// window, core vs. numpy) is measured side by side in this one run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RESULTS, log, onlyArg, servers, strict } from "./common.mjs";
import { idlePart } from "./idle.mjs";
import { interactionPart } from "./interaction.mjs";
import { corePart, framePart } from "./native.mjs";
import { environment, details, printTable, row, rows } from "./report.mjs";
import { sizePart } from "./size.mjs";
import { phonePart } from "./slow_phone.mjs";
import { startupPart } from "./startup.mjs";
import { trainingPart } from "./training.mjs";

const PARTS = ["size", "startup", "phone", "interaction", "training", "idle", "core", "frame"];
const only = onlyArg ? onlyArg.split(",") : PARTS;
for (const p of only)
  if (!PARTS.includes(p)) {
    console.error(`bench: no part ${p} (${PARTS.join(", ")})`);
    process.exit(2);
  }

const env = environment();
log(`${env.cpu}, ${env.cores} cores, load ${env.loadAverage.map((x) => x.toFixed(2)).join(" ")}; ${env.chromium}`);
const failures = [];
const loads = []; // 1-minute load average as each part starts
const srv = only.some((p) => ["size", "startup", "phone", "interaction", "training", "idle"].includes(p))
  ? await servers()
  : null;
const parts = {
  size: sizePart,
  startup: startupPart,
  phone: phonePart,
  interaction: interactionPart,
  training: trainingPart,
  idle: idlePart,
  core: corePart,
  frame: framePart,
};
for (const name of PARTS) {
  if (!only.includes(name)) continue;
  log(name);
  const t0 = performance.now();
  loads.push(os.loadavg()[0]);
  try {
    await parts[name](srv);
  } catch (e) {
    failures.push(`${name}: ${e.message}`);
    row(name, "could not be measured", "", e.message.split("\n")[0], false);
  }
  log(`${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
srv?.close();
// Other work on the machine inflates every wall-clock figure: say so.
const busiest = Math.max(...loads, os.loadavg()[0]);
env.loadDuringRun = loads;
row("machine", "1-minute load average, highest during the run", "", `${busiest.toFixed(2)} on ${env.cores} cores`);

printTable();
const missed = rows.filter((r) => r.pass === false);
const short = rows.filter((r) => r.goal && !r.met); // goals: reported, never a failure
fs.writeFileSync(
  RESULTS,
  JSON.stringify(
    { environment: env, rows, details, missed: missed.map((r) => r.name), goalsShort: short.map((r) => r.name) },
    null,
    2,
  ) + "\n",
);
console.log(`\nWrote ${path.relative(process.cwd(), RESULTS)}.`);
if (missed.length) {
  console.log(`\n${missed.length} budget${missed.length > 1 ? "s" : ""} MISSED:`);
  for (const r of missed) console.log(`  - ${r.part}: ${r.name}: ${r.measured} (budget ${r.budget})`);
} else {
  console.log("Every budget met.");
}
if (short.length)
  console.log(
    `Goals not yet met (reported, not budgets): ${short.map((r) => `${r.name}: ${r.measured} (${r.budget})`).join("; ")}.`,
  );
if (busiest > env.cores)
  console.log(
    `\nThe machine was busy (load ${busiest.toFixed(2)} on ${env.cores} cores): timings are inflated; ` +
      "measure again when it is quiet before trusting a MISS on a time budget.",
  );
for (const f of failures) console.error(`bench: ${f}`);
process.exit(strict && missed.length ? 1 : 0);
