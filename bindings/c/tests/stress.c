/*
 * stress: many threads on one navigator through the shipped library (SPEC §3, §9, §10).
 *
 * The C twin of Tests/NavCoreTests/ConcurrencyStressTests.swift, through navcore.h only (the
 * handle table, the callback table and the C completions get the load the Swift test cannot
 * give them). For each dispatch mode, four runs:
 *
 *   to the end   THREADS threads ask OPS random ops each (pushes of fresh screens, pops, tagged
 *                run blocks, shows of routes — one of which fails —, backs, pops to root,
 *                gestures) while a finisher thread (the host) finishes every transition,
 *                cancels a random half of the interactive ones after a progress report, and
 *                now and then tries a cancel that must be refused; in host dispatch a drainer
 *                thread drains whenever the wakeup callback signals it. When every op has
 *                ended, the navigator is destroyed.
 *   destroyed    the same, with a destroy at a random point of the run's last quarter (drawn
 *                from the seed), while the other threads keep asking: three runs, the destroy
 *                made by the asking thread at that point, by the finisher, or inside a run
 *                block that thread asks.
 *
 * Then the books: every accepted op's completion ran exactly once, a refused op's never; a
 * run block ran iff its op completed; each thread's ops ended (and blocks ran) in the order it
 * asked them; every screen object came back through the release callback exactly once; no two
 * callbacks overlapped (the wakeup aside); every registration's ctx destructor ran once. An
 * alarm() watchdog ends the process (exit 3) if a mode takes longer than TIMEOUT seconds.
 *
 *   stress [--ops N] [--threads N] [--seed N] [--timeout SECONDS] [--mode inline|host|both]
 */
#define _POSIX_C_SOURCE 200809L
#include <navcore.h>

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- settings and failures ---------------------------------------------------------------- */

static long opt_ops = 2000, opt_threads = 8, opt_timeout = 300;
static uint64_t opt_seed = 0x5EED;
static int opt_modes = 3; /* bit 0 inline, bit 1 host */

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int failures;
static char run_name[64];

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    pthread_mutex_lock(&report_lock);
    if (atomic_fetch_add(&failures, 1) < 20) {
        fprintf(stderr, "FAIL %s: ", run_name);
        vfprintf(stderr, format, arguments);
        fputc('\n', stderr);
    }
    pthread_mutex_unlock(&report_lock);
    va_end(arguments);
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int roll(uint64_t *state, int n) { return (int)(splitmix(state) % (uint64_t)n); }

/* ---- the books ------------------------------------------------------------------------------ */

typedef struct op_rec {
    int thread;
    long seq;
    int status;
    int is_run;
    atomic_int calls;
    atomic_int ran;
    int outcome;
} op_rec;

typedef struct screen_rec {
    atomic_int released;
    int created;
} screen_rec;

enum destroyer { BY_NOBODY, BY_ASKER, BY_FINISHER, BY_CALLBACK };
static const char *const destroyer_names[] = {"nobody", "an asking thread", "the finisher", "a run block"};

static struct run {
    navcore_navigator *nav;
    int mode;
    long ops;           /* per thread */
    op_rec *op_recs;    /* threads * ops */
    screen_rec **screens;
    atomic_long screen_count;
    long screen_capacity;
    atomic_long *last_ended; /* per thread: the last seq whose op ended */
    atomic_long *last_ran;
    atomic_long asked, accepted, ended;
    atomic_int in_callback;
    atomic_long callbacks, transitions_ended, bad_cancels_refused, gestures_refused, after_destroy;
    atomic_long outcomes[NAVCORE_OUTCOME_ABORTED + 1];
    /* the destroy */
    enum destroyer destroyer;
    long destroy_after;
    atomic_int destroy_asked_of_finisher, destroyed;
    atomic_int destructors;
    /* helpers */
    pthread_mutex_t lock;
    uint64_t *transitions; /* a ring of ids handed to the animator */
    long transition_head, transition_count, transition_capacity;
    sem_t transition_signal, wakeup_signal;
    atomic_int stopping;
} R;

