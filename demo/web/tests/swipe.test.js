// The swipe's release decision (swipe.js's commits), under Node: by distance, by a flick's speed
// over the last moves, never for a lost pointer. The browser test drives the whole swipe; a
// flick's speed depends on when events arrive, so it is decided here on exact times.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { COMMIT_AT, FLICK_SPEED, VELOCITY_WINDOW_MS, commits } from "../swipe.js";

const WIDTH = 300;

/**
 * A drag from x = 0 at time 0 through `xs`, one move every `every` ms, released at the last one
 * after `rest` ms more.
 * @param {number[]} xs
 * @param {{ every?: number, rest?: number, lost?: boolean }} [options]
 */
function swipe(xs, { every = 10, rest = 0, lost = false } = {}) {
  const moves = [{ time: 0, x: 0 }, ...xs.map((x, index) => ({ time: (index + 1) * every, x }))];
  const last = moves[moves.length - 1];
  return commits({ startX: 0, width: WIDTH, moves, release: { time: last.time + rest, x: last.x }, lost });
}

describe("a released swipe", () => {
  it("commits past half way, and springs back before it when it rested", () => {
    assert.equal(swipe([100, 150], { rest: 500 }), true);
    assert.equal(swipe([100, 149], { rest: 500 }), false);
    assert.equal(COMMIT_AT * WIDTH, 150);
  });

  it("commits below half way when flicked to the right", () => {
    const step = FLICK_SPEED * 10 * 2; // twice the flick speed
    assert.equal(swipe([step, 2 * step, 3 * step]), true);
    assert.ok(3 * step / WIDTH < COMMIT_AT, "the flick ends below half way");
  });

  it("does not flick when slow, when moving left, or when the moves are older than the window", () => {
    const slow = FLICK_SPEED * 10 / 2;
    assert.equal(swipe([slow, 2 * slow, 3 * slow]), false);
    const back = [{ time: 0, x: 0 }, { time: 200, x: 140 }, { time: 260, x: 120 }, { time: 270, x: 90 }];
    assert.equal(commits({ startX: 0, width: WIDTH, moves: back, release: { time: 280, x: 60 }, lost: false }), false,
      "fast, but back to the left");
    assert.equal(swipe([40, 80, 120], { rest: VELOCITY_WINDOW_MS + 1 }), false);
  });

  it("never commits when the pointer was lost (pointercancel)", () => {
    assert.equal(swipe([100, 200, 290], { rest: 500, lost: true }), false);
  });
});
