// The DOM side of the stack: one element per screen of navcore's stack, in stack order, and the
// animator that plays navcore's transitions as CSS transitions.
//
// navcore has changed the stack before it hands a transition to the animator (SPEC §4 step 2),
// so the DOM follows the stack at once, except that the screen a pop removes keeps its element
// (marked "leaving") until the transition ends. A slide moves one card: the new top in from
// the right for a push, the old top out to the right for a pop; the card under it moves a
// little and darkens. The interactive back gesture places the same slide at the finger's
// progress, then settles it forward (finish) or back (cancel).

/** How long a slide takes; style.css's --slide-ms says the same to the CSS transition. */
export const SLIDE_MS = 320;
/** Past the slide's time, a missing transitionend ends it anyway (a hidden tab renders nothing). */
const FALLBACK_MS = SLIDE_MS + 250;

/**
 * The transition in flight and where its slide is: x is how far the moving card is out to the
 * right, 0 (covering) to 1 (gone).
 * @typedef {object} Slide
 * @property {import("navcore").Transition} transition
 * @property {HTMLElement} moving the card that slides: the pushed one, or the popped one
 * @property {HTMLElement} under the card it uncovers or covers
 * @property {number} x
 * @property {boolean} held an interactive slide the user still drags
 * @property {boolean} ended
 * @property {() => void} [cleanup] stops listening for the end of its CSS transition
 */

export class StackView {
  /**
   * @param {HTMLElement} container the element that holds the cards, nothing else
   * @param {import("navcore").Navigator} nav
   * @param {(text: string) => void} note the event log's host note
   * @param {() => void} changed called after the slide moved by hand or ended
   */
  constructor(container, nav, note, changed) {
    this.container = container;
    this.nav = nav;
    this.note = note;
    this.changed = changed;
    /** @type {Slide | null} */
    this.slide = null;
    /** @type {Map<number, HTMLElement>} the element of each screen shown, by screen id */
    this.elements = new Map();
  }