static void watchdog(int signal) {
    (void)signal;
    char text[512];
    int length = snprintf(text, sizeof text,
                          "stress: WATCHDOG: %s did not finish within %ld s (a deadlock?): asked %ld, accepted %ld, "
                          "ended %ld, callbacks %ld, in a callback now %d, destroyed %d\n",
                          run_name, opt_timeout, atomic_load(&R.asked), atomic_load(&R.accepted),
                          atomic_load(&R.ended), atomic_load(&R.callbacks), atomic_load(&R.in_callback),
                          atomic_load(&R.destroyed));
    ssize_t ignored = write(2, text, length > 0 ? (size_t)length : 0);
    (void)ignored;
    _exit(3);
}

static screen_rec *new_screen(void) {
    screen_rec *s = calloc(1, sizeof *s);
    if (!s) abort();
    long index = atomic_fetch_add(&R.screen_count, 1);
    if (index >= R.screen_capacity) {
        fail("more screens than planned");
        abort();
    }
    R.screens[index] = s;
    return s;
}

/* Callbacks never overlap (the wakeup may): counted around every one. */
static void enter(void) {
    if (atomic_fetch_add(&R.in_callback, 1) != 0) fail("two callbacks overlapped");
    atomic_fetch_add(&R.callbacks, 1);
}
static void leave(void) { atomic_fetch_sub(&R.in_callback, 1); }

static void destroy_now(void) {
    int status = navcore_navigator_destroy(R.nav);
    if (status != NAVCORE_OK) fail("destroy by %s: %s", destroyer_names[R.destroyer], navcore_status_string(status));
    atomic_store(&R.destroyed, 1);
}

/* ---- callbacks ---------------------------------------------------------------------------- */

static void completion(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op;
    enter();
    op_rec *r = ctx;
    if (atomic_fetch_add(&r->calls, 1) != 0) fail("an op's completion ran twice (thread %d op %ld)", r->thread, r->seq);
    r->outcome = outcome;
    if (outcome >= 0 && outcome <= NAVCORE_OUTCOME_ABORTED) atomic_fetch_add(&R.outcomes[outcome], 1);
    long previous = atomic_exchange(&R.last_ended[r->thread], r->seq);
    if (previous >= r->seq) fail("thread %d: op %ld ended after op %ld", r->thread, r->seq, previous);
    atomic_fetch_add(&R.ended, 1);
    leave();
}

static void run_block(navcore_navigator *nav, void *ctx) {
    (void)nav;
    enter();
    op_rec *r = ctx;
    if (atomic_fetch_add(&r->ran, 1) != 0) fail("a run block ran twice");
    long previous = atomic_exchange(&R.last_ran[r->thread], r->seq);
    if (previous >= r->seq) fail("thread %d: block %ld ran after block %ld", r->thread, r->seq, previous);
    leave();
}

static void destroying_block(navcore_navigator *nav, void *ctx) {
    (void)nav, (void)ctx;
    enter();
    destroy_now();
    leave();
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route, (void)ctx;
    enter();
    screen_rec *s = object;
    if (!s) fail("a release without its object");
    else if (atomic_fetch_add(&s->released, 1) != 0) fail("a screen was released twice");
    leave();
}

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav, (void)event, (void)ctx;
    enter();
    leave();
}

static void animator(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav, (void)ctx;
    enter();
    pthread_mutex_lock(&R.lock);
    if (R.transition_count == R.transition_capacity) {
        long capacity = R.transition_capacity ? 2 * R.transition_capacity : 64;
        uint64_t *grown = malloc((size_t)capacity * sizeof *grown);
        if (!grown) abort();
        for (long i = 0; i < R.transition_count; i++)
            grown[i] = R.transitions[(R.transition_head + i) % R.transition_capacity];
        free(R.transitions);
        R.transitions = grown;
        R.transition_head = 0;
        R.transition_capacity = capacity;
    }
    /* the interactive flag rides in the top bit (ids are small) */
    R.transitions[(R.transition_head + R.transition_count++) % R.transition_capacity] =
        t->id | (t->interactive ? 1ull << 63 : 0);
    pthread_mutex_unlock(&R.lock);
    sem_post(&R.transition_signal);
    leave();
}

