// Ops as promises: an Operation's status at the call, its outcome when it ends, and await.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Navigator, Operation } from "../navcore.js";
import { record } from "./support.js";

describe("operations", () => {
  it("an instant op has ended when the call returns, and awaits to its outcome", async () => {
    const nav = new Navigator();
    const home = nav.createScreen("home", { title: "Home" });
    const op = nav.push(home);
    assert.ok(op instanceof Operation);
    assert.equal(op.status, "ok");
    assert.equal(op.op, "push");
    assert.equal(op.outcome, "completed");
    assert.equal(await op, "completed");
    assert.deepEqual(nav.stack, [home]);
    assert.equal(nav.top, home);
    assert.equal(nav.top?.object?.title, "Home");
    nav.close();
  });

  it("an op asked during a transition is queued and ends when the host finishes", async () => {
    const nav = new Navigator();
    /** @type {import("../navcore.js").Transition[]} */
    const transitions = [];
    nav.animator = (transition) => transitions.push(transition);
    nav.push(nav.createScreen("a"));
    const first = nav.push(nav.createScreen("b"));
    const second = nav.push({ kind: "detail" }, { route: "c" });
    assert.equal(first.status, "ok");
    assert.equal(second.status, "queued");
    assert.equal(first.outcome, null);
    assert.equal(nav.pending, 1);
    assert.equal(transitions.length, 1);
    assert.equal(transitions[0].fromScreen.route, "a");
    assert.equal(transitions[0].toScreen.route, "b");
    transitions[0].finish();
    assert.equal(await first, "completed");
    assert.equal(second.outcome, null, "the second push now waits for its own transition");
    transitions[1].finish();
    assert.equal(await second, "completed");
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "b", "c"]);
    nav.close();
  });

  it("every op kind ends with its outcome", async () => {
    const nav = new Navigator();
    const [a, b, c] = ["a", "b", "c"].map((route) => nav.createScreen(route));
    assert.equal(await nav.setStack([a, b, c]), "completed");
    assert.equal(await nav.popTo(a), "completed");
    assert.equal(await nav.popTo(nav.createScreen("detached")), "not_in_stack");
    assert.equal(await nav.pop(), "noop");
    assert.equal(await nav.popToRoot(), "noop");
    assert.equal(await nav.setVisible(false), "completed");
    assert.equal(nav.visible, false);
    nav.visible = true;
    assert.equal(nav.visible, true);
    assert.equal(await nav.push(a), "duplicate");
    assert.equal(await nav.show("nowhere"), "unknown_route");
    nav.close();
  });

  it("run calls its block in queue order, and idle() ends after the ops before it", async () => {
    const nav = new Navigator();
    const lines = record(nav);
    /** @type {import("../navcore.js").Transition | null} */
    let transition = null;
    nav.animator = (t) => { transition = t; };
    nav.push(nav.createScreen("a"));
    nav.push(nav.createScreen("b"));
    const ran = [];
    const run = nav.run(() => ran.push("block"));
    const idle = nav.idle();
    assert.equal(run.status, "queued");
    assert.deepEqual(ran, []);
    /** @type {import("../navcore.js").Transition} */ (/** @type {unknown} */ (transition)).finish();
    assert.deepEqual(ran, ["block"]);
    assert.equal(await run, "completed");
    assert.equal(await idle, "completed");
    assert.ok(lines.includes("done run completed"));
    nav.close();
  });

  it("close() aborts the op waiting for its transition and every queued op", async () => {
    const nav = new Navigator();
    nav.animator = () => {};
    nav.push(nav.createScreen("a"));
    const waiting = nav.push(nav.createScreen("b"));
    const queued = nav.pop();
    nav.close();
    assert.equal(await waiting, "aborted");
    assert.equal(await queued, "aborted");
    assert.equal(nav.closed, true);
    nav.close(); // again: nothing
  });

  it("the interactive gesture reports progress and is cancelled", async () => {
    const nav = new Navigator();
    const lines = record(nav);
    /** @type {import("../navcore.js").Transition[]} */
    const transitions = [];
    nav.animator = (t) => transitions.push(t);
    nav.push(nav.createScreen("a"));
    nav.push(nav.createScreen("b"), { animated: false });
    lines.length = 0;
    const gesture = nav.gesture();
    const transition = transitions[0];
    assert.equal(transition.interactive, true);
    assert.equal(nav.currentTransition, transition.id);
    transition.progress(0.125);
    transition.cancel();
    assert.equal(await gesture, "cancelled");
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "b"]);
    assert.ok(lines.includes("progress 0.13"), lines.join("\n"));
    nav.close();
  });

  it("show makes screens with the route's factory and recycles them", async () => {
    const nav = new Navigator();
    /** @type {Array<{ route: string, id: number, payload: string | null }>} */
    const requests = [];
    nav.registerRoute("detail", (request) => {
      requests.push(request);
      return { made: requests.length };
    });
    nav.push(nav.createScreen("home"));
    assert.equal(await nav.show("detail", { payload: { id: 7 }, removeCurrent: false }), "completed");
    assert.equal(requests.length, 1);
    assert.equal(requests[0].payload, '{"id":7}');
    assert.equal(nav.top?.route, "detail");
    assert.deepEqual(nav.top?.object, { made: 1 });
    /** @type {string[]} */
    const payloads = [];
    nav.on("payload", (event) => payloads.push(event.payload));
    assert.equal(await nav.post("detail", { payload: "again", recycle: "top" }), "noop");
    assert.deepEqual(payloads, ["again"], "a recycled top changes nothing but hears the payload");
    assert.equal(requests.length, 1, "the top was recycled");
    nav.close();
  });
});
