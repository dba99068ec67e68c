/*
 * misuse: what a hostile or careless host does around the callbacks and the process, beyond
 * hostile.c's misbehaving callbacks (docs/reliability.md, "Hostile hosts (C)").
 *
 *   wakeup-replace  host dispatch: a worker posts, and while its wakeup runs, the UI thread
 *                   replaces on_wakeup, drains, and waits inside the action callback for the
 *                   worker's post to return. The replaced registration's ctx destructor must
 *                   not run beside that callback (navcore.h: never beside another callback),
 *                   and must run exactly once.
 *   done-replace    the same, replacing on_done: the worker's wakeup holds every registration.
 *   fork            a thread hammers navcore (lookups, creates, destroys, and a host-mode
 *                   navigator's observer, route, show and drain) while the main thread forks,
 *                   100 times, the first time at once. Each child must make and use new
 *                   navigators (inline, and in host mode with the same calls), and every
 *                   call on a navigator inherited from the parent must fail at once with
 *                   NAVCORE_ERR_INVALID_HANDLE and a message naming fork. A child that hangs is
 *                   killed by its alarm and fails the case.
 *   destroy-race    4 threads call navcore on 4 shared handles (queries, screens, pushes, and now
 *                   and then a destroy of their own) while the main thread replaces each
 *                   navigator with a new one and destroys the old, 20,000 times: the handle
 *                   lookup is lock-free (docs/c-api.md, "Threads"), so a lookup races every
 *                   destroy. Each call must succeed or fail with NAVCORE_ERR_INVALID_HANDLE and
 *                   the "destroyed" message; ASan and TSan (make test-asan, test-tsan-c) check
 *                   that no lookup touches a freed navigator.
 *   small-stack     the first navcore calls of a thread with a 64 KB stack work (a stack under
 *                   about 24–32 KB crashes in the Swift runtime's one-time setup: documented, and
 *                   shown by `misuse --stack BYTES`, not run here).
 *   longjmp         an action callback that longjmps out of navcore_push wedges that navigator
 *                   (documented): it stays busy, and later ops only queue; every other
 *                   navigator, and new ones, work.
 *   tls-last-round  a failing call from a TLS destructor in its last round (after navcore's own
 *                   key was cleared) stores a message that nobody frees: one block of the
 *                   message's length + 1 bytes. The program prints that length; `make
 *                   test-hostile` runs it under valgrind and checks that this block is the only
 *                   definite leak.
 *
 *   misuse              every case but tls-last-round, one line each; exits 1 on any failure
 *   misuse CASE…        only these cases
 *   misuse --stack N    a thread with an N-byte stack makes its first navcore call
 */
#define _GNU_SOURCE
#include <navcore.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "  %s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* ---- waiting on a flag with a deadline ------------------------------------------------------ */

static pthread_mutex_t flag_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flag_changed = PTHREAD_COND_INITIALIZER;

static void raise_flag(int *flag) {
    pthread_mutex_lock(&flag_lock);
    *flag = 1;
    pthread_cond_broadcast(&flag_changed);
    pthread_mutex_unlock(&flag_lock);
}

/* Waits until *flag is set or `seconds` pass; returns whether it was set. */
static int await_flag(int *flag, int seconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += seconds;
    pthread_mutex_lock(&flag_lock);
    int status = 0;
    while (!*flag && status != ETIMEDOUT) status = pthread_cond_timedwait(&flag_changed, &flag_lock, &deadline);
    int set = *flag;
    pthread_mutex_unlock(&flag_lock);
    return set;
}

/* ---- wakeup-replace, done-replace ----------------------------------------------------------- */

typedef struct replace_case {
    navcore_navigator *nav;
    uint64_t screen;
    int in_wakeup, release_wakeup, post_returned;
    atomic_int in_callback;        /* the UI thread is inside a callback */
    atomic_int destroyed;          /* the replaced registration's ctx destructor calls */
    atomic_int destroyed_overlap;  /* ... of which ran while a callback ran */
    atomic_int wakeups;
} replace_case;

/* The first wakeup (raised on the worker) blocks until the UI thread lets it go. */
static void blocking_wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav;
    replace_case *c = ctx;
    if (atomic_fetch_add(&c->wakeups, 1) == 0) {
        raise_flag(&c->in_wakeup);
        await_flag(&c->release_wakeup, 10);
    }
}

static void quiet_wakeup(navcore_navigator *nav, void *ctx) { (void)nav, (void)ctx; }
static void quiet_done(navcore_navigator *nav, int op, int outcome, void *ctx) { (void)nav, (void)op, (void)outcome, (void)ctx; }

