// Nothing leaks across the boundary: navigators made and destroyed, with everything the binding
// registers, leave the module's memory, the allocator's live bytes and the binding's table of
// callbacks as they found them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { LATER, Navigator, NoMemoryError } from "../navcore.js";
import { lib } from "./support.js";

/** What must stay flat. */
function sample() {
  return { memory: lib.memoryBytes(), heap: lib.heapBytes(), live: lib.liveBytes(), callbacks: lib.callbacks.size };
}

/** A navigator with every kind of registration, a few ops, results and a pending decision. */
function busyNavigator() {
  const nav = new Navigator(Math.random() < 0.5 ? "host" : "inline");
  nav.addListener({ onAction() {}, onAppearance() {}, onProgress() {}, onBar() {}, onPayload() {}, onRelease() {},
    onDone() {}, onWakeup() {} });
  nav.registerRoute("page", (request) => ({ payload: request.payload }));
  nav.animator = (transition) => transition.finish();
  nav.veto = () => LATER;
  nav.setBarThreshold(2);
  nav.push({ didShow() {}, receivePayload() {} }, { route: "home" });
  nav.show("page", { payload: "p", removeCurrent: false });
  const result = nav.pushForResult({}, { route: "picker" });
  nav.pop({ result: { ok: true } });
  nav.open([["page", "a"], ["page", "b"]]);
  nav.back();
  nav.drain();
  nav.onResult(/** @type {import("../navcore.js").Screen} */ (nav.top), () => {});
  nav.createScreen("detached", {});
  nav.close();
  return result;
}

describe("memory", () => {
  it("100,000 navigators made and destroyed leave the memory flat", () => {
    for (let i = 0; i < 1000; i++) new Navigator().close(); // warm-up: the module's one-time allocations
    const before = sample();
    for (let i = 0; i < 100_000; i++) {
      const nav = new Navigator(i % 2 === 0 ? "inline" : "host");
      nav.close();
    }
    assert.deepEqual(sample(), before);
  });

  it("2,048 navigators live at once; one more is a NoMemoryError, and closing them frees their slots", () => {
    /** @type {ReturnType<typeof sample>[]} */
    const after = [];
    for (let round = 0; round < 2; round++) { // the first round grows the handle table for good
      const navigators = Array.from({ length: 2048 }, () => new Navigator());
      assert.throws(() => new Navigator(), (error) => error instanceof NoMemoryError && error.status === "no_memory");
      for (const nav of navigators) nav.close();
      new Navigator().close();
      after.push(sample());
    }
    assert.deepEqual(after[1], after[0]);
  });

  it("navigators that used every registration leave it flat too", async () => {
    for (let i = 0; i < 200; i++) await busyNavigator();
    const before = sample();
    for (let i = 0; i < 2000; i++) await busyNavigator();
    assert.deepEqual(sample(), before);
  });
});
