/*
 * hostile: callbacks that misbehave, against the shipped library (SPEC §9–10, navcore.h THREADS).
 *
 * One navigator per case. A fixed script (below, `script`) makes every callback kind fire: the
 * action, the four appearance phases, the animator (transition), progress, bar, payload,
 * release, done, wakeup (host dispatch), the pop veto, a route factory, a run block, an op
 * completion and a registration's ctx destructor. The first time the case's callback kind
 * fires, it misbehaves in one of four ways:
 *
 *   everything  it calls every function of navcore.h (all 83, checked against the header by
 *               `hostile --functions`) on its own navigator and on a second one it creates and
 *               destroys there, and checks that each status is one navcore.h documents for it;
 *   destroy     it destroys its own navigator: the destroy returns ok, the handle is dead at
 *               once (every later call: invalid_handle), and the script goes on regardless;
 *   block       it blocks until another thread has made an op, queries, a transition finish
 *               (and, in host dispatch, a drain) *and those calls have returned*: if navcore
 *               made that thread wait for the blocked callback, the callback's timed wait runs
 *               out and the case fails (a hard deadlock trips the alarm() watchdog instead);
 *   block-destroy  the same, the other thread destroying the navigator.
 *
 * After the script and a final destroy, every case checks its books: every accepted op's
 * completion ran exactly once and no refused op's ever did; a run block ran iff its op
 * completed; every screen's object came back through the release callback exactly once; every
 * accepted registration's ctx destructor ran exactly once (never while its callback ran), no
 * refused one's ever did; no two callbacks of the navigator overlapped (the wakeup may, as
 * navcore.h says; so may a ctx destructor that a registration call runs on its own thread while
 * nobody delivers — another thread may then start delivering; docs/reliability.md); the other
 * thread's op ended on the delivering thread.
 * Memory errors and leaks are AddressSanitizer's and valgrind's to find: every record is heap
 * memory that navcore hands back.
 *
 *   hostile               runs every case, one line each; exits 1 on any failure
 *   hostile --functions   prints the functions it calls from inside every callback kind
 *   hostile KIND…         only the cases of these callback kinds (e.g. `hostile release bar`)
 */
#define _POSIX_C_SOURCE 200809L
#include <navcore.h>

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* How long a blocked callback waits for the other thread's calls to return (generous: valgrind
 * runs this too), and how long one case may take before the watchdog kills the process. */
#define BLOCK_WAIT_SECONDS 20
#define CASE_ALARM_SECONDS 120

/* ---- the callback kinds and the ways they misbehave ---------------------------------------- */

enum kind {
    K_ACTION, K_WILL_SHOW, K_DID_SHOW, K_WILL_HIDE, K_DID_HIDE, K_TRANSITION, K_PROGRESS, K_BAR,
    K_PAYLOAD, K_RELEASE, K_DONE, K_WAKEUP, K_VETO, K_FACTORY, K_RUN, K_COMPLETION, K_DESTRUCTOR,
    K_COUNT
};
static const char *const kind_names[K_COUNT] = {
    "action", "will_show", "did_show", "will_hide", "did_hide", "transition", "progress", "bar",
    "payload", "release", "done", "wakeup", "veto", "factory", "run", "completion", "destructor",
};
/* The wakeup may overlap other callbacks (navcore.h), and so may a ctx destructor run by a
 * registration call while nobody delivers (observed; docs/reliability.md); the others not. */
static int exclusive(int kind) { return kind != K_WAKEUP && kind != K_DESTRUCTOR; }

enum hostility { H_EVERYTHING, H_DESTROY, H_BLOCK, H_BLOCK_DESTROY, H_COUNT };
static const char *const hostility_names[H_COUNT] = {"everything", "destroy", "block", "block-destroy"};

/* ---- the functions of navcore.h, and which were called from inside which kind --------------- */

static const char *const functions[] = {
    "navcore_action_state", "navcore_action_string", "navcore_back", "navcore_can_go_back",
    "navcore_drain", "navcore_drain_ops", "navcore_drain_for", "navcore_drain_ops_for", "navcore_gesture_begin", "navcore_is_bar_shown", "navcore_is_busy",
    "navcore_is_visible", "navcore_last_error_message", "navcore_navigator_create",
    "navcore_navigator_destroy", "navcore_on_action", "navcore_on_appearance", "navcore_on_bar",
    "navcore_on_done", "navcore_on_payload", "navcore_on_progress", "navcore_on_release",
    "navcore_on_wakeup", "navcore_op_string", "navcore_outcome_string", "navcore_pending_count",
    "navcore_pop", "navcore_pop_to", "navcore_pop_to_root", "navcore_post", "navcore_push",
    "navcore_reason_string", "navcore_root", "navcore_route_register", "navcore_route_unregister",
    "navcore_run", "navcore_screen_create", "navcore_screen_discard", "navcore_screen_object",
    "navcore_screen_route", "navcore_set_always_appear", "navcore_on_transition",
    "navcore_set_bar_threshold", "navcore_on_pop_veto", "navcore_set_stack", "navcore_set_visible",
    "navcore_show", "navcore_stack_copy", "navcore_stack_count", "navcore_stack_get",
    "navcore_status_string", "navcore_top", "navcore_transition_cancel", "navcore_transition_current",
    "navcore_transition_finish", "navcore_transition_progress", "navcore_version",
    "navcore_version_number",
    /* SPEC §12-15 */
    "navcore_free", "navcore_screen_set_result", "navcore_screen_result", "navcore_screen_on_result",
    "navcore_pop_with_result", "navcore_on_pop_veto_deferrable", "navcore_decide", "navcore_pending_decision",
    "navcore_screen_set_saved_state", "navcore_screen_saved_state", "navcore_save", "navcore_open",
    "navcore_restore", "navcore_show_options_init",
    /* requests */
    "navcore_request_init", "navcore_ask",
    /* per-screen hooks */
    "navcore_screen_hooks_init", "navcore_screen_create_with_hooks",
    /* observers */
    "navcore_observer_init", "navcore_observer_add", "navcore_observer_remove",
    /* the deprecated names */
    "navcore_set_animator", "navcore_set_pop_veto", "navcore_set_pop_veto_deferrable", "navcore_show_recycling",
};
#define FUNCTION_COUNT (sizeof functions / sizeof functions[0])
static unsigned char covered[K_COUNT][FUNCTION_COUNT];
static int covering = -1; /* the kind whose `everything` is running, or -1 */

