/*
 * The navigator's callbacks: every one a libffi closure whose user_data is the scenario's
 * session. They format SPEC §11 trace lines exactly as Sources/ScenarioKit/TraceFormat.swift
 * and fire `on …:` hooks as ScenarioSession.record does. Besides the trace they check what
 * the header promises the host: each callback gets its own ctx back (never after that ctx's
 * destructor), each screen's object is the one given to navcore, each screen is released once,
 * a result listener runs while its screen is live (once: its ctx is destroyed after the call),
 * the veto gets a non-zero decision id, each accepted op completes once and each accepted
 * registration's ctx (a `listen` included) is destroyed once.
 */
#include "session.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CLOSURE_AS(navcore_action_fn, as_action_fn)
CLOSURE_AS(navcore_appearance_fn, as_appearance_fn)
CLOSURE_AS(navcore_progress_fn, as_progress_fn)
CLOSURE_AS(navcore_bar_fn, as_bar_fn)
CLOSURE_AS(navcore_payload_fn, as_payload_fn)
CLOSURE_AS(navcore_release_fn, as_release_fn)
CLOSURE_AS(navcore_done_fn, as_done_fn)
CLOSURE_AS(navcore_wakeup_fn, as_wakeup_fn)
CLOSURE_AS(navcore_transition_fn, as_transition_fn)
CLOSURE_AS(navcore_deferrable_veto_fn, as_veto_fn)
CLOSURE_AS(navcore_result_fn, as_result_fn)
CLOSURE_AS(navcore_run_fn, as_run_fn)
CLOSURE_AS(navcore_factory_fn, as_factory_fn)
CLOSURE_AS(navcore_destroy_fn, as_destroy_fn)

/* The spec's names of the header's phases and styles, by value, made from its X-macro lists. */
#define NAME_AT(constant, value, name) [value] = name,
static const char *const phase_names[] = {NAVCORE_PHASE_MAP(NAME_AT)};
static const char *const style_names[] = {NAVCORE_STYLE_MAP(NAME_AT)};
#define PHASE_COUNT (int)(sizeof phase_names / sizeof *phase_names)
#define STYLE_COUNT (int)(sizeof style_names / sizeof *style_names)

static const char *flag(bool animated) { return animated ? "animated" : "instant"; }

