"""W6's floor: a plain ctypes loop making the same C calls per cycle as W6 (screen_create with
an out-parameter, push, pop, with the argument types the binding declares) into no-op C
functions (bench/pyfloor.c) that call back the same 7 Python callbacks through the same C
function types (4 appearance, 1 release, 2 op completions). No binding, no objects: the least a
Python host of the C library pays.

Usage: python floor.py LIBPYFLOOR [cycles [warmup]]; prints one JSON line.
"""

import json
import sys
import time
from ctypes import CDLL, CFUNCTYPE, POINTER, byref, c_bool, c_char_p, c_int, c_uint64, c_void_p

CALLBACKS_PER_CYCLE = 7

NavPtr = c_void_p
DoneFn = CFUNCTYPE(None, NavPtr, c_int, c_int, c_void_p)
AppearanceFn = CFUNCTYPE(None, NavPtr, c_int, c_uint64, c_void_p, c_int, c_bool, c_void_p)
ReleaseFn = CFUNCTYPE(None, NavPtr, c_uint64, c_void_p, c_char_p, c_void_p)


def main() -> int:
    lib = CDLL(sys.argv[1])
    cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
    warmup = int(sys.argv[3]) if len(sys.argv) > 3 else cycles // 10
    lib.pyfloor_register.restype = None
    lib.pyfloor_register.argtypes = [AppearanceFn, c_void_p, ReleaseFn, c_void_p]
    lib.pyfloor_screen_create.restype = c_int
    lib.pyfloor_screen_create.argtypes = [POINTER(c_uint64), NavPtr, c_char_p, c_void_p]
    lib.pyfloor_push.restype = c_int
    lib.pyfloor_push.argtypes = [NavPtr, c_uint64, c_bool, DoneFn, c_void_p]
    lib.pyfloor_pop.restype = c_int
    lib.pyfloor_pop.argtypes = [NavPtr, c_bool, DoneFn, c_void_p]

    calls = [0]

    def on_appearance(nav, phase, screen, obj, reason, animated, ctx):
        calls[0] += 1

    def on_release(nav, screen, obj, route, ctx):
        calls[0] += 1

    def on_done(nav, op, outcome, ctx):
        calls[0] += 1

    appearance, release, done = AppearanceFn(on_appearance), ReleaseFn(on_release), DoneFn(on_done)
    lib.pyfloor_register(appearance, 1, release, 1)
    handle = c_void_p(1)
    screen_create, push, pop = lib.pyfloor_screen_create, lib.pyfloor_push, lib.pyfloor_pop
    out = c_uint64()
    push(handle, 1, False, done, 1)  # the root

    def run(n):
        for _ in range(n):
            screen_create(byref(out), handle, b"", None)
            push(handle, out.value, False, done, 2)
            pop(handle, False, done, 3)

    run(warmup)
    calls[0] = 0
    start = time.perf_counter_ns()
    run(cycles)
    elapsed = time.perf_counter_ns() - start
    ok = calls[0] == CALLBACKS_PER_CYCLE * cycles
    if not ok:
        print(f"check failed: {calls[0]} callbacks for {cycles} cycles", file=sys.stderr)
    print(json.dumps({
        "program": "w6_floor",
        "cycles": cycles,
        "warmup": warmup,
        "ns_per_op": round(elapsed / max(cycles, 1), 2),
        "callbacks_per_op": calls[0] / max(cycles, 1),
        "ok": ok,
    }))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
