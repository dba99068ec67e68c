// Nothing leaks across the boundary: navigators made and destroyed, with everything the binding
// registers, leave the module's memory, the allocator's live bytes and the binding's table of
// callbacks as they found them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { LATER, Navigator } from "../navcore.js";
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

  it("navigators that used every registration leave it flat too", async () => {
    for (let i = 0; i < 200; i++) await busyNavigator();
    const before = sample();
    for (let i = 0; i < 2000; i++) await busyNavigator();
    assert.deepEqual(sample(), before);
  });
});