/* Refuses some backs, never a gesture. */
static bool veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, void *ctx) {
    (void)nav, (void)object, (void)ctx;
    enter();
    bool allowed = by_gesture || screen % 7 != 0;
    leave();
    return allowed;
}

static int factory(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                   void *ctx) {
    (void)nav, (void)route, (void)screen, (void)payload, (void)ctx;
    enter();
    screen_rec *s = new_screen();
    s->created = 1;
    *out = s;
    leave();
    return 0;
}

static int broken_factory(void **out, navcore_navigator *nav, const char *route, uint64_t screen,
                          const char *payload, void *ctx) {
    (void)out, (void)nav, (void)route, (void)screen, (void)payload, (void)ctx;
    enter();
    leave();
    return -1;
}

/* The wakeup may run on any thread, during another callback: not counted. */
static void on_wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav, (void)ctx;
    sem_post(&R.wakeup_signal);
}

static void destructor(void *ctx) {
    (void)ctx;
    atomic_fetch_add(&R.destructors, 1);
}

/* ---- threads ------------------------------------------------------------------------------ */

static void *finisher(void *unused) {
    (void)unused;
    uint64_t random = opt_seed ^ 0xF10157ull;
    for (;;) {
        sem_wait(&R.transition_signal);
        if (atomic_load(&R.stopping)) return NULL;
        if (atomic_exchange(&R.destroy_asked_of_finisher, 0)) destroy_now();
        pthread_mutex_lock(&R.lock);
        uint64_t entry = 0;
        if (R.transition_count) {
            entry = R.transitions[R.transition_head];
            R.transition_head = (R.transition_head + 1) % R.transition_capacity;
            R.transition_count--;
        }
        pthread_mutex_unlock(&R.lock);
        if (!entry) continue;
        uint64_t id = entry & ~(1ull << 63);
        bool interactive = entry >> 63;
        int dice = roll(&random, 100), status;
        if (interactive) {
            if (dice < 80) {
                status = navcore_transition_progress(R.nav, id, dice / 80.0);
                if (status != NAVCORE_OK && status != NAVCORE_ERR_INVALID_HANDLE) fail("progress: %s", navcore_status_string(status));
            }
            status = dice % 2 ? navcore_transition_finish(R.nav, id) : navcore_transition_cancel(R.nav, id);
        } else {
            if (dice < 10) {
                status = navcore_transition_cancel(R.nav, id); /* not interactive: refused, changes nothing */
                if (status == NAVCORE_ERR_STATE) atomic_fetch_add(&R.bad_cancels_refused, 1);
                else if (status != NAVCORE_ERR_INVALID_HANDLE) fail("a cancel of a non-interactive transition: %s", navcore_status_string(status));
            }
            status = navcore_transition_finish(R.nav, id);
            if (dice >= 90 && status == NAVCORE_OK) {
                int again = navcore_transition_finish(R.nav, id);
                if (again == NAVCORE_ERR_STATE) atomic_fetch_add(&R.bad_cancels_refused, 1);
                else if (again != NAVCORE_ERR_INVALID_HANDLE) fail("a second finish: %s", navcore_status_string(again));
            }
        }
        if (status == NAVCORE_OK) atomic_fetch_add(&R.transitions_ended, 1);
        else if (status != NAVCORE_ERR_INVALID_HANDLE) fail("finish/cancel: %s", navcore_status_string(status));
    }
}

static void *drainer(void *unused) {
    (void)unused;
    for (;;) {
        sem_wait(&R.wakeup_signal);
        if (atomic_load(&R.stopping)) return NULL;
        int status = navcore_drain(R.nav);
        if (status != NAVCORE_OK && status != NAVCORE_ERR_INVALID_HANDLE) fail("drain: %s", navcore_status_string(status));
    }
}

static void pause_briefly(void) {
    struct timespec t = {0, 1000000};
    nanosleep(&t, NULL);
}

