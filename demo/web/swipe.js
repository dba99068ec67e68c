// The interactive back gesture: a drag that starts at the left edge of the device's screen, read
// from pointer events (mouse, pen or touch alike).
//
// A press within EDGE_PX of the left edge arms it; once the pointer has moved SLOP_PX to the
// right, the app asks navcore for the gesture (which starts at once or is refused: busy, a veto,
// one screen). While the pointer moves, the slide follows it and navcore hears the progress; on
// release it commits when it is past half way or was flicked to the right, else it springs back
// and navcore's gesture is cancelled. A lost pointer (pointercancel) springs back too.

/** How close to the left edge a press must start, in CSS pixels. */
export const EDGE_PX = 24;
/** How far the pointer moves before the drag counts as a swipe (a press alone is not one). */
const SLOP_PX = 8;
/** A release past this progress commits. */
export const COMMIT_AT = 0.5;
/** A flick: a release moving right faster than this (px/ms) commits whatever the progress. */
export const FLICK_SPEED = 0.8;
/** The velocity is measured over the pointer's last moves within this many ms. */
export const VELOCITY_WINDOW_MS = 80;

/** @typedef {{ time: number, x: number }} PointerSample a pointer's position (px) at a time (ms) */

/**
 * Whether a released swipe commits (finish) rather than springs back (cancel): it is past
 * COMMIT_AT of the width, or it was flicked to the right — faster than FLICK_SPEED over its moves
 * of the last VELOCITY_WINDOW_MS before the release. A pointer that rested before letting go has
 * no recent moves, so no flick; a lost pointer never commits.
 * @param {{ startX: number, width: number, moves: PointerSample[], release: PointerSample, lost: boolean }} swipe
 */
export function commits({ startX, width, moves, release, lost }) {
  if (lost) return false;
  if ((release.x - startX) / width >= COMMIT_AT) return true;
  const first = moves.find((move) => release.time - move.time <= VELOCITY_WINDOW_MS);
  const elapsed = first ? release.time - first.time : 0;
  return first !== undefined && elapsed > 0 && (release.x - first.x) / elapsed >= FLICK_SPEED;
}

/**
 * What the swipe asks of the app: start navcore's gesture (true when it runs), and the stack
 * view that draws it.
 * @typedef {{ startGesture(): boolean, view: import("./stack-view.js").StackView }} SwipeHost
 */

export class EdgeSwipe {
  /**
   * @param {HTMLElement} surface the device's screen area
   * @param {SwipeHost} host
   */
  constructor(surface, host) {
    this.surface = surface;
    this.host = host;
    /** @type {{ pointerId: number, startX: number, swiping: boolean, refused: boolean,
     *           moves: PointerSample[] } | null} */
    this.drag = null;
    surface.addEventListener("pointerdown", (event) => this.#down(event));
    surface.addEventListener("pointermove", (event) => this.#move(event));
    surface.addEventListener("pointerup", (event) => this.#up(event, false));
    surface.addEventListener("pointercancel", (event) => this.#up(event, true));
  }

  /** @param {PointerEvent} event */
  #down(event) {
    if (!event.isPrimary || event.button !== 0 || this.drag) return;
    const left = this.surface.getBoundingClientRect().left;
    if (event.clientX - left > EDGE_PX) return;
    event.preventDefault(); // no text selection while dragging
    this.surface.setPointerCapture(event.pointerId);
    this.drag = { pointerId: event.pointerId, startX: event.clientX, swiping: false, refused: false,
      moves: [{ time: event.timeStamp, x: event.clientX }] };
  }

  /** @param {PointerEvent} event */
  #move(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId || drag.refused) return;
    const dx = event.clientX - drag.startX;
    drag.moves.push({ time: event.timeStamp, x: event.clientX });
    drag.moves = drag.moves.filter((move) => event.timeStamp - move.time <= VELOCITY_WINDOW_MS);
    if (!drag.swiping) {
      if (dx < SLOP_PX) return;
      drag.swiping = this.host.startGesture();
      drag.refused = !drag.swiping; // refused once per press, not once per move
      if (!drag.swiping) return;
    }
    this.host.view.drag(dx / this.surface.clientWidth);
  }

  /**
   * @param {PointerEvent} event
   * @param {boolean} lost the pointer was taken away (pointercancel): spring back
   */
  #up(event, lost) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (!drag.swiping) return;
    this.host.view.release(commits({ startX: drag.startX, width: this.surface.clientWidth, moves: drag.moves,
      release: { time: event.timeStamp, x: event.clientX }, lost }));
  }
}
