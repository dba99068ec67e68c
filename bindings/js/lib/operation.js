// What the op methods return: an Operation, a promise of the op's outcome, and ScreenResult,
// the promise of a pushed screen's result (pushForResult).

/** @typedef {import("../navcore.js").Op} Op */
/** @typedef {import("../navcore.js").Outcome} Outcome */

/**
 * An op navcore accepted (SPEC §2). `status` says how it was taken ("ok": it started,
 * "queued": it waits); it ends exactly once, and `outcome` is then set. It is a thenable:
 * `await nav.push(screen)` gives the outcome ("completed", "noop", "vetoed", "aborted", …).
 * Every outcome is a value, never a rejection: an op always ends, and its outcome says how.
 */
export class Operation {
  /** @param {Op} op the op's kind ("push", "pop", "show", …) */
  constructor(op) {
    /** @readonly */
    this.op = op;
    /** @type {"ok" | "queued"} */
    this.status = "ok";
    /** @type {Outcome | null} the outcome, once it has ended */
    this.outcome = null;
    /** @type {(outcome: Outcome) => void} */
    this.resolve = () => {};
    /** @type {Promise<Outcome>} */
    this.ended = new Promise((resolve) => { this.resolve = resolve; });
  }

  /** @returns {boolean} whether it has ended */
  get done() { return this.outcome !== null; }

  /**
   * @template [T=Outcome], [U=never]
   * @param {((outcome: Outcome) => T | PromiseLike<T>) | null} [onEnded]
   * @param {((reason: unknown) => U | PromiseLike<U>) | null} [onRejected]
   * @returns {Promise<T | U>}
   */
  then(onEnded, onRejected) { return this.ended.then(onEnded, onRejected); }

  /**
   * @param {Outcome} outcome
   * @internal
   */
  end(outcome) {
    this.outcome = outcome;
    this.resolve(outcome);
  }
}

/**
 * A pushed screen's result (SPEC §12), delivered once, right before the screen's release,
 * whatever releases it. `await` it for the result decoded from JSON (null for none); a result
 * that is not JSON rejects the await with its SyntaxError (read `text` instead). Nothing is
 * decoded until someone awaits, so an unread result that is not JSON rejects nothing.
 * @template [R=unknown] what the result decodes to
 */
export class ScreenResult {
  /** @param {import("./screen.js").Screen} screen */
  constructor(screen) {
    this.screen = screen;
    /** @type {Operation | null} the push */
    this.operation = null;
    /** @type {string | null | undefined} the result as set: undefined until it arrives, null for none */
    this.text = undefined;
    /** @type {(text: string | null) => void} */
    this.resolve = () => {};
    /** @type {Promise<string | null>} */
    this.arrived = new Promise((resolve) => { this.resolve = resolve; });
  }

  /** @returns {boolean} whether the result arrived */
  get done() { return this.text !== undefined; }

  /**
   * The result decoded from JSON (null for none); throws the SyntaxError of a result that is
   * not JSON, and an Error before it arrived.
   * @returns {R | null}
   */
  value() {
    if (this.text === undefined) throw new Error("the result has not arrived");
    return this.text === null ? null : JSON.parse(this.text);
  }

  /**
   * @template [T=R | null], [U=never]
   * @param {((value: R | null) => T | PromiseLike<T>) | null} [onResult]
   * @param {((reason: unknown) => U | PromiseLike<U>) | null} [onRejected]
   * @returns {Promise<T | U>}
   */
  then(onResult, onRejected) { return this.arrived.then(() => this.value()).then(onResult, onRejected); }

  /**
   * @param {string | null} text
   * @internal
   */
  end(text) {
    this.text = text;
    this.resolve(text);
  }
}