static void mark(const char *name) {
    if (covering < 0) return;
    for (size_t i = 0; i < FUNCTION_COUNT; i++)
        if (!strcmp(functions[i], name)) { covered[covering][i] = 1; return; }
    fprintf(stderr, "hostile: %s is not in the function list\n", name);
    abort();
}
/* Calls a navcore function, noting that it was called. */
#define CALL(name, ...) (mark(#name), name(__VA_ARGS__))
#define CALL0(name) (mark(#name), name())

/* ---- failures ----------------------------------------------------------------------------- */

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static char case_name[96];
static int case_failures;

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    pthread_mutex_lock(&report_lock);
    fprintf(stderr, "FAIL %s: ", case_name);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    case_failures++;
    pthread_mutex_unlock(&report_lock);
    va_end(arguments);
}

static void on_alarm(int signal) {
    (void)signal;
    static const char message[] = "hostile: WATCHDOG: a case ran longer than the limit (a deadlock?): ";
    ssize_t ignored = write(2, message, sizeof message - 1);
    ignored = write(2, case_name, strlen(case_name));
    ignored = write(2, "\n", 1);
    (void)ignored;
    _exit(3);
}

/* ---- records: the heap memory navcore carries for us ----------------------------------------- */

#define OP_MAGIC 0x0a11ed01u
#define SCREEN_MAGIC 0x5c4ee401u
#define REG_MAGIC 0x4e610001u

typedef struct op_rec {
    unsigned magic;
    int status;    /* what the asking call returned */
    int calls;     /* completions received */
    int outcome, op;
    int ran;       /* run blocks executed */
    int is_run;
    int from_helper;
    pthread_t thread; /* where the completion ran */
} op_rec;

typedef struct screen_rec {
    unsigned magic;
    int created; /* navcore accepted it (screen_create ok, or the factory's object) */
    int released;
} screen_rec;

typedef struct reg_rec {
    unsigned magic;
    int kind;
    int accepted;
    int destroyed;
    atomic_int running;
} reg_rec;

typedef struct books {
    pthread_mutex_t lock;
    void **items;
    size_t count, capacity;
} books;

static books ops = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};
static books screens = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};
static books regs = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

static void *keep(books *b, size_t size) {
    void *item = calloc(1, size);
    if (!item) abort();
    pthread_mutex_lock(&b->lock);
    if (b->count == b->capacity) {
        b->capacity = b->capacity ? 2 * b->capacity : 64;
        b->items = realloc(b->items, b->capacity * sizeof *b->items);
        if (!b->items) abort();
    }
    b->items[b->count++] = item;
    pthread_mutex_unlock(&b->lock);
    return item;
}

static void forget_all(books *b) {
    for (size_t i = 0; i < b->count; i++) free(b->items[i]);
    free(b->items);
    b->items = NULL;
    b->count = b->capacity = 0;
}

static op_rec *new_op(void) {
    op_rec *r = keep(&ops, sizeof *r);
    r->magic = OP_MAGIC;
    r->status = 99;
    r->outcome = -1;
    return r;
}
static screen_rec *new_screen_rec(void) {
    screen_rec *r = keep(&screens, sizeof *r);
    r->magic = SCREEN_MAGIC;
    return r;
}
static reg_rec *new_reg(int kind) {
    reg_rec *r = keep(&regs, sizeof *r);
    r->magic = REG_MAGIC;
    r->kind = kind;
    return r;
}

/* ---- the case being run ------------------------------------------------------------------- */

static struct run {
    navcore_navigator *nav;
    int mode, target, hostility;
    atomic_int fired;           /* the hostile act happened */
    atomic_int destroy_started; /* somebody called destroy on nav */
    atomic_int dead;            /* a destroy of nav returned ok */
    atomic_int depth;           /* exclusive callbacks of nav running now */
    pthread_t main_thread;
    /* the other thread of block / block-destroy */
    pthread_t helper;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int go, returned, quit;
    op_rec *helper_op;
} R;

#define BIT(status) (1u << ((status) + 8))
#define OK_ BIT(NAVCORE_OK)
#define QUEUED_ BIT(NAVCORE_QUEUED)
#define INVALID_ BIT(NAVCORE_ERR_INVALID)
#define HANDLE_ BIT(NAVCORE_ERR_INVALID_HANDLE)
#define NO_SCREEN_ BIT(NAVCORE_ERR_NO_SUCH_SCREEN)
#define BUSY_ BIT(NAVCORE_ERR_BUSY)
#define STATE_ BIT(NAVCORE_ERR_STATE)
#define EXISTS_ BIT(NAVCORE_ERR_EXISTS)
#define OP_ (OK_ | QUEUED_)

/* Checks the status of a call on R.nav. A call made after a destroy of R.nav returned must fail
 * with invalid_handle; a call made while a destroy is under way (another thread's, or from
 * the teardown's callbacks) may; a call that began before the destroy may also succeed (it was
 * accepted before the handle died: a push whose callback destroyed the navigator returns ok). */
static int check_(int dead_before, int status, unsigned allowed, const char *what) {
    if (dead_before) allowed = HANDLE_;
    else if (atomic_load(&R.destroy_started)) allowed |= HANDLE_;
    if (status < NAVCORE_ERR_INTERNAL || status > NAVCORE_QUEUED || !(allowed & BIT(status)))
        fail("%s returned %d (%s): %s", what, status, navcore_status_string(status), navcore_last_error_message());
    return status;
}
#define check(call, allowed, what)                                                                 \
    __extension__({                                                                                \
        int dead_before_ = atomic_load(&R.dead);                                                   \
        check_(dead_before_, (call), allowed, what);                                               \
    })
/* A call on another navigator, which no destroy of R.nav concerns. */
static int check_other(int status, unsigned allowed, const char *what) {
    if (status < NAVCORE_ERR_INTERNAL || status > NAVCORE_QUEUED || !(allowed & BIT(status)))
        fail("%s returned %d (%s): %s", what, status, navcore_status_string(status), navcore_last_error_message());
    return status;
}

/* An op status for an op asked from inside a callback of `kind`: queued while a thread delivers
 * callbacks (SPEC §9), at once or queued otherwise (a destructor, the wakeup). */
static unsigned op_inside(int kind) { return exclusive(kind) ? QUEUED_ : OP_; }

static void hostile_point(navcore_navigator *nav, int kind);

