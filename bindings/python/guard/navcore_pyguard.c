/*
 * navcore_pyguard.c — the Python binding's entry guard, in C (libnavcore_pyguard.so).
 *
 * A signal handler (KeyboardInterrupt) or an async exception can raise at the first instruction
 * of any Python function, before its `try`: ctypes then reports it to sys.unraisablehook and
 * returns to C as if the callback had run (the navigator then waits forever for an animator
 * that never saw its transition, say: docs/reliability.md). No Python code can catch that, so
 * the function navcore calls is this C one: it calls the binding's trampoline (a ctypes closure
 * taking an `int *cell` before the C arguments), which writes its answer to `cell[ANSWER]` and
 * then sets `cell[RAN]` as the last thing it does, and calls it again while it has not, at most
 * GUARD_TRIES times. No Python runs between two tries, so a trampoline interrupted at entry up to
 * GUARD_TRIES - 1 times in a row still runs, once; after GUARD_TRIES interruptions in a row it
 * counts as not run (an int guard then answers FALLBACK). An int guard answers from the cell,
 * never from the closure's return value: ctypes leaves that unwritten when an exception escapes
 * the trampoline after it ran (a second signal in its `except` or `finally`).
 *
 * One guard per trampoline, each with its target: `navcore_pyguard_<name>` is registered with
 * navcore, `navcore_pyguard_<name>_target` is set once, through navcore_pyguard_claim, by the
 * binding (navcore/_guard.py) before any registration. A target is never written over: a second
 * copy of the binding in the process (vendored, imported under another name) finds it taken and
 * uses its Python guard, so no copy's callbacks reach another copy's tables. A copy in a
 * sub-interpreter claims none (it makes no navigator: navcore/_interpreter.py). The binding refuses a library whose navcore_pyguard_abi differs from
 * its own. The header's callback types check every guard's signature.
 *
 * The pure-Python guard it replaces (kept as the fallback when this library is missing) cost a
 * second ctypes call and callback plus a Python errcheck per callback: W6 121k -> 198k Ir per
 * cycle (docs/performance.md).
 */
#include <stdbool.h>
#include <stdint.h>

#include "navcore.h"

/** How many times a guard calls a trampoline that was interrupted at entry each time. */
#define GUARD_TRIES 8

/** The version of what the binding relies on: the guards' and targets' signatures, the cell's
 *  layout, navcore_pyguard_claim. Bump it (and navcore/_guard.py's GUARD_ABI) with any of them. */
#define NAVCORE_PYGUARD_ABI 2
#define EXPORTED __attribute__((visibility("default")))

EXPORTED const int navcore_pyguard_abi = NAVCORE_PYGUARD_ABI;

/** Sets the target `*slot` to `target` if nothing has set it yet: 1, else 0 (another copy of the
 *  binding holds it; it keeps it). Atomic: copies may import on two threads at once. */
EXPORTED int navcore_pyguard_claim(void **slot, void *target) {
    void *unset = 0;
    return __atomic_compare_exchange_n(slot, &unset, target, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/* The cell a guard hands its target: the answer (an int guard's) is written first, then RAN. */
enum { RAN, ANSWER };

/* The target's parameter list: `int *cell` first, then the callback's (PARAMS is parenthesised). */
#define PARAMS_WITH_CELL(...) (int *cell, __VA_ARGS__)
#define TARGET(NAME) navcore_pyguard_##NAME##_target
#define HAS_ITS_TYPE(NAME, TYPE)                                                                   \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&navcore_pyguard_##NAME), TYPE),      \
                   #NAME " has its callback's type")

/* A guard for a callback returning nothing: NAME, its header type, the parameters, the arguments. */
#define VOID_GUARD(NAME, TYPE, PARAMS, ARGS)                                                       \
    EXPORTED void(*TARGET(NAME)) PARAMS_WITH_CELL PARAMS;                                          \
    EXPORTED void navcore_pyguard_##NAME PARAMS {                                                  \
        int cell[2] = {0, 0};                                                                      \
        for (int tries = 0; !cell[RAN] && tries < GUARD_TRIES; tries++)                            \
            TARGET(NAME) ARGS;                                                                     \
    }                                                                                              \
    HAS_ITS_TYPE(NAME, TYPE);

/* A guard for a callback returning an int (its target returns nothing: it answers in the cell):
 * FALLBACK is C's answer when it never ran. */
#define INT_GUARD(NAME, TYPE, FALLBACK, PARAMS, ARGS)                                              \
    EXPORTED void(*TARGET(NAME)) PARAMS_WITH_CELL PARAMS;                                          \
    EXPORTED int navcore_pyguard_##NAME PARAMS {                                                   \
        int cell[2] = {0, FALLBACK};                                                               \
        for (int tries = 0; !cell[RAN] && tries < GUARD_TRIES; tries++)                            \
            TARGET(NAME) ARGS;                                                                     \
        return cell[RAN] ? cell[ANSWER] : FALLBACK;                                                \
    }                                                                                              \
    HAS_ITS_TYPE(NAME, TYPE);

