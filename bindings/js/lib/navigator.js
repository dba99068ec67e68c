// Navigator: one navcore navigator in navcore.wasm, with the API shape of the Python binding
// (docs/js.md): ops that return Operations (promises of their outcome), listeners, the veto
// with "later", the animator, routes, results, saved states, save and restore.

import {
  ACTION, DISPATCH, OP, OUTCOME, PHASE, REASON, RECYCLE, RETAP, STATUS, STYLE, VETO, codeOf, describe, nameOf,
} from "./enums.js";
import { FactoryFailed, InvalidError, InvalidHandleError, NavcoreError, NoSuchScreenError } from "./errors.js";
import { library } from "./library.js";
import { readActionEvent, readTransition } from "./memory.js";
import { Operation, ScreenResult } from "./operation.js";
import { Decision, Screen, Transition } from "./screen.js";

/** @typedef {import("../navcore.js").VetoFunction} VetoFunction */
/** @typedef {(transition: import("../navcore.js").Transition) => unknown} Animator */

/** The event kinds a listener may hear, in the order of the C callbacks. */
export const EVENT_KINDS = Object.freeze(["action", "will_show", "did_show", "will_hide", "did_hide", "progress", "bar",
  "payload", "release", "detach", "done", "wakeup"]);
/** "appearance" names the four phases at once. */
const PHASES = Object.freeze(["will_show", "did_show", "will_hide", "did_hide"]);

/** The default of the `route` option: none. */
const NO_ROUTE = /** @type {string | undefined} */ (undefined);

/**
 * The open navigators by handle: a query that returns a navigator (parent, modal, activeChild…)
 * returns the object the host made for it. An entry goes when the navigator is closed, or torn
 * down as a member of a family (SPEC §16.12, "binding objects": until then the module keeps a
 * member's object, with its listeners, whether or not the host still holds it).
 * @type {Map<number, Navigator>}
 */
const OPEN = new Map();

/** The veto's answer that defers the decision (SPEC §13). */
export const LATER = "later";

/**
 * Each C registration the binding makes: its function, the arguments before the callback, and
 * the trampoline's kind.
 * @type {Record<string, [string, number[], string]>}
 */
const REGISTRATIONS = {
  action: ["navcore_on_action", [], "action"],
  will_show: ["navcore_on_appearance", [PHASE.will_show], "appearance"],
  did_show: ["navcore_on_appearance", [PHASE.did_show], "appearance"],
  will_hide: ["navcore_on_appearance", [PHASE.will_hide], "appearance"],
  did_hide: ["navcore_on_appearance", [PHASE.did_hide], "appearance"],
  progress: ["navcore_on_progress", [], "progress"],
  bar: ["navcore_on_bar", [], "bar"],
  payload: ["navcore_on_payload", [], "payload"],
  release: ["navcore_on_release", [], "release"],
  detach: ["navcore_on_detach", [], "release"], // the release callback's type
  done: ["navcore_on_done", [], "done"],
  wakeup: ["navcore_on_wakeup", [], "wakeup"],
  veto: ["navcore_on_pop_veto_deferrable", [], "deferrable_veto"],
  animator: ["navcore_on_transition", [], "transition"],
  child: ["navcore_on_child", [], "child"],
};

/** A screen object's own hooks (SPEC §4's feedback), by the kind whose events they hear. */
const HOOKS = Object.freeze({ will_show: "willShow", did_show: "didShow", will_hide: "willHide", did_hide: "didHide",
  payload: "receivePayload" });

/**
 * `on<Kind>`, the method of a listener object for a kind ("did_show" -> "onDidShow").
 * @param {string} kind
 */
const methodName = (kind) => "on" + kind.split("_").map((word) => word[0].toUpperCase() + word.slice(1)).join("");

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {asserts value is Function | null}
 */
function callableOrNull(value, what) {
  if (value !== null && typeof value !== "function") {
    throw new TypeError(`${what} must be a function or null, not ${describe(value)}`);
  }
}

/**
 * The options object of a call, with defaults; a TypeError for anything but an object or an
 * unknown or mistyped option.
 * @template {Record<string, unknown>} T
 * @param {unknown} given
 * @param {T} defaults
 * @param {string} call
 * @returns {T}
 */
function options(given, defaults, call) {
  if (given === undefined) return defaults;
  if (given === null || typeof given !== "object") {
    throw new TypeError(`${call}'s options must be an object, not ${describe(given)}`);
  }
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (!Object.hasOwn(defaults, key)) throw new TypeError(`${call} has no option ${JSON.stringify(key)}`);
    if (value === undefined) continue;
    const expected = typeof defaults[key];
    if (expected === "boolean" && typeof value !== "boolean") {
      throw new TypeError(`${call}'s ${key} must be a boolean, not ${describe(value)}`);
    }
    /** @type {Record<string, unknown>} */ (merged)[key] = value;
  }
  return merged;
}

/**
 * A number argument; a TypeError for anything else.
 * @param {unknown} value
 * @param {string} what
 * @returns {number}
 */
function number(value, what) {
  if (typeof value !== "number") throw new TypeError(`${what} must be a number, not ${describe(value)}`);
  return value;
}

/**
 * One navigation stack and its queue (SPEC §2–§9) in navcore.wasm.
 *
 * `new Navigator()` runs ops during the call that asks them (inline dispatch);
 * `new Navigator("host")` only queues them, calls the wakeup listeners, and runs them in
 * drain(). close() destroys it: call it when done, the navigator's memory is the module's.
 */
export class Navigator {
  /** @type {import("./library.js").Library} */
  #lib;
  /** @type {number} the C handle */
  #handle;
  #closing = false;
  /** @type {Map<string, Function[]>} the listeners of each kind (replaced whole when changed) */
  #listeners = new Map(EVENT_KINDS.map((kind) => [kind, []]));
  /** @type {Array<[object, Array<[string, Function]>]>} the listener objects and their methods */
  #listenerObjects = [];
  /** @type {Map<string, number>} how many live screens have a hook of each kind */
  #hookCounts = new Map(Object.keys(HOOKS).map((kind) => [kind, 0]));
  /** @type {Set<string>} the kinds whose C callback is registered */
  #registered = new Set();
  /** registrations whose destructor C has not called yet */
  #registrations = 0;
  /** @type {Map<number, Screen>} the live screens */
  #screens = new Map();
  /** @type {Map<number, Record<string, Function>>} the hooks of the live screens that have some */
  #hooks = new Map();
  /** @type {Map<number, Screen>} screens released during the op in flight, for its action events */
  #released = new Map();
  /** @type {VetoFunction | null} */
  #veto = null;
  /** @type {Animator | null} */
  #animator = null;
  #alwaysAppear = false;
  #barThreshold = 0;
  /** @type {((parent: Navigator, screen: Screen | null, child: Navigator) => unknown) | null} */
  #childHandler = null;
  /** @type {Navigator[]} the navigators navcore made under this one, kept by it (SPEC §16.12) */
  #made = [];
  /** The handle of a navigator navcore made, taken by the next constructor call (#wrapMade). */
  static #madeHandle = 0;

  /** whether it joined a family (attach or present): a member hears its teardown (#torn) */
  #member = false;