static const char *const routes[] = {"r0", "r1", "r2", "r3"};

static void *asker(void *arg) {
    int thread = (int)(intptr_t)arg;
    uint64_t random = opt_seed ^ ((uint64_t)(thread + 1) * 0x123456789ABCull);
    for (long seq = 0; seq < R.ops; seq++) {
        op_rec *r = &R.op_recs[(long)thread * R.ops + seq];
        r->thread = thread;
        r->seq = seq;
        bool animated = roll(&random, 2);
        int dice = roll(&random, 100), status;
        if (dice < 28) {
            screen_rec *s = new_screen();
            uint64_t id = 0;
            status = navcore_screen_create(&id, R.nav, "t", s);
            if (status == NAVCORE_OK) {
                s->created = 1;
                status = navcore_push(R.nav, id, animated, completion, r);
            }
        } else if (dice < 50) {
            status = navcore_pop(R.nav, animated, completion, r);
        } else if (dice < 75) {
            r->is_run = 1;
            status = navcore_run(R.nav, run_block, completion, r);
        } else if (dice < 92) {
            navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
            options.animated = animated;
            options.remove_current = dice % 3 != 0;
            options.recycle = dice % 5 != 0 ? NAVCORE_RECYCLE_ANY : NAVCORE_RECYCLE_NONE;
            options.payload = dice % 2 ? "payload" : NULL;
            status = navcore_show(R.nav, dice < 90 ? routes[dice % 4] : "broken", &options, completion, r);
        } else if (dice < 96) {
            status = navcore_back(R.nav, animated, completion, r);
        } else if (dice < 98) {
            status = navcore_pop_to_root(R.nav, animated, completion, r);
        } else {
            status = navcore_gesture_begin(R.nav, completion, r);
            if (status == NAVCORE_ERR_BUSY || status == NAVCORE_ERR_STATE) atomic_fetch_add(&R.gestures_refused, 1);
        }
        r->status = status;
        if (status >= 0) atomic_fetch_add(&R.accepted, 1);
        else if (status == NAVCORE_ERR_INVALID_HANDLE) atomic_fetch_add(&R.after_destroy, 1);
        else if (!(dice >= 98 && (status == NAVCORE_ERR_BUSY || status == NAVCORE_ERR_STATE)))
            fail("thread %d op %ld: %s (%s)", thread, seq, navcore_status_string(status), navcore_last_error_message());
        /* now and then wait for this op to end, so that the navigator sometimes runs dry and
         * ops (gestures among them) start at once */
        if (status >= 0 && roll(&random, 16) == 0)
            while (atomic_load(&R.last_ended[thread]) < seq) pause_briefly();
        if (atomic_fetch_add(&R.asked, 1) + 1 == R.destroy_after) {
            if (R.destroyer == BY_ASKER) {
                destroy_now();
            } else if (R.destroyer == BY_FINISHER) {
                atomic_store(&R.destroy_asked_of_finisher, 1);
                sem_post(&R.transition_signal);
            } else if (R.destroyer == BY_CALLBACK) {
                int st = navcore_run(R.nav, destroying_block, NULL, NULL);
                if (st < 0) fail("the destroying run: %s", navcore_status_string(st));
            }
        }
    }
    return NULL;
}

/* ---- one run -------------------------------------------------------------------------------- */

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}


static void must(int status, const char *what) {
    if (status < 0) {
        fprintf(stderr, "stress: %s failed: %s\n", what, navcore_last_error_message());
        exit(2);
    }
}