/* The old registration's destructor: records whether it ran beside a callback. */
static void replaced_destroy(void *ctx) {
    replace_case *c = ctx;
    atomic_fetch_add(&c->destroyed, 1);
    if (atomic_load(&c->in_callback)) atomic_fetch_add(&c->destroyed_overlap, 1);
}

/* Inside the UI thread's action callback: let the worker's wakeup return, then wait (a while)
 * for the worker's post to return, which is when it drops what it held. */
static void waiting_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    replace_case *c = ctx;
    if (event->state != NAVCORE_ACTION_WILL_PUSH) return;
    atomic_store(&c->in_callback, 1);
    raise_flag(&c->release_wakeup);
    await_flag(&c->post_returned, 3);
    atomic_store(&c->in_callback, 0);
}

static void *posting_worker(void *ctx) {
    replace_case *c = ctx;
    navcore_push(c->nav, c->screen, false, NULL, NULL);
    raise_flag(&c->post_returned);
    return NULL;
}

static int replace_during_wakeup(int replace_done) {
    replace_case c = {0};
    CHECK(navcore_navigator_create(&c.nav, NAVCORE_DISPATCH_HOST) == NAVCORE_OK, "create");
    CHECK(navcore_on_action(c.nav, waiting_action, &c, NULL) == NAVCORE_OK, "on_action");
    if (replace_done) {
        CHECK(navcore_on_wakeup(c.nav, blocking_wakeup, &c, NULL) == NAVCORE_OK, "on_wakeup");
        CHECK(navcore_on_done(c.nav, quiet_done, &c, replaced_destroy) == NAVCORE_OK, "on_done");
    } else {
        CHECK(navcore_on_wakeup(c.nav, blocking_wakeup, &c, replaced_destroy) == NAVCORE_OK, "on_wakeup");
    }
    CHECK(navcore_screen_create(&c.screen, c.nav, "a", NULL) == NAVCORE_OK, "screen");
    pthread_t worker;
    CHECK(pthread_create(&worker, NULL, posting_worker, &c) == 0, "thread");
    CHECK(await_flag(&c.in_wakeup, 10), "the worker's post raised no wakeup");
    int status = replace_done ? navcore_on_done(c.nav, quiet_done, NULL, NULL)
                              : navcore_on_wakeup(c.nav, quiet_wakeup, NULL, NULL);
    CHECK(status == NAVCORE_OK, "the replacement: %s", navcore_status_string(status));
    CHECK(navcore_drain(c.nav) == NAVCORE_OK, "drain");
    pthread_join(worker, NULL);
    CHECK(c.post_returned, "the worker's post had not returned when the action callback gave up");
    CHECK(navcore_navigator_destroy(c.nav) == NAVCORE_OK, "destroy");
    CHECK(atomic_load(&c.destroyed) == 1, "the replaced ctx was destroyed %d times", atomic_load(&c.destroyed));
    CHECK(atomic_load(&c.destroyed_overlap) == 0, "the replaced ctx was destroyed while a callback ran");
    return 0;
}

static int case_wakeup_replace(void) { return replace_during_wakeup(0); }
static int case_done_replace(void) { return replace_during_wakeup(1); }

/* ---- fork ----------------------------------------------------------------------------------- */

#define FORKS 100

static atomic_int hammering;

static void fork_done(navcore_navigator *nav, int op, int outcome, void *ctx) { (void)nav, (void)op, (void)outcome, (void)ctx; }

static int fork_factory(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                        void *ctx) {
    (void)nav, (void)route, (void)screen, (void)payload, (void)ctx;
    *out = NULL;
    return 0;
}

/* A host-mode navigator with an observer and a route: show, drain, destroy. 0 when all worked. */
static int host_mode_round(void) {
    navcore_navigator *nav = NULL;
    size_t count = 0;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_HOST) != NAVCORE_OK) return 1;
    int failed = navcore_on_done(nav, fork_done, NULL, NULL) != NAVCORE_OK
                 || navcore_route_register(nav, "r", fork_factory, NULL, NULL) != NAVCORE_OK
                 || navcore_show(nav, "r", NULL, NULL, NULL) != NAVCORE_QUEUED || navcore_drain(nav) != NAVCORE_OK
                 || navcore_stack_count(&count, nav) != NAVCORE_OK || count != 1;
    return navcore_navigator_destroy(nav) != NAVCORE_OK || failed;
}

