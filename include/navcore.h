/*
 * navcore.h — the C interface of navcore, a navigation-stack core for any UI toolkit.
 *
 * navcore owns a stack of screens, a FIFO queue of operations asked while a transition runs,
 * host-driven transitions, will/did show and hide feedback, an action state machine, op
 * completions with outcomes, a pop veto, named routes and a navigation-bar threshold. The host
 * owns the pixels. The behaviour is specified by SPEC.md; this header is the only definition of
 * the C interface. docs/c-reference.md is its reference, generated from the doc comments below.
 *
 * CONVENTIONS
 *   - Every function returns an int status: NAVCORE_OK (0), NAVCORE_QUEUED (1, an op waits in
 *     the queue), or a negative NAVCORE_ERR_*. Each function's comment names every status it can
 *     return, one `@retval` tag each (scripts/generate.py reads them; bad_input checks that each
 *     is producible and that no other is returned). NAVCORE_ERR_NO_MEMORY (memory ran out) and
 *     NAVCORE_ERR_INTERNAL (a bug in navcore) are listed nowhere: any function that returns a
 *     status may return them, and no test can provoke them. Out-parameters come first
 *     and are written only on success. A call that fails changes nothing, queues nothing and
 *     never calls its completion;
 *     navcore_last_error_message() then says why, for the calling thread.
 *   - Screen ids are uint64_t, non-zero, never reused within a process. 0 means "no screen".
 *   - Callbacks take `void *ctx` last. Registrations take an optional destructor for ctx,
 *     called once when the registration is replaced (registering NULL unregisters), when the
 *     route is unregistered, or after the navigator's last event at destroy — and never while
 *     that callback may still run; it runs like a callback, on the thread delivering the
 *     navigator's callbacks (or the registering thread when none is), never beside another one
 *     (SPEC §9). A registration call that fails keeps nothing and never calls
 *     its destructor; `ctx` and `destroy` passed with a NULL function are ignored. Op completions
 *     have no destructor: they are called exactly once (with NAVCORE_OUTCOME_ABORTED at worst),
 *     so the host frees their ctx there.
 *
 * DOC COMMENTS
 *   Every declaration has a doc comment (one that opens with two asterisks) right above it, in
 *   Doxygen's and libgit2's form: a brief (its first paragraph), details, then tags. A function's tags: `@param NAME` for each
 *   parameter, in order; `@retval STATUS when…` for each status it returns, or `@return` for a
 *   function that returns no status; for a function of an op, `@outcome OUTCOME when…` for each
 *   outcome the op may end with (every op may also end NAVCORE_OUTCOME_ABORTED, listed nowhere);
 *   `@waits never`, or when the call waits for another thread (THREADS below); `@since 1.N`,
 *   the version that added it; `@deprecated` with NAVCORE_DEPRECATED.
 *   scripts/generate.py checks them and writes docs/c-reference.md.
 *
 * THREADS
 *   Every function may be called from any thread, also from inside a callback. Callbacks run on
 *   the thread that drives the navigator, one at a time, never while navcore holds a lock; an
 *   op asked inside a callback is queued (NAVCORE_QUEUED, even when the navigator is idle) and
 *   runs once the callback has returned (SPEC §3, §9). An op asked from a ctx destructor that
 *   runs inside a registration call acts as if asked after that call returned. A call from
 *   another thread while callbacks are being delivered hands its work to the delivering thread
 *   and returns. In NAVCORE_DISPATCH_HOST mode ops only enqueue and navcore calls the wakeup
 *   callback; the host calls navcore_drain() on its UI thread, where callbacks then arrive.
 *   The wakeup callback is the one exception: it may run on any thread, also while another
 *   callback runs, and should only schedule a drain.
 *
 *   Which thread a function's callbacks run on, as each function (or its section) says:
 *   - "Callbacks: driving." The op runs where the queue is driven: in inline mode on the calling
 *     thread, before the call returns; in host mode on the thread that next calls
 *     navcore_drain() (the call only enqueues and raises the wakeup). All ops are so.
 *   - "Callbacks: here." Acts at once and delivers on the calling thread in both modes:
 *     navcore_transition_finish, _cancel and _progress, navcore_gesture_begin, navcore_decide,
 *     navcore_screen_discard, navcore_navigator_destroy, navcore_drain and its bounded forms
 *     (navcore_drain_ops, _for, _ops_for). A host that wants
 *     every callback on its UI thread calls them there. After them, queued ops run here in
 *     inline mode and raise the wakeup in host mode.
 *   - "Callbacks: none." Calls nothing (queries, names, creation).
 *   In every case, if another thread is delivering this navigator's callbacks at that moment,
 *   the work is handed to it and runs there (SPEC §9). A registration's ctx destructor runs on
 *   the thread delivering the navigator's callbacks, or the registering thread when none is.
 *
 *   Whether a call waits for another thread, as each function's `@waits` tag says: "never"
 *   means the call never blocks until another thread does something — it never waits for
 *   another thread's callbacks, ops, transitions or decisions (their work is handed over
 *   instead, as above). It may take the navigator's lock, or the process's table of handles
 *   (creation, destroy), whose every hold is short, runs no host code and waits for nothing
 *   else. A call that finds as many calls in flight on its navigator as the handle counts
 *   (2^21 - 1 on a 64-bit target, more threads than a process has; 511 on a 32-bit one, on
 *   other threads or nested in callbacks) fails with NAVCORE_ERR_NO_MEMORY rather than wait for
 *   one to return. Callbacks the call runs itself, on this thread, are not waiting (a drain
 *   runs for as long as its ops do). Every function of this version waits never, on every
 *   target: a host whose callbacks need a lock of its own (Python's GIL) may keep holding it
 *   across any call, as long as its callbacks can take it again on this thread.
 *
 * OWNERSHIP
 *   - Strings passed in (routes, payloads, results, saved states, documents) are UTF-8,
 *     borrowed for the call and copied. Invalid UTF-8 fails with NAVCORE_ERR_INVALID (SPEC §15).
 *   - Text a query returns through a `char **` out-parameter (a result, a saved state, a saved
 *     document) is the caller's copy: free it with navcore_free(), and with nothing else.
 *   - Strings and arrays passed to callbacks are valid until the callback returns.
 *   - The host's screen objects (`void *object`) belong to the host: navcore stores and returns
 *     them, and hands each back exactly once through the release callback when the screen is
 *     released (SPEC §1): when it leaves the stack, is discarded, or the navigator is destroyed.
 *   - A navigator handle stays valid until navcore_navigator_destroy(); afterwards every call
 *     with it fails with NAVCORE_ERR_INVALID_HANDLE (destroy is detected, never undefined).
 *   - The string of navcore_last_error_message() is valid until the next failing call on the
 *     same thread; the strings of the *_string() functions are static.
 */
#ifndef NAVCORE_H
#define NAVCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * ABI (docs/c-api.md, "ABI policy"): the library's SONAME is libnavcore.so.1 for every 1.x. A
 * minor version only adds: functions, enum members, X-macro entries, fields at the end of a
 * versioned options struct (with a new NAVCORE_*_OPTIONS_VERSION). Removing or changing any of
 * them needs a major version. A function to be removed is first marked NAVCORE_DEPRECATED.
 * `make check-abi` compares every build with the frozen 1.0 ABI (abi/libnavcore.so.1.abi). Every
 * function says which version added it: `@since 1.0` for 1.0's, `@since 1.N` for one a minor
 * version added (check-abi requires it of every function the 1.0 ABI lacks).
 */

/* ---------------------------------------------------------------------------------------------
 * Attributes
 * ------------------------------------------------------------------------------------------- */

/** Marks a function of the interface: exported from the library (a shared-library symbol of
 *  default visibility; dllexport/dllimport on Windows, NAVCORE_BUILDING_LIBRARY when building). */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(NAVCORE_BUILDING_LIBRARY)
#define NAVCORE_API __declspec(dllexport)
#else
#define NAVCORE_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define NAVCORE_API __attribute__((visibility("default")))
#else
#define NAVCORE_API
#endif

/** Marks a function that a later major version removes; `msg` says what to use instead. The
 *  compiler warns at each use (-Wdeprecated-declarations). Placed before NAVCORE_API. */
#if defined(__GNUC__) || defined(__clang__)
#define NAVCORE_DEPRECATED(msg) __attribute__((deprecated(msg)))
#elif defined(_MSC_VER)
#define NAVCORE_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#define NAVCORE_DEPRECATED(msg)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** The version of this header, MAJOR.MINOR.PATCH: as numbers, and as a string. */
#define NAVCORE_VERSION_MAJOR 1
#define NAVCORE_VERSION_MINOR 1
#define NAVCORE_VERSION_PATCH 0
#define NAVCORE_VERSION_STRING "1.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define NAVCORE_VERSION_NUMBER 10100

/**
 * The library's version, "MAJOR.MINOR.PATCH".
 *
 * Callbacks: none (nor below, up to Navigators).
 *
 * @return the version string (static; not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_version(void);
/**
 * The library's NAVCORE_VERSION_NUMBER; compare its major part with the header's.
 *
 * @return the version number (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_version_number(void);

/* ---------------------------------------------------------------------------------------------
 * Statuses, errors and names
 * ------------------------------------------------------------------------------------------- */

/*
 * Every enum of this header is an X-macro list, NAVCORE_<ENUM>_MAP(X), with one
 * X(CONSTANT, value, "spec name") per member (libuv's UV_ERRNO_MAP style): the enum is made
 * from it, a C host can make its own tables from it, and scripts/generate.py reads it to write
 * the other languages' tables (Python's navcore/_enums.py, the fuzzer's converter). Add a
 * member here, then run `make generate`.
 */

/** One enumerator of an X-macro list. */
#define NAVCORE_ENUMERATOR(constant, value, name) constant = value,

/**
 * Statuses returned by every function (SPEC §10): ok = done, or the op started; queued = the
 * op waits in the queue; invalid = a bad argument (NULL, out of range, unknown enum, bad
 * UTF-8); invalid_handle = the navigator was destroyed, or never was one; no_such_screen = the
 * screen id is dead, unknown, or another navigator's; busy = the gesture: an op runs or waits;
 * state = not now (no such transition, hidden, screen in the stack…); exists = the route is
 * already registered; no_memory = memory ran out; internal = a bug in navcore.
 */
#define NAVCORE_STATUS_MAP(X)                                                                      \
    X(NAVCORE_OK, 0, "ok")                                                                         \
    X(NAVCORE_QUEUED, 1, "queued")                                                                 \
    X(NAVCORE_ERR_INVALID, -1, "invalid")                                                          \
    X(NAVCORE_ERR_INVALID_HANDLE, -2, "invalid_handle")                                            \
    X(NAVCORE_ERR_NO_SUCH_SCREEN, -3, "no_such_screen")                                            \
    X(NAVCORE_ERR_BUSY, -4, "busy")                                                                \
    X(NAVCORE_ERR_STATE, -5, "state")                                                              \
    X(NAVCORE_ERR_EXISTS, -6, "exists")                                                            \
    X(NAVCORE_ERR_NO_MEMORY, -7, "no_memory")                                                      \
    X(NAVCORE_ERR_INTERNAL, -8, "internal")

typedef enum navcore_status { NAVCORE_STATUS_MAP(NAVCORE_ENUMERATOR) } navcore_status;

/**
 * The name of a status, e.g. "no_such_screen".
 *
 * @param status a status, a NAVCORE_STATUS_MAP value
 * @return a static string, "unknown" for other values (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_status_string(int status);

/**
 * Why the last failing call on this thread failed.
 *
 * @return a string, "" if none has failed; valid until the next failing call on this thread
 *     (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_last_error_message(void);

/** How an accepted op ended (SPEC §2); every accepted op ends exactly once. */
#define NAVCORE_OUTCOME_MAP(X)                                                                     \
    X(NAVCORE_OUTCOME_COMPLETED, 0, "completed")                                                   \
    X(NAVCORE_OUTCOME_NOOP, 1, "noop")                                                             \
    X(NAVCORE_OUTCOME_CANCELLED, 2, "cancelled")                                                   \
    X(NAVCORE_OUTCOME_VETOED, 3, "vetoed")                                                         \
    X(NAVCORE_OUTCOME_DUPLICATE, 4, "duplicate")                                                   \
    X(NAVCORE_OUTCOME_NOT_IN_STACK, 5, "not_in_stack")                                             \
    X(NAVCORE_OUTCOME_INVALID, 6, "invalid")                                                       \
    X(NAVCORE_OUTCOME_UNKNOWN_ROUTE, 7, "unknown_route")                                           \
    X(NAVCORE_OUTCOME_FACTORY_FAILED, 8, "factory_failed")                                         \
    X(NAVCORE_OUTCOME_ABORTED, 9, "aborted")

