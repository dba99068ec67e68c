/*
 * glib_flood: a UI thread that other threads flood with ops keeps its main loop (SPEC §9's
 * bounded drain, as the GLib helper bindings/c/glib uses it).
 *
 * A host-dispatch navigator is drained by the GLib helper on a real GMainLoop, on this thread.
 * POSTERS threads post run ops for --seconds, faster than they run: each op's block takes
 * OP_MICROSECONDS, and each poster keeps posting while fewer than MAX_PENDING ops are queued
 * (so memory stays bounded while the queue never empties). Meanwhile two timeouts, due every
 * millisecond, measure the main loop:
 *   - one at G_PRIORITY_HIGH: the longest gap between its dispatches is the longest main-loop
 *     iteration (while one source runs, nothing else can);
 *   - one at GTK's redraw priority (G_PRIORITY_HIGH_IDLE + 20, below the default priority of
 *     input events): the longest gap is the longest a repaint would have waited.
 * With an unbounded drain, one drain runs until the posters stop: both gaps last the whole run.
 *
 * Checks: the longest iteration is at most one op plus NAVCORE_GLIB_DRAIN_SECONDS plus
 * --slack-ms (the scheduling noise of a loaded machine); the longest redraw wait at most two
 * such iterations plus the slack; every op ran exactly once, on this thread, in its poster's
 * order. Prints the figures; exits 0 when every check holds, 1 otherwise.
 *
 * Usage: glib_flood [--seconds S] [--slack-ms M]     defaults: 2 s, 100 ms
 */
#define _POSIX_C_SOURCE 200809L
#include <navcore-glib.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define POSTERS 6
#define OP_MICROSECONDS 200
#define MAX_PENDING 2000
#define REDRAW_PRIORITY (G_PRIORITY_HIGH_IDLE + 20) /* GDK_PRIORITY_REDRAW */

static navcore_navigator *nav;
static GMainLoop *loop;
static pthread_t ui_thread;
static gint64 posting_ends;       /* when the posters stop (monotonic µs): they stop on their
                                   * own, as an unbounded drain would never let a timeout run */
static gint posters_done;         /* posters that have stopped */
static gint posted[POSTERS];      /* ops each poster had accepted */
static long ran[POSTERS];         /* ops of each poster that ran (UI thread only) */
static long out_of_order, off_thread;
static long total_ran;

/* The gaps between the dispatches of a timeout (µs): from the loop's start, and up to its end. */
typedef struct gap_meter {
    gint64 last, longest, total;
    long gaps;
} gap_meter;

static gap_meter iteration, redraw;

static void gap_end(gap_meter *meter, gint64 now) {
    gint64 gap = now - meter->last;
    if (gap > meter->longest) meter->longest = gap;
    meter->total += gap;
    meter->gaps++;
    meter->last = now;
}

static gboolean measure(gpointer data) {
    gap_end(data, g_get_monotonic_time());
    return G_SOURCE_CONTINUE;
}

/* An op: takes OP_MICROSECONDS on the UI thread; its ctx is poster << 32 | its sequence. */
static void op_block(navcore_navigator *n, void *ctx) {
    (void)n;
    uintptr_t tag = (uintptr_t)ctx;
    int poster = (int)(tag >> 32);
    long sequence = (long)(tag & 0xffffffffu);
    if (!pthread_equal(pthread_self(), ui_thread)) off_thread++;
    if (sequence != ran[poster]) out_of_order++;
    ran[poster]++;
    total_ran++;
    gint64 end = g_get_monotonic_time() + OP_MICROSECONDS;
    while (g_get_monotonic_time() < end) {
    }
}

static void *poster(void *argument) {
    int index = (int)(intptr_t)argument;
    struct timespec pause = {0, 1000000};
    while (g_get_monotonic_time() < posting_ends) {
        size_t pending = 0;
        navcore_pending_count(&pending, nav);
        if (pending >= MAX_PENDING) {
            nanosleep(&pause, NULL);
            continue;
        }
        uintptr_t tag = (uintptr_t)index << 32 | (uintptr_t)g_atomic_int_get(&posted[index]);
        if (navcore_run(nav, op_block, NULL, (void *)tag) < 0) {
            fprintf(stderr, "glib_flood: navcore_run failed: %s\n", navcore_last_error_message());
            exit(2);
        }
        g_atomic_int_inc(&posted[index]);
    }
    g_atomic_int_inc(&posters_done);
    return NULL;
}

