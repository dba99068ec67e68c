/*
 * floor.c — the hand-written floor of W1/W2: the least bookkeeping any implementation of
 * SPEC.md's create + push + pop must do, in plain C, run by the same loop as w1.c
 * (w1_driver.h) with the same listeners (listeners.c) through function pointers.
 *
 * Per cycle it does what navcore does, and no more:
 *   - id allocation: a process-wide counter, one relaxed atomic add (SPEC §1: ids are unique
 *     within the process, whatever thread or navigator asks — navcore's IDSource does the same);
 *   - a registry of live screens (id -> object, route, stacked): an open-addressing hash table,
 *     inserted at create, looked up at push (SPEC §2: a dead id fails at the call, and a push of
 *     a screen released meanwhile ends `invalid` when it runs), removed at the release, after
 *     which the id is dead;
 *   - every op goes through a ring-buffer queue (SPEC §3) and is run by the driver loop;
 *   - an array stack of (id, object);
 *   - the action state, the effective-animation rule, the bar threshold check, the
 *     appearance-on rule (SPEC §4, §7, §8);
 *   - the 18 callbacks in SPEC §4's order, each through the registered function pointer with
 *     its ctx, the action events with their `navcore_action_event` (disappearing array).
 *   - handles checked as navcore checks them (slot + generation, SPEC §9), so that a destroyed
 *     handle is refused, never dereferenced.
 * It does no locking (compile with -DFLOOR_LOCKED for the variant that takes a pthread mutex
 * per call and drops it around every callback, as SPEC §9 requires of a thread-safe core) and
 * keeps no error messages.
 */
#include "bench.h"

#ifdef FLOOR_LOCKED
#include <pthread.h>
#define LOCK(nav) pthread_mutex_lock(&(nav)->mutex)
#define UNLOCK(nav) pthread_mutex_unlock(&(nav)->mutex)
#else
#define LOCK(nav) ((void)0)
#define UNLOCK(nav) ((void)0)
#endif

#define NOINLINE __attribute__((noinline))

typedef struct { uint64_t id; void *object; char *route; bool stacked; } record;  /* registry slot; id 0 = empty */
typedef struct { uint64_t id; void *object; } entry;                             /* stack entry */
typedef struct { int op; uint64_t screen; bool animated; navcore_done_fn done; void *ctx; } request;
typedef struct { void *fn; void *ctx; } callback;

typedef struct floor_nav {
    uintptr_t handle;
#ifdef FLOOR_LOCKED
    pthread_mutex_t mutex;
#endif
    entry *stack;
    size_t depth, stack_cap;
    record *table; /* power-of-two capacity, linear probing, backward-shift deletion */
    size_t table_cap, table_count;
    request *ring; /* power-of-two capacity */
    size_t head, queued, ring_cap;
    int action;
    bool visible, always_appear, bar_shown, driving, busy, has_animator;
    size_t threshold;
    callback on_action, on_appearance[4], on_done, on_release;
} floor_nav;

static uint64_t id_counter;

/* Handles as navcore makes them (SPEC §9: a destroyed or forged handle is refused, never
 * dereferenced): generation << 32 | slot << 1 | 1, checked against a slot table. */
#define FLOOR_SLOTS 64
static floor_nav *slot_navs[FLOOR_SLOTS];
static uint32_t slot_generations[FLOOR_SLOTS];

static inline floor_nav *resolve(navcore_navigator *handle) {
    uint64_t bits = (uint64_t)(uintptr_t)handle;
    size_t slot = (size_t)((bits & 0xFFFFFFFFu) >> 1);
    if (!(bits & 1) || slot >= FLOOR_SLOTS || slot_generations[slot] != (uint32_t)(bits >> 32)) return NULL;
    return slot_navs[slot];
}

#define NAV(handle) resolve(handle)
#define HANDLE_OF(nav) ((navcore_navigator *)(nav)->handle)

/* ---- the registry ---------------------------------------------------------------------- */

static inline size_t slot_of(const floor_nav *nav, uint64_t id) {
    return (size_t)((id * 0x9E3779B97F4A7C15ull) >> 32) & (nav->table_cap - 1);
}

static record *lookup(floor_nav *nav, uint64_t id) {
    for (size_t i = slot_of(nav, id);; i = (i + 1) & (nav->table_cap - 1)) {
        if (nav->table[i].id == id) return &nav->table[i];
        if (nav->table[i].id == 0) return NULL;
    }
}

static void insert(floor_nav *nav, record r);

