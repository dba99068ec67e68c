/* The teardown cost check's program (scripts/check-teardown-cost.py, SPEC §16.8's last bullet:
 * a teardown costs time in proportion to the ops it aborts and the screens it releases, not to
 * the ops left queued nor to the siblings torn down before it).
 *
 *     teardown_cost WAITING
 *     teardown_cost children N
 *
 * WAITING: a family in host dispatch mode: a root showing Home, two children A and B attached to
 * Home, each showing one screen. B is asked to leave (the first queued op), then A is asked
 * WAITING pops, which wait behind it. The measured call, measured_teardown, drains one op: B's
 * leave, whose teardown releases B's screen while the WAITING ops stay queued.
 *
 * children N: a root showing Home with N children attached to it (tabs), each showing one screen.
 * The measured call asks a set of the root's stack to another screen and drains it: Home is
 * released, its N children torn down first, last attached first.
 *
 * Under callgrind, --toggle-collect=measured_teardown counts the measured call alone. Exits
 * non-zero if a call fails or the state afterwards is not the expected one. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "navcore.h"

/* A navigator in host dispatch mode showing one screen; `visible` off for a child to attach
 * (it may not be on screen before). */
static navcore_navigator *navigator(bool visible) {
    navcore_create_options options;
    navcore_navigator *nav = NULL;
    uint64_t screen = 0;
    if (navcore_create_options_init(&options, NAVCORE_CREATE_OPTIONS_VERSION) != NAVCORE_OK) return NULL;
    options.dispatch = NAVCORE_DISPATCH_HOST;
    options.visible = visible;
    if (navcore_navigator_create_with_options(&nav, &options) != NAVCORE_OK) return NULL;
    if (navcore_screen_create(&screen, nav, "Screen", NULL) != NAVCORE_OK) return NULL;
    if (navcore_push(nav, screen, false, NULL, NULL) > NAVCORE_QUEUED || navcore_drain(nav) != NAVCORE_OK) return NULL;
    return nav;
}

/* The measured call: its own function, so that callgrind can count it alone. */
static __attribute__((noinline)) int measured_teardown(navcore_navigator *root, const uint64_t *stack) {
    int status = stack ? navcore_set_stack(root, stack, 1, false, NULL, NULL) : NAVCORE_OK;
    return status > NAVCORE_QUEUED ? status : navcore_drain_ops(root, 1);
}

/* `children N`: Home's N children torn down by a set of the root's stack. */
static int tear_down_children(long children) {
    navcore_navigator *root = navigator(true);
    uint64_t home = 0, other = 0;
    if (!root || navcore_top(&home, root) != NAVCORE_OK) return 1;
    for (long i = 0; i < children; i++) {
        navcore_navigator *child = navigator(false);
        if (!child || navcore_attach(root, home, child, NULL, NULL, NULL) > NAVCORE_QUEUED) return 1;
    }
    if (navcore_drain(root) != NAVCORE_OK || navcore_screen_create(&other, root, "Other", NULL) != NAVCORE_OK) return 1;
    if (measured_teardown(root, &other) > NAVCORE_QUEUED) return 1;
    size_t count = 1;
    if (navcore_children_copy(&count, NULL, 0, root, home) != NAVCORE_ERR_NO_SUCH_SCREEN) {
        fprintf(stderr, "teardown_cost: Home is still live after the set\n");
        return 1;
    }
    return navcore_navigator_destroy(root) == NAVCORE_OK ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "children") == 0) return tear_down_children(strtol(argv[2], NULL, 10));
    long waiting = argc == 2 ? strtol(argv[1], NULL, 10) : -1;
    if (waiting < 0) {
        fprintf(stderr, "usage: teardown_cost WAITING | teardown_cost children N\n");
        return 2;
    }
    navcore_navigator *root = navigator(true), *a = navigator(false), *b = navigator(false);
    size_t count = 0;
    uint64_t home = 0;
    if (!root || !a || !b || navcore_top(&home, root) != NAVCORE_OK) return 1;
    if (navcore_attach(root, home, a, NULL, NULL, NULL) > NAVCORE_QUEUED) return 1;
    if (navcore_attach(root, home, b, NULL, NULL, NULL) > NAVCORE_QUEUED) return 1;
    if (navcore_drain(root) != NAVCORE_OK) return 1;
    if (navcore_leave(b, NULL, NULL) != NAVCORE_QUEUED) return 1;
    for (long i = 0; i < waiting; i++) {
        if (navcore_pop(a, false, NULL, NULL) != NAVCORE_QUEUED) return 1;
    }
    if (measured_teardown(root, NULL) > NAVCORE_QUEUED) return 1;
    if (navcore_pending_count(&count, root) != NAVCORE_OK || count != (size_t)waiting) {
        fprintf(stderr, "teardown_cost: %zu ops queued after the leave, %ld expected\n", count, waiting);
        return 1;
    }
    return navcore_navigator_destroy(root) == NAVCORE_OK ? 0 : 1;
}
