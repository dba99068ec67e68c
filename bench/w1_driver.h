/*
 * w1_driver.h — the W1/W2 loop, included by w1.c (API = navcore_) and by floor.c (API = the
 * floor's own functions), so that both run exactly the same host code:
 *
 *   setup    a navigator in inline dispatch mode, no animator; `depth` screens pushed (W1: 1,
 *            W2: 100,000); then one listener for each of action, will_show, did_show, will_hide,
 *            did_hide and done.
 *   cycle    create a screen, push it, pop it (the pop releases it: its id is dead after).
 *            18 callbacks: 8 action, 4 show/hide for the push and 4 for the pop, 2 done.
 *
 * With `w6` as fourth argument the listeners are W6's instead (what the Python binding
 * registers for W6's Python listeners): will_show, did_show and release, and every op has a
 * completion — 7 callbacks per cycle. This isolates navcore's share of W6.
 *
 * With `threaded` as fifth argument the process has a second thread, idle until the end: what a
 * host that has threads pays. glibc takes its mutexes (the locked floor's) and navcore takes its
 * lock without atomic instructions while a process has one thread; with two, both use them.
 *
 * Usage: <program> [cycles [depth [warmup [w1|w6 [threaded]]]]]; prints one JSON line.
 */
#ifndef API
#error "define API(name) before including w1_driver.h"
#endif

#include <pthread.h>
#include <unistd.h>

#define W1_EVENTS_PER_CYCLE 18

static bench_counts counts = {.expected_outcome = NAVCORE_OUTCOME_COMPLETED};
static int object_storage; /* the host object every screen carries */

static long failures;

static navcore_done_fn completion; /* W6 listeners: every op has one */

/* The idle second thread of a `threaded` run: it waits until main closes the pipe. */
static void *idle_thread(void *pipe_read_end) {
    char byte;
    while (read(*(int *)pipe_read_end, &byte, 1) > 0) {
    }
    return NULL;
}

__attribute__((noinline)) static void cycle(navcore_navigator *nav) {
    uint64_t id = 0;
    if (API(screen_create)(&id, nav, NULL, &object_storage) != NAVCORE_OK) failures++;
    if (API(push)(nav, id, false, completion, &counts) != NAVCORE_OK) failures++;
    if (API(pop)(nav, false, completion, &counts) != NAVCORE_OK) failures++;
}

int main(int argc, char **argv) {
    long cycles = argc > 1 ? atol(argv[1]) : 200000;
    long depth = argc > 2 ? atol(argv[2]) : 1;
    long warmup = argc > 3 ? atol(argv[3]) : cycles / 10;
    bool w6 = argc > 4 && strcmp(argv[4], "w6") == 0;
    bool threaded = argc > 5 && strcmp(argv[5], "threaded") == 0;
    long events_per_cycle = w6 ? 7 : W1_EVENTS_PER_CYCLE;

    int idle_pipe[2];
    pthread_t idle;
    if (threaded && (pipe(idle_pipe) != 0 || pthread_create(&idle, NULL, idle_thread, &idle_pipe[0]) != 0)) return 2;

    navcore_navigator *nav = NULL;
    if (API(navigator_create)(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    for (long i = 0; i < depth; i++) {
        uint64_t id = 0;
        if (API(screen_create)(&id, nav, NULL, &object_storage) != NAVCORE_OK) failures++;
        if (API(push)(nav, id, false, NULL, NULL) != NAVCORE_OK) failures++;
    }
    if (w6) {
        API(on_appearance)(nav, NAVCORE_PHASE_WILL_SHOW, bench_on_appearance, &counts, NULL);
        API(on_appearance)(nav, NAVCORE_PHASE_DID_SHOW, bench_on_appearance, &counts, NULL);
        API(on_release)(nav, bench_on_release, &counts, NULL);
        completion = bench_completion;
    } else {
        API(on_action)(nav, bench_on_action, &counts, NULL);
        for (int phase = 0; phase < 4; phase++) API(on_appearance)(nav, phase, bench_on_appearance, &counts, NULL);
        API(on_done)(nav, bench_on_done, &counts, NULL);
    }

    for (long i = 0; i < warmup; i++) cycle(nav);
    double start = bench_now();
    for (long i = 0; i < cycles; i++) cycle(nav);
    double elapsed = bench_now() - start;

    size_t count = 0;
    API(stack_count)(&count, nav);
    long total = warmup + cycles;
    BENCH_CHECK(failures == 0, "%ld calls failed", failures);
    BENCH_CHECK(count == (size_t)depth, "stack depth %zu, expected %ld", count, depth);
    uint64_t events = bench_events(&counts) + counts.completion;
    BENCH_CHECK(events == (uint64_t)(total * events_per_cycle), "%llu callbacks for %ld cycles",
                (unsigned long long)events, total);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu ops did not complete", (unsigned long long)counts.bad_outcome);
    API(navigator_destroy)(nav);
    if (threaded) {
        close(idle_pipe[1]);
        pthread_join(idle, NULL);
    }

    printf("{\"program\": \"%s\", \"listeners\": \"%s\", \"threaded\": %s, \"cycles\": %ld, \"depth\": %ld, \"warmup\": %ld, "
           "\"ns_per_op\": %.2f, \"callbacks_per_op\": %.2f, \"ok\": %s}\n",
           PROGRAM_NAME, w6 ? "w6" : "w1", threaded ? "true" : "false", cycles, depth, warmup, elapsed * 1e9 / (double)(cycles > 0 ? cycles : 1),
           total > 0 ? (double)events / (double)total : 0.0, failures == 0 ? "true" : "false");
    return failures == 0 ? 0 : 1;
}
