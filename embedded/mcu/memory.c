/*
 * The firmware's memory probe (make bench, bench/run.py): the heap that navigators and their
 * screens take on the microcontroller, as newlib's mallinfo counts the bytes in use (each
 * block's header and alignment included), and the most stack the probe used. One `key value`
 * line each on stdout:
 *
 *   navigator N        a navigator as created (inline dispatch, nothing registered)
 *   listeners N        what a navigator's usual callbacks add: an animator, a release
 *                      listener and the four appearance listeners
 *   screen N           each screen pushed (instant) on its stack, its route's name of 8 bytes
 *   route N            each route registered (navcore_route_register), a name of 8 bytes
 *   stack_used N       the most stack used since reset
 *   stack_size N       the stack the linker script gives
 *
 * Each figure is the heap in use after building NAVIGATORS navigators of SCREENS screens and
 * ROUTES routes each, minus the heap in use before, over their count. NAVIGATORS navigators
 * created and destroyed first leave out of the figures what navcore keeps for the program's
 * whole run: its handle table, which grows with the most navigators alive at once. Every
 * navigator is destroyed at the end, and the heap must be back where it was.
 */
#include "board.h"

#include <malloc.h>
#include <navcore.h>
#include <stdio.h>
#include <stdlib.h>

#define NAVIGATORS 8
#define SCREENS 8
#define ROUTES 4

static size_t heap_in_use(void) { return (size_t)mallinfo().uordblks; }

/* A failed call ends the probe: its figures would not be the ones it names. */
static void check(int status, const char *call) {
    if (status < 0) {
        fprintf(stderr, "memory probe: %s: %s (%s)\n", call, navcore_status_string(status),
                navcore_last_error_message());
        exit(1);
    }
}

static void on_transition(navcore_navigator *nav, const navcore_transition *transition, void *ctx) {
    (void)ctx;
    navcore_transition_finish(nav, transition->id);
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)object, (void)route, (void)ctx;
}

static void on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason,
                          bool animated, void *ctx) {
    (void)nav, (void)phase, (void)screen, (void)object, (void)reason, (void)animated, (void)ctx;
}

static int factory(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen,
                   const char *payload, void *ctx) {
    (void)nav, (void)route, (void)screen, (void)payload, (void)ctx;
    *out_object = NULL;
    return 0;
}

static void listen(navcore_navigator *nav) {
    check(navcore_on_transition(nav, on_transition, NULL, NULL), "navcore_on_transition");
    check(navcore_on_release(nav, on_release, NULL, NULL), "navcore_on_release");
    for (int phase = NAVCORE_PHASE_WILL_SHOW; phase <= NAVCORE_PHASE_DID_HIDE; phase++)
        check(navcore_on_appearance(nav, phase, on_appearance, NULL, NULL), "navcore_on_appearance");
}

/* Route and screen names of 8 bytes, as "screen01". */
static void name(char out[9], const char *prefix, int number) { snprintf(out, 9, "%s%02d", prefix, number); }

int main(void) {
    navcore_navigator *navs[NAVIGATORS];
    for (int n = 0; n < NAVIGATORS; n++)
        check(navcore_navigator_create(&navs[n], NAVCORE_DISPATCH_INLINE), "navcore_navigator_create");
    for (int n = 0; n < NAVIGATORS; n++) check(navcore_navigator_destroy(navs[n]), "navcore_navigator_destroy");

    size_t before = heap_in_use();
    for (int n = 0; n < NAVIGATORS; n++)
        check(navcore_navigator_create(&navs[n], NAVCORE_DISPATCH_INLINE), "navcore_navigator_create");
    size_t created = heap_in_use();
    for (int n = 0; n < NAVIGATORS; n++) listen(navs[n]);
    size_t listening = heap_in_use();
    for (int n = 0; n < NAVIGATORS; n++)
        for (int k = 0; k < SCREENS; k++) {
            char route[9];
            uint64_t id;
            name(route, "screen", k);
            check(navcore_screen_create(&id, navs[n], route, NULL), "navcore_screen_create");
            check(navcore_push(navs[n], id, false, NULL, NULL), "navcore_push");
        }
    size_t stacked = heap_in_use();
    for (int n = 0; n < NAVIGATORS; n++)
        for (int k = 0; k < ROUTES; k++) {
            char route[9];
            name(route, "route", k);
            check(navcore_route_register(navs[n], route, factory, NULL, NULL), "navcore_route_register");
        }
    size_t routed = heap_in_use();
    for (int n = 0; n < NAVIGATORS; n++) check(navcore_navigator_destroy(navs[n]), "navcore_navigator_destroy");
    size_t after = heap_in_use();

    printf("navigator %lu\n", (unsigned long)((created - before) / NAVIGATORS));
    printf("listeners %lu\n", (unsigned long)((listening - created) / NAVIGATORS));
    printf("screen %lu\n", (unsigned long)((stacked - listening) / (NAVIGATORS * SCREENS)));
    printf("route %lu\n", (unsigned long)((routed - stacked) / (NAVIGATORS * ROUTES)));
    printf("stack_used %lu\n", (unsigned long)board_stack_used());
    printf("stack_size %lu\n", (unsigned long)board_stack_size());
    if (after != before) {
        fprintf(stderr, "memory probe: %lu bytes still in use after every navigator was destroyed\n",
                (unsigned long)(after - before));
        return 1;
    }
    return 0;
}
