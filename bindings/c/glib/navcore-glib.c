/*
 * navcore-glib.c — see navcore-glib.h. One attachment per navigator: the context, the state of
 * its drain source, and a flag that the wakeup's ctx destructor sets when the attachment ends,
 * shared with the source (which holds a reference).
 */
#include "navcore-glib.h"

/*
 * Where the attachment's drain source stands. The wakeup (any thread) and the source (the
 * context's thread) move it by compare-and-swap, so that at most one source is attached and no
 * wakeup is lost:
 *   IDLE       no source: a wakeup attaches one, at G_PRIORITY_DEFAULT (-> SCHEDULED);
 *   SCHEDULED  a source is attached and will drain: a wakeup has nothing to do;
 *   RUNNING    the source is draining: a wakeup (a post from another thread, or the drain's
 *              own when it stops with ops left) means it must run again (-> RERUN);
 *   RERUN      the source runs again after this drain.
 * A drain that ends RUNNING left nothing to do (IDLE, the source goes); one that ends RERUN,
 * or returns NAVCORE_QUEUED, keeps its source (SCHEDULED), lowered to G_PRIORITY_DEFAULT_IDLE so
 * that input, resizing and redrawing run between the drains of a flood.
 */
enum { IDLE, SCHEDULED, RUNNING, RERUN };

typedef struct attachment {
    gint refs;              /* the wakeup registration's, and the attached source's */
    gint ended;             /* set once the wakeup is unregistered or the navigator destroyed */
    gint state;             /* the drain source's: IDLE, SCHEDULED, RUNNING, RERUN */
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

/* On the context's thread: a bounded drain, unless the attachment has ended meanwhile; the
 * source stays while work is left. */
static gboolean drain_some(gpointer data) {
    attachment *a = data;
    if (g_atomic_int_get(&a->ended)) return G_SOURCE_REMOVE;
    g_atomic_int_set(&a->state, RUNNING);
    int status = navcore_drain_for(a->nav, NAVCORE_GLIB_DRAIN_SECONDS);
    if (status != NAVCORE_QUEUED && g_atomic_int_compare_and_exchange(&a->state, RUNNING, IDLE))
        return G_SOURCE_REMOVE;
    g_atomic_int_set(&a->state, SCHEDULED);
    g_source_set_priority(g_main_current_source(), G_PRIORITY_DEFAULT_IDLE);
    return G_SOURCE_CONTINUE;
}

/* Any thread: navcore calls it once per batch of work, until the next drain. */
static void wakeup(navcore_navigator *nav, void *ctx) {
    (void)nav;
    attachment *a = ctx;
    for (;;) {
        if (g_atomic_int_compare_and_exchange(&a->state, RUNNING, RERUN)) return;
        if (g_atomic_int_compare_and_exchange(&a->state, IDLE, SCHEDULED)) break;
        gint state = g_atomic_int_get(&a->state);
        if (state == SCHEDULED || state == RERUN) return;  /* a source will drain */
    }
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, drain_some, attachment_ref(a), attachment_unref);
    g_source_set_static_name(source, "navcore drain");
    g_source_attach(source, a->context); /* thread-safe; wakes the context's poll */
    g_source_unref(source);
}

int navcore_glib_attach(navcore_navigator *nav, GMainContext *context) {
    attachment *a = g_new0(attachment, 1);
    a->refs = 1;
    a->state = IDLE;
    a->nav = nav;
    a->context = g_main_context_ref(context ? context : g_main_context_default());
    int status = navcore_on_wakeup(nav, wakeup, a, attachment_end);
    if (status != NAVCORE_OK) attachment_unref(a); /* a failing registration keeps nothing */
    return status;
}

int navcore_glib_detach(navcore_navigator *nav) { return navcore_on_wakeup(nav, NULL, NULL, NULL); }
