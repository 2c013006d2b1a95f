// docs/lesson.schema.json judges every lesson the way the loader does, where a
// schema can state the rule: the built-in lessons and the test fixtures are
// valid, and each file of the malformed corpus is invalid unless its rule is
// one of those listed below (which only the loader can check).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "docs/lesson.schema.json"), "utf8"));
const validate = new Ajv2020({ strict: true, strictRequired: false }).compile(schema);

// Rules a JSON Schema cannot state, each with the file that breaks it.
const LOADER_ONLY = {
  "draw-and-given.json": "an input both written out and drawn",
  "duplicate-step-id.json": "step ids unique across the lesson",
  "heads-do-not-divide.json": "widths divisible by the head count",
  "main-unknown-part.json": "main names an existing part",
  "mismatched-shapes.json": "shapes that fit X·W",
  "key-width-differs.json": "Q and K equally wide for Q·Kᵀ",
  "missing-weights.json": "W_q and W_k given or drawn (draws can provide them)",
  "no-inputs.json": "some inputs given or drawn (draws can provide them)",
  "projection-without-values.json": "W_o needs values, given or drawn",
  "ragged-row.json": "rows of equal length",
  "tokens-mismatch.json": "one row (or column) per token",
  "prediction-unknown-token.json": "token names a part has",
  "prediction-picked-in-question.json": "{picked} only in a reveal (inside a string)",
  "estimate-empty-range.json": "min below max",
  "activity-id-twice.json": "prediction and challenge ids unique across the lesson",
  "challenge-unknown-input.json": "inputs a part has",
  "challenge-bad-solution.json": "a solution that is a state of this lesson",
  "challenge-solution-outside.json": "a solution's edits inside their matrices",
  "translation-not-a-text.json": "a translation's pointer names one of the file's texts",
  "translation-no-such-text.json": "a translation's pointer names one of the file's texts",
  "translation-values-differ.json": "a translation keeps the {live values} of its text",
  "positions-wrong-shape.json": "P shaped like X",
  "rope-odd-width.json": "an even width per head for RoPE",
  "memory-width.json": "a memory as wide as X",
  "memory-tokens-rows.json": "one row (or column) per memory token",
  "memory-missing-x.json": "the memory's X given or drawn (draws can provide it)",
  "memory-causal.json": "no causal mask with a memory",
  "kv-cache-without-causal.json": "kv_cache with the causal mask",
  "kv-cache-step-without-cache.json": "cache_step only with kv_cache",
  "kv-cache-without-values.json": "kv_cache with values",
  "kv-cache-step-out-of-range.json": "cache_step a step of the tokens",
  "train-target-shape.json": "a target shaped like the weights",
  "train-target-not-distribution.json": "each target row a distribution",
  "train-target-masked.json": "no target weight where the mask hides",
  "train-weights-target-values.json": "a weights target trains only what reaches the weights",
  "train-too-much-work.json": "training's work bounded by steps and sizes together",
  "train-variant-trained.json": "no variant of its own called \"trained\" beside training",
};
const FIXTURES_INVALID_FOR_LOADER_ONLY = { "broken-lesson.json": "rows of equal length" };

// As an editor reads a file: UTF-8, strictly; text that is not JSON is invalid.
function judge(file) {
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fs.readFileSync(file)));
  } catch (e) {
    return { valid: false, why: "not UTF-8 JSON" };
  }
  const valid = validate(doc);
  return { valid, why: valid ? "" : JSON.stringify(validate.errors[0]) };
}

test("every built-in lesson and every fixture the loader accepts is valid", () => {
  const files = [
    ...fs.readdirSync(path.join(ROOT, "lessons")).map((f) => path.join(ROOT, "lessons", f)),
    ...fs
      .readdirSync(path.join(ROOT, "tests/fixtures"))
      .filter((f) => f.endsWith(".json") && !(f in FIXTURES_INVALID_FOR_LOADER_ONLY))
      .map((f) => path.join(ROOT, "tests/fixtures", f)),
  ];
  assert.ok(files.length >= 11);
  for (const f of files) {
    const { valid, why } = judge(f);
    assert.ok(valid, `${path.relative(ROOT, f)}: ${why}`);
  }
});

