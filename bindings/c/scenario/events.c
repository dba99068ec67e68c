/*
 * The navigator's callbacks: C functions of the header's types, each finding the scenario's
 * session through its ctx (a ctx_token or op_token, session.h), handed to navcore at the
 * address callbacks.h makes. They format SPEC §11 trace lines exactly as
 * Sources/ScenarioKit/TraceFormat.swift and fire `on …:` hooks as ScenarioSession.record does.
 * Besides the trace they check what the header promises the host: each callback gets its own
 * ctx back (never after that ctx's destructor), each screen's object is the one given to
 * navcore, each screen is released once, a result listener runs while its screen is live (once:
 * its ctx is destroyed after the call), the veto gets a non-zero decision id, each accepted op
 * completes once and each accepted registration's ctx (a `listen` included) is destroyed once.
 */
#include "session.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The session of a callback's ctx, once the callback is found to have the navigator's handle
 * and its own, still live, ctx (`what`: the name its ctx was made for). Without a ctx there is
 * no session to tell: the run ends here. */
static session *check_call(const char *what, navcore_navigator *nav, void *ctx) {
    const ctx_header *header = ctx; /* the first member of a ctx_token or an op_token */
    if (!header) {
        fprintf(stderr, "navcore-scenario-c: navcore broke the C contract: %s got no ctx\n", what);
        abort();
    }
    session *s = header->session;
    if (nav != header->member->nav)
        broken(s, "%s got handle %p, not %p", what, (void *)nav, (void *)header->member->nav);
    if (strcmp(header->what, what) != 0) broken(s, "%s got another callback's ctx", what);
    else if (strcmp(what, "op") != 0 && ((const ctx_token *)ctx)->destroyed)
        broken(s, "%s was called after its ctx was destroyed", what);
    return s;
}

/* The navigator a callback's ctx was handed to. */
static member *member_of(void *ctx) { return ((const ctx_header *)ctx)->member; }

/* A screen an event of m's navigator names: the runner has now seen it (Swift's `screens`), m
 * owns it unless another navigator made it; its object must be the one the runner gave. */
static void seen(session *s, member *m, const char *what, uint64_t id, const void *object, bool check_object) {
    if (!id) return;
    screen_entry *e = session_entry(s, id);
    e->known = true;
    if (!e->owner) e->owner = m;
    if (check_object && object != e->object)
        broken(s, "%s passed object %p for screen #%llu, not %p", what, object, (unsigned long long)id,
               (void *)e->object);
}

