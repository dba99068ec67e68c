/* The commands and checks of a scenario (SPEC §11), as Sources/ScenarioKit/ScenarioSession.swift
 * carries them out, through include/navcore.h only. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- failures, labels ------------------------------------------------------------------- */

void session_fail(session *s, int line, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    char *message = xvasprintf(format, arguments);
    va_end(arguments);
    sv_push(&s->failures, xasprintf("line %d: %s", line, message));
    free(message);
}

screen_entry *session_entry(session *s, uint64_t id) {
    for (size_t i = 0; i < s->screen_count; i++)
        if (s->screens[i].id == id) return &s->screens[i];
    if (s->screen_count == s->screen_capacity) {
        s->screen_capacity = s->screen_capacity ? s->screen_capacity * 2 : 16;
        s->screens = xrealloc(s->screens, s->screen_capacity * sizeof *s->screens);
    }
    s->screens[s->screen_count] = (screen_entry){.id = id};
    return &s->screens[s->screen_count++];
}

static screen_entry *find_entry(session *s, uint64_t id) {
    for (size_t i = 0; i < s->screen_count; i++)
        if (s->screens[i].id == id) return &s->screens[i];
    return NULL;
}

/* The screen last given this label (Swift's idsByLabel). */
static screen_entry *labelled_entry(session *s, const char *label) {
    screen_entry *found = NULL;
    for (size_t i = 0; i < s->screen_count; i++) {
        screen_entry *e = &s->screens[i];
        if (e->label && strcmp(e->label, label) == 0 && (!found || e->named_order > found->named_order)) found = e;
    }
    return found;
}

char *session_label(session *s, uint64_t id) {
    screen_entry *e = find_entry(s, id);
    if (e && e->label) return xstrdup(e->label);
    return xasprintf("#%llu", (unsigned long long)id);
}

void session_name(session *s, member *owner, uint64_t id, const char *route, bool known) {
    route_count *counter = NULL;
    for (size_t i = 0; i < s->route_count_; i++)
        if (strcmp(s->routes[i].route, route) == 0) counter = &s->routes[i];
    if (!counter) {
        s->routes = xrealloc(s->routes, (s->route_count_ + 1) * sizeof *s->routes);
        counter = &s->routes[s->route_count_++];
        *counter = (route_count){.route = xstrdup(route)};
    }
    counter->count++;
    screen_entry *e = session_entry(s, id);
    if (known) e->known = true;
    e->owner = owner;
    free(e->label);
    e->label = counter->count == 1 ? xstrdup(route) : xasprintf("%s#%d", route, counter->count);
    e->named_order = ++s->names_given;
}

/* ---- the navigators ----------------------------------------------------------------------- */

/* The words a navigator may not be named (SPEC §16.13): root, the command words and the event
 * words (a trace line's first word), so that `on NAME: …` is never an event. */
static const char *const reserved_names[] = {
    "root", "on", "expect", "trace", "navigator", "push", "push_again", "pop", "back", "pop_to", "pop_to_root",
    "set", "run", "visible", "gesture", "progress", "finish", "cancel", "veto", "decide", "set_result",
    "set_saved", "listen", "discard", "unroute", "route", "show", "open", "restore", "threshold", "config",
    "drain", "destroy", "attach", "activate", "present", "dismiss", "leave", "restore_tree", "retain",
    "action", "will_show", "did_show", "will_hide", "did_hide", "transition", "should_pop", "result",
    "payload", "bar", "release", "wakeup", "done", "child", "detach"};
/* The commands that take no `NAME:` prefix (SPEC §16.13). */
static const char *const unprefixed[] = {"trace", "veto", "on", "navigator", "activate", "attach"};
/* The commands that name a label, asked of the label's owner when no prefix names a navigator. */
static const char *const label_commands[] = {"set_result", "set_saved", "listen", "discard", "push_again", "retain"};

#define COUNT(array) (sizeof(array) / sizeof *(array))

static bool one_of(const char *word, const char *const *words, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (strcmp(word, words[i]) == 0) return true;
    return false;
}

/* A new member, added to the session's list. */
static member *add_member(session *s, const char *name, bool host_dispatch) {
    member *m = xcalloc(1, sizeof *m);
    m->name = xstrdup(name);
    m->prefix = strcmp(name, "root") == 0 ? xstrdup("") : xasprintf("%s: ", name);
    m->host_dispatch = host_dispatch;
    m->animator_on = true;
    s->members = xrealloc(s->members, (s->member_count + 1) * sizeof *s->members);
    s->members[s->member_count++] = m;
    return m;
}

/* The member named `name`; NULL for none. */
static member *find_member(session *s, const char *name, size_t length) {
    for (size_t i = 0; i < s->member_count; i++)
        if (strlen(s->members[i]->name) == length && strncmp(s->members[i]->name, name, length) == 0)
            return s->members[i];
    return NULL;
}

