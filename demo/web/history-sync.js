// The browser's history kept in step with navcore's stack (the History API).
//
// Each history entry of the page stands for a depth of the stack: its state is { depth } (0 =
// only the root) and its URL's fragment names the stack down to it (#/home/page1/page2). After
// every op, the entries follow the stack: a deeper stack pushes an entry per level
// (pushState), a shallower one goes back (history.go, whose popstate is then expected and only
// read), the same depth rewrites the current entry (a set, a show that replaced the top).
//
// The other way, the browser's Back button (or history.back(), or a driver's back) fires
// popstate to a shallower entry: each level is navcore's back, which asks the veto like the
// in-page back button. A vetoed back — the veto said no, or the "Discard changes?" dialog was
// answered no — leaves the stack as it was, so the entry is pushed again: the page and its
// history entry stay. Forward has no navcore op: a popstate to a deeper entry goes back again.

/** @typedef {{ depth: number }} EntryState */

export class HistorySync {
  /**
   * @param {import("navcore").Navigator} nav
   * @param {(screen: import("navcore").Screen) => string} name a screen's card name
   * @param {(label: string, ask: () => import("navcore").Operation) => import("navcore").Operation} ask
   *   asks an op as the app does (tracked in the ops panel, noted in the log)
   * @param {(text: string) => void} note
   */
  constructor(nav, name, ask, note) {
    this.nav = nav;
    this.name = name;
    this.ask = ask;
    this.note = note;
    /** The depth of the current history entry (null until start()). @type {number | null} */
    this.depth = null;
    /** popstate events that our own history.go() will cause. */
    this.expected = 0;
    /** navcore backs asked for the browser's Back and not ended yet. */
    this.backs = 0;
    addEventListener("popstate", (event) => this.#popped(/** @type {EntryState | null} */ (event.state)));
  }

  /**
   * Starts following the stack: the current entry becomes the stack's depth (a reload keeps the
   * page's entries and their states, so a restored stack finds its entries where it left them).
   */
  start() {
    const state = /** @type {EntryState | null} */ (history.state);
    if (typeof state?.depth === "number") {
      this.depth = state.depth;
    } else {
      this.depth = this.#stackDepth();
      history.replaceState({ depth: this.depth }, "", this.#url(this.depth));
    }
    this.follow();
  }

  /** Whether the history is in step: no history.go under way, no browser back waiting. */
  get settled() {
    return this.expected === 0 && this.backs === 0 && this.depth === this.#stackDepth();
  }

  /**
   * Brings the entries in step with the stack. It waits while a browser back is being answered
   * (the entry already left stays left until navcore says how the back ended) and while our own
   * history.go has not arrived.
   */
  follow() {
    if (this.depth === null || this.expected > 0 || this.backs > 0) return;
    const target = this.#stackDepth();
    if (target > this.depth) {
      while (this.depth < target) {
        this.depth += 1;
        history.pushState({ depth: this.depth }, "", this.#url(this.depth));
      }
    } else if (target < this.depth) {
      this.expected += 1;
      history.go(target - this.depth);
    } else if (location.hash !== this.#url(target)) {
      history.replaceState({ depth: target }, "", this.#url(target));
    }
  }

  /**
   * The browser moved to another entry of the page.
   * @param {EntryState | null} state
   */
  #popped(state) {
    if (this.depth === null) return; // before start(): start() reads the entry it lands on
    if (typeof state?.depth !== "number") { // an entry not of ours (a fragment typed by hand): it stays
      this.depth = this.#stackDepth();
      history.replaceState({ depth: this.depth }, "", this.#url(this.depth));
      return;
    }
    const depth = state.depth;
    this.depth = depth;
    if (this.expected > 0) { // our own history.go arrived
      this.expected -= 1;
      this.follow();
      return;
    }
    const asked = this.#stackDepth() - this.backs; // the depth once the backs asked have popped
    if (depth >= asked) {
      if (depth > asked) this.note("> browser forward: navcore has no forward; back to the stack's entry");
      this.follow();
      return;
    }
    for (let level = asked; level > depth; level -= 1) {
      this.backs += 1;
      const op = this.ask("back (browser)", () => this.nav.back());
      op.then((outcome) => {
        this.backs -= 1;
        if (outcome !== "completed") this.note(`> browser back ${outcome}: its history entry is restored`);
        this.follow();
      });
    }
  }

  /** The stack's depth: 0 for the root alone. */
  #stackDepth() {
    return Math.max(0, this.nav.stack.length - 1);
  }

  /**
   * The URL of the entry at `depth`: the fragment names the stack down to it.
   * @param {number} depth
   */
  #url(depth) {
    return "#/" + this.nav.stack.slice(0, depth + 1).map(this.name).join("/");
  }
}
