/*
 * navcore-gtk4.c — see navcore-gtk4.h. One mirror: the navigator, the GtkStack (weakly held),
 * the widgets it mounted, and the transition it plays.
 *
 * The mirror is shared by the app (until navcore_gtk_mirror_free), its observer and animator
 * registrations (until navcore runs their ctx destructors) and its pending GLib sources; the
 * last of them frees it. Everything but the count runs on GTK's thread.
 */
#define G_LOG_DOMAIN "navcore-gtk4"
#include "navcore-gtk4.h"

#include <inttypes.h>
#include <stdio.h>

struct navcore_gtk_mirror {
    gint refs;
    navcore_navigator *nav;
    GtkStack *stack;           /* NULL once destroyed (or the mirror freed): no reference held */
    gulong running_handler;    /* notify::transition-running */
    uint64_t observer;         /* the observer's token; 0 once navcore ended it */
    bool animator;             /* registered as the navigator's animator, until replaced */
    GHashTable *mounted;       /* the widgets mounted in the stack, each with a reference */
    uint64_t sliding;          /* the transition whose slide plays: finished when it stops */
    uint64_t provisional;      /* the interactive transition of a gesture in flight */
    guint finish_source;       /* an idle that finishes `sliding` */
    guint fallback_source;     /* a timeout that finishes `sliding` if GTK never says it stopped */
    unsigned slides_played;
    unsigned fallbacks;
};

static navcore_gtk_mirror *mirror_ref(navcore_gtk_mirror *m) {
    g_atomic_int_inc(&m->refs);
    return m;
}

static void mirror_unref(gpointer data) {
    navcore_gtk_mirror *m = data;
    if (!g_atomic_int_dec_and_test(&m->refs)) return;
    g_hash_table_unref(m->mounted);
    g_free(m);
}

/* Refuses a call that needs the stack once it is gone. */
static int refuse_without_stack(const navcore_gtk_mirror *m, const char *function) {
    if (m->stack) return NAVCORE_OK;
    g_warning("%s: the GtkStack of this mirror was destroyed: it shows the navigator no more", function);
    return NAVCORE_ERR_STATE;
}

/* ---- pages ------------------------------------------------------------------------------- */

/* Mounts screen `id`'s widget, unless it is mounted already (or the screen has none). */
static void mount(navcore_gtk_mirror *m, uint64_t id, void *object) {
    GtkWidget *widget = object;
    if (!widget || !m->stack || g_hash_table_contains(m->mounted, widget)) return;
    if (!GTK_IS_WIDGET(widget)) {
        g_warning("screen %" PRIu64 "'s object is no GtkWidget: the mirror cannot show it", id);
        return;
    }
    if (gtk_widget_get_parent(widget)) {
        g_warning("screen %" PRIu64 "'s widget has a parent already: the mirror cannot mount it", id);
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "navcore-%" PRIu64, id);
    gtk_stack_add_named(m->stack, widget, name);
    g_hash_table_add(m->mounted, g_object_ref(widget));
}

/* Unmounts `object` if the mirror mounted it. Looked up before anything reads through it: the
 * app may have dropped its own reference already, and then only a mounted widget is alive. */
static void unmount(navcore_gtk_mirror *m, void *object) {
    if (!object || !g_hash_table_contains(m->mounted, object)) return;
    if (m->stack) gtk_stack_remove(m->stack, object);
    g_hash_table_remove(m->mounted, object);
}

/* Shows screen `id` (mounting it if needed) with `type`; NONE = at once. */
static void show(navcore_gtk_mirror *m, uint64_t id, void *object, GtkStackTransitionType type) {
    mount(m, id, object);
    if (!object || !g_hash_table_contains(m->mounted, object)) return;
    char name[32];
    snprintf(name, sizeof name, "navcore-%" PRIu64, id);
    gtk_stack_set_visible_child_full(m->stack, name, type);
}

/* Shows navcore's top now, if there is one. */
static void show_top(navcore_gtk_mirror *m, GtkStackTransitionType type) {
    uint64_t top = 0;
    void *object = NULL;
    if (navcore_top(&top, m->nav) != NAVCORE_OK || top == 0) return;
    if (navcore_screen_object(&object, m->nav, top) != NAVCORE_OK) return;
    show(m, top, object, type);
}

