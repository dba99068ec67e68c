/*
 * main.c — a GTK4 app whose navigation is navcore's: a header bar with a back button, an
 * animated GtkStack kept in step by navcore-gtk4's mirror, routes shown by name, a pop veto on
 * an unsaved form, a worker thread posting routes, and the back gesture committed and reverted.
 * The navigator runs in host dispatch mode on GTK's main context (navcore-glib), so every
 * callback arrives on the UI thread, whichever thread asked. The app keeps its own action,
 * release and transition callbacks beside the mirror: the chrome follows `action idle`, its
 * release callback drops its reference on each page, and its animator hands each transition to
 * the mirror.
 *
 * It builds against an installed navcore only (`make install`, the release tarball):
 *   cc main.c $(pkg-config --cflags --libs navcore-gtk4 navcore-glib)
 * or with CMake (CMakeLists.txt here). `make test-gtk` runs it under Xvfb: a script drives the
 * app step by step (each step once the previous one has settled), checks what the user would
 * see, saves a screenshot and exits non-zero on the first failed expectation.
 *
 *   navcore-gtk-example [--screenshot FILE.png]
 */
#include <navcore-glib.h>
#include <navcore-gtk4.h>

#include "example.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the app ------------------------------------------------------------------------------ */

typedef struct app {
    navcore_navigator *nav;
    navcore_gtk_mirror *mirror;
    GtkWindow *window;
    GtkStack *stack;
    GtkWidget *back;
    GtkLabel *title;
    GtkLabel *path;
    GThread *ui_thread;
    const char *screenshot;
    /* what the checks read */
    int off_thread_callbacks; /* callbacks that arrived elsewhere than on the UI thread */
    int created, released;    /* pages made, and released by navcore (each once) */
    int finalized;            /* pages whose last reference went (the mirror's included) */
    int transitions;          /* transitions the app's animator received */
    int worker_shows_done;
    int vetoes;
    bool form_dirty;
    int home_hooks;      /* per-screen hook calls of the Home screen */
    int unmounted_hooks; /* will_show events whose page had no parent yet */
    example_script script; /* the step and the failed checks */
    int status;
} app;

/* What a page holds besides its widgets (attached to its box): its title and the label its
 * payloads go to. */
typedef struct page_info {
    app *app;
    GtkLabel *payload;
} page_info;

static void note_thread(app *a) {
    if (g_thread_self() != a->ui_thread) g_atomic_int_inc(&a->off_thread_callbacks);
}

/* The page's box went: the app's reference (dropped at the release) and the mirror's (dropped
 * when it unmounted the page) are both gone. */
static void page_info_free(void *data) {
    page_info *info = data;
    note_thread(info->app);
    info->app->finalized++;
    g_free(info);
}

/* A screen object: a page (example.h) with a payload line, and a reference of the app's that its
 * release drops. */
static GtkWidget *make_page(app *a, const char *title, const char *text) {
    GtkWidget *box = example_page_new(title, text);
    GtkWidget *payload = gtk_label_new("");
    gtk_widget_set_halign(payload, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(box), payload);
    page_info *info = g_new0(page_info, 1);
    info->app = a;
    info->payload = GTK_LABEL(payload);
    g_object_set_data_full(G_OBJECT(box), "page-info", info, page_info_free);
    a->created++;
    return g_object_ref_sink(box);
}

static page_info *info_of(void *object) { return object ? g_object_get_data(object, "page-info") : NULL; }

/* ---- navcore callbacks (all on the UI thread: host dispatch, drained by the GLib helper) --- */

/* The routes' factory: ctx is the app; the route name picks the page. Runs before the page is
 * mounted (the mirror mounts at will_*): it builds the widget, and nothing that needs a parent. */
static int make_route_page(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                           void *ctx) {
    (void)nav, (void)screen, (void)payload;
    app *a = ctx;
    note_thread(a);
    if (strcmp(route, "inbox") == 0) *out = make_page(a, "Inbox", "Three unread messages.");
    else if (strcmp(route, "message") == 0) *out = make_page(a, "Message", "Posted by a worker thread.");
    else if (strcmp(route, "form") == 0) *out = make_page(a, "Reply", "Unsaved replies are kept: back is vetoed.");
    else return -1;
    return 0;
}

