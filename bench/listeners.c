/*
 * The listeners of the C workloads and of the floor: one translation unit of their own, so
 * that the calls reach them through real function pointers in both (no inlining either side).
 * Each does the least a listener can do that a compiler cannot drop: count, and sum an argument.
 */
#include "bench.h"

void bench_on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    bench_counts *c = ctx;
    c->action++;
    c->checksum += (uint64_t)event->state + event->appearing + event->disappearing_count;
}

void bench_on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                         void *ctx) {
    (void)nav;
    (void)object;
    (void)animated;
    bench_counts *c = ctx;
    c->phase[phase & 3]++;
    c->checksum += screen + (uint64_t)reason;
}

void bench_on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav;
    bench_counts *c = ctx;
    c->done++;
    c->checksum += (uint64_t)op;
    if (outcome != c->expected_outcome) c->bad_outcome++;
}

void bench_on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav;
    (void)object;
    (void)route;
    bench_counts *c = ctx;
    c->release++;
    c->checksum += screen;
}

void bench_completion(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav;
    bench_counts *c = ctx;
    c->completion++;
    c->checksum += (uint64_t)op;
    if (outcome != c->expected_outcome) c->bad_outcome++;
}