/* Lookups on a shared navigator, and creates and destroys, until told to stop. */
static void *hammer(void *ctx) {
    navcore_navigator *shared = ctx;
    while (atomic_load(&hammering)) {
        size_t count;
        navcore_stack_count(&count, shared);
        navcore_navigator *own = NULL;
        if (navcore_navigator_create(&own, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK) {
            uint64_t screen;
            navcore_screen_create(&screen, own, "h", NULL);
            navcore_push(own, screen, false, NULL, NULL);
            navcore_navigator_destroy(own);
        }
        host_mode_round();
    }
    return NULL;
}

/* In the child: a new navigator works; the inherited one fails at once, clearly. */
static int child_checks(navcore_navigator *inherited) {
    navcore_navigator *nav = NULL;
    uint64_t a, b;
    size_t count = 0;
    CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "create in the child");
    CHECK(navcore_screen_create(&a, nav, "a", NULL) == NAVCORE_OK, "screen");
    CHECK(navcore_screen_create(&b, nav, "b", NULL) == NAVCORE_OK, "screen");
    CHECK(navcore_push(nav, a, false, NULL, NULL) == NAVCORE_OK, "push");
    CHECK(navcore_push(nav, b, false, NULL, NULL) == NAVCORE_OK, "push");
    CHECK(navcore_stack_count(&count, nav) == NAVCORE_OK && count == 2, "count %zu", count);
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK, "destroy in the child");
    CHECK(host_mode_round() == 0, "a host-mode navigator's observer, route, show and drain in the child");
    int status = navcore_stack_count(&count, inherited);
    CHECK(status == NAVCORE_ERR_INVALID_HANDLE, "an inherited navigator's query: %s", navcore_status_string(status));
    CHECK(strstr(navcore_last_error_message(), "fork") != NULL, "message: %s", navcore_last_error_message());
    status = navcore_push(inherited, a, false, NULL, NULL);
    CHECK(status == NAVCORE_ERR_INVALID_HANDLE, "an inherited navigator's push: %s", navcore_status_string(status));
    status = navcore_navigator_destroy(inherited);
    CHECK(status == NAVCORE_ERR_INVALID_HANDLE, "an inherited navigator's destroy: %s", navcore_status_string(status));
    return 0;
}

static int case_fork(void) {
    navcore_navigator *shared = NULL;
    CHECK(navcore_navigator_create(&shared, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "create");
    atomic_store(&hammering, 1);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, hammer, shared) == 0, "thread");
    int failures = 0;
    for (int i = 0; i < FORKS && !failures; i++) {
        pid_t pid = fork();
        if (pid == 0) {
            alarm(10);
            _exit(child_checks(shared));
        }
        CHECK(pid > 0, "fork: %s", strerror(errno));
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "  fork %d: the child %s %d\n", i, WIFSIGNALED(status) ? "died of signal" : "exited",
                    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            failures++;
        }
    }
    atomic_store(&hammering, 0);
    pthread_join(thread, NULL);
    size_t count;
    CHECK(navcore_stack_count(&count, shared) == NAVCORE_OK, "the parent's navigator after the forks");
    CHECK(navcore_navigator_destroy(shared) == NAVCORE_OK, "destroy");
    return failures ? 1 : 0;
}

/* ---- destroy-race --------------------------------------------------------------------------- */

#define RACE_NAVS 4
#define RACE_THREADS 4
#define RACE_ROUNDS 20000
#define RACE_DEPTH 64 /* screens a caller lets a navigator's stack reach */

typedef struct race {
    _Atomic(navcore_navigator *) navs[RACE_NAVS];
    atomic_int running;
    atomic_long served, refused, wrong;
} race;

/* One call's status: OK (or queued, behind another thread's push), or a refusal naming a
 * destroyed handle; anything else is wrong. */
static void race_count(race *r, int status) {
    if (status == NAVCORE_OK || status == NAVCORE_QUEUED) {
        atomic_fetch_add(&r->served, 1);
    } else if (status == NAVCORE_ERR_INVALID_HANDLE && strstr(navcore_last_error_message(), "destroyed")) {
        atomic_fetch_add(&r->refused, 1);
    } else {
        if (atomic_fetch_add(&r->wrong, 1) == 0)
            fprintf(stderr, "  a call racing destroy: %s: %s\n", navcore_status_string(status), navcore_last_error_message());
    }
}

