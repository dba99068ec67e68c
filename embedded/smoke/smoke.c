/* The embedded core's smoke test: the C interface as NavCoreEngine and NavCoreC compiled as
 * Embedded Swift for wasm32-unknown-none-wasm run it, linked with platform.c and the toolchain's
 * Unicode tables, in wasmkit (scripts/check-embedded.py). It checks what differs on one thread
 * (docs/c-api.md, "The embedded core: one thread"): ops and their callbacks without a lock, the
 * one error message, text handed out and freed, handles past 256 navigators in one slot (a
 * handle is a 32-bit pointer), the embedder's clock in a bounded drain, and the limit of nested
 * calls. Prints "embedded smoke: ok" and exits 0, or names the failed check and exits 1. */

#include <navcore.h>

#include "platform.h"

static void print_number(unsigned long long value) {
    char digits[24];
    int at = 23;
    digits[at] = 0;
    do {
        digits[--at] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    platform_print(digits + at);
}

static void fail(int line, const char *what) {
    platform_print("embedded smoke: line ");
    print_number((unsigned long long)line);
    platform_print(": ");
    platform_print(what);
    platform_print(" failed; last error: ");
    platform_print(navcore_last_error_message());
    platform_print("\n");
    platform_exit(1);
}

#define CHECK(condition) \
    do {                 \
        if (!(condition)) fail(__LINE__, #condition); \
    } while (0)

static int same(const char *a, const char *b) {
    return a && b && strlen(a) == strlen(b) && memcmp(a, b, strlen(a)) == 0;
}

static int contains(const char *text, const char *part) {
    size_t length = strlen(text), wanted = strlen(part);
    for (size_t at = 0; at + wanted <= length; at++)
        if (memcmp(text + at, part, wanted) == 0) return 1;
    return 0;
}

/* What the callbacks saw. */
static struct {
    int actions, releases, completed, blocks, wakeups, made;
    uint64_t released;
    char released_route[16];
} seen;

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav, (void)event, (void)ctx;
    seen.actions++;
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)object, (void)ctx;
    seen.releases++;
    seen.released = screen;
    size_t length = strlen(route) < sizeof seen.released_route - 1 ? strlen(route) : sizeof seen.released_route - 1;
    for (size_t i = 0; i < length; i++) seen.released_route[i] = route[i];
    seen.released_route[length] = 0;
}

static void on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)ctx;
    if (outcome == NAVCORE_OUTCOME_COMPLETED) seen.completed++;
}

static void block(navcore_navigator *nav, void *ctx) {
    (void)nav, (void)ctx;
    seen.blocks++;
}

static int factory(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                   void *ctx) {
    (void)nav, (void)route, (void)screen, (void)payload, (void)ctx;
    seen.made++;
    *out_object = &seen;
    return 0;
}

