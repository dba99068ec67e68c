/*
 * host.c — a minimal navcore host in C: a few screens, a route shown with a payload, and a
 * tiny animator loop standing in for a UI toolkit's frame clock.
 *
 * Build against an installed navcore (make install PREFIX=…; `make example-c` does all this):
 *
 *   export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig
 *   cc -std=c11 host.c -o host $(pkg-config --cflags --libs navcore) && ./host
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <navcore.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAMES 4

/* The host's side: the transition its "animation" plays, if any. */
typedef struct host {
    navcore_transition playing; /* copied: navcore's pointer is valid only during the callback */
    bool animating;
} host;

/* Our screen objects are just their titles, owned by us and freed when navcore releases them. */
static const char *title(void *object) { return object ? (const char *)object : "?"; }

/* navcore hands each animated change to the animator; we play it over a few frames later. */
static void animate(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    host *h = ctx;
    h->playing = *t;
    h->animating = true;
}

/* The frame loop: advance the transition in flight, finish it on its last frame. Finishing
 * may start the next queued op, whose transition the loop then plays too. */
static void run_frames(navcore_navigator *nav, host *h) {
    while (h->animating) {
        navcore_transition t = h->playing;
        for (int frame = 1; frame <= FRAMES; frame++)
            printf("    frame %d/%d: %s %s > %s, %3d%%\n", frame, FRAMES,
                   t.style == NAVCORE_STYLE_PUSH ? "slide in" : "slide out", title(t.from_object),
                   title(t.to_object), 100 * frame / FRAMES);
        h->animating = false;
        int status = navcore_transition_finish(nav, t.id);
        if (status != NAVCORE_OK) printf("    finish failed: %s\n", navcore_last_error_message());
    }
}

static void did_show(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                     void *ctx) {
    (void)nav, (void)phase, (void)screen, (void)ctx;
    printf("  showing %s (%s, %s)\n", title(object), navcore_reason_string(reason), animated ? "animated" : "instant");
}

static void payload(navcore_navigator *nav, uint64_t screen, void *object, const char *text, void *ctx) {
    (void)nav, (void)screen, (void)ctx;
    printf("  %s got the payload \"%s\"\n", title(object), text);
}

static void release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)ctx;
    printf("  released %s (route \"%s\")\n", title(object), route);
    free(object); /* navcore hands each object back exactly once */
}

static void done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)ctx;
    printf("  done: %s %s\n", navcore_op_string(op), navcore_outcome_string(outcome));
}

/* The "details" route's factory: makes the object of each new screen of the route. */
static int make_details(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen,
                        const char *payload_text, void *ctx) {
    (void)nav, (void)route, (void)screen, (void)payload_text, (void)ctx;
    *out_object = strdup("Details");
    return *out_object ? 0 : -1;
}

static uint64_t new_screen(navcore_navigator *nav, const char *route) {
    uint64_t id = 0;
    navcore_screen_create(&id, nav, route, strdup(route));
    return id;
}

int main(void) {
    printf("navcore %s\n", navcore_version());
    host h = {0};
    navcore_navigator *nav;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 1;
    navcore_on_transition(nav, animate, &h, NULL);
    navcore_on_appearance(nav, NAVCORE_PHASE_DID_SHOW, did_show, NULL, NULL);
    navcore_on_payload(nav, payload, NULL, NULL);
    navcore_on_release(nav, release, NULL, NULL);
    navcore_on_done(nav, done, NULL, NULL);
    navcore_route_register(nav, "details", make_details, NULL, NULL);

    printf("push Home (the first screen never animates)\n");
    navcore_push(nav, new_screen(nav, "Home"), true, NULL, NULL);

    printf("push Inbox, then Message while Inbox still slides in\n");
    navcore_push(nav, new_screen(nav, "Inbox"), true, NULL, NULL);
    int status = navcore_push(nav, new_screen(nav, "Message"), true, NULL, NULL);
    printf("  the second push: %s\n", navcore_status_string(status));
    run_frames(nav, &h);

    printf("show the \"details\" route with a payload, on top\n");
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = true;
    options.remove_current = false;
    options.payload = "{\"message\": 42}";
    navcore_show(nav, "details", &options, NULL, NULL);
    run_frames(nav, &h);

    printf("pop\n");
    navcore_pop(nav, true, NULL, NULL);
    run_frames(nav, &h);

    printf("pop to the root\n");
    navcore_pop_to_root(nav, true, NULL, NULL);
    run_frames(nav, &h);

    size_t count = 0;
    navcore_stack_count(&count, nav);
    printf("%zu screen left; destroy\n", count);
    navcore_navigator_destroy(nav); /* releases Home */
    return 0;
}
