// The event log: navcore's events as SPEC §11 trace lines, with screens named by their card
// ("home", "page2"), and the page's own notes after ">". A navcore listener object
// (nav.addListener(log)); the web twin of demo/navdemo/trace.py.

/** How many lines the log keeps. */
const KEEP = 200;

/** @param {boolean} animated */
const flag = (animated) => (animated ? "animated" : "instant");

export class EventLog {
  constructor() {
    /** @type {string[]} */
    this.lines = [];
    /** @type {Map<number, string>} card names by screen id, kept after a screen's release */
    this.names = new Map();
  }

  /**
   * A line of the page's own.
   * @param {string} text
   */
  note(text) {
    this.lines.push(text);
    if (this.lines.length > KEEP) this.lines.splice(0, this.lines.length - KEEP);
  }

  /**
   * The card name of a screen (remembered, so that a released screen keeps its name).
   * @param {import("navcore").Screen} screen
   */
  name(screen) {
    const card = /** @type {{ name?: string } | null} */ (screen.object);
    if (card?.name) this.names.set(screen.id, card.name);
    return this.names.get(screen.id) ?? `#${screen.id}`;
  }

  // -- navcore listener methods ------------------------------------------------------------------

  /** @param {import("navcore").ActionEvent} event */
  onAction(event) {
    if (event.state === "idle") {
      this.note("action idle");
      return;
    }
    const words = ["action", event.state];
    if (event.appearing) words.push("+" + this.name(event.appearing));
    words.push(...event.disappearing.map((screen) => "-" + this.name(screen)));
    words.push(flag(event.animated));
    this.note(words.join(" "));
  }

  /** @param {import("navcore").AppearanceEvent} event */
  onAppearance(event) {
    this.note(`${event.phase} ${this.name(event.screen)} ${event.reason} ${flag(event.animated)}`);
  }

  /**
   * "progress 0.35"; a run of reports shares one line: "progress 0.05..0.35 (7 reports)".
   * @param {import("navcore").ProgressEvent} event
   */
  onProgress(event) {
    const value = event.progress.toFixed(2);
    const last = this.lines.at(-1) ?? "";
    const run = /^progress ([0-9.]+)(?:\.\.[0-9.]+ \(([0-9]+) reports\))?$/.exec(last);
    if (run) {
      this.lines[this.lines.length - 1] = `progress ${run[1]}..${value} (${Number(run[2] ?? 1) + 1} reports)`;
      return;
    }
    this.note(`progress ${value}`);
  }

  /** @param {import("navcore").BarEvent} event */
  onBar(event) {
    this.note(`bar ${event.shown ? "shown" : "hidden"} ${flag(event.animated)}`);
  }

  /** @param {import("navcore").PayloadEvent} event */
  onPayload(event) {
    this.note(`payload ${this.name(event.screen)} ${event.payload}`);
  }

  /** @param {import("navcore").ReleaseEvent} event */
  onRelease(event) {
    const card = /** @type {{ name?: string } | null} */ (event.object);
    if (card?.name) this.names.set(event.screen.id, card.name);
    this.note(`release ${this.name(event.screen)}`);
  }

  /** @param {import("navcore").DoneEvent} event */
  onDone(event) {
    this.note(`done ${event.op} ${event.outcome}`);
  }

  /**
   * "transition <style> X>Y [interactive]", from the app's animator.
   * @param {import("navcore").Transition} transition
   */
  transition(transition) {
    const interactive = transition.interactive ? " interactive" : "";
    this.note(`transition ${transition.style} ${this.name(transition.fromScreen)}>` +
      `${this.name(transition.toScreen)}${interactive}`);
  }
}
