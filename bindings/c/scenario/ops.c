/* The commands that ask an op (SPEC §11), as Sources/ScenarioKit/ScenarioSession.swift's
 * askOp carries them out: the table of verbs (generated from navcore.h's NAVCORE_REQUEST_MAP)
 * gives each its op and the functions that read its words into a navcore_request, one per
 * field; the request is then asked with navcore_ask. */
#include "session.h"

#include <stdlib.h>
#include <string.h>

/* The words of one command and what reading them made: memory the request points into until it
 * is asked, a `run` op's name, and the status of a call the words needed that failed (a new
 * screen that could not be made: the command's status, and nothing is asked). */
typedef struct op_words {
    const strvec *args;  /* the words after the verb */
    const strvec *plain; /* the same without `instant` */
    int line;
    uint64_t *ids;
    navcore_route_entry *entries;
    strvec entry_words; /* `open`'s words, split in place by open_entry */
    navcore_show_options options;
    navcore_open_options open_options;
    const char *run_name;
    int status;
} op_words;

/* Reads one field of the request from the words; false = a scenario error, recorded. */
typedef bool (*word_fn)(session *s, op_words *w, navcore_request *request);

/* The host object of a screen the runner makes: a cell holding its id, freed at its release. */
static int create_screen(session *s, const char *route, uint64_t *out) {
    uint64_t *object = xmalloc(sizeof *object);
    int status = navcore_screen_create(out, session_nav(s), route, object);
    if (status < 0) {
        free(object);
        return status;
    }
    *object = *out;
    session_name(s, s->current, *out, route, true);
    session_entry(s, *out)->object = object;
    return status;
}

/* `push R`'s screen: a new screen of route R. */
static bool word_new_screen(session *s, op_words *w, navcore_request *request) {
    const char *route = session_word(s, w->plain, 0, w->line);
    if (!route) return false;
    w->status = create_screen(s, route, &request->screen);
    return true;
}

/* `pop_to L`'s and `push_again L`'s screen: the one labelled L. */
static bool word_label(session *s, op_words *w, navcore_request *request) {
    const char *label = session_word(s, w->plain, 0, w->line);
    return label && session_labelled(s, label, w->line, &request->screen);
}

/* `set`'s words: each a live screen's label, else a new screen of the route (`#n` dropped). */
static bool word_set(session *s, op_words *w, navcore_request *request) {
    w->ids = w->plain->count ? xmalloc(w->plain->count * sizeof *w->ids) : NULL;
    for (size_t i = 0; i < w->plain->count && w->status >= 0; i++) {
        screen_entry *e = session_known(s, w->plain->items[i]);
        if (e && !e->released) {
            w->ids[i] = e->id;
            continue;
        }
        char *route = scenario_set_route(w->plain->items[i]);
        w->status = create_screen(s, route, &w->ids[i]);
        free(route);
    }
    request->screens = w->ids, request->count = w->plain->count;
    return true;
}

/* Animated unless the word `instant` is given. */
static bool word_not_instant(session *s, op_words *w, navcore_request *request) {
    (void)s;
    request->animated = !sv_contains(w->args, "instant");
    return true;
}

/* Animated when the word `animated` is given (the ops that are instant by default). */
static bool word_animated(session *s, op_words *w, navcore_request *request) {
    (void)s;
    request->animated = sv_contains(w->args, "animated");
    return true;
}

/* `restore DOC [animated]`: the word `animated` after the document. */
static bool word_animated_after_first(session *s, op_words *w, navcore_request *request) {
    (void)s;
    for (size_t i = 1; i < w->args->count; i++)
        if (strcmp(w->args->items[i], "animated") == 0) request->animated = true;
    return true;
}

/* `pop`'s `result=TEXT` (only the first option is read, as the Swift runner reads it). */
static bool word_result(session *s, op_words *w, navcore_request *request) {
    if (!w->plain->count) return true;
    if (strncmp(w->plain->items[0], "result=", 7) != 0) {
        session_fail(s, w->line, "unknown pop option '%s'", w->plain->items[0]);
        return false;
    }
    request->result = w->plain->items[0] + 7;
    return true;
}

/* `run NAME`: the block that records `run NAME` (the name travels with the op's token). */
static bool word_run_name(session *s, op_words *w, navcore_request *request) {
    w->run_name = session_word(s, w->args, 0, w->line);
    request->block = events_run_block(s);
    return w->run_name != NULL;
}

/* `visible on/off`. */
static bool word_visible(session *s, op_words *w, navcore_request *request) {
    int on = session_on_off(s, w->args, 0, w->line);
    request->visible = on == 1;
    return on >= 0;
}

/* `show R`'s route. */
static bool word_route(session *s, op_words *w, navcore_request *request) {
    request->route = session_word(s, w->args, 0, w->line);
    return request->route != NULL;
}

/* `show R`'s options: the words after the route. */
static bool word_show_options(session *s, op_words *w, navcore_request *request) {
    w->options = (navcore_show_options)NAVCORE_SHOW_OPTIONS_INIT;
    for (size_t i = 1; i < w->args->count; i++) {
        const char *option = w->args->items[i];
        if (strcmp(option, "animated") == 0) w->options.animated = true;
        else if (strcmp(option, "keep") == 0) w->options.remove_current = false;
        else if (strcmp(option, "new") == 0) w->options.recycle = NAVCORE_RECYCLE_NONE;
        else if (strcmp(option, "top") == 0) w->options.recycle = NAVCORE_RECYCLE_TOP;
        else if (strncmp(option, "payload=", 8) == 0) w->options.payload = option + 8;
        else {
            session_fail(s, w->line, "unknown show option '%s'", option);
            return false;
        }
    }
    request->show_options = &w->options;
    return true;
}