/* After the flood: quit once every posted op has run. */
static gboolean quit_when_done(gpointer data) {
    (void)data;
    if (g_atomic_int_get(&posters_done) < POSTERS) return G_SOURCE_CONTINUE;
    long all = 0;
    for (int i = 0; i < POSTERS; i++) all += g_atomic_int_get(&posted[i]);
    if (total_ran < all) return G_SOURCE_CONTINUE;
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    double seconds = 2.0, slack_ms = 100.0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--slack-ms")) slack_ms = atof(argv[i + 1]);
    }
    ui_thread = pthread_self();
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST) != NAVCORE_OK ||
        navcore_glib_attach(nav, NULL) != NAVCORE_OK) {
        fprintf(stderr, "glib_flood: setup failed: %s\n", navcore_last_error_message());
        return 2;
    }
    loop = g_main_loop_new(NULL, FALSE);
    g_timeout_add_full(G_PRIORITY_HIGH, 1, measure, &iteration, NULL);
    g_timeout_add_full(REDRAW_PRIORITY, 1, measure, &redraw, NULL);
    g_timeout_add_full(G_PRIORITY_HIGH, 10, quit_when_done, NULL, NULL);

    posting_ends = g_get_monotonic_time() + (gint64)(seconds * 1e6);
    pthread_t threads[POSTERS];
    for (int i = 0; i < POSTERS; i++) pthread_create(&threads[i], NULL, poster, (void *)(intptr_t)i);
    gint64 started = g_get_monotonic_time();
    iteration.last = redraw.last = started;
    g_main_loop_run(loop);
    gint64 ended = g_get_monotonic_time();
    gap_end(&iteration, ended);
    gap_end(&redraw, ended);
    double elapsed = (double)(ended - started) / 1e6;
    for (int i = 0; i < POSTERS; i++) pthread_join(threads[i], NULL);

    long all = 0;
    bool counts_match = true;
    for (int i = 0; i < POSTERS; i++) {
        all += posted[i];
        counts_match = counts_match && ran[i] == posted[i];
    }
    double op_ms = OP_MICROSECONDS / 1000.0, budget_ms = NAVCORE_GLIB_DRAIN_SECONDS * 1000.0;
    double iteration_bound = op_ms + budget_ms + slack_ms;
    double redraw_bound = 2 * (op_ms + budget_ms) + slack_ms;
    double longest = (double)iteration.longest / 1000.0, redraw_wait = (double)redraw.longest / 1000.0;
    printf("glib_flood: %d threads posted %ld ops (each %.1f ms on the UI thread) in %.1f s; all ran in %.2f s\n",
           POSTERS, all, op_ms, seconds, elapsed);
    printf("glib_flood: longest main-loop iteration %.1f ms (bound: one op %.1f + budget %.1f + slack %.0f = %.1f ms); "
           "%ld measured, %.1f ms on average\n",
           longest, op_ms, budget_ms, slack_ms, iteration_bound, iteration.gaps,
           (double)iteration.total / (double)iteration.gaps / 1000.0);
    printf("glib_flood: longest wait at redraw priority %.1f ms (bound %.1f ms); %ld measured, %.1f ms on average\n",
           redraw_wait, redraw_bound, redraw.gaps, (double)redraw.total / (double)redraw.gaps / 1000.0);

    int failures = 0;
    if (longest > iteration_bound) failures++, printf("FAIL the main loop was held for %.1f ms\n", longest);
    if (redraw_wait > redraw_bound) failures++, printf("FAIL a repaint waited %.1f ms\n", redraw_wait);
    if (!counts_match) failures++, printf("FAIL not every posted op ran exactly once\n");
    if (out_of_order) failures++, printf("FAIL %ld ops ran out of their poster's order\n", out_of_order);
    if (off_thread) failures++, printf("FAIL %ld ops ran off the UI thread\n", off_thread);
    if (all < 10 * POSTERS) failures++, printf("FAIL only %ld ops were posted: no flood\n", all);

    navcore_navigator_destroy(nav);
    g_main_loop_unref(loop);
    printf("glib_flood: %s\n", failures ? "FAILED" : "passed");
    return failures ? 1 : 0;
}
