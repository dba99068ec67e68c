// What the page shows beside the stack: the navigation bar (while navcore says it is shown), the
// message line, the stack and navcore's state, the history entry, the ops asked and not ended
// (">" runs, "." waits), and the event log's latest lines.

/** How many log lines the page shows. */
const LOG_LINES = 18;

/**
 * The panels' elements, found by id in the page.
 * @typedef {object} PanelElements
 * @property {HTMLElement} bar
 * @property {HTMLElement} barTitle
 * @property {HTMLElement} message
 * @property {HTMLElement} stackLine
 * @property {HTMLElement} stateLine
 * @property {HTMLElement} historyLine
 * @property {HTMLElement} ops
 * @property {HTMLElement} log
 */

/**
 * Draws the panels from the app's state.
 * @param {import("./app.js").DemoApp} app
 * @param {PanelElements} panels
 */
export function drawPanels(app, panels) {
  const { nav } = app;
  const stack = nav.stack;
  const top = /** @type {{ title?: string } | null} */ (stack.at(-1)?.object ?? null);
  panels.bar.classList.toggle("shown", nav.barShown);
  panels.barTitle.textContent = top?.title ?? "";
  panels.message.textContent = app.message;
  panels.stackLine.textContent = `stack: ${stack.map((screen) => app.log.name(screen)).join(" > ")}`;
  const slide = app.view.slide;
  const words = [`state: ${nav.actionState}`, `pending: ${nav.pending}`,
    `bar: ${nav.barShown ? "shown" : "hidden"} (depth ${stack.length}, threshold ${nav.barThreshold})`];
  if (nav.pendingDecision) words.push("decision pending");
  if (slide?.held) words.push(`swipe held at ${Math.round(slide.x * 100)}%`);
  else if (slide) words.push(`slide ${slide.transition.style}`);
  panels.stateLine.textContent = words.join("  ");
  panels.historyLine.textContent = `history: entry ${history.state?.depth ?? "-"} ${decodeURIComponent(location.hash)}`;
  panels.ops.replaceChildren(...app.ops.map((tracked, index) => {
    const item = document.createElement("li");
    const running = index === 0 && nav.busy;
    item.textContent = `${running ? ">" : "."} ${tracked.label}`;
    item.className = running ? "running" : "waiting";
    return item;
  }));
  panels.log.textContent = app.log.lines.slice(-LOG_LINES).join("\n");
}
