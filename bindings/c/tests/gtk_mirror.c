/*
 * gtk_mirror: the promises of navcore-gtk4's mirror (navcore-gtk4.h), built against the
 * installed tree only and run under Xvfb by `make test-gtk` (mk/gtk.mk), plain and under
 * ASan+UBSan. One case per promise, each with a fresh window, navigator and mirror:
 *
 *   callbacks  the app's own action, transition and release callbacks, registered before and
 *              after the mirror, all fire; the mirror still mounts, slides and unmounts
 *   duration   the stack's transition duration and type stay the app's
 *   fallback   a slide whose end GTK never reports (its notify frozen) is finished once the
 *              duration plus NAVCORE_GTK_FALLBACK_MARGIN_MS has passed
 *   destroyed  the GtkStack destroyed mid-slide: the slide's transition is finished, later calls
 *              are refused with NAVCORE_ERR_STATE and a warning, the navigator goes on, and
 *              every page is freed
 *   animator   NAVCORE_GTK_MIRROR_ANIMATOR animates an app without an animator; the mirror
 *              removes the animator it registered, and only that one
 *   modal      a modal presented and dismissed over the mirrored navigator (SPEC §16.4): the
 *              present and dismiss transitions reach the mirror, as the animator, and move no
 *              page of its stack (the modal's pages are not its own)
 *   refused    a mirror of no GtkStack, with an unknown flag, or of a destroyed navigator is
 *              refused, keeping nothing
 *
 *   gtk_mirror [CASE…]   exits 1 on any failed expectation
 */
#include <navcore-glib.h>
#include <navcore-gtk4.h>

#include <stdio.h>
#include <string.h>

static int failures;

static void expect(bool ok, const char *kase, const char *what) {
    printf("%s %s: %s\n", ok ? "ok  " : "FAIL", kase, what);
    if (!ok) failures++;
}

/* ---- what the mirror logs ------------------------------------------------------------------ */

static int logged;           /* messages of the navcore-gtk4 domain, of any level */
static char last_logged[256];

static void log_handler(const char *domain, GLogLevelFlags level, const char *message, gpointer data) {
    (void)domain, (void)level, (void)data;
    logged++;
    g_strlcpy(last_logged, message, sizeof last_logged);
}

/* ---- a window, a navigator, a mirror, and what the app's callbacks saw ------------------------ */

typedef struct fixture {
    GtkWindow *window;
    GtkStack *stack;
    navcore_navigator *nav;
    navcore_gtk_mirror *mirror;
    int idles;       /* the app's action callback: `action idle` events */
    int transitions; /* the app's animator */
    int released;    /* the app's release callback */
    int made, freed; /* pages made, and pages whose last reference went */
} fixture;

static void page_freed(gpointer data, GObject *where_the_page_was) {
    (void)where_the_page_was;
    ((fixture *)data)->freed++;
}

/* A page: a label the app holds a reference on until the screen's release. */
static GtkWidget *page(fixture *f, const char *title) {
    GtkWidget *label = g_object_ref_sink(gtk_label_new(title));
    g_object_weak_ref(G_OBJECT(label), page_freed, f);
    f->made++;
    return label;
}

static void app_action(navcore_navigator *nav, const navcore_action_event *event, void *ctx) {
    (void)nav;
    if (event->state == NAVCORE_ACTION_IDLE) ((fixture *)ctx)->idles++;
}

/* The app's animator: it hands each transition to the mirror, or finishes it itself when the
 * mirror refuses (its stack is gone). */
static void app_animate(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    fixture *f = ctx;
    f->transitions++;
    if (navcore_gtk_mirror_animate(f->mirror, t) != NAVCORE_OK) navcore_transition_finish(nav, t->id);
}

static void app_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    ((fixture *)ctx)->released++;
    g_object_unref(object);
}

static void open_window(fixture *f, unsigned duration) {
    f->window = GTK_WINDOW(gtk_window_new());
    gtk_window_set_default_size(f->window, 320, 200);
    f->stack = GTK_STACK(gtk_stack_new());
    gtk_stack_set_transition_duration(f->stack, duration);
    gtk_window_set_child(f->window, GTK_WIDGET(f->stack));
    gtk_window_present(f->window);
    if (navcore_navigator_create(&f->nav, NAVCORE_DISPATCH_HOST) != NAVCORE_OK) g_error("navigator");
    if (navcore_glib_attach(f->nav, NULL) != NAVCORE_OK) g_error("attach");
}

