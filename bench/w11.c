/*
 * W11 — families (SPEC §16) through the C ABI: a back routed through a family five navigators
 * deep, and the cost of attach and of present + dismiss.
 *
 *   back     setup (untimed): a root with one screen; four navigators, each created hidden with
 *            one screen and attached to the screen of the one before (root → tab → nested flow
 *            → … → the deepest), each its host screen's active child, so the whole chain is on
 *            screen. W1's listeners: action and the four show/hide phases on the deepest (its
 *            events are the target's), done on the deepest (the push's) and on the root (the
 *            back's: the navigator asked reports it).
 *            cycle: create a screen on the deepest, push it there, `back` asked of the root —
 *            routed down the front path to the deepest, which pops it (and releases it).
 *            18 callbacks, as W1: 8 action, 4 show/hide for the push and 4 for the pop, 2 done.
 *            Compared with W1 (one navigator: push + pop), in time and in instructions.
 *   attach   reps times: a hidden navigator with one screen is attached to the root's screen
 *            (measured_attach: the call, which runs the op at once) and then leaves (untimed).
 *   present  reps times: a hidden navigator with one screen is presented by the root and
 *            dismissed (measured_present_dismiss: both calls, the dismissal's teardown included).
 *            Under callgrind, --toggle-collect=measured_attach / measured_present_dismiss counts
 *            those calls alone: instructions per op (bench/run.py).
 *
 * Inline dispatch, no animator (every op is instant). Checks: every op completed, the callback
 * counts, the stacks' depths after.
 *
 * Usage: w11 [back] [cycles [warmup]] | w11 attach|present [reps]; prints one JSON line.
 */
#include "bench.h"

#define W11_DEPTH 5 /* navigators in the chain, the root included */
#define W11_EVENTS_PER_CYCLE 18

static bench_counts counts = {.expected_outcome = NAVCORE_OUTCOME_COMPLETED};
static int object_storage;
static long failures;

static uint64_t make_screen(navcore_navigator *nav) {
    uint64_t id = 0;
    if (navcore_screen_create(&id, nav, NULL, &object_storage) != NAVCORE_OK) failures++;
    return id;
}

/* A navigator created hidden (no show before it is on screen) with one screen pushed. */
static navcore_navigator *hidden_child(uint64_t *screen) {
    navcore_create_options options = NAVCORE_CREATE_OPTIONS_INIT;
    options.visible = false;
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create_with_options(&nav, &options) != NAVCORE_OK) {
        failures++;
        return NULL;
    }
    *screen = make_screen(nav);
    if (navcore_push(nav, *screen, false, NULL, NULL) != NAVCORE_OK) failures++;
    return nav;
}

static size_t depth_of(navcore_navigator *nav) {
    size_t count = 0;
    navcore_stack_count(&count, nav);
    return count;
}

__attribute__((noinline)) static void cycle(navcore_navigator *root, navcore_navigator *deepest) {
    uint64_t id = make_screen(deepest);
    if (navcore_push(deepest, id, false, NULL, NULL) != NAVCORE_OK) failures++;
    if (navcore_back(root, false, NULL, NULL) != NAVCORE_OK) failures++;
}

