/*
 * deprecated: the first 1.0 builds' names (navcore.h, "Deprecated names") still link, and each
 * behaves as the function it names.
 *
 * Each script runs twice, once through the current functions and once through the deprecated
 * names, on a fresh navigator, and writes down what a host sees: every status, callback, ctx
 * destructor, outcome and the stack. The two records must be identical, and must contain what
 * the script is there to show (so that two records of nothing do not pass).
 *
 *   deprecated            runs every script; exits 1 on any difference
 */
#include <navcore.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The show options a script asks for, or NULL for the defaults (no options at all). */
typedef struct show_args {
    bool animated;
    bool remove_current;
    const char *payload;
} show_args;

/* The functions a script calls where the deprecated names differ from the current ones. */
typedef struct api {
    const char *name;
    int (*on_transition)(navcore_navigator *, navcore_transition_fn, void *, navcore_destroy_fn);
    int (*on_pop_veto)(navcore_navigator *, navcore_veto_fn, void *, navcore_destroy_fn);
    int (*on_pop_veto_deferrable)(navcore_navigator *, navcore_deferrable_veto_fn, void *, navcore_destroy_fn);
    int (*show)(navcore_navigator *, const char *route, const show_args *args, int recycle, navcore_done_fn done);
} api;

/* ---- the record ---------------------------------------------------------------------------- */

static char record[8192];

static void note(const char *format, ...) {
    size_t used = strlen(record);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(record + used, sizeof record - used, format, arguments);
    va_end(arguments);
    used = strlen(record);
    if (used + 1 < sizeof record) strcat(record, "\n");
}

static void note_status(const char *what, int status) {
    note("%s: %s%s%s", what, navcore_status_string(status), status < 0 ? " - " : "",
         status < 0 ? navcore_last_error_message() : "");
}

/* The stack as its screens' objects (each a label), bottom to top. */
static void note_stack(navcore_navigator *nav) {
    uint64_t ids[16];
    size_t count = 0;
    if (navcore_stack_copy(&count, ids, 16, nav) != NAVCORE_OK || count > 16) {
        note("stack: unreadable");
        return;
    }
    char line[256] = "stack:";
    for (size_t i = 0; i < count; i++) {
        void *object = NULL;
        navcore_screen_object(&object, nav, ids[i]);
        snprintf(line + strlen(line), sizeof line - strlen(line), " %s", object ? (const char *)object : "?");
    }
    note("%s", line);
}

/* ---- what the host registers: each writes down that it ran ---------------------------------- */

static uint64_t transition_waiting;
static uint64_t decision_waiting;
static int screens_made;

static const char *label(void *ctx) { return ctx ? (const char *)ctx : "(none)"; }

static void destroyed(void *ctx) { note("ctx destructor of %s", label(ctx)); }

static void done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)ctx;
    note("%s ended %s", navcore_op_string(op), navcore_outcome_string(outcome));
}

static void animate(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    note("animator %s: %s %s > %s", label(ctx), t->style == NAVCORE_STYLE_PUSH ? "push" : "pop",
         label(t->from_object), label(t->to_object));
    transition_waiting = t->id;
}

static bool veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, void *ctx) {
    (void)nav, (void)screen, (void)by_gesture;
    bool allow = strcmp(label(ctx), "allow") == 0;
    note("veto %s asked about %s: %s", label(ctx), label(object), allow ? "allowed" : "refused");
    return allow;
}

static int deferrable_veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture,
                           uint64_t decision, void *ctx) {
    (void)nav, (void)screen, (void)by_gesture;
    note("deferrable veto %s asked about %s: later", label(ctx), label(object));
    decision_waiting = decision;
    return NAVCORE_VETO_LATER;
}

static void payload(navcore_navigator *nav, uint64_t screen, void *object, const char *text, void *ctx) {
    (void)nav, (void)screen, (void)ctx;
    note("payload for %s: %s", label(object), text);
}

static int factory(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *text,
                   void *ctx) {
    (void)nav, (void)screen, (void)text, (void)ctx;
    static char names[16][16];
    int n = screens_made++ % 16;
    snprintf(names[n], sizeof names[n], "%s#%d", route, n);
    *out = names[n];
    return 0;
}

static char A[] = "A", B[] = "B", REFUSE[] = "refuse", ALLOW[] = "allow", LATER[] = "later";
static char HOME[] = "home", PAGE[] = "page", MORE[] = "more";