/* The app's callbacks: the action callback before the mirror is made, the others after. */
static void mirrored(fixture *f, unsigned duration) {
    open_window(f, duration);
    navcore_on_action(f->nav, app_action, f, NULL);
    if (navcore_gtk_mirror_new(&f->mirror, f->nav, f->stack, 0) != NAVCORE_OK) g_error("mirror");
    navcore_on_transition(f->nav, app_animate, f, NULL);
    navcore_on_release(f->nav, app_release, f, NULL);
}

static void close_fixture(fixture *f) {
    if (f->nav) navcore_navigator_destroy(f->nav);
    navcore_gtk_mirror_free(f->mirror);
    if (f->window) gtk_window_destroy(f->window);
    while (g_main_context_iteration(NULL, FALSE)) {}
}

static bool idle(fixture *f) {
    bool busy = true;
    size_t pending = 1;
    navcore_is_busy(&busy, f->nav);
    navcore_pending_count(&pending, f->nav);
    return !busy && pending == 0;
}

static bool settled(fixture *f) { return idle(f) && !navcore_gtk_mirror_is_animating(f->mirror); }

/* Runs the main loop until `done` or `ms` have passed; whether `done` came. */
static bool run_until(fixture *f, bool (*done)(fixture *), unsigned ms) {
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (!done(f) && g_get_monotonic_time() < end)
        if (!g_main_context_iteration(NULL, FALSE)) g_usleep(1000);
    return done(f);
}

static uint64_t push(fixture *f, GtkWidget *widget, bool animated) {
    uint64_t id = 0;
    if (navcore_screen_create(&id, f->nav, "page", widget) != NAVCORE_OK) g_error("screen");
    navcore_push(f->nav, id, animated, NULL, NULL);
    return id;
}

static int mounted(fixture *f) {
    int count = 0;
    for (GtkWidget *w = gtk_widget_get_first_child(GTK_WIDGET(f->stack)); w; w = gtk_widget_get_next_sibling(w))
        count++;
    return count;
}

static size_t depth(fixture *f) {
    size_t count = 0;
    navcore_stack_count(&count, f->nav);
    return count;
}

/* ---- the cases ------------------------------------------------------------------------------ */

static void callbacks(void) {
    const char *c = "callbacks";
    fixture f = {0};
    mirrored(&f, 100);
    push(&f, page(&f, "Home"), false);
    push(&f, page(&f, "A"), true);
    GtkWidget *b = page(&f, "B");
    push(&f, b, true);
    expect(run_until(&f, settled, 5000), c, "three pushes settle");
    expect(f.idles == 3, c, "the app's action callback, registered before the mirror, heard every idle");
    expect(f.transitions == 2, c, "the app's animator, registered after it, received both transitions");
    expect(mounted(&f) == 3 && gtk_stack_get_visible_child(f.stack) == b, c, "the mirror mounted 3 pages and shows B");
    expect(navcore_gtk_mirror_slides_played(f.mirror) == 2, c, "the GtkStack played both slides");
    navcore_pop(f.nav, true, NULL, NULL);
    expect(run_until(&f, settled, 5000), c, "the pop settles");
    expect(f.released == 1, c, "the app's release callback, registered after the mirror, got B back");
    expect(mounted(&f) == 2 && f.freed == 1, c, "the mirror unmounted B and let it go: B was freed");
    close_fixture(&f);
    expect(f.released == 3 && f.freed == 3, c, "after destroy and free, every page was released and freed");
}

