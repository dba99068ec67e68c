/*
 * W3 — the queue: `ops` ops asked while one transition is in flight, then one finish drains
 * them all.
 *
 * Setup: inline dispatch, the W1 listeners, an animator that keeps the transition id; a root
 * screen, then an animated push, which waits for its transition. Then `ops` navcore_run ops,
 * each with a block and a completion (ctx = its sequence number): every one is queued. One
 * navcore_transition_finish ends the push and runs the whole queue. A run op is used because
 * it needs no screen (so the memory measured is the queue's alone) and its block can check
 * FIFO order; every op kind takes the same queue slot (the engine's Request enum), only `set`
 * and `show` carry an extra heap array or strings.
 *
 * Reported: ns per op for the asking and for the draining, and bytes per pending op: the peak
 * RSS while the ops wait (VmHWM, reset just before) minus the RSS before asking, over `ops`.
 * Checks: every call returned NAVCORE_QUEUED, pending == ops, every block ran once in FIFO
 * order, every completion came with `completed`.
 *
 * Usage: w3 [ops]
 */
#include "bench.h"

static bench_counts counts = {.expected_outcome = NAVCORE_OUTCOME_COMPLETED};
static uint64_t transition;
static uintptr_t next_block = 1;
static long out_of_order;
static long failures;

static void animator(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    (void)ctx;
    transition = t->id;
}

static void block(navcore_navigator *nav, void *ctx) {
    (void)nav;
    if ((uintptr_t)ctx != next_block) out_of_order++;
    next_block++;
}

static void completion(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)ctx;
    bench_completion(nav, op, outcome, &counts);
}

int main(int argc, char **argv) {
    long ops = argc > 1 ? atol(argv[1]) : 1000000;
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    navcore_on_action(nav, bench_on_action, &counts, NULL);
    for (int phase = 0; phase < 4; phase++) navcore_on_appearance(nav, phase, bench_on_appearance, &counts, NULL);
    navcore_on_done(nav, bench_on_done, &counts, NULL);
    navcore_on_transition(nav, animator, NULL, NULL);

    static int object;
    uint64_t root = 0, top = 0;
    navcore_screen_create(&root, nav, "root", &object);
    navcore_screen_create(&top, nav, "top", &object);
    BENCH_CHECK(navcore_push(nav, root, true, NULL, NULL) == NAVCORE_OK, "root push");
    BENCH_CHECK(navcore_push(nav, top, true, NULL, NULL) == NAVCORE_OK, "animated push");
    BENCH_CHECK(transition != 0, "no transition in flight");

    bool peak_reset = bench_reset_peak();
    long rss_before = bench_status_kb("VmRSS");
    double start = bench_now();
    long not_queued = 0;
    for (long i = 1; i <= ops; i++)
        if (navcore_run(nav, block, completion, (void *)(uintptr_t)i) != NAVCORE_QUEUED) not_queued++;
    double asked = bench_now();
    long peak = bench_status_kb(peak_reset ? "VmHWM" : "VmRSS");
    size_t pending = 0;
    navcore_pending_count(&pending, nav);

    double finish_start = bench_now();
    BENCH_CHECK(navcore_transition_finish(nav, transition) == NAVCORE_OK, "finish");
    double end = bench_now();
    size_t left = 0;
    navcore_pending_count(&left, nav);

    BENCH_CHECK(not_queued == 0, "%ld asks were not queued", not_queued);
    BENCH_CHECK(pending == (size_t)ops, "pending %zu, expected %ld", pending, ops);
    BENCH_CHECK(left == 0, "%zu ops left after the finish", left);
    BENCH_CHECK(next_block == (uintptr_t)ops + 1, "%lu blocks ran, expected %ld", (unsigned long)(next_block - 1), ops);
    BENCH_CHECK(out_of_order == 0, "%ld blocks ran out of order", out_of_order);
    BENCH_CHECK(counts.completion == (uint64_t)ops, "%llu completions", (unsigned long long)counts.completion);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu ops did not complete", (unsigned long long)counts.bad_outcome);
    navcore_navigator_destroy(nav);

    double n = (double)(ops > 0 ? ops : 1);
    printf("{\"program\": \"w3\", \"ops\": %ld, \"ns_per_op\": %.2f, \"ask_ns_per_op\": %.2f, "
           "\"drain_ns_per_op\": %.2f, \"bytes_per_pending_op\": %.1f, \"rss_before_kb\": %ld, \"peak_kb\": %ld, "
           "\"peak_reset\": %s, \"ok\": %s}\n",
           ops, (asked - start + end - finish_start) * 1e9 / n, (asked - start) * 1e9 / n, (end - finish_start) * 1e9 / n,
           (double)(peak - rss_before) * 1024.0 / n, rss_before, peak, peak_reset ? "true" : "false",
           failures == 0 ? "true" : "false");
    return failures == 0 ? 0 : 1;
}
