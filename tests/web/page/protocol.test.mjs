// web/page/protocol.js with the real window.attention (web/page/api.js): which
// calls a host may make over postMessage, every argument's type checked with
// a sentence naming it, and the shape of every answer. No program runs here:
// a call whose arguments pass reaches it and hears that it is not ready.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { api } from "../../../web/page/api.js";
import { NOT_CALLABLE, answer, isCall, methodsOf, result } from "../../../web/page/protocol.js";

const methods = methodsOf(api);
const ask = (method, ...args) => answer(api, methods, { type: "attention:call", id: 7, method, args });
const NOT_READY = { ok: false, error: "Attention Lab is not ready yet: await window.attention.ready" };

test("every method docs/embedding.md lists is callable over postMessage, and nothing else", () => {
  const guide = fs.readFileSync(new URL("../../../docs/embedding.md", import.meta.url), "utf8");
  const table = guide.slice(guide.indexOf("### Methods (calls and `window.attention`)"));
  const documented = [...table.matchAll(/^\| ([^|]*)\|/gm)].flatMap((row) =>
    [...row[1].matchAll(/`(\w+)\(/g)].map((m) => m[1]),
  );
  assert.ok(documented.length >= 18, `the guide's table lists ${documented}`);
  assert.deepEqual([...methods].sort(), [...documented].sort());
  assert.ok(methods.includes("setLanguage"));
  for (const key of NOT_CALLABLE) assert.equal(typeof api[key], "function", `${key} is a function kept from hosts`);
  for (const key of ["ready", "firstFrameMs", "testing", "on"]) assert.ok(!methods.includes(key), key);
});

test("an unknown method, or args that are not a list, are refused naming what there is", async () => {
  const unknown = await ask("deleteEverything");
  assert.equal(unknown.ok, false);
  assert.equal(unknown.error, `unknown method "deleteEverything"; the methods are ${methods.join(", ")}`);
  assert.match(unknown.error, /the methods are setLesson, setStep, /);
  assert.match((await ask("on", "statechange")).error, /^unknown method "on"/);
  assert.match((await ask("testing")).error, /^unknown method "testing"/);
  assert.match((await ask("constructor")).error, /^unknown method "constructor"/);
  assert.deepEqual(await answer(api, methods, { type: "attention:call", id: 1, method: "setStep", args: 2 }), {
    ok: false,
    error: "args must be an array of setStep's arguments",
  });
});

test("a wrong argument type says which argument and what it must be", async () => {
  const refused = {
    setStep: [
      [["2"], 'step must be a number, not "2"'],
      [[1.5], "step must be a whole number, not 1.5"],
      [[], "step must be a number, not nothing"],
    ],
    setLesson: [[[42], "id must be a string, not 42"]],
    setValue: [
      [[0, 0, 0, 1], "name must be a string, not 0"],
      [["X", "0", 0, 1], 'row must be a number, not "0"'],
      [["X", 0, null, 1], "col must be a number, not null"],
      [["X", 0, 0, "1.5"], 'value must be a number, not "1.5"'],
    ],
    setLanguage: [[[{ code: "es" }], "code must be a string, not an object"]],
    setTheme: [[["blue"], 'theme must be "light" or "dark", not "blue"']],
    loadLesson: [
      [[42], "content must be text or bytes (an ArrayBuffer or a Uint8Array), not 42"],
      [["{}", 7], "name must be a string, not 7"],
    ],
    showTextView: [[["yes"], 'on must be true or false, not "yes"']],
    figure: [
      [["big"], 'the options must be an object, not "big"'],
      [[{ scale: "2" }], 'scale must be a number, not "2"'],
      [[{ theme: "blue" }], 'theme must be "light" or "dark", not "blue"'],
      [[{ matrix: 3 }], "matrix must be a string, not 3"],
    ],
  };
  for (const [method, cases] of Object.entries(refused))
    for (const [args, error] of cases)
      assert.deepEqual(await ask(method, ...args), { ok: false, error }, `${method}(${JSON.stringify(args)})`);
});

test("right types pass the checks and reach the program (none runs here)", async () => {
  for (const [method, args] of [
    ["setStep", [2]],
    ["setLesson", ["the-cat-sat"]],
    ["setValue", ["W_q", 0, 1, NaN]],
    ["setLanguage", ["es"]],
    ["loadLesson", ["{}"]],
    ["loadLesson", [new Uint8Array([123, 125]).buffer, "bytes.json"]],
    ["state", []],
    ["numpy", []],
  ])
    assert.deepEqual(await ask(method, ...args), NOT_READY, `${method}(${JSON.stringify(args)})`);
  assert.deepEqual(await ask("framesDrawn"), { ok: true, value: 0 });
});

test("every method of window.attention returns a promise that settles, whatever it is given", async () => {
  // No program runs here: each call fails (a wrong argument, not ready, no
  // page around it), and each says so by rejecting, never by throwing.
  for (const method of methods)
    for (const args of [[], ["2"], [99], [{ theme: "blue" }]]) {
      let answer;
      assert.doesNotThrow(() => (answer = api[method](...args)), `${method}(${JSON.stringify(args)}) threw`);
      assert.ok(answer instanceof Promise, `${method}(${JSON.stringify(args)}) returned ${answer}`);
      await answer.then(
        () => {},
        (e) => assert.ok(e instanceof Error && e.message, `${method}: ${e}`),
      );
    }
  await assert.rejects(api.setStep(99), { message: NOT_READY.error });
  await assert.rejects(api.setLanguage(2), { message: "code must be a string, not 2" });
});

test("the messages: a call is recognised by its type; a result carries the call's id", () => {
  assert.ok(isCall({ type: "attention:call", id: 1, method: "state" }));
  for (const other of [null, undefined, "attention:call", [], { type: "attention:result" }, { method: "state" }])
    assert.equal(isCall(other), false, JSON.stringify(other));
  assert.deepEqual(result(3, { ok: true, value: 5 }), { type: "attention:result", id: 3, ok: true, value: 5 });
  assert.deepEqual(result(4, { ok: false, error: "no" }), { type: "attention:result", id: 4, ok: false, error: "no" });
});