/* ---- the callbacks ------------------------------------------------------------------------ */

static void enter(navcore_navigator *nav, int kind) {
    if (nav == R.nav && exclusive(kind) && atomic_fetch_add(&R.depth, 1) != 0)
        fail("a %s callback overlapped another callback of the navigator", kind_names[kind]);
}
static void leave(navcore_navigator *nav, int kind) {
    if (nav == R.nav && exclusive(kind)) atomic_fetch_sub(&R.depth, 1);
}
static reg_rec *reg_of(void *ctx, const char *what) {
    reg_rec *r = ctx;
    if (!r || r->magic != REG_MAGIC) {
        fail("%s got a ctx that is not its registration's", what);
        abort();
    }
    return r;
}

/* One event callback: the bookkeeping around the hostile point. */
#define EVENT(kind, nav, ctx)                                                                      \
    reg_rec *rec_ = reg_of(ctx, kind_names[kind]);                                                 \
    atomic_fetch_add(&rec_->running, 1);                                                           \
    enter(nav, kind);                                                                              \
    hostile_point(nav, kind);                                                                      \
    leave(nav, kind);                                                                              \
    atomic_fetch_sub(&rec_->running, 1)

static void on_action(navcore_navigator *nav, const navcore_action_event *e, void *ctx) {
    if (e->state < NAVCORE_ACTION_IDLE || e->state > NAVCORE_ACTION_POP_CANCELLED) fail("action state %d", e->state);
    if (e->disappearing_count && !e->disappearing) fail("action: disappearing is NULL");
    EVENT(K_ACTION, nav, ctx);
}
static void on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason,
                          bool animated, void *ctx) {
    (void)screen, (void)animated;
    if (!object || ((screen_rec *)object)->magic != SCREEN_MAGIC) fail("appearance: not our object");
    if (reason < NAVCORE_REASON_PUSH || reason > NAVCORE_REASON_DISAPPEAR) fail("appearance reason %d", reason);
    static const int kinds[] = {K_WILL_SHOW, K_DID_SHOW, K_WILL_HIDE, K_DID_HIDE};
    if (phase < 0 || phase > 3) { fail("appearance phase %d", phase); return; }
    EVENT(kinds[phase], nav, ctx);
}
static void on_transition(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    if (!t || !t->id) fail("transition without an id");
    EVENT(K_TRANSITION, nav, ctx);
}
static void on_progress(navcore_navigator *nav, uint64_t transition, double progress, void *ctx) {
    (void)transition;
    if (!(progress >= 0 && progress <= 1)) fail("progress %f", progress);
    EVENT(K_PROGRESS, nav, ctx);
}
static void on_bar(navcore_navigator *nav, bool shown, bool animated, void *ctx) {
    (void)shown, (void)animated;
    EVENT(K_BAR, nav, ctx);
}
static void on_payload(navcore_navigator *nav, uint64_t screen, void *object, const char *payload, void *ctx) {
    (void)screen, (void)object;
    if (!payload) fail("payload event without a payload");
    EVENT(K_PAYLOAD, nav, ctx);
}
static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)screen;
    screen_rec *s = object;
    if (!s || s->magic != SCREEN_MAGIC) fail("release: not our object");
    else if (++s->released != 1) fail("a screen was released %d times", s->released);
    if (!route) fail("release without a route");
    EVENT(K_RELEASE, nav, ctx);
}
static void on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    if (op < NAVCORE_OP_PUSH || op > NAVCORE_OP_OPEN) fail("done op %d", op);
    if (outcome < NAVCORE_OUTCOME_COMPLETED || outcome > NAVCORE_OUTCOME_ABORTED) fail("done outcome %d", outcome);
    EVENT(K_DONE, nav, ctx);
}
static void on_wakeup(navcore_navigator *nav, void *ctx) { EVENT(K_WAKEUP, nav, ctx); }
/* A result listener that only takes part in the books by being called before a release. */
static void on_result(navcore_navigator *nav, uint64_t screen, void *object, const char *result, void *ctx) {
    (void)nav, (void)screen, (void)object, (void)result, (void)ctx;
}
static bool on_veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, void *ctx) {
    (void)screen, (void)object, (void)by_gesture;
    EVENT(K_VETO, nav, ctx);
    return true;
}
static int factory_ok(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                      void *ctx) {
    (void)route, (void)screen, (void)payload;
    EVENT(K_FACTORY, nav, ctx);
    screen_rec *s = new_screen_rec();
    s->created = 1;
    *out = s;
    return 0;
}
static int factory_fail(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                        void *ctx) {
    (void)out, (void)route, (void)screen, (void)payload;
    EVENT(K_FACTORY, nav, ctx);
    return -1;
}
static void on_destroyed(void *ctx) {
    reg_rec *r = reg_of(ctx, "a ctx destructor");
    if (atomic_load(&r->running)) fail("the ctx destructor of a %s ran while its callback ran", kind_names[r->kind]);
    if (!r->accepted) fail("the ctx destructor of a refused %s registration ran", kind_names[r->kind]);
    if (++r->destroyed != 1) fail("a %s ctx was destroyed %d times", kind_names[r->kind], r->destroyed);
    hostile_point(NULL, K_DESTRUCTOR);
}

/* Op completions and run blocks: ctx is the op's record. */
static op_rec *op_of(void *ctx, const char *what) {
    op_rec *r = ctx;
    if (!r || r->magic != OP_MAGIC) {
        fail("%s got a ctx that is not its op's", what);
        abort();
    }
    return r;
}
static void completion(navcore_navigator *nav, int op, int outcome, void *ctx) {
    op_rec *r = op_of(ctx, "a completion");
    if (++r->calls != 1) fail("an op's completion ran %d times", r->calls);
    r->op = op;
    r->outcome = outcome;
    r->thread = pthread_self();
    enter(nav, K_COMPLETION);
    hostile_point(nav, K_COMPLETION);
    leave(nav, K_COMPLETION);
}
static void run_block(navcore_navigator *nav, void *ctx) {
    op_rec *r = op_of(ctx, "a run block");
    if (++r->ran != 1) fail("a run block ran %d times", r->ran);
    enter(nav, K_RUN);
    hostile_point(nav, K_RUN);
    leave(nav, K_RUN);
}

/* ---- registrations, screens and ops through the books -------------------------------------- */