#define NAV navcore_navigator *nav

VOID_GUARD(op_done, navcore_done_fn, (NAV, int op, int outcome, void *ctx), (cell, nav, op, outcome, ctx))
VOID_GUARD(on_done, navcore_done_fn, (NAV, int op, int outcome, void *ctx), (cell, nav, op, outcome, ctx))
VOID_GUARD(run_block, navcore_run_fn, (NAV, void *ctx), (cell, nav, ctx))
VOID_GUARD(registration_destroyed, navcore_destroy_fn, (void *ctx), (cell, ctx))
VOID_GUARD(item_destroyed, navcore_destroy_fn, (void *ctx), (cell, ctx))
VOID_GUARD(on_result, navcore_result_fn, (NAV, uint64_t screen, void *object, const char *result, void *ctx),
           (cell, nav, screen, object, result, ctx))
VOID_GUARD(on_action, navcore_action_fn, (NAV, const navcore_action_event *event, void *ctx), (cell, nav, event, ctx))
VOID_GUARD(on_appearance, navcore_appearance_fn,
           (NAV, int phase, uint64_t screen, void *object, int reason, bool animated, void *ctx),
           (cell, nav, phase, screen, object, reason, animated, ctx))
VOID_GUARD(on_progress, navcore_progress_fn, (NAV, uint64_t transition, double progress, void *ctx),
           (cell, nav, transition, progress, ctx))
VOID_GUARD(on_bar, navcore_bar_fn, (NAV, bool shown, bool animated, void *ctx), (cell, nav, shown, animated, ctx))
VOID_GUARD(on_payload, navcore_payload_fn, (NAV, uint64_t screen, void *object, const char *payload, void *ctx),
           (cell, nav, screen, object, payload, ctx))
VOID_GUARD(on_release, navcore_release_fn, (NAV, uint64_t screen, void *object, const char *route, void *ctx),
           (cell, nav, screen, object, route, ctx))
VOID_GUARD(on_detach, navcore_release_fn, (NAV, uint64_t screen, void *object, const char *route, void *ctx),
           (cell, nav, screen, object, route, ctx))
VOID_GUARD(on_child, navcore_child_fn, (NAV, uint64_t screen, navcore_navigator *child, void *ctx),
           (cell, nav, screen, child, ctx))
VOID_GUARD(on_wakeup, navcore_wakeup_fn, (NAV, void *ctx), (cell, nav, ctx))
VOID_GUARD(on_transition, navcore_transition_fn, (NAV, const navcore_transition *transition, void *ctx),
           (cell, nav, transition, ctx))
/* A factory that never ran fails the show; a veto that never ran refuses (as one that raises). */
INT_GUARD(on_factory, navcore_factory_fn, -1,
          (void **out_object, NAV, const char *route, uint64_t screen, const char *payload, void *ctx),
          (cell, out_object, nav, route, screen, payload, ctx))
INT_GUARD(on_veto, navcore_deferrable_veto_fn, NAVCORE_VETO_REFUSE,
          (NAV, uint64_t screen, void *object, bool by_gesture, uint64_t decision, void *ctx),
          (cell, nav, screen, object, by_gesture, decision, ctx))