static void run(int mode, enum destroyer destroyer) {
    snprintf(run_name, sizeof run_name, "%s, destroyed by %s", mode ? "host" : "inline", destroyer_names[destroyer]);
    int failures_before = atomic_load(&failures);
    double start = now();
    alarm((unsigned)opt_timeout);
    memset(&R, 0, sizeof R);
    R.mode = mode;
    R.ops = opt_ops;
    R.destroyer = destroyer;
    long total = opt_threads * opt_ops;
    uint64_t random = opt_seed ^ (uint64_t)(mode * 4 + destroyer);
    R.destroy_after = destroyer == BY_NOBODY ? -1 : total * 3 / 4 + roll(&random, (int)(total / 4));
    R.op_recs = calloc((size_t)total, sizeof *R.op_recs);
    R.screen_capacity = 2 * total + 16;
    R.screens = calloc((size_t)R.screen_capacity, sizeof *R.screens);
    R.last_ended = calloc((size_t)opt_threads, sizeof *R.last_ended);
    R.last_ran = calloc((size_t)opt_threads, sizeof *R.last_ran);
    if (!R.op_recs || !R.screens || !R.last_ended || !R.last_ran) abort();
    for (long t = 0; t < opt_threads; t++) R.last_ended[t] = R.last_ran[t] = -1;
    pthread_mutex_init(&R.lock, NULL);
    sem_init(&R.transition_signal, 0, 0);
    sem_init(&R.wakeup_signal, 0, 0);

    must(navcore_navigator_create(&R.nav, mode), "create");
    must(navcore_on_release(R.nav, on_release, NULL, destructor), "on_release");
    must(navcore_on_action(R.nav, on_action, NULL, destructor), "on_action");
    must(navcore_on_transition(R.nav, animator, NULL, destructor), "animator");
    must(navcore_on_pop_veto(R.nav, veto, NULL, destructor), "veto");
    must(navcore_on_wakeup(R.nav, on_wakeup, NULL, destructor), "wakeup");
    for (int i = 0; i < 4; i++) must(navcore_route_register(R.nav, routes[i], factory, NULL, destructor), "route");
    must(navcore_route_register(R.nav, "broken", broken_factory, NULL, destructor), "route broken");
    int registrations = 10;

    pthread_t finisher_thread, drainer_thread, *askers = calloc((size_t)opt_threads, sizeof *askers);
    if (!askers) abort();
    pthread_create(&finisher_thread, NULL, finisher, NULL);
    if (mode == NAVCORE_DISPATCH_HOST) pthread_create(&drainer_thread, NULL, drainer, NULL);
    for (long t = 0; t < opt_threads; t++) pthread_create(&askers[t], NULL, asker, (void *)(intptr_t)t);
    for (long t = 0; t < opt_threads; t++) pthread_join(askers[t], NULL);
    free(askers);

    if (destroyer == BY_NOBODY) {
        /* every accepted op ends (the finisher and drainer keep going), then the destroy */
        while (atomic_load(&R.ended) < atomic_load(&R.accepted)) pause_briefly();
        bool busy = true;
        size_t pending = 1;
        while (busy || pending) { /* the last `action idle` follows the last completion */
            must(navcore_is_busy(&busy, R.nav), "is_busy");
            must(navcore_pending_count(&pending, R.nav), "pending_count");
            if (busy || pending) pause_briefly();
        }
        destroy_now();
    } else {
        while (!atomic_load(&R.destroyed)) pause_briefly();
    }
    atomic_store(&R.stopping, 1);
    sem_post(&R.transition_signal);
    sem_post(&R.wakeup_signal);
    pthread_join(finisher_thread, NULL);
    if (mode == NAVCORE_DISPATCH_HOST) pthread_join(drainer_thread, NULL);

    /* the books */
    if (atomic_load(&R.ended) != atomic_load(&R.accepted))
        fail("accepted %ld ops but %ld ended", atomic_load(&R.accepted), atomic_load(&R.ended));
    for (long i = 0; i < total; i++) {
        op_rec *r = &R.op_recs[i];
        int calls = atomic_load(&r->calls), ran = atomic_load(&r->ran);
        if (r->status >= 0 && calls != 1) fail("thread %d op %ld: accepted, completion ran %d times", r->thread, r->seq, calls);
        if (r->status < 0 && calls) fail("thread %d op %ld: refused, completion ran", r->thread, r->seq);
        if (r->is_run && ran != (calls == 1 && r->outcome == NAVCORE_OUTCOME_COMPLETED))
            fail("thread %d run %ld: ran %d times, ended %s", r->thread, r->seq, ran, navcore_outcome_string(r->outcome));
        if (destroyer == BY_NOBODY && r->status >= 0 && r->outcome == NAVCORE_OUTCOME_ABORTED)
            fail("an op was aborted although nothing was pending at the destroy");
    }
    long screens = atomic_load(&R.screen_count), released = 0;
    for (long i = 0; i < screens; i++) {
        screen_rec *s = R.screens[i];
        int times = atomic_load(&s->released);
        if (s->created && times != 1) fail("a screen was released %d times", times);
        if (!s->created && times) fail("a screen navcore refused was released");
        released += times;
        free(s);
    }
    if (atomic_load(&R.destructors) != registrations)
        fail("%d of %d ctx destructors ran", atomic_load(&R.destructors), registrations);

    printf("%s %-32s %ld ops asked, %ld accepted, %ld ended (%ld completed, %ld noop, %ld cancelled, %ld vetoed, "
           "%ld factory_failed, %ld aborted), %ld refused gestures, %ld calls after the destroy, %ld transitions "
           "ended, %ld bad cancels/finishes refused, %ld screens released once each, %.1f s\n",
           atomic_load(&failures) > failures_before ? "FAIL" : "ok  ", run_name, atomic_load(&R.asked),
           atomic_load(&R.accepted), atomic_load(&R.ended), atomic_load(&R.outcomes[NAVCORE_OUTCOME_COMPLETED]),
           atomic_load(&R.outcomes[NAVCORE_OUTCOME_NOOP]), atomic_load(&R.outcomes[NAVCORE_OUTCOME_CANCELLED]),
           atomic_load(&R.outcomes[NAVCORE_OUTCOME_VETOED]), atomic_load(&R.outcomes[NAVCORE_OUTCOME_FACTORY_FAILED]),
           atomic_load(&R.outcomes[NAVCORE_OUTCOME_ABORTED]), atomic_load(&R.gestures_refused),
           atomic_load(&R.after_destroy), atomic_load(&R.transitions_ended), atomic_load(&R.bad_cancels_refused),
           released, now() - start);
    fflush(stdout);
    alarm(0);
    free(R.op_recs);
    free(R.screens);
    free((void *)R.last_ended);
    free((void *)R.last_ran);
    free(R.transitions);
    pthread_mutex_destroy(&R.lock);
    sem_destroy(&R.transition_signal);
    sem_destroy(&R.wakeup_signal);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--ops") && value) opt_ops = atol(value), i++;
        else if (!strcmp(argv[i], "--threads") && value) opt_threads = atol(value), i++;
        else if (!strcmp(argv[i], "--seed") && value) opt_seed = strtoull(value, NULL, 0), i++;
        else if (!strcmp(argv[i], "--timeout") && value) opt_timeout = atol(value), i++;
        else if (!strcmp(argv[i], "--mode") && value) {
            opt_modes = !strcmp(value, "inline") ? 1 : !strcmp(value, "host") ? 2 : 3;
            i++;
        } else {
            fprintf(stderr, "usage: stress [--ops N] [--threads N] [--seed N] [--timeout SECONDS] [--mode inline|host|both]\n");
            return 2;
        }
    }
    if (opt_ops < 8 || opt_threads < 1 || opt_timeout < 1) {
        fprintf(stderr, "stress: --ops must be at least 8, --threads and --timeout at least 1\n");
        return 2;
    }
    signal(SIGALRM, watchdog);
    printf("stress: %ld threads x %ld ops, seed %llu, watchdog %ld s per run\n", opt_threads, opt_ops,
           (unsigned long long)opt_seed, opt_timeout);
    fflush(stdout);
    for (int mode = NAVCORE_DISPATCH_INLINE; mode <= NAVCORE_DISPATCH_HOST; mode++) {
        if (!(opt_modes & (1 << mode))) continue;
        for (int destroyer = BY_NOBODY; destroyer <= BY_CALLBACK; destroyer++) run(mode, (enum destroyer)destroyer);
    }
    int failed = atomic_load(&failures);
    printf("stress: %s\n", failed ? "FAILED" : "all runs passed");
    return failed ? 1 : 0;
}