typedef enum navcore_outcome { NAVCORE_OUTCOME_MAP(NAVCORE_ENUMERATOR) } navcore_outcome;

/** The kinds of op, as completions and done callbacks name them (SPEC §2). NAVCORE_REQUEST_MAP
 *  lists the functions that ask each. */
#define NAVCORE_OP_MAP(X)                                                                          \
    X(NAVCORE_OP_PUSH, 0, "push") /* push one screen */                                            \
    X(NAVCORE_OP_POP, 1, "pop") /* pop the top screen */                                           \
    X(NAVCORE_OP_POP_TO, 2, "pop_to") /* pop every screen above a given one */                     \
    X(NAVCORE_OP_POP_TO_ROOT, 3, "pop_to_root") /* pop every screen above the root */              \
    X(NAVCORE_OP_SET, 4, "set") /* replace the whole stack */                                      \
    X(NAVCORE_OP_BACK, 5, "back") /* the back button: ask the pop veto, then pop */                \
    X(NAVCORE_OP_GESTURE, 6, "gesture") /* the interactive back gesture */                         \
    X(NAVCORE_OP_RUN, 7, "run") /* a host code block, run in queue order */                        \
    X(NAVCORE_OP_VISIBLE, 8, "visible") /* whether the navigator is on screen */                   \
    X(NAVCORE_OP_SHOW, 9, "show") /* show a named route (also "post") */                           \
    X(NAVCORE_OP_OPEN, 10, "open") /* build the whole stack from routes */                         \
    X(NAVCORE_OP_ATTACH, 11, "attach") /* put a navigator inside a screen (SPEC §16.2) */          \
    X(NAVCORE_OP_ACTIVATE, 12, "activate") /* make a child its host screen's active one */         \
    X(NAVCORE_OP_PRESENT, 13, "present") /* present a navigator as a modal (SPEC §16.4) */         \
    X(NAVCORE_OP_DISMISS, 14, "dismiss") /* dismiss and tear down the modal */                      \
    X(NAVCORE_OP_LEAVE, 15, "leave") /* a screen child leaves: it is torn down (SPEC §16.7) */

typedef enum navcore_op { NAVCORE_OP_MAP(NAVCORE_ENUMERATOR) } navcore_op;

/** The action state machine (SPEC §4). */
#define NAVCORE_ACTION_MAP(X)                                                                      \
    X(NAVCORE_ACTION_IDLE, 0, "idle")                                                              \
    X(NAVCORE_ACTION_WILL_PUSH, 1, "will_push")                                                    \
    X(NAVCORE_ACTION_DID_PUSH, 2, "did_push")                                                      \
    X(NAVCORE_ACTION_PUSH_COMPLETED, 3, "push_completed")                                          \
    X(NAVCORE_ACTION_WILL_POP, 4, "will_pop")                                                      \
    X(NAVCORE_ACTION_DID_POP, 5, "did_pop")                                                        \
    X(NAVCORE_ACTION_POP_COMPLETED, 6, "pop_completed")                                            \
    X(NAVCORE_ACTION_WILL_SET, 7, "will_set")                                                      \
    X(NAVCORE_ACTION_DID_SET, 8, "did_set")                                                        \
    X(NAVCORE_ACTION_SET_COMPLETED, 9, "set_completed")                                            \
    X(NAVCORE_ACTION_POP_CANCELLED, 10, "pop_cancelled")

typedef enum navcore_action { NAVCORE_ACTION_MAP(NAVCORE_ENUMERATOR) } navcore_action;

/** Which appearance callback (SPEC §4 steps 5 and 7). */
#define NAVCORE_PHASE_MAP(X)                                                                       \
    X(NAVCORE_PHASE_WILL_SHOW, 0, "will_show")                                                     \
    X(NAVCORE_PHASE_DID_SHOW, 1, "did_show")                                                       \
    X(NAVCORE_PHASE_WILL_HIDE, 2, "will_hide")                                                     \
    X(NAVCORE_PHASE_DID_HIDE, 3, "did_hide")

typedef enum navcore_phase { NAVCORE_PHASE_MAP(NAVCORE_ENUMERATOR) } navcore_phase;

/** Why a screen shows or hides. */
#define NAVCORE_REASON_MAP(X)                                                                      \
    X(NAVCORE_REASON_PUSH, 0, "push")                                                              \
    X(NAVCORE_REASON_POP, 1, "pop")                                                                \
    X(NAVCORE_REASON_SET, 2, "set")                                                                \
    X(NAVCORE_REASON_CANCEL, 3, "cancel")                                                          \
    X(NAVCORE_REASON_APPEAR, 4, "appear")                                                          \
    X(NAVCORE_REASON_DISAPPEAR, 5, "disappear")                                                    \
    X(NAVCORE_REASON_PRESENT, 6, "present")                                                        \
    X(NAVCORE_REASON_DISMISS, 7, "dismiss")

typedef enum navcore_reason { NAVCORE_REASON_MAP(NAVCORE_ENUMERATOR) } navcore_reason;

/** The animation a transition asks for. */
#define NAVCORE_STYLE_MAP(X)                                                                       \
    X(NAVCORE_STYLE_PUSH, 0, "push")                                                               \
    X(NAVCORE_STYLE_POP, 1, "pop")                                                                 \
    X(NAVCORE_STYLE_PRESENT, 2, "present")                                                         \
    X(NAVCORE_STYLE_DISMISS, 3, "dismiss")

typedef enum navcore_style { NAVCORE_STYLE_MAP(NAVCORE_ENUMERATOR) } navcore_style;

/** How a navigator runs its queue (SPEC §9), chosen at creation: inline = the thread that asks
 *  or finishes runs the queue; host = asking enqueues and wakes the host, navcore_drain() runs
 *  it. */
#define NAVCORE_DISPATCH_MAP(X)                                                                    \
    X(NAVCORE_DISPATCH_INLINE, 0, "inline")                                                        \
    X(NAVCORE_DISPATCH_HOST, 1, "host")

typedef enum navcore_dispatch { NAVCORE_DISPATCH_MAP(NAVCORE_ENUMERATOR) } navcore_dispatch;

/**
 * The spec's name of an outcome, e.g. "not_in_stack".
 *
 * @param outcome a NAVCORE_OUTCOME_*
 * @return a static string, "unknown" for other values (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_outcome_string(int outcome);
/**
 * The spec's name of an op, e.g. "pop_to_root".
 *
 * @param op a NAVCORE_OP_*
 * @return a static string, "unknown" for other values (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_op_string(int op);
/**
 * The spec's name of an action state, e.g. "will_push".
 *
 * @param action a NAVCORE_ACTION_*
 * @return a static string, "unknown" for other values (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_action_string(int action);
/**
 * The spec's name of a reason, e.g. "disappear".
 *
 * @param reason a NAVCORE_REASON_*
 * @return a static string, "unknown" for other values (not a status)
 * @waits never
 * @since 1.0
 */
NAVCORE_API const char *navcore_reason_string(int reason);

/* ---------------------------------------------------------------------------------------------
 * Navigators
 * ------------------------------------------------------------------------------------------- */

/**
 * A navigator handle: `navcore_navigator *` is a value (a slot and a generation), not memory.
 * The struct's layout is private and not part of the ABI: never dereference the pointer, never
 * allocate, copy or take the size of a navcore_navigator, and do not name its member; the
 * library may change it in any version. Only pointers handed out by navcore_navigator_create
 * are handles. (It is a complete struct, not an opaque one, only so that the compiler checks
 * the library's definitions against this header: Swift imports a pointer to an incomplete
 * struct as an untyped pointer, which would hide a parameter-type drift; docs/c-api.md.)
 */
typedef struct navcore_navigator {
    uint64_t private_;
} navcore_navigator;

/**
 * Creates a navigator: visible, empty stack, no callbacks, in `dispatch` mode.
 *
 * Callbacks: none.
 *
 * @param out receives the new navigator's handle
 * @param dispatch how it runs its queue, a NAVCORE_DISPATCH_*
 * @retval NAVCORE_OK `*out` is the new navigator
 * @retval NAVCORE_ERR_INVALID `out` is NULL, or `dispatch` is not a NAVCORE_DISPATCH_*
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_navigator_create(navcore_navigator **out, int dispatch);

/** The navcore_create_options layout this header declares (versioned as navcore_show_options). */
#define NAVCORE_CREATE_OPTIONS_VERSION 1

/** Creation options (SPEC §16.12). */
typedef struct navcore_create_options {
    unsigned int version; /* NAVCORE_CREATE_OPTIONS_VERSION: which fields follow */
    int dispatch;         /* a NAVCORE_DISPATCH_*; default NAVCORE_DISPATCH_INLINE */
    bool visible;         /* default true; false: a navigator to attach or present, whose first
                             screens emit no show event before it is on screen */
} navcore_create_options;

/** The default options of this header's version. */
#define NAVCORE_CREATE_OPTIONS_INIT { NAVCORE_CREATE_OPTIONS_VERSION, NAVCORE_DISPATCH_INLINE, true }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_CREATE_OPTIONS_INIT
 * does, for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_CREATE_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_create_options_init(navcore_create_options *options, unsigned int version);

/**
 * Creates a navigator as navcore_navigator_create does, with options: its dispatch mode and
 * whether its own visible flag starts on (SPEC §16.12).
 *
 * Callbacks: none.
 *
 * @param out receives the new navigator's handle
 * @param options the options; NULL = the defaults (as navcore_navigator_create in inline mode)
 * @retval NAVCORE_OK `*out` is the new navigator
 * @retval NAVCORE_ERR_INVALID `out` is NULL, `options->version` is unknown, or
 *     `options->dispatch` is not a NAVCORE_DISPATCH_*
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_navigator_create_with_options(navcore_navigator **out, const navcore_create_options *options);

/**
 * Destroys a navigator (SPEC §9).
 *
 * The op waiting for a transition or a veto decision and then every queued op end with
 * NAVCORE_OUTCOME_ABORTED; every live screen is released, each after its result listener (those
 * being popped, those an interrupted open made, last made first, the stack top down, then the
 * detached ones in creation order); then the callbacks' destructors run. The handle dies first:
 * every call that starts after this one fails with NAVCORE_ERR_INVALID_HANDLE, also from the
 * aborted completions, result and release callbacks. Inside a callback the aborts and releases
 * happen when the outermost navcore call returns.
 * Callbacks: here (the aborted completions, results, releases and ctx destructors).
 *
 * In a family (SPEC §16.7), destroying the root tears the whole family down; a navigator that
 * has a parent is refused (it leaves by navcore_leave or its parent's navcore_dismiss), and a
 * torn-down member's handle is dead already: navcore reclaimed it.
 *
 * @param nav the navigator; NULL is accepted (does nothing)
 * @retval NAVCORE_OK destroyed, or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down already, or never was a
 *     navigator
 * @retval NAVCORE_ERR_STATE `nav` has a parent (an attached child or a modal)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_navigator_destroy(navcore_navigator *nav);

/**
 * Host dispatch mode: runs the queue on the calling thread until it is empty or an op waits
 * for its transition.
 *
 * Harmless in inline mode. Callbacks: here — this is where host mode's callbacks arrive, so
 * call it on the UI thread.
 *
 * @param nav the navigator
 * @retval NAVCORE_OK the queue ran (or there was nothing to run)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_drain(navcore_navigator *nav);

/**
 * Host dispatch mode: a bounded drain (SPEC §9), for a UI thread that other threads may flood.
 *
 * It runs the queue as navcore_drain() does, but starts another op only while its budget lasts:
 * the first op it can always starts; then another only while fewer than `max_ops` were started
 * by this call (navcore_drain_ops), while less than `seconds` have passed since the call began on
 * a monotonic clock (navcore_drain_for; 0 starts exactly one op, INFINITY never runs out), or
 * while both last (navcore_drain_ops_for). An op already started always runs to its next wait
 * (a transition or a decision). When it returns with ops still queued and none waiting, it has
 * called the wakeup again (once, as an asked op does) and returns NAVCORE_QUEUED: return to the
 * main loop and drain again when woken (a GLib source returns G_SOURCE_CONTINUE; bindings/c/glib
 * does). Otherwise NAVCORE_OK: the queue is empty, or an op waits for the host, whose finish,
 * cancel or decide raises the wakeup later. So the UI thread never loses its main loop for
 * longer than one op plus the budget. Called inside a callback it hands its budget to the
 * driving thread, which starts the ops after the callback, and returns NAVCORE_OK. A count of 0,
 * or a negative or NaN time, is NAVCORE_ERR_INVALID and runs nothing. Harmless in inline mode
 * (NAVCORE_OK). Callbacks: here.
 *
 * @param nav the navigator
 * @param max_ops how many ops this call may start, 1 or more
 * @retval NAVCORE_OK the queue is empty, or an op waits for the host; also inside a callback
 *     and in inline mode
 * @retval NAVCORE_QUEUED the budget ran out with ops still queued and none waiting: the wakeup
 *     has been called again
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `max_ops` is 0 (nothing runs)
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_drain_ops(navcore_navigator *nav, size_t max_ops);
/**
 * Host dispatch mode: a bounded drain by time, as navcore_drain_ops describes.
 *
 * Another op starts only while less than `seconds` have passed since the call began.
 * Callbacks: here.
 *
 * @param nav the navigator
 * @param seconds the budget on a monotonic clock: 0 starts exactly one op, INFINITY never runs
 *     out
 * @retval NAVCORE_OK the queue is empty, or an op waits for the host; also inside a callback
 *     and in inline mode
 * @retval NAVCORE_QUEUED the budget ran out with ops still queued and none waiting: the wakeup
 *     has been called again
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `seconds` is negative or NaN (nothing runs)
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_drain_for(navcore_navigator *nav, double seconds);
/**
 * Host dispatch mode: a bounded drain by count and time, as navcore_drain_ops describes.
 *
 * Another op starts only while both budgets last. Callbacks: here.
 *
 * @param nav the navigator
 * @param max_ops how many ops this call may start, 1 or more
 * @param seconds the time budget on a monotonic clock (0: one op; INFINITY never runs out)
 * @retval NAVCORE_OK the queue is empty, or an op waits for the host; also inside a callback
 *     and in inline mode
 * @retval NAVCORE_QUEUED a budget ran out with ops still queued and none waiting: the wakeup
 *     has been called again
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, `max_ops` is 0, or `seconds` is negative or NaN
 *     (nothing runs)
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_drain_ops_for(navcore_navigator *nav, size_t max_ops, double seconds);

/**
 * Emit show/hide events even while hidden (SPEC §7; default false).
 *
 * Callbacks: none.
 *
 * @param nav the navigator
 * @param on whether the events are emitted while hidden
 * @retval NAVCORE_OK set
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_set_always_appear(navcore_navigator *nav, bool on);

/**
 * Navigation-bar threshold N (SPEC §8): the bar is shown iff N == 0 or the stack has at least N
 * screens.
 *
 * A change of the bar is emitted at once. Default 0. Callbacks: driving (the `bar` event: in
 * host mode at the next drain, or at once when set inside a callback).
 *
 * @param nav the navigator
 * @param threshold N
 * @retval NAVCORE_OK set
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `threshold` is above the largest signed value
 *     of its width
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_set_bar_threshold(navcore_navigator *nav, size_t threshold);

/* ---------------------------------------------------------------------------------------------
 * Screens (SPEC §1)
 * ------------------------------------------------------------------------------------------- */

