// Errors: a failed call throws the error of its status with the library's message and changes
// nothing; wrong types are TypeErrors; text C cannot carry is an InvalidError (after the
// closed navigator's InvalidHandleError, as a call checks its handle first).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  BusyError, ExistsError, InvalidError, InvalidHandleError, NavcoreError, Navigator, NoSuchScreenError, StateError,
} from "../navcore.js";
import "./support.js"; // loads navcore.wasm

/**
 * Checks that `call` throws `Class` with this status and a message from the library.
 * @param {() => unknown} call
 * @param {Function} Class
 * @param {string} status
 * @param {number} code
 * @param {RegExp} message
 */
function throwsStatus(call, Class, status, code, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof Class, `${error}`);
    assert.ok(error instanceof NavcoreError);
    assert.equal(error.status, status);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

describe("errors", () => {
  it("carry the status and the library's message, and change nothing", () => {
    const nav = new Navigator();
    const a = nav.createScreen("a");
    nav.push(a);
    const gone = nav.createScreen("gone");
    nav.discard(gone);
    throwsStatus(() => nav.push(gone), NoSuchScreenError, "no_such_screen", -3, /screen/);
    throwsStatus(() => nav.finishTransition(12345), StateError, "state", -5, /transition/);
    throwsStatus(() => nav.discard(a), StateError, "state", -5, /stack/);
    nav.registerRoute("r", () => null);
    throwsStatus(() => nav.registerRoute("r", () => null), ExistsError, "exists", -6, /already registered/);
    throwsStatus(() => nav.unregisterRoute("nope"), InvalidError, "invalid", -1, /not registered/);
    throwsStatus(() => nav.restore("{}"), InvalidError, "invalid", -1, /saved document/);
    nav.animator = () => {};
    nav.push(nav.createScreen("b"));
    throwsStatus(() => nav.gesture(), BusyError, "busy", -4, /./);
    assert.deepEqual(nav.stack.map((s) => s.route), ["a", "b"]);
    nav.close();
  });

  it("after close(), every call is an InvalidHandleError", () => {
    const nav = new Navigator();
    const screen = nav.createScreen("a");
    nav.close();
    throwsStatus(() => nav.push(screen), InvalidHandleError, "invalid_handle", -2, /./);
    throwsStatus(() => nav.createScreen("b"), InvalidHandleError, "invalid_handle", -2, /./);
    throwsStatus(() => nav.stack, InvalidHandleError, "invalid_handle", -2, /./);
    throwsStatus(() => nav.destroy(), InvalidHandleError, "invalid_handle", -2, /./);
    assert.throws(() => nav.on("done", () => {}), InvalidHandleError);
    assert.throws(() => { nav.veto = () => true; }, InvalidHandleError);
  });

  it("wrong types are TypeErrors, before anything is asked", () => {
    const nav = new Navigator();
    const bad = [
      () => new Navigator(/** @type {any} */ ("sideways")),
      () => new Navigator(/** @type {any} */ (1)),
      () => nav.createScreen(/** @type {any} */ (42)),
      () => nav.push(nav.createScreen("a"), /** @type {any} */ (false)),
      () => nav.push({}, /** @type {any} */ ({ animated: "yes" })),
      () => nav.push({}, /** @type {any} */ ({ speed: 2 })),
      () => nav.push(nav.createScreen("a"), { route: "b" }),
      () => nav.popTo(/** @type {any} */ ({ id: 1 })),
      () => nav.setStack(/** @type {any} */ ("ab")),
      () => nav.show("r", /** @type {any} */ ({ recycle: "sometimes" })),
      () => nav.show("r", /** @type {any} */ ({ payload: 7 })),
      () => nav.open(/** @type {any} */ ([["a"]])),
      () => nav.restore(/** @type {any} */ (null)),
      () => nav.run(/** @type {any} */ ("later")),
      () => nav.on("everything", () => {}),
      () => nav.on("done", /** @type {any} */ ("listener")),
      () => nav.registerRoute("r", /** @type {any} */ (null)),
      () => nav.setVisible(/** @type {any} */ (1)),
      () => nav.decide(/** @type {any} */ ("1"), true),
      () => nav.drain({ maxOps: 1.5 }),
      () => nav.setBarThreshold(/** @type {any} */ ("3")),
      () => { nav.veto = /** @type {any} */ (true); },
      () => { nav.animator = /** @type {any} */ ({}); },
    ];
    bad.forEach((call, index) => assert.throws(call, TypeError, `case ${index}`));
    assert.deepEqual(nav.stack, []);
    nav.close();
  });

  it("text C cannot carry is an InvalidError with status invalid", () => {
    const nav = new Navigator();
    const screen = nav.createScreen("a");
    const texts = ["with\0nul", "lone \ud800 surrogate", "\udc00"];
    for (const text of texts) {
      throwsStatus(() => nav.createScreen(text), InvalidError, "invalid", -1, /route/);
      throwsStatus(() => nav.show(text), InvalidError, "invalid", -1, /route/);
      throwsStatus(() => nav.show("r", { payload: text }), InvalidError, "invalid", -1, /payload/);
      throwsStatus(() => nav.setResultText(screen, text), InvalidError, "invalid", -1, /result/);
      throwsStatus(() => nav.setSavedState(screen, text), InvalidError, "invalid", -1, /saved state/);
      throwsStatus(() => nav.pop({ resultText: text }), InvalidError, "invalid", -1, /result/);
      throwsStatus(() => nav.open([[text, null]]), InvalidError, "invalid", -1, /route/);
      throwsStatus(() => nav.registerRoute(text, () => null), InvalidError, "invalid", -1, /route/);
    }
    assert.equal(nav.resultText(screen), null);
    assert.equal(nav.pending, 0);
    nav.close();
    throwsStatus(() => nav.createScreen("with\0nul"), InvalidHandleError, "invalid_handle", -2, /./);
  });

  it("text round-trips as UTF-8, whatever its characters", () => {
    const nav = new Navigator();
    const route = "écran ✓ 𝄞 \u{1f600}";
    const screen = nav.createScreen(route);
    nav.setResultText(screen, route);
    assert.equal(nav.resultText(screen), route);
    nav.push(screen);
    assert.equal(nav.save().stack[0].route, route);
    nav.close();
  });
});
