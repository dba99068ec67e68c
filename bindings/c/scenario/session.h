/*
 * One scenario run (SPEC §11) through include/navcore.h: the state of one file, the commands
 * and checks (session.c) and the navigator's callbacks, all libffi closures bound to this
 * state (events.c). Mirrors Sources/ScenarioKit/ScenarioSession.swift line for line.
 */
#ifndef NAVCORE_SCENARIO_SESSION_H
#define NAVCORE_SCENARIO_SESSION_H

#include "closures.h"
#include "util.h"

#include <navcore.h>
#include <stdbool.h>
#include <stdint.h>

/* One step of a scenario file. */
typedef struct step {
    int line;
    bool is_trace; /* `expect trace` … `end`: `words` holds the expected lines */
    strvec words;
} step;

typedef struct scenario {
    step *steps;
    size_t count;
} scenario;

/* Parses a file's bytes text[0..length); on a malformed file returns false and sets *error
 * (owned). */
bool scenario_parse(const char *text, size_t length, scenario *out, char **error);
void scenario_free(scenario *file);
/* A `progress` word: `-?D+(.D+)?` or `nan` (D = an ASCII digit), read as the nearest double. */
bool scenario_progress(const char *word, double *out);
/* A `threshold` word: `D+`, at most 2147483647. */
bool scenario_threshold(const char *word, long *out);
/* The route of a new screen made by a `set` word: the word without a final `#n` (owned). */
char *scenario_set_route(const char *word);

/* Trace categories, chosen by `trace CAT…`. */
enum {
    CAT_ACTION = 1 << 0,
    CAT_SHOW = 1 << 1,
    CAT_TRANSITION = 1 << 2,
    CAT_VETO = 1 << 3,
    CAT_PAYLOAD = 1 << 4,
    CAT_BAR = 1 << 5,
    CAT_RELEASE = 1 << 6,
    CAT_RUN = 1 << 7,
    CAT_WAKEUP = 1 << 8,
    CAT_DONE = 1 << 9,
    CAT_ALL = (1 << 10) - 1
};

/* What the runner knows of a screen id: its label, whether an event or a creation showed it
 * (Swift's `screens`), whether it was released. */
typedef struct screen_entry {
    uint64_t id;
    char *label; /* NULL until named */
    size_t named_order;
    uint64_t *object; /* the host object the runner gave it (a cell holding the id); freed at release */
    bool known;
    bool released;
} screen_entry;

/* How many screens of a route were named. */
typedef struct route_count {
    char *route;
    int count;
} route_count;

/* `on EVENT WORD: COMMAND`. */
typedef struct hook {
    strvec event;
    strvec command;
    int line;
    bool fired;
} hook;

/* The ctx of one registration: its destructor must run exactly once if the registration was
 * accepted, never if it failed. */
typedef struct ctx_token {
    const char *what;
    bool accepted;
    int destroyed;
} ctx_token;

/* The ctx of one op call: its completion must run exactly once if the call was accepted, never
 * if it failed. `run` ops keep their name here. */
typedef struct op_token {
    int op;
    bool accepted;
    int completed;
    char *name;
} op_token;

/* A registered route's factory closure's user_data. */
typedef struct route_binding {
    struct session *session;
    bool fails;
} route_binding;

typedef struct session {
    navcore_navigator *nav;
    bool nav_made;
    bool host_dispatch;
    bool animator_on;
    unsigned categories;
    strvec trace;
    strvec failures;
    const char *status;
    uint64_t last_transition;
    bool recording;

    screen_entry *screens;
    size_t screen_count, screen_capacity, names_given;
    route_count *routes;
    size_t route_count_;
    strvec vetoed;
    hook *hooks;
    size_t hook_count;

    /* Every closure made for this scenario, freed after the navigator is destroyed. */
    closure_list closures;
    /* The callbacks (closure addresses), made with the navigator. */
    void *on_action, *on_appearance, *on_progress, *on_bar, *on_payload, *on_release, *on_done,
        *on_wakeup, *animator, *veto, *run_block, *completion, *destructor;
    /* Tokens handed out as ctx, checked and freed at the end. */
    ctx_token **ctx_tokens;
    size_t ctx_token_count;
    op_token **op_tokens;
    size_t op_token_count;
    route_binding **bindings;
    size_t binding_count;
} session;

/* Runs every step of `file`; the failures are left in s->failures. */
void session_run(session *s, const scenario *file);
void session_free(session *s);

/* session.c: runs a command (also from inside a callback, for hooks); false = a scenario error,
 * already added to the failures. */
bool session_execute(session *s, const strvec *words, int line);
/* The label of an id: the runner's name, else `#id` (owned). */
char *session_label(session *s, uint64_t id);
/* The entry of an id, made if missing. */
screen_entry *session_entry(session *s, uint64_t id);
/* Names a new screen of `route` (R, R#2, …); `known` = the runner made it itself. */
void session_name(session *s, uint64_t id, const char *route, bool known);
/* Adds "line N: message" to the failures. */
void session_fail(session *s, int line, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* events.c: makes the closures and registers every callback on a new navigator. */
void events_install(session *s);
/* Sets or removes the animator as `config animator` says. */
void events_install_animator(session *s);
/* A ctx token for a registration (destructor = s->destructor). */
ctx_token *events_ctx_token(session *s, const char *what);
/* An op token for an op call (completion = s->completion). */
op_token *events_op_token(session *s, int op, const char *name);
/* The factory closure of a `route` command (one per registration, bound to its options). */
navcore_factory_fn events_factory(session *s, bool fails);
/* The shared closures, typed: op completion, run block, ctx destructor. */
navcore_done_fn events_completion(session *s);
navcore_run_fn events_run_block(session *s);
navcore_destroy_fn events_destructor(session *s);
/* Records a trace line (owned) if its category is traced, and fires the first hook it matches. */
void events_record(session *s, unsigned category, char *text);
/* After the final destroy: every accepted registration's ctx destroyed once, every accepted
 * op completed once, and nothing else. */
void events_check_tokens(session *s);

#endif