/**
 * Creates a detached screen of `route` carrying the host's `object`.
 *
 * Callbacks: none.
 *
 * @param out_screen receives the new screen's id
 * @param nav the navigator
 * @param route the screen's route name, UTF-8 (NULL = "")
 * @param object the host's object, handed back once at the screen's release (may be NULL)
 * @retval NAVCORE_OK `*out_screen` is the new detached screen
 * @retval NAVCORE_ERR_INVALID `out_screen` or `nav` is NULL, or `route` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_create(uint64_t *out_screen, navcore_navigator *nav, const char *route, void *object);

/**
 * Releases a detached screen at once, on the calling thread, in both dispatch modes (its result
 * listener, then its release callback, run).
 *
 * A screen in the stack, or held by an op (entering or leaving the stack with the op in flight,
 * made by the show or open in flight, or whose release has begun), cannot be discarded
 * (SPEC §1). Callbacks: here (its result listener, its own release hook, the release callback,
 * even in host mode).
 *
 * @param nav the navigator
 * @param screen the detached screen
 * @retval NAVCORE_OK released
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, unknown, or another navigator's
 * @retval NAVCORE_ERR_STATE `screen` is in the stack or held by an op
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_discard(navcore_navigator *nav, uint64_t screen);

/**
 * Marks (`on`) or unmarks a screen as retained (SPEC §17): a retained screen that leaves the
 * stack is detached instead of released (navcore_on_detach's callback runs where its release
 * would; no result listener runs) and stays live, with its object, result, saved state and
 * listener: it can be pushed again, set, or discarded. Unmarking never releases: it makes the
 * next leave a release. A call, not an op: it is never queued, in both dispatch modes. A new
 * screen is not retained; navcore_navigator_destroy releases retained screens as any other.
 * Callbacks: none.
 *
 * @param nav the navigator
 * @param screen any live screen, in the stack or detached
 * @param on true marks it, false unmarks it
 * @retval NAVCORE_OK marked or unmarked
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, unknown, or another navigator's
 * @retval NAVCORE_ERR_STATE the screen's release has begun (its result listener is running)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_screen_retain(navcore_navigator *nav, uint64_t screen, bool on);

/**
 * Whether a live screen is marked retained (navcore_screen_retain).
 *
 * Callbacks: none.
 *
 * @param out receives true if it is marked
 * @param nav the navigator
 * @param screen a live screen
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, unknown, or another navigator's
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_screen_is_retained(bool *out, navcore_navigator *nav, uint64_t screen);

/** The navcore_screen_hooks layout this header declares. A minor version that adds hooks (at
 *  the end) raises it; the library accepts every version up to its own and reads and writes
 *  only the fields of the version given (those a version lacks keep their defaults). */
#define NAVCORE_SCREEN_HOOKS_VERSION 1

/**
 * Hooks of one screen, given at its creation (navcore_screen_create_with_hooks): the per-screen
 * feedback a GObject, or the Swift and Python bindings' screen objects, want, without a lookup
 * from ids. Each hook may be NULL. They are called for that screen only, on the thread that
 * delivers the navigator's callbacks, each right before the navigator's callback of the same
 * event (SPEC §4, §8): the four appearance phases (`phase` tells which), the payload, and the
 * release. `ctx` goes to every hook; `destroy` (may be NULL) runs once with it, right after the
 * screen's release has been delivered (its release hook, then navcore_on_release's callback and
 * the observers'), on the same thread. A versioned struct like navcore_show_options: start from
 * NAVCORE_SCREEN_HOOKS_INIT or navcore_screen_hooks_init(); an unknown `version` (0 = never
 * initialised, or one newer than the library's) is NAVCORE_ERR_INVALID at the call.
 */
typedef struct navcore_screen_hooks {
    unsigned int version; /* NAVCORE_SCREEN_HOOKS_VERSION: which fields follow */
    void (*will_show)(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                      void *ctx);
    void (*did_show)(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                     void *ctx);
    void (*will_hide)(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                      void *ctx);
    void (*did_hide)(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                     void *ctx);
    void (*payload)(navcore_navigator *nav, uint64_t screen, void *object, const char *payload, void *ctx);
    void (*release)(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx);
    void *ctx;
    void (*destroy)(void *ctx);
} navcore_screen_hooks;

/** The empty hooks of this header's version: every hook NULL. */
#define NAVCORE_SCREEN_HOOKS_INIT { NAVCORE_SCREEN_HOOKS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Sets `*hooks` to `version`'s empty hooks (every field NULL, `version` as given), writing only
 * the bytes that version has.
 *
 * Callbacks: none.
 *
 * @param hooks the hooks to initialise
 * @param version the layout to write, NAVCORE_SCREEN_HOOKS_VERSION for this header's
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `hooks` is NULL, or `version` is one this library does not know
 *     (then nothing is written)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_hooks_init(navcore_screen_hooks *hooks, unsigned int version);

/**
 * navcore_screen_create with hooks of the screen's own.
 *
 * `hooks` is copied; see navcore_screen_hooks for when each runs, on the thread delivering the
 * navigator's callbacks. A failing call keeps nothing and never calls `hooks->destroy`. Screens
 * that route factories make have no hooks of their own. Callbacks: none now; the hooks later,
 * where the screen's events are delivered (driving, or here for the "here" functions).
 *
 * @param out_screen receives the new screen's id
 * @param nav the navigator
 * @param route the screen's route name, UTF-8 (NULL = "")
 * @param object the host's object, handed back once at the screen's release (may be NULL)
 * @param hooks the screen's hooks, copied
 * @retval NAVCORE_OK `*out_screen` is the new detached screen
 * @retval NAVCORE_ERR_INVALID `out_screen`, `nav` or `hooks` is NULL, `hooks->version` is
 *     unknown, or `route` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_create_with_hooks(uint64_t *out_screen, navcore_navigator *nav, const char *route,
                                                 void *object, const navcore_screen_hooks *hooks);

/**
 * The host object of a live screen.
 *
 * Callbacks: none (nor navcore_screen_route).
 *
 * @param out_object receives the screen's object
 * @param nav the navigator
 * @param screen a live screen
 * @retval NAVCORE_OK `*out_object` is the object
 * @retval NAVCORE_ERR_INVALID `out_object` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is not a live screen of `nav`
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_object(void **out_object, navcore_navigator *nav, uint64_t screen);

/**
 * Copies a live screen's route into `buffer`, snprintf style: at most size - 1 bytes and a NUL.
 *
 * @param out_length receives the route's full length
 * @param buffer receives the route; may be NULL when `size` is 0
 * @param size the size of `buffer`
 * @param nav the navigator
 * @param screen a live screen
 * @retval NAVCORE_OK copied
 * @retval NAVCORE_ERR_INVALID `out_length` or `nav` is NULL, or `buffer` is NULL with a
 *     non-zero `size`
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is not a live screen of `nav`
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_route(size_t *out_length, char *buffer, size_t size, navcore_navigator *nav,
                                     uint64_t screen);

/* ---------------------------------------------------------------------------------------------
 * Operations (SPEC §2, §3)
 *
 * Each returns NAVCORE_OK when the op started at once or NAVCORE_QUEUED when it waits; either
 * way it ends exactly once and `done` (if not NULL) receives its outcome. Validation that
 * depends on the stack happens when the op runs and shows in the outcome.
 *
 * Callbacks: driving, for every op of this section and navcore_pop_with_result, navcore_open
 * and navcore_restore (the completion too) — but navcore_gesture_begin: here.
 * ------------------------------------------------------------------------------------------- */

/** Receives an op's outcome: once, on the driving thread. */
typedef void (*navcore_done_fn)(navcore_navigator *nav, int op, int outcome, void *ctx);

/** A `run` op's code block. */
typedef void (*navcore_run_fn)(navcore_navigator *nav, void *ctx);

/** Which screen of the route already in the stack `show` reuses (SPEC §8). */
#define NAVCORE_RECYCLE_MAP(X)                                                                     \
    X(NAVCORE_RECYCLE_NONE, 0, "none") /* always a new screen */                                   \
    X(NAVCORE_RECYCLE_ANY, 1, "any")   /* the screen of the route nearest the top (the default) */ \
    X(NAVCORE_RECYCLE_TOP, 2, "top")   /* the top only, if it is of the route ("single top") */

typedef enum navcore_recycle { NAVCORE_RECYCLE_MAP(NAVCORE_ENUMERATOR) } navcore_recycle;

/** The navcore_show_options layout this header declares. A minor version that adds fields (at
 *  the end) raises it; the library accepts every version up to its own and reads and writes
 *  only the fields of the version given (those a version lacks keep their defaults). */
#define NAVCORE_SHOW_OPTIONS_VERSION 1

/**
 * `show` options (SPEC §8), the libgit2 pattern: start from NAVCORE_SHOW_OPTIONS_INIT or
 * navcore_show_options_init(), then set fields. An unknown `version` (0 = never initialised, or
 * one newer than the library's) is NAVCORE_ERR_INVALID at the call.
 */
typedef struct navcore_show_options {
    unsigned int version; /* NAVCORE_SHOW_OPTIONS_VERSION: which fields follow */
    bool animated;        /* default false */
    bool remove_current;  /* default true: a new screen replaces the current top */
    int recycle;          /* a NAVCORE_RECYCLE_*; default NAVCORE_RECYCLE_ANY */
    const char *payload;  /* UTF-8 text delivered to the screen, or NULL (default) */
} navcore_show_options;

/** The default options of this header's version. */
#define NAVCORE_SHOW_OPTIONS_INIT { NAVCORE_SHOW_OPTIONS_VERSION, false, true, NAVCORE_RECYCLE_ANY, NULL }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_SHOW_OPTIONS_INIT does,
 * for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_SHOW_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_show_options_init(navcore_show_options *options, unsigned int version);

