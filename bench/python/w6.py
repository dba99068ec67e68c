"""W6 of `make bench`: W1 through the Python binding.

A Navigator (inline dispatch, no animator) with one root screen and Python listeners for
will_show and did_show only; each cycle creates a screen, pushes it and pops it (the pop releases
it). Per cycle that is 3 C calls (navcore_screen_create, then the push and the pop, each
through navcore_ask_outcome) and 5 Python callbacks from C: will_show and did_show for the push
and for the pop, and the release (the binding's own, to let go of the screen object); the two ops
end in their calls, which return their outcomes. The floor (floor.py) makes the C form of the
same calls (navcore_push, navcore_pop) and receives their 7 callbacks, the two op completions
included, with no binding around them.

Usage: python w6.py [cycles [warmup]]; prints one JSON line.
"""

import json
import sys
import time

import navcore

CALLBACKS_PER_CYCLE = 5


def main() -> int:
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    warmup = int(sys.argv[2]) if len(sys.argv) > 2 else cycles // 10
    seen = [0, 0]

    def on_will_show(event):
        seen[0] += 1

    def on_did_show(event):
        seen[1] += 1

    class View:
        pass

    view = View()
    problems = []
    with navcore.Navigator() as nav:
        nav.push(nav.create_screen("", view), animated=False)
        nav.on("will_show", on_will_show)
        nav.on("did_show", on_did_show)
        create_screen, push, pop = nav.create_screen, nav.push, nav.pop
        outcomes = []

        def run(n):
            for _ in range(n):
                screen = create_screen("", view)
                pushed = push(screen, animated=False)
                popped = pop(animated=False)
                if pushed.outcome is not navcore.Outcome.COMPLETED or popped.outcome is not navcore.Outcome.COMPLETED:
                    outcomes.append((pushed.outcome, popped.outcome))

        run(warmup)
        start = time.perf_counter_ns()
        run(cycles)
        elapsed = time.perf_counter_ns() - start
        total = warmup + cycles
        if outcomes:
            problems.append(f"{len(outcomes)} cycles did not complete: {outcomes[:3]}")
        if seen != [2 * total, 2 * total]:
            problems.append(f"listeners saw {seen}, expected {2 * total} each")
        if len(nav.stack) != 1:
            problems.append(f"stack depth {len(nav.stack)}, expected 1")
        if len(nav._screens) != 1:
            problems.append(f"the binding holds {len(nav._screens)} screens, expected 1")
    for problem in problems:
        print("check failed:", problem, file=sys.stderr)
    print(json.dumps({
        "program": "w6",
        "cycles": cycles,
        "warmup": warmup,
        "ns_per_op": round(elapsed / max(cycles, 1), 2),
        "listener_calls_per_op": (seen[0] + seen[1]) / max(total, 1),
        "ok": not problems,
    }))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