navcore_navigator *session_member_nav(session *s, member *m, bool hidden) {
    if (!m->nav_made) {
        m->nav_made = true;
        navcore_create_options options = NAVCORE_CREATE_OPTIONS_INIT;
        options.dispatch = m->host_dispatch ? NAVCORE_DISPATCH_HOST : NAVCORE_DISPATCH_INLINE;
        options.visible = !hidden;
        int status = navcore_navigator_create_with_options(&m->nav, &options);
        if (status != NAVCORE_OK) {
            sv_push(&s->failures, xasprintf("cannot create a navigator: %s", navcore_status_string(status)));
            m->nav = NULL;
        } else {
            events_install(s, m);
        }
    }
    return m->nav;
}

navcore_navigator *session_nav(session *s) { return session_member_nav(s, s->current, false); }

member *session_member_by_nav(session *s, navcore_navigator *nav) {
    for (size_t i = 0; i < s->member_count; i++)
        if (s->members[i]->nav_made && s->members[i]->nav == nav) return s->members[i];
    return NULL;
}

member *session_adopt(session *s, member *parent, navcore_navigator *nav) {
    s->made_navigators++;
    char *name = xasprintf("nav#%lu", (unsigned long)s->made_navigators); /* not %zu: newlib's printf may lack it */
    member *m = add_member(s, name, parent->host_dispatch);
    free(name);
    m->nav_made = true;
    m->nav = nav;
    events_install(s, m);
    return m;
}

void session_set_status(session *s, int status) { s->status = navcore_status_string(status); }

/* ---- words -------------------------------------------------------------------------------- */

const char *session_word(session *s, const strvec *words, size_t index, int line) {
    if (index < words->count) return words->items[index];
    session_fail(s, line, "missing argument");
    return NULL;
}

/* A two-way word: 1 for `yes`, 0 for `no`, -1 a scenario error ("expected YES or NO"). */
static int either(session *s, const strvec *words, size_t index, int line, const char *yes, const char *no) {
    const char *w = session_word(s, words, index, line);
    if (!w) return -1;
    if (strcmp(w, yes) == 0) return 1;
    if (strcmp(w, no) == 0) return 0;
    session_fail(s, line, "expected %s or %s", yes, no);
    return -1;
}

/* 1 on, 0 off, -1 a scenario error. */
int session_on_off(session *s, const strvec *words, size_t index, int line) {
    return either(s, words, index, line, "on", "off");
}

/* The screen with this label, live or not, that the runner has seen, or live now (a screen an
 * `open` made may never have been named by an event); NULL for none. Every command that names a
 * label finds its screen here. */
screen_entry *session_known(session *s, const char *label) {
    screen_entry *e = labelled_entry(s, label);
    void *object = NULL;
    if (e && !e->known && navcore_screen_object(&object, session_member_nav(s, e->owner ? e->owner : s->members[0], false),
                                                e->id) == NAVCORE_OK)
        e->known = true;
    return e && e->known ? e : NULL;
}

/* The screen with this label; naming a label no screen has is a scenario error. */
bool session_labelled(session *s, const char *label, int line, uint64_t *out) {
    screen_entry *e = session_known(s, label);
    if (!e) {
        session_fail(s, line, "no screen is labelled '%s'", label);
        return false;
    }
    *out = e->id;
    return true;
}

/* Whether `option` is one of the words after the first (`route R fail`, `restore DOC animated`). */
static bool option_given(const strvec *args, const char *option) {
    for (size_t i = 1; i < args->count; i++)
        if (strcmp(args->items[i], option) == 0) return true;
    return false;
}

/* `TEXT`, or NULL for `-` (none); false = a scenario error. */
static bool text_or_none(session *s, const strvec *words, size_t index, int line, const char **out) {
    const char *w = session_word(s, words, index, line);
    if (!w) return false;
    *out = strcmp(w, "-") == 0 ? NULL : w;
    return true;
}

/* ---- commands ----------------------------------------------------------------------------- */

static bool configure(session *s, const strvec *args, int line) {
    int on = session_on_off(s, args, 1, line);
    if (on < 0) return false;
    const char *what = session_word(s, args, 0, line);
    member *m = s->current;
    if (strcmp(what, "animator") == 0) {
        m->animator_on = on;
        if (m->nav_made && m->nav) events_install_animator(s, m);
    } else if (strcmp(what, "always_appear") == 0) {
        session_set_status(s, navcore_set_always_appear(session_nav(s), on));
    } else if (strcmp(what, "pump") == 0) {
        if (s->member_count > 1) {
            session_fail(s, line, "config pump is a creation-time choice: a scenario of several navigators has none");
            return false;
        }
        if (m->nav_made) {
            session_fail(s, line, "config pump must come before the navigator is used");
            return false;
        }
        m->host_dispatch = on;
    } else {
        char *joined = sv_join(args->items, args->count, " ");
        session_fail(s, line, "unknown config '%s'", joined);
        free(joined);
        return false;
    }
    return true;
}

static const char *const category_names[] = {CATEGORY_NAMES};