void events_record(session *s, member *m, unsigned category, char *text) {
    if (!s->recording) {
        free(text);
        return;
    }
    strvec words = split_words(text);
    if (s->categories & category) sv_push(&s->trace, xasprintf("%s%s", m->prefix, text));
    free(text);
    /* Every hook the line matches, marked fired before the first one runs. */
    size_t *matching = xmalloc((s->hook_count + 1) * sizeof *matching), count = 0;
    for (size_t i = 0; i < s->hook_count; i++) {
        hook *h = &s->hooks[i];
        if (h->fired || h->navigator != m || h->event.count > words.count) continue;
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

/* ---- the callbacks ------------------------------------------------------------------------- */

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    session *s = check_call("action", nav, ctx);
    member *m = member_of(ctx);
    seen(s, m, "action", event->appearing, NULL, false);
    for (size_t i = 0; i < event->disappearing_count; i++) seen(s, m, "action", event->disappearing[i], NULL, false);
    if (event->state == NAVCORE_ACTION_IDLE) {
        events_record(s, m, CAT_ACTION, xstrdup("action idle"));
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
    events_record(s, m, CAT_ACTION, text);
}

static void on_appearance(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason,
                          bool animated, void *ctx) {
    const char *phase_name = phase >= 0 && phase < PHASE_COUNT ? phase_names[phase] : "unknown";
    session *s = check_call(phase_name, nav, ctx);
    member *m = member_of(ctx);
    seen(s, m, phase_name, screen, object, true);
    char *label = session_label(s, screen);
    events_record(s, m, CAT_SHOW,
                  xasprintf("%s %s %s %s", phase_name, label, navcore_reason_string(reason), flag(animated)));
    free(label);
}

static void on_transition(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    session *s = check_call("animator", nav, ctx);
    member *m = member_of(ctx);
    m->last_transition = t->id; /* before the trace line, as the Swift front calls the animator first */
    m->transition_order = ++s->stamps;
    m->transition_root = session_family_root(s, m);
    seen(s, m, "animator", t->from, t->from_object, true);
    seen(s, m, "animator", t->to, t->to_object, true);
    char *from = session_label(s, t->from), *to = session_label(s, t->to);
    const char *style = t->style >= 0 && t->style < STYLE_COUNT ? style_names[t->style] : "unknown";
    events_record(s, m, CAT_TRANSITION,
                  xasprintf("transition %s %s>%s%s", style, from, to, t->interactive ? " interactive" : ""));
    free(from);
    free(to);
}

/* The exact error of the rounded product p = a * b (a * b = p + error, exactly), from correctly
 * rounded multiplications and additions alone: Dekker's product of Veltkamp's halves, each
 * partial product exact. Not fma(a, b, -p): a C library's fma may round twice (newlib's is
 * x * y + z), and lose the very bit a tie test needs. */
static double product_error(double a, double b, double p) {
    const double split = 134217729.0; /* 2^27 + 1 */
    double ta = split * a, a_high = ta - (ta - a), a_low = a - a_high;
    double tb = split * b, b_high = tb - (tb - b), b_low = b - b_high;
    return ((a_high * b_high - p) + a_high * b_low + a_low * b_high) + a_low * b_low;
}

/* A progress value (0 <= value <= 1, as navcore delivers it) in hundredths, rounded from the
 * exact value of the double, ties away from zero (SPEC §11; NavigationEvent.twoDecimals in Swift):
 * p = value * 100 is rounded, but its error e = value * 100 - p is exact (product_error), and so
 * is p - floor(p) - 0.5: the tie test is exact. */
static double progress_hundredths(double progress) {
    double value = fabs(progress); /* -0 prints as 0.00, not -0.00 */
    double product = value * 100, whole = floor(product), error = product_error(value, 100, product);
    double above_half = product - whole - 0.5;
    return above_half > 0 || (above_half == 0 && error >= 0) ? whole + 1 : whole;
}

static void on_progress(navcore_navigator *nav, uint64_t transition, double progress, void *ctx) {
    (void)transition;
    session *s = check_call("progress", nav, ctx);
    member *m = member_of(ctx);
    double hundredths = progress_hundredths(progress), units = floor(hundredths / 100);
    events_record(s, m, CAT_TRANSITION, xasprintf("progress %.0f.%02.0f", units, hundredths - units * 100));
}

static void on_bar(navcore_navigator *nav, bool shown, bool animated, void *ctx) {
    session *s = check_call("bar", nav, ctx);
    member *m = member_of(ctx);
    events_record(s, m, CAT_BAR, xasprintf("bar %s %s", shown ? "shown" : "hidden", flag(animated)));
}

static void on_payload(navcore_navigator *nav, uint64_t screen, void *object, const char *payload, void *ctx) {
    session *s = check_call("payload", nav, ctx);
    member *m = member_of(ctx);
    seen(s, m, "payload", screen, object, true);
    char *label = session_label(s, screen);
    events_record(s, m, CAT_PAYLOAD, xasprintf("payload %s %s", label, payload));
    free(label);
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)route;
    session *s = check_call("release", nav, ctx);
    member *m = member_of(ctx);
    screen_entry *e = session_entry(s, screen);
    if (e->released) broken(s, "screen #%llu was released twice", (unsigned long long)screen);
    seen(s, m, "release", screen, object, true);
    e = session_entry(s, screen);
    e->released = true;
    free(e->object); /* the host's object is handed back exactly once: free it here */
    e->object = NULL;
    char *label = session_label(s, screen);
    events_record(s, m, CAT_RELEASE, xasprintf("release %s", label));
    free(label);
}

/* A retained screen left the stack (SPEC §17): it stays live, its object still the host's. */
static void on_detach(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)route;
    session *s = check_call("detach", nav, ctx);
    member *m = member_of(ctx);
    if (session_entry(s, screen)->released) broken(s, "screen #%llu was detached after its release", (unsigned long long)screen);
    seen(s, m, "detach", screen, object, true);
    char *label = session_label(s, screen);
    events_record(s, m, CAT_RELEASE, xasprintf("detach %s", label));
    free(label);
}

