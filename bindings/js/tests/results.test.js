// Results (SPEC §12): push for a result, pop with one, result listeners and the screen's result.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Navigator, ScreenResult, StateError } from "../navcore.js";
import "./support.js"; // loads navcore.wasm

describe("results", () => {
  it("pushForResult gives the popped screen's result, decoded", async () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("compose"));
    const picked = nav.pushForResult({ kind: "picker" }, { route: "picker" });
    assert.ok(picked instanceof ScreenResult);
    assert.equal(picked.operation?.outcome, "completed");
    assert.equal(picked.done, false);
    nav.pop({ result: { name: "teal" } });
    assert.deepEqual(await picked, { name: "teal" });
    assert.equal(picked.text, '{"name":"teal"}');
    nav.close();
  });

  it("a screen released without a result gives null", async () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("a"));
    const picked = nav.pushForResult(nav.createScreen("b"));
    nav.pop();
    assert.equal(await picked, null);
    assert.equal(picked.text, null);
    nav.close();
  });

  it("a result that is not JSON rejects the await, and only when awaited", async () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("a"));
    const picked = nav.pushForResult(nav.createScreen("b"));
    nav.pop({ resultText: "not json" });
    assert.equal(picked.text, "not json");
    await assert.rejects(async () => picked, SyntaxError);
    assert.throws(() => picked.value(), SyntaxError);
    nav.close();
  });

  it("close() delivers the result of a screen still in the stack", async () => {
    const nav = new Navigator();
    const picked = nav.pushForResult(nav.createScreen("a"));
    nav.setResult(/** @type {import("../navcore.js").Screen} */ (nav.top), [1, 2]);
    nav.close();
    assert.deepEqual(await picked, [1, 2]);
  });

  it("onResult hears the result once, right before the release, with the screen live", () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("a"));
    const b = nav.createScreen("b");
    nav.push(b);
    const heard = [];
    nav.on("release", (event) => heard.push(`release ${event.screen.route}`));
    nav.onResult(b, (event) => heard.push(`result ${event.screen.route} ${event.text} ${nav.resultText(b)}`));
    nav.setResultText(b, "42");
    assert.equal(nav.resultText(b), "42");
    assert.equal(nav.result(b), 42);
    nav.pop();
    assert.deepEqual(heard, ["result b 42 42", "release b"]);
    nav.close();
  });

  it("a listener replaced is never called; onResult during the release is a StateError", () => {
    const nav = new Navigator();
    const screen = nav.createScreen("a");
    const heard = [];
    nav.onResult(screen, () => heard.push("first"));
    nav.onResult(screen, (event) => {
      heard.push("second");
      assert.throws(() => nav.onResult(event.screen, () => {}), StateError);
    });
    nav.discard(screen);
    assert.deepEqual(heard, ["second"]);
    nav.close();
  });
});