static bool set_trace(session *s, const strvec *args, int line) {
    if (args->count == 1 && strcmp(args->items[0], "all") == 0) {
        s->categories = CAT_ALL;
        return true;
    }
    unsigned chosen = 0;
    for (size_t i = 0; i < args->count; i++) {
        size_t k = 0;
        while (k < sizeof category_names / sizeof *category_names && strcmp(category_names[k], args->items[i]))
            k++;
        if (k == sizeof category_names / sizeof *category_names) {
            session_fail(s, line, "unknown trace category '%s'", args->items[i]);
            return false;
        }
        chosen |= 1u << k;
    }
    s->categories = chosen;
    return true;
}

/* `on [NAME:] EVENT WORD: COMMAND`: NAME is a navigator (root without it). */
static bool add_hook(session *s, const strvec *all, int line) {
    const member *navigator = s->members[0];
    size_t first_length = all->count ? strlen(all->items[0]) : 0;
    member *named = first_length && all->items[0][first_length - 1] == ':'
                        ? find_member(s, all->items[0], first_length - 1) : NULL;
    if (named) navigator = named;
    strvec rest = sv_slice(all, named ? 1 : 0);
    const strvec *args = &rest;
    size_t colon = 0;
    while (colon < args->count) {
        size_t length = strlen(args->items[colon]);
        if (length && args->items[colon][length - 1] == ':') break;
        colon++;
    }
    if (colon == args->count || colon + 1 >= args->count) {
        session_fail(s, line, "`on` needs 'EVENT WORD: COMMAND'");
        sv_free(&rest);
        return false;
    }
    hook made = {.navigator = navigator, .line = line};
    for (size_t i = 0; i <= colon; i++) {
        char *w = xstrdup(args->items[i]);
        if (i == colon) w[strlen(w) - 1] = '\0';
        if (w[0]) sv_push(&made.event, w);
        else free(w);
    }
    made.command = sv_slice(args, colon + 1);
    s->hooks = xrealloc(s->hooks, (s->hook_count + 1) * sizeof *s->hooks);
    s->hooks[s->hook_count++] = made;
    sv_free(&rest);
    return true;
}

/* `navigator NAME [hidden] [pump]` (SPEC §16.13): root is made first, so the new navigator takes
 * root's dispatch mode at this line (host mode with `pump`). */
static bool add_navigator(session *s, const strvec *args, int line) {
    const char *name = session_word(s, args, 0, line);
    if (!name) return false;
    bool valid = name[0] >= 'a' && name[0] <= 'z';
    for (const char *c = name; *c && valid; c++)
        valid = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_';
    if (!valid) {
        session_fail(s, line, "'%s' is not a navigator name ([a-z][a-z0-9_]*)", name);
        return false;
    }
    if (one_of(name, reserved_names, COUNT(reserved_names))) {
        session_fail(s, line, "'%s' is a reserved word, not a navigator name", name);
        return false;
    }
    if (find_member(s, name, strlen(name))) {
        session_fail(s, line, "navigator '%s' exists", name);
        return false;
    }
    for (size_t i = 1; i < args->count; i++) {
        if (strcmp(args->items[i], "hidden") != 0 && strcmp(args->items[i], "pump") != 0) {
            session_fail(s, line, "unknown navigator option '%s'", args->items[i]);
            return false;
        }
    }
    member *root = s->members[0];
    session_member_nav(s, root, false);
    member *m = add_member(s, name, option_given(args, "pump") || root->host_dispatch);
    session_set_status(s, session_member_nav(s, m, option_given(args, "hidden")) ? NAVCORE_OK : NAVCORE_ERR_INTERNAL);
    return true;
}

/* `drain`, `drain N` (a bounded drain of N ops) or `drain for T` (of T seconds); false on a
 * scenario error. */
static bool drain(session *s, const strvec *args, int line) {
    long count;
    double seconds;
    if (!args->count) {
        session_set_status(s, navcore_drain(session_nav(s)));
    } else if (strcmp(args->items[0], "for") == 0) {
        const char *text = session_word(s, args, 1, line);
        if (!text) return false;
        if (!scenario_decimal(text, &seconds)) {
            session_fail(s, line, "drain for needs a time in seconds");
            return false;
        }
        session_set_status(s, navcore_drain_for(session_nav(s), seconds));
    } else if (scenario_whole_number(args->items[0], &count)) {
        session_set_status(s, navcore_drain_ops(session_nav(s), (size_t)count));
    } else {
        session_fail(s, line, "drain takes a count of ops or 'for' and a time");
        return false;
    }
    return true;
}

/* The commands of families (SPEC §16.13), below. */
static bool attach(session *s, const strvec *args, int line);
static bool activate(session *s, const strvec *args, int line);
static bool present(session *s, const strvec *args, int line);
static bool dismiss(session *s, const strvec *args, int line);
static bool leave(session *s);
static member *family_last(session *s, member *m, bool decision);
static uint64_t family_transition(session *s, member *m);

