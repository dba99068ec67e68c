/*
 * navcore-glib.c — see navcore-glib.h. One attachment per navigator: the context, and a flag
 * that the wakeup's ctx destructor sets when the attachment ends, shared with the drains
 * already scheduled (each holds a reference).
 */
#include "navcore-glib.h"

typedef struct attachment {
    gint refs;              /* the wakeup registration's, and one per scheduled drain */
    gint ended;             /* set once the wakeup is unregistered or the navigator destroyed */
    navcore_navigator *nav; /* a handle: a drain after destroy fails harmlessly */
    GMainContext *context;
} attachment;

static attachment *attachment_ref(attachment *a) {
    g_atomic_int_inc(&a->refs);
    return a;
}

static void attachment_unref(gpointer data) {
    attachment *a = data;
    if (!g_atomic_int_dec_and_test(&a->refs)) return;
    g_main_context_unref(a->context);
    g_free(a);
}

/* The wakeup's ctx destructor: the registration ended (replaced, removed, or destroy). */
static void attachment_end(void *data) {
    attachment *a = data;
    g_atomic_int_set(&a->ended, 1);
    attachment_unref(a);
}

/* On the context's thread: run the queue, unless the attachment has ended meanwhile. */
static gboolean drain_once(gpointer data) {
    attachment *a = data;
    if (!g_atomic_int_get(&a->ended)) navcore_drain(a->nav);
    return G_SOURCE_REMOVE;
}

/* Any thread: navcore calls it once per batch of work, until the next drain. */
static void wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav;
    attachment *a = ctx;
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, drain_once, attachment_ref(a), attachment_unref);
    g_source_set_static_name(source, "navcore drain");
    g_source_attach(source, a->context); /* thread-safe; wakes the context's poll */
    g_source_unref(source);
}

int navcore_glib_attach(navcore_navigator *nav, GMainContext *context) {
    attachment *a = g_new0(attachment, 1);
    a->refs = 1;
    a->nav = nav;
    a->context = g_main_context_ref(context ? context : g_main_context_default());
    int status = navcore_on_wakeup(nav, wakeup, a, attachment_end);
    if (status != NAVCORE_OK) attachment_unref(a); /* a failing registration keeps nothing */
    return status;
}

int navcore_glib_detach(navcore_navigator *nav) { return navcore_on_wakeup(nav, NULL, NULL, NULL); }
