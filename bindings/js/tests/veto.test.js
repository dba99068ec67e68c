// The pop veto (SPEC §6) and its deferred answer (SPEC §13): true, false, LATER and decide.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Decision, LATER, Navigator, StateError } from "../navcore.js";
import { record } from "./support.js";

/** A navigator with screens a and b stacked. */
function twoScreens() {
  const nav = new Navigator();
  nav.push(nav.createScreen("a"));
  nav.push(nav.createScreen("b"));
  return nav;
}

describe("the veto", () => {
  it("is asked for back only, about the top, and refuses with false", async () => {
    const nav = twoScreens();
    /** @type {Array<[string, boolean]>} */
    const asked = [];
    nav.veto = (screen, byGesture) => {
      asked.push([screen.route, byGesture]);
      return false;
    };
    assert.equal(await nav.back(), "vetoed");
    assert.equal(await nav.pop(), "completed", "pop in code is never vetoed");
    assert.deepEqual(asked, [["b", false]]);
    nav.close();
  });

  it("answers later, then allow() pops", async () => {
    const nav = twoScreens();
    const lines = record(nav);
    /** @type {Decision | null} */
    let asked = null;
    nav.veto = (_screen, _byGesture, decision) => {
      asked = decision;
      return LATER;
    };
    const back = nav.back();
    const queued = nav.push(nav.createScreen("c"));
    assert.ok(asked instanceof Decision);
    const decision = /** @type {Decision} */ (/** @type {unknown} */ (asked));
    assert.equal(back.outcome, null);
    assert.equal(queued.status, "queued");
    assert.equal(nav.busy, true);
    assert.equal(nav.actionState, "idle");
    assert.equal(nav.pendingDecision?.id, decision.id);
    decision.allow();
    assert.equal(await back, "completed");
    assert.equal(await queued, "completed");
    assert.equal(nav.pendingDecision, null);
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "c"]);
    assert.ok(lines.includes("done back completed"));
    assert.throws(() => decision.refuse(), StateError, "a decision is answered once");
    nav.close();
  });

  it("answers later, then refuse() ends the back vetoed", async () => {
    const nav = twoScreens();
    nav.veto = () => LATER;
    const back = nav.back();
    const decision = nav.pendingDecision;
    assert.ok(decision);
    nav.decide(decision, false);
    assert.equal(await back, "vetoed");
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "b"]);
    nav.close();
  });

  it("later counts as no for the gesture", async () => {
    const nav = twoScreens();
    nav.animator = (transition) => transition.finish();
    nav.veto = () => LATER;
    assert.equal(await nav.gesture(), "vetoed");
    assert.equal(nav.pendingDecision, null);
    nav.close();
  });

  it("a veto that throws refuses, and the error comes back from the call", () => {
    const nav = twoScreens();
    nav.veto = () => { throw new Error("veto failed"); };
    /** @type {string[]} */
    const outcomes = [];
    nav.on("done", (event) => outcomes.push(event.outcome));
    assert.throws(() => nav.back(), /veto failed/);
    assert.deepEqual(outcomes, ["vetoed"]);
    nav.close();
  });

  it("close() while a decision is pending aborts the back", async () => {
    const nav = twoScreens();
    nav.veto = () => LATER;
    const back = nav.back();
    nav.close();
    assert.equal(await back, "aborted");
  });
});
