// The "training" part of ./dev bench (issue 42, point 4): what one gradient
// step of the built-in train-a-head lesson costs in the page's WebAssembly,
// and the C++ per frame while training plays.
//
// Through the page's own paths, in the real program: every change recomputes
// the whole trace, which trains the lesson's `steps` steps (100) for its loss
// curve and trained matrices. The same lesson with `steps` at the format's
// limit (500) is loaded beside it; the C++ of the frame after an edit
// (setValue: the recompute, then the UI) is timed in both, in turns, and the
// difference over the 400 more steps is one gradient step (the loss, its
// exact gradients, W ← W − lr·∂L/∂W). Then the learner's "Train one step"
// (trainStep(), as Play asks for one) on the training step, whose frame is
// held to the per-frame budget every edit is (≤ 3 ms, interaction).
import { launch } from "../tests/browser/chromium.mjs";
import { fmt, median, quick } from "./common.mjs";
import { details, row } from "./report.mjs";

const LIMIT = 500; // Limits::kMaxTrainSteps

export async function trainingPart(srv) {
  const context = await launch();
  const page = await context.newPage();
  await page.goto(srv.isolated.url); // cross-origin isolated: 5 µs timer grain
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null, null, {
    timeout: 60000,
  });
  await page.evaluate(() => window.attention.ready);
  const rounds = quick ? 2 : 4,
    perRound = quick ? 5 : 9;
  const r = await page.evaluate(
    async ({ rounds, perRound, LIMIT }) => {
      const a = window.attention;
      const gl = document.getElementById("canvas").getContext("webgl2");
      // The C++ of the first frame drawn after `change` (its recompute included).
      const costOf = async (change) => {
        gl.finish(); // the GPU idle: under SwiftShader it shares the two cores
        const f = await a.framesDrawn();
        await change();
        const until = performance.now() + 5000;
        while ((await a.framesDrawn()) < f + 1 && performance.now() < until)
          await new Promise((r) => requestAnimationFrame(r));
        const c = a.testing.frameCosts().find((x) => x.frame === f + 1);
        return c ? c.cpuMs : null;
      };
      await a.setLesson("train-a-head");
      const own = await (await fetch("lessons/train-a-head.json")).json(); // as the page fetches it
      const longer = { ...own, id: "train-a-head-bench", train: { ...own.train, steps: LIMIT } };
      const lessons = [
        { id: "train-a-head", steps: own.train.steps, show: () => a.setLesson("train-a-head"), ms: [] },
        { id: longer.id, steps: LIMIT, show: () => a.loadLesson(JSON.stringify(longer)), ms: [] },
      ];
      for (let round = 0; round < rounds; ++round)
        for (const l of round % 2 ? [...lessons].reverse() : lessons) {
          await l.show();
          await a.setStep(0);
          const w = (await a.trace()).steps[0].matrices.find((m) => m.name === "W_q").data[0][0];
          for (let i = 0; i < perRound; ++i) {
            const ms = await costOf(() => a.setValue("W_q", 0, 0, w + 0.01 * (i + 1)));
            if (ms !== null) l.ms.push(ms);
          }
          await a.reset();
        }
      // "Train one step", on the step with the training panel.
      await a.setLesson("train-a-head");
      const steps = (await a.state()).steps;
      for (let s = 0; s < steps; ++s) {
        await a.setStep(s);
        if ((await a.state()).step_id === "train") break;
      }
      const trainStep = [];
      for (let i = 0; i < rounds * perRound; ++i) {
        const ms = await costOf(() => a.trainStep());
        if (ms !== null) trainStep.push(ms);
      }
      return { lessons: lessons.map(({ id, steps, ms }) => ({ id, steps, ms })), trainStep };
    },
    { rounds, perRound, LIMIT },
  );
  await context.close();

  const [own, longer] = r.lessons.map((l) => ({ ...l, median: median(l.ms) }));
  const perStep = (longer.median - own.median) / (longer.steps - own.steps);
  const stepFrame = median(r.trainStep);
  row(
    "training",
    `wasm: one gradient step of train-a-head (from the frame after an edit: ${own.steps} vs ${longer.steps} steps trained, medians of ${own.ms.length})`,
    "≤ 1 ms",
    `${fmt(perStep * 1000, 1)} µs (${fmt(own.median, 3)} ms vs ${fmt(longer.median, 3)} ms a frame)`,
    longer.ms.length > 0 && own.ms.length > 0 && perStep <= 1,
  );
  row(
    "training",
    `wasm: C++ per frame of "Train one step" (trainStep, as Play takes them; median of ${r.trainStep.length})`,
    "≤ 3 ms",
    `${fmt(stepFrame, 3)} ms (worst ${fmt(Math.max(...r.trainStep), 3)} ms)`,
    r.trainStep.length > 0 && stepFrame <= 3,
  );
  details.training = { ...r, perStepMs: perStep, trainStepMedianMs: stepFrame };
}
