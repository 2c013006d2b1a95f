// Keyboard focus, the wheel on the page alone, a long drag, and the clipboard (the
// wheel and tooltips inside a host page: embed.test.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  newContext,
  startServer,
  openPage,
  itemCentre,
  items,
  settle,
  clipboardText,
  nextFrame,
  inPage,
  clickItem,
} from "./browser.mjs";

let server, url;
before(async () => ({ server, url } = await startServer()));
after(() => server?.close());

async function withPage(query, fn, options = {}) {
  const browser = await newContext(options);
  try {
    const { page, problems } = await openPage(browser, url + query);
    await fn(page);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
}

// An input of the host page's own, over the canvas's corner.
async function addHostInput(page) {
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.id = "host-input";
    Object.assign(input.style, { position: "absolute", left: "10px", top: "150px", zIndex: 5 });
    document.body.append(input);
  });
}

test("without focus, keys go to the host page: typing, Backspace and Tab work there", async () => {
  await withPage("", async (page) => {
    await addHostInput(page);
    await page.click("#host-input");
    await page.keyboard.type("softmax!");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.inputValue("#host-input"), "softmax");
    assert.equal(
      await page.evaluate(async () => (await window.attention.state()).step),
      0,
      "arrow keys stayed with the host",
    );
    await page.keyboard.press("Tab");
    assert.notEqual(await page.evaluate(() => document.activeElement.id), "host-input", "Tab moved focus on");
  });
});

test("clicking the canvas focuses it; then arrow keys, Home and End walk the steps", async () => {
  await withPage("", async (page) => {
    const box = await page.locator("#canvas").boundingBox();
    await page.mouse.click(box.x + 300, box.y + box.height - 40); // empty space
    assert.equal(await page.evaluate(() => document.activeElement.id), "canvas");
    await page.keyboard.press("ArrowRight");
    await inPage(page, async () => (await window.attention.state()).step === 1);
    await page.keyboard.press("End");
    await inPage(page, async () => (await window.attention.state()).step === 4);
    await page.keyboard.press("Home");
    await inPage(page, async () => (await window.attention.state()).step === 0);
    // Tab leaves the canvas when no text field wants it.
    await page.keyboard.press("Tab");
    assert.notEqual(await page.evaluate(() => document.activeElement.id), "canvas");
  });
});

test("with the estimate's slider pressed, the arrows move the guess and the step stays (39.5)", async () => {
  await withPage("?lesson=the-cat-sat&step=4", async (page) => {
    const frame = async () => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
    await clickItem(page, "##skip-prediction"); // step 4's question
    await page.evaluate(() => window.attention.setStep(4));
    await clickItem(page, "##estimate"); // the middle: 1.5, not within 0.15 of output[The, 0] = 2.37
    // Each key held for a frame and let go in the next, as a hand's (ImGui
    // 1.86 drops a press shorter than a frame): End (3.00), then six
    // Shift+← of 0.1 each (2.40).
    const key = async (name) => {
      await page.keyboard.down(name);
      await frame();
      await page.keyboard.up(name);
      await frame();
    };
    await key("End");
    await page.keyboard.down("Shift");
    await frame();
    for (let i = 0; i < 6; ++i) await key("ArrowLeft");
    await page.keyboard.up("Shift");
    await frame();
    assert.equal((await page.evaluate(() => window.attention.state())).step, 4);
    await clickItem(page, "##guess");
    await inPage(page, async () => (await window.attention.progress()).answered === 1);
    assert.equal((await page.evaluate(() => window.attention.progress())).right, 1);
    // Answered, the slider is gone: the arrows walk the steps again.
    await key("ArrowLeft");
    await inPage(page, async () => (await window.attention.state()).step === 3);
  });
});

test("at 800×500, Menu, then Escape, then a click on ▶: the click lands (39.5)", async () => {
  await withPage(
    "?lesson=the-cat-sat",
    async (page) => {
      const frame = async () => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
      await clickItem(page, "##menu");
      await page.keyboard.down("Escape"); // held a frame, as a hand's
      await frame();
      await page.keyboard.up("Escape");
      await frame();
      await clickItem(page, "##next");
      await inPage(page, async () => (await window.attention.state()).step === 1);
    },
    { viewport: { width: 800, height: 500 } },
  );
});

test("on the page alone, the wheel scrolls the panel under it at once, no click first", async () => {
  await withPage(
    "?lesson=the-cat-sat&step=2",
    async (page) => {
      const box = await page.locator("#canvas").boundingBox();
      const before = (await itemCentre(page, "##W_q:0:0")).rect[1];
      assert.notEqual(await page.evaluate(() => document.activeElement.id), "canvas");
      await page.mouse.move(box.x + 200, box.y + 300);
      await page.mouse.wheel(0, 300);
      await settle(page);
      const after = (await itemCentre(page, "##W_q:0:0").catch(() => ({ rect: [0, -1e9] }))).rect[1];
      assert.ok(after < before - 20, `the panel scrolled (${before} → ${after})`);
    },
    { viewport: { width: 1000, height: 700 } },
  );
});