/**
 * Pushes the detached screen `screen` (SPEC §2).
 *
 * @param nav the navigator
 * @param screen the detached screen to push
 * @param animated whether the push asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, unknown, or another navigator's
 * @outcome NAVCORE_OUTCOME_COMPLETED the screen became the top
 * @outcome NAVCORE_OUTCOME_DUPLICATE the screen is in the stack when the op runs
 * @outcome NAVCORE_OUTCOME_INVALID the screen was released before the op ran
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_push(navcore_navigator *nav, uint64_t screen, bool animated, navcore_done_fn done, void *ctx);
/**
 * Pops the top screen.
 *
 * @param nav the navigator
 * @param animated whether the pop asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the top was popped
 * @outcome NAVCORE_OUTCOME_NOOP the stack has one screen or none
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_pop(navcore_navigator *nav, bool animated, navcore_done_fn done, void *ctx);
/**
 * Pops down to `screen`, which stays the top.
 *
 * @param nav the navigator
 * @param screen the screen to pop to
 * @param animated whether the pop asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, unknown, or another navigator's
 * @outcome NAVCORE_OUTCOME_COMPLETED the screens above `screen` were popped
 * @outcome NAVCORE_OUTCOME_NOOP `screen` is the top
 * @outcome NAVCORE_OUTCOME_NOT_IN_STACK `screen` is not in the stack when the op runs
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_pop_to(navcore_navigator *nav, uint64_t screen, bool animated, navcore_done_fn done, void *ctx);
/**
 * Pops down to the root screen.
 *
 * @param nav the navigator
 * @param animated whether the pop asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the screens above the root were popped
 * @outcome NAVCORE_OUTCOME_NOOP the stack has one screen or none
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_pop_to_root(navcore_navigator *nav, bool animated, navcore_done_fn done, void *ctx);

/**
 * Makes the stack exactly `screens`, bottom to top (SPEC §2).
 *
 * The stack becomes `screens[0..count)`; the transition style follows UIKit's rule (SPEC §4).
 *
 * @param nav the navigator
 * @param screens the screens' ids; may be NULL when `count` is 0 (the op then ends
 *     NAVCORE_OUTCOME_INVALID)
 * @param count how many ids `screens` holds
 * @param animated whether the change asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, `screens` is NULL with a non-zero `count`, or
 *     `count` is larger than any array (its byte size overflows)
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN an id of `screens` is dead, 0, unknown, or another
 *     navigator's
 * @outcome NAVCORE_OUTCOME_COMPLETED the stack is `screens`
 * @outcome NAVCORE_OUTCOME_NOOP the stack already is `screens`
 * @outcome NAVCORE_OUTCOME_DUPLICATE a screen is named twice
 * @outcome NAVCORE_OUTCOME_INVALID no screen is named, or one was released before the op ran
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_set_stack(navcore_navigator *nav, const uint64_t *screens, size_t count, bool animated,
                                  navcore_done_fn done, void *ctx);

/**
 * The user's back button: asks the pop veto, then pops (SPEC §6).
 *
 * @param nav the navigator
 * @param animated whether the pop asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the top was popped
 * @outcome NAVCORE_OUTCOME_NOOP the stack has one screen or none (the veto is not asked)
 * @outcome NAVCORE_OUTCOME_VETOED the veto refused, or the host decided no
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_back(navcore_navigator *nav, bool animated, navcore_done_fn done, void *ctx);

/**
 * Starts the user's interactive back gesture (SPEC §5).
 *
 * Never queued. Callbacks: here, in both modes (the veto, the pop's first events, the
 * interactive transition).
 *
 * @param nav the navigator
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the gesture started
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_BUSY an op runs or waits
 * @retval NAVCORE_ERR_STATE the navigator is hidden, or has no animator
 * @outcome NAVCORE_OUTCOME_COMPLETED the host finished the transition: the top was popped
 * @outcome NAVCORE_OUTCOME_NOOP the stack has one screen or none
 * @outcome NAVCORE_OUTCOME_CANCELLED the host cancelled the transition: nothing was popped
 * @outcome NAVCORE_OUTCOME_VETOED the veto refused (or answered later)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_gesture_begin(navcore_navigator *nav, navcore_done_fn done, void *ctx);

/**
 * Runs `block` in queue order.
 *
 * `done` is called after it — or alone, with NAVCORE_OUTCOME_ABORTED, if the navigator is
 * destroyed first — so free `ctx` there.
 *
 * @param nav the navigator
 * @param block the code to run
 * @param done called after `block`, with the op's outcome (may be NULL)
 * @param ctx passed to `block` and `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` or `block` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED `block` ran
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_run(navcore_navigator *nav, navcore_run_fn block, navcore_done_fn done, void *ctx);

/**
 * Tells navcore whether the navigator is on screen (SPEC §7).
 *
 * @param nav the navigator
 * @param visible whether it is on screen
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the navigator is on screen as `visible` says
 * @outcome NAVCORE_OUTCOME_NOOP it already was
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_set_visible(navcore_navigator *nav, bool visible, navcore_done_fn done, void *ctx);

/**
 * Shows the named route (SPEC §8).
 *
 * With NAVCORE_RECYCLE_TOP and remove_current a show never grows the stack.
 *
 * @param nav the navigator
 * @param route the route's name, UTF-8
 * @param options the show's options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID at the call: `nav` or `route` is NULL, `route` or the payload is
 *     not valid UTF-8, or `options` has an unknown version or recycle value
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED a screen of the route was shown
 * @outcome NAVCORE_OUTCOME_NOOP the recycled screen is the top (it got the payload)
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE the route is not registered when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED the route's factory failed
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_show(navcore_navigator *nav, const char *route, const navcore_show_options *options,
                             navcore_done_fn done, void *ctx);

/**
 * Shows the named route, under the name of the seeds' notification-based stack ("post").
 *
 * The same op as navcore_show (NAVCORE_OP_SHOW).
 *
 * @param nav the navigator
 * @param route the route's name, UTF-8
 * @param options the show's options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID at the call: `nav` or `route` is NULL, `route` or the payload is
 *     not valid UTF-8, or `options` has an unknown version or recycle value
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED a screen of the route was shown
 * @outcome NAVCORE_OUTCOME_NOOP the recycled screen is the top (it got the payload)
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE the route is not registered when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED the route's factory failed
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_post(navcore_navigator *nav, const char *route, const navcore_show_options *options,
                             navcore_done_fn done, void *ctx);

/* ---------------------------------------------------------------------------------------------
 * Transitions (SPEC §4, §5): the host's animator ends what navcore starts.
 * ------------------------------------------------------------------------------------------- */

/** A transition handed to the animator. */
typedef struct navcore_transition {
    uint64_t id;       /* pass it back to finish, cancel or progress */
    int style;         /* NAVCORE_STYLE_* */
    uint64_t from;     /* the old top */
    uint64_t to;       /* the new top */
    void *from_object;
    void *to_object;
    bool interactive;  /* the back gesture: may be cancelled */
    /* Since 1.1 (SPEC §16.12), filled by the library: the navigators whose tops `from` and `to`
     * are — the navigator animating, but for a present or dismiss, where one is a modal's; both
     * NULL for a present's or dismiss's transition delivered after a destroy of the family
     * inside one of its callbacks (the handles are dead by then). */
    navcore_navigator *from_navigator;
    navcore_navigator *to_navigator;
} navcore_transition;

/** The animator; having one is what lets ops animate. */
typedef void (*navcore_transition_fn)(navcore_navigator *nav, const navcore_transition *transition, void *ctx);

/**
 * The transition `id` ended: the op completes (events 7–11).
 *
 * Callbacks: here, in both modes (call it on the UI thread).
 *
 * @param nav the navigator
 * @param id the transition's id
 * @retval NAVCORE_OK finished
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_STATE `id` is not in flight
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_transition_finish(navcore_navigator *nav, uint64_t id);

/**
 * Cancels the interactive transition `id`: the pop is undone.
 *
 * Callbacks: here, in both modes.
 *
 * @param nav the navigator
 * @param id the interactive transition's id
 * @retval NAVCORE_OK cancelled
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_STATE `id` is not in flight, or not interactive
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_transition_cancel(navcore_navigator *nav, uint64_t id);

/**
 * Reports the progress (0 ≤ p ≤ 1) of the interactive transition `id`.
 *
 * Callbacks: here (`progress`), in both modes.
 *
 * @param nav the navigator
 * @param id the interactive transition's id
 * @param progress p, from 0 to 1
 * @retval NAVCORE_OK reported
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `progress` is out of range or NaN
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_STATE outside an interactive transition `id`
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_transition_progress(navcore_navigator *nav, uint64_t id, double progress);

/* ---------------------------------------------------------------------------------------------
 * Routes (SPEC §8)
 * ------------------------------------------------------------------------------------------- */

/** Makes the host object of a new screen of `route`: store it in `*out_object` and return 0; any
 *  other return fails the show with NAVCORE_OUTCOME_FACTORY_FAILED. `screen` is not live yet.
 *  `payload` is NULL when the show has none. */
typedef int (*navcore_factory_fn)(void **out_object, navcore_navigator *nav, const char *route,
                                  uint64_t screen, const char *payload, void *ctx);

/** Destroys a registration's ctx. */
typedef void (*navcore_destroy_fn)(void *ctx);

/**
 * Registers a route.
 *
 * Callbacks: none now; the factory runs when a show or open runs: driving.
 *
 * @param nav the navigator
 * @param name the route's name, UTF-8
 * @param factory makes the host object of each new screen of the route
 * @param ctx passed to `factory`
 * @param destroy destroys `ctx` when the route is unregistered or the navigator destroyed (may
 *     be NULL)
 * @retval NAVCORE_OK registered
 * @retval NAVCORE_ERR_INVALID `nav`, `name` or `factory` is NULL, or `name` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_EXISTS `name` is registered already
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_route_register(navcore_navigator *nav, const char *name, navcore_factory_fn factory, void *ctx,
                                       navcore_destroy_fn destroy);

/**
 * Unregisters a route (its ctx destructor runs).
 *
 * Callbacks: the ctx destructor, here, or on the delivering thread once no call of the factory
 * runs.
 *
 * @param nav the navigator
 * @param name the route's name, UTF-8
 * @retval NAVCORE_OK unregistered
 * @retval NAVCORE_ERR_INVALID `nav` or `name` is NULL, `name` is not valid UTF-8, or it is not
 *     registered
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_route_unregister(navcore_navigator *nav, const char *name);

/* ---------------------------------------------------------------------------------------------
 * Callbacks (SPEC §4–9). One registration per kind (per phase for appearance); registering
 * again replaces it, registering NULL removes it. An event kind with no callback costs nothing.
 * Others may listen beside them: see Observers below.
 *
 * Callbacks: each registered callback runs where its events are delivered: driving for the
 * events of ops, here for those of the "here" functions (THREADS above); the wakeup may run on
 * any thread. A registration calls nothing itself but the replaced ctx destructor and, for
 * navcore_on_wakeup, the new wakeup (see there).
 * ------------------------------------------------------------------------------------------- */

/**
 * `action <state> [+appearing] [-disappearing…]`. The library fills it and passes it by pointer,
 * valid only during the callback; hosts never allocate it, so fields may be added at its end in a
 * minor version (the objects were added in 1.0). The host objects stand beside the ids, also
 * for screens being released: in a `*_completed` event the removed screens' ids are already dead
 * (except a retained screen's, which is detached and live, SPEC §17)
 * (SPEC §4 step 8 came first), but their objects are still given here, so a host needs no id →
 * object cache of its own.
 */
typedef struct navcore_action_event {
    int state;                    /* NAVCORE_ACTION_* */
    uint64_t appearing;           /* 0 if none */
    const uint64_t *disappearing; /* bottom to top */
    size_t disappearing_count;
    bool animated;
    void *appearing_object;            /* the appearing screen's host object; NULL if none */
    void *const *disappearing_objects; /* disappearing_count host objects, as `disappearing` */
} navcore_action_event;

/** Receives the action state machine's events (navcore_on_action). */
typedef void (*navcore_action_fn)(navcore_navigator *nav, const navcore_action_event *event, void *ctx);
/** Receives one appearance phase of a screen (navcore_on_appearance): `phase` a NAVCORE_PHASE_*,
 *  `reason` a NAVCORE_REASON_*. */
typedef void (*navcore_appearance_fn)(navcore_navigator *nav, int phase, uint64_t screen, void *object,
                                      int reason, bool animated, void *ctx);
/** Receives the interactive transition's progress (navcore_on_progress). */
typedef void (*navcore_progress_fn)(navcore_navigator *nav, uint64_t transition, double progress, void *ctx);
/** Receives the navigation bar's changes (navcore_on_bar). */
typedef void (*navcore_bar_fn)(navcore_navigator *nav, bool shown, bool animated, void *ctx);
/** Receives a payload delivered to a screen (navcore_on_payload). */
typedef void (*navcore_payload_fn)(navcore_navigator *nav, uint64_t screen, void *object, const char *payload,
                                   void *ctx);
/** Receives a screen's release, with its host object and route (navcore_on_release). */
typedef void (*navcore_release_fn)(navcore_navigator *nav, uint64_t screen, void *object, const char *route,
                                   void *ctx);