static void on_payload(navcore_navigator *nav, uint64_t screen, void *object, const char *payload, void *ctx) {
    (void)nav, (void)screen;
    note_thread(ctx);
    gtk_label_set_text(info_of(object)->payload, payload);
}

/* Home's own hooks (navcore_screen_create_with_hooks): its four appearance phases. */
static void home_hook(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                      void *ctx) {
    (void)nav, (void)phase, (void)screen, (void)object, (void)reason, (void)animated;
    app *a = ctx;
    note_thread(a);
    a->home_hooks++;
}

/* Every will_show: the mount order. The mirror mounts the appearing page at will_* (SPEC §4
 * step 1), so a will_show (step 5) finds its widget mounted, also when the op is animated and
 * the mirror's slide (step 6) has not started yet. */
static void will_show(navcore_navigator *nav, int phase, uint64_t screen, void *object, int reason, bool animated,
                      void *ctx) {
    (void)nav, (void)phase, (void)screen, (void)reason, (void)animated;
    app *a = ctx;
    note_thread(a);
    if (!gtk_widget_get_parent(object)) a->unmounted_hooks++;
}

static bool veto(navcore_navigator *nav, uint64_t screen, void *object, bool by_gesture, void *ctx) {
    (void)nav, (void)screen, (void)by_gesture;
    app *a = ctx;
    note_thread(a);
    bool refuse = strcmp(example_page_title(object), "Reply") == 0 && a->form_dirty;
    if (refuse) a->vetoes++;
    return !refuse;
}

static void worker_show_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)outcome;
    app *a = ctx;
    note_thread(a);
    a->worker_shows_done++;
}

/* The chrome follows the stack: the path, the title, the back button. */
static void update_chrome(app *a) {
    uint64_t ids[16];
    size_t count = 0;
    navcore_stack_copy(&count, ids, 16, a->nav);
    GString *path = g_string_new(NULL);
    void *object = NULL;
    for (size_t i = 0; i < count && i < 16; i++) {
        navcore_screen_object(&object, a->nav, ids[i]);
        g_string_append_printf(path, "%s%s", i ? "  ›  " : "", example_page_title(object));
    }
    gtk_label_set_text(a->path, path->str);
    gtk_label_set_text(a->title, count ? example_page_title(object) : "");
    g_string_free(path, TRUE);
    bool can = false;
    navcore_can_go_back(&can, a->nav);
    gtk_widget_set_sensitive(a->back, can);
}

/* The app's own action callback, beside the mirror's observer: the chrome at `action idle`. */
static void on_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    note_thread(ctx);
    if (event->state == NAVCORE_ACTION_IDLE) update_chrome(ctx);
}

/* Every op's end: a noop (a recycled show) ends with `done` alone, no `action idle`. */
static void op_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)outcome;
    note_thread(ctx);
    update_chrome(ctx);
}

/* The app's animator: the mirror plays each transition in the GtkStack. Were the stack gone
 * (the mirror refuses), nothing would play it: the app finishes it at once. */
static void animate(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    app *a = ctx;
    note_thread(a);
    a->transitions++;
    if (navcore_gtk_mirror_animate(a->mirror, t) != NAVCORE_OK) navcore_transition_finish(nav, t->id);
}

/* The app's release callback: navcore hands each page back once; the app drops its reference
 * (the mirror unmounts the page and drops its own right after). */
static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    app *a = ctx;
    note_thread(a);
    a->released++;
    g_object_unref(object);
}

static void back_clicked(GtkButton *button, gpointer data) {
    (void)button;
    app *a = data;
    navcore_back(a->nav, true, NULL, NULL);
}

/* ---- the worker thread ------------------------------------------------------------------- */

/* Posts "message" three times: the first makes the screen, the next two recycle it and deliver
 * their payload. navcore_post may be called from any thread; the shows run on the UI thread. */
