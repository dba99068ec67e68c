// DemoApp: a real navcore host in a page. It owns a host-dispatch navigator, turns the page's
// buttons into ops, plays transitions as CSS transitions (StackView), drives the back gesture
// from pointer events (EdgeSwipe), keeps the browser's history in step (HistorySync), asks
// "Discard changes?" for the deferred veto (DiscardDialog), and saves the stack for the next load.
// The web twin of demo/navdemo/app.py and commands.py.

import { BusyError, InvalidError, LATER, Navigator, StateError } from "navcore";

import { Card, Compose, DEEP_LINK, Home, Inbox, KINDS, Message, Namer, Page, Picker } from "./cards.js";
import { DiscardDialog } from "./dialog.js";
import { Drainer } from "./drainer.js";
import { EventLog } from "./event-log.js";
import { HistorySync } from "./history-sync.js";
import { linkEntries } from "./links.js";
import { loadSaved, storeSaved } from "./saved-stack.js";
import { StackView } from "./stack-view.js";
import { EdgeSwipe } from "./swipe.js";

/** The navigation bar shows from this depth on. */
const BAR_THRESHOLD = 3;
/** Seconds between the worker's notifications when they are on. */
const NOTIFY_EVERY = 8;

/** @typedef {import("navcore").Operation} Operation */
/** @typedef {import("navcore").Screen} Screen */
/** @typedef {{ label: string, op: Operation }} Tracked an op asked and not ended, for the ops panel */

/**
 * The page's elements the app draws into.
 * @typedef {object} Elements
 * @property {HTMLElement} screens the device's screen area, where the swipe starts
 * @property {HTMLElement} cards the element in it that holds the stack's cards
 * @property {HTMLDialogElement} dialog the "Discard changes?" dialog
 */