/* A navigator navcore made (restore_tree): it becomes `nav#k`, listened to from here on, and the
 * parent's trace gets `child nav#k of L` or `child nav#k modal`. */
static void on_child(navcore_navigator *parent, uint64_t screen, navcore_navigator *child, void *ctx) {
    session *s = check_call("child", parent, ctx);
    member *m = member_of(ctx);
    member *made = session_adopt(s, m, child);
    char *place = screen ? session_label(s, screen) : xstrdup("modal");
    events_record(s, m, CAT_FAMILY, screen ? xasprintf("child %s of %s", made->name, place)
                                           : xasprintf("child %s %s", made->name, place));
    free(place);
}

static void on_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    session *s = check_call("done", nav, ctx);
    member *m = member_of(ctx);
    events_record(s, m, CAT_DONE, xasprintf("done %s %s", navcore_op_string(op), navcore_outcome_string(outcome)));
}

static void on_wakeup(navcore_navigator *nav, void *ctx) {
    session *s = check_call("wakeup", nav, ctx);
    member *m = member_of(ctx);
    events_record(s, m, CAT_WAKEUP, xstrdup("wakeup"));
}

/* The three-way hook (navcore_on_pop_veto_deferrable): refuses while the top's label is in
 * `vetoed`, answers later while it is in `deferred` (keeping the decision id for `decide`, before
 * the trace line, so that a hook's `decide` inside the veto uses this one), else allows. */
static int on_veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, uint64_t decision,
                   void *ctx) {
    session *s = check_call("veto", nav, ctx);
    member *m = member_of(ctx);
    screen_entry *e = session_entry(s, screen);
    if (object != e->object) broken(s, "veto passed a wrong object");
    if (!decision) broken(s, "veto got decision id 0");
    char *label = session_label(s, screen);
    int answer = sv_contains(&s->vetoed, label)     ? NAVCORE_VETO_REFUSE
                 : sv_contains(&s->deferred, label) ? NAVCORE_VETO_LATER
                                                    : NAVCORE_VETO_ALLOW;
    if (answer == NAVCORE_VETO_LATER) {
        m->last_decision = decision;
        m->decision_order = ++s->stamps;
        m->decision_root = session_family_root(s, m);
        m->has_decision = true;
    }
    static const char *const words[] = {[NAVCORE_VETO_ALLOW] = "yes", [NAVCORE_VETO_REFUSE] = "no",
                                        [NAVCORE_VETO_LATER] = "later"};
    events_record(s, m, CAT_VETO,
                  xasprintf("should_pop %s %s %s", label, by_gesture ? "gesture" : "button", words[answer]));
    free(label);
    return answer;
}

/* A `listen` listener: `result L TEXT`, or `result L -` for none (SPEC §12). The screen is
 * still live: its object is the runner's. */
static void on_result(navcore_navigator *nav, uint64_t screen, void *object, const char *result, void *ctx) {
    session *s = check_call("result", nav, ctx);
    member *m = member_of(ctx);
    screen_entry *e = session_entry(s, screen);
    if (e->released) broken(s, "the result listener of screen #%llu ran after its release", (unsigned long long)screen);
    seen(s, m, "result", screen, object, true);
    char *label = session_label(s, screen);
    events_record(s, m, CAT_RESULT, xasprintf("result %s %s", label, result ? result : "-"));
    free(label);
}

static void on_run(navcore_navigator *nav, void *ctx) {
    session *s = check_call("op", nav, ctx);
    member *m = member_of(ctx);
    const op_token *token = ctx;
    if (token->completed) broken(s, "run %s ran after its completion", token->name);
    events_record(s, m, CAT_RUN, xasprintf("run %s", token->name));
}

static void on_completion(navcore_navigator *nav, int op, int outcome, void *ctx) {
    session *s = check_call("op", nav, ctx);
    op_token *token = ctx;
    token->completed++;
    if (op != token->op)
        broken(s, "the completion of a %s op was told %s", navcore_op_string(token->op), navcore_op_string(op));
    if (strcmp(navcore_outcome_string(outcome), "unknown") == 0) broken(s, "a completion got outcome %d", outcome);
}