typedef int (*register_fn)(navcore_navigator *, reg_rec *);
static int reg_action(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_action, n, on_action, r, on_destroyed); }
static int reg_will_show(navcore_navigator *n, reg_rec *r) {
    return CALL(navcore_on_appearance, n, NAVCORE_PHASE_WILL_SHOW, on_appearance, r, on_destroyed);
}
static int reg_did_show(navcore_navigator *n, reg_rec *r) {
    return CALL(navcore_on_appearance, n, NAVCORE_PHASE_DID_SHOW, on_appearance, r, on_destroyed);
}
static int reg_will_hide(navcore_navigator *n, reg_rec *r) {
    return CALL(navcore_on_appearance, n, NAVCORE_PHASE_WILL_HIDE, on_appearance, r, on_destroyed);
}
static int reg_did_hide(navcore_navigator *n, reg_rec *r) {
    return CALL(navcore_on_appearance, n, NAVCORE_PHASE_DID_HIDE, on_appearance, r, on_destroyed);
}
static int reg_transition(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_transition, n, on_transition, r, on_destroyed); }
static int reg_progress(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_progress, n, on_progress, r, on_destroyed); }
static int reg_bar(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_bar, n, on_bar, r, on_destroyed); }
static int reg_payload(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_payload, n, on_payload, r, on_destroyed); }
static int reg_release(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_release, n, on_release, r, on_destroyed); }
static int reg_done(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_done, n, on_done, r, on_destroyed); }
static int reg_wakeup(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_wakeup, n, on_wakeup, r, on_destroyed); }
static int reg_veto(navcore_navigator *n, reg_rec *r) { return CALL(navcore_on_pop_veto, n, on_veto, r, on_destroyed); }

static const struct {
    int kind;
    register_fn fn;
} registrations[] = {
    {K_ACTION, reg_action},   {K_WILL_SHOW, reg_will_show}, {K_DID_SHOW, reg_did_show},
    {K_WILL_HIDE, reg_will_hide}, {K_DID_HIDE, reg_did_hide}, {K_TRANSITION, reg_transition},
    {K_PROGRESS, reg_progress}, {K_BAR, reg_bar},           {K_PAYLOAD, reg_payload},
    {K_RELEASE, reg_release}, {K_DONE, reg_done},           {K_WAKEUP, reg_wakeup},
    {K_VETO, reg_veto},
};
#define REGISTRATION_COUNT (sizeof registrations / sizeof registrations[0])

/* Registers `fn` with a fresh ctx (replacing the current registration of its kind). */
static void register_one(navcore_navigator *nav, size_t i, const char *what) {
    reg_rec *r = new_reg(registrations[i].kind);
    r->accepted = 1; /* before the call: the old ctx's destructor may run inside it */
    if (check(registrations[i].fn(nav, r), OK_, what) != NAVCORE_OK) r->accepted = 0;
}
static void register_all(navcore_navigator *nav, const char *what) {
    for (size_t i = 0; i < REGISTRATION_COUNT; i++) register_one(nav, i, what);
}
static int route(navcore_navigator *nav, const char *name, navcore_factory_fn factory, unsigned allowed,
                 const char *what) {
    reg_rec *r = new_reg(K_FACTORY);
    r->accepted = 1;
    int status = check(CALL(navcore_route_register, nav, name, factory, r, on_destroyed), allowed, what);
    if (status != NAVCORE_OK) r->accepted = 0;
    return status;
}

/* A new detached screen of R.nav (0 if the call failed). */
static uint64_t screen(const char *route_name, const char *what) {
    screen_rec *s = new_screen_rec();
    uint64_t id = 0;
    if (check(CALL(navcore_screen_create, &id, R.nav, route_name, s), OK_, what) == NAVCORE_OK) s->created = 1;
    return id;
}

/* Asks an op: `call` gets the completion's ctx. */
#define OP(allowed, what, call_with_ctx)                                                           \
    do {                                                                                           \
        op_rec *op_ = new_op();                                                                    \
        op_->status = check(call_with_ctx, allowed, what);                                         \
    } while (0)

/* ---- the hostile acts --------------------------------------------------------------------- */

static const uint64_t BOGUS = 0xFFFFFFFFFFFF0001ull;

static void expect_string(const char *got, const char *want, const char *what) {
    if (!got || strcmp(got, want)) fail("%s gave \"%s\", not \"%s\"", what, got ? got : "(null)", want);
}