/* Runs a command of the navigator s->current. */
static bool command(session *s, const strvec *words, int line) {
    member *m = s->current;
    const char *verb = words->count ? words->items[0] : "";
    strvec args = sv_slice(words, 1);
    strvec plain = {0};
    for (size_t i = 0; i < args.count; i++)
        if (strcmp(args.items[i], "instant") != 0) sv_push(&plain, xstrdup(args.items[i]));
    bool ok = true;
    int status;
    uint64_t id;

    if (session_ask_op(s, verb, &args, &plain, line, &ok)) {
        /* an op command: ops.c */
    } else if (strcmp(verb, "progress") == 0) {
        const char *text = session_word(s, &args, 0, line);
        double value = 0;
        if (!(ok = text != NULL)) {
        } else if (!(ok = scenario_progress(text, &value))) {
            session_fail(s, line, "progress needs a number");
        } else {
            navcore_navigator *n = session_nav(s);
            session_set_status(s, navcore_transition_progress(n, family_transition(s, m), value));
        }
    } else if (strcmp(verb, "finish") == 0) {
        navcore_navigator *n = session_nav(s);
        session_set_status(s, navcore_transition_finish(n, family_transition(s, m)));
    } else if (strcmp(verb, "cancel") == 0) {
        navcore_navigator *n = session_nav(s);
        session_set_status(s, navcore_transition_cancel(n, family_transition(s, m)));
    } else if (strcmp(verb, "drain") == 0) {
        ok = drain(s, &args, line);
    } else if (strcmp(verb, "destroy") == 0) {
        /* navcore_navigator_destroy(NULL) is a no-op: a navigator that could not be made has
         * no handle to destroy, and the status says so. */
        navcore_navigator *n = session_nav(s);
        session_set_status(s, n ? navcore_navigator_destroy(n) : NAVCORE_ERR_INVALID);
    } else if (strcmp(verb, "veto") == 0) {
        const char *label = session_word(s, &args, 0, line);
        const char *answer = label ? session_word(s, &args, 1, line) : NULL;
        bool later = answer && strcmp(answer, "later") == 0;
        int on = later ? 0 : answer ? session_on_off(s, &args, 1, line) : -1;
        if ((ok = on >= 0)) {
            sv_remove(&s->vetoed, label);
            sv_remove(&s->deferred, label);
            if (on) sv_push(&s->vetoed, xstrdup(label));
            if (later) sv_push(&s->deferred, xstrdup(label));
        }
    } else if (strcmp(verb, "decide") == 0) {
        member *decided = family_last(s, m, true);
        if (!(ok = decided && decided->has_decision)) {
            session_fail(s, line, "decide: the veto never answered later");
        } else {
            int allow = either(s, &args, 0, line, "yes", "no");
            if ((ok = allow >= 0)) session_set_status(s, navcore_decide(session_nav(s), decided->last_decision, allow));
        }
    } else if (strcmp(verb, "attach") == 0) {
        ok = attach(s, &args, line);
    } else if (strcmp(verb, "activate") == 0) {
        ok = activate(s, &args, line);
    } else if (strcmp(verb, "present") == 0) {
        ok = present(s, &args, line);
    } else if (strcmp(verb, "dismiss") == 0) {
        ok = dismiss(s, &args, line);
    } else if (strcmp(verb, "leave") == 0) {
        ok = leave(s);
    } else if (strcmp(verb, "set_result") == 0 || strcmp(verb, "set_saved") == 0) {
        const char *label = session_word(s, &args, 0, line), *text = NULL;
        if ((ok = label && session_labelled(s, label, line, &id) && text_or_none(s, &args, 1, line, &text))) {
            navcore_navigator *n = session_nav(s);
            session_set_status(s, strcmp(verb, "set_result") == 0 ? navcore_screen_set_result(n, id, text)
                                                          : navcore_screen_set_saved_state(n, id, text));
        }
    } else if (strcmp(verb, "listen") == 0 || strcmp(verb, "discard") == 0) {
        const char *label = session_word(s, &args, 0, line);
        if ((ok = label && session_labelled(s, label, line, &id))) {
            navcore_navigator *n = session_nav(s);
            if (strcmp(verb, "discard") == 0) {
                session_set_status(s, navcore_screen_discard(n, id));
            } else {
                ctx_token *token = events_ctx_token(s, m, "result");
                status = navcore_screen_on_result(n, id, events_result_listener(s), token, events_destructor(s));
                token->accepted = status >= 0;
                session_set_status(s, status);
            }
        }
    } else if (strcmp(verb, "retain") == 0) {
        const char *label = session_word(s, &args, 0, line);
        int on = -1;
        if ((ok = label && session_labelled(s, label, line, &id) && (on = either(s, &args, 1, line, "on", "off")) >= 0))
            session_set_status(s, navcore_screen_retain(session_nav(s), id, on));
    } else if (strcmp(verb, "unroute") == 0) {
        const char *route = session_word(s, &args, 0, line);
        if ((ok = route != NULL)) session_set_status(s, navcore_route_unregister(session_nav(s), route));
    } else if (strcmp(verb, "route") == 0) {
        const char *route = session_word(s, &args, 0, line);
        if ((ok = route != NULL)) {
            bool fails = option_given(&args, "fail");
            navcore_navigator *n = session_nav(s);
            ctx_token *token = events_ctx_token(s, m, "route");
            status = navcore_route_register(n, route, events_factory(s, fails), token, events_destructor(s));
            token->accepted = status >= 0;
            session_set_status(s, status);
        }
    } else if (strcmp(verb, "threshold") == 0) {
        const char *text = session_word(s, &args, 0, line);
        long value = 0;
        if (!(ok = text != NULL)) {
        } else if (!(ok = scenario_whole_number(text, &value))) {
            session_fail(s, line, "threshold needs a whole number");
        } else {
            navcore_navigator *n = session_nav(s);
            session_set_status(s, navcore_set_bar_threshold(n, (size_t)value));
        }
    } else if (strcmp(verb, "config") == 0) {
        ok = configure(s, &args, line);
    } else if (strcmp(verb, "trace") == 0) {
        ok = set_trace(s, &args, line);
    } else if (strcmp(verb, "on") == 0) {
        ok = add_hook(s, &args, line);
    } else if (strcmp(verb, "navigator") == 0) {
        ok = add_navigator(s, &args, line);
    } else {
        char *joined = sv_join(words->items, words->count, " ");
        session_fail(s, line, "unknown command '%s'", joined);
        free(joined);
        ok = false;
    }
    sv_free(&args);
    sv_free(&plain);
    return ok;
}