static navcore_navigator *fresh(void) {
    navcore_navigator *nav = NULL;
    if (navcore_navigator_create(&nav, NAVCORE_DISPATCH_INLINE) != NAVCORE_OK) {
        fprintf(stderr, "deprecated: navcore_navigator_create failed: %s\n", navcore_last_error_message());
        exit(2);
    }
    transition_waiting = decision_waiting = 0;
    screens_made = 0;
    return nav;
}

static uint64_t screen(navcore_navigator *nav, char *object) {
    uint64_t id = 0;
    if (navcore_screen_create(&id, nav, object, object) != NAVCORE_OK) note("screen_create %s failed", object);
    return id;
}

/* ---- the scripts ---------------------------------------------------------------------------- */

/* The animator: registered, asked for a transition, replaced, removed. */
static void animator_script(const api *a) {
    navcore_navigator *nav = fresh();
    note_status("register animator A", a->on_transition(nav, animate, A, destroyed));
    note_status("push home", navcore_push(nav, screen(nav, HOME), true, done, NULL));
    note_status("push page", navcore_push(nav, screen(nav, PAGE), true, done, NULL));
    note_status("finish", navcore_transition_finish(nav, transition_waiting));
    note_status("replace it with B", a->on_transition(nav, animate, B, destroyed));
    note_status("push more", navcore_push(nav, screen(nav, MORE), true, done, NULL));
    note_status("finish", navcore_transition_finish(nav, transition_waiting));
    note_status("remove it", a->on_transition(nav, NULL, NULL, NULL));
    note_status("pop (instant now)", navcore_pop(nav, true, done, NULL));
    note_stack(nav);
    note_status("NULL handle", a->on_transition(NULL, animate, A, destroyed));
    navcore_navigator_destroy(nav);
}

/* The pop veto: refusing, then allowing, then removed. */
static void veto_script(const api *a) {
    navcore_navigator *nav = fresh();
    navcore_push(nav, screen(nav, HOME), false, NULL, NULL);
    navcore_push(nav, screen(nav, PAGE), false, NULL, NULL);
    note_status("register the refusing veto", a->on_pop_veto(nav, veto, REFUSE, destroyed));
    note_status("back", navcore_back(nav, false, done, NULL));
    note_status("replace it with the allowing one", a->on_pop_veto(nav, veto, ALLOW, destroyed));
    note_status("back", navcore_back(nav, false, done, NULL));
    note_stack(nav);
    note_status("remove it", a->on_pop_veto(nav, NULL, NULL, NULL));
    note_status("NULL handle", a->on_pop_veto(NULL, veto, ALLOW, destroyed));
    navcore_navigator_destroy(nav);
}

/* The deferrable veto: a back that waits for the host's decision; one veto for both kinds. */
static void deferrable_veto_script(const api *a) {
    navcore_navigator *nav = fresh();
    navcore_push(nav, screen(nav, HOME), false, NULL, NULL);
    navcore_push(nav, screen(nav, PAGE), false, NULL, NULL);
    navcore_push(nav, screen(nav, MORE), false, NULL, NULL);
    note_status("register the deferrable veto", a->on_pop_veto_deferrable(nav, deferrable_veto, LATER, destroyed));
    note_status("back", navcore_back(nav, false, done, NULL));
    bool busy = false;
    navcore_is_busy(&busy, nav);
    note("busy while the decision waits: %s", busy ? "yes" : "no");
    note_status("decide: allow", navcore_decide(nav, decision_waiting, true));
    note_stack(nav);
    note_status("the yes/no veto replaces it", a->on_pop_veto(nav, veto, REFUSE, destroyed));
    note_status("back", navcore_back(nav, false, done, NULL));
    note_status("the deferrable one replaces that", a->on_pop_veto_deferrable(nav, deferrable_veto, LATER, destroyed));
    note_status("NULL handle", a->on_pop_veto_deferrable(NULL, deferrable_veto, LATER, destroyed));
    navcore_navigator_destroy(nav);
}