export class DemoApp {
  /** @param {Elements} elements */
  constructor(elements) {
    this.log = new EventLog();
    this.namer = new Namer();
    /** The message line (a refusal, a cancelled swipe, a notification). */
    this.message = "";
    /** @type {Tracked[]} */
    this.ops = [];
    /** @type {Set<() => void>} called after anything changed (the panels redraw) */
    this.watchers = new Set();
    this.unread = 2;
    this.messageId = 40;
    this.autoNotify = false;
    /** Notifications asked of the worker (Notify) that it has not sent yet. */
    this.notifying = 0;

    const nav = this.nav = new Navigator("host");
    nav.addListener(this.log);
    this.drainer = new Drainer(nav, () => this.refresh(), (error) => this.#failed(error));
    this.view = new StackView(elements.cards, nav, (text) => this.log.note(text), () => this.refresh());
    this.dialog = new DiscardDialog(elements.dialog);
    this.history = new HistorySync(nav, (screen) => this.log.name(screen), (label, ask) => this.ask(label, ask),
      (text) => this.log.note(text));
    this.swipe = new EdgeSwipe(elements.screens, this);
    nav.on("done", (event) => this.#done(event));
    nav.on("payload", (event) => this.#payload(event));
    nav.animator = (transition) => {
      this.log.transition(transition);
      this.view.animate(transition);
    };
    nav.veto = (screen, byGesture, decision) => this.#shouldPop(screen, byGesture, decision);
    for (const [route, kind] of KINDS) nav.registerRoute(route, (request) => this.#make(kind, request.payload));
    nav.barThreshold = BAR_THRESHOLD;

    this.worker = new Worker(new URL("./notifier.js", import.meta.url));
    this.worker.onmessage = (event) => this.#notified(event.data);
  }

  /**
   * Puts the first stack in place: the saved one (unless `fresh`), else a home screen. Resolves
   * once it is there; then the history follows the stack.
   * @param {boolean} fresh
   */
  async start(fresh) {
    const saved = fresh ? null : loadSaved();
    if (saved === null || !(await this.#restore(saved))) await this.#pushHome();
    this.history.start();
    this.refresh();
  }

  /**
   * Writes each card's state as its screen's saved state, then keeps navcore's saved document.
   * The page calls it when it goes away (pagehide: a reload, a tab closed).
   */
  save() {
    for (const screen of this.nav.stack) {
      if (screen.object instanceof Card) this.nav.setSavedState(screen, screen.object.state());
    }
    if (!storeSaved(this.nav.saveText())) this.say("! the stack was not saved: the browser keeps no storage");
  }

  /**
   * Asks an op, tracked in the ops panel until it ends, noting whether it waits behind others.
   * @param {string} label
   * @param {() => Operation} ask
   * @returns {Operation}
   */
  ask(label, ask) {
    const ahead = this.#ahead();
    const op = ask();
    this.#asked(label, op, ahead);
    return op;
  }

  /**
   * Sets the message line.
   * @param {string} text
   */
  say(text) {
    this.message = text;
  }

  /** The views follow navcore's state: the stack's elements, then every watcher (the panels). */
  refresh() {
    this.view.sync();
    for (const watcher of this.watchers) watcher();
  }

  /**
   * Nothing moves and nothing waits: no slide, no op running or queued, no drain due, no dialog,
   * no notification on its way from the worker, the history in step.
   */
  get settled() {
    return this.view.slide === null && !this.nav.busy && this.nav.pending === 0 && !this.drainer.scheduled &&
      !this.dialog.open && this.notifying === 0 && this.history.settled;
  }

  // -- the page's commands (its buttons' data-command) ----------------------------------------------

  /**
   * Runs a command by name.
   * @param {string} name
   */
  command(name) {
    const commands = /** @type {Record<string, () => void>} */ ({
      push: () => this.#push(),
      back: () => this.ask("back", () => this.nav.back()),
      set: () => this.#set(),
      root: () => this.ask("pop_to_root", () => this.nav.popToRoot()),
      inbox: () => this.#show("inbox", { unread: ++this.unread }),
      message: () => this.#show("message", { id: (this.messageId += 2) }),
      compose: () => this.#show("compose", null),
      open: () => this.#open(),
      notify: () => this.#notify(),
      auto: () => this.#toggleAuto(),
    });
    const run = commands[name];
    if (!run) throw new Error(`unknown command ${name}`);
    this.say("");
    run();
    this.refresh();
  }

  #push() {
    const name = this.namer.next("page");
    const screen = this.nav.createScreen("page", new Page(name, this));
    this.ask(`push ${name}`, () => this.nav.push(screen));
  }

  #set() {
    const root = this.nav.root ?? this.nav.createScreen("home", new Home(this.namer.next("home"), this));
    const inbox = new Inbox(this.namer.next("inbox"), this);
    inbox.unread = 2;
    const message = new Message(this.namer.next("message"), this);
    message.messageId = 7;
    const cards = [inbox, message, new Page(this.namer.next("page"), this)];
    const screens = [root, ...cards.map((card) => this.nav.createScreen(card.route, card))];
    cards.forEach((card) => card.update());
    this.ask(`set ${screens.map((screen) => this.log.name(screen)).join(">")}`, () => this.nav.setStack(screens));
  }

  /**
   * @param {string} route
   * @param {Record<string, number> | null} payload
   */
  #show(route, payload) {
    const text = payload ? ` ${JSON.stringify(payload)}` : "";
    this.ask(`show ${route}${text}`, () => this.nav.show(route, { payload, removeCurrent: false, animated: true }));
  }

  #open() {
    /** @type {Array<[string, Record<string, string | number> | null]>} */
    const entries = [["home", null], ...linkEntries(DEEP_LINK)];
    const op = this.ask("open deep link", () => this.nav.open(entries, { animated: true }));
    this.say(`opening ${DEEP_LINK} over a new home: one op builds the stack`);
    op.then((outcome) => {
      this.say(outcome === "completed" ? `opened the link ${DEEP_LINK}: a whole stack in one op`
        : `! the link did not open: ${outcome}`);
      this.refresh();
    });
  }

  #notify() {
    this.notifying += 1;
    this.worker.postMessage("now");
  }

  #toggleAuto() {
    this.autoNotify = !this.autoNotify;
    this.worker.postMessage({ every: this.autoNotify ? NOTIFY_EVERY : null });
    this.say(this.autoNotify ? `the worker notifies every ${NOTIFY_EVERY} s` : "the worker notifies on Notify only");
  }