/* A line's `NAME:` prefix, if it has one (*explicit; NULL for none), and its command (*command,
 * owned); false = a scenario error, recorded (SPEC §16.13). */
static bool prefixed(session *s, const strvec *words, int line, member **explicit, strvec *command) {
    *explicit = NULL;
    size_t length = words->count ? strlen(words->items[0]) : 0;
    if (!length || words->items[0][length - 1] != ':') {
        *command = sv_slice(words, 0);
        return true;
    }
    *explicit = find_member(s, words->items[0], length - 1);
    if (!*explicit) {
        session_fail(s, line, "no navigator is named '%.*s'", (int)(length - 1), words->items[0]);
        return false;
    }
    if (words->count < 2) {
        session_fail(s, line, "'%s' needs a command", words->items[0]);
        return false;
    }
    const char *verb = words->items[1];
    size_t verb_length = strlen(verb);
    bool trace = words->count == 3 && strcmp(verb, "expect") == 0 && strcmp(words->items[2], "trace") == 0;
    if (verb_length && verb[verb_length - 1] == ':') {
        session_fail(s, line, "a command takes one navigator prefix");
        return false;
    }
    if (trace || one_of(verb, unprefixed, COUNT(unprefixed))) {
        session_fail(s, line, "`%s` takes no navigator prefix", trace ? "expect trace" : verb);
        return false;
    }
    *command = sv_slice(words, 1);
    return true;
}

/* The navigator that owns the screen labelled `label` (NULL: none, or no label). */
static member *owner(session *s, const char *label) {
    screen_entry *e = label ? labelled_entry(s, label) : NULL;
    return e ? e->owner : NULL;
}

/* ---- families (SPEC §16.13) ---------------------------------------------------------------- */

navcore_navigator *session_family_root(session *s, member *m) {
    navcore_navigator *n = session_member_nav(s, m, false), *parent = NULL;
    while (n && navcore_parent(&parent, n) == NAVCORE_OK && parent) n = parent;
    return n;
}

/* The member whose animator (`decision` false) or veto hook (true) heard last while in the family
 * whose root is m's root now: `finish`, `cancel`, `progress` and `decide` may be asked of any
 * navigator of a family (SPEC §16.6). NULL when no member of it heard. */
static member *family_last(session *s, member *m, bool decision) {
    navcore_navigator *root = session_family_root(s, m);
    member *newest = NULL;
    for (size_t i = 0; i < s->member_count; i++) {
        member *other = s->members[i];
        navcore_navigator *heard_in = decision ? other->decision_root : other->transition_root;
        unsigned long order = decision ? other->decision_order : other->transition_order;
        unsigned long best = !newest ? 0 : decision ? newest->decision_order : newest->transition_order;
        if (heard_in && heard_in == root && order > best) newest = other;
    }
    return newest;
}

/* The id of the latest transition of m's family (0 for none). */
static uint64_t family_transition(session *s, member *m) {
    member *heard = family_last(s, m, false);
    return heard ? heard->last_transition : 0;
}

/* The name of the navigator a query returned (`-` for none, or one the scenario never named). */
static const char *name_of(session *s, navcore_navigator *n) {
    member *m = n ? session_member_by_nav(s, n) : NULL;
    return m ? m->name : "-";
}

/* The navigator of the member `name` (made at first use); NULL after recording a scenario error. */
static member *member_named(session *s, const char *name, int line) {
    member *m = name ? find_member(s, name, strlen(name)) : NULL;
    if (!m && name) session_fail(s, line, "no navigator is named '%s'", name);
    if (m) session_member_nav(s, m, false);
    return m;
}

/* Whether every word of args from `first` on is one of `known` (else a scenario error, recorded). */
static bool known_options(session *s, const strvec *args, size_t first, const char *const *known, size_t count,
                          const char *verb, int line) {
    for (size_t i = first; i < args->count; i++) {
        if (!one_of(args->items[i], known, count)) {
            session_fail(s, line, "unknown %s option '%s'", verb, args->items[i]);
            return false;
        }
    }
    return true;
}