/* An `open` word R[=TEXT], split as Swift's split(separator: "=", maxSplits: 1) splits it:
 * empty pieces are dropped, so leading `=` are skipped and `R=` has no state; a word of `=`
 * only is a route of that name. `word` is modified in place (the pieces point into it). */
static navcore_route_entry open_entry(char *word) {
    char *route = word + strspn(word, "=");
    if (!*route) return (navcore_route_entry){.route = word};
    char *equals = strchr(route, '=');
    if (!equals) return (navcore_route_entry){.route = route};
    *equals = '\0';
    return (navcore_route_entry){.route = route, .state = equals[1] ? equals + 1 : NULL};
}

/* `open R[=TEXT]… [animated]`: every word but `animated` is an entry. */
static bool word_open(session *s, op_words *w, navcore_request *request) {
    (void)s;
    for (size_t i = 0; i < w->args->count; i++)
        if (strcmp(w->args->items[i], "animated") != 0 && strcmp(w->args->items[i], "focus") != 0)
            sv_push(&w->entry_words, xstrdup(w->args->items[i]));
    w->entries = w->entry_words.count ? xmalloc(w->entry_words.count * sizeof *w->entries) : NULL;
    for (size_t i = 0; i < w->entry_words.count; i++) w->entries[i] = open_entry(w->entry_words.items[i]);
    request->entries = w->entries, request->count = w->entry_words.count;
    return true;
}

/* `open … focus`: options with the request's `animated` and `focus` (none without the word). */
static bool word_focus(session *s, op_words *w, navcore_request *request) {
    (void)s;
    for (size_t i = 0; i < w->args->count; i++) {
        if (strcmp(w->args->items[i], "focus") != 0) continue;
        w->open_options = (navcore_open_options)NAVCORE_OPEN_OPTIONS_INIT;
        w->open_options.animated = request->animated;
        w->open_options.focus = true;
        request->open_options = &w->open_options;
    }
    return true;
}

/* `restore DOC`'s document. */
static bool word_document(session *s, op_words *w, navcore_request *request) {
    request->document = session_word(s, w->args, 0, w->line);
    return request->document != NULL;
}

/* `restore_tree DOC`'s saved tree. */
static bool word_tree(session *s, op_words *w, navcore_request *request) {
    request->tree = session_word(s, w->args, 0, w->line);
    return request->tree != NULL;
}

// BEGIN GENERATED by scripts/generate.py (op commands) from include/navcore.h (NAVCORE_REQUEST_MAP) and scripts/ops.py (the words of each field): edit them, then run `make generate`
/* The commands that ask an op (SPEC §11), one per method of the table of ops: the op, and
 * the functions that read its words into the request's fields, in order. */
static const struct op_verb {
    const char *verb;
    int op;
    word_fn words[3];
} op_verbs[] = {
    {"push", NAVCORE_OP_PUSH, {word_new_screen, word_not_instant}},
    {"pop", NAVCORE_OP_POP, {word_not_instant, word_result}},
    {"pop_to", NAVCORE_OP_POP_TO, {word_label, word_not_instant}},
    {"pop_to_root", NAVCORE_OP_POP_TO_ROOT, {word_not_instant}},
    {"set", NAVCORE_OP_SET, {word_set, word_not_instant}},
    {"back", NAVCORE_OP_BACK, {word_not_instant}},
    {"gesture", NAVCORE_OP_GESTURE, {NULL}},
    {"run", NAVCORE_OP_RUN, {word_run_name}},
    {"visible", NAVCORE_OP_VISIBLE, {word_visible}},
    {"show", NAVCORE_OP_SHOW, {word_route, word_show_options}},
    {"open", NAVCORE_OP_OPEN, {word_open, word_animated, word_focus}},
    {"restore", NAVCORE_OP_OPEN, {word_document, word_animated_after_first}},
    {"restore_tree", NAVCORE_OP_OPEN, {word_tree, word_animated_after_first}},
    {"push_again", NAVCORE_OP_PUSH, {word_label, word_not_instant}},
};
// END GENERATED (op commands)

bool session_ask_op(session *s, const char *verb, const strvec *args, const strvec *plain, int line, bool *ok) {
    const struct op_verb *found = NULL;
    for (size_t i = 0; i < sizeof op_verbs / sizeof *op_verbs && !found; i++)
        if (strcmp(op_verbs[i].verb, verb) == 0) found = &op_verbs[i];
    if (!found) return false;
    navcore_request request = NAVCORE_REQUEST_INIT;
    request.op = found->op;
    op_words w = {.args = args, .plain = plain, .line = line, .status = NAVCORE_OK};
    *ok = true;
    for (size_t i = 0; i < sizeof found->words / sizeof *found->words && found->words[i] && *ok && w.status >= 0; i++)
        *ok = found->words[i](s, &w, &request);
    if (*ok) {
        int status = w.status;
        if (status >= 0) {
            op_token *token = events_op_token(s, s->current, found->op, w.run_name);
            status = navcore_ask(session_nav(s), &request, events_completion(s), token);
            token->accepted = status >= 0;
        }
        session_set_status(s, status);
    }
    free(w.ids);
    free(w.entries);
    sv_free(&w.entry_words);
    return true;
}
