/*
 * pyfloor.c — the C side of W6's floor (bench/python/floor.py): three functions with the
 * signatures of the navcore calls that W6 makes per cycle (navcore_screen_create, navcore_push,
 * navcore_pop), doing nothing but calling back the Python callbacks that navcore calls for that
 * call in W6 — the same number, through the same C function types:
 *
 *   screen_create   none (hands out the next id)
 *   push            will_show, did_show (appearance listeners), the op's completion
 *   pop             will_show, did_show, release, the op's completion
 *
 * Built as build/bench/libpyfloor.so.
 */
#include <stdbool.h>
#include <stdint.h>

#include "navcore.h"

static navcore_appearance_fn appearance;
static void *appearance_ctx;
static navcore_release_fn release;
static void *release_ctx;
static uint64_t last_id;
static uint64_t root;

void pyfloor_register(navcore_appearance_fn on_appearance, void *appearance_context, navcore_release_fn on_release,
                      void *release_context) {
    appearance = on_appearance;
    appearance_ctx = appearance_context;
    release = on_release;
    release_ctx = release_context;
}

int pyfloor_screen_create(uint64_t *out, navcore_navigator *nav, const char *route, void *object) {
    (void)nav;
    (void)route;
    (void)object;
    *out = ++last_id;
    return NAVCORE_OK;
}

int pyfloor_push(navcore_navigator *nav, uint64_t screen, bool animated, navcore_done_fn done, void *ctx) {
    if (!root) root = screen;
    appearance(nav, NAVCORE_PHASE_WILL_SHOW, screen, NULL, NAVCORE_REASON_PUSH, animated, appearance_ctx);
    appearance(nav, NAVCORE_PHASE_DID_SHOW, screen, NULL, NAVCORE_REASON_PUSH, animated, appearance_ctx);
    done(nav, NAVCORE_OP_PUSH, NAVCORE_OUTCOME_COMPLETED, ctx);
    return NAVCORE_OK;
}

int pyfloor_pop(navcore_navigator *nav, bool animated, navcore_done_fn done, void *ctx) {
    appearance(nav, NAVCORE_PHASE_WILL_SHOW, root, NULL, NAVCORE_REASON_POP, animated, appearance_ctx);
    appearance(nav, NAVCORE_PHASE_DID_SHOW, root, NULL, NAVCORE_REASON_POP, animated, appearance_ctx);
    release(nav, last_id, NULL, "", release_ctx);
    done(nav, NAVCORE_OP_POP, NAVCORE_OUTCOME_COMPLETED, ctx);
    return NAVCORE_OK;
}