/* Every function of navcore.h, from inside a callback of `kind`. */
static void call_everything(int kind) {
    navcore_navigator *nav = R.nav;
    char what[96];
    covering = kind;
#define W(fn) (snprintf(what, sizeof what, "%s inside %s", #fn, kind_names[kind]), what)

    /* versions and names */
    expect_string(CALL0(navcore_version), NAVCORE_VERSION_STRING, W(navcore_version));
    if (CALL0(navcore_version_number) != NAVCORE_VERSION_NUMBER) fail("navcore_version_number");
    expect_string(CALL(navcore_status_string, NAVCORE_ERR_STATE), "state", W(navcore_status_string));
    expect_string(CALL(navcore_outcome_string, NAVCORE_OUTCOME_ABORTED), "aborted", W(navcore_outcome_string));
    expect_string(CALL(navcore_op_string, NAVCORE_OP_POP_TO_ROOT), "pop_to_root", W(navcore_op_string));
    expect_string(CALL(navcore_action_string, NAVCORE_ACTION_WILL_PUSH), "will_push", W(navcore_action_string));
    expect_string(CALL(navcore_reason_string, NAVCORE_REASON_DISAPPEAR), "disappear", W(navcore_reason_string));
    if (!CALL0(navcore_last_error_message)) fail("navcore_last_error_message gave NULL");

    /* a second navigator, made, used and destroyed inside the callback */
    navcore_navigator *other = NULL;
    if (check_other(CALL(navcore_navigator_create, &other, R.mode), OK_, W(navcore_navigator_create)) == NAVCORE_OK) {
        screen_rec *s = new_screen_rec();
        uint64_t id = 0;
        reg_rec *r = new_reg(K_RELEASE);
        r->accepted = 1;
        if (check_other(reg_release(other, r), OK_, "on_release on the other") != NAVCORE_OK) r->accepted = 0;
        if (check_other(navcore_screen_create(&id, other, "other", s), OK_, "screen_create on the other") == NAVCORE_OK) {
            s->created = 1;
            op_rec *op = new_op();
            op->status = check_other(navcore_push(other, id, false, completion, op), OP_, "push on the other");
            check_other(navcore_drain(other), OK_, "drain on the other");
        }
        check_other(CALL(navcore_navigator_destroy, other), OK_, W(navcore_navigator_destroy));
    }

    /* settings */
    check(CALL(navcore_drain, nav), OK_, W(navcore_drain));
    /* bounded drains whose budgets never run out, so the script runs as with navcore_drain; inside
     * the wakeup (which may come on a thread that then drives) ops posted meanwhile may be left */
    check(CALL(navcore_drain_ops, nav, SIZE_MAX), OP_, W(navcore_drain_ops));
    check(CALL(navcore_drain_for, nav, INFINITY), OP_, W(navcore_drain_for));
    check(CALL(navcore_drain_ops_for, nav, SIZE_MAX, INFINITY), OP_, W(navcore_drain_ops_for));
    check(CALL(navcore_set_always_appear, nav, true), OK_, W(navcore_set_always_appear));
    check(navcore_set_always_appear(nav, false), OK_, what);
    check(CALL(navcore_set_bar_threshold, nav, 0), OK_, W(navcore_set_bar_threshold));

    /* screens */
    uint64_t s1 = screen("hostile", W(navcore_screen_create));
    uint64_t s2 = screen("hostile", what);
    navcore_screen_hooks hooks; /* no hooks of its own: the call itself is what runs here */
    if (check_other(CALL(navcore_screen_hooks_init, &hooks, NAVCORE_SCREEN_HOOKS_VERSION), OK_,
                    W(navcore_screen_hooks_init)) == NAVCORE_OK) {
        screen_rec *hooked = new_screen_rec();
        uint64_t hooked_id = 0;
        if (check(CALL(navcore_screen_create_with_hooks, &hooked_id, nav, "hooked", hooked, &hooks), OK_,
                  W(navcore_screen_create_with_hooks)) == NAVCORE_OK)
            hooked->created = 1;
    }
    void *object = NULL;
    if (check(CALL(navcore_screen_object, &object, nav, s1), OK_, W(navcore_screen_object)) == NAVCORE_OK &&
        (!object || ((screen_rec *)object)->magic != SCREEN_MAGIC))
        fail("screen_object gave another object");
    char text[4];
    size_t length = 0;
    if (check(CALL(navcore_screen_route, &length, text, sizeof text, nav, s1), OK_, W(navcore_screen_route)) ==
            NAVCORE_OK &&
        (length != 7 || strcmp(text, "hos")))
        fail("screen_route gave %zu \"%s\"", length, text);
    check(CALL(navcore_screen_discard, nav, s2), OK_, W(navcore_screen_discard));
    uint64_t top = 0;
    check(CALL(navcore_top, &top, nav), OK_, W(navcore_top));
    if (top) check(navcore_screen_discard(nav, top), STATE_, "discard of the top");

    /* ops: all queued while a thread delivers callbacks */
    unsigned queued = op_inside(kind);
    OP(queued, W(navcore_push), CALL(navcore_push, nav, s1, true, completion, op_));
    OP(queued, W(navcore_pop), CALL(navcore_pop, nav, true, completion, op_));
    OP(queued, W(navcore_pop_to), CALL(navcore_pop_to, nav, top ? top : s1, false, completion, op_));
    OP(queued, W(navcore_pop_to_root), CALL(navcore_pop_to_root, nav, true, completion, op_));
    uint64_t stack[16];
    size_t count = 0;
    if (check(CALL(navcore_stack_copy, &count, stack, 15, nav), OK_, W(navcore_stack_copy)) == NAVCORE_OK) {
        if (count > 15) count = 15;
        stack[count] = screen("hostile", what);
        OP(queued, W(navcore_set_stack), CALL(navcore_set_stack, nav, stack, count + 1, true, completion, op_));
    }
    OP(queued, W(navcore_back), CALL(navcore_back, nav, true, completion, op_));
    OP(OK_ | BUSY_ | STATE_, W(navcore_gesture_begin), CALL(navcore_gesture_begin, nav, completion, op_));
    {
        op_rec *op = new_op();
        op->is_run = 1;
        op->status = check(CALL(navcore_run, nav, run_block, completion, op), queued, W(navcore_run));
    }
    OP(queued, W(navcore_set_visible), CALL(navcore_set_visible, nav, true, completion, op_));
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = true;
    options.remove_current = false;
    options.recycle = NAVCORE_RECYCLE_NONE;
    options.payload = "from a callback";
    OP(queued, W(navcore_show), CALL(navcore_show, nav, "R", &options, completion, op_));
    OP(queued, W(navcore_post), CALL(navcore_post, nav, "F", NULL, completion, op_));

    /* transitions */
    uint64_t transition = 0;
    check(CALL(navcore_transition_current, &transition, nav), OK_, W(navcore_transition_current));
    if (transition) check(navcore_transition_progress(nav, transition, 0.5), OK_ | STATE_, "progress of the current");
    check(CALL(navcore_transition_progress, nav, BOGUS, 0.5), STATE_, W(navcore_transition_progress));
    check(CALL(navcore_transition_finish, nav, BOGUS), STATE_, W(navcore_transition_finish));
    check(CALL(navcore_transition_cancel, nav, BOGUS), STATE_, W(navcore_transition_cancel));

    /* routes */
    route(nav, "tmp", factory_ok, OK_, W(navcore_route_register));
    route(nav, "tmp", factory_ok, EXISTS_, "navcore_route_register again");
    check(CALL(navcore_route_unregister, nav, "tmp"), OK_, W(navcore_route_unregister));
    check(navcore_route_unregister(nav, "tmp"), INVALID_, "navcore_route_unregister again");

    /* results, the deferred veto, saved state, save, open, restore, single top (SPEC §12-15) */
    char *copy = NULL;
    check(CALL(navcore_screen_set_result, nav, s1, "r"), OK_, W(navcore_screen_set_result));
    if (check(CALL(navcore_screen_result, &copy, nav, s1), OK_, W(navcore_screen_result)) == NAVCORE_OK)
        expect_string(copy, "r", what);
    CALL(navcore_free, copy);
    check(CALL(navcore_screen_on_result, nav, s1, on_result, NULL, NULL), OK_, W(navcore_screen_on_result));
    OP(queued, W(navcore_pop_with_result), CALL(navcore_pop_with_result, nav, true, "r", completion, op_));
    /* removes the veto: register_all below puts the books' one back before the callback returns */
    check(CALL(navcore_on_pop_veto_deferrable, nav, NULL, NULL, NULL), OK_, W(navcore_on_pop_veto_deferrable));
    /* the deprecated names, as the functions they name: an animator and a veto through the books
     * (register_all below replaces the animator; the veto is removed again at once) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    reg_rec *old_name = new_reg(K_TRANSITION);
    old_name->accepted = 1;
    if (check(CALL(navcore_set_animator, nav, on_transition, old_name, on_destroyed), OK_, W(navcore_set_animator)) !=
        NAVCORE_OK)
        old_name->accepted = 0;
    old_name = new_reg(K_VETO);
    old_name->accepted = 1;
    if (check(CALL(navcore_set_pop_veto, nav, on_veto, old_name, on_destroyed), OK_, W(navcore_set_pop_veto)) != NAVCORE_OK)
        old_name->accepted = 0;
    check(CALL(navcore_set_pop_veto_deferrable, nav, NULL, NULL, NULL), OK_, W(navcore_set_pop_veto_deferrable));
    navcore_legacy_show_options legacy = {true, false, true, "from a callback"};
    OP(queued, W(navcore_show_recycling),
       CALL(navcore_show_recycling, nav, "R", &legacy, NAVCORE_RECYCLE_NONE, completion, op_));
#pragma GCC diagnostic pop
    check(CALL(navcore_decide, nav, BOGUS, true), STATE_, W(navcore_decide));
    check(CALL(navcore_screen_set_saved_state, nav, s1, "s"), OK_, W(navcore_screen_set_saved_state));
    copy = NULL;
    if (check(CALL(navcore_screen_saved_state, &copy, nav, s1), OK_, W(navcore_screen_saved_state)) == NAVCORE_OK)
        expect_string(copy, "s", what);
    navcore_free(copy);
    copy = NULL;
    check(CALL(navcore_save, &copy, nav), OK_, W(navcore_save));
    if (!copy || strncmp(copy, "{\"navcore\":1,\"stack\":[", 22)) fail("save gave \"%s\"", copy ? copy : "(null)");
    navcore_free(copy);
    navcore_route_entry entries[] = {{"R", "opened"}, {"F", NULL}};
    OP(queued, W(navcore_open), CALL(navcore_open, nav, entries, 2, true, completion, op_));
    OP(queued, W(navcore_restore),
       CALL(navcore_restore, nav, "{\"navcore\":1,\"stack\":[{\"route\":\"R\",\"state\":null}]}", false,
            completion, op_));
    navcore_show_options single_top;
    check_other(CALL(navcore_show_options_init, &single_top, NAVCORE_SHOW_OPTIONS_VERSION), OK_,
                W(navcore_show_options_init));
    single_top.recycle = NAVCORE_RECYCLE_TOP;
    OP(queued, "navcore_show (single top)", CALL(navcore_show, nav, "R", &single_top, completion, op_));

    /* an op as a request: a push of a new screen, and one the call refuses (no op) */
    navcore_request request;
    if (check_other(CALL(navcore_request_init, &request, NAVCORE_REQUEST_VERSION), OK_, W(navcore_request_init)) ==
        NAVCORE_OK) {
        request.op = NAVCORE_OP_PUSH, request.screen = screen("hostile", what), request.animated = true;
        OP(queued, W(navcore_ask), CALL(navcore_ask, nav, &request, completion, op_));
        request.op = -1;
        OP(INVALID_, "navcore_ask (no op)", navcore_ask(nav, &request, completion, op_));
    }

    /* every registration replaced (the running one included: its destructor waits for it) */
    register_all(nav, "a registration inside a callback");

    /* an observer added and removed: its destructor runs once, through the books */
    navcore_observer observer;
    if (check_other(CALL(navcore_observer_init, &observer, NAVCORE_OBSERVER_VERSION), OK_,
                    W(navcore_observer_init)) == NAVCORE_OK) {
        reg_rec *r = new_reg(K_DESTRUCTOR);
        r->accepted = 1; /* before the call, as for every registration */
        observer.ctx = r, observer.destroy = on_destroyed;
        uint64_t token = 0;
        if (check(CALL(navcore_observer_add, &token, nav, &observer), OK_, W(navcore_observer_add)) != NAVCORE_OK)
            r->accepted = 0;
        else if (check(CALL(navcore_observer_remove, nav, token), OK_, W(navcore_observer_remove)) == NAVCORE_OK)
            check(navcore_observer_remove(nav, token), INVALID_, "navcore_observer_remove again");
    }

    /* queries */
    bool flag;
    int state;
    uint64_t id;
    check(CALL(navcore_stack_count, &count, nav), OK_, W(navcore_stack_count));
    check(CALL(navcore_stack_get, &id, nav, 0), count ? OK_ : INVALID_, W(navcore_stack_get));
    check(CALL(navcore_root, &id, nav), OK_, W(navcore_root));
    check(CALL(navcore_action_state, &state, nav), OK_, W(navcore_action_state));
    check(CALL(navcore_is_busy, &flag, nav), OK_, W(navcore_is_busy));
    check(CALL(navcore_pending_count, &count, nav), OK_, W(navcore_pending_count));
    check(CALL(navcore_is_bar_shown, &flag, nav), OK_, W(navcore_is_bar_shown));
    check(CALL(navcore_is_visible, &flag, nav), OK_, W(navcore_is_visible));
    check(CALL(navcore_can_go_back, &flag, nav), OK_, W(navcore_can_go_back));
    check(CALL(navcore_pending_decision, &id, nav), OK_, W(navcore_pending_decision));
#undef W
    covering = -1;
}