static gpointer worker(gpointer data) {
    app *a = data;
    for (int i = 1; i <= 3; i++) {
        char text[48];
        snprintf(text, sizeof text, "payload %d from the worker", i);
        navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
        options.animated = true;
        options.remove_current = false;
        options.payload = text;
        if (navcore_post(a->nav, "message", &options, worker_show_done, a) < 0)
            g_printerr("post: %s\n", navcore_last_error_message());
    }
    return NULL;
}

/* ---- the checks -------------------------------------------------------------------------- */

static void expect(app *a, bool ok, const char *what) { example_expect(&a->script, ok, what); }

/* navcore's stack, as titles joined by spaces. */
static void stack_titles(app *a, char *out, size_t size) {
    uint64_t ids[16];
    size_t count = 0;
    out[0] = 0;
    navcore_stack_copy(&count, ids, 16, a->nav);
    for (size_t i = 0; i < count && i < 16; i++) {
        void *object = NULL;
        navcore_screen_object(&object, a->nav, ids[i]);
        g_strlcat(out, i ? " " : "", size);
        g_strlcat(out, example_page_title(object), size);
    }
}

static void expect_stack(app *a, const char *expected) {
    char titles[256];
    stack_titles(a, titles, sizeof titles);
    char what[400];
    snprintf(what, sizeof what, "stack is [%s] (got [%s])", expected, titles);
    expect(a, strcmp(titles, expected) == 0, what);
}

/* The GtkStack shows navcore's top, and mounts exactly `mounted` pages; the title is the top's
 * and the back button is enabled with two screens or more. */
static void expect_screen(app *a, const char *visible, int mounted) {
    GtkWidget *child = gtk_stack_get_visible_child(a->stack);
    int children = 0;
    for (GtkWidget *w = gtk_widget_get_first_child(GTK_WIDGET(a->stack)); w; w = gtk_widget_get_next_sibling(w))
        children++;
    char what[200];
    const char *label = gtk_label_get_text(a->title);
    snprintf(what, sizeof what, "the window shows %s with %d pages mounted (title %s, %d mounted)", visible, mounted,
             label, children);
    GtkWidget *heading = child ? gtk_widget_get_first_child(child) : NULL;
    bool shows = heading && strstr(gtk_label_get_label(GTK_LABEL(heading)), visible) != NULL;
    size_t count = 0;
    navcore_stack_count(&count, a->nav);
    bool back_ok = gtk_widget_get_sensitive(a->back) == (count >= 2);
    expect(a, shows && children == mounted && strcmp(label, visible) == 0 && back_ok, what);
}

/* The payload label of the page the window shows. */
static const char *visible_payload(app *a) {
    GtkWidget *child = gtk_stack_get_visible_child(a->stack);
    GtkWidget *label = child ? gtk_widget_get_last_child(child) : NULL;
    return label ? gtk_label_get_text(GTK_LABEL(label)) : "";
}

/* ---- the script: one step each time the app has settled ---------------------------------- */

static bool settled(app *a) {
    bool busy = true;
    size_t pending = 1;
    navcore_is_busy(&busy, a->nav);
    navcore_pending_count(&pending, a->nav);
    bool worker_done = a->script.step != 3 || a->worker_shows_done == 3; /* step 3 waits for the worker's shows */
    return !busy && pending == 0 && !navcore_gtk_mirror_is_animating(a->mirror) && worker_done;
}

static void animated_show(app *a, const char *route) {
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = true;
    options.remove_current = false;
    navcore_show(a->nav, route, &options, NULL, NULL);
}

/* The back gesture up to `progress`: navcore's stack already shows the pop (provisional), the
 * window still shows `leaving`, mounted. */
static void gesture_to(app *a, double progress, const char *leaving) {
    expect(a, navcore_gtk_mirror_gesture_begin(a->mirror) == NAVCORE_OK, "the gesture starts");
    expect(a, navcore_gtk_mirror_gesture_progress(a->mirror, progress) == NAVCORE_OK,
           "the gesture reports its progress");
    expect_stack(a, "Home Inbox");
    expect_screen(a, leaving, 3);
}