test("every malformed lesson is invalid, but for the rules only the loader can check", () => {
  const corpus = fs
    .readFileSync(path.join(ROOT, "tests/malformed/expected.tsv"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t")[0]);
  assert.ok(corpus.length >= 50);
  let expressed = 0;
  for (const file of corpus) {
    const { valid } = judge(path.join(ROOT, "tests/malformed", file));
    if (file in LOADER_ONLY) {
      assert.ok(valid, `${file} is listed as loader-only but the schema refuses it: take it off the list`);
    } else {
      assert.ok(!valid, `${file}: the schema accepts what the loader refuses`);
      ++expressed;
    }
  }
  assert.ok(expressed >= 40, `${expressed} of ${corpus.length} rules expressed`);
});

test("a lesson may name the schema for its editor", () => {
  const lesson = JSON.parse(fs.readFileSync(path.join(ROOT, "lessons/i-am-batman.json"), "utf8"));
  lesson.$schema = "https://attention-lab.example/lesson.schema.json";
  assert.ok(validate(lesson));
});

// The schema's words and limits are the format's (core/load/lesson_format.h,
// written to python/attention_lab/lesson_format.json and checked fresh there).
test("the schema's words and limits are the format description's", () => {
  const format = JSON.parse(fs.readFileSync(path.join(ROOT, "python/attention_lab/lesson_format.json"), "utf8"));
  const defs = schema.$defs;
  assert.deepEqual(defs.layout.enum, format.words.layout);
  assert.deepEqual(defs.arrangement.enum, format.words.arrangement);
  assert.deepEqual(defs.scale.oneOf[0].enum, format.words.scale);
  assert.equal(defs.scale.oneOf[1].minimum, format.limits.min_divisor);
  assert.equal(defs.scale.oneOf[1].maximum, format.limits.max_divisor);
  assert.deepEqual(defs.input.enum, format.inputs.map((i) => i.name).sort(byStage(format)));
  assert.deepEqual(defs.draw.properties.fn.enum, format.words.draw);
  assert.equal(defs.number.maximum, format.limits.abs_value);
  assert.equal(defs.number.minimum, -format.limits.abs_value);
  assert.equal(defs.title.maxLength, format.limits.title_bytes);
  assert.equal(defs.text.maxLength, format.limits.text_bytes);
  assert.equal(defs.row.maxItems, format.limits.dim);
  assert.equal(defs.identifier.pattern, `^[a-z0-9_-]{1,${format.limits.id_bytes}}$`);
  const idCharacter = new RegExp(defs.identifier.pattern.replace(/\{.*\}/, ""));
  for (let c = 0; c < 128; ++c) {
    const character = String.fromCharCode(c);
    assert.equal(idCharacter.test(character), format.id_characters.includes(character), character);
  }
  assert.equal(defs.precision.maximum, format.limits.precision);
  assert.equal(defs.partContent.properties.tokens.maxItems, format.limits.tokens);
  assert.equal(defs.partContent.properties.heads.maximum, format.limits.heads);
  assert.equal(defs.partContent.properties.variants.maxItems, format.limits.variants);
  assert.equal(defs.partContent.properties.steps.maxItems, format.limits.steps);
  assert.equal(defs.firstPosition.maximum, format.limits.first_position);
  // Every key the loader takes, and no other (with one part, and in "parts").
  const [single, several] = schema.oneOf;
  const named = (props) => Object.keys(props).sort();
  assert.deepEqual(named(single.properties), [...format.lesson_keys].filter((k) => !["parts", "main"].includes(k)).sort());
  assert.deepEqual(named(several.properties.parts.items.properties), [...format.part_keys].sort());
  assert.deepEqual(named(defs.partContent.properties), format.part_keys.filter((k) => !["id", "title"].includes(k)).sort());
  assert.equal(defs.rope.oneOf[1].properties.base.maximum, format.limits.rope_base);
  assert.equal(defs.train.properties.steps.maximum, format.limits.train_steps);
  assert.equal(defs.train.properties.lr.maximum, format.limits.learning_rate);
});

// The inputs in pipeline order (the format's stages' order).
function byStage(format) {
  return (a, b) => format.stages.indexOf(a) - format.stages.indexOf(b);
}
