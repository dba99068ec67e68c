// The demo's screen objects: each navcore screen's object is a card, which owns the DOM element
// the stack view shows for it, hears its own hooks (willShow, didShow, receivePayload) and
// writes its saved state. The web twin of demo/navdemo/screens.py.
//
// Every card can come back after a reload: state() is what it writes as its screen's saved state
// before the page saves the stack (SPEC §14), and receivePayload reads it back when the
// restore's open makes the screen again (a saved state arrives as the new screen's payload). A
// state always holds the card's name, so a restored stack keeps its names.

/** The deep link that "Open link" opens over a new home. */
export const DEEP_LINK = "inbox/message?id=42";

/**
 * What a card asks of the app (its buttons): choose a recipient for a compose screen on a
 * picker pushed for a result, pop the picker with a choice, and refresh the panels after an edit.
 * @typedef {{ choose(compose: Compose): void, pick(choice: string | null): void, changed(): void }} CardHost
 */

/**
 * A DOM element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {Array<Node | string>} [children]
 * @returns {HTMLElement}
 */
export function element(tag, attributes = {}, children = []) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

/**
 * A screen drawn as a card: a title, a body, and how often navcore told it that it will show and
 * did. A kind's constructor fills the body (after this one) and ends with update().
 */
export class Card {
  static route = "page";
  static title = "Page";

  /**
   * @param {string} name unique among the app's cards: "home", "page2", "compose"
   * @param {CardHost} host
   */
  constructor(name, host) {
    const kind = /** @type {typeof Card} */ (this.constructor);
    this.name = name;
    this.route = kind.route;
    this.title = kind.title;
    this.host = host;
    this.willShows = 0;
    this.shown = 0;
    this.heading = element("h2");
    this.body = element("div", { class: "body" });
    this.hooks = element("p", { class: "hooks" });
    /** The element the stack view shows for this card's screen. */
    this.element = element("section", { class: "screen", "data-name": name, "data-route": this.route },
      [this.heading, this.body, this.hooks]);
  }

  /** Redraws what changes: the title and the hook counts (a kind adds its own fields). */
  update() {
    this.heading.textContent = this.title;
    this.hooks.textContent = `hooks: will_show ${this.willShows}, did_show ${this.shown}`;
  }

  /** @returns {Record<string, unknown>} what this card needs to come back after a reload */
  state() { return { name: this.name }; }

  /**
   * navcore: a payload was delivered (a show, a post, or a restore giving back state()).
   * @param {string} payload
   */
  receivePayload(payload) {
    this.restore(fields(payload));
    this.update();
  }

  /**
   * Takes the fields of a payload that this kind of card knows (none by default).
   * @param {Record<string, unknown>} _data
   */
  restore(_data) {}

  /** navcore: this screen is about to become the top. */
  willShow() {
    this.willShows += 1;
    this.update();
  }

  /** navcore: this screen has become the top (pushed, revealed by a pop, restored). */
  didShow() {
    this.shown += 1;
    this.update();
  }
}

/** The root screen. */
export class Home extends Card {
  static route = "home";
  static title = "Home";

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.body.append(
      element("p", {}, ["the root screen"]),
      element("p", { class: "hint" }, ["Push, or hammer it during a slide: the pushes queue."]),
      element("p", { class: "hint" }, ["Drag from the left edge to swipe back;",
        " the browser's Back button goes back too."]),
      element("p", { class: "hint" }, [`Open link opens ${DEEP_LINK} in one op.`]));
    this.update();
  }
}

/** A plain screen pushed with Push; its title is its number. */
export class Page extends Card {
  /** @param {string} name "page" and a number @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.title = `Page ${name.slice(4)}`;
    this.body.append(element("p", {}, ["a screen pushed with Push"]));
    this.update();
  }
}

/** The inbox route; its payload is the unread count. */
export class Inbox extends Card {
  static route = "inbox";
  static title = "Inbox";

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.unread = 0;
    this.count = element("p");
    this.body.append(this.count, element("p", { class: "hint" }, ["shown again: recycled, with the new count"]));
    this.update();
  }

  update() {
    super.update();
    this.count.textContent = `${this.unread} unread`;
  }

  state() { return { ...super.state(), unread: this.unread }; }

  /** @param {Record<string, unknown>} data a show delivered {"unread": n} */
  restore(data) { this.unread = Number(data.unread ?? 0); }
}

/** The message route; its payload names the message. */
export class Message extends Card {
  static route = "message";
  static title = "Message";

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    /** @type {unknown} */
    this.messageId = null;
    this.payloads = 0;
    this.text = element("p");
    this.body.append(this.text);
    this.update();
  }

  update() {
    super.update();
    this.text.textContent = `message #${this.messageId}, payloads received: ${this.payloads}`;
  }

  state() { return { ...super.state(), id: this.messageId }; }

  /** @param {Record<string, unknown>} data a show or a deep link delivered {"id": n} */
  restore(data) {
    this.messageId = data.id ?? null;
    this.payloads += 1;
  }
}

/**
 * The compose route: a note whose unsaved changes make the back button ask "Discard changes?"
 * (the deferred veto) and refuse the swipe, and a recipient chosen on a picker pushed for a result.
 */
