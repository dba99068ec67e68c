/*
 * bench.h — what every C workload of `make bench` shares: the listeners (compiled on their
 * own in listeners.c, so that neither navcore nor the floor can inline them), the clock, the
 * memory probes and the JSON line each program prints for bench/run.py.
 */
#ifndef NAVCORE_BENCH_H
#define NAVCORE_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "navcore.h"

/* What the listeners saw; one per navigator, passed as their ctx. */
typedef struct bench_counts {
    uint64_t action;
    uint64_t phase[4]; /* NAVCORE_PHASE_* */
    uint64_t done;
    uint64_t release;
    uint64_t completion;  /* op completions (the done_fn passed to an op) */
    uint64_t bad_outcome; /* done or completion with an outcome other than the expected one */
    uint64_t checksum;    /* a sum over the arguments, so that the calls do some work */
    int expected_outcome; /* NAVCORE_OUTCOME_COMPLETED unless a workload says otherwise */
} bench_counts;

void bench_on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx);
void bench_on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                         void *ctx);
void bench_on_done(navcore_navigator *nav, int op, int outcome, void *ctx);
void bench_on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx);
/* An op completion: ctx is the bench_counts. */
void bench_completion(navcore_navigator *nav, int op, int outcome, void *ctx);

static inline uint64_t bench_events(const bench_counts *c) {
    return c->action + c->phase[0] + c->phase[1] + c->phase[2] + c->phase[3] + c->done + c->release;
}

static inline double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A field of /proc/self/status in kB (VmRSS, VmHWM), -1 if unreadable. */
static inline long bench_status_kb(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long value = -1;
    size_t len = strlen(field);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, field, len) == 0 && line[len] == ':') {
            value = strtol(line + len + 1, NULL, 10);
            break;
        }
    }
    fclose(f);
    return value;
}

/* Resets VmHWM to the current RSS (Linux >= 4.0); false if the kernel refused. */
static inline bool bench_reset_peak(void) {
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return false;
    bool ok = fputs("5", f) >= 0;
    return fclose(f) == 0 && ok;
}

#define BENCH_CHECK(cond, ...)                                  \
    do {                                                        \
        if (!(cond)) {                                          \
            fprintf(stderr, "check failed: %s: ", #cond);       \
            fprintf(stderr, __VA_ARGS__);                       \
            fputc('\n', stderr);                                \
            failures++;                                         \
        }                                                       \
    } while (0)

#endif
