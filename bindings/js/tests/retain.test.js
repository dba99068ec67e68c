// Retain (SPEC §17): retain(), isRetained() and the "detach" event.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Navigator, NoSuchScreenError, StateError } from "../navcore.js";
import "./support.js"; // loads navcore.wasm

describe("retain", () => {
  it("a retained screen that leaves the stack is detached, live, and can be pushed again", () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("home"), { animated: false });
    const view = { name: "card" };
    const card = nav.createScreen("card", view);
    nav.push(card, { animated: false });
    assert.equal(nav.isRetained(card), false);
    nav.retain(card);
    assert.equal(nav.isRetained(card), true);
    /** @type {string[]} */
    const heard = [];
    nav.on("detach", (event) => heard.push(`detach ${event.screen.route}`));
    nav.on("release", (event) => heard.push(`release ${event.screen.route}`));
    nav.pop({ animated: false });
    assert.deepEqual(heard, ["detach card"]);
    assert.equal(card.released, false);
    assert.equal(card.object, view);
    nav.push(card, { animated: false });
    nav.retain(card, false);
    nav.pop({ animated: false });
    assert.deepEqual(heard, ["detach card", "release card"]);
    assert.throws(() => nav.retain(card), NoSuchScreenError);
    assert.throws(() => nav.isRetained(card), NoSuchScreenError);
    nav.close();
  });

  it("retain inside the screen's result listener is a StateError", () => {
    const nav = new Navigator();
    nav.push(nav.createScreen("home"), { animated: false });
    const card = nav.createScreen("card");
    nav.push(card, { animated: false });
    /** @type {unknown[]} */
    const errors = [];
    nav.onResult(card, () => {
      try {
        nav.retain(card);
      } catch (error) {
        errors.push(error);
      }
    });
    nav.pop({ animated: false });
    assert.equal(errors.length, 1);
    assert.ok(errors[0] instanceof StateError);
    assert.equal(card.released, true);
    nav.close();
  });
});
