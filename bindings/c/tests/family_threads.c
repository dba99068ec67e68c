/*
 * family_threads: families (SPEC §16.8) under threads, through the C ABI. Run plain by
 * `make test-hostile` and with ThreadSanitizer against the TSan build of the library by
 * `make test-tsan-c` (docs/reliability.md).
 *
 *   crossing   two threads, released together, attach (even rounds) or present (odd rounds)
 *              A's root under B and B's root under A, 400 rounds. Exactly one call is
 *              accepted and the other fails with NAVCORE_ERR_STATE (the second merge finds the
 *              child's family to be the parent's); one family results (navcore_parent names
 *              the winner's parent, the other has none); destroying that root kills both
 *              handles. A deadlock is caught by the alarm.
 *   one-driver a family of a root and two tabs attached to its screen; four threads ask ops of
 *              the three members (pushes of fresh screens, pops, backs routed through the
 *              family, activates, queries) while whichever thread drives delivers the family's
 *              callbacks. Every callback of every member counts itself in one counter: two at
 *              once (concurrent, or nested on one thread) is a failure. Every accepted op
 *              completes exactly once; the root's destroy ends the tabs.
 *
 *   family_threads              both cases; exits 1 on any failure
 *   family_threads CASE…        only these cases
 */
#define _GNU_SOURCE
#include <navcore.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(cond, what)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "  %s:%d: %s (%s)\n", __FILE__, __LINE__, what, navcore_last_error_message()); \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

static int accepted(int status) { return status == NAVCORE_OK || status == NAVCORE_QUEUED; }

/* A navigator created hidden (SPEC §16.12) with one screen pushed: a child that shows nothing,
 * so attach and present accept it. `screen` receives its screen. */
static navcore_navigator *hidden_with_screen(uint64_t *screen) {
    navcore_create_options options = NAVCORE_CREATE_OPTIONS_INIT;
    options.visible = false;
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create_with_options(&nav, &options) != NAVCORE_OK) return NULL;
    if (navcore_screen_create(screen, nav, "S", NULL) != NAVCORE_OK || navcore_push(nav, *screen, false, NULL, NULL) != NAVCORE_OK) {
        navcore_navigator_destroy(nav);
        return NULL;
    }
    return nav;
}

/* ---- crossing ------------------------------------------------------------------------------- */

#define CROSSING_ROUNDS 400

typedef struct merge_call {
    pthread_barrier_t *start;
    navcore_navigator *parent, *child;
    uint64_t screen;
    int present;
    int status;
} merge_call;

static void *merge_thread(void *ctx) {
    merge_call *call = ctx;
    pthread_barrier_wait(call->start);
    call->status = call->present ? navcore_present(call->parent, call->child, NULL, NULL, NULL)
                                 : navcore_attach(call->parent, call->screen, call->child, NULL, NULL, NULL);
    return NULL;
}

static int case_crossing(void) {
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 2);
    int firsts = 0;
    for (int round = 0; round < CROSSING_ROUNDS; round++) {
        uint64_t sa = 0, sb = 0;
        navcore_navigator *a = hidden_with_screen(&sa), *b = hidden_with_screen(&sb);
        CHECK(a && b, "two hidden navigators with a screen each");
        int present = round % 2;
        merge_call calls[2] = {{&start, a, b, sa, present, 0}, {&start, b, a, sb, present, 0}};
        pthread_t threads[2];
        for (int i = 0; i < 2; i++) CHECK(pthread_create(&threads[i], NULL, merge_thread, &calls[i]) == 0, "thread");
        for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
        int won = accepted(calls[0].status) ? 0 : 1;
        if (!(accepted(calls[won].status) && calls[1 - won].status == NAVCORE_ERR_STATE)) {
            fprintf(stderr, "  round %d (%s): statuses %s and %s, not one accepted and one state\n", round,
                    present ? "present" : "attach", navcore_status_string(calls[0].status),
                    navcore_status_string(calls[1].status));
            return 1;
        }
        firsts += won == 0;
        navcore_navigator *root = calls[won].parent, *child = calls[won].child, *parent = NULL;
        CHECK(navcore_parent(&parent, child) == NAVCORE_OK && parent == root, "the child's parent is the winner's parent");
        CHECK(navcore_parent(&parent, root) == NAVCORE_OK && parent == NULL, "the root has no parent");
        CHECK(navcore_navigator_destroy(child) == NAVCORE_ERR_STATE, "the child's destroy is refused");
        CHECK(navcore_navigator_destroy(root) == NAVCORE_OK, "the root's destroy");
        size_t count = 0;
        CHECK(navcore_stack_count(&count, child) == NAVCORE_ERR_INVALID_HANDLE, "the child died with its root");
    }
    pthread_barrier_destroy(&start);
    printf("  crossing: %d rounds, A's call won %d times, B's %d; always one accepted, one state\n",
           CROSSING_ROUNDS, firsts, CROSSING_ROUNDS - firsts);
    return 0;
}