/** Host dispatch mode's wakeup: work arrived (navcore_on_wakeup). */
typedef void (*navcore_wakeup_fn)(navcore_navigator *nav, void *ctx);
/** The pop veto: may the user pop `screen` (the top) by button or gesture? */
typedef bool (*navcore_veto_fn)(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, void *ctx);

/**
 * The action state machine's events (SPEC §4).
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_action(navcore_navigator *nav, navcore_action_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * One appearance phase's callback: one registration for each of the four.
 *
 * @param nav the navigator
 * @param phase a NAVCORE_PHASE_*
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `phase` is not a NAVCORE_PHASE_*
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_appearance(navcore_navigator *nav, int phase, navcore_appearance_fn fn, void *ctx,
                                      navcore_destroy_fn destroy);
/**
 * The interactive transition's progress (SPEC §5).
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_progress(navcore_navigator *nav, navcore_progress_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * The navigation bar's changes (SPEC §8).
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_bar(navcore_navigator *nav, navcore_bar_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * Payloads delivered to screens (SPEC §8).
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_payload(navcore_navigator *nav, navcore_payload_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * Each screen's release, with its host object (SPEC §1).
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_release(navcore_navigator *nav, navcore_release_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * Each retained screen that leaves the stack and stays live, detached (SPEC §17), with its host
 * object and route, as navcore_on_release's callback has them; the screen's id stays live.
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_on_detach(navcore_navigator *nav, navcore_release_fn fn, void *ctx, navcore_destroy_fn destroy);

/** Receives a navigator navcore made under `parent` (navcore_restore_tree, SPEC §16.10), before
 *  any of its screens: attached to `screen` of `parent`, or (`screen` 0) its modal. `child` is
 *  a handle of its own, borrowed: valid until that navigator's teardown, never destroyed by the
 *  host; register its callbacks (and its own navcore_on_child) here. */
typedef void (*navcore_child_fn)(navcore_navigator *parent, uint64_t screen, navcore_navigator *child, void *ctx);

/**
 * Each navigator navcore makes under this one (navcore_restore_tree, SPEC §16.10), announced
 * before any of its screens is made. Never called for navcore_attach or navcore_present.
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_on_child(navcore_navigator *nav, navcore_child_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * Every op's end, after its completion.
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_done(navcore_navigator *nav, navcore_done_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * Host dispatch mode's wakeup (SPEC §9): called once when work arrives, on whichever thread
 * asked it (any thread, possibly while another callback runs), and not again until the next
 * navcore_drain().
 *
 * It should only schedule a drain on the UI thread (bindings/c/glib does). Registered or
 * replaced while ops or events wait (even behind a transition or a pending decision), the new
 * one is called once at once, on the registering thread, so a host that registers late never
 * stalls; in inline mode registering calls nothing.
 *
 * @param nav the navigator
 * @param fn the callback; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_wakeup(navcore_navigator *nav, navcore_wakeup_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * The animator.
 *
 * Without one every op is instant and the gesture is refused. If it is removed while ops plan
 * to animate, their transitions finish at once.
 *
 * @param nav the navigator
 * @param fn the animator; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_transition(navcore_navigator *nav, navcore_transition_fn fn, void *ctx, navcore_destroy_fn destroy);
/**
 * The pop veto (SPEC §6); without one every user pop is allowed.
 *
 * Non-zero = allow. It replaces a veto set with navcore_on_pop_veto_deferrable (there is one
 * veto).
 *
 * @param nav the navigator
 * @param fn the veto; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_pop_veto(navcore_navigator *nav, navcore_veto_fn fn, void *ctx, navcore_destroy_fn destroy);

/* ---------------------------------------------------------------------------------------------
 * Observers: any number of listeners beside the one registration per kind, so that a component
 * (a toolkit's stack mirror, a logger) hears the events without taking the host's callbacks.
 * ------------------------------------------------------------------------------------------- */

/** The navcore_observer layout this header declares (raised when a minor version appends
 *  functions; the library reads only the fields of the version given). */
#define NAVCORE_OBSERVER_VERSION 2

/**
 * An observer of a navigator's events, given to navcore_observer_add (which copies it). Each
 * function may be NULL; `appearance` hears all four phases (`phase` tells which). They run
 * where the navigator's callbacks of the same event run (driving, or here), each event going to
 * the screen's own hook, then the navigator's callback of its kind (navcore_on_*), then every
 * observer in the order they were added. `ctx` goes to each; `destroy` (may be NULL) runs once
 * with it as a registration's ctx destructor does: when the observer is removed, or after the
 * navigator's last event at destroy, never while one of its functions may still run. A
 * versioned struct like navcore_screen_hooks: start from NAVCORE_OBSERVER_INIT or
 * navcore_observer_init(); an unknown `version` is NAVCORE_ERR_INVALID at the call.
 */
typedef struct navcore_observer {
    unsigned int version; /* NAVCORE_OBSERVER_VERSION: which fields follow */
    navcore_action_fn action;
    navcore_appearance_fn appearance;
    navcore_progress_fn progress;
    navcore_bar_fn bar;
    navcore_payload_fn payload;
    navcore_release_fn release;
    navcore_done_fn done;
    void *ctx;
    navcore_destroy_fn destroy;
    navcore_release_fn detach; /* version 2: a retained screen left the stack, its id live (navcore_on_detach) */
} navcore_observer;

#define NAVCORE_OBSERVER_INIT { NAVCORE_OBSERVER_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL }

/**
 * Sets `*observer` to `version`'s empty observer, as NAVCORE_OBSERVER_INIT does, for hosts that
 * cannot use the macro (FFI).
 *
 * Every field is NULL and `version` is written as given, only the bytes that version has.
 * Callbacks: none.
 *
 * @param observer the observer to initialise
 * @param version the layout to write: pass NAVCORE_OBSERVER_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `observer` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_observer_init(navcore_observer *observer, unsigned int version);

/**
 * Adds an observer of the navigator's events.
 *
 * `observer` is copied. A failing call keeps nothing and never calls `observer->destroy`.
 * Callbacks: none now; the observer's functions with the events that follow.
 *
 * @param out_token receives the observer's token: non-zero, never reused by this navigator
 * @param nav the navigator
 * @param observer the functions, their `ctx` and its destructor
 * @retval NAVCORE_OK added
 * @retval NAVCORE_ERR_INVALID `out_token` or `observer` is NULL, or `observer->version` is one
 *     this library does not know
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_observer_add(uint64_t *out_token, navcore_navigator *nav, const navcore_observer *observer);

/**
 * Removes an observer; its `destroy` runs, as a replaced registration's does.
 *
 * Callbacks: the ctx destructor, here, or on the delivering thread once none of the observer's
 * functions runs.
 *
 * @param nav the navigator
 * @param token the token navcore_observer_add wrote
 * @retval NAVCORE_OK removed
 * @retval NAVCORE_ERR_INVALID no observer of this navigator has `token` (removed already, or 0)
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_observer_remove(navcore_navigator *nav, uint64_t token);

/* ---------------------------------------------------------------------------------------------
 * Results (SPEC §12): a screen's result, its one result listener, a pop that carries one.
 * ------------------------------------------------------------------------------------------- */

/**
 * Frees text that a navcore query returned (the caller's copy, SPEC §15).
 *
 * Callbacks: none (nor the result and saved-state setters and getters, nor navcore_save).
 *
 * @param text the text to free; NULL is accepted
 * @waits never
 * @since 1.0
 */
NAVCORE_API void navcore_free(void *text);

/**
 * Sets (`result` UTF-8 text) or clears (NULL) a live screen's result, at any time before its
 * release.
 *
 * @param nav the navigator
 * @param screen a live screen
 * @param result the result, UTF-8; NULL clears it
 * @retval NAVCORE_OK set (or cleared)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `result` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead (not a live screen of `nav`)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_set_result(navcore_navigator *nav, uint64_t screen, const char *result);

/**
 * A live screen's result.
 *
 * NAVCORE_ERR_NO_MEMORY when the copy cannot be made.
 *
 * @param out_result receives a copy (free it with navcore_free), or NULL when it has none
 * @param nav the navigator
 * @param screen a live screen
 * @retval NAVCORE_OK `*out_result` is set
 * @retval NAVCORE_ERR_INVALID `out_result` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead (not a live screen of `nav`)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_result(char **out_result, navcore_navigator *nav, uint64_t screen);

/** A result listener: called once, right before `screen`'s release (whatever releases it: a
 *  pop, set, show, open, a discard, a failed open, destroy), with its result at that moment
 *  (NULL for none). The screen is still live during the call. */
typedef void (*navcore_result_fn)(navcore_navigator *nav, uint64_t screen, void *object, const char *result,
                                  void *ctx);

/**
 * Attaches a live screen's one result listener; another attached later replaces it (the old one
 * is never called).
 *
 * Its ctx destructor runs once: after the listener's call returns, when it is replaced or
 * removed, or at destroy — never while it runs. Callbacks: the listener where the screen's
 * release is delivered (driving, or here for a discard or destroy); the replaced ctx destructor
 * here.
 *
 * @param nav the navigator
 * @param screen a live screen
 * @param fn the listener; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` (may be NULL)
 * @retval NAVCORE_OK attached (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead (not a live screen of `nav`)
 * @retval NAVCORE_ERR_STATE navcore has begun releasing the screen (its listener may be
 *     running)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_on_result(navcore_navigator *nav, uint64_t screen, navcore_result_fn fn, void *ctx,
                                         navcore_destroy_fn destroy);

/**
 * Pops the top screen carrying a result for it (SPEC §12).
 *
 * As navcore_pop; when the pop runs and is not a noop, the popped screen's result is set to
 * `result` before the pop's first event.
 *
 * @param nav the navigator
 * @param animated whether the pop asks for a transition
 * @param result the popped screen's result, UTF-8; NULL for none
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `result` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the top was popped, with its result
 * @outcome NAVCORE_OUTCOME_NOOP the stack has one screen or none (no result is set)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_pop_with_result(navcore_navigator *nav, bool animated, const char *result, navcore_done_fn done,
                                        void *ctx);

/* ---------------------------------------------------------------------------------------------
 * Deferred veto (SPEC §13): the veto may answer later, and the host decides afterwards.
 * ------------------------------------------------------------------------------------------- */

/** The answers of a deferrable veto. */
#define NAVCORE_VETO_MAP(X)                                                                        \
    X(NAVCORE_VETO_ALLOW, 0, "allow")   /* pop */                                                  \
    X(NAVCORE_VETO_REFUSE, 1, "refuse") /* the op ends NAVCORE_OUTCOME_VETOED */                   \
    X(NAVCORE_VETO_LATER, 2, "later")   /* decide later with navcore_decide(nav, decision, …) */

typedef enum navcore_veto_answer { NAVCORE_VETO_MAP(NAVCORE_ENUMERATOR) } navcore_veto_answer;

/** A deferrable pop veto: may the user pop `screen` (the top)? Returns a NAVCORE_VETO_* (any
 *  other value refuses). `decision` (non-zero, never reused) names this question for
 *  navcore_decide when the answer is NAVCORE_VETO_LATER. */
typedef int (*navcore_deferrable_veto_fn)(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture,
                                          uint64_t decision, void *ctx);

/**
 * Registers the pop veto as deferrable; it replaces a veto set with navcore_on_pop_veto (and
 * the other way round: there is one veto).
 *
 * On NAVCORE_VETO_LATER a `back` waits, busy, its later ops queued and the gesture refused,
 * until navcore_decide; for a gesture, later counts as refuse. Callbacks: the veto runs where
 * the back runs (driving) or the gesture (here).
 *
 * @param nav the navigator
 * @param fn the veto; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_on_pop_veto_deferrable(navcore_navigator *nav, navcore_deferrable_veto_fn fn, void *ctx,
                                               navcore_destroy_fn destroy);

/**
 * Answers the pending decision `decision`: `allow` pops as if the veto had allowed it (animated
 * per the rules at this moment), else the back ends vetoed.
 *
 * Acts at once in both dispatch modes, like navcore_transition_finish. Callbacks: here, in both
 * modes (the pop's events, or the vetoed completion).
 *
 * @param nav the navigator
 * @param decision the id the deferrable veto received
 * @param allow whether the pop goes on
 * @retval NAVCORE_OK answered
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_STATE `decision` is not the one pending (none pending, answered already,
 *     or asked inside the veto before it returned)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_decide(navcore_navigator *nav, uint64_t decision, bool allow);

/* ---------------------------------------------------------------------------------------------
 * Saved state, save, open and restore (SPEC §14)
 * ------------------------------------------------------------------------------------------- */