/* ---- slides -------------------------------------------------------------------------------- */

static void cancel_fallback(navcore_gtk_mirror *m) {
    if (m->fallback_source) g_source_remove(m->fallback_source);
    m->fallback_source = 0;
}

/* Finishes the transition whose slide stopped. */
static void finish_slide(navcore_gtk_mirror *m) {
    cancel_fallback(m);
    uint64_t id = m->sliding;
    m->sliding = 0;
    if (id) navcore_transition_finish(m->nav, id);
}

/* An idle: not from inside GtkStack's notify, since finishing runs the next ops at once, which
 * change the GtkStack again while it is still emitting. */
static gboolean finish_in_idle(gpointer data) {
    navcore_gtk_mirror *m = data;
    m->finish_source = 0;
    finish_slide(m);
    return G_SOURCE_REMOVE;
}

static void schedule_finish(navcore_gtk_mirror *m) {
    if (!m->finish_source) m->finish_source = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, finish_in_idle, mirror_ref(m), mirror_unref);
}

/* The backstop: the slide has run its duration and the margin, and GTK never said it stopped. */
static gboolean fallback_due(gpointer data) {
    navcore_gtk_mirror *m = data;
    m->fallback_source = 0;
    m->fallbacks++;
    g_message("GTK never reported the end of a slide: its transition is finished after %u ms",
              gtk_stack_get_transition_duration(m->stack) + NAVCORE_GTK_FALLBACK_MARGIN_MS);
    finish_slide(m);
    return G_SOURCE_REMOVE;
}

/* GtkStack's notify::transition-running: a slide started or stopped. */
static void transition_running_changed(GObject *stack, GParamSpec *pspec, gpointer data) {
    (void)pspec;
    navcore_gtk_mirror *m = data;
    if (gtk_stack_get_transition_running(GTK_STACK(stack))) {
        m->slides_played++;
    } else if (m->sliding) {
        cancel_fallback(m);
        schedule_finish(m);
    }
}

/* Slides to screen `id` and finishes transition `transition` when the slide stops: at once if GTK
 * plays none (animations disabled, a zero duration: transition-running never changes), else at
 * the notify, or at the fallback's time. */
static void slide(navcore_gtk_mirror *m, uint64_t transition, uint64_t id, void *object, GtkStackTransitionType type) {
    m->sliding = transition;
    show(m, id, object, type);
    if (!gtk_stack_get_transition_running(m->stack)) {
        schedule_finish(m);
        return;
    }
    guint due = gtk_stack_get_transition_duration(m->stack) + NAVCORE_GTK_FALLBACK_MARGIN_MS;
    cancel_fallback(m);
    m->fallback_source = g_timeout_add_full(G_PRIORITY_DEFAULT, due, fallback_due, mirror_ref(m), mirror_unref);
}

/* Ends what the mirror was playing, so that navcore's queue goes on without it. */
static void settle(navcore_gtk_mirror *m) {
    cancel_fallback(m);
    if (m->finish_source) g_source_remove(m->finish_source);
    m->finish_source = 0;
    uint64_t sliding = m->sliding, provisional = m->provisional;
    m->sliding = m->provisional = 0;
    if (sliding) navcore_transition_finish(m->nav, sliding);
    if (provisional) navcore_transition_cancel(m->nav, provisional);
}

static gboolean settle_in_idle(gpointer data) {
    settle(data);
    return G_SOURCE_REMOVE;
}

/* ---- navcore's events (the observer) and the animator ------------------------------------- */

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    navcore_gtk_mirror *m = ctx;
    if (!m->stack) return;
    switch (event->state) {
    case NAVCORE_ACTION_WILL_PUSH:
    case NAVCORE_ACTION_WILL_POP:
    case NAVCORE_ACTION_WILL_SET:
        mount(m, event->appearing, event->appearing_object); /* before will_show */
        break;
    case NAVCORE_ACTION_DID_PUSH:
    case NAVCORE_ACTION_DID_POP:
    case NAVCORE_ACTION_DID_SET:
        if (!event->animated) show_top(m, GTK_STACK_TRANSITION_TYPE_NONE); /* no transition comes */
        break;
    case NAVCORE_ACTION_POP_CANCELLED:
        m->provisional = 0; /* reverted: the leaving widget never left */
        break;
    default:
        break; /* *_completed: the removed screens were released (and unmounted) just before */
    }
}