/* show with each recycle value, options and none, a payload, and a bad recycle value. */
static void show_script(const api *a) {
    navcore_navigator *nav = fresh();
    navcore_on_payload(nav, payload, NULL, NULL);
    navcore_route_register(nav, "r", factory, NULL, NULL);
    navcore_route_register(nav, "s", factory, NULL, NULL);
    show_args keep = {false, false, NULL}, keep_with_payload = {true, false, "{\"n\":1}"}, replace = {false, true, NULL};
    note_status("show r, recycle none", a->show(nav, "r", &keep, NAVCORE_RECYCLE_NONE, done));
    note_status("show r, recycle none, payload", a->show(nav, "r", &keep_with_payload, NAVCORE_RECYCLE_NONE, done));
    note_stack(nav);
    note_status("show s, recycle top", a->show(nav, "s", &keep, NAVCORE_RECYCLE_TOP, done));
    note_status("show s, recycle top again", a->show(nav, "s", &keep_with_payload, NAVCORE_RECYCLE_TOP, done));
    note_stack(nav);
    note_status("show r, recycle any, replacing the top", a->show(nav, "r", &replace, NAVCORE_RECYCLE_ANY, done));
    note_stack(nav);
    note_status("show s, the defaults", a->show(nav, "s", NULL, NAVCORE_RECYCLE_ANY, done));
    note_stack(nav);
    note_status("show r, recycle 3", a->show(nav, "r", &keep, 3, done));
    note_status("show, NULL route", a->show(nav, NULL, &keep, NAVCORE_RECYCLE_ANY, done));
    navcore_navigator_destroy(nav);
}

/* ---- the two ways of saying it -------------------------------------------------------------- */

static int current_show(navcore_navigator *nav, const char *route, const show_args *args, int recycle,
                        navcore_done_fn completion) {
    if (!args) return navcore_show(nav, route, NULL, completion, NULL); /* the defaults recycle any */
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = args->animated;
    options.remove_current = args->remove_current;
    options.payload = args->payload;
    options.recycle = recycle;
    return navcore_show(nav, route, &options, completion, NULL);
}

static const api current = {"current", navcore_on_transition, navcore_on_pop_veto, navcore_on_pop_veto_deferrable,
                            current_show};

/* The deprecated names, used on purpose: without the compiler's warning. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static int deprecated_show(navcore_navigator *nav, const char *route, const show_args *args, int recycle,
                           navcore_done_fn completion) {
    if (!args) return navcore_show_recycling(nav, route, NULL, recycle, completion, NULL);
    /* the first builds' options: `recycle` true (any), which the argument replaces */
    navcore_legacy_show_options options = {args->animated, args->remove_current, true, args->payload};
    return navcore_show_recycling(nav, route, &options, recycle, completion, NULL);
}

static const api deprecated = {"deprecated", navcore_set_animator, navcore_set_pop_veto,
                               navcore_set_pop_veto_deferrable, deprecated_show};
#pragma GCC diagnostic pop

/* ---- main ---------------------------------------------------------------------------------- */

static const struct {
    const char *names; /* the deprecated name and the one it stands for */
    void (*run)(const api *);
    const char *must_show[4]; /* what the record must contain */
} scripts[] = {
    {"navcore_set_animator = navcore_on_transition", animator_script,
     {"animator A: push home > page", "ctx destructor of A", "ctx destructor of B", "push ended completed"}},
    {"navcore_set_pop_veto = navcore_on_pop_veto", veto_script,
     {"veto refuse asked about page: refused", "back ended vetoed", "ctx destructor of refuse", "back ended completed"}},
    {"navcore_set_pop_veto_deferrable = navcore_on_pop_veto_deferrable", deferrable_veto_script,
     {"deferrable veto later asked about more: later", "busy while the decision waits: yes", "ctx destructor of later",
      "NULL handle: invalid"}},
    {"navcore_show_recycling = navcore_show with options.recycle", show_script,
     {"stack: r#0 r#1", "payload for s#2: {\"n\":1}", "show r, recycle 3: invalid", "show ended completed"}},
};

int main(void) {
    int failures = 0;
    for (size_t i = 0; i < sizeof scripts / sizeof *scripts; i++) {
        static char by_current[sizeof record];
        record[0] = '\0';
        scripts[i].run(&current);
        memcpy(by_current, record, sizeof record);
        record[0] = '\0';
        scripts[i].run(&deprecated);
        const char *missing = NULL;
        for (size_t m = 0; m < 4 && !missing; m++)
            if (!strstr(by_current, scripts[i].must_show[m])) missing = scripts[i].must_show[m];
        if (strcmp(by_current, record) != 0) {
            failures++;
            printf("FAIL %s: the records differ\n--- current\n%s--- deprecated\n%s", scripts[i].names, by_current, record);
        } else if (missing) {
            failures++;
            printf("FAIL %s: the record lacks \"%s\"\n%s", scripts[i].names, missing, by_current);
        } else {
            int lines = 0;
            for (const char *c = record; *c; c++) lines += *c == '\n';
            printf("ok   %s: the same %d events\n", scripts[i].names, lines);
        }
    }
    printf("%zu scripts, %d failed\n", sizeof scripts / sizeof *scripts, failures);
    return failures ? 1 : 0;
}