/* Destroys the navigator from inside a callback of `kind`. */
static void destroy_inside(int kind) {
    atomic_store(&R.destroy_started, 1);
    int status = navcore_navigator_destroy(R.nav);
    if (status != NAVCORE_OK) {
        fail("destroy inside %s returned %s", kind_names[kind], navcore_status_string(status));
        return;
    }
    atomic_store(&R.dead, 1);
    size_t count;
    check(navcore_stack_count(&count, R.nav), HANDLE_, "a query right after the destroy");
    check(navcore_navigator_destroy(R.nav), HANDLE_, "a second destroy");
    OP(HANDLE_, "an op after the destroy", navcore_push(R.nav, BOGUS, false, completion, op_));
}

/* The other thread: waits for `go`, makes its calls, then says they returned. */
static void *helper_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&R.lock);
    while (!R.go && !R.quit) pthread_cond_wait(&R.changed, &R.lock);
    int go = R.go;
    pthread_mutex_unlock(&R.lock);
    if (!go) return NULL;

    navcore_navigator *nav = R.nav;
    if (R.hostility == H_BLOCK_DESTROY) {
        atomic_store(&R.destroy_started, 1);
        if (check(navcore_navigator_destroy(nav), OK_, "the other thread's destroy") == NAVCORE_OK)
            atomic_store(&R.dead, 1);
        size_t count;
        check(navcore_stack_count(&count, nav), HANDLE_, "the other thread's query after its destroy");
    } else {
        /* an op: queued while the main thread delivers (SPEC §9), it ends on that thread */
        op_rec *op = new_op();
        op->is_run = 1;
        op->from_helper = 1;
        R.helper_op = op;
        op->status = check(navcore_run(nav, run_block, completion, op), op_inside(R.target), "the other thread's run");
        size_t count;
        bool busy;
        uint64_t transition = 0;
        check(navcore_stack_count(&count, nav), OK_, "the other thread's stack_count");
        check(navcore_is_busy(&busy, nav), OK_, "the other thread's is_busy");
        check(navcore_transition_current(&transition, nav), OK_, "the other thread's transition_current");
        check(navcore_transition_finish(nav, transition ? transition : BOGUS), OK_ | STATE_,
              "the other thread's transition_finish");
        if (R.mode == NAVCORE_DISPATCH_HOST) check(navcore_drain(nav), OK_, "the other thread's drain");
    }
    pthread_mutex_lock(&R.lock);
    R.returned = 1;
    pthread_cond_broadcast(&R.changed);
    pthread_mutex_unlock(&R.lock);
    return NULL;
}