  /**
   * @param {import("../navcore.js").Dispatch} [dispatch] how it runs its queue (SPEC §9)
   * @param {{ visible?: boolean }} [opts] `visible: false` creates it hidden (SPEC §16.12): a
   *   navigator to attach or present must show no screen
   */
  constructor(dispatch = "inline", opts) {
    const mode = codeOf(DISPATCH, dispatch, "the dispatch mode");
    const { visible } = options(opts, { visible: true }, "Navigator()");
    this.#lib = library();
    const lib = this.#lib;
    const made = Navigator.#madeHandle;
    Navigator.#madeHandle = 0;
    this.#handle = made || lib.call((arena) => {
      if (visible) {
        lib.check(lib.c.navcore_navigator_create(lib.out, mode));
      } else {
        const created = arena.allocate(12); // navcore_create_options 1: version, dispatch, visible
        lib.memory.view.setUint32(created, 1, true);
        lib.memory.view.setInt32(created + 4, mode, true);
        lib.check(lib.c.navcore_navigator_create_with_options(lib.out, created));
      }
      return lib.memory.view.getUint32(lib.out, true);
    });
    OPEN.set(this.#handle, this);
    /** @readonly */
    this.dispatch = dispatch;
    this.#sync();
  }

  // -- lifetime --------------------------------------------------------------------------------

  /**
   * Destroys the navigator (SPEC §9) unless it is already: the op in flight and the queued ops
   * end "aborted", every live screen is released, and the binding lets go of every object,
   * listener and route. Inside a callback it takes effect when the outermost call returns.
   */
  close() {
    if (this.#closing || this.#hasParent()) return; // a member leaves by leave() or dismiss()
    try {
      this.destroy();
    } catch (error) {
      if (!(error instanceof InvalidHandleError)) throw error;
    }
  }

  /**
   * Like close(), but an InvalidHandleError when it is destroyed already, and a StateError for a
   * navigator that has a parent (SPEC §16.7), which changes nothing.
   */
  destroy() {
    this.#closing = true;
    const status = this.#call((lib) => lib.c.navcore_navigator_destroy(this.#handle));
    if (status === STATUS.state) this.#closing = false;
    this.#lib.check(status);
    if (this.#registrations === 0) this.#forget();
  }

  /** @returns {boolean} whether close() or destroy() was called */
  get closed() { return this.#closing; }

  /** C will not call this navigator again: let go of everything. */
  #forget() {
    if (OPEN.get(this.#handle) === this) OPEN.delete(this.#handle);
    for (const screen of [...this.#screens.values()]) this.#forgetScreen(screen);
    this.#released.clear();
    this.#listeners = new Map(EVENT_KINDS.map((kind) => [kind, []]));
    this.#listenerObjects = [];
    this.#veto = null;
    this.#animator = null;
    this.#childHandler = null;
    this.#made = [];
  }

  #registrationEnded() {
    this.#torn();
    this.#registrations--;
    if (this.#closing && this.#registrations === 0) this.#forget();
  }

  // -- calls -----------------------------------------------------------------------------------

  /**
   * A binding call on this navigator (see Library.call).
   * @template T
   * @param {(lib: import("./library.js").Library, arena: import("./memory.js").Arena) => T} body
   * @returns {T}
   */
  #call(body) {
    const lib = this.#lib;
    return lib.call((arena) => body(lib, arena));
  }

  /** Throws InvalidHandleError when the navigator is closed: a call checks its handle first. */
  #requireLive() {
    if (this.#closing) throw new InvalidHandleError("the navigator is closed");
    this.#query("navcore_is_busy", "bool");
  }

  /**
   * A query's value through its out-parameter.
   * @param {string} name the C function
   * @param {"bool" | "int" | "size" | "id"} type
   * @returns {any}
   */
  #query(name, type) {
    return this.#call((lib) => {
      const view = lib.memory.view;
      view.setBigUint64(lib.out, 0n, true);
      lib.check(lib.c[name](lib.out, this.#handle));
      if (type === "bool") return lib.memory.view.getUint8(lib.out) !== 0;
      if (type === "int") return lib.memory.view.getInt32(lib.out, true);
      if (type === "size") return lib.memory.view.getUint32(lib.out, true);
      return lib.memory.id(lib.out);
    });
  }

  /**
   * Asks an op: `ask(done, ctx)` is the C call with the completion trampoline and its ctx.
   * @param {import("../navcore.js").Op} op
   * @param {(lib: import("./library.js").Library, arena: import("./memory.js").Arena, done: number,
   *   ctx: number) => number} ask
   * @param {Function} [block] a `run` op's block
   * @returns {Operation}
   */
  #ask(op, ask, block) {
    const operation = new Operation(op);
    const lib = this.#lib;
    const ctx = lib.register((kind, _screen, _object, _op, outcome) => {
      if (kind === "run") {
        block?.();
      } else if (kind === "done") {
        lib.forget(ctx); // a completion is called once and has no destructor
        operation.end(nameOf(OUTCOME, outcome));
      }
    });
    const status = this.#call((lib, arena) => {
      try {
        return ask(lib, arena, lib.trampoline("done"), ctx);
      } catch (error) {
        lib.forget(ctx);
        throw error;
      }
    });
    if (status < 0) {
      lib.forget(ctx);
      lib.check(status);
    }
    operation.status = status === 1 ? "queued" : "ok";
    return operation;
  }

  // -- C registrations -------------------------------------------------------------------------

  /** Registers the C callbacks some JavaScript listens to, and unregisters the others. */
  #sync() {
    if (this.#closing) return;
    const needed = new Set(EVENT_KINDS.filter((kind) =>
      this.#listeners.get(kind)?.length || this.#hookCounts.get(kind)));
    // A member's release callback is how its teardown is heard (#torn).
    if (this.#screens.size > 0 || this.#registered.has("release") || this.#member) needed.add("release");
    if (this.#veto !== null) needed.add("veto");
    if (this.#animator !== null) needed.add("animator");
    // Always: a restoreTree may make navigators under any navigator, and each needs its object
    // (for children(), backTarget, …) whether a handler is set or not.
    needed.add("child");
    for (const kind of needed) if (!this.#registered.has(kind)) this.#register(kind, true);
    for (const kind of [...this.#registered]) if (!needed.has(kind)) this.#register(kind, false);
  }

  /**
   * Registers (or removes) the C callback of `kind`.
   * @param {string} kind
   * @param {boolean} on
   */
  #register(kind, on) {
    const [name, lead, trampoline] = REGISTRATIONS[kind];
    this.#call((lib) => {
      if (!on) {
        lib.check(lib.c[name](this.#handle, ...lead, 0, 0, 0)); // C runs the old destructor
        this.#registered.delete(kind);
        return;
      }
      const handler = this.#handler(kind);
      const ctx = lib.register((callback, ...args) => {
        if (callback === "destroy") return this.#registrationEnded();
        return handler(...args);
      });
      const status = lib.c[name](this.#handle, ...lead, lib.trampoline(trampoline), ctx, lib.trampoline("destroy"));
      if (status < 0) lib.forget(ctx);
      lib.check(status);
      this.#registered.add(kind);
      this.#registrations++;
    });
  }

  /**
   * Runs `change`, then syncs the C registrations; `undo` reverts the change if that fails.
   * @param {() => void} change
   * @param {() => void} undo
   */
  #changeListening(change, undo) {
    change();
    try {
      this.#sync();
    } catch (error) {
      undo();
      if (error instanceof NavcoreError) this.#sync();
      throw error;
    }
  }

  /**
   * The JavaScript side of the C callback registered for `kind`.
   * @param {string} kind
   * @returns {(screen: number, object: number, a: number, b: number, c: number, wide: bigint,
   *   progress: number) => number | void}
   */
  #handler(kind) {
    const lib = this.#lib;
    switch (kind) {
      case "action":
        return (_screen, _object, event) => {
          const listeners = this.#listeners.get("action") ?? [];
          if (listeners.length === 0) return;
          const read = readActionEvent(lib.memory, event);
          const state = nameOf(ACTION, read.state);
          this.#deliver(listeners, {
            kind: "action",
            state,
            appearing: read.appearing ? this.#knownScreen(read.appearing) : null,
            disappearing: read.disappearing.map((id) => this.#knownScreen(id)),
            animated: read.animated,
          });
          if (state === "idle") this.#released.clear(); // the op's last event
        };
      case "will_show":
      case "did_show":
      case "will_hide":
      case "did_hide":
        return (id, _object, phase, reason, animated) => {
          const screen = this.#knownScreen(id);
          const hook = this.#hooks.get(id)?.[kind];
          const listeners = this.#listeners.get(kind) ?? [];
          if (!hook && listeners.length === 0) return;
          const event = {
            kind, phase: nameOf(PHASE, phase), screen, reason: nameOf(REASON, reason), animated: animated !== 0,
          };
          this.#deliver(hook ? [hook, ...listeners] : listeners, event);
        };
      case "progress":
        return (transition, _object, _a, _b, _c, _wide, progress) =>
          this.#emit("progress", { kind: "progress", transition, progress });
      case "bar":
        return (_screen, _object, shown, animated) =>
          this.#emit("bar", { kind: "bar", shown: shown !== 0, animated: animated !== 0 });
      case "payload":
        return (id, _object, text) => {
          const screen = this.#knownScreen(id);
          const payload = /** @type {string} */ (lib.memory.text(text));
          const hook = this.#hooks.get(id)?.payload;
          if (hook) this.#deliver([hook], payload);
          this.#emit("payload", { kind: "payload", screen, payload });
        };
      case "release":
        return (id, _object, route) => {
          const screen = this.#screens.get(id) ?? new Screen(id, /** @type {string} */ (lib.memory.text(route)), null);
          const held = screen.object;
          this.#forgetScreen(screen);
          // Its op's action events still name it.
          if (this.#listeners.get("action")?.length) this.#released.set(id, screen);
          this.#emit("release", { kind: "release", screen, object: held });
        };
      case "detach":
        return (id) => this.#emit("detach", { kind: "detach", screen: this.#knownScreen(id) });
      case "done":
        return (_screen, _object, op, outcome) =>
          this.#emit("done", { kind: "done", op: nameOf(OP, op), outcome: nameOf(OUTCOME, outcome) });
      case "wakeup":
        return () => this.#emit("wakeup", { kind: "wakeup" });
      case "veto":
        return (id, _object, byGesture, _b, _c, decision) => this.#askVeto(id, byGesture !== 0, Number(decision));
      case "animator":
        return (_screen, _object, pointer) => this.#animate(readTransition(lib.memory, pointer));
      case "child":
        return (screen, handle) => {
          const child = this.#wrapMade(Number(handle));
          const handler = this.#childHandler;
          if (handler) this.#deliver([() => handler(this, screen ? this.#knownScreen(screen) : null, child)], null);
        };
      default:
        throw new Error(`no handler for ${kind}`);
    }
  }

  /**
   * Calls each listener with `event`; what one throws is kept for the binding call, and the
   * others are still called.
   * @param {Function[]} listeners
   * @param {unknown} event
   */
  #deliver(listeners, event) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#lib.stash(error);
      }
    }
  }

  /**
   * @param {string} kind
   * @param {unknown} event
   */
  #emit(kind, event) {
    const listeners = this.#listeners.get(kind) ?? [];
    if (listeners.length > 0) this.#deliver(listeners, event);
  }

  /**
   * The veto's answer for C; a veto that throws refuses.
   * @param {number} id
   * @param {boolean} byGesture
   * @param {number} decision
   * @returns {number}
   */
  #askVeto(id, byGesture, decision) {
    const veto = this.#veto;
    if (veto === null) return VETO.allow;
    const screen = this.#knownScreen(id);
    try {
      const answer = veto(screen, byGesture, new Decision(this, decision, screen, byGesture));
      if (typeof answer === "string" && Object.hasOwn(VETO, answer)) {
        return VETO[/** @type {keyof typeof VETO} */ (answer)];
      }
      return answer ? VETO.allow : VETO.refuse;
    } catch (error) {
      this.#lib.stash(error);
      return VETO.refuse;
    }
  }

  /**
   * Hands a transition to the animator; one that throws (or is gone) has it ended at once, so
   * nothing waits for an end that would never come.
   * @param {ReturnType<typeof readTransition>} read
   */
  #animate(read) {
    // A present's `to` and a dismiss's `from` are a modal's screen.
    const transition = new Transition(this, read.id, nameOf(STYLE, read.style),
      this.#screenIn(read.fromNavigator, read.from), this.#screenIn(read.toNavigator, read.to), read.interactive);
    const animator = this.#animator;
    let ended = false;
    try {
      if (animator !== null) { // null: removed while C was calling it
        animator(transition);
        ended = true;
      }
    } catch (error) {
      this.#lib.stash(error);
    }
    if (!ended) {
      const end = transition.interactive ? "navcore_transition_cancel" : "navcore_transition_finish";
      this.#lib.c[end](this.#handle, BigInt(transition.id));
    }
  }

  // -- listeners -------------------------------------------------------------------------------

  /**
   * The kinds a listener of `kind` hears.
   * @param {unknown} kind
   * @returns {readonly string[]}
   */
  #kinds(kind) {
    if (kind === "appearance") return PHASES;
    if (typeof kind === "string" && EVENT_KINDS.includes(kind)) return [kind];
    throw new TypeError(`unknown event kind ${describe(kind)}; one of ${[...EVENT_KINDS, "appearance"].join(", ")}`);
  }

  /**
   * Adds a listener of the events of `kind` ("action", "will_show", …, or "appearance" for the
   * four phases); it is called with each event, in the order listeners were added.
   * @template {Function} L
   * @param {string} kind
   * @param {L} listener
   * @returns {L} the listener
   */
  on(kind, listener) {
    const kinds = this.#kinds(kind);
    if (typeof listener !== "function") throw new TypeError(`on() needs a function, not ${describe(listener)}`);
    this.#requireOpen();
    this.#changeListening(
      () => kinds.forEach((k) => this.#listeners.set(k, [...(this.#listeners.get(k) ?? []), listener])),
      () => this.#remove(kinds, listener),
    );
    return listener;
  }

  /**
   * Removes a listener added with on(); one that is not there is ignored.
   * @param {string} kind
   * @param {Function} listener
   */
  off(kind, listener) {
    this.#remove(this.#kinds(kind), listener);
    this.#sync();
  }

  /**
   * Adds every `on<Kind>` method of `listener` (onAction, onWillShow, onAppearance, onDone, …)
   * as a listener of that kind, bound to it.
   * @template {object} T
   * @param {T} listener
   * @returns {T}
   */
  addListener(listener) {
    if (listener === null || typeof listener !== "object") {
      throw new TypeError(`addListener() needs an object, not ${describe(listener)}`);
    }
    this.#requireOpen();
    /** @type {Array<[string, Function]>} */
    const methods = [];
    for (const kind of [...EVENT_KINDS, "appearance"]) {
      const method = /** @type {Record<string, unknown>} */ (listener)[methodName(kind)];
      if (typeof method === "function") {
        const bound = method.bind(listener);
        for (const k of this.#kinds(kind)) methods.push([k, bound]);
      }
    }
    this.#changeListening(() => {
      for (const [k, method] of methods) this.#listeners.set(k, [...(this.#listeners.get(k) ?? []), method]);
      this.#listenerObjects.push([listener, methods]);
    }, () => this.removeListener(listener));
    return listener;
  }

  /**
   * Removes a listener object added with addListener(); one that was not added is ignored.
   * @param {object} listener
   */
  removeListener(listener) {
    const index = this.#listenerObjects.findIndex(([object]) => object === listener);
    if (index < 0) return;
    const [, methods] = this.#listenerObjects[index];
    this.#listenerObjects.splice(index, 1);
    for (const [kind, method] of methods) this.#remove([kind], method);
    this.#sync();
  }

  /**
   * @param {readonly string[]} kinds
   * @param {Function} listener
   */
  #remove(kinds, listener) {
    for (const kind of kinds) {
      const current = this.#listeners.get(kind) ?? [];
      const index = current.indexOf(listener);
      if (index >= 0) this.#listeners.set(kind, [...current.slice(0, index), ...current.slice(index + 1)]);
    }
  }

  #requireOpen() {
    if (this.#closing) throw new InvalidHandleError("the navigator is closed");
  }

  /**
   * The pop veto, asked for the user's back button and gesture only (SPEC §6); null: every
   * user pop is allowed. `veto(screen, byGesture, decision)` returns true (pop), false (stay)
   * or LATER, and then answers `decision` later (SPEC §13; for the gesture, later counts as no).
   * "allow" and "refuse" are accepted too. A veto that throws refuses.
   * @returns {VetoFunction | null}
   */
  get veto() { return this.#veto; }

  set veto(veto) {
    callableOrNull(veto, "the veto");
    if (veto !== null) this.#requireOpen();
    const previous = this.#veto;
    this.#changeListening(() => { this.#veto = veto; }, () => { this.#veto = previous; });
  }

  /**
   * The animator: `animator(transition)` starts playing a Transition, later ended with
   * `transition.finish()`. null: every op is instant and the gesture is refused.
   * @returns {Animator | null}
   */
  get animator() { return this.#animator; }

  set animator(animator) {
    callableOrNull(animator, "the animator");
    if (animator !== null) this.#requireOpen();
    const previous = this.#animator;
    this.#changeListening(() => { this.#animator = animator; }, () => { this.#animator = previous; });
  }

  // -- screens ---------------------------------------------------------------------------------

  /**
   * A new detached screen of `route` holding `object`.
   * @template T
   * @param {string} [route]
   * @param {T} [object]
   * @returns {Screen<T>}
   */
  createScreen(route = "", object = /** @type {T} */ (/** @type {unknown} */ (null))) {
    return this.#call((lib, arena) => {
      const name = arena.text(route, "the route", () => this.#requireLive());
      if (!this.#registered.has("release")) this.#register("release", true); // before the screen exists
      lib.check(lib.c.navcore_screen_create(lib.out, this.#handle, name, 0));
      return this.#adopt(new Screen(lib.memory.id(lib.out), route, object));
    });
  }

  /**
   * Releases a detached screen at once (its result listener, then the release listeners, hear it).
   * @param {Screen} screen
   */
  discard(screen) {
    const id = this.#id(screen);
    this.#call((lib) => lib.check(lib.c.navcore_screen_discard(this.#handle, BigInt(id))));
  }

  /**
   * Marks (`on`) or unmarks a screen as retained (SPEC §17): a retained screen that leaves the
   * stack is detached (a "detach" event) instead of released, and stays live to be pushed again,
   * set or discarded. Unmarking never releases. A call, not an op: NoSuchScreenError once it is
   * released, StateError once its release has begun.
   * @param {Screen} screen
   * @param {boolean} [on]
   */
  retain(screen, on = true) {
    const id = this.#id(screen);
    this.#call((lib) => lib.check(lib.c.navcore_screen_retain(this.#handle, BigInt(id), on ? 1 : 0)));
  }

  /**
   * Whether `screen` is marked retained (NoSuchScreenError once it is released).
   * @param {Screen} screen
   * @returns {boolean}
   */
  isRetained(screen) {
    const id = this.#id(screen);
    return this.#call((lib) => {
      lib.memory.view.setUint8(lib.out, 0);
      lib.check(lib.c.navcore_screen_is_retained(lib.out, this.#handle, BigInt(id)));
      return lib.memory.view.getUint8(lib.out) !== 0;
    });
  }

  /**
   * The Screen of a live screen id.
   * @param {number} id
   * @returns {Screen}
   */
  screen(id) {
    const screen = this.#screenOf(number(id, "the screen id"));
    if (screen.released) throw new NoSuchScreenError(`screen ${id} is not a live screen of this navigator`);
    return screen;
  }

  /**
   * @param {unknown} screen
   * @returns {number}
   */
  #id(screen) {
    if (!(screen instanceof Screen)) throw new TypeError(`expected a Screen, not ${describe(screen)}`);
    return screen.id;
  }

  /**
   * Keeps a new screen and its object's hooks.
   * @template T
   * @param {Screen<T>} screen
   * @returns {Screen<T>}
   */
  #adopt(screen) {
    if (!this.#registered.has("release")) this.#register("release", true); // a factory's screen may be the first
    this.#screens.set(screen.id, screen);
    const object = /** @type {Record<string, unknown> | null} */ (screen.object);
    if (object !== null && (typeof object === "object" || typeof object === "function")) {
      /** @type {Record<string, Function>} */
      const hooks = {};
      for (const [kind, method] of Object.entries(HOOKS)) {
        if (typeof object[method] === "function") hooks[kind] = /** @type {Function} */ (object[method]).bind(object);
      }
      if (Object.keys(hooks).length > 0) {
        this.#hooks.set(screen.id, hooks);
        this.#countHooks(hooks, 1);
      }
    }
    return screen;
  }

  /**
   * A released screen: the binding lets go of it, its object and its hooks.
   * @param {Screen} screen
   */
  #forgetScreen(screen) {
    this.#screens.delete(screen.id);
    screen.released = true;
    screen.object = null;
    const hooks = this.#hooks.get(screen.id);
    if (hooks) {
      this.#hooks.delete(screen.id);
      this.#countHooks(hooks, -1);
    }
  }

  /**
   * @param {Record<string, Function>} hooks
   * @param {number} delta
   */
  #countHooks(hooks, delta) {
    let changed = false;
    for (const kind of Object.keys(hooks)) {
      const before = this.#hookCounts.get(kind) ?? 0;
      this.#hookCounts.set(kind, before + delta);
      changed ||= (before === 0) !== (before + delta === 0);
    }
    if (changed) this.#sync();
  }

  /**
   * The Screen of a live screen, or of one released during the op in flight.
   * @param {number} id
   * @returns {Screen}
   */
  #knownScreen(id) {
    return this.#screens.get(id) ?? this.#released.get(id) ?? this.#screenOf(id);
  }

  /**
   * The Screen of an id: the binding's own (every live screen was made through it), else a
   * released Screen of route "", which is not kept.
   * @param {number} id
   * @returns {Screen}
   */
  #screenOf(id) {
    const known = this.#screens.get(id);
    if (known) return known;
    const gone = new Screen(id, "", null);
    gone.released = true;
    return gone;
  }

  // -- ops -------------------------------------------------------------------------------------

  /**
   * The Screen of an op's argument: a Screen as is, any other value on a new screen of `route`.
   * @param {unknown} item
   * @param {string | undefined} route
   * @returns {[Screen, Screen | null]} the screen, and the new one (to discard if the op fails)
   */
  #screenFor(item, route) {
    if (item instanceof Screen) {
      if (route !== undefined) {
        throw new TypeError("route is for an object pushed on a new screen; a Screen has its route");
      }
      return [item, null];
    }
    const made = this.createScreen(route ?? "", item);
    return [made, made];
  }

  /**
   * Discards screens made for an op that failed (their release listeners hear it).
   * @param {Screen[]} screens
   */
  #discardQuietly(screens) {
    this.#call((lib) => screens.forEach((screen) => lib.c.navcore_screen_discard(this.#handle, BigInt(screen.id))));
  }

  /**
   * Pushes a Screen, or any other value on a new screen of `route` ("" without one: such a
   * screen works in the stack, but `save()` writes route "" for it, which restore cannot rebuild).
   * @param {unknown} screen a detached Screen, or any value
   * @param {{ animated?: boolean, route?: string }} [opts]
   * @returns {Operation}
   */
  push(screen, opts) {
    const { animated, route } = options(opts, { animated: true, route: NO_ROUTE }, "push()");
    const [target, made] = this.#screenFor(screen, route);
    try {
      return this.#ask("push", (lib, _arena, done, ctx) =>
        lib.c.navcore_push(this.#handle, BigInt(target.id), animated ? 1 : 0, done, ctx));
    } catch (error) {
      if (made) this.#discardQuietly([made]);
      throw error;
    }
  }

  /**
   * Pops the top screen (noop with one screen or none). `result` (as JSON) or `resultText` (as
   * is) becomes the popped screen's result when the pop runs and is not a noop (SPEC §12).
   * @param {{ animated?: boolean, result?: unknown, resultText?: string }} [opts]
   * @returns {Operation}
   */
  pop(opts) {
    const { animated, result, resultText } = options(opts, { animated: true, result: /** @type {unknown} */ (undefined),
      resultText: /** @type {string | undefined} */ (undefined) }, "pop()");
    if (result !== undefined && resultText !== undefined) {
      throw new TypeError("pop() takes result or resultText, not both");
    }
    if (result === undefined && resultText === undefined) {
      return this.#ask("pop", (lib, _arena, done, ctx) => lib.c.navcore_pop(this.#handle, animated ? 1 : 0, done, ctx));
    }
    const text = resultText ?? JSON.stringify(result);
    return this.#ask("pop", (lib, arena, done, ctx) => {
      const pointer = arena.text(text, "the result", () => this.#requireLive());
      return lib.c.navcore_pop_with_result(this.#handle, animated ? 1 : 0, pointer, done, ctx);
    });
  }

  /**
   * Pops every screen above `screen` ("not_in_stack" if it is not in the stack when it runs).
   * @param {Screen} screen
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  popTo(screen, opts) {
    const { animated } = options(opts, { animated: true }, "popTo()");
    const id = this.#id(screen);
    return this.#ask("pop_to", (lib, _arena, done, ctx) =>
      lib.c.navcore_pop_to(this.#handle, BigInt(id), animated ? 1 : 0, done, ctx));
  }

  /**
   * Pops every screen above the root.
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  popToRoot(opts) {
    const { animated } = options(opts, { animated: true }, "popToRoot()");
    return this.#ask("pop_to_root", (lib, _arena, done, ctx) =>
      lib.c.navcore_pop_to_root(this.#handle, animated ? 1 : 0, done, ctx));
  }

  /**
   * Makes the stack exactly `screens`, bottom to top (any value that is not a Screen gets a new
   * screen of route "").
   * @param {Iterable<unknown>} screens
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  setStack(screens, opts) {
    const { animated } = options(opts, { animated: true }, "setStack()");
    if (screens === null || typeof screens !== "object" || !(Symbol.iterator in screens)) {
      throw new TypeError(`setStack() needs an iterable of screens, not ${describe(screens)}`);
    }
    /** @type {Screen[]} */
    const targets = [];
    /** @type {Screen[]} */
    const made = [];
    try {
      for (const item of screens) {
        const [target, created] = this.#screenFor(item, undefined);
        targets.push(target);
        if (created) made.push(created);
      }
      return this.#ask("set", (lib, arena, done, ctx) => {
        const ids = arena.ids(targets.map((s) => s.id));
        return lib.c.navcore_set_stack(this.#handle, ids, targets.length, animated ? 1 : 0, done, ctx);
      });
    } catch (error) {
      if (made.length > 0) this.#discardQuietly(made);
      throw error;
    }
  }

  /**
   * The user's back button: asks the veto, then pops (SPEC §6).
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  back(opts) {
    const { animated } = options(opts, { animated: true }, "back()");
    return this.#ask("back", (lib, _arena, done, ctx) => lib.c.navcore_back(this.#handle, animated ? 1 : 0, done, ctx));
  }

  /**
   * The user's interactive back gesture (SPEC §5): never queued; a BusyError while an op runs or
   * waits, a StateError when hidden or without an animator.
   * @returns {Operation}
   */
  gesture() {
    return this.#ask("gesture", (lib, _arena, done, ctx) => lib.c.navcore_gesture_begin(this.#handle, done, ctx));
  }

  /**
   * Calls `block()` in queue order. What it throws comes back from the call that ran it; the op
   * still ends "completed".
   * @param {() => unknown} block
   * @returns {Operation}
   */
  run(block) {
    if (typeof block !== "function") throw new TypeError(`run() needs a function, not ${describe(block)}`);
    return this.#ask("run", (lib, _arena, done, ctx) =>
      lib.c.navcore_run(this.#handle, lib.trampoline("run"), done, ctx), block);
  }

  /**
   * An Operation that ends once every op asked before it has ended (a `run` of nothing).
   * @returns {Operation}
   */
  idle() {
    return this.run(() => {});
  }

  /**
   * Tells navcore whether the navigator is on screen (SPEC §7): an op, queued behind the others.
   * @param {boolean} visible
   * @returns {Operation}
   */
  setVisible(visible) {
    if (typeof visible !== "boolean") throw new TypeError(`setVisible() needs a boolean, not ${describe(visible)}`);
    return this.#ask("visible", (lib, _arena, done, ctx) =>
      lib.c.navcore_set_visible(this.#handle, visible ? 1 : 0, done, ctx));
  }

  /**
   * Shows the named route (SPEC §8): recycles a screen of the route already in the stack
   * (`recycle`: "any", the default, the one nearest the top; "top", only the top; "none", never),
   * else makes one with the route's factory. A new screen replaces the top unless
   * `removeCurrent` is false. `payload` (a string as is, an object as JSON) reaches the screen.
   * @param {string} route
   * @param {{ animated?: boolean, removeCurrent?: boolean, recycle?: "any" | "top" | "none",
   *   payload?: string | object | null }} [opts]
   * @returns {Operation}
   */
  show(route, opts) {
    const { animated, removeCurrent, recycle, payload } = options(opts, { animated: false, removeCurrent: true,
      recycle: "any", payload: /** @type {string | object | null} */ (null) }, "show()");
    const mode = codeOf(RECYCLE, recycle, "recycle");
    const live = () => this.#requireLive();
    return this.#ask("show", (lib, arena, done, ctx) => {
      const name = arena.text(route, "the route", live);
      const text = arena.text(this.#payloadText(payload, "the payload"), "the payload", live);
      const showOptions = arena.showOptions({ animated, removeCurrent, recycle: mode, payload: text });
      return lib.c.navcore_show(this.#handle, name, showOptions, done, ctx);
    });
  }

  /**
   * show() under the name of the seeds' notification-based stack.
   * @param {string} route
   * @param {Parameters<Navigator["show"]>[1]} [opts]
   * @returns {Operation}
   */
  post(route, opts) {
    return this.show(route, opts);
  }

  /**
   * Builds the whole stack from routes in one op (SPEC §14): each entry is `[route, state]` or a
   * route alone; each route's factory makes a new screen with its state as payload. With
   * `focus`, the same op then brings the navigator to the front of its family (SPEC §16.10).
   * @param {Iterable<string | [string, string | object | null]>} entries
   * @param {{ animated?: boolean, focus?: boolean }} [opts]
   * @returns {Operation}
   */
  open(entries, opts) {
    const { animated, focus } = options(opts, { animated: false, focus: false }, "open()");
    if (entries === null || typeof entries !== "object" || !(Symbol.iterator in entries)) {
      throw new TypeError(`open() needs an iterable of entries, not ${describe(entries)}`);
    }
    const list = [...entries].map((entry) => {
      if (typeof entry === "string") return [entry, null];
      if (Array.isArray(entry) && entry.length === 2) return entry;
      throw new TypeError(`an entry of open() is a route or [route, state], not ${describe(entry)}`);
    });
    const live = () => this.#requireLive();
    return this.#ask("open", (lib, arena, done, ctx) => {
      /** @type {Array<[number, number]>} */
      const pointers = list.map(([route, state]) =>
        [arena.text(route, "a route", live), arena.text(this.#payloadText(state, "a state"), "a state", live)]);
      const array = arena.routeEntries(pointers);
      if (focus) {
        const openOptions = arena.openOptions({ animated, focus });
        return lib.c.navcore_open_with_options(this.#handle, array, pointers.length, openOptions, done, ctx);
      }
      return lib.c.navcore_open(this.#handle, array, pointers.length, animated ? 1 : 0, done, ctx);
    });
  }

  /**
   * Opens the stack a saved document describes (save()'s object or saveText()'s text); any JSON
   * of that shape. Anything else is an InvalidError at the call.
   * @param {string | object} document
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  restore(document, opts) {
    const { animated } = options(opts, { animated: false }, "restore()");
    if (document === null) throw new TypeError("the document is a string or an object, not null");
    return this.#ask("open", (lib, arena, done, ctx) => {
      const text = arena.text(this.#payloadText(document, "the document"), "the document", () => this.#requireLive());
      return lib.c.navcore_restore(this.#handle, text, animated ? 1 : 0, done, ctx);
    });
  }

  /**
   * Sets (or with null removes) the handler told each navigator navcore makes under this one
   * (restoreTree, SPEC §16.10), before any of its screens is made: it gets this navigator, the
   * host screen (null for a modal) and the new navigator, on which it registers its listeners,
   * animator, veto and onChild. This navigator keeps the new one. Never called for attach or
   * present.
   * @param {((parent: Navigator, screen: Screen | null, child: Navigator) => unknown) | null} handler
   */
  onChild(handler) {
    if (handler !== null && typeof handler !== "function") {
      throw new TypeError(`onChild() takes a function or null, not ${describe(handler)}`);
    }
    this.#childHandler = handler; // its C callback is always registered (#sync)
  }

  /**
   * The object of a navigator navcore made under this one, on its handle (navcore's: it tears
   * it down with its family), kept by this one.
   * @param {number} handle
   * @returns {Navigator}
   */
  #wrapMade(handle) {
    Navigator.#madeHandle = handle;
    const child = new Navigator(this.dispatch);
    child.#member = true; // a member from the start: its teardown is heard (#torn)
    child.#sync(); // registers its release callback, as a member's
    this.#made.push(child);
    return child;
  }

  /**
   * Rebuilds the navigator's subtree from a saved tree (saveTree()'s text, or its object; any
   * JSON of that shape, SPEC §16.10): new screens, new child navigators and modals, the old
   * ones torn down. Anything else is an InvalidError at the call.
   * @param {string | object} tree
   * @param {{ animated?: boolean }} [opts]
   * @returns {Operation}
   */
  restoreTree(tree, opts) {
    const { animated } = options(opts, { animated: false }, "restoreTree()");
    if (tree === null) throw new TypeError("the tree is a string or an object, not null");
    return this.#ask("open", (lib, arena, done, ctx) => {
      const text = arena.text(this.#payloadText(tree, "the tree"), "the tree", () => this.#requireLive());
      return lib.c.navcore_restore_tree(this.#handle, text, animated ? 1 : 0, done, ctx);
    });
  }

  /**
   * A payload, state or document as text: a string as is, an object as JSON, null as none.
   * @param {unknown} value
   * @param {string} what
   * @returns {string | null}
   */
  #payloadText(value, what) {
    if (value === null || typeof value === "string") return value;
    if (typeof value === "object") return JSON.stringify(value);
    throw new TypeError(`${what} is a string, an object or null, not ${describe(value)}`);
  }

  // -- transitions and decisions ---------------------------------------------------------------

  /**
   * @param {number | undefined} id
   * @returns {bigint}
   */
  #transitionId(id) {
    return BigInt(id === undefined ? this.currentTransition ?? 0 : number(id, "the transition id"));
  }

  /**
   * The transition ended: its op completes. A StateError when it is not in flight.
   * @param {number} [id] the transition; none: the one in flight
   */
  finishTransition(id) {
    const transition = this.#transitionId(id);
    this.#call((lib) => lib.check(lib.c.navcore_transition_finish(this.#handle, transition)));
  }

  /**
   * Cancels the interactive transition: the pop is undone.
   * @param {number} [id] the transition; none: the one in flight
   */
  cancelTransition(id) {
    const transition = this.#transitionId(id);
    this.#call((lib) => lib.check(lib.c.navcore_transition_cancel(this.#handle, transition)));
  }

  /**
   * Reports the interactive transition's progress, from 0 to 1.
   * @param {number} progress
   * @param {number} [id] the transition; none: the one in flight
   */
  updateTransition(progress, id) {
    const value = number(progress, "the progress");
    const transition = this.#transitionId(id);
    this.#call((lib) => lib.check(lib.c.navcore_transition_progress(this.#handle, transition, value)));
  }

  /**
   * Answers a pending decision of the veto's LATER (SPEC §13): `allow` pops, else the back ends
   * "vetoed". Acts at once, in both dispatch modes.
   * @param {Decision | number} decision
   * @param {boolean} allow
   */
  decide(decision, allow) {
    const id = decision instanceof Decision ? decision.id : number(decision, "the decision");
    if (typeof allow !== "boolean") throw new TypeError(`decide() needs allow as a boolean, not ${describe(allow)}`);
    this.#call((lib) => lib.check(lib.c.navcore_decide(this.#handle, BigInt(id), allow ? 1 : 0)));
  }

  // -- routes ----------------------------------------------------------------------------------

  /**
   * Registers a route (SPEC §8): `factory({ route, id, payload, navigator })` makes the object
   * of each new screen of the route (return it; throw FactoryFailed to fail the show quietly,
   * anything else fails it too and is thrown from the call that ran it). `navigator` will own
   * the screen: this one, or a family member that inherits the route (SPEC §16.1). An
   * ExistsError if it is registered.
   * @param {string} name
   * @param {(request: { route: string, id: number, payload: string | null, navigator: Navigator | null }) => unknown} factory
   */
  registerRoute(name, factory) {
    if (typeof factory !== "function") {
      throw new TypeError(`registerRoute() needs a factory function, not ${describe(factory)}`);
    }
    this.#call((lib, arena) => {
      const text = arena.text(name, "the route", () => this.#requireLive());
      const ctx = lib.register((kind, id, out, route, payload, owner) => {
        if (kind === "destroy") return this.#registrationEnded();
        return this.#make(factory, id, route, payload, owner);
      });
      const status = lib.c.navcore_route_register(this.#handle, text, lib.trampoline("factory"), ctx,
        lib.trampoline("destroy"));
      if (status < 0) lib.forget(ctx);
      lib.check(status);
      this.#registrations++;
    });
  }

  /**
   * A factory's call: 0 when it made the screen's object. The screen is the navigator's that
   * will own it (`owner`): a family member's, for a route it inherits from this one (SPEC §16.1).
   * @param {Function} factory
   * @param {number} id
   * @param {number} route
   * @param {number} payload
   * @param {number} owner the handle of the navigator that will own the screen
   * @returns {number}
   */
  #make(factory, id, route, payload, owner) {
    const memory = this.#lib.memory;
    const name = /** @type {string} */ (memory.text(route));
    try {
      const navigator = owner !== this.#handle ? OPEN.get(owner) ?? null : this; // null: no object here
      const object = factory({ route: name, id, payload: memory.text(payload), navigator });
      (navigator ?? this).#adopt(new Screen(id, name, object));
      return 0;
    } catch (error) {
      if (!(error instanceof FactoryFailed)) this.#lib.stash(error);
      return 1;
    }
  }

  /**
   * Unregisters a route; an InvalidError if it is not registered.
   * @param {string} name
   */
  unregisterRoute(name) {
    this.#call((lib, arena) => {
      const text = arena.text(name, "the route", () => this.#requireLive());
      lib.check(lib.c.navcore_route_unregister(this.#handle, text));
    });
  }

  // -- settings and draining -------------------------------------------------------------------

  /** @returns {boolean} whether show/hide events are emitted while hidden (SPEC §7) */
  get alwaysAppear() { return this.#alwaysAppear; }

  set alwaysAppear(on) { this.setAlwaysAppear(on); }

  /** @param {boolean} on */
  setAlwaysAppear(on) {
    if (typeof on !== "boolean") throw new TypeError(`alwaysAppear is a boolean, not ${describe(on)}`);
    this.#call((lib) => lib.check(lib.c.navcore_set_always_appear(this.#handle, on ? 1 : 0)));
    this.#alwaysAppear = on;
  }

  /** @returns {number} the navigation-bar threshold N (SPEC §8): the bar shows iff N is 0 or N screens are stacked */
  get barThreshold() { return this.#barThreshold; }

  set barThreshold(threshold) { this.setBarThreshold(threshold); }

  /** @param {number} threshold */
  setBarThreshold(threshold) {
    if (!Number.isInteger(threshold)) throw new TypeError(`the threshold is an integer, not ${describe(threshold)}`);
    if (threshold < 0 || threshold > 0xffffffff) { // beyond size_t; C refuses the rest above INT32_MAX
      this.#requireLive();
      throw new InvalidError(`the threshold ${threshold} is out of range`);
    }
    this.#call((lib) => lib.check(lib.c.navcore_set_bar_threshold(this.#handle, threshold)));
    this.#barThreshold = threshold;
  }

  /**
   * Host dispatch: runs the queue here, where every callback then arrives; harmless inline
   * ("ok"). With `maxOps` or `maxSeconds` it is a bounded drain (SPEC §9): it starts the first op
   * it can, then another only while fewer than `maxOps` were started and less than `maxSeconds`
   * have passed. "queued" when it left ops queued and none waits for the host (the wakeup
   * listeners were called again), else "ok". A count below 1 or a negative or NaN time is an
   * InvalidError, and nothing runs.
   * @param {{ maxOps?: number, maxSeconds?: number }} [opts]
   * @returns {"ok" | "queued"}
   */
  drain(opts) {
    const { maxOps, maxSeconds } = options(opts, { maxOps: /** @type {number | undefined} */ (undefined),
      maxSeconds: /** @type {number | undefined} */ (undefined) }, "drain()");
    if (maxOps !== undefined && !Number.isInteger(maxOps)) {
      throw new TypeError(`maxOps is an integer, not ${describe(maxOps)}`);
    }
    if (maxSeconds !== undefined) number(maxSeconds, "maxSeconds");
    if (maxOps !== undefined && (maxOps < 1 || maxOps > 0xffffffff)) {
      this.#requireLive();
      throw new InvalidError(`a bounded drain needs a count of at least 1 op, not ${maxOps}`);
    }
    const status = this.#call((lib) => lib.check(
      maxOps === undefined && maxSeconds === undefined ? lib.c.navcore_drain(this.#handle)
        : maxSeconds === undefined ? lib.c.navcore_drain_ops(this.#handle, maxOps)
          : maxOps === undefined ? lib.c.navcore_drain_for(this.#handle, maxSeconds)
            : lib.c.navcore_drain_ops_for(this.#handle, maxOps, maxSeconds)));
    return status === 1 ? "queued" : "ok";
  }

  // -- results and saved states (SPEC §12, §14) ------------------------------------------------

  /**
   * Pushes `screen` (a Screen, or any value on a new screen of `route`) and returns the promise
   * of its result (SPEC §12): decoded from JSON (null for none), right before its release.
   * @template [R=unknown] what the result decodes to
   * @param {unknown} screen
   * @param {{ animated?: boolean, route?: string }} [opts]
   * @returns {ScreenResult<R>}
   */
  pushForResult(screen, opts) {
    const { animated, route } = options(opts, { animated: true, route: NO_ROUTE }, "pushForResult()");
    const [target, made] = this.#screenFor(screen, route);
    /** @type {ScreenResult<R>} */
    const pending = new ScreenResult(target);
    try {
      this.onResult(target, (event) => pending.end(event.text));
      pending.operation = this.push(target, { animated });
    } catch (error) {
      if (made) this.#discardQuietly([made]); // its listener hears null: the result arrives
      else if (!target.released) {
        this.#call((lib) => lib.c.navcore_screen_on_result(this.#handle, BigInt(target.id), 0, 0, 0));
      }
      throw error;
    }
    return pending;
  }

  /**
   * Sets `screen`'s one result listener: `listener({ kind: "result", screen, text })` is called
   * once, right before its release, the screen still live. Another replaces it; null removes it.
   * A StateError once its release has begun.
   * @param {Screen} screen
   * @param {((event: { kind: "result", screen: Screen, text: string | null }) => unknown) | null} listener
   */
  onResult(screen, listener) {
    const id = this.#id(screen);
    callableOrNull(listener, "the result listener");
    this.#call((lib) => {
      if (listener === null) {
        lib.check(lib.c.navcore_screen_on_result(this.#handle, BigInt(id), 0, 0, 0));
        return;
      }
      const ctx = lib.register((kind, _id, _object, text) => {
        if (kind === "destroy") return this.#registrationEnded();
        listener({ kind: "result", screen, text: lib.memory.text(text) });
      });
      const status = lib.c.navcore_screen_on_result(this.#handle, BigInt(id), lib.trampoline("result"), ctx,
        lib.trampoline("destroy"));
      if (status < 0) lib.forget(ctx);
      lib.check(status);
      this.#registrations++;
    });
  }

  /**
   * Sets `screen`'s result to `value` as JSON (null clears it).
   * @param {Screen} screen
   * @param {unknown} value
   */
  setResult(screen, value) {
    this.setResultText(screen, value === null ? null : JSON.stringify(value));
  }

  /**
   * Sets `screen`'s result to `text` as is (null clears it).
   * @param {Screen} screen
   * @param {string | null} text
   */
  setResultText(screen, text) {
    const id = this.#id(screen);
    this.#call((lib, arena) => lib.check(lib.c.navcore_screen_set_result(this.#handle, BigInt(id),
      arena.text(text, "the result", () => this.#requireLive()))));
  }

  /**
   * `screen`'s result as text, null for none.
   * @param {Screen} screen
   * @returns {string | null}
   */
  resultText(screen) {
    const id = this.#id(screen);
    return this.#call((lib) => lib.takeText((out) => lib.c.navcore_screen_result(out, this.#handle, BigInt(id))));
  }

  /**
   * `screen`'s result decoded from JSON, null for none (a SyntaxError when it is not JSON).
   * @param {Screen} screen
   * @returns {unknown}
   */
  result(screen) {
    const text = this.resultText(screen);
    return text === null ? null : JSON.parse(text);
  }

  /**
   * Sets `screen`'s saved state: a string as is, an object as JSON, null clears it. Each payload
   * delivered to a screen also becomes its saved state.
   * @param {Screen} screen
   * @param {string | object | null} state
   */
  setSavedState(screen, state) {
    const id = this.#id(screen);
    this.#call((lib, arena) => lib.check(lib.c.navcore_screen_set_saved_state(this.#handle, BigInt(id),
      arena.text(this.#payloadText(state, "the saved state"), "the saved state", () => this.#requireLive()))));
  }

  /**
   * `screen`'s saved state, null for none.
   * @param {Screen} screen
   * @returns {string | null}
   */
  savedState(screen) {
    const id = this.#id(screen);
    return this.#call((lib) => lib.takeText((out) => lib.c.navcore_screen_saved_state(out, this.#handle, BigInt(id))));
  }

  /**
   * The saved document of the stack, exactly as navcore writes it (SPEC §14):
   * `{"navcore":1,"stack":[{"route":R,"state":S},…]}`.
   * @returns {string}
   */
  saveText() {
    return this.#call((lib) => lib.takeText((out) => lib.c.navcore_save(out, this.#handle))) ?? "";
  }

  /**
   * The saved tree of the navigator and its subtree, exactly as navcore writes it (SPEC
   * §16.10): `{"navcore":2,"stack":[…]}`, with each screen's children and the modal.
   * @returns {string}
   */
  saveTree() {
    return this.#call((lib) => lib.takeText((out) => lib.c.navcore_save_tree(out, this.#handle))) ?? "";
  }

  /** @returns {import("../navcore.js").SavedDocument} saveText() decoded */
  save() {
    return JSON.parse(this.saveText());
  }

  // -- queries (SPEC §9: inside a callback, the state at that event) ----------------------------

  /** @returns {Screen[]} the stack, bottom to top, in one consistent read */
  get stack() {
    return this.#call((lib, arena) => {
      for (let capacity = 16; ;) {
        const buffer = arena.allocate(8 * capacity);
        lib.check(lib.c.navcore_stack_copy(lib.out, buffer, capacity, this.#handle));
        const count = lib.memory.view.getUint32(lib.out, true);
        if (count <= capacity) {
          return Array.from({ length: count }, (_, index) => this.#screenOf(lib.memory.id(buffer + 8 * index)));
        }
        capacity = count;
      }
    });
  }

  /** @returns {Screen | null} the top screen */
  get top() {
    const id = this.#query("navcore_top", "id");
    return id ? this.#screenOf(id) : null;
  }

  /** @returns {Screen | null} the root screen */
  get root() {
    const id = this.#query("navcore_root", "id");
    return id ? this.#screenOf(id) : null;
  }

  /** @returns {import("../navcore.js").Action} the action state ("idle", "will_push", …) */
  get actionState() { return nameOf(ACTION, this.#query("navcore_action_state", "int")); }

  /** @returns {boolean} whether an op is in flight */
  get busy() { return this.#query("navcore_is_busy", "bool"); }

  /** @returns {number} how many ops wait in the queue */
  get pending() { return this.#query("navcore_pending_count", "size"); }

  /** @returns {boolean} whether the navigation bar is shown */
  get barShown() { return this.#query("navcore_is_bar_shown", "bool"); }

  /** @returns {boolean} whether the navigator is on screen; assigning asks setVisible() */
  get visible() { return this.#query("navcore_is_visible", "bool"); }

  set visible(visible) { this.setVisible(visible); }

  /** @returns {boolean} idle, nothing queued, two screens or more: back would pop now */
  get canGoBack() { return this.#query("navcore_can_go_back", "bool"); }

  /** @returns {number | null} the transition waiting for the host */
  get currentTransition() { return this.#query("navcore_transition_current", "id") || null; }

  /** @returns {Decision | null} the decision a back waits for after its veto answered LATER */
  get pendingDecision() {
    const id = this.#query("navcore_pending_decision", "id");
    if (!id) return null;
    const top = this.top;
    return top ? new Decision(this, id, top, false) : null;
  }

  // -- families (SPEC §16) ---------------------------------------------------------------------

  /**
   * Attaches `child` to `screen`, one of this navigator's screens (SPEC §16.2): a tab's content,
   * an embedded flow. Checked at the call, where `child` joins this navigator's family; from
   * then on the module keeps `child`'s object until its teardown.
   * @param {Navigator} child a navigator without parent, of this one's dispatch mode, showing
   *   no screen (made with `{ visible: false }`)
   * @param {Screen} screen
   * @returns {Operation}
   */
  attach(child, screen) {
    const id = this.#idOf(screen);
    return this.#join(child, "attach", (lib, _arena, done, ctx) =>
      lib.c.navcore_attach(this.#handle, BigInt(id), child.#handle, 0, done, ctx));
  }

  /**
   * Makes this screen child its host screen's active child (SPEC §16.3), instantly; asked of
   * the active child with `retap: "pop_to_root"` it pops it to its root instead.
   * @param {{ retap?: "none" | "pop_to_root", animated?: boolean }} [opts]
   * @returns {Operation}
   */
  activate(opts) {
    const { retap, animated } = options(opts, { retap: "none", animated: true }, "activate()");
    const code = codeOf(RETAP, retap, "retap");
    return this.#ask("activate", (lib, arena, done, ctx) => {
      const given = arena.allocate(12); // navcore_activate_options 1: version, animated, retap
      lib.memory.view.setUint32(given, 1, true);
      lib.memory.view.setUint8(given + 4, animated ? 1 : 0);
      lib.memory.view.setInt32(given + 8, code, true);
      return lib.c.navcore_activate(this.#handle, given, done, ctx);
    });
  }

  /**
   * Presents `modal` over this navigator (SPEC §16.4); checked at the call as attach().
   * @param {Navigator} modal
   * @param {{ covers?: boolean, dismissOnBack?: boolean, animated?: boolean }} [opts] `covers`:
   *   it hides this navigator's front (false: an overlay beside it); `dismissOnBack`: a back
   *   that reaches it with one screen dismisses it
   * @returns {Operation}
   */
  present(modal, opts) {
    const { covers, dismissOnBack, animated } = options(opts, { covers: true, dismissOnBack: true, animated: true },
      "present()");
    return this.#join(modal, "present", (lib, arena, done, ctx) => {
      const given = arena.allocate(8); // navcore_present_options 1: version, animated, covers, dismiss_on_back
      lib.memory.view.setUint32(given, 1, true);
      lib.memory.view.setUint8(given + 4, animated ? 1 : 0);
      lib.memory.view.setUint8(given + 5, covers ? 1 : 0);
      lib.memory.view.setUint8(given + 6, dismissOnBack ? 1 : 0);
      return lib.c.navcore_present(this.#handle, modal.#handle, given, done, ctx);
    });
  }

  /**
   * Dismisses this navigator's modal (SPEC §16.4): its front is shown out, then it is torn down;
   * `result` becomes its bottom screen's result first. "noop" without a modal.
   * @param {{ animated?: boolean, result?: string | null }} [opts]
   * @returns {Operation}
   */
  dismiss(opts) {
    const { animated, result } = options(opts, { animated: true, result: /** @type {string | null} */ (null) },
      "dismiss()");
    return this.#ask("dismiss", (lib, arena, done, ctx) => {
      const text = arena.text(result, "the result", () => this.#requireLive());
      const given = arena.allocate(12); // navcore_dismiss_options 1: version, animated, result
      lib.memory.view.setUint32(given, 1, true);
      lib.memory.view.setUint8(given + 4, animated ? 1 : 0);
      lib.memory.view.setUint32(given + 8, text, true);
      return lib.c.navcore_dismiss(this.#handle, given, done, ctx);
    });
  }

  /**
   * This screen child leaves its host screen (SPEC §16.7): its tops on screen hide, then it is
   * torn down; the host screen has no active child until an activate().
   * @returns {Operation}
   */
  leave() {
    return this.#ask("leave", (lib, _arena, done, ctx) => lib.c.navcore_leave(this.#handle, done, ctx));
  }

  /**
   * Asks attach or present: `child` is a member from before the call (so that its teardown is
   * heard even inside the call) and is not if the call fails.
   * @param {Navigator} child
   * @param {import("../navcore.js").Op} op
   * @param {(lib: import("./library.js").Library, arena: import("./memory.js").Arena, done: number,
   *   ctx: number) => number} ask
   * @returns {Operation}
   */
  #join(child, op, ask) {
    if (!(child instanceof Navigator)) throw new TypeError(`a child must be a Navigator, not ${describe(child)}`);
    if (child.#closing) throw new InvalidHandleError("the navigator is closed");
    const joined = !child.#member;
    child.#member = true;
    child.#sync();
    try {
      return this.#ask(op, ask);
    } catch (error) {
      if (joined) {
        child.#member = false;
        child.#sync();
      }
      throw error;
    }
  }

  /**
   * Inside a registration's destructor: a member whose handle died was torn down (SPEC §16.7);
   * it is closed from now on, and the module lets it go once C is done with it.
   */
  #torn() {
    if (!this.#member || this.#closing) return;
    const status = this.#call((lib) => lib.c.navcore_is_modal(lib.out, this.#handle));
    if (status === STATUS.invalid_handle) this.#closing = true;
  }

  /**
   * The Screen of a screen of the navigator `handle` (a transition's from or to navigator): its
   * own object's, else this navigator's #knownScreen.
   * @param {number} handle
   * @param {number} id
   * @returns {Screen}
   */
  #screenIn(handle, id) {
    const owner = handle !== this.#handle ? OPEN.get(handle) : undefined;
    return (owner ?? this).#knownScreen(id);
  }

  /** @returns {boolean} whether it has a parent (false once destroyed or torn down) */
  #hasParent() {
    return this.#call((lib) => lib.c.navcore_parent(lib.out, this.#handle) === STATUS.ok &&
      lib.memory.view.getUint32(lib.out, true) !== 0);
  }

  /**
   * The id of a Screen argument.
   * @param {Screen} screen
   * @returns {number}
   */
  #idOf(screen) {
    if (!(screen instanceof Screen)) throw new TypeError(`a screen must be a Screen, not ${describe(screen)}`);
    return screen.id;
  }

  /**
   * A query that returns a navigator handle: the object made for it, or null.
   * @param {string} name the C function
   * @param {...bigint} args after the handle
   * @returns {Navigator | null}
   */
  #navigatorQuery(name, ...args) {
    const handle = this.#call((lib) => {
      lib.memory.view.setUint32(lib.out, 0, true);
      lib.check(lib.c[name](lib.out, this.#handle, ...args));
      return lib.memory.view.getUint32(lib.out, true);
    });
    return handle ? OPEN.get(handle) ?? null : null;
  }

  /** @returns {Navigator | null} the navigator it is attached to or presented by */
  get parent() { return this.#navigatorQuery("navcore_parent"); }

  /** @returns {Navigator | null} its presented modal */
  get modal() { return this.#navigatorQuery("navcore_modal"); }

  /** @returns {Navigator | null} what a back asked now would pop (or dismiss: the modal) */
  get backTarget() { return this.#navigatorQuery("navcore_back_target"); }

  /**
   * @param {Screen} screen one of its screens
   * @returns {Navigator | null} that screen's active child
   */
  activeChild(screen) { return this.#navigatorQuery("navcore_active_child", BigInt(this.#idOf(screen))); }

  /**
   * @param {Screen} screen one of its screens
   * @returns {Navigator[]} every child attached to it, in attach order
   */
  children(screen) {
    const id = BigInt(this.#idOf(screen));
    const handles = this.#call((lib, arena) => {
      for (let capacity = 8; ;) {
        const buffer = arena.allocate(4 * capacity);
        lib.check(lib.c.navcore_children_copy(lib.out, buffer, capacity, this.#handle, id));
        const count = lib.memory.view.getUint32(lib.out, true);
        if (count <= capacity) {
          return Array.from({ length: count }, (_, index) => lib.memory.view.getUint32(buffer + 4 * index, true));
        }
        capacity = count;
      }
    });
    return handles.flatMap((handle) => {
      const child = OPEN.get(handle);
      return child ? [child] : [];
    });
  }

  /** @returns {Screen | null} the screen of its parent it is attached to (null: a root or a modal) */
  get hostScreen() {
    const id = this.#query("navcore_host_screen", "id");
    const parent = id ? this.parent : null;
    return parent ? parent.#screenOf(id) : null;
  }

  /** @returns {boolean} whether it is a modal (presented, or pending) */
  get isModal() { return this.#query("navcore_is_modal", "bool"); }

  /** @returns {boolean} whether it is on screen (SPEC §16.5): placed, visible, not covered */
  get onScreen() { return this.#query("navcore_is_on_screen", "bool"); }
}
