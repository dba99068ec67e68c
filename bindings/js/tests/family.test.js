// Families (SPEC §16): attach, activate, present, dismiss, leave, the family queries, and the
// binding objects of §16.12 (queries return the host's objects; a member's close() does nothing,
// its destroy() is a StateError; a torn-down member is closed).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { InvalidHandleError, Navigator, NoSuchScreenError, StateError } from "../navcore.js";
import "./support.js"; // loads navcore.wasm

/** A root showing `home`, with a hidden child showing `a` attached to it. */
function tabs() {
  const root = new Navigator();
  const home = root.createScreen("home");
  root.push(home, { animated: false });
  const child = new Navigator("inline", { visible: false });
  child.push(child.createScreen("a"), { animated: false });
  assert.equal(root.attach(child, home).outcome, "completed");
  return { root, home, child };
}

describe("families", () => {
  it("a navigator made hidden shows nothing", () => {
    const hidden = new Navigator("inline", { visible: false });
    /** @type {string[]} */
    const heard = [];
    hidden.on("appearance", (event) => heard.push(event.screen.route));
    hidden.push(hidden.createScreen("a"), { animated: false });
    assert.equal(hidden.visible, false);
    assert.equal(hidden.onScreen, false);
    assert.deepEqual(heard, []);
    hidden.close();
  });

  it("queries return the objects the host made", () => {
    const { root, home, child } = tabs();
    assert.equal(child.parent, root);
    assert.equal(root.parent, null);
    assert.equal(root.activeChild(home), child);
    assert.deepEqual(root.children(home), [child]);
    assert.equal(child.hostScreen, home);
    assert.equal(child.onScreen, true);
    assert.equal(child.isModal, false);
    root.close();
    assert.throws(() => child.parent, InvalidHandleError);
  });

  it("close() of a member does nothing and destroy() is a StateError", () => {
    const { root, home, child } = tabs();
    child.close();
    assert.equal(child.closed, false);
    assert.throws(() => child.destroy(), StateError);
    assert.equal(child.closed, false);
    assert.equal(root.activeChild(home), child);
    assert.equal(child.push(child.createScreen("b"), { animated: false }).outcome, "completed");
    root.close();
  });

  it("leave tears the member down: it is closed", () => {
    const { root, home, child } = tabs();
    assert.equal(child.leave().outcome, "completed");
    assert.equal(child.closed, true);
    assert.equal(root.activeChild(home), null);
    assert.throws(() => child.push(child.createScreen("b")), InvalidHandleError);
    root.close();
  });

  it("present and dismiss with a result", () => {
    const root = new Navigator();
    root.push(root.createScreen("home"), { animated: false });
    const modal = new Navigator("inline", { visible: false });
    const sheet = modal.createScreen("sheet");
    modal.push(sheet, { animated: false });
    /** @type {Array<string | null>} */
    const results = [];
    modal.onResult(sheet, (event) => results.push(event.text));
    assert.equal(root.present(modal, { animated: false }).outcome, "completed");
    assert.equal(root.modal, modal);
    assert.equal(modal.isModal, true);
    assert.equal(root.onScreen, false);
    assert.equal(root.dismiss({ animated: false, result: "ok" }).outcome, "completed");
    assert.deepEqual(results, ["ok"]);
    assert.equal(root.modal, null);
    assert.equal(modal.closed, true);
    root.close();
  });

  it("a refused attach leaves the child a root", () => {
    const root = new Navigator();
    const gone = root.createScreen("gone");
    root.discard(gone);
    const child = new Navigator("inline", { visible: false });
    assert.throws(() => root.attach(child, gone), NoSuchScreenError);
    assert.equal(child.parent, null);
    child.close();
    assert.equal(child.closed, true);
    root.close();
  });

  it("activate switches tabs, and retap pops the active one to its root", () => {
    const { root, home, child: first } = tabs();
    const second = new Navigator("inline", { visible: false });
    second.push(second.createScreen("c"), { animated: false });
    root.attach(second, home);
    assert.equal(second.activate({ animated: false }).outcome, "completed");
    assert.equal(root.activeChild(home), second);
    assert.equal(first.onScreen, false);
    second.push(second.createScreen("d"), { animated: false });
    assert.equal(second.activate({ retap: "pop_to_root", animated: false }).outcome, "completed");
    assert.deepEqual(second.stack.map((screen) => screen.route), ["c"]);
    assert.throws(() => root.activate(), StateError);
    root.close();
  });
});

describe("families' transitions", () => {
  it("a present's and a dismiss's transitions name the modal's screen", () => {
    const root = new Navigator();
    const home = root.createScreen("home");
    root.push(home, { animated: false });
    const modal = new Navigator("inline", { visible: false });
    const sheet = modal.createScreen("sheet");
    modal.push(sheet, { animated: false });
    /** @type {import("../navcore.js").Transition[]} */
    const seen = [];
    root.animator = (transition) => seen.push(transition);
    root.present(modal);
    assert.deepEqual(seen.map((t) => [t.style, t.fromScreen, t.toScreen]), [["present", home, sheet]]);
    root.finishTransition();
    assert.equal(root.modal, modal);
    root.dismiss();
    assert.deepEqual(seen.slice(1).map((t) => [t.style, t.fromScreen, t.toScreen]), [["dismiss", sheet, home]]);
    root.finishTransition();
    assert.equal(root.modal, null);
    root.close();
  });
});

describe("families restored", () => {
  it("a restored tree has its objects without an onChild handler", () => {
    const { root, home, child } = tabs();
    child.push(child.createScreen("b"), { animated: false });
    for (const route of ["home", "a", "b"]) root.registerRoute(route, () => ({ route }));
    const saved = root.saveTree();
    assert.equal(root.restoreTree(saved).outcome, "completed"); // no onChild handler anywhere
    const host = root.stack[0];
    assert.notEqual(host.id, home.id);
    const made = root.children(host);
    assert.equal(made.length, 1);
    assert.notEqual(made[0], child);
    assert.equal(root.activeChild(host), made[0]);
    assert.deepEqual(made[0].stack.map((screen) => screen.route), ["a", "b"]);
    assert.equal(root.saveTree(), saved);
    root.close();
  });
});

describe("families' routes", () => {
  it("a screen made by an ancestor's route is the child's, with its object", () => {
    const { root, child } = tabs();
    const made = { name: "card" };
    const owners = [];
    root.registerRoute("card", (request) => { owners.push(request.navigator); return made; });
    assert.equal(child.show("card").outcome, "completed");
    const card = child.stack[child.stack.length - 1];
    assert.equal(card.route, "card");
    assert.equal(card.object, made);
    assert.equal(owners.length, 1);
    assert.equal(owners[0], child); // the navigator that owns the screen, not the route's registrar
    root.close();
  });
});