static GThread *worker_thread;

/* Runs the next step once the previous one has settled; ends the main loop after the last. */
static gboolean run_step(gpointer data) {
    app *a = data;
    if (!settled(a)) return G_SOURCE_CONTINUE;
    a->script.step++;
    switch (a->script.step) {
    case 1: { /* Home: a screen with hooks of its own; the first push is instant (no animator call) */
        navcore_screen_hooks hooks = NAVCORE_SCREEN_HOOKS_INIT;
        hooks.will_show = hooks.did_show = hooks.will_hide = hooks.did_hide = home_hook;
        hooks.ctx = a;
        uint64_t home = 0;
        GtkWidget *page = make_page(a, "Home", "navcore drives this GtkStack.");
        if (navcore_screen_create_with_hooks(&home, a->nav, "home", page, &hooks) != NAVCORE_OK) {
            expect(a, false, navcore_last_error_message());
            return G_SOURCE_REMOVE;
        }
        navcore_push(a->nav, home, true, NULL, NULL);
        break;
    }
    case 2:
        expect_stack(a, "Home");
        expect_screen(a, "Home", 1);
        expect(a, a->home_hooks == 2, "Home's own hooks heard its will_show and did_show");
        animated_show(a, "inbox");
        break;
    case 3:
        expect_stack(a, "Home Inbox");
        expect_screen(a, "Inbox", 2);
        worker_thread = g_thread_new("poster", worker, a);
        break;
    case 4:
        g_thread_join(worker_thread);
        expect(a, a->worker_shows_done == 3, "the worker's three shows ended");
        expect_stack(a, "Home Inbox Message");
        expect_screen(a, "Message", 3);
        expect(a, strcmp(visible_payload(a), "payload 3 from the worker") == 0, "the recycled page shows the last payload");
        if (a->screenshot) expect(a, example_save_screenshot(a->window, a->screenshot), "the screenshot is saved");
        animated_show(a, "form");
        break;
    case 5:
        expect_stack(a, "Home Inbox Message Reply");
        a->form_dirty = true;
        navcore_back(a->nav, true, NULL, NULL);
        break;
    case 6:
        expect(a, a->vetoes == 1, "back on the unsaved form was vetoed");
        expect_stack(a, "Home Inbox Message Reply");
        expect_screen(a, "Reply", 4);
        a->form_dirty = false;
        navcore_back(a->nav, true, NULL, NULL);
        break;
    case 7:
        expect_stack(a, "Home Inbox Message");
        expect_screen(a, "Message", 3);
        expect(a, a->released == 1, "the form was released once, and unmounted");
        gesture_to(a, 0.4, "Message");
        expect(a, navcore_gtk_mirror_gesture_end(a->mirror, false) == NAVCORE_OK, "the gesture is cancelled");
        break;
    case 8:
        expect_stack(a, "Home Inbox Message"); /* reverted: nothing was destroyed */
        expect_screen(a, "Message", 3);
        expect(a, a->released == 1, "the cancelled gesture released nothing");
        gesture_to(a, 0.8, "Message");
        expect(a, navcore_gtk_mirror_gesture_end(a->mirror, true) == NAVCORE_OK, "the gesture is committed");
        break;
    case 9:
        expect_stack(a, "Home Inbox"); /* committed: slid back, finished, released, unmounted */
        expect_screen(a, "Inbox", 2);
        expect(a, a->released == 2, "the committed gesture released the message");
        navcore_set_visible(a->nav, false, NULL, NULL); /* hidden: the show is instant */
        animated_show(a, "form");
        navcore_set_visible(a->nav, true, NULL, NULL);
        break;
    case 10: {
        expect_stack(a, "Home Inbox Reply");
        expect_screen(a, "Reply", 3);
        uint64_t root = 0;
        navcore_root(&root, a->nav);
        navcore_set_stack(a->nav, &root, 1, true, NULL, NULL); /* set: pop style, animated */
        break;
    }
    case 11:
        expect_stack(a, "Home");
        expect_screen(a, "Home", 1);
        expect(a, a->released == 4, "set released the two screens above Home");
        printf("note: GtkStack played %u slides\n", navcore_gtk_mirror_slides_played(a->mirror));
        /* the shows of Inbox, Message and Reply, the back, the two gestures, the set */
        expect(a, a->transitions == 7, "the app's animator received the 7 transitions and handed them on");
        expect(a, navcore_gtk_mirror_fallbacks(a->mirror) == 0, "GTK reported the end of every slide");
        expect(a, g_atomic_int_get(&a->off_thread_callbacks) == 0, "every callback ran on the UI thread");
        expect(a, a->unmounted_hooks == 0, "every will_show found its page mounted");
        navcore_navigator_destroy(a->nav);
        expect(a, a->released == a->created, "the app's release callback got every page back once");
        expect(a, a->finalized == a->created, "every page was unmounted and freed: no reference left");
        a->nav = NULL;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    app a = {.ui_thread = g_thread_self()};
    if (argc == 3 && strcmp(argv[1], "--screenshot") == 0) a.screenshot = argv[2];
    gtk_init();

    a.window = GTK_WINDOW(gtk_window_new());
    gtk_window_set_default_size(a.window, 520, 360);
    GtkWidget *header = gtk_header_bar_new();
    a.back = gtk_button_new_from_icon_name("go-previous-symbolic");
    g_signal_connect(a.back, "clicked", G_CALLBACK(back_clicked), &a);
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), a.back);
    a.title = GTK_LABEL(gtk_label_new(""));
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header), GTK_WIDGET(a.title));
    gtk_window_set_titlebar(a.window, header);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    a.path = GTK_LABEL(gtk_label_new(""));
    gtk_widget_set_margin_top(GTK_WIDGET(a.path), 8);
    gtk_widget_set_margin_start(GTK_WIDGET(a.path), 24);
    gtk_widget_set_halign(GTK_WIDGET(a.path), GTK_ALIGN_START);
    a.stack = GTK_STACK(gtk_stack_new());
    gtk_widget_set_vexpand(GTK_WIDGET(a.stack), TRUE);
    gtk_box_append(GTK_BOX(content), GTK_WIDGET(a.path));
    gtk_box_append(GTK_BOX(content), GTK_WIDGET(a.stack));
    gtk_window_set_child(a.window, content);

    gtk_stack_set_transition_duration(a.stack, 180); /* the app's: the mirror slides with it */

    if (navcore_navigator_create(&a.nav, NAVCORE_DISPATCH_HOST) != NAVCORE_OK) return 2;
    if (navcore_gtk_mirror_new(&a.mirror, a.nav, a.stack, 0) != NAVCORE_OK) return 2;
    navcore_on_action(a.nav, on_action, &a, NULL);
    navcore_on_transition(a.nav, animate, &a, NULL);
    navcore_on_release(a.nav, on_release, &a, NULL);
    const char *routes[] = {"inbox", "message", "form"};
    for (size_t i = 0; i < 3; i++) navcore_route_register(a.nav, routes[i], make_route_page, &a, NULL);
    navcore_on_payload(a.nav, on_payload, &a, NULL);
    navcore_on_done(a.nav, op_done, &a, NULL);
    navcore_on_appearance(a.nav, NAVCORE_PHASE_WILL_SHOW, will_show, &a, NULL);
    navcore_on_pop_veto(a.nav, veto, &a, NULL);
    if (navcore_glib_attach(a.nav, NULL) != NAVCORE_OK) return 2;

    gtk_window_present(a.window);
    g_timeout_add(60, run_step, &a);
    guint guard = g_timeout_add_seconds(40, example_give_up, &a.script);
    while (a.nav && a.script.step < EXAMPLE_GAVE_UP) g_main_context_iteration(NULL, TRUE);
    g_source_remove(guard);
    if (a.nav) navcore_navigator_destroy(a.nav);
    navcore_gtk_mirror_free(a.mirror);
    gtk_window_destroy(a.window);
    printf("%s: %d failed expectations\n", a.script.failures ? "FAILED" : "passed", a.script.failures);
    return a.script.failures ? 1 : 0;
}