  // -- what the cards ask (CardHost) ----------------------------------------------------------------

  /**
   * Pushes a picker for a result; its choice comes back to `compose` (SPEC §12).
   * @param {Compose} compose
   */
  choose(compose) {
    if (this.nav.top?.object !== compose || this.view.slide) return;
    const picker = new Picker(this.namer.next("picker"), this);
    const screen = this.nav.createScreen("picker", picker);
    const ahead = this.#ahead();
    /** @type {import("navcore").ScreenResult<string>} */
    const result = this.nav.pushForResult(screen);
    this.#asked(`push ${picker.name} (result)`, /** @type {Operation} */ (result.operation), ahead);
    this.say(`choose a recipient: the choice comes back to ${compose.name}`);
    result.then((choice) => {
      this.log.note(`> ${compose.name} got the result ${choice === null ? "-" : JSON.stringify(choice)}`);
      if (typeof choice === "string") {
        compose.to = choice;
        compose.update();
        this.say(`the picker's result came back to ${compose.name}: to ${choice}`);
      } else {
        this.say(`no recipient chosen: ${compose.name} keeps ${compose.to ?? "nobody"}`);
      }
      this.refresh();
    });
  }

  /**
   * The picker's choice: pops it carrying the choice as its result (null: none).
   * @param {string | null} choice
   */
  pick(choice) {
    if (!(this.nav.top?.object instanceof Picker) || this.view.slide) return;
    const result = choice === null ? {} : { result: choice };
    this.ask(`pop result ${JSON.stringify(choice)}`, () => this.nav.pop(result));
  }

  /** A card changed on its own (the note was edited). */
  changed() {
    this.refresh();
  }

  // -- the swipe's (SwipeHost) ----------------------------------------------------------------------

  /** Asks navcore for the back gesture; true when it runs (the slide follows the pointer). */
  startGesture() {
    let op;
    try {
      op = this.nav.gesture();
    } catch (error) {
      if (error instanceof BusyError) this.say("! swipe refused: busy (navcore never queues a gesture)");
      else if (error instanceof StateError) this.say(`! swipe refused: ${error.message}`);
      else throw error;
      this.refresh();
      return false;
    }
    if (op.done) { // noop (one screen) or vetoed: it ended at the call
      if (op.outcome === "noop") this.say("nothing to swipe back to");
      this.refresh();
      return false;
    }
    this.#track("gesture", op);
    this.log.note("> swipe: the gesture follows the pointer");
    this.refresh();
    return true;
  }

  // -- navcore's callbacks (from a drain, or at once for finish, cancel, gesture and decide) ---------