static void grow_table(floor_nav *nav) {
    record *old = nav->table;
    size_t old_cap = nav->table_cap;
    nav->table_cap = old_cap ? old_cap * 2 : 16;
    nav->table = calloc(nav->table_cap, sizeof(record));
    nav->table_count = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].id) insert(nav, old[i]);
    free(old);
}

static void insert(floor_nav *nav, record r) {
    if ((nav->table_count + 1) * 2 > nav->table_cap) grow_table(nav);
    size_t i = slot_of(nav, r.id);
    while (nav->table[i].id) i = (i + 1) & (nav->table_cap - 1);
    nav->table[i] = r;
    nav->table_count++;
}

static void erase(floor_nav *nav, record *r) {
    size_t mask = nav->table_cap - 1;
    size_t hole = (size_t)(r - nav->table);
    for (size_t i = (hole + 1) & mask; nav->table[i].id; i = (i + 1) & mask) {
        size_t home = slot_of(nav, nav->table[i].id);
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            nav->table[hole] = nav->table[i];
            hole = i;
        }
    }
    nav->table[hole].id = 0;
    nav->table_count--;
}

/* ---- the events ------------------------------------------------------------------------ */

/* An action event with ids and host objects, as navcore delivers it; the floor's ops remove at
 * most one screen (count 0 or 1). */
static void emit_action(floor_nav *nav, int state, entry appearing, const entry *disappearing, size_t count,
                        bool animated) {
    nav->action = state;
    if (!nav->on_action.fn) return;
    uint64_t id = count ? disappearing->id : 0;
    void *object = count ? disappearing->object : NULL;
    navcore_action_event event = {state,    appearing.id, count ? &id : NULL, count, animated, appearing.object,
                                  count ? (void *const *)&object : NULL};
    callback cb = nav->on_action;
    UNLOCK(nav);
    ((navcore_action_fn)cb.fn)(HANDLE_OF(nav), &event, cb.ctx);
    LOCK(nav);
}

static void emit_appearance(floor_nav *nav, int phase, entry screen, int reason, bool animated) {
    callback cb = nav->on_appearance[phase];
    if (!cb.fn) return;
    UNLOCK(nav);
    ((navcore_appearance_fn)cb.fn)(HANDLE_OF(nav), phase, screen.id, screen.object, reason, animated, cb.ctx);
    LOCK(nav);
}

static void emit_done(floor_nav *nav, const request *req, int outcome) {
    if (req->done) {
        UNLOCK(nav);
        req->done(HANDLE_OF(nav), req->op, outcome, req->ctx);
        LOCK(nav);
    }
    callback cb = nav->on_done;
    if (!cb.fn) return;
    UNLOCK(nav);
    ((navcore_done_fn)cb.fn)(HANDLE_OF(nav), req->op, outcome, cb.ctx);
    LOCK(nav);
}

static void update_bar(floor_nav *nav) {
    bool shown = nav->threshold == 0 || nav->depth >= nav->threshold;
    if (shown != nav->bar_shown) nav->bar_shown = shown; /* no bar listener in W1 */
}

/* ---- the ops --------------------------------------------------------------------------- */

static void run_push(floor_nav *nav, const request *req) {
    record *r = lookup(nav, req->screen);
    if (!r) { emit_done(nav, req, NAVCORE_OUTCOME_INVALID); return; }
    if (r->stacked) { emit_done(nav, req, NAVCORE_OUTCOME_DUPLICATE); return; }
    r->stacked = true;
    entry to = {r->id, r->object};
    bool has_from = nav->depth > 0;
    entry from = has_from ? nav->stack[nav->depth - 1] : (entry){0, NULL};
    bool animated = req->animated && nav->visible && nav->has_animator && has_from;
    bool appearance = nav->visible || nav->always_appear;

    emit_action(nav, NAVCORE_ACTION_WILL_PUSH, to, &from, has_from, animated);
    if (nav->depth == nav->stack_cap) {
        nav->stack_cap = nav->stack_cap ? nav->stack_cap * 2 : 16;
        nav->stack = realloc(nav->stack, nav->stack_cap * sizeof(entry));
    }
    nav->stack[nav->depth++] = to;
    emit_action(nav, NAVCORE_ACTION_DID_PUSH, to, &from, has_from, animated);
    update_bar(nav);
    if (appearance) {
        if (has_from) emit_appearance(nav, NAVCORE_PHASE_WILL_HIDE, from, NAVCORE_REASON_PUSH, animated);
        emit_appearance(nav, NAVCORE_PHASE_WILL_SHOW, to, NAVCORE_REASON_PUSH, animated);
        if (has_from) emit_appearance(nav, NAVCORE_PHASE_DID_HIDE, from, NAVCORE_REASON_PUSH, animated);
        emit_appearance(nav, NAVCORE_PHASE_DID_SHOW, to, NAVCORE_REASON_PUSH, animated);
    }
    emit_action(nav, NAVCORE_ACTION_PUSH_COMPLETED, to, &from, has_from, animated);
    emit_done(nav, req, NAVCORE_OUTCOME_COMPLETED);
    emit_action(nav, NAVCORE_ACTION_IDLE, (entry){0, NULL}, NULL, 0, false);
}