/* Asks an op of m's navigator through `ask` with a fresh op token: the call's status is kept. */
#define ASK_OP(s, m, op, call_with_token)                                                         \
    do {                                                                                          \
        op_token *token_ = events_op_token((s), (m), (op), NULL);                                  \
        navcore_done_fn done_ = events_completion(s);                                             \
        int status_ = (call_with_token);                                                          \
        token_->accepted = status_ >= 0;                                                          \
        session_set_status((s), status_);                                                         \
    } while (0)

/* `attach NAME to L`: asked of the navigator that owns L. */
static bool attach(session *s, const strvec *args, int line) {
    if (args->count != 3 || strcmp(args->items[1], "to") != 0) {
        session_fail(s, line, "attach takes 'NAME to L'");
        return false;
    }
    member *child = member_named(s, args->items[0], line);
    uint64_t screen = 0;
    if (!child || !session_labelled(s, args->items[2], line, &screen)) return false;
    member *parent = owner(s, args->items[2]);
    if (!parent) parent = s->members[0];
    navcore_navigator *n = session_member_nav(s, parent, false);
    ASK_OP(s, parent, NAVCORE_OP_ATTACH, navcore_attach(n, screen, child->nav, NULL, done_, token_));
    return true;
}

/* `activate NAME [retap] [instant]`: asked of NAME. */
static bool activate(session *s, const strvec *args, int line) {
    static const char *const known[] = {"retap", "instant"};
    member *child = member_named(s, session_word(s, args, 0, line), line);
    if (!child || !known_options(s, args, 1, known, COUNT(known), "activate", line)) return false;
    navcore_activate_options options = NAVCORE_ACTIVATE_OPTIONS_INIT;
    options.animated = !sv_contains(args, "instant");
    options.retap = sv_contains(args, "retap") ? NAVCORE_RETAP_POP_TO_ROOT : NAVCORE_RETAP_NONE;
    ASK_OP(s, child, NAVCORE_OP_ACTIVATE, navcore_activate(child->nav, &options, done_, token_));
    return true;
}

/* `present NAME [instant] [overlay] [sticky]`. */
static bool present(session *s, const strvec *args, int line) {
    static const char *const known[] = {"instant", "overlay", "sticky"};
    member *modal = member_named(s, session_word(s, args, 0, line), line);
    if (!modal || !known_options(s, args, 1, known, COUNT(known), "present", line)) return false;
    navcore_present_options options = NAVCORE_PRESENT_OPTIONS_INIT;
    options.animated = !sv_contains(args, "instant");
    options.covers = !sv_contains(args, "overlay");
    options.dismiss_on_back = !sv_contains(args, "sticky");
    navcore_navigator *n = session_nav(s);
    ASK_OP(s, s->current, NAVCORE_OP_PRESENT, navcore_present(n, modal->nav, &options, done_, token_));
    return true;
}

/* `dismiss [instant] [result=TEXT]`: those words only (the last `result=` given). */
static bool dismiss(session *s, const strvec *args, int line) {
    navcore_dismiss_options options = NAVCORE_DISMISS_OPTIONS_INIT;
    for (size_t i = 0; i < args->count; i++) {
        if (strncmp(args->items[i], "result=", 7) == 0) {
            options.result = args->items[i] + 7;
        } else if (strcmp(args->items[i], "instant") == 0) {
            options.animated = false;
        } else {
            session_fail(s, line, "unknown dismiss option '%s'", args->items[i]);
            return false;
        }
    }
    navcore_navigator *n = session_nav(s);
    ASK_OP(s, s->current, NAVCORE_OP_DISMISS, navcore_dismiss(n, &options, done_, token_));
    return true;
}

/* `leave` (its other words are not read). */
static bool leave(session *s) {
    navcore_navigator *n = session_nav(s);
    ASK_OP(s, s->current, NAVCORE_OP_LEAVE, navcore_leave(n, done_, token_));
    return true;
}

/* Runs a command, asked of `explicit`, else of the owner of the label a label command names,
 * else of root. */
static bool run_command(session *s, const strvec *words, int line, member *explicit) {
    member *m = explicit;
    if (!m && words->count && one_of(words->items[0], label_commands, COUNT(label_commands))) {
        const char *named = NULL;
        bool again = strcmp(words->items[0], "push_again") == 0;
        for (size_t i = 1; i < words->count && !named; i++)
            if (!again || strcmp(words->items[i], "instant") != 0) named = words->items[i];
        m = owner(s, named);
    }
    member *saved = s->current;
    s->current = m ? m : s->members[0];
    bool ok = command(s, words, line);
    s->current = saved;
    return ok;
}

bool session_execute(session *s, const strvec *words, int line) {
    member *explicit;
    strvec rest;
    if (!prefixed(s, words, line, &explicit, &rest)) return false;
    bool ok = run_command(s, &rest, line, explicit);
    sv_free(&rest);
    return ok;
}

/* ---- checks ------------------------------------------------------------------------------- */