static void on_destroy(void *ctx) {
    ctx_token *token = ctx;
    token->destroyed++;
}

/* A route's factory: the new screen's object is a cell holding its id (freed at its release). */
/* A factory's session and the member that will own the new screen: SPEC §16.1 passes the
 * registering navigator or, for a route found in an ancestor's registry, the member that will
 * own the screen (a navigator restore_tree made, a child asked to show). */
static session *check_factory(navcore_navigator *nav, void *ctx, member **owner) {
    const ctx_header *header = ctx;
    member *found = header && nav ? session_member_by_nav(header->session, nav) : NULL;
    session *s = check_call("route", found ? header->member->nav : nav, ctx);
    *owner = found ? found : member_of(ctx);
    return s;
}

static int make_screen(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen,
                       const char *payload, void *ctx) {
    (void)payload;
    member *m = NULL;
    session *s = check_factory(nav, ctx, &m);
    uint64_t *object = xmalloc(sizeof *object);
    *object = screen;
    session_name(s, m, screen, route, false);
    session_entry(s, screen)->object = object;
    *out_object = object;
    return 0;
}

/* The factory of `route R fail`. */
static int fail_screen(void **out_object, navcore_navigator *nav, const char *route, uint64_t screen,
                       const char *payload, void *ctx) {
    (void)out_object, (void)route, (void)screen, (void)payload;
    member *m = NULL;
    check_factory(nav, ctx, &m);
    return 1;
}

/* ---- making and registering ---------------------------------------------------------------- */

/* `function`'s address for navcore (callbacks.h), as the header's type `type`. */
#define ADDRESS(s, kind, type, function) ((type)callback_address(&(s)->addresses, kind, (callback_fn)(function)))

static void make_addresses(session *s) {
    if (s->destructor) return;
    s->destructor = ADDRESS(s, CALLBACK_DESTROY, navcore_destroy_fn, on_destroy);
    s->completion = ADDRESS(s, CALLBACK_DONE, navcore_done_fn, on_completion);
    s->run_block = ADDRESS(s, CALLBACK_RUN, navcore_run_fn, on_run);
    s->on_action = ADDRESS(s, CALLBACK_ACTION, navcore_action_fn, on_action);
    s->on_appearance = ADDRESS(s, CALLBACK_APPEARANCE, navcore_appearance_fn, on_appearance);
    s->on_progress = ADDRESS(s, CALLBACK_PROGRESS, navcore_progress_fn, on_progress);
    s->on_bar = ADDRESS(s, CALLBACK_BAR, navcore_bar_fn, on_bar);
    s->on_payload = ADDRESS(s, CALLBACK_PAYLOAD, navcore_payload_fn, on_payload);
    s->on_release = ADDRESS(s, CALLBACK_RELEASE, navcore_release_fn, on_release);
    s->on_detach = ADDRESS(s, CALLBACK_RELEASE, navcore_release_fn, on_detach);
    s->on_child = ADDRESS(s, CALLBACK_CHILD, navcore_child_fn, on_child);
    s->on_done = ADDRESS(s, CALLBACK_DONE, navcore_done_fn, on_done);
    s->on_wakeup = ADDRESS(s, CALLBACK_WAKEUP, navcore_wakeup_fn, on_wakeup);
    s->animator = ADDRESS(s, CALLBACK_TRANSITION, navcore_transition_fn, on_transition);
    s->veto = ADDRESS(s, CALLBACK_DEFERRABLE_VETO, navcore_deferrable_veto_fn, on_veto);
    s->on_result = ADDRESS(s, CALLBACK_RESULT, navcore_result_fn, on_result);
    s->factory = ADDRESS(s, CALLBACK_FACTORY, navcore_factory_fn, make_screen);
    s->failing_factory = ADDRESS(s, CALLBACK_FACTORY, navcore_factory_fn, fail_screen);
}

navcore_done_fn events_completion(session *s) {
    make_addresses(s);
    return s->completion;
}

