/*
 * rss: the resident set stays flat over many navigator lifetimes (docs/reliability.md, Stress).
 *
 * One cycle: create a navigator (inline, or host dispatch every other cycle), register every
 * callback kind with a ctx destructor, a route with a factory; show with a payload, push, an
 * animated push that the animator finishes from its callback, pop, set the stack, a run op,
 * a gesture that the animator cancels, a failing call (a per-thread message), replace a
 * registration, discard a detached screen, destroy. Every ctx destructor must run and every
 * screen's object must come back through the release callback: counted, and checked at the end.
 *
 * The RSS (from /proc/self/statm) is sampled every tenth of the run. The first tenth is the
 * warm-up (the Swift runtime's caches, malloc's arenas); from the end of the warm-up to the end
 * of the run, the RSS may grow by at most BOUND_KB. A leak of 16 bytes per cycle grows it by
 * 16 MB over the 1,000,000 cycles of `make stress`, and by 1.6 MB over the 100,000 of `make
 * test`, whose bound is therefore smaller.
 *
 *   rss [--cycles N] [--bound-kb K]      defaults: 100000 cycles, 1024 KB
 */
#define _POSIX_C_SOURCE 200809L
#include <navcore.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct books {
    long destroyed, registered, objects_made, objects_released, completions, runs;
} books;

static books b;
static char object_tag; /* every screen's object points here */

static void destroy_ctx(void *ctx) { (void)ctx, b.destroyed++; }
static void on_action(navcore_navigator *n, const navcore_action_event *e, void *c) { (void)n, (void)e, (void)c; }
static void on_appearance(navcore_navigator *n, int p, uint64_t s, void *o, int r, bool a, void *c) {
    (void)n, (void)p, (void)s, (void)o, (void)r, (void)a, (void)c;
}
static void on_progress(navcore_navigator *n, uint64_t t, double p, void *c) { (void)n, (void)t, (void)p, (void)c; }
static void on_bar(navcore_navigator *n, bool s, bool a, void *c) { (void)n, (void)s, (void)a, (void)c; }
static void on_payload(navcore_navigator *n, uint64_t s, void *o, const char *p, void *c) { (void)n, (void)s, (void)o, (void)p, (void)c; }
static void on_release(navcore_navigator *n, uint64_t s, void *o, const char *r, void *c) {
    (void)n, (void)s, (void)r, (void)c;
    if (o == &object_tag) b.objects_released++;
}
static void on_done(navcore_navigator *n, int op, int outcome, void *c) { (void)n, (void)op, (void)outcome, (void)c; }
static void on_wakeup(navcore_navigator *n, void *c) { (void)n, (void)c; }
static bool on_veto(navcore_navigator *n, uint64_t s, void *o, bool g, void *c) { (void)n, (void)s, (void)o, (void)g, (void)c; return true; }
static void completion(navcore_navigator *n, int op, int outcome, void *c) { (void)n, (void)op, (void)outcome, (void)c; b.completions++; }
static void run_block(navcore_navigator *n, void *c) { (void)n, (void)c; b.runs++; }

/* Finishes every transition at once; cancels the gesture's, after some progress. */
static void animator(navcore_navigator *n, const navcore_transition *t, void *c) {
    (void)c;
    if (t->interactive) {
        navcore_transition_progress(n, t->id, 0.5);
        navcore_transition_cancel(n, t->id);
    } else {
        navcore_transition_finish(n, t->id);
    }
}

static int factory(void **out, navcore_navigator *n, const char *r, uint64_t s, const char *p, void *c) {
    (void)n, (void)r, (void)s, (void)p, (void)c;
    *out = &object_tag;
    b.objects_made++;
    return 0;
}

/* Registers with a counted ctx destructor. */
#define REGISTER(call) do { if ((call) == NAVCORE_OK) b.registered++; } while (0)

static uint64_t screen(navcore_navigator *nav) {
    uint64_t id = 0;
    if (navcore_screen_create(&id, nav, "plain", &object_tag) == NAVCORE_OK) b.objects_made++;
    return id;
}

