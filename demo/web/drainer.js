// Host dispatch in a page: navcore's wakeup schedules a drain as a task of the event loop (a
// MessageChannel message), so that every callback of an op — factories, the animator, the veto,
// listeners — runs from the event loop and never inside the click handler that asked the op.
// Each drain is bounded to a frame's budget (SPEC §9): when ops are left, navcore raises the
// wakeup again and the next task drains on, so a flood of ops never freezes the page.

/** The time one drain may take, in seconds: about half a frame at 60 Hz. */
const BUDGET_SECONDS = 0.008;

export class Drainer {
  /**
   * @param {import("navcore").Navigator} nav
   * @param {() => void} after called after each drain (the page refreshes)
   * @param {(error: unknown) => void} failed called with what a callback threw during a drain
   */
  constructor(nav, after, failed) {
    this.nav = nav;
    this.after = after;
    this.failed = failed;
    /** A drain is scheduled and has not run yet. */
    this.scheduled = false;
    this.channel = new MessageChannel();
    this.channel.port1.onmessage = () => this.#run();
    nav.on("wakeup", () => this.#wake());
  }

  #wake() {
    if (this.scheduled) return;
    this.scheduled = true;
    this.channel.port2.postMessage(null);
  }

  #run() {
    this.scheduled = false;
    try {
      this.nav.drain({ maxSeconds: BUDGET_SECONDS });
    } catch (error) { // a callback threw: navcore carried on (docs/js.md); the page says so
      this.failed(error);
    }
    this.after();
  }
}