static char *stack_labels(session *s, navcore_navigator *n) {
    size_t count = 0;
    if (navcore_stack_copy(&count, NULL, 0, n) < 0 || count == 0) return xstrdup("");
    uint64_t *ids = xmalloc(count * sizeof *ids);
    size_t copied = count;
    if (navcore_stack_copy(&copied, ids, count, n) < 0) copied = 0;
    if (copied > count) copied = count;
    strvec labels = {0};
    for (size_t i = 0; i < copied; i++) sv_push(&labels, session_label(s, ids[i]));
    char *joined = sv_join(labels.items, labels.count, " ");
    sv_free(&labels);
    free(ids);
    return joined;
}

/* `expect …` (after the word `expect`), of `explicit`, else of the owner of the label of
 * `result_of L`, `saved_of L`, `live L`, `retained L` or `active L`, else of root; a failure repeats the line's prefix. */
static void check(session *s, const strvec *words, int line, member *explicit, const char *prefix) {
    const char *what = session_word(s, words, 0, line);
    if (!what) return;
    bool of_text = strcmp(what, "result_of") == 0 || strcmp(what, "saved_of") == 0;
    bool of_screen = of_text || strcmp(what, "live") == 0 || strcmp(what, "retained") == 0 || strcmp(what, "active") == 0;
    size_t skipped = words->count < (of_screen ? 2u : 1u) ? words->count : of_screen ? 2u : 1u;
    char *expected = sv_join(words->items + skipped, words->count - skipped, " ");
    member *m = explicit ? explicit : of_screen && words->count > 1 ? owner(s, words->items[1]) : NULL;
    navcore_navigator *n = session_member_nav(s, m ? m : s->members[0], false);
    int state = NAVCORE_ACTION_IDLE;
    bool dead = navcore_action_state(&state, n) == NAVCORE_ERR_INVALID_HANDLE;
    char *seen = NULL;
    bool flag = false;
    size_t count = 0;
    uint64_t top = 0;
    if (strcmp(what, "stack") == 0) {
        seen = stack_labels(s, n);
    } else if (strcmp(what, "top") == 0) {
        seen = navcore_top(&top, n) >= 0 && top ? session_label(s, top) : xstrdup("-");
    } else if (strcmp(what, "state") == 0) {
        seen = xstrdup(dead ? "dead" : navcore_action_string(state));
    } else if (strcmp(what, "busy") == 0) {
        seen = xstrdup(navcore_is_busy(&flag, n) >= 0 && flag ? "yes" : "no");
    } else if (strcmp(what, "pending") == 0) {
        if (navcore_pending_count(&count, n) < 0) count = 0;
        seen = xasprintf("%lu", (unsigned long)count); /* not %zu: newlib's printf may lack it */
    } else if (strcmp(what, "bar") == 0) {
        flag = true;
        if (!dead && navcore_is_bar_shown(&flag, n) < 0) flag = true;
        seen = xstrdup(dead ? "-" : flag ? "shown" : "hidden");
    } else if (strcmp(what, "status") == 0) {
        seen = xstrdup(s->status);
    } else if (strcmp(what, "saved") == 0 || strcmp(what, "tree") == 0) {
        char *document = NULL;
        int status = strcmp(what, "saved") == 0 ? navcore_save(&document, n) : navcore_save_tree(&document, n);
        seen = status == NAVCORE_OK ? xstrdup(document) : xstrdup("-");
        navcore_free(document);
    } else if (strcmp(what, "parent") == 0 || strcmp(what, "modal") == 0 || strcmp(what, "target") == 0) {
        navcore_navigator *found = NULL;
        int status = strcmp(what, "parent") == 0  ? navcore_parent(&found, n)
                     : strcmp(what, "modal") == 0 ? navcore_modal(&found, n)
                                                  : navcore_back_target(&found, n);
        seen = xstrdup(status == NAVCORE_OK ? name_of(s, found) : "-");
    } else if (strcmp(what, "on_screen") == 0) {
        seen = xstrdup(navcore_is_on_screen(&flag, n) == NAVCORE_OK && flag ? "yes" : "no");
    } else if (of_screen) {
        const char *label = session_word(s, words, 1, line);
        uint64_t id = 0;
        if (!label || !session_labelled(s, label, line, &id)) {
            free(expected);
            return;
        }
        if (of_text) {
            char *text = NULL;
            int status = strcmp(what, "result_of") == 0 ? navcore_screen_result(&text, n, id)
                                                        : navcore_screen_saved_state(&text, n, id);
            seen = xstrdup(status < 0 ? "dead" : text ? text : "-");
            navcore_free(text);
        } else if (strcmp(what, "active") == 0) { /* of L's owner, whatever the prefix; `-` once L is released */
            navcore_navigator *child = NULL, *of = session_member_nav(s, owner(s, label) ? owner(s, label) : s->members[0], false);
            seen = xstrdup(navcore_active_child(&child, of, id) == NAVCORE_OK ? name_of(s, child) : "-");
        } else { /* `live L`, `retained L`: `no` once L is released */
            bool retained = false;
            int status = navcore_screen_is_retained(&retained, n, id);
            seen = xstrdup(status >= 0 && (strcmp(what, "live") == 0 || retained) ? "yes" : "no");
        }
    } else {
        char *joined = sv_join(words->items, words->count, " ");
        session_fail(s, line, "unknown check 'expect %s'", joined);
        free(joined);
        free(expected);
        return;
    }
    if (strcmp(seen, expected) != 0) {
        char *subject = sv_join(words->items, skipped, " "); /* `stack`, `result_of L`, … */
        session_fail(s, line, "%sexpect %s %s: saw '%s'", prefix, subject, expected, seen);
        free(subject);
    }
    free(seen);
    free(expected);
}