/**
 * Sets (UTF-8 text) or clears (NULL) a live screen's saved state.
 *
 * Each payload delivered to a screen also becomes its saved state.
 *
 * @param nav the navigator
 * @param screen a live screen
 * @param state the saved state, UTF-8; NULL clears it
 * @retval NAVCORE_OK set (or cleared)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `state` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead (not a live screen of `nav`)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_set_saved_state(navcore_navigator *nav, uint64_t screen, const char *state);

/**
 * A live screen's saved state.
 *
 * @param out_state receives a copy to free with navcore_free, or NULL for none
 * @param nav the navigator
 * @param screen a live screen
 * @retval NAVCORE_OK `*out_state` is set
 * @retval NAVCORE_ERR_INVALID `out_state` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead (not a live screen of `nav`)
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_screen_saved_state(char **out_state, navcore_navigator *nav, uint64_t screen);

/**
 * The saved document of the stack as queries see it now, exactly
 * `{"navcore":1,"stack":[{"route":R,"state":S},…]}` (bottom to top, S a string or null).
 *
 * @param out_document receives a copy to free with navcore_free
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_document` is set
 * @retval NAVCORE_ERR_INVALID `out_document` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_save(char **out_document, navcore_navigator *nav);

/**
 * The saved tree of `nav` and its subtree as queries see it now (SPEC §16.10), version 2:
 * exactly `{"navcore":2,"stack":[E…]}` plus `,"modal":M` when `nav` has a presented modal, no
 * whitespace. An entry of a screen that has children adds `"active":I,"children":[C…]` (I the
 * active child's index or null); a child is `{"stack":[E…]}` and a modal `{"stack":[E…],
 * "covers":B,"dismiss_on_back":B}`, each plus its own `,"modal":M`. Not recorded: the
 * navigators' `visible` flags, retained detached screens, pending modals, bound-ness,
 * observers, hooks, animators and routes. For a navigator without children or modal it is
 * navcore_save's stack under version 2.
 *
 * @param out_document receives a copy to free with navcore_free
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_document` is set
 * @retval NAVCORE_ERR_INVALID `out_document` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_save_tree(char **out_document, navcore_navigator *nav);

/** One entry of navcore_open: a route, and the saved state (NULL for none) its new screen gets
 *  as payload. */
typedef struct navcore_route_entry {
    const char *route;
    const char *state;
} navcore_route_entry;

/**
 * Builds the whole stack from routes in one op (SPEC §14).
 *
 * From `entries[0..count)` (NAVCORE_OP_OPEN). When it runs, every route is checked (NAVCORE_OUTCOME_UNKNOWN_ROUTE, nothing changes), then
 * each factory makes a new screen with its state as payload; a failing factory releases the
 * screens made so far, last made first (NAVCORE_OUTCOME_FACTORY_FAILED, the stack unchanged);
 * else the new screens become the stack (set events, push style).
 *
 * @param nav the navigator
 * @param entries the routes and states, bottom to top
 * @param count how many entries, 1 or more
 * @param animated whether the change asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID at the call: `nav` is NULL, `count` is 0, `entries` or a route is
 *     NULL, a route or state is not valid UTF-8, or `count`'s byte size overflows
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the new screens are the stack
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE a route is not registered when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED a factory failed: the screens made are released, the stack unchanged
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_open(navcore_navigator *nav, const navcore_route_entry *entries, size_t count, bool animated,
                             navcore_done_fn done, void *ctx);

/** The navcore_open_options layout this header declares. A minor version that adds fields (at
 *  the end) raises it; the library accepts every version up to its own and reads and writes
 *  only the fields of the version given (those a version lacks keep their defaults). */
#define NAVCORE_OPEN_OPTIONS_VERSION 1

/**
 * navcore_open_with_options's options (SPEC §14, §16.10), a versioned struct like
 * navcore_show_options: start from NAVCORE_OPEN_OPTIONS_INIT or navcore_open_options_init(),
 * then set fields. An unknown `version` is NAVCORE_ERR_INVALID at the call.
 */
typedef struct navcore_open_options {
    unsigned int version; /* NAVCORE_OPEN_OPTIONS_VERSION: which fields follow */
    bool animated;        /* default false */
    bool focus;           /* default false: after building the stack, bring `nav` to the front (SPEC §16.10) */
} navcore_open_options;

/** The default options of this header's version. */
#define NAVCORE_OPEN_OPTIONS_INIT { NAVCORE_OPEN_OPTIONS_VERSION, false, false }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_OPEN_OPTIONS_INIT does,
 * for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_OPEN_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_open_options_init(navcore_open_options *options, unsigned int version);

/**
 * Builds the whole stack from routes in one op, as navcore_open does, with options (SPEC §14,
 * §16.10).
 *
 * With `focus`, once the stack is built the same op brings `nav` to the front of its family,
 * walking from `nav` up to the root: a screen child that is not active is activated, its
 * parent pops to its host screen, the parent's modal is dismissed unless it is sticky (its
 * `dismiss_on_back` off: the walk stops there). Inner steps first, every step instant; other
 * children keep their stacks. A root or a modal has nothing to walk.
 *
 * @param nav the navigator
 * @param entries the routes and states, bottom to top
 * @param count how many entries (at least 1)
 * @param options its animation and focus; NULL = the defaults (instant, no focus)
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID at the call: `nav` is NULL, `count` is 0, `entries` or a route is
 *     NULL, a route or state is not valid UTF-8, `count`'s byte size overflows, or the options'
 *     version is unknown
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the new screens are the stack (and `nav` is in front, with `focus`)
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE a route is not registered when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED a factory failed: the screens made are released, the stack unchanged
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_open_with_options(navcore_navigator *nav, const navcore_route_entry *entries, size_t count,
                                          const navcore_open_options *options, navcore_done_fn done, void *ctx);

/**
 * Opens the stack a saved document describes (SPEC §14).
 *
 * The document is parsed at the call, then navcore_open is asked with its entries: the
 * completion and done callback name NAVCORE_OP_OPEN.
 *
 * @param nav the navigator
 * @param document a saved document: any RFC 8259 JSON text of exactly the saved shape
 * @param animated whether the change asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `document` is anything but a saved document
 *     (NULL, bad UTF-8, another shape): nothing is asked
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the document's screens are the stack
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE a route is not registered when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED a factory failed: the screens made are released, the stack unchanged
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_restore(navcore_navigator *nav, const char *document, bool animated, navcore_done_fn done, void *ctx);

/**
 * Rebuilds `nav`'s subtree from a saved tree (SPEC §16.10): new screens, new child navigators
 * and modals, every old child and modal torn down.
 *
 * The document (version 2, or version 1 as a tree of one) is parsed at the call, then an open
 * op is asked (NAVCORE_OP_OPEN). When it runs: every route is looked up in the navigator that
 * will hold it, then its ancestors (NAVCORE_OUTCOME_UNKNOWN_ROUTE, nothing changes); then, in
 * document order, the new navigators are made, each announced to its parent's navcore_on_child
 * callback before its screens are made, and the screens by their factories; a failing factory
 * undoes everything made, last made first. Else `nav`'s stack becomes its new screens (`set`
 * events), the new modal and children take their places, and the old modal and the old
 * screens' children are torn down.
 *
 * @param nav the navigator
 * @param tree a saved tree: any RFC 8259 JSON text of exactly navcore_save_tree's shape
 * @param animated whether the change asks for a transition
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, or `tree` is anything but a saved tree
 *     (NULL, bad UTF-8, another shape, an `active` index out of range): nothing is asked
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the document's screens and navigators are in place
 * @outcome NAVCORE_OUTCOME_UNKNOWN_ROUTE a route is not registered along the family when the op runs
 * @outcome NAVCORE_OUTCOME_FACTORY_FAILED a factory failed: everything made is undone, `nav` unchanged
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_restore_tree(navcore_navigator *nav, const char *tree, bool animated, navcore_done_fn done,
                                     void *ctx);

/* ---------------------------------------------------------------------------------------------
 * Families (SPEC §16): a navigator inside a screen of another (tabs, an embedded flow) or over
 * it as a modal. A root and its descendants share one queue, one lock and one driver; every
 * member keeps its handle, stack, screens, routes and callbacks. A family of one behaves as
 * sections 1–15 say. Callbacks: driving, as for any op.
 * ------------------------------------------------------------------------------------------- */

/** What navcore_activate does when the navigator is already its host screen's active child
 *  ("tap the selected tab again", SPEC §16.3). */
#define NAVCORE_RETAP_MAP(X)                                                                       \
    X(NAVCORE_RETAP_NONE, 0, "none")               /* nothing: the op ends noop (the default) */   \
    X(NAVCORE_RETAP_POP_TO_ROOT, 1, "pop_to_root") /* the navigator pops to its root */

typedef enum navcore_retap { NAVCORE_RETAP_MAP(NAVCORE_ENUMERATOR) } navcore_retap;

/** The navcore_attach_options layout this header declares (versioned as navcore_show_options). */
#define NAVCORE_ATTACH_OPTIONS_VERSION 1

/** `attach` options (SPEC §16.2): none is defined yet beside the version. */
typedef struct navcore_attach_options {
    unsigned int version; /* NAVCORE_ATTACH_OPTIONS_VERSION: which fields follow */
} navcore_attach_options;

/** The default options of this header's version. */
#define NAVCORE_ATTACH_OPTIONS_INIT { NAVCORE_ATTACH_OPTIONS_VERSION }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_ATTACH_OPTIONS_INIT
 * does, for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_ATTACH_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_attach_options_init(navcore_attach_options *options, unsigned int version);

/** The navcore_activate_options layout this header declares (versioned as navcore_show_options). */
#define NAVCORE_ACTIVATE_OPTIONS_VERSION 1

/** `activate` options (SPEC §16.3). */
typedef struct navcore_activate_options {
    unsigned int version; /* NAVCORE_ACTIVATE_OPTIONS_VERSION: which fields follow */
    bool animated;        /* default true: the retap's pop to the root asks for a transition */
    int retap;            /* a NAVCORE_RETAP_*; default NAVCORE_RETAP_NONE */
} navcore_activate_options;

/** The default options of this header's version. */
#define NAVCORE_ACTIVATE_OPTIONS_INIT { NAVCORE_ACTIVATE_OPTIONS_VERSION, true, NAVCORE_RETAP_NONE }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_ACTIVATE_OPTIONS_INIT
 * does, for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_ACTIVATE_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_activate_options_init(navcore_activate_options *options, unsigned int version);

/** The navcore_present_options layout this header declares (versioned as navcore_show_options). */
#define NAVCORE_PRESENT_OPTIONS_VERSION 1

/** `present` options (SPEC §16.4). */
typedef struct navcore_present_options {
    unsigned int version; /* NAVCORE_PRESENT_OPTIONS_VERSION: which fields follow */
    bool animated;        /* default true */
    bool covers;          /* default true: the modal hides its parent's front; false: an overlay */
    bool dismiss_on_back; /* default true: a back that reaches it with one screen dismisses it */
} navcore_present_options;

/** The default options of this header's version. */
#define NAVCORE_PRESENT_OPTIONS_INIT { NAVCORE_PRESENT_OPTIONS_VERSION, true, true, true }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_PRESENT_OPTIONS_INIT
 * does, for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_PRESENT_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_present_options_init(navcore_present_options *options, unsigned int version);

/** The navcore_dismiss_options layout this header declares (versioned as navcore_show_options). */
#define NAVCORE_DISMISS_OPTIONS_VERSION 1

/** `dismiss` options (SPEC §16.4). */
typedef struct navcore_dismiss_options {
    unsigned int version; /* NAVCORE_DISMISS_OPTIONS_VERSION: which fields follow */
    bool animated;        /* default true */
    const char *result;   /* UTF-8 result for the modal's bottom screen, or NULL (default): none */
} navcore_dismiss_options;

/** The default options of this header's version. */
#define NAVCORE_DISMISS_OPTIONS_INIT { NAVCORE_DISMISS_OPTIONS_VERSION, true, NULL }

