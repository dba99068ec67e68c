/*
 * w8.c — W8 of `make bench`: the cold start of navcore in a new process. This program is started
 * afresh for every sample (bench/run.py times each process from spawn to exit); inside, it times
 * its own part: dlopen of the library, resolving the functions, navcore_navigator_create, the
 * first navcore_screen_create + navcore_push, navcore_navigator_destroy.
 *
 * Its floor is the same program dlopen'ing bench/w8_trivial.c's library and calling its one
 * function: what any dlopen costs, without navcore's size and the Swift runtime's start-up.
 *
 *   w8 LIBRARY navcore     the cold start of navcore
 *   w8 LIBRARY trivial     the floor: dlopen + one call of w8_trivial()
 *
 * Prints one JSON line: {"ok": ..., "ns_in_process": ..., "ns_dlopen": ...}.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "navcore.h"

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* POSIX: a data pointer from dlsym converts to a function pointer through memcpy. */
static bool resolve(void *library, const char *name, void *function, size_t size) {
    void *symbol = dlsym(library, name);
    if (!symbol) return false;
    memcpy(function, &symbol, size);
    return true;
}

static bool first_push(void *library) {
    int (*create)(navcore_navigator **, int);
    int (*screen_create)(uint64_t *, navcore_navigator *, const char *, void *);
    int (*push)(navcore_navigator *, uint64_t, bool, navcore_done_fn, void *);
    int (*stack_count)(size_t *, navcore_navigator *);
    int (*destroy)(navcore_navigator *);
    if (!resolve(library, "navcore_navigator_create", &create, sizeof create) ||
        !resolve(library, "navcore_screen_create", &screen_create, sizeof screen_create) ||
        !resolve(library, "navcore_push", &push, sizeof push) ||
        !resolve(library, "navcore_stack_count", &stack_count, sizeof stack_count) ||
        !resolve(library, "navcore_navigator_destroy", &destroy, sizeof destroy))
        return false;
    navcore_navigator *nav = NULL;
    uint64_t screen = 0;
    size_t count = 0;
    bool ok = create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK &&
              screen_create(&screen, nav, "home", NULL) == NAVCORE_OK &&
              push(nav, screen, false, NULL, NULL) == NAVCORE_OK && stack_count(&count, nav) == NAVCORE_OK &&
              count == 1;
    return destroy(nav) == NAVCORE_OK && ok;
}

static bool trivial_call(void *library) {
    int (*function)(void);
    return resolve(library, "w8_trivial", &function, sizeof function) && function() == 42;
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[2], "navcore") != 0 && strcmp(argv[2], "trivial") != 0)) {
        fprintf(stderr, "usage: w8 LIBRARY navcore|trivial\n");
        return 2;
    }
    uint64_t start = now_ns();
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    uint64_t opened = now_ns();
    if (!library) {
        fprintf(stderr, "w8: %s\n", dlerror());
        return 1;
    }
    bool ok = strcmp(argv[2], "navcore") == 0 ? first_push(library) : trivial_call(library);
    uint64_t end = now_ns();
    printf("{\"ok\": %s, \"ns_in_process\": %llu, \"ns_dlopen\": %llu}\n", ok ? "true" : "false",
           (unsigned long long)(end - start), (unsigned long long)(opened - start));
    return ok ? 0 : 1;
}
