// The bench's report: the rows of its table (budgets, goals and figures shown
// for information), the details written to bench/results.json, the machine
// it ran on, and the printed table.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { quick } from "./common.mjs";

export const rows = []; // {part, name, budget, measured, pass, goal?, met?}: the table
export const details = {}; // by part: what bench/results.json keeps beyond the table

// A budget: pass is true or false (a false one is a MISS, and fails --strict).
// A figure shown for information: pass null, budget "".
export function row(part, name, budget, measured, pass = null) {
  rows.push({ part, name, budget, measured, pass });
}
// A goal: reported as met or not, never a MISS (--strict ignores it).
export function goal(part, name, target, measured, met) {
  rows.push({ part, name, budget: `goal ${target}`, measured, pass: null, goal: true, met: Boolean(met) });
}

export function environment() {
  const cpu = (fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) || [])[1];
  const version = (cmd, a) => {
    try {
      return execFileSync(cmd, a, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .trim()
        .split("\n")[0];
    } catch (e) {
      return null;
    }
  };
  return {
    date: new Date().toISOString(),
    cpu,
    cores: os.cpus().length,
    loadAverage: os.loadavg(),
    chromium: version("/usr/bin/chromium", ["--version"]),
    node: process.version,
    emscripten: version("emcc", ["--version"]),
    gcc: version("g++", ["--version"]),
    gl: "SwiftShader (--use-angle=swiftshader), headless",
    quick,
  };
}

export function printTable() {
  const headers = ["", "measure", "budget / goal", "measured", "result"];
  const lines = rows.map((r) => [
    r.part,
    r.name,
    r.budget,
    r.measured,
    r.pass === true ? "pass" : r.pass === false ? "MISS" : r.goal ? (r.met ? "goal met" : "short of goal") : "",
  ]);
  const width = headers.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const out = (cells) =>
    console.log(
      cells
        .map((c, i) => c.padEnd(width[i]))
        .join("  ")
        .trimEnd(),
    );
  out(headers);
  out(width.map((w) => "-".repeat(w)));
  let last = "";
  for (const l of lines) {
    out([l[0] === last ? "" : l[0], ...l.slice(1)]);
    last = l[0];
  }
}