/**
 * Writes the defaults of options `version` into `*options`, as NAVCORE_DISMISS_OPTIONS_INIT
 * does, for hosts that cannot use the macro (FFI).
 *
 * `version` is written as given, and only the bytes that version has. Callbacks: none.
 *
 * @param options the options to initialise
 * @param version the layout to write: pass NAVCORE_DISMISS_OPTIONS_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `options` is NULL, or `version` is one this library does not
 *     know (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_dismiss_options_init(navcore_dismiss_options *options, unsigned int version);

/**
 * Attaches the navigator `child` to the screen `screen` of `nav`, its parent (SPEC §16.2).
 *
 * Checked at the call, in this order; on success `child` joins `nav`'s family at once (one
 * queue, lock and driver from then on) and is the screen's child, last in attach order, bound
 * but not yet on screen; the op is queued like any op. When it runs, `child`'s own visible flag
 * comes on, it becomes the screen's active child if the screen has none, and its tops now on
 * screen get will_show and did_show (`appear`, instant). A child that shows a top on screen is
 * refused: the host hides it first (navcore_set_visible off, or creates it hidden). The handle
 * `child` stays valid until the child's teardown (navcore_leave, the release of its host
 * screen, the destroy of the root).
 *
 * @param nav the parent
 * @param screen a live screen of `nav`
 * @param child the navigator to attach: a root of another family, in the same dispatch mode
 * @param options the options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` or `child` is NULL, `child` is `nav`, the two were created
 *     with different dispatch modes, or `options->version` is unknown
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` or `child` was destroyed or torn down, or never was
 *     a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, or another navigator's
 * @retval NAVCORE_ERR_BUSY `child`'s family is busy, has queued ops or work in hand
 * @retval NAVCORE_ERR_STATE navcore has begun releasing `screen`; `child` has a parent or is
 *     `nav`'s root; or `child` shows a top on screen
 * @outcome NAVCORE_OUTCOME_COMPLETED the child is in place
 * @outcome NAVCORE_OUTCOME_INVALID the child or the screen was released before the op ran
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_attach(navcore_navigator *nav, uint64_t screen, navcore_navigator *child,
                               const navcore_attach_options *options, navcore_done_fn done, void *ctx);

/**
 * Makes `nav`, a navigator attached to a screen, that screen's active child (SPEC §16.3).
 *
 * When it runs: if `nav` is the active child already, nothing (noop), or with
 * NAVCORE_RETAP_POP_TO_ROOT a pop to its root as navcore_pop_to_root's (never the veto); else
 * the other child's tops on screen hide and `nav`'s appear, instant, in a push's order.
 *
 * @param nav the child
 * @param options the options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, `options->version` is unknown, or
 *     `options->retap` is no NAVCORE_RETAP_*
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @retval NAVCORE_ERR_STATE `nav` is a root or a modal
 * @outcome NAVCORE_OUTCOME_COMPLETED `nav` became active, or popped to its root on a retap
 * @outcome NAVCORE_OUTCOME_NOOP `nav` was active already (with a retap: it had one screen or none)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_activate(navcore_navigator *nav, const navcore_activate_options *options,
                                 navcore_done_fn done, void *ctx);

/**
 * Presents the navigator `modal` as `nav`'s modal (SPEC §16.4).
 *
 * Checked at the call as navcore_attach; on success `modal` joins `nav`'s family as one of its
 * pending modals. When it runs: if `nav` has a modal, the op ends invalid and `modal` is torn
 * down; else `modal` becomes `nav`'s modal, its visible flag comes on, `nav`'s tops that it
 * covers hide and its own appear (reason `present` for `nav`'s top and the modal's front-most
 * top), animated through `nav`'s animator (style NAVCORE_STYLE_PRESENT) when asked and possible.
 *
 * @param nav the parent
 * @param modal the navigator to present: a root of another family, in the same dispatch mode
 * @param options the options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` or `modal` is NULL, `modal` is `nav`, the two were created
 *     with different dispatch modes, or `options->version` is unknown
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` or `modal` was destroyed or torn down, or never was
 *     a navigator
 * @retval NAVCORE_ERR_BUSY `modal`'s family is busy, has queued ops or work in hand
 * @retval NAVCORE_ERR_STATE `modal` has a parent or is `nav`'s root, or shows a top on screen
 * @outcome NAVCORE_OUTCOME_COMPLETED the modal is presented
 * @outcome NAVCORE_OUTCOME_INVALID `nav` had a modal when the op ran (`modal` is torn down)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_present(navcore_navigator *nav, navcore_navigator *modal, const navcore_present_options *options,
                                navcore_done_fn done, void *ctx);

/**
 * Dismisses `nav`'s modal (SPEC §16.4): its tops hide and `nav`'s come back (reason `dismiss`),
 * animated through `nav`'s animator (style NAVCORE_STYLE_DISMISS) when asked and possible,
 * then the modal is torn down: its queued ops end aborted, its screens are released, its
 * handle dies.
 *
 * A result given becomes the result of the modal's bottom screen before the first event, as
 * navcore_pop_with_result's does.
 *
 * @param nav the parent
 * @param options the options; NULL = the defaults
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL, `options->version` is unknown, or
 *     `options->result` is not valid UTF-8
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @outcome NAVCORE_OUTCOME_COMPLETED the modal was dismissed and torn down
 * @outcome NAVCORE_OUTCOME_NOOP `nav` had no modal (no result is set)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_dismiss(navcore_navigator *nav, const navcore_dismiss_options *options, navcore_done_fn done,
                                void *ctx);

/**
 * `nav`, a navigator attached to a screen, leaves it (SPEC §16.7): its tops on screen hide
 * (`disappear`, instant), then it is torn down — its queued ops end aborted, its screens are
 * released, its handle dies — and its host screen has no active child if it was that one.
 *
 * The parent's stack never changes. The op's `done` is `nav`'s, delivered although its handle
 * is already dead; its registrations' ctx destructors run after it.
 *
 * @param nav the child
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @retval NAVCORE_ERR_STATE `nav` is a root or a modal
 * @outcome NAVCORE_OUTCOME_COMPLETED `nav` left and was torn down
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_leave(navcore_navigator *nav, navcore_done_fn done, void *ctx);

/**
 * The parent of `nav` (SPEC §16.9): the navigator whose screen it is attached to or which
 * presented it; NULL for a root.
 *
 * The handle written is the one navcore_navigator_create returned for that navigator
 * (borrowed: valid until its teardown, never freed by the caller).
 *
 * @param out receives the parent's handle, or NULL
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_parent(navcore_navigator **out, navcore_navigator *nav);

/**
 * The presented modal of `nav`, or NULL (a pending one, or one being dismissed, is not it).
 *
 * @param out receives the modal's handle (borrowed), or NULL
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_modal(navcore_navigator **out, navcore_navigator *nav);

/**
 * The active child of `screen`, a live screen of `nav`, or NULL (SPEC §16.3).
 *
 * @param out receives the child's handle (borrowed), or NULL
 * @param nav the navigator
 * @param screen a live screen of `nav`
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, or another navigator's
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_active_child(navcore_navigator **out, navcore_navigator *nav, uint64_t screen);

/**
 * The navigator a back asked of `nav` now would act on (SPEC §16.6) — for a dismissal, the
 * modal — or NULL when the back would be a noop.
 *
 * @param out receives the target's handle (borrowed), or NULL
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_back_target(navcore_navigator **out, navcore_navigator *nav);

/**
 * The screen of its parent that `nav` is attached to; 0 for a root or a modal.
 *
 * @param out receives the screen's id, or 0
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_host_screen(uint64_t *out, navcore_navigator *nav);

/**
 * Whether `nav` is a modal, pending or presented.
 *
 * @param out receives the answer
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_is_modal(bool *out, navcore_navigator *nav);

/**
 * Whether `nav` is on screen (SPEC §16.5): placed in its family's front, its own visible flag
 * on, not covered by a modal. For a family of one, navcore_is_visible.
 *
 * @param out receives the answer
 * @param nav the navigator
 * @retval NAVCORE_OK `*out` is set
 * @retval NAVCORE_ERR_INVALID `out` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_is_on_screen(bool *out, navcore_navigator *nav);

/**
 * Copies up to `capacity` handles of the children attached to `screen`, a live screen of
 * `nav`, in attach order, in one consistent read (as navcore_stack_copy).
 *
 * @param out_count receives the full count
 * @param buffer receives the handles (borrowed); may be NULL when `capacity` is 0
 * @param capacity how many handles `buffer` holds
 * @param nav the navigator
 * @param screen a live screen of `nav`
 * @retval NAVCORE_OK copied
 * @retval NAVCORE_ERR_INVALID `out_count` or `nav` is NULL, or `buffer` is NULL with a
 *     non-zero `capacity`
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed or torn down, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN `screen` is dead, 0, or another navigator's
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_children_copy(size_t *out_count, navcore_navigator **buffer, size_t capacity,
                                      navcore_navigator *nav, uint64_t screen);

/* ---------------------------------------------------------------------------------------------
 * Requests: every op as one value (SPEC §2), asked through one function, navcore_ask. Each
 * function above that asks an op is navcore_ask with a request of its arguments
 * (NAVCORE_REQUEST_MAP): a host that routes its ops through one place (a queue of its own, a
 * binding, a script) builds requests instead. Callbacks: driving, as for the op asked (the
 * gesture: here).
 * ------------------------------------------------------------------------------------------- */

/** The navcore_request layout this header declares. A minor version that adds ops or fields
 *  (at the end) raises it; the library accepts every version up to its own and reads only the
 *  fields of the version given (those a version lacks keep their defaults). */
#define NAVCORE_REQUEST_VERSION 2

/**
 * One op and its arguments, for navcore_ask: `op` says which op, and which fields it reads
 * (NAVCORE_REQUEST_MAP names them); the other fields are not read. A versioned struct like
 * navcore_show_options: start from NAVCORE_REQUEST_INIT or navcore_request_init(), set `op`
 * (-1 there: none) and the op's fields. An unknown `version` or `op` is NAVCORE_ERR_INVALID at
 * the call. The fields are flat rather than a union of one struct per op: a field means the
 * same for every op that reads it (`screen`, `animated`, `result`), so a new op reuses the
 * fields it shares and appends the others, and each version's layout stays a prefix of the
 * next (ABI policy above), with no union whose size a new op could outgrow. Strings and arrays
 * are borrowed for the call.
 */
typedef struct navcore_request {
    unsigned int version;                     /* NAVCORE_REQUEST_VERSION: which fields follow */
    int op;                                   /* a NAVCORE_OP_*: the op asked */
    uint64_t screen;                          /* push: the detached screen; pop_to: the screen that stays top */
    const uint64_t *screens;                  /* set: the new stack, `count` ids bottom to top */
    size_t count;                             /* set: how many `screens`; open: how many `entries` */
    bool animated;                            /* push, pop, pop_to, pop_to_root, set, back, open: ask for a transition */
    bool visible;                             /* visible: whether the navigator is on screen */
    const char *result;                       /* pop: the popped screen's result, UTF-8; NULL for none */
    navcore_run_fn block;                     /* run: the code block; it gets navcore_ask's `ctx` */
    const char *route;                        /* show: the route's name, UTF-8 */
    const navcore_show_options *show_options; /* show: its options (with `animated`); NULL = the defaults */
    const navcore_route_entry *entries;       /* open: `count` routes and states, bottom to top */
    const char *document;                     /* open: a saved document, parsed at the call, instead of `entries` */
    navcore_navigator *child;                 /* version 2. attach: the child; present: the modal */
    const navcore_attach_options *attach_options;     /* attach: its options; NULL = the defaults */
    const navcore_activate_options *activate_options; /* activate: its options; NULL = the defaults */
    const navcore_present_options *present_options;   /* present: its options; NULL = the defaults */
    const navcore_dismiss_options *dismiss_options;   /* dismiss: its options; NULL = the defaults */
    const navcore_open_options *open_options; /* open: its options (with `animated`); NULL = `animated` and no focus */
    const char *tree;                         /* open: a saved tree, parsed at the call, instead of `entries` (restore_tree) */
} navcore_request;

/** The empty request of this header's version: no op (-1), every other field 0, false or NULL. */
#define NAVCORE_REQUEST_INIT                                                                       \
    { NAVCORE_REQUEST_VERSION, -1, 0, NULL, 0, false, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, \
      NULL, NULL, NULL }

/**
 * Sets `*request` to `version`'s empty request, as NAVCORE_REQUEST_INIT does, for hosts that
 * cannot use the macro (FFI).
 *
 * `op` is -1 (none), every other field 0, false or NULL, and `version` is written as given, only
 * the bytes that version has. Callbacks: none.
 *
 * @param request the request to initialise
 * @param version the layout to write: pass NAVCORE_REQUEST_VERSION
 * @retval NAVCORE_OK initialised
 * @retval NAVCORE_ERR_INVALID `request` is NULL, or `version` is one this library does not know
 *     (then nothing is written)
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_request_init(navcore_request *request, unsigned int version);

/**
 * Asks the op `request` describes: what the op's function of NAVCORE_REQUEST_MAP does with
 * the same arguments, with the same statuses, events and completion.
 *
 * An op reads the fields of its rows in NAVCORE_REQUEST_MAP; `open` takes either `entries` and
 * `count` or a `document` (then `entries` is NULL and `count` 0), as navcore_open and
 * navcore_restore do. `request` is read during the call only. Callbacks: driving, or here for
 * the gesture.
 *
 * @param nav the navigator
 * @param request the op and its arguments
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`, and to a `run` op's block
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `nav` or `request` is NULL, `request->version` or `request->op`
 *     is unknown, or a field the op reads is invalid as its function's argument would be
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN a screen the op names is dead, 0, unknown, or another
 *     navigator's
 * @retval NAVCORE_ERR_BUSY the gesture: an op runs or waits
 * @retval NAVCORE_ERR_STATE the gesture: the navigator is hidden, or has no animator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_ask(navcore_navigator *nav, const navcore_request *request, navcore_done_fn done, void *ctx);

/** What navcore_ask_outcome writes when the op has not ended by the time the call returns:
 *  its `done` reports the outcome instead. No outcome has this value. */
