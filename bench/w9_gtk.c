/*
 * w9_gtk.c — W9 (a): navcore's share of a GTK 4 page change (docs/performance.md).
 *
 * One window under Xvfb shows, in turn, three ways of doing the same page changes:
 *   stack    GtkStack alone: add the page, make it the visible child; back: make home visible,
 *            remove the page;
 *   navcore  navcore + libnavcore-gtk4's mirror on a GtkStack, as an app uses them (host
 *            dispatch drained on GTK's main context by navcore-glib; the app's release callback
 *            drops its reference on the page): create a screen for the page, push; back: pop;
 *   leaflet  libadwaita's AdwLeaflet (folded): append the page, make it the visible child; back:
 *            navigate back, remove the page.
 * Animations are off (gtk-enable-animations, ops not animated). A **cycle** is a push and a pop
 * of a new page (a box holding a label, made in the cycle) over a home page, and a **page
 * change** ends once the main loop has run it: the change is asked, then the main context is
 * iterated until the window's frame clock has painted a frame after it and nothing else is ready
 * to run. So each cycle makes two frames, laid out, snapshotted and drawn (cairo renderer).
 *
 * The time of a cycle is its wall time minus the time the main loop slept in poll() — waiting
 * for the frame clock's next tick (GDK paces frames at 60 Hz, which would otherwise make every
 * cycle 34 ms whatever it did) or for the X server; the thread's CPU time and the plain wall time
 * are reported too. The ways run interleaved, a batch of each in turn (each goes first in turn),
 * after a warm-up batch of each, and each way's figure is the median of its batches.
 *
 *   w9_gtk CYCLES BATCHES [WAY]   prints one JSON line; with WAY, only that way (for callgrind,
 *                                 which counts measured_batch: --toggle-collect=measured_batch)
 *
 * Checked after every batch, for every way: home alone is shown (the container holds one page,
 * home, and it is the visible one); for navcore also its stack is [home], no op runs or waits and
 * the mirror has settled; at the end, navcore released every page once. Exits 1 (ok false) when
 * a check fails or a frame never comes.
 */
#include <adwaita.h>
#include <navcore-glib.h>
#include <navcore-gtk4.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WAY_STACK, WAY_NAVCORE, WAY_LEAFLET, WAYS };
static const char *const way_names[WAYS] = {"stack", "navcore", "leaflet"};

/** How long a page change may wait for its frame before the run fails (a stalled frame clock). */
#define FRAME_TIMEOUT_US (5 * G_USEC_PER_SEC)

typedef struct bench {
    GtkWindow *window;
    GtkWidget *container[WAYS]; /* the GtkStack, the mirror's GtkStack, the AdwLeaflet */
    GtkWidget *home[WAYS];
    navcore_navigator *nav;
    navcore_gtk_mirror *mirror;
    uint64_t home_screen;
    uint64_t paints;     /* frames the window's frame clock painted */
    int64_t slept_ns;    /* time the main loop spent blocked in poll() */
    int64_t released;    /* pages navcore released to the app */
    bool failed;
} bench;

static bench the_bench;

static int64_t clock_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int64_t now_ns(void) { return clock_ns(CLOCK_MONOTONIC); }

/* The main context's poll: times the waits, not the immediate checks. */
static gint timed_poll(GPollFD *fds, guint count, gint timeout) {
    if (timeout == 0) return g_poll(fds, count, 0);
    int64_t start = now_ns();
    gint ready = g_poll(fds, count, timeout);
    the_bench.slept_ns += now_ns() - start;
    return ready;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    ((bench *)data)->paints++;
}

static void fail(bench *b, const char *what) {
    if (!b->failed) fprintf(stderr, "w9_gtk: %s\n", what);
    b->failed = true;
}

/* Runs what the last change asked: until a frame was painted after it and nothing is ready. */
static void settle(bench *b) {
    uint64_t painted = b->paints;
    int64_t deadline = g_get_monotonic_time() + FRAME_TIMEOUT_US;
    while (b->paints == painted && !b->failed) {
        g_main_context_iteration(NULL, TRUE);
        if (g_get_monotonic_time() > deadline) fail(b, "no frame came after a page change");
    }
    while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
}

/* A page: a box holding a label, with a floating reference (its container takes it). */
static GtkWidget *make_page(const char *text) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_box_append(GTK_BOX(box), gtk_label_new(text));
    return box;
}

/* ---- the three ways' push and pop ---------------------------------------------------------- */