  /**
   * A route's factory: a new card, named by its payload when a restore gives back its name.
   * @param {typeof Card} kind
   * @param {string | null} payload
   */
  #make(kind, payload) {
    let name = null;
    try {
      name = payload === null ? null : JSON.parse(payload)?.name;
    } catch {
      name = null;
    }
    return new kind(typeof name === "string" ? this.namer.claim(kind.route, name) : this.namer.next(kind.route), this);
  }

  /**
   * The veto: a compose screen with unsaved changes asks "Discard changes?" for the back button
   * (it answers LATER and decides after the dialog, SPEC §13) and refuses the swipe (a finger
   * cannot wait for a dialog: navcore counts LATER as no for the gesture).
   * @param {Screen} screen
   * @param {boolean} byGesture
   * @param {import("navcore").Decision} decision
   * @returns {boolean | "later"}
   */
  #shouldPop(screen, byGesture, decision) {
    const card = screen.object;
    const trigger = byGesture ? "gesture" : "button";
    const name = this.log.name(screen);
    if (!(card instanceof Compose) || !card.dirty) {
      this.log.note(`> should_pop ${name} ${trigger} yes`);
      return true;
    }
    if (byGesture) {
      this.log.note(`> should_pop ${name} gesture no: unsaved changes`);
      return false;
    }
    this.log.note(`> should_pop ${name} button later: the dialog asks`);
    this.say("the back waits for the dialog's answer (a pending decision)");
    this.dialog.ask(name, (allow) => {
      if (allow) card.discard();
      this.log.note(`> dialog: ${allow ? "discard" : "keep editing"}`);
      this.nav.decide(decision, allow);
      this.say(allow ? "changes discarded: the back goes on" : "kept editing: the back is vetoed");
      this.refresh();
    });
    return LATER;
  }

  /** @param {import("navcore").DoneEvent} event */
  #done(event) {
    if (event.outcome === "vetoed" && event.op === "gesture") {
      this.say("! unsaved changes: the swipe is refused by the veto. Save or Discard the note");
    } else if (event.op === "gesture" && event.outcome === "cancelled") {
      this.say("swipe cancelled: the screen is restored");
    } else if (event.op === "back" && event.outcome === "noop") {
      this.say("nothing to go back to");
    }
    this.history.follow();
  }

  /** @param {import("navcore").PayloadEvent} event */
  #payload(event) {
    const card = event.screen.object;
    if (card instanceof Card && card.route === "alert") {
      this.say(`${card.title}: posted by the worker, delivered by the page's drain`);
    }
  }

  /**
   * The worker sent a notification: post the alert route (it queues; the next drain delivers it).
   * @param {{ n: number, from: string, asked: boolean }} note
   */
  #notified({ asked, ...note }) {
    // Only the answer to a Notify click settles it; a timer's message arrives on its own.
    if (asked) this.notifying = Math.max(0, this.notifying - 1);
    this.ask(`post alert #${note.n}`, () =>
      this.nav.post("alert", { payload: note, removeCurrent: false, animated: true }));
  }

  async #pushHome() {
    const home = this.nav.createScreen("home", new Home(this.namer.next("home"), this));
    await this.ask("push home", () => this.nav.push(home, { animated: false }));
  }

  /**
   * Asks navcore to restore a saved stack; false when the document is refused or its open fails
   * (a route gone): then the page starts at home.
   * @param {string} saved
   */
  async #restore(saved) {
    let op;
    try {
      op = this.ask("restore the saved stack", () => this.nav.restore(saved, { animated: false }));
    } catch (error) {
      if (!(error instanceof InvalidError)) throw error;
      this.say(`! the saved stack was refused (${error.message}): starting fresh`);
      return false;
    }
    const outcome = await op;
    if (outcome !== "completed") {
      this.say(`! the saved stack could not be opened (${outcome}): starting fresh`);
      return false;
    }
    this.say(`restored the saved stack: ${this.nav.stack.map((screen) => this.log.name(screen)).join(" > ")}`);
    return true;
  }

  /** How many ops a new one waits behind: the one running, and those queued. */
  #ahead() {
    return (this.nav.busy ? 1 : 0) + this.nav.pending;
  }

  /**
   * Tracks an op just asked, noting whether it waits behind others.
   * @param {string} label
   * @param {Operation} op
   * @param {number} ahead
   */
  #asked(label, op, ahead) {
    this.#track(label, op);
    this.log.note(`> ${label}${ahead ? `: queued behind ${ahead}` : ""}`);
    this.refresh();
  }

  /**
   * @param {string} label
   * @param {Operation} op
   */
  #track(label, op) {
    const tracked = { label, op };
    this.ops.push(tracked);
    op.then(() => {
      this.ops = this.ops.filter((other) => other !== tracked);
      this.refresh();
    });
  }

  /** @param {unknown} error what a callback threw during a drain */
  #failed(error) {
    console.error(error);
    this.say(`! a callback threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}