static int run_back(long cycles, long warmup) {
    navcore_navigator *chain[W11_DEPTH] = {0};
    if (navcore_navigator_create(&chain[0], NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    uint64_t screen = make_screen(chain[0]);
    if (navcore_push(chain[0], screen, false, NULL, NULL) != NAVCORE_OK) failures++;
    for (int i = 1; i < W11_DEPTH; i++) {
        uint64_t next = 0;
        chain[i] = hidden_child(&next);
        if (navcore_attach(chain[i - 1], screen, chain[i], NULL, NULL, NULL) != NAVCORE_OK) failures++;
        screen = next;
    }
    navcore_navigator *root = chain[0], *deepest = chain[W11_DEPTH - 1], *target = NULL;
    bool on_screen = false;
    navcore_is_on_screen(&on_screen, deepest);
    BENCH_CHECK(on_screen, "the deepest navigator is not on screen");
    navcore_on_action(deepest, bench_on_action, &counts, NULL);
    for (int phase = 0; phase < 4; phase++) navcore_on_appearance(deepest, phase, bench_on_appearance, &counts, NULL);
    navcore_on_done(deepest, bench_on_done, &counts, NULL);
    navcore_on_done(root, bench_on_done, &counts, NULL);

    for (long i = 0; i < warmup; i++) cycle(root, deepest);
    double start = bench_now();
    for (long i = 0; i < cycles; i++) cycle(root, deepest);
    double elapsed = bench_now() - start;

    uint64_t id = make_screen(deepest);
    navcore_push(deepest, id, false, NULL, NULL);
    navcore_back_target(&target, root);
    BENCH_CHECK(target == deepest, "a back asked of the root would not reach the deepest navigator");
    navcore_pop(deepest, false, NULL, NULL);
    long total = warmup + cycles + 1;
    BENCH_CHECK(failures == 0, "%ld calls failed", failures);
    for (int i = 0; i < W11_DEPTH; i++) BENCH_CHECK(depth_of(chain[i]) == 1, "navigator %d holds %zu screens", i, depth_of(chain[i]));
    uint64_t events = bench_events(&counts);
    BENCH_CHECK(events == (uint64_t)(total * W11_EVENTS_PER_CYCLE), "%llu callbacks for %ld cycles", (unsigned long long)events, total);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu ops did not complete", (unsigned long long)counts.bad_outcome);
    navcore_navigator_destroy(root);

    printf("{\"program\": \"w11\", \"mode\": \"back\", \"depth\": %d, \"cycles\": %ld, \"warmup\": %ld, \"ns_per_op\": %.2f, "
           "\"callbacks_per_op\": %.2f, \"ok\": true}\n",
           W11_DEPTH, cycles, warmup, elapsed * 1e9 / (double)(cycles > 0 ? cycles : 1), (double)events / (double)total);
    return 0;
}

__attribute__((noinline)) void measured_attach(navcore_navigator *root, uint64_t screen, navcore_navigator *child) {
    if (navcore_attach(root, screen, child, NULL, bench_completion, &counts) != NAVCORE_OK) failures++;
}

__attribute__((noinline)) void measured_present_dismiss(navcore_navigator *root, navcore_navigator *modal) {
    if (navcore_present(root, modal, NULL, bench_completion, &counts) != NAVCORE_OK) failures++;
    if (navcore_dismiss(root, NULL, bench_completion, &counts) != NAVCORE_OK) failures++;
}

static int run_family_ops(bool present, long reps) {
    navcore_navigator *root = NULL;
    if (navcore_navigator_create(&root, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) return 2;
    uint64_t home = make_screen(root);
    if (navcore_push(root, home, false, NULL, NULL) != NAVCORE_OK) failures++;
    navcore_on_action(root, bench_on_action, &counts, NULL);
    for (int phase = 0; phase < 4; phase++) navcore_on_appearance(root, phase, bench_on_appearance, &counts, NULL);
    navcore_on_done(root, bench_on_done, &counts, NULL);

    double timed = 0;
    for (long r = 0; r < reps; r++) {
        uint64_t screen = 0;
        navcore_navigator *child = hidden_child(&screen);
        double start = bench_now();
        if (present) {
            measured_present_dismiss(root, child);
        } else {
            measured_attach(root, home, child);
        }
        timed += bench_now() - start;
        if (!present && navcore_leave(child, NULL, NULL) != NAVCORE_OK) failures++;
        size_t count = 0;
        BENCH_CHECK(navcore_stack_count(&count, child) == NAVCORE_ERR_INVALID_HANDLE, "the child outlived its %s",
                    present ? "dismissal" : "leave");
    }
    BENCH_CHECK(failures == 0, "%ld calls failed", failures);
    BENCH_CHECK(counts.completion == (uint64_t)(reps * (present ? 2 : 1)), "%llu completions for %ld reps",
                (unsigned long long)counts.completion, reps);
    BENCH_CHECK(counts.bad_outcome == 0, "%llu ops did not complete", (unsigned long long)counts.bad_outcome);
    BENCH_CHECK(depth_of(root) == 1, "the root holds %zu screens", depth_of(root));
    navcore_navigator_destroy(root);
    printf("{\"program\": \"w11\", \"mode\": \"%s\", \"reps\": %ld, \"ns_per_op\": %.2f, \"ok\": true}\n",
           present ? "present" : "attach", reps, timed * 1e9 / (double)(reps > 0 ? reps : 1));
    return 0;
}

int main(int argc, char **argv) {
    int arg = 1;
    const char *mode = "back";
    if (argc > 1 && (strcmp(argv[1], "back") == 0 || strcmp(argv[1], "attach") == 0 || strcmp(argv[1], "present") == 0)) {
        mode = argv[1];
        arg = 2;
    }
    if (strcmp(mode, "back") != 0) return run_family_ops(strcmp(mode, "present") == 0, argc > arg ? atol(argv[arg]) : 10000);
    long cycles = argc > arg ? atol(argv[arg]) : 200000;
    long warmup = argc > arg + 1 ? atol(argv[arg + 1]) : cycles / 10;
    return run_back(cycles, warmup);
}