navcore_result_fn events_result_listener(session *s) {
    make_addresses(s);
    return s->on_result;
}

navcore_run_fn events_run_block(session *s) {
    make_addresses(s);
    return s->run_block;
}

navcore_destroy_fn events_destructor(session *s) {
    make_addresses(s);
    return s->destructor;
}

navcore_factory_fn events_factory(session *s, bool fails) {
    make_addresses(s);
    return fails ? s->failing_factory : s->factory;
}

ctx_token *events_ctx_token(session *s, member *m, const char *what) {
    ctx_token *token = xcalloc(1, sizeof *token);
    token->header = (ctx_header){.session = s, .member = m, .what = what};
    s->ctx_tokens = xrealloc(s->ctx_tokens, (s->ctx_token_count + 1) * sizeof *s->ctx_tokens);
    s->ctx_tokens[s->ctx_token_count++] = token;
    return token;
}

op_token *events_op_token(session *s, member *m, int op, const char *name) {
    op_token *token = xcalloc(1, sizeof *token);
    token->header = (ctx_header){.session = s, .member = m, .what = "op"};
    token->op = op;
    token->name = name ? xstrdup(name) : NULL;
    s->op_tokens = xrealloc(s->op_tokens, (s->op_token_count + 1) * sizeof *s->op_tokens);
    s->op_tokens[s->op_token_count++] = token;
    return token;
}

/* Registers with a fresh ctx token, which remembers whether the registration was accepted. */
#define REGISTER(s, m, what, call_with_ctx)                                                       \
    do {                                                                                          \
        ctx_token *ctx_ = events_ctx_token((s), (m), (what));                                     \
        navcore_destroy_fn destroy_ = (s)->destructor;                                            \
        int status_ = (call_with_ctx);                                                            \
        ctx_->accepted = status_ >= 0;                                                            \
        if (status_ < 0) broken((s), "registering %s failed: %s", (what), navcore_status_string(status_)); \
    } while (0)

void events_install_animator(session *s, member *m) {
    make_addresses(s);
    if (m->animator_on) {
        ctx_token *ctx = events_ctx_token(s, m, "animator");
        int status = navcore_on_transition(m->nav, s->animator, ctx, s->destructor);
        ctx->accepted = status >= 0;
    } else {
        navcore_on_transition(m->nav, NULL, NULL, NULL);
    }
}

void events_install(session *s, member *m) {
    make_addresses(s);
    navcore_navigator *nav = m->nav;
    REGISTER(s, m, "action", navcore_on_action(nav, s->on_action, ctx_, destroy_));
    for (int phase = 0; phase < PHASE_COUNT; phase++)
        REGISTER(s, m, phase_names[phase], navcore_on_appearance(nav, phase, s->on_appearance, ctx_, destroy_));
    REGISTER(s, m, "progress", navcore_on_progress(nav, s->on_progress, ctx_, destroy_));
    REGISTER(s, m, "bar", navcore_on_bar(nav, s->on_bar, ctx_, destroy_));
    REGISTER(s, m, "payload", navcore_on_payload(nav, s->on_payload, ctx_, destroy_));
    REGISTER(s, m, "release", navcore_on_release(nav, s->on_release, ctx_, destroy_));
    REGISTER(s, m, "detach", navcore_on_detach(nav, s->on_detach, ctx_, destroy_));
    REGISTER(s, m, "child", navcore_on_child(nav, s->on_child, ctx_, destroy_));
    REGISTER(s, m, "done", navcore_on_done(nav, s->on_done, ctx_, destroy_));
    REGISTER(s, m, "wakeup", navcore_on_wakeup(nav, s->on_wakeup, ctx_, destroy_));
    REGISTER(s, m, "veto", navcore_on_pop_veto_deferrable(nav, s->veto, ctx_, destroy_));
    events_install_animator(s, m);
}

void events_check_tokens(session *s) {
    for (size_t i = 0; i < s->ctx_token_count; i++) {
        const ctx_token *t = s->ctx_tokens[i];
        int expected = t->accepted ? 1 : 0;
        if (t->destroyed != expected)
            broken(s, "the ctx of a %s registration was destroyed %d times, not %d", t->header.what, t->destroyed, expected);
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