static void *race_caller(void *ctx) {
    race *r = ctx;
    for (unsigned i = 0; atomic_load(&r->running); i++) {
        navcore_navigator *nav = atomic_load(&r->navs[i % RACE_NAVS]);
        size_t count = 0;
        uint64_t screen = 0;
        race_count(r, navcore_stack_count(&count, nav));
        if (count >= RACE_DEPTH) {
            /* Bounded: when the main thread gets little of the CPU, its replacements come far
             * apart, and unbounded pushes made each destroy slower than the one before (stacks
             * of a million screens, the run never ending). */
            race_count(r, navcore_pop(nav, false, NULL, NULL));
            continue;
        }
        int status = navcore_screen_create(&screen, nav, "r", NULL);
        race_count(r, status);
        if (status == NAVCORE_OK) race_count(r, navcore_push(nav, screen, false, NULL, NULL));
        /* Now and then destroy it ourselves: destroy races destroy too. */
        if (i % 64 == 63) race_count(r, navcore_navigator_destroy(nav));
    }
    return NULL;
}

static int case_destroy_race(void) {
    race r = {.running = 1};
    for (int i = 0; i < RACE_NAVS; i++) {
        navcore_navigator *nav = NULL;
        CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "create");
        atomic_store(&r.navs[i], nav);
    }
    pthread_t threads[RACE_THREADS];
    for (int t = 0; t < RACE_THREADS; t++) CHECK(pthread_create(&threads[t], NULL, race_caller, &r) == 0, "thread");
    int failed = 0;
    for (int round = 0; round < RACE_ROUNDS && !failed; round++) {
        navcore_navigator *fresh = NULL;
        if (navcore_navigator_create(&fresh, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) {
            failed = 1;
            break;
        }
        navcore_navigator *old = atomic_exchange(&r.navs[round % RACE_NAVS], fresh);
        int status = navcore_navigator_destroy(old); /* a caller may have destroyed it first */
        failed = status != NAVCORE_OK && status != NAVCORE_ERR_INVALID_HANDLE;
    }
    atomic_store(&r.running, 0);
    for (int t = 0; t < RACE_THREADS; t++) pthread_join(threads[t], NULL);
    for (int i = 0; i < RACE_NAVS; i++) {
        int status = navcore_navigator_destroy(atomic_load(&r.navs[i]));
        CHECK(status == NAVCORE_OK || status == NAVCORE_ERR_INVALID_HANDLE, "the last destroy: %s", navcore_status_string(status));
    }
    CHECK(!failed, "the main thread's create or destroy failed");
    CHECK(atomic_load(&r.wrong) == 0, "%ld calls failed otherwise than with a destroyed handle", atomic_load(&r.wrong));
    CHECK(atomic_load(&r.served) > 0 && atomic_load(&r.refused) > 0, "served %ld, refused %ld: the calls did not race",
          atomic_load(&r.served), atomic_load(&r.refused));
    return 0;
}

/* ---- small-stack ---------------------------------------------------------------------------- */

/* A thread's first navcore calls: create, push, query, fail once (a message), destroy. */
static void *first_calls(void *ctx) {
    int *ok = ctx;
    navcore_navigator *nav = NULL;
    uint64_t screen;
    size_t count = 0;
    *ok = navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK
          && navcore_screen_create(&screen, nav, "a", NULL) == NAVCORE_OK
          && navcore_push(nav, screen, false, NULL, NULL) == NAVCORE_OK
          && navcore_stack_count(&count, nav) == NAVCORE_OK && count == 1
          && navcore_push(nav, 0, false, NULL, NULL) == NAVCORE_ERR_NO_SUCH_SCREEN
          && navcore_last_error_message()[0] != '\0'
          && navcore_navigator_destroy(nav) == NAVCORE_OK;
    return NULL;
}

static int run_with_stack(size_t bytes) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    CHECK(pthread_attr_setstacksize(&attr, bytes) == 0, "stack size %zu", bytes);
    int ok = 0;
    pthread_t thread;
    CHECK(pthread_create(&thread, &attr, first_calls, &ok) == 0, "thread");
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    CHECK(ok, "the first calls on a thread with a %zu-byte stack failed", bytes);
    return 0;
}

static int case_small_stack(void) { return run_with_stack(64 * 1024); }

/* ---- longjmp -------------------------------------------------------------------------------- */

static jmp_buf escape;

static void escaping_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav, (void)event, (void)ctx;
    longjmp(escape, 1);
}