test("a long drag reaches a far value in one pass: press, eight paced moves, release", async () => {
  await withPage("?lesson=the-cat-sat&step=2&mode=explore", async (page) => {
    const { x, y } = await itemCentre(page, "##W_k:0:0");
    const frame = async () => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
    await page.mouse.move(x, y);
    await frame();
    await page.mouse.down();
    await frame();
    for (let i = 1; i <= 8; ++i) {
      await page.mouse.move(x + 75 * i, y, { steps: 3 });
      await frame(); // a pause: the move is seen before the next
    }
    await page.mouse.up();
    await frame();
    const value = await page.evaluate(
      async () =>
        (await window.attention.trace()).steps.flatMap((s) => s.matrices).find((m) => m.name === "W_k").data[0][0],
    );
    // The hint's "about 4", from 0.02, in 600 pixels (before: 0.002 a pixel, 1,400 px).
    assert.ok(value > 4, `W_k[0, 0] reached ${value}`);
  });
});

// ImGui 1.86 reads the pointer once a frame: a click and a move before the
// next frame (a quick hand, or any click while a loaded machine is between
// frames) pressed where the pointer went next. The events are sent in one
// task, so that no frame can come between them on any machine.
test("a click lands where it was made, even when the pointer moves on before the next frame", async () => {
  await withPage("?lesson=the-cat-sat", async (page) => {
    await page.evaluate(() => window.attention.setStep(1));
    const cell = await itemCentre(page, "##X:2:2");
    const other = await itemCentre(page, "##W_q:1:1");
    const trace = () =>
      page.evaluate(async () => {
        const shown = (await window.attention.trace()).steps.flatMap((s) => s.matrices);
        return ["X", "W_q"].map((name) => shown.find((m) => m.name === name).data);
      });
    const [x, wq] = await trace();
    await page.evaluate(
      ([a, b]) => {
        const canvas = document.getElementById("canvas");
        const send = (Event, type, p, buttons) =>
          canvas.dispatchEvent(
            new Event(type, { clientX: p.x, clientY: p.y, button: 0, buttons, bubbles: true, cancelable: true }),
          );
        send(MouseEvent, "mousemove", a, 0);
        send(PointerEvent, "pointerdown", a, 1); // the page focuses the canvas here
        send(MouseEvent, "mousedown", a, 1);
        send(PointerEvent, "pointerup", a, 0);
        send(MouseEvent, "mouseup", a, 0);
        send(MouseEvent, "mousemove", b, 0);
      },
      [cell, other],
    );
    // The click opened the cell's editor: type into it.
    const deadline = Date.now() + 90000;
    while (!(await items(page))["##typed"]) if (Date.now() > deadline) throw new Error("the editor never opened");
    await nextFrame(page, (await page.evaluate(() => window.attention.framesDrawn())) + 1);
    await page.keyboard.type("7");
    await page.keyboard.press("Enter");
    await inPage(page, async () => (await window.attention.state()).edited);
    const [x2, wq2] = await trace();
    assert.equal(x2[2][2], 7, "the clicked number took the typed value");
    assert.deepEqual(wq2, wq, "the number the pointer moved on to is unchanged");
    x2[2][2] = x[2][2];
    assert.deepEqual(x2, x, "no other input changed");
  });
});

test("Copy as numpy puts the snippet on the clipboard", async () => {
  await withPage("?lesson=i-am-batman", async (page) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const { x, y } = await itemCentre(page, "Copy as numpy");
    await page.mouse.click(x, y);
    const text = await clipboardText(page, "import numpy");
    assert.match(text, /W_q = np\.array\(\[\n    \[1\.0, 2\.0\],/);
    assert.match(text, /Q = X @ W_q\.T/);
  });
});

test("the page draws nothing while idle and redraws at once on input", async () => {
  await withPage("", async (page) => {
    const start = await settle(page);
    await page.waitForTimeout(3000);
    const idle = await page.evaluate(() => window.attention.framesDrawn());
    assert.ok(idle - start <= 2, `${idle - start} frames in 3 s without input`);
    const box = await page.locator("#canvas").boundingBox();
    await page.mouse.move(box.x + 100, box.y + 100);
    await inPage(page, async (n) => (await window.attention.framesDrawn()) > n, idle);
    // An API call redraws too.
    const before = await settle(page);
    await page.evaluate(() => window.attention.setStep(2));
    await inPage(page, async (n) => (await window.attention.framesDrawn()) > n, before);
  });
});

test("the page stops drawing while the tab is hidden", async () => {
  await withPage("", async (page) => {
    await settle(page);
    // Headless Chromium never hides a tab (another tab in front, a minimised
    // window: still "visible"), so the page is told it is hidden as a browser
    // would tell it: document.hidden and a visibilitychange event.
    const setHidden = (hidden) =>
      page.evaluate((h) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (h ? "hidden" : "visible"),
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await setHidden(true);
    const hidden = await page.evaluate(() => window.attention.framesDrawn());
    await page.evaluate(() => window.attention.setStep(1)); // would draw if visible
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.attention.framesDrawn()), hidden);
    await setHidden(false);
    await inPage(page, async (n) => (await window.attention.framesDrawn()) > n, hidden);
  });
});
