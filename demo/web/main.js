// The page's entry: loads navcore.wasm, makes the app, wires the buttons, saves the stack when
// the page goes away, and exposes window.navdemo, the hook through which a test (or a curious
// reader in the console) reads navcore's own view of the stack beside the DOM's.
//
// ?fresh in the URL starts with the home screen only (the saved stack is left as it is until the
// page saves its own); it is dropped from the URL, so that a reload restores.

import { load } from "navcore";

import { DemoApp } from "./app.js";
import { drawPanels } from "./panels.js";

/**
 * The element of `id` (an error naming it when the page lacks it).
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

await load(); // navcore.wasm beside navcore.js
const dialog = /** @type {HTMLDialogElement} */ (byId("discard"));
const app = new DemoApp({ screens: byId("screens"), cards: byId("cards"), dialog });
const panels = {
  bar: byId("bar"), barTitle: byId("bar-title"), message: byId("message"), stackLine: byId("stack-line"),
  stateLine: byId("state-line"), historyLine: byId("history-line"), ops: byId("ops"), log: byId("log"),
};
app.watchers.add(() => drawPanels(app, panels));

for (const button of document.querySelectorAll("#commands [data-command], #bar [data-command]")) {
  const command = /** @type {HTMLElement} */ (button).dataset.command ?? "";
  button.addEventListener("click", () => app.command(command));
}
addEventListener("pagehide", () => app.save());

const url = new URL(location.href);
const fresh = url.searchParams.has("fresh");
if (fresh) {
  url.searchParams.delete("fresh");
  history.replaceState(history.state, "", url);
}
await app.start(fresh);

/** The test's hook: navcore's state and the DOM's stack, read in one call. */
const navdemo = {
  app,
  snapshot() {
    const { nav } = app;
    return {
      stack: nav.stack.map((screen) => app.log.name(screen)),
      dom: app.view.shown(),
      pending: nav.pending,
      busy: nav.busy,
      actionState: nav.actionState,
      barShown: nav.barShown,
      decisionPending: nav.pendingDecision !== null,
      dialogOpen: app.dialog.open,
      held: app.view.held,
      historyDepth: history.state?.depth ?? null,
      hash: decodeURIComponent(location.hash),
      settled: app.settled,
      message: app.message,
      ops: app.ops.map((tracked) => tracked.label),
      log: [...app.log.lines],
    };
  },
};
Object.assign(window, { navdemo });
document.body.dataset.ready = "true";