export class Compose extends Card {
  static route = "compose";
  static title = "Compose";

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.saved = "";
    /** @type {string | null} */
    this.to = null;
    this.field = /** @type {HTMLInputElement} */ (element("input", { class: "note", placeholder: "type a note",
      "aria-label": "note", maxlength: "40" }));
    this.field.addEventListener("input", () => {
      this.update();
      this.host.changed();
    });
    this.status = element("span", { class: "note-state" });
    this.recipient = element("span", { class: "recipient" });
    this.body.append(
      element("p", {}, [this.field, " ", this.status]),
      element("p", {}, [button("Save", "save-note", () => this.save()), " ",
        button("Discard", "discard-note", () => this.discard())]),
      element("p", {}, ["to: ", this.recipient, " ", button("Choose…", "choose", () => this.host.choose(this))]));
    this.update();
  }

  /** The note as typed. */
  get text() { return this.field.value; }

  set text(value) { this.field.value = value; }

  /** Whether the note has unsaved changes. */
  get dirty() { return this.text !== this.saved; }

  /** Keeps the note as typed. */
  save() {
    this.saved = this.text;
    this.update();
    this.host.changed();
  }

  /** Drops the unsaved changes. */
  discard() {
    this.text = this.saved;
    this.update();
    this.host.changed();
  }

  update() {
    super.update();
    this.status.textContent = this.dirty ? "unsaved" : "saved";
    this.status.classList.toggle("unsaved", this.dirty);
    this.recipient.textContent = this.to ?? "(nobody yet)";
  }

  /** The saved note, the unsaved draft and the recipient: a restored draft is still unsaved. */
  state() { return { ...super.state(), saved: this.saved, text: this.text, to: this.to }; }

  /** @param {Record<string, unknown>} data */
  restore(data) {
    this.saved = String(data.saved ?? "");
    this.text = String(data.text ?? this.saved);
    this.to = data.to == null ? null : String(data.to);
  }
}

/**
 * The picker route: recipients to choose from. A choice pops the picker carrying it as its result
 * (SPEC §12), which goes back to the compose screen that pushed it for a result.
 */
export class Picker extends Card {
  static route = "picker";
  static title = "Choose a recipient";
  static CHOICES = ["ada", "grace", "linus"];

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.body.append(...Picker.CHOICES.map((choice) =>
      element("p", {}, [button(choice, `pick-${choice}`, () => this.host.pick(choice))])),
    element("p", {}, [button("nobody", "pick-none", () => this.host.pick(null))]));
    this.update();
  }
}

/** The alert route, posted from the notification worker: who posted, and where it arrived. */
export class Alert extends Card {
  static route = "alert";
  static title = "Notification";

  /** @param {string} name @param {CardHost} host */
  constructor(name, host) {
    super(name, host);
    this.number = 0;
    this.postedBy = "?";
    this.text = element("p");
    this.body.append(this.text);
    this.update();
  }

  update() {
    this.title = `Notification ${this.number}`;
    this.text.textContent = `posted by ${this.postedBy}, delivered by a drain on the page's event loop`;
    super.update();
  }

  state() { return { ...super.state(), n: this.number, from: this.postedBy }; }

  /** @param {Record<string, unknown>} data a post delivered {"n": k, "from": who} */
  restore(data) {
    this.number = Number(data.n ?? 0);
    this.postedBy = String(data.from ?? "?");
  }
}

/** The kinds of card by route: each is a registered route, so that a saved stack can be opened. */
export const KINDS = new Map([Home, Page, Inbox, Message, Compose, Picker, Alert].map((kind) => [kind.route, kind]));

/** Short unique names for cards: "inbox", "inbox2"; pages are "page1", "page2". */
export class Namer {
  constructor() {
    /** @type {Map<string, number>} */
    this.counts = new Map();
  }

  /**
   * The name of the next card of `route`.
   * @param {string} route
   */
  next(route) {
    const count = (this.counts.get(route) ?? 0) + 1;
    this.counts.set(route, count);
    if (route === "page") return `page${count}`;
    return count === 1 ? route : `${route}${count}`;
  }

  /**
   * Takes a restored card's name: later names of `route` come after it.
   * @param {string} route
   * @param {string} name
   */
  claim(route, name) {
    const match = name.startsWith(route) ? /^[0-9]*$/.exec(name.slice(route.length)) : null;
    if (match) {
      const count = match[0] ? Number(match[0]) : 1;
      this.counts.set(route, Math.max(this.counts.get(route) ?? 0, count));
    }
    return name;
  }
}

/**
 * A button that calls `action` on click.
 * @param {string} label
 * @param {string} command its data-command, by which the test finds it
 * @param {() => void} action
 */
function button(label, command, action) {
  const made = element("button", { type: "button", "data-command": command }, [label]);
  made.addEventListener("click", action);
  return made;
}

/**
 * A payload's JSON object (an empty object for anything else).
 * @param {string} payload
 * @returns {Record<string, unknown>}
 */
function fields(payload) {
  try {
    const data = JSON.parse(payload);
    return data !== null && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}