static void duration(void) {
    const char *c = "duration";
    fixture f = {0};
    open_window(&f, 150);
    gtk_stack_set_transition_type(f.stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    if (navcore_gtk_mirror_new(&f.mirror, f.nav, f.stack, NAVCORE_GTK_MIRROR_ANIMATOR) != NAVCORE_OK) g_error("mirror");
    navcore_on_release(f.nav, app_release, &f, NULL);
    push(&f, page(&f, "Home"), false);
    push(&f, page(&f, "A"), true);
    expect(run_until(&f, settled, 5000), c, "an animated push settles");
    expect(navcore_gtk_mirror_slides_played(f.mirror) == 1, c, "the GtkStack played a slide");
    expect(gtk_stack_get_transition_duration(f.stack) == 150, c, "the transition duration is still the app's 150 ms");
    expect(gtk_stack_get_transition_type(f.stack) == GTK_STACK_TRANSITION_TYPE_CROSSFADE, c,
           "the transition type is still the app's crossfade");
    close_fixture(&f);
}

static void fallback(void) {
    const char *c = "fallback";
    fixture f = {0};
    mirrored(&f, 100);
    push(&f, page(&f, "Home"), false);
    expect(run_until(&f, settled, 5000), c, "the first push settles");
    GtkWidget *a = page(&f, "A");
    g_object_freeze_notify(G_OBJECT(f.stack)); /* GTK's notify::transition-running never comes */
    gint64 start = g_get_monotonic_time();
    push(&f, a, true);
    expect(run_until(&f, settled, 5000), c, "an animated push whose slide never reports its end settles");
    gint64 waited_ms = (g_get_monotonic_time() - start) / 1000;
    expect(navcore_gtk_mirror_fallbacks(f.mirror) == 1, c, "the fallback finished its transition");
    expect(waited_ms >= 100 + NAVCORE_GTK_FALLBACK_MARGIN_MS, c, "not before the duration and the margin had passed");
    expect(gtk_stack_get_visible_child(f.stack) == a && depth(&f) == 2, c, "the stack shows A, navcore's top");
    g_object_thaw_notify(G_OBJECT(f.stack)); /* the late notify finishes nothing more */
    navcore_pop(f.nav, true, NULL, NULL);
    expect(run_until(&f, settled, 5000), c, "then a pop settles as usual");
    expect(navcore_gtk_mirror_fallbacks(f.mirror) == 1 && f.released == 1, c, "without the fallback");
    close_fixture(&f);
}

static bool slide_playing(fixture *f) { return gtk_stack_get_transition_running(f->stack); }

static void destroyed(void) {
    const char *c = "destroyed";
    fixture f = {0};
    mirrored(&f, 400);
    push(&f, page(&f, "Home"), false);
    push(&f, page(&f, "A"), true);
    expect(run_until(&f, slide_playing, 5000), c, "A's slide plays");
    int logged_before = logged;
    gtk_window_destroy(f.window); /* the GtkStack goes with it, mid-slide */
    f.window = NULL;
    expect(navcore_gtk_mirror_get_stack(f.mirror) == NULL, c, "the mirror knows its stack is gone");
    expect(run_until(&f, idle, 5000), c, "the transition of the slide in flight is finished: the navigator goes on");
    expect(depth(&f) == 2, c, "navcore's stack is [Home A]");
    expect(navcore_gtk_mirror_gesture_begin(f.mirror) == NAVCORE_ERR_STATE, c, "the gesture is refused: state");
    expect(logged == logged_before + 1 && strstr(last_logged, "GtkStack of this mirror was destroyed"), c,
           "with a warning that says why");
    navcore_transition t = {.id = 1, .style = NAVCORE_STYLE_PUSH};
    expect(navcore_gtk_mirror_animate(f.mirror, &t) == NAVCORE_ERR_STATE, c, "a transition is refused: state");
    expect(navcore_gtk_mirror_gesture_end(f.mirror, true) == NAVCORE_ERR_STATE, c, "the gesture's end too");
    push(&f, page(&f, "B"), true);
    expect(run_until(&f, idle, 5000) && depth(&f) == 3, c, "an animated push still completes (the app finishes it)");
    expect(f.transitions == 2, c, "the app's animator got both transitions");
    expect(f.freed == 0, c, "no page was freed yet: the app holds them");
    navcore_navigator_destroy(f.nav);
    f.nav = NULL;
    expect(f.released == 3 && f.freed == 3, c, "at destroy every page came back and was freed: the mirror kept none");
    close_fixture(&f);
}

static void app_animator_only(navcore_navigator *nav, const navcore_transition *t, void *ctx) {
    ((fixture *)ctx)->transitions++;
    navcore_transition_finish(nav, t->id);
}

static void animator(void) {
    const char *c = "animator";
    fixture f = {0};
    open_window(&f, 100);
    if (navcore_gtk_mirror_new(&f.mirror, f.nav, f.stack, NAVCORE_GTK_MIRROR_ANIMATOR) != NAVCORE_OK) g_error("mirror");
    navcore_on_release(f.nav, app_release, &f, NULL);
    push(&f, page(&f, "Home"), false);
    push(&f, page(&f, "A"), true);
    expect(run_until(&f, settled, 5000), c, "an animated push settles");
    expect(navcore_gtk_mirror_slides_played(f.mirror) == 1, c, "the mirror, as the animator, played the slide");
    navcore_gtk_mirror_free(f.mirror);
    f.mirror = NULL;
    expect(navcore_gesture_begin(f.nav, NULL, NULL) == NAVCORE_ERR_STATE, c,
           "freed, it removed its animator: the gesture has none");
    if (navcore_gtk_mirror_new(&f.mirror, f.nav, f.stack, NAVCORE_GTK_MIRROR_ANIMATOR) != NAVCORE_OK) g_error("mirror");
    navcore_on_transition(f.nav, app_animator_only, &f, NULL); /* the app takes the role back */
    navcore_gtk_mirror_free(f.mirror);
    f.mirror = NULL;
    push(&f, page(&f, "B"), true);
    expect(run_until(&f, idle, 5000) && f.transitions == 1, c, "a mirror freed after the app replaced it keeps the app's");
    close_fixture(&f);
}

static bool modal_gone(fixture *f) {
    navcore_navigator *modal = NULL;
    navcore_modal(&modal, f->nav);
    return settled(f) && modal == NULL;
}

static void modal(void) {
    const char *c = "modal";
    fixture f = {0};
    open_window(&f, 100);
    if (navcore_gtk_mirror_new(&f.mirror, f.nav, f.stack, NAVCORE_GTK_MIRROR_ANIMATOR) != NAVCORE_OK) g_error("mirror");
    navcore_on_release(f.nav, app_release, &f, NULL);
    GtkWidget *home = page(&f, "Home");
    push(&f, home, false);
    expect(run_until(&f, settled, 5000), c, "the first push settles");
    /* The modal, made hidden with its page (in host mode it is drained before it joins). */
    navcore_create_options options = NAVCORE_CREATE_OPTIONS_INIT;
    options.dispatch = NAVCORE_DISPATCH_HOST;
    options.visible = false;
    navcore_navigator *sheet = NULL;
    if (navcore_navigator_create_with_options(&sheet, &options) != NAVCORE_OK) g_error("modal");
    navcore_on_release(sheet, app_release, &f, NULL);
    uint64_t id = 0;
    navcore_screen_create(&id, sheet, "sheet", page(&f, "Sheet"));
    navcore_push(sheet, id, false, NULL, NULL);
    navcore_drain(sheet);
    expect(navcore_present(f.nav, sheet, NULL, NULL, NULL) >= 0, c, "an animated present is asked");
    navcore_navigator *presented = NULL;
    expect(run_until(&f, settled, 5000) && navcore_modal(&presented, f.nav) == NAVCORE_OK && presented == sheet, c,
           "the present settles: the mirror finished its transition");
    expect(mounted(&f) == 1 && gtk_stack_get_visible_child(f.stack) == home, c,
           "the stack still shows Home alone: the modal's page was not mounted in it");
    expect(navcore_gtk_mirror_slides_played(f.mirror) == 0, c, "no slide played");
    navcore_dismiss(f.nav, NULL, NULL, NULL);
    expect(run_until(&f, modal_gone, 5000), c, "the dismiss settles");
    expect(mounted(&f) == 1 && gtk_stack_get_visible_child(f.stack) == home, c, "the stack shows Home");
    expect(f.released == 1 && f.freed == 1, c, "the modal's page was released with it, and freed");
    close_fixture(&f);
}

static void refused(void) {
    const char *c = "refused";
    fixture f = {0};
    open_window(&f, 100);
    GtkWidget *label = g_object_ref_sink(gtk_label_new("no stack"));
    navcore_gtk_mirror *m = NULL;
    int logged_before = logged;
    expect(navcore_gtk_mirror_new(&m, f.nav, (GtkStack *)label, 0) == NAVCORE_ERR_INVALID && !m && logged > logged_before,
           c, "a label for a stack: invalid, with a critical");
    expect(navcore_gtk_mirror_new(&m, f.nav, f.stack, 2) == NAVCORE_ERR_INVALID && !m, c, "an unknown flag: invalid");
    navcore_navigator *dead = NULL;
    navcore_navigator_create(&dead, NAVCORE_DISPATCH_HOST);
    navcore_navigator_destroy(dead);
    expect(navcore_gtk_mirror_new(&m, dead, f.stack, 0) == NAVCORE_ERR_INVALID_HANDLE && !m, c,
           "a destroyed navigator: invalid_handle");
    g_object_unref(label);
    close_fixture(&f);
}

static const struct {
    const char *name;
    void (*run)(void);
} cases[] = {
    {"callbacks", callbacks}, {"duration", duration}, {"fallback", fallback},
    {"destroyed", destroyed}, {"animator", animator}, {"modal", modal}, {"refused", refused},
};

int main(int argc, char **argv) {
    gtk_init();
    g_log_set_handler("navcore-gtk4", G_LOG_LEVEL_MASK, log_handler, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        bool wanted = argc < 2;
        for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], cases[i].name) == 0;
        if (wanted) cases[i].run();
    }
    printf("%s: %d failed expectations\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