/* ---- one-driver ----------------------------------------------------------------------------- */

#define DRIVER_THREADS 4
#define DRIVER_OPS 1500

typedef struct family {
    navcore_navigator *members[3]; /* the root, then the two tabs */
    atomic_int inside;             /* callbacks of the family running now */
    atomic_long callbacks, overlaps, asked, queued, completed, twice;
} family;

/* Every callback: alone in its family, for a while (so that an overlap would be seen). */
static void in_callback(family *f) {
    if (atomic_fetch_add(&f->inside, 1) != 0) atomic_fetch_add(&f->overlaps, 1);
    atomic_fetch_add(&f->callbacks, 1);
    for (volatile int spin = 0; spin < 200; spin++) {
    }
    atomic_fetch_sub(&f->inside, 1);
}

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav, (void)event;
    in_callback(ctx);
}

static void on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                          void *ctx) {
    (void)nav, (void)phase, (void)screen, (void)object, (void)reason, (void)animated;
    in_callback(ctx);
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)object, (void)route;
    in_callback(ctx);
}

static void on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)outcome;
    in_callback(ctx);
}

/* One op's completion: its ctx is a flag of the op, set once. */
typedef struct op_mark {
    family *f;
    atomic_int done;
} op_mark;

static void op_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)outcome;
    op_mark *mark = ctx;
    in_callback(mark->f);
    if (atomic_fetch_add(&mark->done, 1) != 0) atomic_fetch_add(&mark->f->twice, 1);
    atomic_fetch_add(&mark->f->completed, 1);
}

typedef struct worker {
    family *f;
    unsigned seed;
    op_mark *marks;
} worker;

static void *driver_worker(void *ctx) {
    worker *w = ctx;
    family *f = w->f;
    for (int i = 0; i < DRIVER_OPS; i++) {
        navcore_navigator *nav = f->members[rand_r(&w->seed) % 3];
        op_mark *mark = &w->marks[i];
        mark->f = f;
        int status = NAVCORE_ERR_INVALID, kind = rand_r(&w->seed) % 6;
        uint64_t screen = 0;
        switch (kind) {
        case 0:
        case 1:
            if (navcore_screen_create(&screen, nav, "T", NULL) == NAVCORE_OK) status = navcore_push(nav, screen, false, op_done, mark);
            break;
        case 2: status = navcore_pop(nav, false, op_done, mark); break;
        case 3: status = navcore_back(nav, false, op_done, mark); break;
        case 4: status = nav == f->members[0] ? navcore_pop_to_root(nav, false, op_done, mark) : navcore_activate(nav, NULL, op_done, mark); break;
        default: {
            size_t count = 0;
            bool on = false;
            navcore_stack_count(&count, nav);
            navcore_is_on_screen(&on, nav);
            navcore_navigator *target = NULL;
            navcore_back_target(&target, nav);
        }
        }
        if (accepted(status)) atomic_fetch_add(&f->asked, 1);
        if (status == NAVCORE_QUEUED) atomic_fetch_add(&f->queued, 1); /* handed to the driving thread */
    }
    return NULL;
}