static void cycle_stack(bench *b) {
    GtkStack *stack = GTK_STACK(b->container[WAY_STACK]);
    GtkWidget *page = make_page("Page");
    gtk_stack_add_child(stack, page);
    gtk_stack_set_visible_child(stack, page);
    settle(b);
    gtk_stack_set_visible_child(stack, b->home[WAY_STACK]);
    gtk_stack_remove(stack, page);
    settle(b);
}

/* The app's release callback: navcore hands the page back, the app drops its reference. */
static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    ((bench *)ctx)->released++;
    g_object_unref(object);
}

static void cycle_navcore(bench *b) {
    uint64_t screen = 0;
    GtkWidget *page = g_object_ref_sink(make_page("Page"));
    if (navcore_screen_create(&screen, b->nav, "page", page) != NAVCORE_OK ||
        navcore_push(b->nav, screen, false, NULL, NULL) < 0) { /* host dispatch: NAVCORE_QUEUED */
        fail(b, "navcore refused the push");
        return;
    }
    settle(b);
    if (navcore_pop(b->nav, false, NULL, NULL) < 0) fail(b, "navcore refused the pop");
    settle(b);
}

static void cycle_leaflet(bench *b) {
    AdwLeaflet *leaflet = ADW_LEAFLET(b->container[WAY_LEAFLET]);
    GtkWidget *page = make_page("Page");
    adw_leaflet_append(leaflet, page);
    adw_leaflet_set_visible_child(leaflet, page);
    settle(b);
    if (!adw_leaflet_navigate(leaflet, ADW_NAVIGATION_DIRECTION_BACK)) fail(b, "the leaflet did not go back");
    adw_leaflet_remove(leaflet, page);
    settle(b);
}

static void run_cycles(bench *b, int way, long cycles) {
    for (long i = 0; i < cycles && !b->failed; i++) {
        switch (way) {
        case WAY_STACK: cycle_stack(b); break;
        case WAY_NAVCORE: cycle_navcore(b); break;
        default: cycle_leaflet(b); break;
        }
    }
}

/* The batches the figures come from (callgrind counts this function alone). */
__attribute__((noinline, noclone)) static void measured_batch(bench *b, int way, long cycles) {
    run_cycles(b, way, cycles);
}

/* ---- the checks -------------------------------------------------------------------------- */

/* The pages `way`'s container holds. */
static guint count_pages(bench *b, int way) {
    GtkSelectionModel *pages = way == WAY_LEAFLET ? adw_leaflet_get_pages(ADW_LEAFLET(b->container[way]))
                                                  : gtk_stack_get_pages(GTK_STACK(b->container[way]));
    guint count = g_list_model_get_n_items(G_LIST_MODEL(pages));
    g_object_unref(pages);
    return count;
}

/* Home alone is shown, and for navcore its stack is [home] with nothing running or waiting. */
static void check_home(bench *b, int way) {
    GtkWidget *container = b->container[way];
    GtkWidget *visible = way == WAY_LEAFLET ? adw_leaflet_get_visible_child(ADW_LEAFLET(container))
                                            : gtk_stack_get_visible_child(GTK_STACK(container));
    if (visible != b->home[way] || count_pages(b, way) != 1) fail(b, "home is not the only page shown");
    if (way != WAY_NAVCORE) return;
    uint64_t stack[2] = {0, 0};
    size_t count = 0, pending = 0;
    bool busy = true;
    navcore_stack_copy(&count, stack, 2, b->nav);
    navcore_pending_count(&pending, b->nav);
    navcore_is_busy(&busy, b->nav);
    if (count != 1 || stack[0] != b->home_screen || pending || busy || navcore_gtk_mirror_is_animating(b->mirror))
        fail(b, "navcore's stack is not [home] with nothing running or waiting");
}

/* ---- the window -------------------------------------------------------------------------- */

static void build(bench *b) {
    g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);
    b->window = GTK_WINDOW(gtk_window_new());
    gtk_window_set_default_size(b->window, 480, 320);
    for (int way = 0; way < WAYS; way++) {
        GtkWidget *container = way == WAY_LEAFLET ? adw_leaflet_new() : gtk_stack_new();
        b->container[way] = g_object_ref_sink(container);
        b->home[way] = make_page("Home");
    }
    adw_leaflet_set_can_unfold(ADW_LEAFLET(b->container[WAY_LEAFLET]), FALSE);
    gtk_stack_add_child(GTK_STACK(b->container[WAY_STACK]), b->home[WAY_STACK]);
    adw_leaflet_append(ADW_LEAFLET(b->container[WAY_LEAFLET]), b->home[WAY_LEAFLET]);

    navcore_navigator_create(&b->nav, NAVCORE_DISPATCH_HOST);
    navcore_glib_attach(b->nav, NULL);
    navcore_on_release(b->nav, on_release, b, NULL);
    navcore_gtk_mirror_new(&b->mirror, b->nav, GTK_STACK(b->container[WAY_NAVCORE]), 0);
    g_object_ref_sink(b->home[WAY_NAVCORE]);
    navcore_screen_create(&b->home_screen, b->nav, "home", b->home[WAY_NAVCORE]);
    navcore_push(b->nav, b->home_screen, false, NULL, NULL);

    gtk_window_set_child(b->window, b->container[WAY_STACK]);
    gtk_window_present(b->window);
    g_signal_connect(gtk_widget_get_frame_clock(GTK_WIDGET(b->window)), "after-paint", G_CALLBACK(after_paint), b);
    settle(b);
}