/* Blocks the callback until the other thread's calls have returned. */
static void block_for_helper(int kind) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += BLOCK_WAIT_SECONDS;
    pthread_mutex_lock(&R.lock);
    R.go = 1;
    pthread_cond_broadcast(&R.changed);
    while (!R.returned) {
        if (pthread_cond_timedwait(&R.changed, &R.lock, &deadline) == ETIMEDOUT) {
            fail("the other thread's calls did not return within %d s while a %s callback blocked: "
                 "navcore made it wait for the callback (no hand-off)",
                 BLOCK_WAIT_SECONDS, kind_names[kind]);
            break;
        }
    }
    pthread_mutex_unlock(&R.lock);
}

/* The first callback of the case's kind (of the case's navigator) misbehaves. */
static void hostile_point(navcore_navigator *nav, int kind) {
    if (kind != R.target || (nav && nav != R.nav) || atomic_exchange(&R.fired, 1)) return;
    switch (R.hostility) {
    case H_EVERYTHING: call_everything(kind); break;
    case H_DESTROY: destroy_inside(kind); break;
    default: block_for_helper(kind); break;
    }
}

/* ---- the script --------------------------------------------------------------------------- */

/* Runs what waits: drains (host dispatch) and finishes transitions until the navigator idles. */
static void pump(const char *what) {
    for (int round = 0; round < 10000; round++) {
        if (R.mode == NAVCORE_DISPATCH_HOST && check(navcore_drain(R.nav), OK_, what) != NAVCORE_OK) return;
        uint64_t transition = 0;
        if (check(navcore_transition_current(&transition, R.nav), OK_, what) != NAVCORE_OK) return;
        if (transition) {
            check(navcore_transition_finish(R.nav, transition), OK_ | STATE_, what);
            continue;
        }
        bool busy = false;
        size_t pending = 0;
        if (check(navcore_is_busy(&busy, R.nav), OK_, what) != NAVCORE_OK) return;
        if (check(navcore_pending_count(&pending, R.nav), OK_, what) != NAVCORE_OK) return;
        if (!busy && !pending) return;
        sched_yield(); /* another thread may be driving (a drain of the other thread) */
    }
    fail("%s: the navigator never settled", what);
}

static void script(void) {
    navcore_navigator *nav = R.nav;
    register_all(nav, "registration");
    route(nav, "R", factory_ok, OK_, "route R");
    route(nav, "F", factory_fail, OK_, "route F");

    /* push A, then B animated: action, show/hide, transition, completion, done (wakeup in host) */
    uint64_t a = screen("A", "screen A");
    OP(OP_, "push A", navcore_push(nav, a, false, completion, op_));
    pump("after push A");
    uint64_t b = screen("B", "screen B");
    OP(OP_, "push B", navcore_push(nav, b, true, completion, op_));
    pump("after push B");

    /* the gesture, cancelled after a progress report, then finished: progress, cancel events */
    uint64_t transition = 0;
    OP(OK_ | BUSY_ | STATE_, "gesture", navcore_gesture_begin(nav, completion, op_));
    if (check(navcore_transition_current(&transition, nav), OK_, "transition_current") == NAVCORE_OK && transition) {
        check(navcore_transition_progress(nav, transition, 0.5), OK_ | STATE_, "progress");
        check(navcore_transition_cancel(nav, transition), OK_ | STATE_, "cancel");
    }
    pump("after the cancelled gesture");
    OP(OK_ | BUSY_ | STATE_, "gesture", navcore_gesture_begin(nav, completion, op_));
    if (check(navcore_transition_current(&transition, nav), OK_, "transition_current") == NAVCORE_OK && transition) {
        check(navcore_transition_progress(nav, transition, 0.7), OK_ | STATE_, "progress");
        check(navcore_transition_finish(nav, transition), OK_ | STATE_, "finish");
    }
    pump("after the gesture");

    /* the bar: hidden below 2 screens, shown again by a push */
    check(navcore_set_bar_threshold(nav, 3), OK_, "threshold");
    uint64_t c = screen("C", "screen C");
    OP(OP_, "push C", navcore_push(nav, c, false, completion, op_));
    pump("after push C");

    /* routes: a factory that succeeds (with a payload), one that fails */
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = true;
    options.remove_current = false;
    options.payload = "p";
    OP(OP_, "show R", navcore_show(nav, "R", &options, completion, op_));
    OP(OP_, "show F", navcore_show(nav, "F", NULL, completion, op_));
    pump("after the shows");

    /* back (the veto), a run block, the visibility */
    OP(OP_, "back", navcore_back(nav, true, completion, op_));
    pump("after back");
    {
        op_rec *op = new_op();
        op->is_run = 1;
        op->status = check(navcore_run(nav, run_block, completion, op), OP_, "run");
    }
    OP(OP_, "hide", navcore_set_visible(nav, false, completion, op_));
    OP(OP_, "show", navcore_set_visible(nav, true, completion, op_));
    pump("after run and visibility");

    /* a release outside any op, then ctx destructors: a replaced and a removed registration */
    uint64_t d = screen("D", "screen D");
    check(navcore_screen_discard(nav, d), OK_, "discard D");
    pump("after discard");
    register_one(nav, 7, "a replaced registration"); /* the bar's */
    check(navcore_on_progress(nav, NULL, NULL, NULL), OK_, "a removed registration");
    pump("after the registrations");

    /* ops left waiting behind a transition, then the destroy: aborted completions, releases */
    uint64_t e = screen("E", "screen E");
    OP(OP_, "push E", navcore_push(nav, e, true, completion, op_));
    {
        op_rec *op = new_op();
        op->is_run = 1;
        op->status = check(navcore_run(nav, run_block, completion, op), OP_, "run before destroy");
    }
    uint64_t f = screen("F", "screen F");
    OP(OP_, "push F", navcore_push(nav, f, true, completion, op_));
    atomic_store(&R.destroy_started, 1);
    if (check(navcore_navigator_destroy(nav), OK_, "the final destroy") == NAVCORE_OK) atomic_store(&R.dead, 1);
    pump("after the destroy"); /* every call fails with invalid_handle */
}

