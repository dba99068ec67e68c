/*
 * W4 — host dispatch under contention: `threads` poster threads each post `per_thread` shows
 * (navcore_post) while one host thread answers each wakeup with navcore_drain().
 *
 * Setup: host dispatch mode; one route per poster thread ("r0".."r3"), whose factory returns a
 * static object; a release listener (counting); the wakeup callback signals the host thread.
 * Poster t posts show "r<t>", instant, remove_current on and recycle off, so that every op does
 * the same real work whatever the interleaving: the factory makes a new screen, which replaces
 * the top (a `set`, which releases the old top).
 *
 * Reported: ops per second from the first post to the last completion (wall clock, the posters
 * and the host thread on 2 cores). Checks: every op's completion arrived, on the host thread,
 * exactly once, in each poster's FIFO order, with `completed`; one screen was created per op
 * and every one but the one left on the stack was released.
 *
 * Usage: w4 [per_thread [threads]]
 */
#include <pthread.h>

#include "bench.h"

#define MAX_THREADS 16

static navcore_navigator *nav;
static long per_thread = 250000;
static int threads = 4;
static long failures;

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static bool woken;
static int posters_done;
static long wakeups;

/* touched on the host thread only (callbacks run where drain runs) */
static pthread_t host_thread;
static long next_seq[MAX_THREADS];
static long arrived, out_of_order, bad_outcome, wrong_thread, created, released;
static int object;

static void wakeup(navcore_navigator *n, void *ctx) {
    (void)n;
    (void)ctx;
    pthread_mutex_lock(&mutex);
    woken = true;
    wakeups++;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
}

static int factory(void **out, navcore_navigator *n, const char *route, uint64_t screen, const char *payload, void *ctx) {
    (void)n;
    (void)route;
    (void)screen;
    (void)payload;
    (void)ctx;
    created++;
    *out = &object;
    return 0;
}

static void on_release(navcore_navigator *n, uint64_t screen, void *obj, const char *route, void *ctx) {
    (void)n;
    (void)screen;
    (void)obj;
    (void)route;
    (void)ctx;
    released++;
}

static void done(navcore_navigator *n, int op, int outcome, void *ctx) {
    (void)n;
    (void)op;
    uintptr_t tag = (uintptr_t)ctx;
    int t = (int)(tag & 0xF);
    long seq = (long)(tag >> 4);
    if (!pthread_equal(pthread_self(), host_thread)) wrong_thread++;
    if (seq != next_seq[t]) out_of_order++;
    next_seq[t] = seq + 1;
    if (outcome != NAVCORE_OUTCOME_COMPLETED) bad_outcome++;
    arrived++;
}

static void *poster(void *arg) {
    int t = (int)(intptr_t)arg;
    char route[16];
    snprintf(route, sizeof route, "r%d", t);
    /* recycle off: every show makes a new screen that replaces the top, whatever the
     * interleaving, so every op does the same work */
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.recycle = NAVCORE_RECYCLE_NONE;
    long refused = 0;
    for (long i = 0; i < per_thread; i++) {
        uintptr_t tag = (uintptr_t)i << 4 | (uintptr_t)t;
        if (navcore_post(nav, route, &options, done, (void *)tag) != NAVCORE_QUEUED) refused++;
    }
    pthread_mutex_lock(&mutex);
    posters_done++;
    failures += refused;
    woken = true;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&mutex);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1) per_thread = atol(argv[1]);
    if (argc > 2) threads = atoi(argv[2]);
    if (threads < 1 || threads > MAX_THREADS) return 2;
    host_thread = pthread_self();
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST) != NAVCORE_OK) return 2;
    navcore_on_wakeup(nav, wakeup, NULL, NULL);
    navcore_on_release(nav, on_release, NULL, NULL);
    for (int t = 0; t < threads; t++) {
        char route[16];
        snprintf(route, sizeof route, "r%d", t);
        navcore_route_register(nav, route, factory, NULL, NULL);
    }
    long total = per_thread * threads;

    pthread_t ids[MAX_THREADS];
    double start = bench_now();
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, poster, (void *)(intptr_t)t);
    long drains = 0;
    for (;;) {
        pthread_mutex_lock(&mutex);
        while (!woken) pthread_cond_wait(&cond, &mutex);
        woken = false;
        bool all_posted = posters_done == threads;
        pthread_mutex_unlock(&mutex);
        if (navcore_drain(nav) != NAVCORE_OK) failures++;
        drains++;
        if (all_posted) {
            size_t pending = 1;
            navcore_pending_count(&pending, nav);
            if (pending == 0) break;
        }
    }
    double elapsed = bench_now() - start;
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    size_t depth = 0;
    navcore_stack_count(&depth, nav);

    BENCH_CHECK(arrived == total, "%ld of %ld ops arrived", arrived, total);
    BENCH_CHECK(out_of_order == 0, "%ld ops out of their poster's order", out_of_order);
    BENCH_CHECK(wrong_thread == 0, "%ld completions off the host thread", wrong_thread);
    BENCH_CHECK(bad_outcome == 0, "%ld ops did not complete", bad_outcome);
    BENCH_CHECK(created == total, "%ld screens created for %ld shows", created, total);
    BENCH_CHECK(released == created - (long)depth, "%ld released, %ld created, %zu on the stack", released, created,
                depth);
    for (int t = 0; t < threads; t++)
        BENCH_CHECK(next_seq[t] == per_thread, "poster %d: %ld arrived", t, next_seq[t]);
    navcore_navigator_destroy(nav);

    printf("{\"program\": \"w4\", \"threads\": %d, \"per_thread\": %ld, \"ops\": %ld, \"ops_per_s\": %.0f, "
           "\"ns_per_op\": %.2f, \"arrived\": %ld, \"screens_created\": %ld, \"wakeups\": %ld, \"drains\": %ld, "
           "\"all_arrived\": %s, \"ok\": %s}\n",
           threads, per_thread, total, (double)total / elapsed, elapsed * 1e9 / (double)(total ? total : 1), arrived,
           created, wakeups, drains, arrived == total ? "true" : "false", failures == 0 ? "true" : "false");
    return failures == 0 ? 0 : 1;
}
