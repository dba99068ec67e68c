/*
 * ask_outcome: navcore_ask_outcome reports each op's outcome exactly once, through its
 * out-parameter when the op ended before the call returned, else through its `done`
 * (docs/c-api.md, "An op's outcome at its call").
 *
 *   bad-input   NULL out-parameter, navigator or request, an unknown op, a destroyed navigator:
 *               the status, the out-parameter untouched, `done` never called.
 *   inline      an instant op ends in its call: the outcome comes back, `done` is not called,
 *               the `done` observer hears it; a noop and a failing outcome too; a `run` op's
 *               block gets the host's ctx.
 *   animated    an animated push waits for its transition: NAVCORE_OUTCOME_NONE, then `done`
 *               at the finish; an op queued behind it too.
 *   in-callback an op asked inside a callback ends after that call returned: `done`.
 *   host        host dispatch: every op waits for a drain: `done`.
 *   gesture     the gesture (never queued) waits for its transition: `done` at the cancel.
 *   destroy     an op still queued at destroy: `done` with NAVCORE_OUTCOME_ABORTED.
 *   race        inline dispatch, two threads asking: the one that drives runs the other's ops,
 *               so an op handed to the other thread may end there while its call returns, and
 *               one asked of an idle navigator ends in its call. Every op is reported exactly
 *               once, by one of the two (run under TSan by make test-tsan-c).
 *
 *   ask_outcome          every case, one line each; exits 1 on any failure
 *   ask_outcome CASE…    only these cases
 */
#include <navcore.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "  %s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* What the completions and observers heard. */
typedef struct {
    int done_calls;     /* the op's own completion */
    int done_outcome;
    int observed;       /* the navigator's on_done */
    int observed_outcome;
    int blocks;         /* run blocks that got this ctx */
} heard;

static void on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op;
    heard *h = ctx;
    h->done_calls++;
    h->done_outcome = outcome;
}

static void observe_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op;
    heard *h = ctx;
    h->observed++;
    h->observed_outcome = outcome;
}

static void block(navcore_navigator *nav, void *ctx) {
    (void)nav;
    ((heard *)ctx)->blocks++;
}

static uint64_t last_transition;
static void animator(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav, (void)ctx;
    last_transition = t->id;
}

static navcore_request push_request(uint64_t screen, bool animated) {
    navcore_request request = NAVCORE_REQUEST_INIT;
    request.op = NAVCORE_OP_PUSH;
    request.screen = screen;
    request.animated = animated;
    return request;
}

static navcore_navigator *make(int dispatch, heard *observed) {
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, dispatch) != NAVCORE_OK) return NULL;
    if (observed) navcore_on_done(nav, observe_done, observed, NULL);
    return nav;
}

static uint64_t screen(navcore_navigator *nav) {
    uint64_t id = 0;
    navcore_screen_create(&id, nav, "s", NULL);
    return id;
}

/* ---- bad-input ------------------------------------------------------------------------------ */

static int case_bad_input(void) {
    heard h = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, NULL);
    CHECK(nav, "create");
    navcore_request request = push_request(screen(nav), false);
    int out = 77;
    CHECK(navcore_ask_outcome(NULL, nav, &request, on_done, &h) == NAVCORE_ERR_INVALID, "NULL out");
    CHECK(navcore_ask_outcome(&out, NULL, &request, on_done, &h) == NAVCORE_ERR_INVALID, "NULL nav");
    CHECK(navcore_ask_outcome(&out, nav, NULL, on_done, &h) == NAVCORE_ERR_INVALID, "NULL request");
    navcore_request unknown = NAVCORE_REQUEST_INIT;
    unknown.op = 999;
    CHECK(navcore_ask_outcome(&out, nav, &unknown, on_done, &h) == NAVCORE_ERR_INVALID, "unknown op");
    navcore_request dead = push_request(12345, false);
    CHECK(navcore_ask_outcome(&out, nav, &dead, on_done, &h) == NAVCORE_ERR_NO_SUCH_SCREEN, "dead screen");
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK, "destroy");
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &h) == NAVCORE_ERR_INVALID_HANDLE, "destroyed");
    CHECK(out == 77, "a failing call wrote its out-parameter: %d", out);
    CHECK(h.done_calls == 0, "a failing call called done %d times", h.done_calls);
    return 0;
}

/* ---- inline --------------------------------------------------------------------------------- */