static void run_pop(floor_nav *nav, const request *req) {
    if (nav->depth <= 1) { emit_done(nav, req, NAVCORE_OUTCOME_NOOP); return; }
    entry from = nav->stack[nav->depth - 1];
    entry to = nav->stack[nav->depth - 2];
    bool animated = req->animated && nav->visible && nav->has_animator;
    bool appearance = nav->visible || nav->always_appear;

    emit_action(nav, NAVCORE_ACTION_WILL_POP, to, &from, 1, animated);
    nav->depth--;
    emit_action(nav, NAVCORE_ACTION_DID_POP, to, &from, 1, animated);
    update_bar(nav);
    if (appearance) {
        emit_appearance(nav, NAVCORE_PHASE_WILL_HIDE, from, NAVCORE_REASON_POP, animated);
        emit_appearance(nav, NAVCORE_PHASE_WILL_SHOW, to, NAVCORE_REASON_POP, animated);
        emit_appearance(nav, NAVCORE_PHASE_DID_HIDE, from, NAVCORE_REASON_POP, animated);
        emit_appearance(nav, NAVCORE_PHASE_DID_SHOW, to, NAVCORE_REASON_POP, animated);
    }
    /* the release: the record leaves the registry, the id is dead */
    record *r = lookup(nav, from.id);
    if (r) {
        char *route = r->route;
        erase(nav, r);
        callback cb = nav->on_release;
        if (cb.fn) {
            UNLOCK(nav);
            ((navcore_release_fn)cb.fn)(HANDLE_OF(nav), from.id, from.object, route ? route : "", cb.ctx);
            LOCK(nav);
        }
        free(route);
    }
    emit_action(nav, NAVCORE_ACTION_POP_COMPLETED, to, &from, 1, animated);
    emit_done(nav, req, NAVCORE_OUTCOME_COMPLETED);
    emit_action(nav, NAVCORE_ACTION_IDLE, (entry){0, NULL}, NULL, 0, false);
}

/* Appends the op; if nobody drives, this caller runs the queue (inline dispatch). */
static int ask(floor_nav *nav, request req) {
    if (nav->queued == nav->ring_cap) {
        size_t cap = nav->ring_cap ? nav->ring_cap * 2 : 8;
        request *ring = malloc(cap * sizeof(request));
        for (size_t i = 0; i < nav->queued; i++) ring[i] = nav->ring[(nav->head + i) & (nav->ring_cap - 1)];
        free(nav->ring);
        nav->ring = ring;
        nav->ring_cap = cap;
        nav->head = 0;
    }
    nav->ring[(nav->head + nav->queued) & (nav->ring_cap - 1)] = req;
    nav->queued++;
    int status = (nav->busy || nav->driving || nav->queued > 1) ? NAVCORE_QUEUED : NAVCORE_OK;
    if (nav->driving) return status;
    nav->driving = true;
    while (nav->queued) {
        request next = nav->ring[nav->head];
        nav->head = (nav->head + 1) & (nav->ring_cap - 1);
        nav->queued--;
        nav->busy = true;
        if (next.op == NAVCORE_OP_PUSH) run_push(nav, &next);
        else run_pop(nav, &next);
        nav->busy = false;
    }
    nav->driving = false;
    return status;
}

/* ---- the floor's API: the subset of navcore.h that the loop calls ---------------------- */

NOINLINE static int floor_navigator_create(navcore_navigator **out, int dispatch) {
    (void)dispatch;
    floor_nav *nav = calloc(1, sizeof *nav);
#ifdef FLOOR_LOCKED
    pthread_mutex_init(&nav->mutex, NULL);
#endif
    nav->visible = true;
    nav->bar_shown = true;
    grow_table(nav);
    size_t slot = 0;
    while (slot < FLOOR_SLOTS && slot_navs[slot]) slot++;
    if (slot == FLOOR_SLOTS) return NAVCORE_ERR_NO_MEMORY;
    slot_generations[slot]++;
    slot_navs[slot] = nav;
    nav->handle = (uintptr_t)((uint64_t)slot_generations[slot] << 32 | (uint64_t)slot << 1 | 1);
    *out = HANDLE_OF(nav);
    return NAVCORE_OK;
}