static void cycle(long i) {
    navcore_navigator *nav = NULL;
    int host = i % 2;
    if (navcore_navigator_create(&nav, host ? NAVCORE_DISPATCH_HOST : NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return;
    REGISTER(navcore_on_action(nav, on_action, NULL, destroy_ctx));
    for (int phase = NAVCORE_PHASE_WILL_SHOW; phase <= NAVCORE_PHASE_DID_HIDE; phase++)
        REGISTER(navcore_on_appearance(nav, phase, on_appearance, NULL, destroy_ctx));
    REGISTER(navcore_on_progress(nav, on_progress, NULL, destroy_ctx));
    REGISTER(navcore_on_bar(nav, on_bar, NULL, destroy_ctx));
    REGISTER(navcore_on_payload(nav, on_payload, NULL, destroy_ctx));
    REGISTER(navcore_on_release(nav, on_release, NULL, destroy_ctx));
    REGISTER(navcore_on_done(nav, on_done, NULL, destroy_ctx));
    REGISTER(navcore_on_wakeup(nav, on_wakeup, NULL, destroy_ctx));
    REGISTER(navcore_on_transition(nav, animator, NULL, destroy_ctx));
    REGISTER(navcore_on_pop_veto(nav, on_veto, NULL, destroy_ctx));
    REGISTER(navcore_route_register(nav, "detail", factory, NULL, destroy_ctx));
    navcore_set_bar_threshold(nav, 2);

    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.payload = "payload text";
    navcore_show(nav, "detail", &options, completion, NULL);
    navcore_push(nav, screen(nav), false, completion, NULL);
    navcore_push(nav, screen(nav), true, completion, NULL);
    navcore_pop(nav, false, completion, NULL);
    if (host) navcore_drain(nav);
    navcore_gesture_begin(nav, completion, NULL);
    uint64_t set[] = {screen(nav), screen(nav)};
    navcore_set_stack(nav, set, 2, false, completion, NULL);
    navcore_run(nav, run_block, completion, NULL);
    navcore_push(nav, 0, false, completion, NULL); /* fails: a message for this thread */
    REGISTER(navcore_on_done(nav, on_done, NULL, destroy_ctx)); /* replaces one */
    uint64_t detached = screen(nav);
    navcore_screen_discard(nav, detached);
    if (host) navcore_drain(nav);
    navcore_navigator_destroy(nav);
}

static long rss_kb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(int argc, char **argv) {
    long cycles = 100000, bound_kb = 1024;
    for (int a = 1; a + 1 < argc; a += 2) {
        if (!strcmp(argv[a], "--cycles")) cycles = strtol(argv[a + 1], NULL, 10);
        else if (!strcmp(argv[a], "--bound-kb")) bound_kb = strtol(argv[a + 1], NULL, 10);
    }
    if (cycles < 10) {
        fprintf(stderr, "rss: --cycles must be at least 10\n");
        return 2;
    }
    long start = rss_kb(), warm = 0, peak = 0;
    printf("rss: %ld cycles, bound %ld KB after the first tenth; RSS at start %ld KB\n", cycles, bound_kb, start);
    for (long i = 0; i < cycles; i++) {
        cycle(i);
        if ((i + 1) % (cycles / 10) == 0) {
            long now = rss_kb();
            if (i + 1 == cycles / 10) warm = now;
            if (now > peak) peak = now;
            printf("rss: after %ld cycles: %ld KB\n", i + 1, now);
            fflush(stdout);
        }
    }
    long end = rss_kb();
    int ok = 1;
    if (b.destroyed != b.registered) {
        fprintf(stderr, "rss: %ld registrations, %ld ctx destructor calls\n", b.registered, b.destroyed);
        ok = 0;
    }
    if (b.objects_released != b.objects_made) {
        fprintf(stderr, "rss: %ld objects made, %ld released\n", b.objects_made, b.objects_released);
        ok = 0;
    }
    if (b.runs == 0 || b.completions == 0) {
        fprintf(stderr, "rss: no op completed (%ld completions, %ld runs)\n", b.completions, b.runs);
        ok = 0;
    }
    long growth = peak - warm;
    if (growth > bound_kb) {
        fprintf(stderr, "rss: grew by %ld KB after the warm-up (bound %ld KB)\n", growth, bound_kb);
        ok = 0;
    }
    printf("rss: %s: %ld cycles, RSS %ld KB after warm-up, peak %ld KB, end %ld KB (growth %ld KB, bound %ld KB); "
           "%ld completions, %ld ctx destructors, %ld objects released\n",
           ok ? "passed" : "FAILED", cycles, warm, peak, end, growth, bound_kb, b.completions, b.destroyed,
           b.objects_released);
    return ok ? 0 : 1;
}