/* A screen is released after its did_hide and after its transition ended: off screen. */
static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    unmount(ctx, object);
}

static void observer_ended(void *ctx) {
    navcore_gtk_mirror *m = ctx;
    m->observer = 0;
    mirror_unref(m);
}

static void play(navcore_gtk_mirror *m, const navcore_transition *t) {
    if (t->interactive) {
        m->provisional = t->id; /* the app's recogniser drives it: nothing changes on screen yet */
        return;
    }
    if (t->style == NAVCORE_STYLE_PRESENT || t->style == NAVCORE_STYLE_DISMISS) {
        /* A modal comes over this navigator or leaves it: one of the two screens is the modal's,
         * shown by the app's own widgets, and no page of this stack moves. Finished from an idle,
         * as a slide that GTK does not play. */
        m->sliding = t->id;
        schedule_finish(m);
        return;
    }
    slide(m, t->id, t->to, t->to_object,
          t->style == NAVCORE_STYLE_PUSH ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT : GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
}

/* The animator the mirror registers when asked (removed when the stack goes). */
static void animator(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    play(ctx, t);
}

static void animator_ended(void *ctx) {
    navcore_gtk_mirror *m = ctx;
    m->animator = false;
    mirror_unref(m);
}

/* Takes back what the mirror registered with the navigator. */
static void unregister(navcore_gtk_mirror *m) {
    if (m->observer) navcore_observer_remove(m->nav, m->observer);
    if (m->animator) navcore_on_transition(m->nav, NULL, NULL, NULL);
}

/* ---- the stack's lifetime ----------------------------------------------------------------- */

/* The GtkStack is being destroyed (its children are gone already): follow it no more. What was
 * playing ends in an idle, not inside GTK's dispose, since ending it runs the app's callbacks. */
static void stack_destroyed(gpointer data, GObject *where_the_stack_was) {
    (void)where_the_stack_was;
    navcore_gtk_mirror *m = data;
    m->stack = NULL;
    m->running_handler = 0;
    g_hash_table_remove_all(m->mounted);
    unregister(m);
    cancel_fallback(m);
    if (m->finish_source) g_source_remove(m->finish_source);
    m->finish_source = 0;
    if (m->sliding || m->provisional) g_idle_add_full(G_PRIORITY_DEFAULT, settle_in_idle, mirror_ref(m), mirror_unref);
}

/* ---- the interface ------------------------------------------------------------------------ */

int navcore_gtk_mirror_new(navcore_gtk_mirror **out, navcore_navigator *nav, GtkStack *stack, unsigned int flags) {
    g_return_val_if_fail(out != NULL, NAVCORE_ERR_INVALID);
    g_return_val_if_fail(GTK_IS_STACK(stack), NAVCORE_ERR_INVALID);
    g_return_val_if_fail((flags & ~NAVCORE_GTK_MIRROR_ANIMATOR) == 0, NAVCORE_ERR_INVALID);
    navcore_gtk_mirror *m = g_new0(navcore_gtk_mirror, 1);
    m->refs = 1;
    m->nav = nav;
    m->mounted = g_hash_table_new_full(g_direct_hash, g_direct_equal, g_object_unref, NULL);
    navcore_observer observer = NAVCORE_OBSERVER_INIT;
    observer.action = on_action;
    observer.release = on_release;
    observer.ctx = mirror_ref(m);
    observer.destroy = observer_ended;
    int status = navcore_observer_add(&m->observer, nav, &observer);
    if (status != NAVCORE_OK) {
        mirror_unref(m); /* the observer's: a failed call keeps nothing, no destructor comes */
        mirror_unref(m);
        return status;
    }
    if (flags & NAVCORE_GTK_MIRROR_ANIMATOR) {
        m->animator = true;
        status = navcore_on_transition(nav, animator, mirror_ref(m), animator_ended);
        if (status != NAVCORE_OK) {
            m->animator = false;
            mirror_unref(m); /* the reference the failed registration never took */
            navcore_observer_remove(nav, m->observer);
            mirror_unref(m);
            return status;
        }
    }
    m->stack = stack;
    g_object_weak_ref(G_OBJECT(stack), stack_destroyed, m);
    m->running_handler =
        g_signal_connect(stack, "notify::transition-running", G_CALLBACK(transition_running_changed), m);
    show_top(m, GTK_STACK_TRANSITION_TYPE_NONE); /* a navigator that has a stack already */
    *out = m;
    return NAVCORE_OK;
}

void navcore_gtk_mirror_free(navcore_gtk_mirror *m) {
    if (!m) return;
    if (m->stack) {
        g_signal_handler_disconnect(m->stack, m->running_handler);
        g_object_weak_unref(G_OBJECT(m->stack), stack_destroyed, m);
        GHashTableIter pages;
        gpointer widget;
        g_hash_table_iter_init(&pages, m->mounted);
        while (g_hash_table_iter_next(&pages, &widget, NULL)) gtk_stack_remove(m->stack, widget);
        g_hash_table_remove_all(m->mounted);
        m->stack = NULL;
    }
    unregister(m);
    settle(m);
    mirror_unref(m);
}

int navcore_gtk_mirror_animate(navcore_gtk_mirror *m, const navcore_transition *transition) {
    g_return_val_if_fail(m != NULL && transition != NULL, NAVCORE_ERR_INVALID);
    int status = refuse_without_stack(m, G_STRFUNC);
    if (status == NAVCORE_OK) play(m, transition);
    return status;
}

int navcore_gtk_mirror_gesture_begin(navcore_gtk_mirror *m) {
    g_return_val_if_fail(m != NULL, NAVCORE_ERR_INVALID);
    int status = refuse_without_stack(m, G_STRFUNC);
    return status == NAVCORE_OK ? navcore_gesture_begin(m->nav, NULL, NULL) : status;
}

int navcore_gtk_mirror_gesture_progress(navcore_gtk_mirror *m, double progress) {
    g_return_val_if_fail(m != NULL, NAVCORE_ERR_INVALID);
    int status = refuse_without_stack(m, G_STRFUNC);
    if (status != NAVCORE_OK) return status;
    return m->provisional ? navcore_transition_progress(m->nav, m->provisional, progress) : NAVCORE_ERR_STATE;
}

int navcore_gtk_mirror_gesture_end(navcore_gtk_mirror *m, bool commit) {
    g_return_val_if_fail(m != NULL, NAVCORE_ERR_INVALID);
    int status = refuse_without_stack(m, G_STRFUNC);
    if (status != NAVCORE_OK) return status;
    uint64_t id = m->provisional;
    if (!id) return NAVCORE_ERR_STATE;
    m->provisional = 0;
    if (!commit) return navcore_transition_cancel(m->nav, id);
    /* Commit: navcore's top is already the screen below; slide to it, then finish. */
    uint64_t top = 0;
    void *object = NULL;
    navcore_top(&top, m->nav);
    navcore_screen_object(&object, m->nav, top);
    slide(m, id, top, object, GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
    return NAVCORE_OK;
}

GtkStack *navcore_gtk_mirror_get_stack(const navcore_gtk_mirror *m) {
    g_return_val_if_fail(m != NULL, NULL);
    return m->stack;
}

bool navcore_gtk_mirror_is_animating(const navcore_gtk_mirror *m) {
    g_return_val_if_fail(m != NULL, false);
    return m->sliding != 0 || m->finish_source != 0 || (m->stack && gtk_stack_get_transition_running(m->stack));
}

unsigned int navcore_gtk_mirror_slides_played(const navcore_gtk_mirror *m) {
    g_return_val_if_fail(m != NULL, 0);
    return m->slides_played;
}

unsigned int navcore_gtk_mirror_fallbacks(const navcore_gtk_mirror *m) {
    g_return_val_if_fail(m != NULL, 0);
    return m->fallbacks;
}