static int case_one_driver(void) {
    family f = {0};
    uint64_t home = 0, s1 = 0, s2 = 0;
    CHECK(navcore_navigator_create(&f.members[0], NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "root");
    CHECK(navcore_screen_create(&home, f.members[0], "Home", NULL) == NAVCORE_OK, "home");
    CHECK(navcore_push(f.members[0], home, false, NULL, NULL) == NAVCORE_OK, "push home");
    f.members[1] = hidden_with_screen(&s1);
    f.members[2] = hidden_with_screen(&s2);
    CHECK(f.members[1] && f.members[2], "two tabs");
    for (int i = 0; i < 3; i++) {
        navcore_navigator *nav = f.members[i];
        CHECK(navcore_on_action(nav, on_action, &f, NULL) == NAVCORE_OK, "on_action");
        for (int phase = 0; phase < 4; phase++)
            CHECK(navcore_on_appearance(nav, phase, on_appearance, &f, NULL) == NAVCORE_OK, "on_appearance");
        CHECK(navcore_on_release(nav, on_release, &f, NULL) == NAVCORE_OK, "on_release");
        CHECK(navcore_on_done(nav, on_done, &f, NULL) == NAVCORE_OK, "on_done");
    }
    CHECK(accepted(navcore_attach(f.members[0], home, f.members[1], NULL, NULL, NULL)), "attach the first tab");
    CHECK(accepted(navcore_attach(f.members[0], home, f.members[2], NULL, NULL, NULL)), "attach the second tab");

    worker workers[DRIVER_THREADS];
    pthread_t threads[DRIVER_THREADS];
    for (int i = 0; i < DRIVER_THREADS; i++) {
        workers[i] = (worker){&f, 1234u + (unsigned)i, calloc(DRIVER_OPS, sizeof(op_mark))};
        CHECK(workers[i].marks != NULL, "marks");
        CHECK(pthread_create(&threads[i], NULL, driver_worker, &workers[i]) == 0, "thread");
    }
    for (int i = 0; i < DRIVER_THREADS; i++) pthread_join(threads[i], NULL);
    navcore_drain(f.members[0]);
    long asked = atomic_load(&f.asked), completed = atomic_load(&f.completed);
    size_t pending = 1;
    CHECK(navcore_pending_count(&pending, f.members[1]) == NAVCORE_OK && pending == 0, "the family's queue is empty");
    CHECK(navcore_navigator_destroy(f.members[0]) == NAVCORE_OK, "the root's destroy");
    size_t count = 0;
    CHECK(navcore_stack_count(&count, f.members[2]) == NAVCORE_ERR_INVALID_HANDLE, "a tab died with its root");
    printf("  one-driver: %d threads, %ld ops accepted (%ld handed to another thread's drive), %ld completed, "
           "%ld callbacks, %ld overlapping, %ld twice\n", DRIVER_THREADS, asked, atomic_load(&f.queued), completed,
           atomic_load(&f.callbacks), atomic_load(&f.overlaps), atomic_load(&f.twice));
    for (int i = 0; i < DRIVER_THREADS; i++) free(workers[i].marks);
    CHECK(atomic_load(&f.overlaps) == 0, "two callbacks of one family ran at once");
    CHECK(atomic_load(&f.twice) == 0, "an op completed twice");
    CHECK(asked == completed, "every accepted op completed once");
    return 0;
}

/* ---- main ----------------------------------------------------------------------------------- */

typedef struct named_case {
    const char *name;
    int (*run)(void);
} named_case;

static const named_case cases[] = {{"crossing", case_crossing}, {"one-driver", case_one_driver}};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

int main(int argc, char **argv) {
    int failures = 0;
    for (size_t i = 0; i < CASE_COUNT; i++) {
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], cases[i].name) == 0;
        if (!wanted) continue;
        alarm(300); /* a deadlock fails the case */
        int failed = cases[i].run();
        alarm(0);
        printf("%-12s %s\n", cases[i].name, failed ? "FAILED" : "ok");
        fflush(stdout);
        failures += failed;
    }
    return failures ? 1 : 0;
}
