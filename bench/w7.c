/*
 * W7 — ops that touch many screens: the cost per screen touched, for a stack of N screens.
 *
 *   pop_to_root  setup (untimed): a root and N - 1 screens above it, put there by one set.
 *                timed: navcore_pop_to_root — N - 1 screens leave the stack and are released.
 *                per screen = time / (N - 1).
 *   set          setup (untimed): a stack of one screen, N new detached screens.
 *                timed: navcore_set_stack of the N screens — N screens enter, the old one
 *                leaves and is released. per screen = time / N. Then (untimed) a pop_to_root.
 *
 * Inline dispatch, no animator, the W1 listeners (one per action, show/hide and done kind; the
 * action events carry the disappearing ids). `reps` repetitions, the timed parts summed.
 * Checks: every op completed, the stack has the expected depth after each.
 * Under callgrind, --toggle-collect=navcore_pop_to_root (or navcore_set_stack) counts the
 * timed op alone: setup and cleanup use the other op.
 *
 * Usage: w7 pop_to_root|set N [reps]; prints one JSON line.
 */
#include "bench.h"

static bench_counts counts = {.expected_outcome = NAVCORE_OUTCOME_COMPLETED};
static int object;
static long failures;

static uint64_t make_screen(navcore_navigator *nav) {
    uint64_t id = 0;
    if (navcore_screen_create(&id, nav, NULL, &object) != NAVCORE_OK) failures++;
    return id;
}

static size_t depth_of(navcore_navigator *nav) {
    size_t count = 0;
    navcore_stack_count(&count, nav);
    return count;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: w7 pop_to_root|set N [reps]\n");
        return 2;
    }
    bool pop_to_root = strcmp(argv[1], "pop_to_root") == 0;
    if (!pop_to_root && strcmp(argv[1], "set") != 0) return 2;
    long n = atol(argv[2]);
    long reps = argc > 3 ? atol(argv[3]) : 1;
    if (n < 2 || reps < 1) return 2;

    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    navcore_on_action(nav, bench_on_action, &counts, NULL);
    for (int phase = 0; phase < 4; phase++) navcore_on_appearance(nav, phase, bench_on_appearance, &counts, NULL);
    navcore_on_done(nav, bench_on_done, &counts, NULL);

    uint64_t *ids = malloc((size_t)n * sizeof *ids);
    uint64_t root = make_screen(nav);
    if (navcore_push(nav, root, false, NULL, NULL) != NAVCORE_OK) failures++;

    double timed = 0;
    long touched = 0;
    for (long r = 0; r < reps; r++) {
        if (pop_to_root) {
            ids[0] = root;
            for (long i = 1; i < n; i++) ids[i] = make_screen(nav);
            if (navcore_set_stack(nav, ids, (size_t)n, false, NULL, NULL) != NAVCORE_OK) failures++;
            BENCH_CHECK(depth_of(nav) == (size_t)n, "depth %zu before pop_to_root", depth_of(nav));
            double start = bench_now();
            if (navcore_pop_to_root(nav, false, NULL, NULL) != NAVCORE_OK) failures++;
            timed += bench_now() - start;
            touched += n - 1;
            BENCH_CHECK(depth_of(nav) == 1, "depth %zu after pop_to_root", depth_of(nav));
        } else {
            for (long i = 0; i < n; i++) ids[i] = make_screen(nav);
            double start = bench_now();
            if (navcore_set_stack(nav, ids, (size_t)n, false, NULL, NULL) != NAVCORE_OK) failures++;
            timed += bench_now() - start;
            touched += n;
            BENCH_CHECK(depth_of(nav) == (size_t)n, "depth %zu after set", depth_of(nav));
            /* back to a single screen, untimed (a pop_to_root, so that under callgrind
             * --toggle-collect=navcore_set_stack only the timed sets count) */
            if (navcore_pop_to_root(nav, false, NULL, NULL) != NAVCORE_OK) failures++;
        }
    }
    BENCH_CHECK(failures == 0, "%ld calls failed", failures);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu ops did not complete", (unsigned long long)counts.bad_outcome);
    navcore_navigator_destroy(nav);
    free(ids);

    printf("{\"program\": \"w7\", \"op\": \"%s\", \"n\": %ld, \"reps\": %ld, \"screens_touched\": %ld, "
           "\"ns_per_screen\": %.2f, \"ns_per_op\": %.2f, \"ok\": %s}\n",
           argv[1], n, reps, touched, timed * 1e9 / (double)touched, timed * 1e9 / (double)reps,
           failures == 0 ? "true" : "false");
    return failures == 0 ? 0 : 1;
}
