/* How navcore's C callbacks reach JavaScript in navcore.wasm.
 *
 * A C callback is a function pointer, which in WebAssembly is an index into the module's table,
 * and a JavaScript function cannot be put there portably. So the module carries one small
 * trampoline per callback type of include/navcore.h, and each calls the one imported JavaScript
 * function navcore.dispatch with its kind, the registration's ctx and its arguments. The
 * binding registers these trampolines, with a ctx that is an integer key of its own, and finds
 * the JavaScript callback by that key; the destroy trampoline tells it when a key is free again.
 *
 * dispatch(kind, ctx, screen, object, a, b, c, wide, number) -> int: `screen` is the screen (or
 * transition) id, `object` the host object (the factory's out-parameter), `wide` a second id
 * (the decision), `number` the progress; a, b and c carry the rest, in the order the callback
 * type lists them (ints and bools as they are, pointers as addresses into memory). What each
 * kind passes is written beside its trampoline; the return value matters to the factory and
 * the veto only. The binding learns the kinds' names and trampolines from the two exports at the
 * end, so this file is their one definition. */

#include <stddef.h>
#include <stdint.h>

#include <navcore.h>

__attribute__((import_module("navcore"), import_name("dispatch"))) int32_t navcore_js_dispatch(
    int32_t kind, void *ctx, uint64_t screen, void *object, intptr_t a, intptr_t b, intptr_t c, uint64_t wide,
    double number);

/* Every callback type, in the order of their kinds. */
#define NAVCORE_JS_CALLBACKS(X) \
    X(done)                     \
    X(run)                      \
    X(transition)               \
    X(factory)                  \
    X(destroy)                  \
    X(action)                   \
    X(appearance)               \
    X(progress)                 \
    X(bar)                      \
    X(payload)                  \
    X(release)                  \
    X(wakeup)                   \
    X(deferrable_veto)          \
    X(result)                   \
    X(child)

#define NAVCORE_JS_KIND(name) KIND_##name,
enum { NAVCORE_JS_CALLBACKS(NAVCORE_JS_KIND) KIND_COUNT };

/* The layouts the binding reads (bindings/js/lib/memory.js) at these offsets. */
_Static_assert(offsetof(navcore_transition, style) == 8 && offsetof(navcore_transition, from) == 16 &&
                   offsetof(navcore_transition, to) == 24 && offsetof(navcore_transition, interactive) == 40 &&
                   offsetof(navcore_transition, from_navigator) == 44 && offsetof(navcore_transition, to_navigator) == 48,
               "navcore_transition's layout changed: update bindings/js/lib/memory.js");
_Static_assert(offsetof(navcore_action_event, appearing) == 8 && offsetof(navcore_action_event, disappearing) == 16 &&
                   offsetof(navcore_action_event, disappearing_count) == 20 &&
                   offsetof(navcore_action_event, animated) == 24,
               "navcore_action_event's layout changed: update bindings/js/lib/memory.js");
_Static_assert(sizeof(navcore_show_options) == 16 && offsetof(navcore_show_options, remove_current) == 5 &&
                   offsetof(navcore_show_options, recycle) == 8 && offsetof(navcore_show_options, payload) == 12,
               "navcore_show_options' layout changed: update bindings/js/lib/memory.js");
_Static_assert(sizeof(navcore_route_entry) == 8, "navcore_route_entry's layout changed: update bindings/js/lib/memory.js");

#define DISPATCH(kind, ctx, screen, object, a, b, c, wide, number) \
    navcore_js_dispatch(KIND_##kind, ctx, screen, object, (intptr_t)(a), (intptr_t)(b), (intptr_t)(c), wide, number)

/* a = op, b = outcome */
static void done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav;
    DISPATCH(done, ctx, 0, NULL, op, outcome, 0, 0, 0);
}

static void run(navcore_navigator *nav, void *ctx) {
    (void)nav;
    DISPATCH(run, ctx, 0, NULL, 0, 0, 0, 0, 0);
}

/* a = the navcore_transition */
static void transition(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    DISPATCH(transition, ctx, 0, NULL, t, 0, 0, 0, 0);
}

/* screen, object = the out-parameter, a = route, b = payload, c = the navigator that will own the
 * screen (a family member, for a route inherited from the registering one: SPEC §16.1); returns 0
 * when it made the object */
static int factory(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                   void *ctx) {
    return DISPATCH(factory, ctx, screen, out_object, route, payload, nav, 0, 0);
}

static void destroy(void *ctx) { DISPATCH(destroy, ctx, 0, NULL, 0, 0, 0, 0, 0); }

/* a = the navcore_action_event */
static void action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    DISPATCH(action, ctx, 0, NULL, event, 0, 0, 0, 0);
}

/* screen, object, a = phase, b = reason, c = animated */
static void appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                       void *ctx) {
    (void)nav;
    DISPATCH(appearance, ctx, screen, object, phase, reason, animated, 0, 0);
}

/* screen = the transition, number = the progress */
static void progress(navcore_navigator *nav, uint64_t transition_id, double value, void *ctx) {
    (void)nav;
    DISPATCH(progress, ctx, transition_id, NULL, 0, 0, 0, 0, value);
}

/* a = shown, b = animated */
static void bar(navcore_navigator *nav, bool shown, bool animated, void *ctx) {
    (void)nav;
    DISPATCH(bar, ctx, 0, NULL, shown, animated, 0, 0, 0);
}

/* screen, object, a = the payload */
static void payload(navcore_navigator *nav, uint64_t screen, void *object, const char *text, void *ctx) {
    (void)nav;
    DISPATCH(payload, ctx, screen, object, text, 0, 0, 0, 0);
}

/* screen, object, a = the route */
static void release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav;
    DISPATCH(release, ctx, screen, object, route, 0, 0, 0, 0);
}

static void wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav;
    DISPATCH(wakeup, ctx, 0, NULL, 0, 0, 0, 0, 0);
}

/* screen, object, a = by_gesture, wide = the decision; returns a NAVCORE_VETO_* */
static int deferrable_veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, uint64_t decision,
                           void *ctx) {
    (void)nav;
    return DISPATCH(deferrable_veto, ctx, screen, object, by_gesture, 0, 0, decision, 0);
}

/* screen, object, a = the result (NULL for none) */
static void result(navcore_navigator *nav, uint64_t screen, void *object, const char *text, void *ctx) {
    (void)nav;
    DISPATCH(result, ctx, screen, object, text, 0, 0, 0, 0);
}

/* screen (0: a modal), object = the new navigator's handle */
static void child(navcore_navigator *nav, uint64_t screen, navcore_navigator *made, void *ctx) {
    (void)nav;
    DISPATCH(child, ctx, screen, made, 0, 0, 0, 0, 0);
}

#define NAVCORE_JS_NAME(name) #name,
#define NAVCORE_JS_POINTER(name) (uintptr_t)name,

/** The name of callback kind `kind` ("done", "deferrable_veto", …), NULL past the last. */
const char *navcore_js_callback_name(int kind) {
    static const char *const names[] = {NAVCORE_JS_CALLBACKS(NAVCORE_JS_NAME)};
    return kind >= 0 && kind < KIND_COUNT ? names[kind] : NULL;
}

/** The trampoline of callback kind `kind`: the function pointer to pass for it (its index in
 *  the module's table), 0 past the last. */
uintptr_t navcore_js_callback(int kind) {
    static const uintptr_t pointers[] = {NAVCORE_JS_CALLBACKS(NAVCORE_JS_POINTER)};
    return kind >= 0 && kind < KIND_COUNT ? pointers[kind] : 0;
}