static int case_inline(void) {
    heard h = {0}, observed = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, &observed);
    CHECK(nav, "create");
    uint64_t a = screen(nav);
    navcore_request request = push_request(a, true);  /* no animator: instant */
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &h) == NAVCORE_OK, "push");
    CHECK(out == NAVCORE_OUTCOME_COMPLETED, "outcome %d", out);
    CHECK(h.done_calls == 0, "done called %d times", h.done_calls);
    CHECK(observed.observed == 1 && observed.observed_outcome == NAVCORE_OUTCOME_COMPLETED, "observer heard %d",
          observed.observed);
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &h) == NAVCORE_OK, "push again");
    CHECK(out == NAVCORE_OUTCOME_DUPLICATE, "outcome %d", out);
    navcore_request pop = NAVCORE_REQUEST_INIT;
    pop.op = NAVCORE_OP_POP;
    CHECK(navcore_ask_outcome(&out, nav, &pop, NULL, NULL) == NAVCORE_OK, "pop without done");
    CHECK(out == NAVCORE_OUTCOME_NOOP, "outcome %d", out);
    navcore_request run = NAVCORE_REQUEST_INIT;
    run.op = NAVCORE_OP_RUN;
    run.block = block;
    CHECK(navcore_ask_outcome(&out, nav, &run, on_done, &h) == NAVCORE_OK, "run");
    CHECK(out == NAVCORE_OUTCOME_COMPLETED && h.blocks == 1, "outcome %d, blocks %d", out, h.blocks);
    CHECK(h.done_calls == 0, "done called %d times", h.done_calls);
    CHECK(observed.observed == 4, "observer heard %d", observed.observed);
    navcore_navigator_destroy(nav);
    return 0;
}

/* ---- animated ------------------------------------------------------------------------------- */

static int case_animated(void) {
    heard first = {0}, second = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, NULL);
    CHECK(nav, "create");
    navcore_on_transition(nav, animator, NULL, NULL);
    navcore_push(nav, screen(nav), false, NULL, NULL);
    navcore_request a = push_request(screen(nav), true), b = push_request(screen(nav), false);
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &a, on_done, &first) == NAVCORE_OK, "animated push");
    CHECK(out == NAVCORE_OUTCOME_NONE && first.done_calls == 0, "outcome %d, done %d", out, first.done_calls);
    CHECK(navcore_ask_outcome(&out, nav, &b, on_done, &second) == NAVCORE_QUEUED, "queued push");
    CHECK(out == NAVCORE_OUTCOME_NONE && second.done_calls == 0, "outcome %d, done %d", out, second.done_calls);
    CHECK(navcore_transition_finish(nav, last_transition) == NAVCORE_OK, "finish");
    CHECK(first.done_calls == 1 && first.done_outcome == NAVCORE_OUTCOME_COMPLETED, "first: %d", first.done_calls);
    CHECK(second.done_calls == 1 && second.done_outcome == NAVCORE_OUTCOME_COMPLETED, "second: %d", second.done_calls);
    navcore_navigator_destroy(nav);
    return 0;
}

/* ---- in-callback ---------------------------------------------------------------------------- */

typedef struct {
    heard inner;
    int inner_out;
    int inner_status;
    uint64_t screen;
    int asked;
} nested;

static void ask_inside(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    nested *n = ctx;
    if (n->asked || event->state != NAVCORE_ACTION_DID_PUSH) return;
    n->asked = 1;
    navcore_request request = push_request(n->screen, false);
    n->inner_status = navcore_ask_outcome(&n->inner_out, nav, &request, on_done, &n->inner);
}

static int case_in_callback(void) {
    nested n = {.inner_out = 77};
    heard outer = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, NULL);
    CHECK(nav, "create");
    n.screen = screen(nav);
    navcore_on_action(nav, ask_inside, &n, NULL);
    navcore_request request = push_request(screen(nav), false);
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &outer) == NAVCORE_OK, "outer push");
    CHECK(out == NAVCORE_OUTCOME_COMPLETED && outer.done_calls == 0, "outer: %d, done %d", out, outer.done_calls);
    CHECK(n.inner_status == NAVCORE_QUEUED, "inner status %d", n.inner_status);
    CHECK(n.inner_out == NAVCORE_OUTCOME_NONE, "inner out %d", n.inner_out);
    CHECK(n.inner.done_calls == 1 && n.inner.done_outcome == NAVCORE_OUTCOME_COMPLETED, "inner done %d",
          n.inner.done_calls);
    navcore_navigator_destroy(nav);
    return 0;
}

/* ---- host ----------------------------------------------------------------------------------- */

static int case_host(void) {
    heard h = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_HOST, NULL);
    CHECK(nav, "create");
    navcore_request request = push_request(screen(nav), false);
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &h) == NAVCORE_QUEUED, "push");
    CHECK(out == NAVCORE_OUTCOME_NONE && h.done_calls == 0, "outcome %d, done %d", out, h.done_calls);
    CHECK(navcore_drain(nav) == NAVCORE_OK, "drain");
    CHECK(h.done_calls == 1 && h.done_outcome == NAVCORE_OUTCOME_COMPLETED, "done %d", h.done_calls);
    navcore_navigator_destroy(nav);
    return 0;
}

