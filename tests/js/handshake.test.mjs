// The window.bgt handshake (assets/handshake.js): one list of fields, and the object boot.js
// makes has exactly those. That game/ui uses no other field: tests/test_js_units.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

import { FIELDS, HANDSHAKE, bridge } from "../../assets/handshake.js";

const BOOT = HANDSHAKE.filter((f) => f.by === "boot").map((f) => f.name);
const values = () => Object.fromEntries(BOOT.map((name) => [name, `value of ${name}`]));

test("every field once, with who sets it and what it means; the list cannot be changed", () => {
  assert.equal(new Set(FIELDS).size, FIELDS.length);
  for (const field of HANDSHAKE) {
    assert.ok(["boot", "python", "interpreter"].includes(field.by), field.name);
    assert.ok(field.about.length > 10 && !/\s\s/.test(field.about), field.name);
    assert.ok(Object.isFrozen(field));
  }
  assert.ok(Object.isFrozen(HANDSHAKE) && Object.isFrozen(FIELDS));
  assert.throws(() => { FIELDS.push("extra"); }, TypeError);
});

test("bridge() holds boot.js's values and starts the fields Python sets as null", () => {
  const made = bridge(values());
  assert.deepEqual(Object.keys(made).sort(), FIELDS.filter((name) => name !== "snapshotProblem").sort());
  for (const { name, by } of HANDSHAKE) {
    if (by === "boot") assert.equal(made[name], `value of ${name}`);
    if (by === "python") assert.equal(made[name], null);
  }
});

test("bridge() refuses a field that is not in the list, and a missing one", () => {
  assert.throws(() => bridge({ ...values(), rules: true }), /no field rules/);
  const missing = values();
  delete missing.howto;
  assert.throws(() => bridge(missing), /needs its field howto/);
});

test("boot.js makes window.bgt with bridge()", () => {
  const boot = readFileSync(new URL("../../assets/boot.js", import.meta.url), "utf-8");
  assert.match(boot, /\nwindow\.bgt = bridge\(\{\n/);
  assert.doesNotMatch(boot, /window\.bgt = \{/);
});
