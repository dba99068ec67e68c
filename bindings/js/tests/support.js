// What the binding's tests share: the loaded library, and a recorder of a navigator's events as
// SPEC §11's trace lines (the scenario runner's TraceFormat).

import { load } from "../navcore.js";
import { TraceFormat } from "../scenario.js";

export const lib = await load();

/**
 * Records every event of `nav` (and its animator's transitions) as trace lines in `lines`,
 * screens named by route.
 * @param {import("../navcore.js").Navigator} nav
 */
export function record(nav) {
  /** @type {string[]} */
  const lines = [];
  const format = new TraceFormat((screen) => screen.route || `#${screen.id}`);
  for (const kind of ["action", "appearance", "progress", "bar", "payload", "release", "done", "wakeup"]) {
    nav.on(kind, (event) => lines.push(format.line(event)[1]));
  }
  return lines;
}
