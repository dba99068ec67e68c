/* mirror.c — see mirror.h. */
#include "mirror.h"

#include <stdio.h>

struct mirror {
    navcore_navigator *nav;
    GtkStack *stack;
    void (*on_idle)(void *ctx);
    void *idle_ctx;
    uint64_t sliding;     /* the transition whose slide plays: finished when it stops */
    uint64_t provisional; /* the interactive transition of a gesture in progress */
    guint finish_source;  /* an idle that finishes `sliding` */
    int slides_played;
};

/* Numbers the pages' child names. Pages are made on the UI thread, as their widgets must be. */
static unsigned next_page_number;

mirror_page *mirror_page_new(GtkWidget *widget, void *data, void (*free_data)(void *data)) {
    mirror_page *page = g_new0(mirror_page, 1);
    page->widget = g_object_ref_sink(widget);
    snprintf(page->name, sizeof page->name, "page-%u", ++next_page_number);
    page->data = data;
    page->free_data = free_data;
    return page;
}

static void mount(mirror *m, mirror_page *page) {
    if (!page || page->mounted) return;
    gtk_stack_add_named(m->stack, page->widget, page->name);
    page->mounted = true;
}

/* The page of navcore's top now (NULL for an empty stack). */
static mirror_page *top_page(mirror *m) {
    uint64_t top = 0;
    void *object = NULL;
    if (navcore_top(&top, m->nav) != NAVCORE_OK || top == 0) return NULL;
    if (navcore_screen_object(&object, m->nav, top) != NAVCORE_OK) return NULL;
    return object;
}

/* Shows `page` (mounting it if needed) with `type`; NONE = at once. */
static void show(mirror *m, mirror_page *page, GtkStackTransitionType type) {
    if (!page) return;
    mount(m, page);
    gtk_stack_set_visible_child_full(m->stack, page->name, type);
}

/* An idle on the UI thread: finish the transition whose slide has stopped. Not from inside
 * GtkStack's notify, since finishing runs the next ops, which change the GtkStack again. */
static gboolean finish_slide(gpointer data) {
    mirror *m = data;
    m->finish_source = 0;
    uint64_t id = m->sliding;
    m->sliding = 0;
    if (id) navcore_transition_finish(m->nav, id);
    return G_SOURCE_REMOVE;
}

static void schedule_finish(mirror *m) {
    if (!m->finish_source) m->finish_source = g_idle_add(finish_slide, m);
}

/* GtkStack's notify::transition-running: a slide started or stopped. */
static void transition_running_changed(GObject *stack, GParamSpec *pspec, gpointer data) {
    (void)pspec;
    mirror *m = data;
    if (gtk_stack_get_transition_running(GTK_STACK(stack))) {
        m->slides_played++;
    } else if (m->sliding) {
        schedule_finish(m);
    }
}

/* Slides to `page` and finishes `id` when the slide stops, or at once if GTK plays no slide
 * (animations disabled: transition-running never changes). */
static void slide(mirror *m, uint64_t id, mirror_page *page, GtkStackTransitionType type) {
    m->sliding = id;
    show(m, page, type);
    if (!gtk_stack_get_transition_running(m->stack)) schedule_finish(m);
}

static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    mirror *m = ctx;
    switch (event->state) {
    case NAVCORE_ACTION_WILL_PUSH:
    case NAVCORE_ACTION_WILL_POP:
    case NAVCORE_ACTION_WILL_SET:
        mount(m, event->appearing_object); /* before will_show: the widget has its parent */
        break;
    case NAVCORE_ACTION_DID_PUSH:
    case NAVCORE_ACTION_DID_POP:
    case NAVCORE_ACTION_DID_SET:
        if (!event->animated) show(m, top_page(m), GTK_STACK_TRANSITION_TYPE_NONE); /* no animator call comes */
        break;
    case NAVCORE_ACTION_POP_CANCELLED:
        m->provisional = 0; /* reverted: the leaving widget never left */
        break;
    case NAVCORE_ACTION_IDLE:
        if (m->on_idle) m->on_idle(m->idle_ctx);
        break;
    default:
        break; /* *_completed: the removed screens were released (and unmounted) just before */
    }
}

static void on_transition(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    (void)nav;
    mirror *m = ctx;
    if (t->interactive) {
        m->provisional = t->id; /* the host's gesture drives it: nothing changes on screen yet */
        return;
    }
    slide(m, t->id, t->to_object,
          t->style == NAVCORE_STYLE_PUSH ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT : GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
}

static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    mirror *m = ctx;
    mirror_page *page = object;
    if (!page) return;
    if (page->mounted) gtk_stack_remove(m->stack, page->widget);
    g_object_unref(page->widget);
    if (page->free_data) page->free_data(page->data);
    g_free(page);
}

mirror *mirror_new(navcore_navigator *nav, GtkStack *stack, void (*on_idle)(void *ctx), void *ctx) {
    mirror *m = g_new0(mirror, 1);
    m->nav = nav;
    m->stack = stack;
    m->on_idle = on_idle;
    m->idle_ctx = ctx;
    gtk_stack_set_transition_duration(stack, 180);
    g_signal_connect(stack, "notify::transition-running", G_CALLBACK(transition_running_changed), m);
    if (navcore_on_action(nav, on_action, m, NULL) != NAVCORE_OK
        || navcore_on_transition(nav, on_transition, m, NULL) != NAVCORE_OK
        || navcore_on_release(nav, on_release, m, NULL) != NAVCORE_OK) {
        g_printerr("mirror: %s\n", navcore_last_error_message());
    }
    return m;
}

void mirror_free(mirror *m) {
    if (m->finish_source) g_source_remove(m->finish_source);
    g_signal_handlers_disconnect_by_data(m->stack, m);
    g_free(m);
}

int mirror_gesture_begin(mirror *m) { return navcore_gesture_begin(m->nav, NULL, NULL); }

int mirror_gesture_progress(mirror *m, double progress) {
    return m->provisional ? navcore_transition_progress(m->nav, m->provisional, progress) : NAVCORE_ERR_STATE;
}

int mirror_gesture_end(mirror *m, bool commit) {
    uint64_t id = m->provisional;
    if (!id) return NAVCORE_ERR_STATE;
    m->provisional = 0;
    if (!commit) return navcore_transition_cancel(m->nav, id);
    /* Commit: navcore's top is already the screen below; slide to it, then finish. */
    slide(m, id, top_page(m), GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT);
    return NAVCORE_OK;
}

bool mirror_is_animating(const mirror *m) {
    return m->sliding != 0 || m->finish_source != 0 || gtk_stack_get_transition_running(m->stack);
}

int mirror_slides_played(const mirror *m) { return m->slides_played; }