#define NAVCORE_OUTCOME_NONE (-1)

/**
 * Asks the op `request` describes, as navcore_ask does, and returns its outcome here when the
 * op ends before the call returns; then `done` is not called.
 *
 * Exactly one of the two reports the op's outcome: `*out_outcome`, when the op ended before
 * this call returned (inline dispatch, nothing animated, nothing queued before it: the op ran
 * here to its end; or another thread's driver ended it meanwhile), or else `done`, called when
 * the op ends, as navcore_ask's is, and `*out_outcome` is NAVCORE_OUTCOME_NONE. The choice is
 * one atomic exchange between this call's return and the op's end, so it holds when another
 * thread ends the op concurrently. The `done` observers (navcore_on_done, observers) hear the
 * op as always, at its `done` event; the out-parameter arrives later, when the call returns
 * (after the op's `action idle`, and after the ops that ran behind it in the same call). This
 * spares a host whose callbacks are costly (an interpreter's) one callback per op that ends in
 * its call. Each call holds a small record until the op has reported (freed then, or when the
 * call fails). `request` is read during the call only. Callbacks: driving, or here for the
 * gesture (as navcore_ask).
 *
 * @param out_outcome receives the op's NAVCORE_OUTCOME_*, or NAVCORE_OUTCOME_NONE when `done`
 *     will report it
 * @param nav the navigator
 * @param request the op and its arguments
 * @param done receives the op's outcome when it ends after the call returned (may be NULL)
 * @param ctx passed to `done`, and to a `run` op's block
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID `out_outcome`, `nav` or `request` is NULL, `request->version` or
 *     `request->op` is unknown, or a field the op reads is invalid as its function's argument
 *     would be
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @retval NAVCORE_ERR_NO_SUCH_SCREEN a screen the op names is dead, 0, unknown, or another
 *     navigator's
 * @retval NAVCORE_ERR_BUSY the gesture: an op runs or waits
 * @retval NAVCORE_ERR_STATE the gesture: the navigator is hidden, or has no animator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_ask_outcome(int *out_outcome, navcore_navigator *nav, const navcore_request *request,
                                    navcore_done_fn done, void *ctx);

/**
 * The ops and the functions that ask them, one X(op, function, (fields…)) per function: its
 * NAVCORE_OP_*, its name, and the navcore_request fields its parameters fill, in order (those
 * between `nav` and `done, ctx`). Each function is navcore_ask with those fields; an op reads
 * the fields of all its rows. scripts/generate.py reads this table to write the library's
 * functions of the ops, the engine's table of ops, the Swift and Python methods, the scenario
 * runners' commands and the fuzzer's `ask` (docs/generated.md); a C host may make tables of its
 * own from it.
 */
#define NAVCORE_REQUEST_MAP(X)                                                                     \
    X(NAVCORE_OP_PUSH, navcore_push, (screen, animated))                                           \
    X(NAVCORE_OP_POP, navcore_pop, (animated))                                                     \
    X(NAVCORE_OP_POP, navcore_pop_with_result, (animated, result))                                 \
    X(NAVCORE_OP_POP_TO, navcore_pop_to, (screen, animated))                                       \
    X(NAVCORE_OP_POP_TO_ROOT, navcore_pop_to_root, (animated))                                     \
    X(NAVCORE_OP_SET, navcore_set_stack, (screens, count, animated))                               \
    X(NAVCORE_OP_BACK, navcore_back, (animated))                                                   \
    X(NAVCORE_OP_GESTURE, navcore_gesture_begin, ())                                               \
    X(NAVCORE_OP_RUN, navcore_run, (block))                                                        \
    X(NAVCORE_OP_VISIBLE, navcore_set_visible, (visible))                                          \
    X(NAVCORE_OP_SHOW, navcore_show, (route, show_options))                                        \
    X(NAVCORE_OP_SHOW, navcore_post, (route, show_options))                                        \
    X(NAVCORE_OP_OPEN, navcore_open, (entries, count, animated))                                   \
    X(NAVCORE_OP_OPEN, navcore_restore, (document, animated))                                     \
    X(NAVCORE_OP_OPEN, navcore_open_with_options, (entries, count, open_options))                 \
    X(NAVCORE_OP_OPEN, navcore_restore_tree, (tree, animated))                                    \
    X(NAVCORE_OP_ATTACH, navcore_attach, (screen, child, attach_options))                          \
    X(NAVCORE_OP_ACTIVATE, navcore_activate, (activate_options))                                   \
    X(NAVCORE_OP_PRESENT, navcore_present, (child, present_options))                               \
    X(NAVCORE_OP_DISMISS, navcore_dismiss, (dismiss_options))                                      \
    X(NAVCORE_OP_LEAVE, navcore_leave, ())

/* ---------------------------------------------------------------------------------------------
 * Queries (SPEC §9: consistent at every call; inside a callback, the state at that event).
 * Callbacks: none.
 * ------------------------------------------------------------------------------------------- */

/**
 * The number of screens in the stack.
 *
 * @param out_count receives the count
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_count` is set
 * @retval NAVCORE_ERR_INVALID `out_count` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_stack_count(size_t *out_count, navcore_navigator *nav);
/**
 * The screen at `index` (0 = root).
 *
 * @param out_screen receives its id
 * @param nav the navigator
 * @param index the position, from the root
 * @retval NAVCORE_OK `*out_screen` is set
 * @retval NAVCORE_ERR_INVALID `out_screen` or `nav` is NULL, or `index` is out of range
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_stack_get(uint64_t *out_screen, navcore_navigator *nav, size_t index);
/**
 * Copies up to `capacity` ids of the stack, bottom to top, in one consistent read.
 *
 * @param out_count receives the full count
 * @param buffer receives the ids; may be NULL when `capacity` is 0
 * @param capacity how many ids `buffer` holds
 * @param nav the navigator
 * @retval NAVCORE_OK copied
 * @retval NAVCORE_ERR_INVALID `out_count` or `nav` is NULL, or `buffer` is NULL with a
 *     non-zero `capacity`
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_stack_copy(size_t *out_count, uint64_t *buffer, size_t capacity, navcore_navigator *nav);
/**
 * The top screen, 0 when the stack is empty.
 *
 * @param out_screen receives its id
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_screen` is set
 * @retval NAVCORE_ERR_INVALID `out_screen` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_top(uint64_t *out_screen, navcore_navigator *nav);
/**
 * The root screen, 0 when the stack is empty.
 *
 * @param out_screen receives its id
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_screen` is set
 * @retval NAVCORE_ERR_INVALID `out_screen` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_root(uint64_t *out_screen, navcore_navigator *nav);
/**
 * The action state.
 *
 * @param out_state receives a NAVCORE_ACTION_*
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_state` is set
 * @retval NAVCORE_ERR_INVALID `out_state` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_action_state(int *out_state, navcore_navigator *nav);
/**
 * Whether an op is in flight.
 *
 * @param out_busy receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_busy` is set
 * @retval NAVCORE_ERR_INVALID `out_busy` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_is_busy(bool *out_busy, navcore_navigator *nav);
/**
 * How many ops wait in the queue (the op in flight not counted).
 *
 * @param out_count receives the count
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_count` is set
 * @retval NAVCORE_ERR_INVALID `out_count` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_pending_count(size_t *out_count, navcore_navigator *nav);
/**
 * Whether the navigation bar is shown.
 *
 * @param out_shown receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_shown` is set
 * @retval NAVCORE_ERR_INVALID `out_shown` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_is_bar_shown(bool *out_shown, navcore_navigator *nav);
/**
 * Whether the navigator is on screen (SPEC §7).
 *
 * @param out_visible receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_visible` is set
 * @retval NAVCORE_ERR_INVALID `out_visible` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_is_visible(bool *out_visible, navcore_navigator *nav);
/**
 * Idle, nothing queued, at least two screens: a back button or gesture would pop now (the veto
 * is not asked).
 *
 * @param out_can receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_can` is set
 * @retval NAVCORE_ERR_INVALID `out_can` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_can_go_back(bool *out_can, navcore_navigator *nav);
/**
 * The id of the transition waiting for the host, 0 if none.
 *
 * @param out_id receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_id` is set
 * @retval NAVCORE_ERR_INVALID `out_id` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 */
NAVCORE_API int navcore_transition_current(uint64_t *out_id, navcore_navigator *nav);
/**
 * The decision a `back` waits for (SPEC §13), 0 if none: the id its deferrable veto received
 * and answered NAVCORE_VETO_LATER with.
 *
 * It is set once the veto has returned (0 inside it) and cleared by navcore_decide or destroy.
 * While it is set the navigator is busy with no transition, its action state is idle and the
 * ops asked meanwhile are pending behind the back: this tells that wait for the host's answer
 * apart from an op at work.
 *
 * @param out_decision receives it
 * @param nav the navigator
 * @retval NAVCORE_OK `*out_decision` is set
 * @retval NAVCORE_ERR_INVALID `out_decision` or `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.1
 */
NAVCORE_API int navcore_pending_decision(uint64_t *out_decision, navcore_navigator *nav);

/* ---------------------------------------------------------------------------------------------
 * Deprecated names: functions of the first 1.0 builds, renamed or replaced since (docs/c-api.md,
 * "Deprecated names"). Each does what the function it names does, with the same statuses and
 * callbacks, so a program built against the first header keeps linking and working; the
 * compiler warns at each use (NAVCORE_DEPRECATED), and 2.0 removes them.
 * ------------------------------------------------------------------------------------------- */

/**
 * navcore_on_transition's first name.
 *
 * @param nav the navigator
 * @param fn the animator; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 * @deprecated use navcore_on_transition
 */
NAVCORE_DEPRECATED("use navcore_on_transition")
NAVCORE_API int navcore_set_animator(navcore_navigator *nav, navcore_transition_fn fn, void *ctx, navcore_destroy_fn destroy);

/**
 * navcore_on_pop_veto's first name.
 *
 * @param nav the navigator
 * @param fn the veto; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 * @deprecated use navcore_on_pop_veto
 */
NAVCORE_DEPRECATED("use navcore_on_pop_veto")
NAVCORE_API int navcore_set_pop_veto(navcore_navigator *nav, navcore_veto_fn fn, void *ctx, navcore_destroy_fn destroy);

/**
 * navcore_on_pop_veto_deferrable's first name.
 *
 * @param nav the navigator
 * @param fn the veto; NULL removes it
 * @param ctx passed to `fn`
 * @param destroy destroys `ctx` once the registration ends (may be NULL)
 * @retval NAVCORE_OK registered (or removed)
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 * @deprecated use navcore_on_pop_veto_deferrable
 */
NAVCORE_DEPRECATED("use navcore_on_pop_veto_deferrable")
NAVCORE_API int navcore_set_pop_veto_deferrable(navcore_navigator *nav, navcore_deferrable_veto_fn fn, void *ctx,
                                                navcore_destroy_fn destroy);

/** The show options as the first 1.0 builds laid them out, before they were versioned (`recycle`
 *  true meant NAVCORE_RECYCLE_ANY, false NAVCORE_RECYCLE_NONE). Only navcore_show_recycling
 *  reads it; navcore_show and navcore_post take a navcore_show_options. */
typedef struct navcore_legacy_show_options {
    bool animated;
    bool remove_current;
    bool recycle; /* not read: navcore_show_recycling's `recycle` argument replaces it */
    const char *payload;
} navcore_legacy_show_options;

/**
 * navcore_show with the first builds' options and `recycle`.
 *
 * @param nav the navigator
 * @param route the route's name, UTF-8
 * @param options the show's options; NULL = the defaults: instant, remove_current, no payload
 * @param recycle a NAVCORE_RECYCLE_*
 * @param done receives the op's outcome (may be NULL)
 * @param ctx passed to `done`
 * @retval NAVCORE_OK the op started at once
 * @retval NAVCORE_QUEUED the op waits in the queue
 * @retval NAVCORE_ERR_INVALID at the call: `nav` or `route` is NULL, `route` or the payload is
 *     not valid UTF-8, or `recycle` is not a NAVCORE_RECYCLE_*
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator
 * @waits never
 * @since 1.0
 * @deprecated use navcore_show with navcore_show_options.recycle
 */
NAVCORE_DEPRECATED("use navcore_show with navcore_show_options.recycle")
NAVCORE_API int navcore_show_recycling(navcore_navigator *nav, const char *route, const navcore_legacy_show_options *options,
                                       int recycle, navcore_done_fn done, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* NAVCORE_H */