static int case_longjmp(void) {
    navcore_navigator *nav = NULL, *other = NULL;
    uint64_t a, b;
    bool busy = false;
    size_t pending = 0;
    CHECK(navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "create");
    CHECK(navcore_screen_create(&a, nav, "a", NULL) == NAVCORE_OK, "screen");
    CHECK(navcore_screen_create(&b, nav, "b", NULL) == NAVCORE_OK, "screen");
    CHECK(navcore_on_action(nav, escaping_action, NULL, NULL) == NAVCORE_OK, "on_action");
    if (setjmp(escape) == 0) {
        navcore_push(nav, a, false, NULL, NULL);
        CHECK(0, "the action callback did not run");
    }
    /* Wedged: the abandoned call still counts as driving, so the op never ends. */
    CHECK(navcore_is_busy(&busy, nav) == NAVCORE_OK && busy, "the navigator is not busy after the longjmp");
    CHECK(navcore_push(nav, b, false, NULL, NULL) == NAVCORE_QUEUED, "a later push is not only queued");
    CHECK(navcore_pending_count(&pending, nav) == NAVCORE_OK && pending == 1, "pending %zu", pending);
    /* Other navigators, and new ones, are unaffected. */
    CHECK(navcore_navigator_create(&other, NAVCORE_DISPATCH_INLINE) == NAVCORE_OK, "create another");
    CHECK(navcore_screen_create(&a, other, "a", NULL) == NAVCORE_OK, "screen");
    CHECK(navcore_push(other, a, false, NULL, NULL) == NAVCORE_OK, "another navigator's push");
    CHECK(navcore_navigator_destroy(other) == NAVCORE_OK, "destroy another");
    /* The wedged one's destroy is accepted (its teardown waits for a driver that never
     * returns): its handle is dead. */
    CHECK(navcore_navigator_destroy(nav) == NAVCORE_OK, "destroy the wedged navigator");
    CHECK(navcore_is_busy(&busy, nav) == NAVCORE_ERR_INVALID_HANDLE, "the wedged handle is not dead");
    return 0;
}

/* ---- tls-last-round ------------------------------------------------------------------------- */

static pthread_key_t rounds_key;

/* Re-arms itself until the last round of TLS destructors, then fails a navcore call there. */
static void rounds_destructor(void *value) {
    uintptr_t round = (uintptr_t)value;
    if (round < PTHREAD_DESTRUCTOR_ITERATIONS) {
        pthread_setspecific(rounds_key, (void *)(round + 1));
        return;
    }
    navcore_drain(NULL); /* fails: stores a message nobody frees */
}

static void *arm_rounds(void *unused) {
    (void)unused;
    navcore_drain(NULL); /* this thread holds a message too: freed in the first round */
    pthread_setspecific(rounds_key, (void *)(uintptr_t)1);
    return NULL;
}

static int case_tls_last_round(void) {
    /* navcore's key first: in each round its destructor runs before ours, so the message our
     * last round stores finds no later destructor. */
    navcore_drain(NULL);
    size_t length = strlen(navcore_last_error_message());
    CHECK(pthread_key_create(&rounds_key, rounds_destructor) == 0, "key");
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, arm_rounds, NULL) == 0, "thread");
    pthread_join(thread, NULL);
    printf("tls-last-round: leaked message bytes: %zu\n", length + 1);
    return 0;
}

/* ---- main ----------------------------------------------------------------------------------- */

typedef struct named_case {
    const char *name;
    int (*run)(void);
    int by_default;
} named_case;

static const named_case cases[] = {
    {"wakeup-replace", case_wakeup_replace, 1},
    {"done-replace", case_done_replace, 1},
    {"fork", case_fork, 1},
    {"destroy-race", case_destroy_race, 1},
    {"small-stack", case_small_stack, 1},
    {"longjmp", case_longjmp, 1},
    {"tls-last-round", case_tls_last_round, 0},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

static int run_case(const named_case *c) {
    alarm(120);
    int failed = c->run();
    alarm(0);
    printf("%-16s %s\n", c->name, failed ? "FAILED" : "ok");
    fflush(stdout);
    return failed;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--stack")) return run_with_stack(strtoul(argv[2], NULL, 0));
    int failures = 0, ran = 0;
    for (size_t i = 0; i < CASE_COUNT; i++) {
        int chosen = argc == 1 ? cases[i].by_default : 0;
        for (int a = 1; a < argc; a++) chosen |= !strcmp(argv[a], cases[i].name);
        if (!chosen) continue;
        failures += run_case(&cases[i]);
        ran++;
    }
    if (!ran) {
        fprintf(stderr, "misuse: no such case\n");
        return 2;
    }
    printf("misuse: %d of %d cases passed\n", ran - failures, ran);
    return failures ? 1 : 0;
}