NOINLINE static int floor_navigator_destroy(navcore_navigator *handle) {
    floor_nav *nav = NAV(handle);
    if (!nav) return NAVCORE_ERR_INVALID_HANDLE;
    size_t slot = (size_t)((nav->handle & 0xFFFFFFFFu) >> 1);
    slot_navs[slot] = NULL;
    slot_generations[slot]++;
    for (size_t i = 0; i < nav->table_cap; i++) free(nav->table[i].route);
    free(nav->table);
    free(nav->stack);
    free(nav->ring);
#ifdef FLOOR_LOCKED
    pthread_mutex_destroy(&nav->mutex);
#endif
    free(nav);
    return NAVCORE_OK;
}

NOINLINE static int floor_screen_create(uint64_t *out, navcore_navigator *handle, const char *route, void *object) {
    floor_nav *nav = NAV(handle);
    if (!nav) return NAVCORE_ERR_INVALID_HANDLE;
    if (!out) return NAVCORE_ERR_INVALID;
    uint64_t id = __atomic_add_fetch(&id_counter, 1, __ATOMIC_RELAXED);
    LOCK(nav);
    insert(nav, (record){id, object, route && *route ? strdup(route) : NULL, false});
    UNLOCK(nav);
    *out = id;
    return NAVCORE_OK;
}

NOINLINE static int floor_push(navcore_navigator *handle, uint64_t screen, bool animated, navcore_done_fn done,
                               void *ctx) {
    floor_nav *nav = NAV(handle);
    if (!nav) return NAVCORE_ERR_INVALID_HANDLE;
    LOCK(nav);
    if (!lookup(nav, screen)) {
        UNLOCK(nav);
        return NAVCORE_ERR_NO_SUCH_SCREEN;
    }
    int status = ask(nav, (request){NAVCORE_OP_PUSH, screen, animated, done, ctx});
    UNLOCK(nav);
    return status;
}

NOINLINE static int floor_pop(navcore_navigator *handle, bool animated, navcore_done_fn done, void *ctx) {
    floor_nav *nav = NAV(handle);
    if (!nav) return NAVCORE_ERR_INVALID_HANDLE;
    LOCK(nav);
    int status = ask(nav, (request){NAVCORE_OP_POP, 0, animated, done, ctx});
    UNLOCK(nav);
    return status;
}

NOINLINE static int floor_stack_count(size_t *out, navcore_navigator *handle) {
    floor_nav *nav = NAV(handle);
    if (!nav) return NAVCORE_ERR_INVALID_HANDLE;
    LOCK(nav);
    *out = nav->depth;
    UNLOCK(nav);
    return NAVCORE_OK;
}

NOINLINE static int floor_on_action(navcore_navigator *handle, navcore_action_fn fn, void *ctx,
                                    navcore_destroy_fn destroy) {
    (void)destroy;
    if (!NAV(handle)) return NAVCORE_ERR_INVALID_HANDLE;
    NAV(handle)->on_action = (callback){(void *)fn, ctx};
    return NAVCORE_OK;
}

NOINLINE static int floor_on_appearance(navcore_navigator *handle, int phase, navcore_appearance_fn fn, void *ctx,
                                        navcore_destroy_fn destroy) {
    (void)destroy;
    if (!NAV(handle)) return NAVCORE_ERR_INVALID_HANDLE;
    NAV(handle)->on_appearance[phase & 3] = (callback){(void *)fn, ctx};
    return NAVCORE_OK;
}

NOINLINE static int floor_on_done(navcore_navigator *handle, navcore_done_fn fn, void *ctx,
                                  navcore_destroy_fn destroy) {
    (void)destroy;
    if (!NAV(handle)) return NAVCORE_ERR_INVALID_HANDLE;
    NAV(handle)->on_done = (callback){(void *)fn, ctx};
    return NAVCORE_OK;
}

NOINLINE static int floor_on_release(navcore_navigator *handle, navcore_release_fn fn, void *ctx,
                                     navcore_destroy_fn destroy) {
    (void)destroy;
    if (!NAV(handle)) return NAVCORE_ERR_INVALID_HANDLE;
    NAV(handle)->on_release = (callback){(void *)fn, ctx};
    return NAVCORE_OK;
}

#define API(name) floor_##name
#ifdef FLOOR_LOCKED
#define PROGRAM_NAME "floor_locked"
#else
#define PROGRAM_NAME "floor"
#endif
#include "w1_driver.h"
