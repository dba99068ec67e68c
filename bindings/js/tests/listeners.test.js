// Listeners: functions per kind, listener objects, a screen object's own hooks, and what a
// callback throws coming back from the call that ran it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Navigator } from "../navcore.js";
import { lib, record } from "./support.js";

describe("listeners", () => {
  it("hear every event of a push, in SPEC §4's order", () => {
    const nav = new Navigator();
    const lines = record(nav);
    nav.push(nav.createScreen("a"));
    nav.push(nav.createScreen("b"), { animated: false });
    assert.deepEqual(lines.slice(7), [
      "action will_push +b -a instant",
      "action did_push +b -a instant",
      "will_hide a push instant",
      "will_show b push instant",
      "did_hide a push instant",
      "did_show b push instant",
      "action push_completed +b -a instant",
      "done push completed",
      "action idle",
    ]);
    nav.close();
  });

  it("off() and removeListener() stop them, and the unused C callbacks are unregistered", () => {
    const nav = new Navigator();
    const heard = [];
    const listener = nav.on("done", (event) => heard.push(event.outcome));
    const object = { onAction: () => heard.push("action"), onDidShow: () => heard.push("did_show") };
    nav.addListener(object);
    const registered = lib.callbacks.size;
    nav.push(nav.createScreen("a"));
    assert.deepEqual(heard.filter((h) => h === "completed"), ["completed"]);
    assert.ok(heard.includes("did_show") && heard.includes("action"));
    nav.off("done", listener);
    nav.removeListener(object);
    assert.ok(lib.callbacks.size < registered, "the done, action and did_show registrations are gone");
    heard.length = 0;
    nav.pop();
    nav.push(nav.createScreen("b"));
    assert.deepEqual(heard, []);
    nav.close();
  });

  it("a screen object's hooks hear its own events before the listeners", () => {
    const nav = new Navigator();
    const heard = [];
    nav.on("did_show", (event) => heard.push(`listener ${event.screen.route}`));
    class Page {
      /** @param {string} name */
      constructor(name) { this.name = name; }
      /** @param {{ reason: string }} event */
      didShow(event) { heard.push(`${this.name} did_show ${event.reason}`); }
      /** @param {string} payload */
      receivePayload(payload) { heard.push(`${this.name} payload ${payload}`); }
    }
    nav.registerRoute("page", (request) => new Page(`page ${request.payload}`));
    nav.push(new Page("home"), { route: "home" });
    nav.show("page", { payload: "1", removeCurrent: false });
    nav.pop();
    assert.deepEqual(heard, [
      "home did_show push",
      "listener home",
      "page 1 payload 1",
      "page 1 did_show push",
      "listener page",
      "home did_show pop",
      "listener home",
    ]);
    nav.close();
  });

  it("release hands the object back once, and the Screen lets go of it", () => {
    const nav = new Navigator();
    /** @type {unknown[]} */
    const released = [];
    nav.on("release", (event) => released.push(event.object));
    const object = { big: "thing" };
    const screen = nav.createScreen("a", object);
    nav.discard(screen);
    assert.deepEqual(released, [object]);
    assert.equal(screen.released, true);
    assert.equal(screen.object, null);
    nav.close();
  });

  it("what a listener throws comes back from the call, after the op went on and the other listeners ran", () => {
    const nav = new Navigator();
    const heard = [];
    nav.on("action", (event) => {
      if (event.state === "will_push") throw new Error("listener failed");
    });
    nav.on("action", (event) => heard.push(event.state));
    assert.throws(() => nav.push(nav.createScreen("a")), /listener failed/);
    assert.deepEqual(heard, ["will_push", "did_push", "push_completed", "idle"]);
    assert.deepEqual(nav.stack.map((s) => s.route), ["a"]);
    nav.close();
  });

  it("several errors come back as one AggregateError", () => {
    const nav = new Navigator();
    nav.on("done", () => { throw new Error("one"); });
    nav.on("done", () => { throw new Error("two"); });
    assert.throws(() => nav.push(nav.createScreen("a")), (error) => {
      assert.ok(error instanceof AggregateError);
      assert.deepEqual(error.errors.map((/** @type {Error} */ e) => e.message), ["one", "two"]);
      return true;
    });
    nav.close();
  });

  it("an animator that throws has its transition finished at once", () => {
    const nav = new Navigator();
    nav.animator = () => { throw new Error("no animation today"); };
    nav.push(nav.createScreen("a"));
    assert.throws(() => nav.push(nav.createScreen("b")), /no animation today/);
    assert.equal(nav.busy, false);
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "b"]);
    nav.close();
  });

  it("a factory that throws fails its show; FactoryFailed fails it quietly", async () => {
    const nav = new Navigator();
    const { FactoryFailed } = await import("../navcore.js");
    nav.registerRoute("broken", () => { throw new Error("cannot make it"); });
    nav.registerRoute("refused", () => { throw new FactoryFailed(); });
    assert.throws(() => nav.show("broken"), /cannot make it/);
    assert.equal(await nav.show("refused"), "factory_failed");
    assert.deepEqual(nav.stack, []);
    nav.close();
  });
});