static void ops_and_callbacks(void) {
    CHECK(same(navcore_version(), NAVCORE_VERSION_STRING));
    navcore_navigator *nav = NULL;
    CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK);
    CHECK(navcore_on_action(nav, on_action, NULL, NULL) == NAVCORE_OK);
    CHECK(navcore_on_release(nav, on_release, NULL, NULL) == NAVCORE_OK);
    uint64_t home = 0, detail = 0;
    CHECK(navcore_screen_create(&home, nav, "home", NULL) == NAVCORE_OK);
    CHECK(navcore_screen_create(&detail, nav, "detail", NULL) == NAVCORE_OK);
    CHECK(navcore_push(nav, home, false, on_done, NULL) == NAVCORE_OK);
    CHECK(navcore_push(nav, detail, false, on_done, NULL) == NAVCORE_OK);
    CHECK(navcore_pop(nav, false, on_done, NULL) == NAVCORE_OK);
    CHECK(navcore_run(nav, block, on_done, NULL) == NAVCORE_OK);
    size_t count = 0;
    CHECK(navcore_stack_count(&count, nav) == NAVCORE_OK && count == 1);
    CHECK(seen.completed == 4 && seen.blocks == 1 && seen.actions > 0);
    CHECK(seen.releases == 1 && seen.released == detail && same(seen.released_route, "detail"));

    /* A failing call and its message. */
    CHECK(navcore_push(nav, 999999, false, NULL, NULL) == NAVCORE_ERR_NO_SUCH_SCREEN);
    CHECK(contains(navcore_last_error_message(), "999999"));

    /* Text handed out, freed with navcore_free. */
    char *result = NULL;
    CHECK(navcore_screen_set_result(nav, home, "r\xc3\xa9sultat") == NAVCORE_OK);
    CHECK(navcore_screen_result(&result, nav, home) == NAVCORE_OK && same(result, "r\xc3\xa9sultat"));
    navcore_free(result);

    /* Routes, save and restore: the saved document, parsed again. */
    CHECK(navcore_route_register(nav, "home", factory, NULL, NULL) == NAVCORE_OK);
    CHECK(navcore_route_register(nav, "home", factory, NULL, NULL) == NAVCORE_ERR_EXISTS);
    char *document = NULL;
    CHECK(navcore_screen_set_saved_state(nav, home, "tab=2") == NAVCORE_OK);
    CHECK(navcore_save(&document, nav) == NAVCORE_OK);
    CHECK(same(document, "{\"navcore\":1,\"stack\":[{\"route\":\"home\",\"state\":\"tab=2\"}]}"));
    CHECK(navcore_restore(nav, document, false, on_done, NULL) == NAVCORE_OK);
    navcore_free(document);
    uint64_t top = 0;
    CHECK(navcore_stack_get(&top, nav, 0) == NAVCORE_OK && top != home && seen.made == 1);
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK);
    CHECK(navcore_stack_count(&count, nav) == NAVCORE_ERR_INVALID_HANDLE);
}

/* A handle is a 32-bit pointer here: slot and generation must fit in it. Navigators made and
 * destroyed one after the other take the same slot, one generation after the other. */
static void handles_past_256_generations(void) {
    for (int round = 0; round < 300; round++) {
        navcore_navigator *nav = NULL;
        size_t count = 1;
        CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK);
        CHECK(navcore_stack_count(&count, nav) == NAVCORE_OK && count == 0);
        CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK);
        CHECK(navcore_stack_count(&count, nav) == NAVCORE_ERR_INVALID_HANDLE);
    }
}

static void on_wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav, (void)ctx;
    seen.wakeups++;
}

/* A bounded drain of no time starts exactly one op: the clock is the embedder's. */
static void bounded_drain(void) {
    navcore_navigator *nav = NULL;
    CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST) == NAVCORE_OK);
    CHECK(navcore_on_wakeup(nav, on_wakeup, NULL, NULL) == NAVCORE_OK);
    seen.blocks = 0;
    for (int i = 0; i < 3; i++) CHECK(navcore_run(nav, block, NULL, NULL) == NAVCORE_QUEUED);
    CHECK(seen.wakeups == 1);
    CHECK(navcore_drain_for(nav, 0.0) == NAVCORE_QUEUED && seen.blocks == 1);
    CHECK(navcore_drain_for(nav, 60.0) == NAVCORE_OK && seen.blocks == 3);
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK);
}

/* Registering a wakeup while an op waits calls it at once, inside the registering call: a wakeup
 * that registers itself again nests one call deeper each time, until the navigator's count of
 * calls in progress is full. On one thread nothing can unpin it: the call fails. */
static int depth;
static int refused_status;

static void nesting_wakeup(navcore_navigator *nav, void *ctx) {
    (void)ctx;
    depth++;
    int status = navcore_on_wakeup(nav, nesting_wakeup, NULL, NULL);
    if (status != NAVCORE_OK && refused_status == 0) refused_status = status;
}

static void nested_calls(void) {
    navcore_navigator *nav = NULL;
    CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST) == NAVCORE_OK);
    CHECK(navcore_run(nav, block, NULL, NULL) == NAVCORE_QUEUED);
    CHECK(navcore_on_wakeup(nav, nesting_wakeup, NULL, NULL) == NAVCORE_OK);
    CHECK(refused_status == NAVCORE_ERR_NO_MEMORY);
    CHECK(contains(navcore_last_error_message(), "nested"));
    CHECK(depth == 511);
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK);
}

void _start(void) {
    ops_and_callbacks();
    handles_past_256_generations();
    bounded_drain();
    nested_calls();
    platform_print("embedded smoke: ok\n");
    platform_exit(0);
}
