/*
 * two_copies.c — several navcore libraries in one process must not clash (docs/c-api.md).
 *
 * Each argument is a navcore library file; each is dlopen'ed with RTLD_LOCAL, as a plugin host
 * or a Python process would load two modules that each carry a navcore (a renamed copy of the
 * shipped library, or a navcore built against the Swift toolchain's shared runtime). The
 * navigators of all copies are then used interleaved: pushes and pops, done callbacks, the
 * per-thread error message. Each copy must keep its own state, and every call must land in the
 * copy it was resolved from.
 *
 *   two_copies LIB1 LIB2 [LIB3...]     exit 0 when every check holds; prints one line per copy
 */
#include <navcore.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define MAX_COPIES 4

/* The functions this test calls, resolved from one copy. */
typedef struct copy {
    const char *path;
    void *handle;
    const char *(*version)(void);
    const char *(*last_error_message)(void);
    int (*navigator_create)(navcore_navigator **, int);
    int (*navigator_destroy)(navcore_navigator *);
    int (*screen_create)(uint64_t *, navcore_navigator *, const char *, void *);
    int (*push)(navcore_navigator *, uint64_t, bool, navcore_done_fn, void *);
    int (*pop)(navcore_navigator *, bool, navcore_done_fn, void *);
    int (*stack_count)(size_t *, navcore_navigator *);
    navcore_navigator *nav;
    int completed; /* done callbacks with NAVCORE_OUTCOME_COMPLETED, counted by this copy's ops */
} copy;

static int failures;

static void check(bool ok, const char *what, const copy *c) {
    if (!ok) {
        fprintf(stderr, "two_copies: FAILED: %s (%s)\n", what, c->path);
        failures++;
    }
}

static void done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op;
    if (outcome == NAVCORE_OUTCOME_COMPLETED) ((copy *)ctx)->completed++;
}

static bool resolve(copy *c) {
    c->handle = dlopen(c->path, RTLD_NOW | RTLD_LOCAL);
    if (!c->handle) {
        fprintf(stderr, "two_copies: cannot load %s: %s\n", c->path, dlerror());
        return false;
    }
    /* POSIX: a data pointer from dlsym converts to a function pointer through memcpy. */
#define RESOLVE(field, name)                                                                   \
    do {                                                                                       \
        void *symbol = dlsym(c->handle, name);                                                 \
        if (!symbol) {                                                                         \
            fprintf(stderr, "two_copies: %s has no %s\n", c->path, name);                      \
            return false;                                                                      \
        }                                                                                      \
        memcpy(&c->field, &symbol, sizeof symbol);                                             \
    } while (0)
    RESOLVE(version, "navcore_version");
    RESOLVE(last_error_message, "navcore_last_error_message");
    RESOLVE(navigator_create, "navcore_navigator_create");
    RESOLVE(navigator_destroy, "navcore_navigator_destroy");
    RESOLVE(screen_create, "navcore_screen_create");
    RESOLVE(push, "navcore_push");
    RESOLVE(pop, "navcore_pop");
    RESOLVE(stack_count, "navcore_stack_count");
#undef RESOLVE
    return true;
}

/* Copy i pushes i + 2 screens, so that every copy's stack has its own depth. */
static void push_screens(copy *c, int count) {
    for (int k = 0; k < count; k++) {
        uint64_t screen = 0;
        check(c->screen_create(&screen, c->nav, "page", NULL) == NAVCORE_OK, "screen_create", c);
        check(c->push(c->nav, screen, false, done, c) == NAVCORE_OK, "push", c);
    }
}

int main(int argc, char **argv) {
    int n = argc - 1;
    if (n < 2 || n > MAX_COPIES) {
        fprintf(stderr, "usage: two_copies LIB1 LIB2 [up to %d libraries]\n", MAX_COPIES);
        return 2;
    }
    copy copies[MAX_COPIES] = {0};
    for (int i = 0; i < n; i++) {
        copies[i].path = argv[i + 1];
        if (!resolve(&copies[i])) return 1;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            check(copies[i].handle != copies[j].handle && (void *)copies[i].push != (void *)copies[j].push,
                  "each library is a copy of its own (dlopen returned an already loaded one)", &copies[i]);

    for (int i = 0; i < n; i++)
        check(copies[i].navigator_create(&copies[i].nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "navigator_create",
              &copies[i]);
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < n; i++) push_screens(&copies[i], i + 1);

    /* A failing call in copy 0 sets copy 0's message; the others' stay as they were. */
    check(copies[0].pop(NULL, false, NULL, NULL) < 0, "pop(NULL) fails", &copies[0]);
    check(copies[0].last_error_message()[0] != '\0', "the failing copy has a message", &copies[0]);
    for (int i = 1; i < n; i++)
        check(copies[i].last_error_message()[0] == '\0', "another copy's failure leaves no message here", &copies[i]);

    for (int i = 0; i < n; i++) {
        copy *c = &copies[i];
        size_t count = 0;
        check(c->stack_count(&count, c->nav) == NAVCORE_OK && count == (size_t)(2 * (i + 1)), "stack depth", c);
        check(c->pop(c->nav, false, done, c) == NAVCORE_OK, "pop", c);
        check(c->stack_count(&count, c->nav) == NAVCORE_OK && count == (size_t)(2 * (i + 1) - 1), "depth after pop",
              c);
        check(c->completed == 2 * (i + 1) + 1, "every op completed, its done callback in this copy", c);
    }
    for (int i = 0; i < n; i++) {
        check(copies[i].navigator_destroy(copies[i].nav) == NAVCORE_OK, "navigator_destroy", &copies[i]);
        printf("two_copies: %s (navcore %s): %d ops completed\n", copies[i].path, copies[i].version(),
               copies[i].completed);
    }
    if (failures) return 1;
    printf("two_copies: %d copies in one process, no clash\n", n);
    return 0;
}