/* Puts `way`'s container in the window and lets it be drawn (not measured). */
static void show_way(bench *b, int way) {
    if (gtk_window_get_child(b->window) == b->container[way]) return;
    gtk_window_set_child(b->window, b->container[way]);
    settle(b);
}

static void teardown(bench *b) {
    gtk_window_set_child(b->window, NULL);
    navcore_gtk_mirror_free(b->mirror);
    navcore_navigator_destroy(b->nav); /* releases home: on_release drops the app's reference */
    for (int way = 0; way < WAYS; way++) g_object_unref(b->container[way]);
    gtk_window_destroy(b->window);
}

static int compare_doubles(const void *x, const void *y) {
    double a = *(const double *)x, c = *(const double *)y;
    return (a > c) - (a < c);
}

int main(int argc, char **argv) {
    long cycles = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
    long batches = argc > 2 ? strtol(argv[2], NULL, 10) : 5;
    int only = -1;
    for (int way = 0; argc > 3 && way < WAYS; way++)
        if (strcmp(argv[3], way_names[way]) == 0) only = way;
    if (cycles < 1 || batches < 1 || (argc > 3 && only < 0)) {
        fprintf(stderr, "usage: w9_gtk CYCLES BATCHES [stack|navcore|leaflet]\n");
        return 2;
    }
    bench *b = &the_bench;
    g_main_context_set_poll_func(NULL, timed_poll);
    adw_init();
    build(b);

    /* Per way and batch, ns per cycle: active (wall minus sleeps), CPU of this thread, wall. */
    enum { ACTIVE, CPU, WALL, FIGURES };
    static const char *const figure_names[FIGURES] = {"ns_per_cycle", "cpu_ns_per_cycle", "wall_ns_per_cycle"};
    double *figures[FIGURES];
    for (int f = 0; f < FIGURES; f++) figures[f] = g_new0(double, (size_t)(WAYS * batches));
    for (int way = 0; way < WAYS; way++) { /* warm-up: a batch of each, not counted */
        if (only >= 0 && way != only) continue;
        show_way(b, way);
        run_cycles(b, way, cycles);
        check_home(b, way);
    }
    for (long batch = 0; batch < batches && !b->failed; batch++) {
        for (int turn = 0; turn < WAYS; turn++) {
            int way = (int)((batch + turn) % WAYS); /* each way goes first in turn */
            if (only >= 0 && way != only) continue;
            show_way(b, way);
            int64_t slept = b->slept_ns, start = now_ns(), cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID);
            measured_batch(b, way, cycles);
            int64_t elapsed = now_ns() - start;
            cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
            long at = way * batches + batch;
            figures[ACTIVE][at] = (double)(elapsed - (b->slept_ns - slept)) / (double)cycles;
            figures[CPU][at] = (double)cpu / (double)cycles;
            figures[WALL][at] = (double)elapsed / (double)cycles;
            check_home(b, way);
        }
    }
    teardown(b);
    if (b->released != (only < 0 || only == WAY_NAVCORE ? cycles * (batches + 1) : 0) + 1) /* + home */
        fail(b, "navcore did not release every page once");

    printf("{\"ok\": %s, \"cycles\": %ld, \"batches\": %ld, \"frames_per_cycle\": 2", b->failed ? "false" : "true",
           cycles, batches);
    for (int f = 0; f < FIGURES; f++) { /* each way's median batch */
        printf(", \"%s\": {", figure_names[f]);
        const char *sep = "";
        for (int way = 0; way < WAYS; way++) {
            if (only >= 0 && way != only) continue;
            qsort(figures[f] + way * batches, (size_t)batches, sizeof(double), compare_doubles);
            printf("%s\"%s\": %.0f", sep, way_names[way], figures[f][way * batches + batches / 2]);
            sep = ", ";
        }
        printf("}");
        g_free(figures[f]);
    }
    printf("}\n");
    return b->failed ? 1 : 0;
}
