// Saved states, save, open and restore (SPEC §14).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { InvalidError, Navigator } from "../navcore.js";
import "./support.js"; // loads navcore.wasm

/** A navigator whose routes inbox and message make objects that remember their payload. */
function withRoutes() {
  const nav = new Navigator();
  for (const route of ["inbox", "message"]) {
    nav.registerRoute(route, (request) => ({ route, payload: request.payload }));
  }
  return nav;
}

describe("save and restore", () => {
  it("open builds the stack from routes, each state the new screen's payload and saved state", async () => {
    const nav = withRoutes();
    assert.equal(await nav.open(["inbox", ["message", { id: 42 }]]), "completed");
    assert.deepEqual(nav.stack.map((s) => [s.route, s.object]), [
      ["inbox", { route: "inbox", payload: null }],
      ["message", { route: "message", payload: '{"id":42}' }],
    ]);
    assert.equal(nav.saveText(),
      '{"navcore":1,"stack":[{"route":"inbox","state":null},{"route":"message","state":"{\\"id\\":42}"}]}');
    nav.close();
  });

  it("restore(save()) rebuilds an equal stack of new screens", async () => {
    const nav = withRoutes();
    nav.open([["inbox", "all"], "message"]);
    const top = /** @type {import("../navcore.js").Screen} */ (nav.top);
    nav.setSavedState(top, "draft é ✓");
    assert.equal(nav.savedState(top), "draft é ✓");
    const saved = nav.save();
    const other = withRoutes();
    assert.equal(await other.restore(saved), "completed");
    assert.equal(other.saveText(), nav.saveText());
    assert.notEqual(other.top?.id, top.id);
    const third = withRoutes();
    assert.equal(await third.restore(nav.saveText()), "completed");
    assert.equal(third.saveText(), nav.saveText());
    for (const n of [nav, other, third]) n.close();
  });

  it("an unknown route ends open unknown_route and changes nothing", async () => {
    const nav = withRoutes();
    nav.push(nav.createScreen("home"));
    assert.equal(await nav.open(["inbox", "nowhere"]), "unknown_route");
    assert.deepEqual(nav.stack.map((s) => s.route), ["home"]);
    nav.close();
  });

  it("a document that is not a saved document is an InvalidError at the call", () => {
    const nav = withRoutes();
    const documents = ["", "{}", '{"navcore":2,"stack":[]}', "[1]", '{"navcore":1,"stack":[{"route":1,"state":null}]}'];
    for (const document of documents) {
      assert.throws(() => nav.restore(document), (error) => {
        assert.ok(error instanceof InvalidError);
        assert.equal(error.status, "invalid");
        assert.equal(error.code, -1);
        assert.ok(error.message.length > 0);
        return true;
      }, document);
    }
    assert.throws(() => nav.open([]), InvalidError);
    nav.close();
  });

  it("restoreTree makes new navigators, each announced to onChild before its screens; saveTree writes them", async () => {
    const nav = withRoutes();
    /** @type {Array<[string | null, number]>} */
    const heard = [];
    /** @type {Navigator[]} */
    const children = [];
    nav.onChild((parent, screen, child) => {
      assert.equal(parent, nav);
      heard.push([screen ? screen.route : null, child.stack.length]);
      children.push(child);
    });
    const tree = '{"navcore":2,"stack":[{"route":"inbox","state":null,"active":0,"children":' +
      '[{"stack":[{"route":"message","state":"7"}]}]}],' +
      '"modal":{"stack":[{"route":"message","state":null}],"covers":false,"dismiss_on_back":true}}';
    assert.equal(await nav.restoreTree(tree), "completed");
    assert.deepEqual(heard, [["inbox", 0], [null, 0]]);
    assert.equal(children[0].stack.length, 1);
    assert.equal(nav.saveTree(), tree);
    assert.throws(() => nav.restoreTree('{"navcore":2,"stack":[]}'), InvalidError);
    assert.throws(() => nav.restore(tree), InvalidError);
    assert.equal(await nav.open(["inbox"], { focus: true }), "completed");
    assert.equal(nav.saveTree(), '{"navcore":2,"stack":[{"route":"inbox","state":null}],' +
      '"modal":{"stack":[{"route":"message","state":null}],"covers":false,"dismiss_on_back":true}}');
    nav.close();
  });
});