/* ---- a run -------------------------------------------------------------------------------- */

/* A line diff (longest common subsequence): `  ` same, `- ` expected, `+ ` seen — exactly
 * Sources/ScenarioKit/TraceDiff.swift, ties included. */
static void trace_diff(session *s, const strvec *expected, const strvec *actual) {
    size_t rows = expected->count, columns = actual->count, width = columns + 1;
    size_t *lengths = xcalloc((rows + 1) * width, sizeof *lengths);
    for (size_t i = rows; i-- > 0;)
        for (size_t j = columns; j-- > 0;) {
            size_t down = lengths[(i + 1) * width + j], right = lengths[i * width + j + 1];
            lengths[i * width + j] = strcmp(expected->items[i], actual->items[j]) == 0
                                         ? lengths[(i + 1) * width + j + 1] + 1
                                         : (down > right ? down : right);
        }
    size_t i = 0, j = 0;
    while (i < rows || j < columns) {
        if (i < rows && j < columns && strcmp(expected->items[i], actual->items[j]) == 0) {
            sv_push(&s->failures, xasprintf("      %s", expected->items[i]));
            i++, j++;
        } else if (j < columns && (i == rows || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j])) {
            sv_push(&s->failures, xasprintf("    + %s", actual->items[j++]));
        } else {
            sv_push(&s->failures, xasprintf("    - %s", expected->items[i++]));
        }
    }
    free(lengths);
}

static bool same_lines(const strvec *a, const strvec *b) {
    if (a->count != b->count) return false;
    for (size_t i = 0; i < a->count; i++)
        if (strcmp(a->items[i], b->items[i]) != 0) return false;
    return true;
}

/* A line of the file: a command or a check, either with a `NAME:` prefix. */
static void perform(session *s, const strvec *words, int line) {
    member *explicit;
    strvec command;
    if (!prefixed(s, words, line, &explicit, &command)) return;
    if (command.count && strcmp(command.items[0], "expect") == 0) {
        strvec rest = sv_slice(&command, 1);
        char *prefix = explicit ? xasprintf("%s ", words->items[0]) : xstrdup("");
        check(s, &rest, line, explicit, prefix);
        free(prefix);
        sv_free(&rest);
    } else {
        run_command(s, &command, line, explicit);
    }
    sv_free(&command);
}

void session_run(session *s, const scenario *file) {
    s->categories = CAT_ALL;
    s->current = add_member(s, "root", false);
    s->recording = true;
    s->status = "ok";
    for (size_t k = 0; k < file->count; k++) {
        const step *current = &file->steps[k];
        if (current->is_trace) {
            if (!same_lines(&current->words, &s->trace)) {
                session_fail(s, current->line, "the trace differs (- expected, + seen):");
                trace_diff(s, &current->words, &s->trace);
            }
            sv_free(&s->trace);
        } else if (current->words.count) {
            perform(s, &current->words, current->line);
        }
    }
    s->recording = false;
    for (size_t i = 0; i < s->member_count; i++)
        if (s->members[i]->nav_made && s->members[i]->nav) navcore_navigator_destroy(s->members[i]->nav);
    events_check_tokens(s);
}

void session_free(session *s) {
    /* The navigator is destroyed (session_run): navcore calls none of the callbacks any more. */
    callback_free_all(&s->addresses);
    sv_free(&s->trace);
    sv_free(&s->failures);
    for (size_t i = 0; i < s->screen_count; i++) {
        free(s->screens[i].label);
        free(s->screens[i].object);
    }
    free(s->screens);
    for (size_t i = 0; i < s->route_count_; i++) free(s->routes[i].route);
    free(s->routes);
    sv_free(&s->vetoed);
    sv_free(&s->deferred);
    for (size_t i = 0; i < s->hook_count; i++) {
        sv_free(&s->hooks[i].event);
        sv_free(&s->hooks[i].command);
    }
    free(s->hooks);
    for (size_t i = 0; i < s->member_count; i++) {
        free(s->members[i]->name);
        free(s->members[i]->prefix);
        free(s->members[i]);
    }
    free(s->members);
    for (size_t i = 0; i < s->ctx_token_count; i++) free(s->ctx_tokens[i]);
    free(s->ctx_tokens);
    for (size_t i = 0; i < s->op_token_count; i++) {
        free(s->op_tokens[i]->name);
        free(s->op_tokens[i]);
    }
    free(s->op_tokens);
    *s = (session){0};
}
