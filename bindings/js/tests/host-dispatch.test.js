// Host dispatch (SPEC §9): ops queue and raise the wakeup; drain runs them here; a bounded
// drain stops after its budget and raises the wakeup again.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { InvalidError, InvalidHandleError, Navigator } from "../navcore.js";
import "./support.js"; // loads navcore.wasm

describe("host dispatch", () => {
  it("asks only enqueue and wake the host once; drain runs them", async () => {
    const nav = new Navigator("host");
    assert.equal(nav.dispatch, "host");
    let wakeups = 0;
    nav.on("wakeup", () => wakeups++);
    const first = nav.push(nav.createScreen("a"));
    const second = nav.push(nav.createScreen("b"));
    assert.equal(first.status, "queued");
    assert.equal(wakeups, 1);
    assert.equal(nav.pending, 2);
    assert.equal(nav.drain(), "ok");
    assert.equal(await first, "completed");
    assert.equal(await second, "completed");
    assert.equal(nav.pending, 0);
    nav.close();
  });

  it("a drain scheduled from the wakeup runs on the event loop", async () => {
    const nav = new Navigator("host");
    nav.on("wakeup", () => queueMicrotask(() => nav.drain()));
    const op = nav.push(nav.createScreen("a"));
    assert.equal(op.outcome, null);
    assert.equal(await op, "completed");
    nav.close();
  });

  it("a bounded drain of one op leaves the rest queued and wakes the host again", () => {
    const nav = new Navigator("host");
    let wakeups = 0;
    nav.on("wakeup", () => wakeups++);
    const ops = ["a", "b", "c"].map((route) => nav.push(nav.createScreen(route)));
    assert.equal(nav.drain({ maxOps: 1 }), "queued");
    assert.deepEqual(ops.map((op) => op.outcome), ["completed", null, null]);
    assert.equal(wakeups, 2);
    assert.equal(nav.drain({ maxSeconds: 0 }), "queued");
    assert.deepEqual(ops.map((op) => op.outcome), ["completed", "completed", null]);
    assert.equal(nav.drain({ maxOps: 5, maxSeconds: Infinity }), "ok");
    assert.deepEqual(ops.map((op) => op.outcome), ["completed", "completed", "completed"]);
    nav.close();
  });

  it("a count of 0 or a negative or NaN time is an InvalidError and runs nothing", () => {
    const nav = new Navigator("host");
    const op = nav.push(nav.createScreen("a"));
    assert.throws(() => nav.drain({ maxOps: 0 }), InvalidError);
    assert.throws(() => nav.drain({ maxSeconds: -1 }), InvalidError);
    assert.throws(() => nav.drain({ maxSeconds: NaN }), InvalidError);
    assert.equal(op.outcome, null);
    nav.close();
    assert.throws(() => nav.drain({ maxOps: 0 }), InvalidHandleError, "a closed navigator's status comes first");
  });

  it("inline, a drain is harmless", () => {
    const nav = new Navigator();
    assert.equal(nav.drain(), "ok");
    assert.equal(nav.drain({ maxOps: 1 }), "ok");
    nav.close();
  });
});
