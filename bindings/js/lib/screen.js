// What navcore hands to JavaScript besides events: screens, transitions for the animator,
// decisions of the deferred veto, and a route factory's request.

/**
 * A screen (SPEC §1): its id, route and the host's object. A navigator hands out one Screen
 * per id, so `nav.top === home` works. Once navcore has released it, `released` is true and
 * `object` null: the object was handed back in the release event.
 * @template [T=unknown]
 */
export class Screen {
  /**
   * @param {number} id
   * @param {string} route
   * @param {T | null} object
   */
  constructor(id, route, object) {
    /** @readonly */
    this.id = id;
    /** @readonly */
    this.route = route;
    /** @type {T | null} */
    this.object = object;
    this.released = false;
  }
}

/**
 * A transition the animator plays (SPEC §4): end it with finish(), or cancel() an interactive
 * one (the back gesture); progress() reports the gesture's progress.
 */
export class Transition {
  #navigator;

  /**
   * @param {{ finishTransition(id: number): void, cancelTransition(id: number): void,
   *   updateTransition(progress: number, id: number): void }} navigator
   * @param {number} id
   * @param {import("../navcore.js").Style} style "push" or "pop"
   * @param {Screen} fromScreen the old top
   * @param {Screen} toScreen the new top
   * @param {boolean} interactive whether it is the back gesture's (which may be cancelled)
   */
  constructor(navigator, id, style, fromScreen, toScreen, interactive) {
    this.#navigator = navigator;
    this.id = id;
    this.style = style;
    this.fromScreen = fromScreen;
    this.toScreen = toScreen;
    this.interactive = interactive;
  }

  /** The transition ended: its op completes. */
  finish() { this.#navigator.finishTransition(this.id); }

  /** The interactive transition was given up: the pop is undone. */
  cancel() { this.#navigator.cancelTransition(this.id); }

  /** @param {number} progress from 0 to 1 */
  progress(progress) { this.#navigator.updateTransition(progress, this.id); }
}

/**
 * A question the deferred veto answered `"later"` (SPEC §13): answer it once, with allow() or
 * refuse() (or `navigator.decide(decision, allow)`).
 */
export class Decision {
  #navigator;

  /**
   * @param {{ decide(decision: number, allow: boolean): void }} navigator
   * @param {number} id
   * @param {Screen} screen the top the back would pop
   * @param {boolean} byGesture
   */
  constructor(navigator, id, screen, byGesture) {
    this.#navigator = navigator;
    this.id = id;
    this.screen = screen;
    this.byGesture = byGesture;
  }

  /** The pop goes on. */
  allow() { this.#navigator.decide(this.id, true); }

  /** The back ends `vetoed`. */
  refuse() { this.#navigator.decide(this.id, false); }
}