/* ---- gesture -------------------------------------------------------------------------------- */

static int case_gesture(void) {
    heard h = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, NULL);
    CHECK(nav, "create");
    navcore_on_transition(nav, animator, NULL, NULL);
    navcore_push(nav, screen(nav), false, NULL, NULL);
    navcore_push(nav, screen(nav), false, NULL, NULL);
    navcore_request gesture = NAVCORE_REQUEST_INIT;
    gesture.op = NAVCORE_OP_GESTURE;
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &gesture, on_done, &h) == NAVCORE_OK, "gesture");
    CHECK(out == NAVCORE_OUTCOME_NONE && h.done_calls == 0, "outcome %d, done %d", out, h.done_calls);
    CHECK(navcore_transition_cancel(nav, last_transition) == NAVCORE_OK, "cancel");
    CHECK(h.done_calls == 1 && h.done_outcome == NAVCORE_OUTCOME_CANCELLED, "done %d, outcome %d", h.done_calls,
          h.done_outcome);
    navcore_navigator_destroy(nav);
    return 0;
}

/* ---- destroy -------------------------------------------------------------------------------- */

static int case_destroy(void) {
    heard h = {0};
    navcore_navigator *nav = make(NAVCORE_DISPATCH_HOST, NULL);
    CHECK(nav, "create");
    navcore_request request = push_request(screen(nav), false);
    int out = 77;
    CHECK(navcore_ask_outcome(&out, nav, &request, on_done, &h) == NAVCORE_QUEUED, "push");
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK, "destroy");
    CHECK(out == NAVCORE_OUTCOME_NONE, "outcome %d", out);
    CHECK(h.done_calls == 1 && h.done_outcome == NAVCORE_OUTCOME_ABORTED, "done %d, outcome %d", h.done_calls,
          h.done_outcome);
    return 0;
}

/* ---- race ----------------------------------------------------------------------------------- */

#define RACE_OPS 20000

static atomic_int race_done_calls;

static void race_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)ctx;
    if (outcome == NAVCORE_OUTCOME_COMPLETED) atomic_fetch_add(&race_done_calls, 1);
}

static void idle_block(navcore_navigator *nav, void *ctx) { (void)nav, (void)ctx; }

/* The other thread: asks as many run ops of its own, and so drives the queue now and then. */
static void *race_driver(void *ctx) {
    navcore_navigator *nav = ctx;
    for (int i = 0; i < RACE_OPS; i++) navcore_run(nav, idle_block, NULL, NULL);
    return NULL;
}

static int case_race(void) {
    navcore_navigator *nav = make(NAVCORE_DISPATCH_INLINE, NULL);
    CHECK(nav, "create");
    atomic_store(&race_done_calls, 0);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, race_driver, nav) == 0, "thread");
    navcore_request run = NAVCORE_REQUEST_INIT;
    run.op = NAVCORE_OP_RUN;
    run.block = block;
    heard unused = {0};
    int in_call = 0, failures = 0;
    for (int i = 0; i < RACE_OPS; i++) {
        int out = 77;
        int status = navcore_ask_outcome(&out, nav, &run, race_done, &unused);
        if (status < 0 || (out != NAVCORE_OUTCOME_NONE && out != NAVCORE_OUTCOME_COMPLETED)) failures++;
        if (out == NAVCORE_OUTCOME_COMPLETED) in_call++;
    }
    pthread_join(thread, NULL);
    CHECK(failures == 0, "%d calls failed or wrote a wrong outcome", failures);
    int reported = in_call + atomic_load(&race_done_calls);
    CHECK(reported == RACE_OPS, "%d ops reported (%d at the call, %d by done), not %d", reported, in_call,
          atomic_load(&race_done_calls), RACE_OPS);
    navcore_navigator_destroy(nav);
    printf("  race: %d of %d ops ended before their call returned\n", in_call, RACE_OPS);
    return 0;
}

/* ---- main ----------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int (*run)(void);
} named_case;

static const named_case cases[] = {
    {"bad-input", case_bad_input}, {"inline", case_inline}, {"animated", case_animated},
    {"in-callback", case_in_callback}, {"host", case_host}, {"gesture", case_gesture},
    {"destroy", case_destroy}, {"race", case_race},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

int main(int argc, char **argv) {
    int failures = 0, ran = 0;
    for (size_t i = 0; i < CASE_COUNT; i++) {
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], cases[i].name) == 0;
        if (!wanted) continue;
        ran++;
        int failed = cases[i].run();
        printf("%-12s %s\n", cases[i].name, failed ? "FAILED" : "ok");
        failures += failed;
    }
    if (!ran) {
        fprintf(stderr, "ask_outcome: no such case\n");
        return 2;
    }
    return failures ? 1 : 0;
}