/* ---- one case ------------------------------------------------------------------------------ */

static void check_books(void) {
    for (size_t i = 0; i < ops.count; i++) {
        op_rec *r = ops.items[i];
        if (r->status >= 0 && r->calls != 1) fail("an accepted op's completion ran %d times", r->calls);
        if (r->status < 0 && r->calls != 0) fail("a refused op's completion ran");
        if (r->is_run && r->ran != (r->calls == 1 && r->outcome == NAVCORE_OUTCOME_COMPLETED))
            fail("a run block ran %d times and its op ended %s", r->ran, navcore_outcome_string(r->outcome));
        if (r->from_helper && r->calls == 1 && R.target != K_WAKEUP && R.target != K_DESTRUCTOR &&
            !pthread_equal(r->thread, R.main_thread))
            fail("the other thread's op did not end on the thread that delivered the callbacks");
    }
    for (size_t i = 0; i < screens.count; i++) {
        screen_rec *s = screens.items[i];
        if (s->created && s->released != 1) fail("a screen was released %d times", s->released);
        if (!s->created && s->released) fail("a screen navcore refused was released");
    }
    for (size_t i = 0; i < regs.count; i++) {
        reg_rec *r = regs.items[i];
        if (r->accepted && r->destroyed != 1) fail("a %s registration's ctx was destroyed %d times", kind_names[r->kind], r->destroyed);
    }
    if (!atomic_load(&R.fired)) fail("the %s callback never ran", kind_names[R.target]);
    if ((R.hostility == H_BLOCK || R.hostility == H_BLOCK_DESTROY) && !R.returned)
        fail("the other thread never made its calls");
}

static int run_case(int mode, int target, int hostility) {
    snprintf(case_name, sizeof case_name, "%-6s %-10s %s", mode == NAVCORE_DISPATCH_HOST ? "host" : "inline",
             kind_names[target], hostility_names[hostility]);
    case_failures = 0;
    alarm(CASE_ALARM_SECONDS);
    memset(&R, 0, sizeof R);
    R.mode = mode;
    R.target = target;
    R.hostility = hostility;
    R.main_thread = pthread_self();
    pthread_mutex_init(&R.lock, NULL);
    pthread_cond_init(&R.changed, NULL);
    int blocking = hostility == H_BLOCK || hostility == H_BLOCK_DESTROY;
    if (blocking && pthread_create(&R.helper, NULL, helper_main, NULL)) abort();

    if (navcore_navigator_create(&R.nav, mode) != NAVCORE_OK) {
        fail("create: %s", navcore_last_error_message());
    } else {
        script();
    }
    if (blocking) {
        pthread_mutex_lock(&R.lock);
        R.quit = 1;
        pthread_cond_broadcast(&R.changed);
        pthread_mutex_unlock(&R.lock);
        pthread_join(R.helper, NULL);
    }
    check_books();
    char books_line[80];
    snprintf(books_line, sizeof books_line, "(%zu ops, %zu screens, %zu registrations checked)", ops.count,
             screens.count, regs.count);
    forget_all(&ops);
    forget_all(&screens);
    forget_all(&regs);
    pthread_mutex_destroy(&R.lock);
    pthread_cond_destroy(&R.changed);
    alarm(0);
    printf("%s %s %s\n", case_failures ? "FAIL" : "ok  ", case_name, books_line);
    fflush(stdout);
    return case_failures == 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "--functions")) {
        for (size_t i = 0; i < FUNCTION_COUNT; i++) puts(functions[i]);
        return 0;
    }
    unsigned char wanted[K_COUNT];
    memset(wanted, argc == 1, sizeof wanted);
    for (int i = 1; i < argc; i++) {
        int found = 0;
        for (int k = 0; k < K_COUNT; k++)
            if (!strcmp(argv[i], kind_names[k])) wanted[k] = 1, found = 1;
        if (!found) {
            fprintf(stderr, "hostile: unknown callback kind %s\n", argv[i]);
            return 2;
        }
    }
    signal(SIGALRM, on_alarm);
    int passed = 0, failed = 0;
    for (int mode = NAVCORE_DISPATCH_INLINE; mode <= NAVCORE_DISPATCH_HOST; mode++)
        for (int k = 0; k < K_COUNT; k++) {
            if (!wanted[k] || (k == K_WAKEUP && mode == NAVCORE_DISPATCH_INLINE)) continue;
            for (int h = 0; h < H_COUNT; h++) *(run_case(mode, k, h) ? &passed : &failed) += 1;
        }
    /* `everything` reached every function of the header from inside every kind it ran in */
    for (int k = 0; k < K_COUNT; k++) {
        if (!wanted[k]) continue;
        for (size_t i = 0; i < FUNCTION_COUNT; i++)
            if (!covered[k][i]) {
                fprintf(stderr, "FAIL %s was never called from inside a %s callback\n", functions[i], kind_names[k]);
                failed++;
            }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