/* A failure that no scenario line causes: the library broke a promise of the header. */
static void broken(session *s, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void broken(session *s, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    char *message = xvasprintf(format, arguments);
    va_end(arguments);
    sv_push(&s->failures, xasprintf("navcore broke the C contract: %s", message));
    free(message);
}

/* Each callback gets the navigator's handle and its own, still live, ctx. */
static void check_call(session *s, const char *what, navcore_navigator *nav, void *ctx) {
    const ctx_token *token = ctx;
    if (nav != s->nav) broken(s, "%s got handle %p, not %p", what, (void *)nav, (void *)s->nav);
    if (!token || strcmp(token->what, what) != 0) broken(s, "%s got another callback's ctx", what);
    else if (token->destroyed) broken(s, "%s was called after its ctx was destroyed", what);
}

/* A screen an event names: the runner has now seen it (Swift's `screens`); its object must be
 * the one the runner gave. */
static void seen(session *s, const char *what, uint64_t id, const void *object, bool check_object) {
    if (!id) return;
    screen_entry *e = session_entry(s, id);
    e->known = true;
    if (check_object && object != e->object)
        broken(s, "%s passed object %p for screen #%llu, not %p", what, object, (unsigned long long)id,
               (void *)e->object);
}

void events_record(session *s, unsigned category, char *text) {
    if (!s->recording) {
        free(text);
        return;
    }
    strvec words = split_words(text);
    if (s->categories & category) sv_push(&s->trace, text);
    else free(text);
    /* Every hook the line matches, marked fired before the first one runs. */
    size_t *matching = xmalloc((s->hook_count + 1) * sizeof *matching), count = 0;
    for (size_t i = 0; i < s->hook_count; i++) {
        hook *h = &s->hooks[i];
        if (h->fired || h->event.count > words.count) continue;
        size_t k = 0;
        while (k < h->event.count && strcmp(h->event.items[k], words.items[k]) == 0) k++;
        if (k < h->event.count) continue;
        h->fired = true;
        matching[count++] = i;
    }
    sv_free(&words);
    /* In file order; a hook's words stay put even if the hook list grows meanwhile (re-read
     * the list each time: it may have moved). */
    for (size_t i = 0; i < count; i++) {
        strvec command = s->hooks[matching[i]].command;
        session_execute(s, &command, s->hooks[matching[i]].line);
    }
    free(matching);
}

/* ---- handlers (libffi calls them with pointers to the arguments) --------------------------- */

static void on_action(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    const navcore_action_event *event = ARG(const navcore_action_event *, args, 1);
    check_call(s, "action", ARG(navcore_navigator *, args, 0), ARG(void *, args, 2));
    seen(s, "action", event->appearing, NULL, false);
    for (size_t i = 0; i < event->disappearing_count; i++) seen(s, "action", event->disappearing[i], NULL, false);
    if (event->state == NAVCORE_ACTION_IDLE) {
        events_record(s, CAT_ACTION, xstrdup("action idle"));
        return;
    }
    strvec words = {0};
    sv_push(&words, xstrdup("action"));
    sv_push(&words, xstrdup(navcore_action_string(event->state)));
    if (event->appearing) {
        char *label = session_label(s, event->appearing);
        sv_push(&words, xasprintf("+%s", label));
        free(label);
    }
    for (size_t i = 0; i < event->disappearing_count; i++) {
        char *label = session_label(s, event->disappearing[i]);
        sv_push(&words, xasprintf("-%s", label));
        free(label);
    }
    sv_push(&words, xstrdup(flag(event->animated)));
    char *text = sv_join(words.items, words.count, " ");
    sv_free(&words);
    events_record(s, CAT_ACTION, text);
}

static void on_appearance(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    int phase = ARG(int, args, 1);
    uint64_t screen = ARG(uint64_t, args, 2);
    const char *phase_name = phase >= 0 && phase < PHASE_COUNT ? phase_names[phase] : "unknown";
    check_call(s, phase_name, ARG(navcore_navigator *, args, 0), ARG(void *, args, 6));
    seen(s, phase_name, screen, ARG(void *, args, 3), true);
    char *label = session_label(s, screen);
    events_record(s, CAT_SHOW, xasprintf("%s %s %s %s", phase_name, label,
                                         navcore_reason_string(ARG(int, args, 4)), flag(ARG_BOOL(args, 5))));
    free(label);
}

static void on_transition(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    const navcore_transition *t = ARG(const navcore_transition *, args, 1);
    check_call(s, "animator", ARG(navcore_navigator *, args, 0), ARG(void *, args, 2));
    s->last_transition = t->id; /* before the trace line, as the Swift front calls the animator first */
    seen(s, "animator", t->from, t->from_object, true);
    seen(s, "animator", t->to, t->to_object, true);
    char *from = session_label(s, t->from), *to = session_label(s, t->to);
    const char *style = t->style >= 0 && t->style < STYLE_COUNT ? style_names[t->style] : "unknown";
    events_record(s, CAT_TRANSITION,
                  xasprintf("transition %s %s>%s%s", style, from, to, t->interactive ? " interactive" : ""));
    free(from);
    free(to);
}

/* A progress value (0 <= value <= 1, as navcore delivers it) in hundredths, rounded from the
 * exact value of the double, ties away from zero (SPEC §11; NavigationEvent.twoDecimals in Swift):
 * p = value * 100 is rounded, but its error e = fma(value, 100, -p) is exact (value * 100 =
 * p + e), and so is p - floor(p) - 0.5: the tie test is exact. */
static double progress_hundredths(double progress) {
    double value = fabs(progress); /* -0 prints as 0.00, not -0.00 */
    double product = value * 100, whole = floor(product), error = fma(value, 100, -product);
    double above_half = product - whole - 0.5;
    return above_half > 0 || (above_half == 0 && error >= 0) ? whole + 1 : whole;
}

static void on_progress(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    check_call(s, "progress", ARG(navcore_navigator *, args, 0), ARG(void *, args, 3));
    double hundredths = progress_hundredths(ARG(double, args, 2)), units = floor(hundredths / 100);
    events_record(s, CAT_TRANSITION, xasprintf("progress %.0f.%02.0f", units, hundredths - units * 100));
}

static void on_bar(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    check_call(s, "bar", ARG(navcore_navigator *, args, 0), ARG(void *, args, 3));
    events_record(s, CAT_BAR,
                  xasprintf("bar %s %s", ARG_BOOL(args, 1) ? "shown" : "hidden", flag(ARG_BOOL(args, 2))));
}

static void on_payload(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    uint64_t screen = ARG(uint64_t, args, 1);
    check_call(s, "payload", ARG(navcore_navigator *, args, 0), ARG(void *, args, 4));
    seen(s, "payload", screen, ARG(void *, args, 2), true);
    char *label = session_label(s, screen);
    events_record(s, CAT_PAYLOAD, xasprintf("payload %s %s", label, ARG(const char *, args, 3)));
    free(label);
}

static void on_release(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    uint64_t screen = ARG(uint64_t, args, 1);
    void *object = ARG(void *, args, 2);
    check_call(s, "release", ARG(navcore_navigator *, args, 0), ARG(void *, args, 4));
    screen_entry *e = session_entry(s, screen);
    if (e->released) broken(s, "screen #%llu was released twice", (unsigned long long)screen);
    seen(s, "release", screen, object, true);
    e = session_entry(s, screen);
    e->released = true;
    free(e->object); /* the host's object is handed back exactly once: free it here */
    e->object = NULL;
    char *label = session_label(s, screen);
    events_record(s, CAT_RELEASE, xasprintf("release %s", label));
    free(label);
}

static void on_done(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    check_call(s, "done", ARG(navcore_navigator *, args, 0), ARG(void *, args, 3));
    events_record(s, CAT_DONE, xasprintf("done %s %s", navcore_op_string(ARG(int, args, 1)),
                                         navcore_outcome_string(ARG(int, args, 2))));
}

static void on_wakeup(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    check_call(s, "wakeup", ARG(navcore_navigator *, args, 0), ARG(void *, args, 1));
    events_record(s, CAT_WAKEUP, xstrdup("wakeup"));
}

/* The three-way hook (navcore_on_pop_veto_deferrable): refuses while the top's label is in
 * `vetoed`, answers later while it is in `deferred` (keeping the decision id for `decide`, before
 * the trace line, so that a hook's `decide` inside the veto uses this one), else allows. */
static void on_veto(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif;
    session *s = user;
    uint64_t screen = ARG(uint64_t, args, 1), decision = ARG(uint64_t, args, 4);
    check_call(s, "veto", ARG(navcore_navigator *, args, 0), ARG(void *, args, 5));
    screen_entry *e = session_entry(s, screen);
    if (ARG(void *, args, 2) != e->object) broken(s, "veto passed a wrong object");
    if (!decision) broken(s, "veto got decision id 0");
    char *label = session_label(s, screen);
    int answer = sv_contains(&s->vetoed, label)     ? NAVCORE_VETO_REFUSE
                 : sv_contains(&s->deferred, label) ? NAVCORE_VETO_LATER
                                                    : NAVCORE_VETO_ALLOW;
    if (answer == NAVCORE_VETO_LATER) {
        s->last_decision = decision;
        s->has_decision = true;
    }
    static const char *const words[] = {[NAVCORE_VETO_ALLOW] = "yes", [NAVCORE_VETO_REFUSE] = "no",
                                        [NAVCORE_VETO_LATER] = "later"};
    events_record(s, CAT_VETO, xasprintf("should_pop %s %s %s", label, ARG_BOOL(args, 3) ? "gesture" : "button",
                                         words[answer]));
    free(label);
    *(ffi_sarg *)ret = answer;
}

/* A `listen` listener: `result L TEXT`, or `result L -` for none (SPEC §12). The screen is
 * still live: its object is the runner's. */
static void on_result(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    uint64_t screen = ARG(uint64_t, args, 1);
    const char *result = ARG(const char *, args, 3);
    check_call(s, "result", ARG(navcore_navigator *, args, 0), ARG(void *, args, 4));
    screen_entry *e = session_entry(s, screen);
    if (e->released) broken(s, "the result listener of screen #%llu ran after its release", (unsigned long long)screen);
    seen(s, "result", screen, ARG(void *, args, 2), true);
    char *label = session_label(s, screen);
    events_record(s, CAT_RESULT, xasprintf("result %s %s", label, result ? result : "-"));
    free(label);
}

static void on_run(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    op_token *token = ARG(op_token *, args, 1);
    if (ARG(navcore_navigator *, args, 0) != s->nav) broken(s, "a run block got a wrong handle");
    if (token->completed) broken(s, "run %s ran after its completion", token->name);
    events_record(s, CAT_RUN, xasprintf("run %s", token->name));
}

static void on_completion(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret;
    session *s = user;
    op_token *token = ARG(op_token *, args, 3);
    int op = ARG(int, args, 1);
    token->completed++;
    if (op != token->op)
        broken(s, "the completion of a %s op was told %s", navcore_op_string(token->op), navcore_op_string(op));
    if (strcmp(navcore_outcome_string(ARG(int, args, 2)), "unknown") == 0)
        broken(s, "a completion got outcome %d", ARG(int, args, 2));
}

static void on_destroy(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif, (void)ret, (void)user;
    ctx_token *token = ARG(ctx_token *, args, 0);
    token->destroyed++;
}

static void on_factory(ffi_cif *cif, void *ret, void **args, void *user) {
    (void)cif;
    route_binding *binding = user;
    session *s = binding->session;
    uint64_t screen = ARG(uint64_t, args, 3);
    check_call(s, "route", ARG(navcore_navigator *, args, 1), ARG(void *, args, 5));
    if (binding->fails) {
        *(ffi_sarg *)ret = 1;
        return;
    }
    uint64_t *object = xmalloc(sizeof *object);
    *object = screen;
    session_name(s, screen, ARG(const char *, args, 2), false);
    session_entry(s, screen)->object = object;
    *ARG(void **, args, 0) = object;
    *(ffi_sarg *)ret = 0;
}

/* ---- making and registering ---------------------------------------------------------------- */

#define TYPES(...) ((ffi_type *[]){__VA_ARGS__}), (unsigned)(sizeof((ffi_type *[]){__VA_ARGS__}) / sizeof(ffi_type *))
#define P &ffi_type_pointer
#define U64 &ffi_type_uint64
#define INT &ffi_type_sint
#define BOOL &ffi_type_uint8

static void *make(session *s, closure_handler handler, ffi_type *result, ffi_type **types, unsigned count) {
    return closure_make(&s->closures, handler, s, result, types, count);
}

static void make_shared_closures(session *s) {
    if (s->destructor) return;
    s->destructor = make(s, on_destroy, &ffi_type_void, TYPES(P));
    s->completion = make(s, on_completion, &ffi_type_void, TYPES(P, INT, INT, P));
    s->run_block = make(s, on_run, &ffi_type_void, TYPES(P, P));
    s->on_action = make(s, on_action, &ffi_type_void, TYPES(P, P, P));
    s->on_appearance = make(s, on_appearance, &ffi_type_void, TYPES(P, INT, U64, P, INT, BOOL, P));
    s->on_progress = make(s, on_progress, &ffi_type_void, TYPES(P, U64, &ffi_type_double, P));
    s->on_bar = make(s, on_bar, &ffi_type_void, TYPES(P, BOOL, BOOL, P));
    s->on_payload = make(s, on_payload, &ffi_type_void, TYPES(P, U64, P, P, P));
    s->on_release = make(s, on_release, &ffi_type_void, TYPES(P, U64, P, P, P));
    s->on_done = make(s, on_done, &ffi_type_void, TYPES(P, INT, INT, P));
    s->on_wakeup = make(s, on_wakeup, &ffi_type_void, TYPES(P, P));
    s->animator = make(s, on_transition, &ffi_type_void, TYPES(P, P, P));
    s->veto = make(s, on_veto, INT, TYPES(P, U64, P, BOOL, U64, P));
    s->on_result = make(s, on_result, &ffi_type_void, TYPES(P, U64, P, P, P));
}

navcore_done_fn events_completion(session *s) {
    make_shared_closures(s);
    return as_done_fn(s->completion);
}

navcore_result_fn events_result_listener(session *s) {
    make_shared_closures(s);
    return as_result_fn(s->on_result);
}

navcore_run_fn events_run_block(session *s) {
    make_shared_closures(s);
    return as_run_fn(s->run_block);
}

navcore_destroy_fn events_destructor(session *s) {
    make_shared_closures(s);
    return as_destroy_fn(s->destructor);
}

navcore_factory_fn events_factory(session *s, bool fails) {
    route_binding *binding = xmalloc(sizeof *binding);
    *binding = (route_binding){.session = s, .fails = fails};
    s->bindings = xrealloc(s->bindings, (s->binding_count + 1) * sizeof *s->bindings);
    s->bindings[s->binding_count++] = binding;
    void *code = closure_make(&s->closures, on_factory, binding, INT, TYPES(P, P, P, U64, P, P));
    return as_factory_fn(code);
}

ctx_token *events_ctx_token(session *s, const char *what) {
    ctx_token *token = xcalloc(1, sizeof *token);
    token->what = what;
    s->ctx_tokens = xrealloc(s->ctx_tokens, (s->ctx_token_count + 1) * sizeof *s->ctx_tokens);
    s->ctx_tokens[s->ctx_token_count++] = token;
    return token;
}

op_token *events_op_token(session *s, int op, const char *name) {
    op_token *token = xcalloc(1, sizeof *token);
    token->op = op;
    token->name = name ? xstrdup(name) : NULL;
    s->op_tokens = xrealloc(s->op_tokens, (s->op_token_count + 1) * sizeof *s->op_tokens);
    s->op_tokens[s->op_token_count++] = token;
    return token;
}

/* Registers with a fresh ctx token, which remembers whether the registration was accepted. */
#define REGISTER(s, what, call_with_ctx)                                                          \
    do {                                                                                          \
        ctx_token *ctx_ = events_ctx_token((s), (what));                                          \
        navcore_destroy_fn destroy_ = as_destroy_fn((s)->destructor);                             \
        int status_ = (call_with_ctx);                                                            \
        ctx_->accepted = status_ >= 0;                                                            \
        if (status_ < 0) broken((s), "registering %s failed: %s", (what), navcore_status_string(status_)); \
    } while (0)

void events_install_animator(session *s) {
    make_shared_closures(s);
    if (s->animator_on) {
        ctx_token *ctx = events_ctx_token(s, "animator");
        int status = navcore_on_transition(s->nav, as_transition_fn(s->animator), ctx, as_destroy_fn(s->destructor));
        ctx->accepted = status >= 0;
    } else {
        navcore_on_transition(s->nav, NULL, NULL, NULL);
    }
}

void events_install(session *s) {
    make_shared_closures(s);
    navcore_navigator *nav = s->nav;
    REGISTER(s, "action", navcore_on_action(nav, as_action_fn(s->on_action), ctx_, destroy_));
    for (int phase = 0; phase < PHASE_COUNT; phase++)
        REGISTER(s, phase_names[phase],
                 navcore_on_appearance(nav, phase, as_appearance_fn(s->on_appearance), ctx_, destroy_));
    REGISTER(s, "progress", navcore_on_progress(nav, as_progress_fn(s->on_progress), ctx_, destroy_));
    REGISTER(s, "bar", navcore_on_bar(nav, as_bar_fn(s->on_bar), ctx_, destroy_));
    REGISTER(s, "payload", navcore_on_payload(nav, as_payload_fn(s->on_payload), ctx_, destroy_));
    REGISTER(s, "release", navcore_on_release(nav, as_release_fn(s->on_release), ctx_, destroy_));
    REGISTER(s, "done", navcore_on_done(nav, as_done_fn(s->on_done), ctx_, destroy_));
    REGISTER(s, "wakeup", navcore_on_wakeup(nav, as_wakeup_fn(s->on_wakeup), ctx_, destroy_));
    REGISTER(s, "veto", navcore_on_pop_veto_deferrable(nav, as_veto_fn(s->veto), ctx_, destroy_));
    events_install_animator(s);
}

void events_check_tokens(session *s) {
    for (size_t i = 0; i < s->ctx_token_count; i++) {
        const ctx_token *t = s->ctx_tokens[i];
        int expected = t->accepted ? 1 : 0;
        if (t->destroyed != expected)
            broken(s, "the ctx of a %s registration was destroyed %d times, not %d", t->what, t->destroyed, expected);
    }
    for (size_t i = 0; i < s->op_token_count; i++) {
        const op_token *t = s->op_tokens[i];
        int expected = t->accepted ? 1 : 0;
        if (t->completed != expected)
            broken(s, "the completion of a %s op ran %d times, not %d", navcore_op_string(t->op), t->completed,
                   expected);
    }
    for (size_t i = 0; i < s->screen_count; i++) {
        if (s->screens[i].object) {
            broken(s, "screen %s was never released", s->screens[i].label ? s->screens[i].label : "?");
        }
    }
}