  /**
   * Makes the DOM's screens navcore's stack, bottom first, then the screen a slide is removing.
   * Moves an element only when the order differs (moving one would restart its CSS transition).
   */
  sync() {
    const stack = this.nav.stack;
    /** @type {HTMLElement[]} */
    const wanted = [];
    for (const screen of stack) {
      const card = /** @type {{ element?: HTMLElement } | null} */ (screen.object);
      const shown = this.elements.get(screen.id) ?? card?.element;
      if (!shown) continue;
      shown.dataset.id = String(screen.id);
      shown.classList.remove("leaving");
      this.elements.set(screen.id, shown);
      wanted.push(shown);
    }
    const slide = this.slide;
    if (slide && !wanted.includes(slide.moving)) {
      slide.moving.classList.add("leaving");
      wanted.push(slide.moving);
    }
    const ids = new Set(wanted.map((shown) => Number(shown.dataset.id)));
    for (const [id, shown] of this.elements) {
      if (!ids.has(id)) {
        shown.remove();
        this.elements.delete(id);
      }
    }
    wanted.forEach((shown, index) => {
      const there = this.container.children[index];
      if (there !== shown) this.container.insertBefore(shown, there ?? null);
      shown.classList.toggle("top", index === wanted.length - 1 && !shown.classList.contains("leaving"));
      shown.classList.toggle("covered", index < wanted.length - 1 && !this.#inSlide(shown));
    });
  }

  /**
   * The names of the screens the DOM shows as the stack, bottom first (without a leaving one).
   * @returns {string[]}
   */
  shown() {
    return [...this.container.querySelectorAll(".screen:not(.leaving)")].map((shown) =>
      /** @type {HTMLElement} */ (shown).dataset.name ?? "?");
  }

  /**
   * navcore's animator: plays a transition. A plain one slides at once and is finished when its
   * CSS transition ends; the interactive gesture's waits for drag() and release().
   * @param {import("navcore").Transition} transition
   */
  animate(transition) {
    const from = this.#element(transition.fromScreen);
    const to = this.#element(transition.toScreen);
    if (!from || !to) { // a screen without a card: nothing to draw
      transition.finish();
      return;
    }
    const push = transition.style === "push";
    /** @type {Slide} */
    const slide = { transition, moving: push ? to : from, under: push ? from : to, x: push ? 1 : 0,
      held: transition.interactive, ended: false };
    this.slide = slide;
    this.sync();
    this.#place(slide, slide.x);
    if (!slide.held) this.#settle(slide, push ? 0 : 1);
  }

  /** Whether the user is dragging the back gesture. */
  get held() { return this.slide?.held ?? false; }

  /**
   * The gesture follows the finger: progress p (0..1) of the pop, reported to navcore.
   * @param {number} progress
   */
  drag(progress) {
    const slide = this.slide;
    if (!slide || !slide.held) return;
    const p = Math.min(1, Math.max(0, progress));
    this.#place(slide, p);
    slide.transition.progress(p);
    this.changed();
  }

  /**
   * The finger let go: the gesture settles forward and is finished, or back and is cancelled.
   * @param {boolean} commit
   */
  release(commit) {
    const slide = this.slide;
    if (!slide || !slide.held) return;
    slide.held = false;
    this.note(`> swipe released at ${Math.round(slide.x * 100)}%: ${commit ? "commits" : "springs back"}`);
    this.#settle(slide, commit ? 1 : 0);
  }

  /**
   * Plays the CSS transition of `slide` to x = `target`, then ends it through navcore.
   * @param {Slide} slide
   * @param {number} target
   */
  #settle(slide, target) {
    const finish = slide.transition.interactive ? target === 1 : true;
    if (slide.x === target) {
      this.#end(slide, finish);
      return;
    }
    slide.moving.getBoundingClientRect(); // the start position is laid out before the transition
    slide.moving.classList.add("sliding");
    slide.under.classList.add("sliding");
    /** @param {TransitionEvent} event */
    const ended = (event) => {
      if (event.target === slide.moving && event.propertyName === "transform") this.#end(slide, finish);
    };
    slide.moving.addEventListener("transitionend", ended);
    const fallback = setTimeout(() => this.#end(slide, finish), FALLBACK_MS);
    slide.cleanup = () => {
      slide.moving.removeEventListener("transitionend", ended);
      clearTimeout(fallback);
    };
    this.#place(slide, target);
  }

  /**
   * Ends a slide once: resets its cards and tells navcore (finish, or cancel for a gesture that
   * sprang back). navcore then runs the op's last events, and the next op waits for a drain.
   * @param {Slide} slide
   * @param {boolean} finish
   */
  #end(slide, finish) {
    if (slide.ended) return;
    slide.ended = true;
    slide.cleanup?.();
    for (const card of [slide.moving, slide.under]) {
      card.classList.remove("sliding");
      card.style.transform = "";
      card.style.removeProperty("--shade");
    }
    this.slide = null;
    if (finish) slide.transition.finish();
    else slide.transition.cancel();
    this.sync();
    this.changed();
  }

  /**
   * Puts the moving card x of the way out and the card under it in step.
   * @param {Slide} slide
   * @param {number} x
   */
  #place(slide, x) {
    slide.x = x;
    slide.moving.style.transform = `translateX(${(x * 100).toFixed(2)}%)`;
    slide.under.style.transform = `translateX(${(-30 * (1 - x)).toFixed(2)}%)`;
    slide.under.style.setProperty("--shade", (0.25 * (1 - x)).toFixed(3));
  }

  /**
   * @param {import("navcore").Screen} screen
   * @returns {HTMLElement | undefined}
   */
  #element(screen) {
    const card = /** @type {{ element?: HTMLElement } | null} */ (screen.object);
    return this.elements.get(screen.id) ?? card?.element;
  }

  /** @param {HTMLElement} shown */
  #inSlide(shown) {
    return this.slide !== null && (shown === this.slide.moving || shown === this.slide.under);
  }
}
