/*
 * tabs.c — a GTK4 app whose tabs and modal are navcore's (SPEC §16): a root navigator shows a
 * frame page with a row of tab buttons; each tab is a child navigator attached to that frame
 * screen, with its own GtkStack kept in step by navcore-gtk4's mirror, so each tab keeps its
 * own back stack. Tapping the selected tab again pops it to its root. "Compose" presents a modal
 * navigator, shown as a card over the window with its own mirrored GtkStack.
 *
 * The app never decides where Back goes: the header's back button and the Escape key both ask
 * navcore_back of the root, and navcore routes it — to the front tab's stack, into the modal's
 * stack, or to the modal's dismissal. The window follows navcore's tree: the selected tab is
 * navcore_active_child of the frame screen, the card is shown while navcore_modal of the root is
 * set, and the back button is enabled while navcore_back_target of the root names a navigator.
 * Every navigator runs in host dispatch mode; the root's GLib source drains the whole family.
 *
 * It builds against an installed navcore only, as main.c does (CMakeLists.txt here builds both).
 * `make test-gtk` runs it under Xvfb: a script clicks the buttons and activates the Escape
 * shortcut step by step, checks navcore's tree against the widgets after each step, saves two
 * screenshots and exits non-zero on the first failed expectation.
 *
 *   navcore-gtk-tabs [--screenshots PREFIX]   (writes PREFIX-tabs.png and PREFIX-modal.png)
 */
#include <navcore-glib.h>
#include <navcore-gtk4.h>

#include "example.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the app ------------------------------------------------------------------------------ */

#define TABS 2

typedef struct app app;

/* A navigator of the family with the GtkStack its mirror keeps in step. */
typedef struct member {
    navcore_navigator *nav;
    GtkStack *stack;
    navcore_gtk_mirror *mirror;
} member;

typedef struct tab {
    app *app;
    member m;
    const char *title;
    GtkWidget *button;
} tab;

struct app {
    member root;
    tab tabs[TABS];
    member modal;        /* nav NULL while no modal is presented */
    uint64_t frame;      /* the root's screen that hosts the tabs */
    GtkWindow *window;
    GtkWidget *back;
    GtkLabel *title;
    GtkStack *tab_pages; /* one page per tab: that tab's mirrored GtkStack */
    GtkWidget *scrim;    /* over the tabs while a modal is presented: dims them, holds the card */
    GtkWidget *card;     /* the modal's card: its mirrored GtkStack */
    GtkShortcut *escape;
    const char *screenshots;
    /* what the checks read */
    int created, released, finalized; /* pages made, released by navcore, freed */
    example_script script; /* the step and the failed checks */
};

static void page_freed(gpointer data, GObject *where_the_page_was) {
    (void)where_the_page_was;
    ((app *)data)->finalized++;
}

/* A screen object: a page (example.h), with a reference of the app's that its release drops. */
static GtkWidget *make_page(app *a, const char *title, const char *text) {
    GtkWidget *box = example_page_new(title, text);
    g_object_weak_ref(G_OBJECT(box), page_freed, a);
    a->created++;
    return g_object_ref_sink(box);
}

/* The title of navigator `nav`'s top screen. */
static const char *top_title(navcore_navigator *nav) {
    uint64_t top = 0;
    void *object = NULL;
    if (navcore_top(&top, nav) != NAVCORE_OK || top == 0) return "-";
    navcore_screen_object(&object, nav, top);
    return example_page_title(object);
}

/* ---- navcore callbacks (on the UI thread: host dispatch, drained by the GLib helper) ------ */

/* The routes, registered on the root only: a tab's or the modal's show finds them there (route
 * lookup inherits along the family), and the factory gets the navigator that owns the screen. */
static int make_route_page(void **out, navcore_navigator *nav, const char *route, uint64_t screen, const char *payload,
                           void *ctx) {
    (void)nav, (void)screen, (void)payload;
    app *a = ctx;
    if (strcmp(route, "message") == 0) *out = make_page(a, "Message", "Tap Inbox again to go back to the list.");
    else if (strcmp(route, "about") == 0) *out = make_page(a, "About", "Escape goes back, in this tab only.");
    else if (strcmp(route, "recipients") == 0) *out = make_page(a, "Recipients", "Back returns to the draft.");
    else return -1;
    return 0;
}

/* Every navigator's release callback: navcore hands each page back once; the app drops its
 * reference (the mirror unmounts the page and drops its own). */
static void on_release(navcore_navigator *nav, uint64_t screen, void *object, const char *route, void *ctx) {
    (void)nav, (void)screen, (void)route;
    ((app *)ctx)->released++;
    g_object_unref(object);
}

static tab *tab_of(app *a, navcore_navigator *nav) {
    for (int i = 0; i < TABS; i++)
        if (a->tabs[i].m.nav == nav) return &a->tabs[i];
    return NULL;
}

/* Whether the app's modal navigator was torn down (dismissed): its handle is dead. */
static bool modal_torn_down(app *a) {
    bool is_modal = false;
    return a->modal.nav && navcore_is_modal(&is_modal, a->modal.nav) == NAVCORE_ERR_INVALID_HANDLE;
}

/* The modal is gone (navcore tore it down, its pages already released): its mirror and GtkStack
 * go too. */
static void drop_modal(app *a) {
    navcore_gtk_mirror_free(a->modal.mirror);
    gtk_box_remove(GTK_BOX(a->card), GTK_WIDGET(a->modal.stack));
    a->modal = (member){0};
}

/* The window follows navcore's tree: the selected tab, the card, the title, the back button. */
static void update_chrome(app *a) {
    navcore_navigator *active = NULL, *modal = NULL, *target = NULL;
    navcore_active_child(&active, a->root.nav, a->frame);
    navcore_modal(&modal, a->root.nav);
    navcore_back_target(&target, a->root.nav);
    tab *selected = tab_of(a, active);
    for (int i = 0; i < TABS; i++) {
        if (&a->tabs[i] == selected) gtk_widget_add_css_class(a->tabs[i].button, "suggested-action");
        else gtk_widget_remove_css_class(a->tabs[i].button, "suggested-action");
    }
    if (selected) gtk_stack_set_visible_child(a->tab_pages, GTK_WIDGET(selected->m.stack));
    if (modal_torn_down(a)) drop_modal(a);
    gtk_widget_set_visible(a->scrim, modal != NULL);
    gtk_label_set_text(a->title, modal ? top_title(modal) : selected ? top_title(selected->m.nav) : "");
    gtk_widget_set_sensitive(a->back, target != NULL);
}

/* Every member's `done`: an op of the family ended somewhere. */
static void op_done(navcore_navigator *nav, int op, int outcome, void *ctx) {
    (void)nav, (void)op, (void)outcome;
    update_chrome(ctx);
}

/* A navigator of the family: host dispatch like the root (a family has one mode), the app's
 * release and done callbacks, and a mirror in `stack` that is also its animator. `hidden`: made
 * with its `visible` flag off, so that it may be attached or presented with a page already
 * pushed (navcore turns it on when it joins). */
static void make_member(app *a, member *m, GtkStack *stack, bool hidden) {
    navcore_create_options options = NAVCORE_CREATE_OPTIONS_INIT;
    options.dispatch = NAVCORE_DISPATCH_HOST;
    options.visible = !hidden;
    if (navcore_navigator_create_with_options(&m->nav, &options) != NAVCORE_OK) g_error("%s", navcore_last_error_message());
    m->stack = stack;
    if (navcore_gtk_mirror_new(&m->mirror, m->nav, stack, NAVCORE_GTK_MIRROR_ANIMATOR) != NAVCORE_OK) g_error("mirror");
    navcore_on_release(m->nav, on_release, a, NULL);
    navcore_on_done(m->nav, op_done, a, NULL);
}

/* Pushes a page on a navigator that has not joined the family yet, and drains it (host mode: a
 * navigator joins a family only with an empty queue). */
static void push_first(app *a, navcore_navigator *nav, const char *route, const char *title, const char *text) {
    uint64_t id = 0;
    navcore_screen_create(&id, nav, route, make_page(a, title, text));
    navcore_push(nav, id, false, NULL, NULL);
    navcore_drain(nav);
}

/* ---- the controls: they ask navcore, and nothing else ------------------------------------ */

/* A tab button: select that tab; the selected one again pops it to its root. */
static void tab_clicked(GtkButton *button, gpointer data) {
    (void)button;
    tab *t = data;
    navcore_activate_options options = NAVCORE_ACTIVATE_OPTIONS_INIT;
    options.retap = NAVCORE_RETAP_POP_TO_ROOT;
    navcore_activate(t->m.nav, &options, NULL, NULL);
}

/* The back button and the Escape key (action nav.back): the root's back, routed by navcore. */
static void back_activated(GSimpleAction *action, GVariant *parameter, gpointer data) {
    (void)action, (void)parameter;
    app *a = data;
    navcore_back(a->root.nav, true, NULL, NULL);
}

/* Compose: a new modal navigator with its draft page, presented over the root. */
static void compose_clicked(GtkButton *button, gpointer data) {
    (void)button;
    app *a = data;
    if (a->modal.nav) return; /* one at a time; navcore would refuse the second when it ran */
    GtkStack *stack = GTK_STACK(gtk_stack_new());
    gtk_stack_set_transition_duration(stack, 160);
    gtk_widget_set_vexpand(GTK_WIDGET(stack), TRUE);
    gtk_box_append(GTK_BOX(a->card), GTK_WIDGET(stack));
    make_member(a, &a->modal, stack, true);
    push_first(a, a->modal.nav, "draft", "New message", "A modal: Escape dismisses it.");
    navcore_present(a->root.nav, a->modal.nav, NULL, NULL, NULL);
}

/* ---- the checks -------------------------------------------------------------------------- */

static void expect(app *a, bool ok, const char *what) { example_expect(&a->script, ok, what); }

/* navcore's stack of `nav`, as titles joined by spaces. */
static void expect_stack(app *a, navcore_navigator *nav, const char *name, const char *expected) {
    uint64_t ids[8];
    size_t count = 0;
    navcore_stack_copy(&count, ids, 8, nav);
    char titles[200] = "";
    for (size_t i = 0; i < count && i < 8; i++) {
        void *object = NULL;
        navcore_screen_object(&object, nav, ids[i]);
        g_strlcat(titles, i ? " " : "", sizeof titles);
        g_strlcat(titles, example_page_title(object), sizeof titles);
    }
    char what[400];
    snprintf(what, sizeof what, "%s's stack is [%s] (got [%s])", name, expected, titles);
    expect(a, strcmp(titles, expected) == 0, what);
}

/* What `m`'s GtkStack shows is navcore's top of `m`. */
static bool shows_top(member *m) {
    GtkWidget *visible = gtk_stack_get_visible_child(m->stack);
    return visible && strcmp(example_page_title(visible), top_title(m->nav)) == 0;
}

/* The window against navcore's tree: the selected tab (button and page) is the frame's active
 * child and is on screen; every tab's GtkStack shows its navigator's top; the card is shown iff
 * the root has a modal, and shows the modal's top; the back button is enabled iff navcore names
 * a back target, and a settled family's can_go_back agrees. */
static void expect_window(app *a, const char *selected, const char *title) {
    navcore_navigator *active = NULL, *modal = NULL, *target = NULL;
    navcore_active_child(&active, a->root.nav, a->frame);
    navcore_modal(&modal, a->root.nav);
    navcore_back_target(&target, a->root.nav);
    tab *t = tab_of(a, active);
    bool on_screen = false, can_go_back = false;
    if (t) navcore_is_on_screen(&on_screen, t->m.nav);
    navcore_can_go_back(&can_go_back, a->root.nav);
    bool tabs_ok = t && strcmp(t->title, selected) == 0 && on_screen == (modal == NULL) &&
                   gtk_stack_get_visible_child(a->tab_pages) == GTK_WIDGET(t->m.stack) &&
                   gtk_widget_has_css_class(t->button, "suggested-action");
    for (int i = 0; i < TABS; i++) tabs_ok = tabs_ok && shows_top(&a->tabs[i].m);
    bool card_ok = gtk_widget_get_visible(a->scrim) == (modal != NULL) && modal == a->modal.nav &&
                   (!modal || shows_top(&a->modal));
    bool back_ok = gtk_widget_get_sensitive(a->back) == (target != NULL) && can_go_back == (target != NULL);
    char what[300];
    snprintf(what, sizeof what, "the window shows tab %s, %s, titled %s (got title %s), back %s", selected,
             modal ? "the modal's card" : "no card", title, gtk_label_get_text(a->title),
             target ? "enabled" : "disabled");
    expect(a, tabs_ok && card_ok && back_ok && strcmp(gtk_label_get_text(a->title), title) == 0, what);
}

static void expect_target(app *a, navcore_navigator *expected, const char *name) {
    navcore_navigator *target = NULL;
    navcore_back_target(&target, a->root.nav);
    char what[100];
    snprintf(what, sizeof what, "back reaches %s", name);
    expect(a, target == expected, what);
}

static bool save_screenshot(app *a, const char *suffix) {
    char path[512];
    snprintf(path, sizeof path, "%s-%s.png", a->screenshots, suffix);
    return example_save_screenshot(a->window, path);
}

/* ---- the script: one step each time the family has settled ------------------------------- */

static bool mirror_busy(member *m) { return m->mirror && navcore_gtk_mirror_is_animating(m->mirror); }

static bool settled(app *a) {
    bool busy = true;
    size_t pending = 1;
    navcore_is_busy(&busy, a->root.nav);
    navcore_pending_count(&pending, a->root.nav);
    bool animating = mirror_busy(&a->root) || mirror_busy(&a->modal);
    for (int i = 0; i < TABS; i++) animating = animating || mirror_busy(&a->tabs[i].m);
    return !busy && pending == 0 && !animating;
}

static void show(navcore_navigator *nav, const char *route) {
    navcore_show_options options = NAVCORE_SHOW_OPTIONS_INIT;
    options.animated = true;
    options.remove_current = false;
    navcore_show(nav, route, &options, NULL, NULL);
}

/* The Escape key's shortcut, activated as GTK does on the key press. */
static void press_escape(app *a) {
    gtk_shortcut_action_activate(gtk_shortcut_get_action(a->escape), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                 GTK_WIDGET(a->window), NULL);
}

static gboolean run_step(gpointer data) {
    app *a = data;
    if (!settled(a)) return G_SOURCE_CONTINUE;
    tab *inbox = &a->tabs[0], *settings = &a->tabs[1];
    a->script.step++;
    switch (a->script.step) {
    case 1:
        expect_stack(a, a->root.nav, "the root", "Mail");
        expect_stack(a, inbox->m.nav, "Inbox", "Inbox");
        expect_stack(a, settings->m.nav, "Settings", "General");
        expect_window(a, "Inbox", "Inbox"); /* the first attached tab became the active one */
        expect_target(a, NULL, "nothing: every stack has one screen");
        show(inbox->m.nav, "message");
        break;
    case 2:
        expect_stack(a, inbox->m.nav, "Inbox", "Inbox Message");
        expect_window(a, "Inbox", "Message");
        expect_target(a, inbox->m.nav, "the Inbox tab");
        if (a->screenshots) expect(a, save_screenshot(a, "tabs"), "the tabs screenshot is saved");
        g_signal_emit_by_name(settings->button, "clicked");
        break;
    case 3:
        expect_window(a, "Settings", "General");
        expect_stack(a, inbox->m.nav, "Inbox", "Inbox Message"); /* kept: its own back stack */
        expect_target(a, NULL, "nothing: the front tab cannot pop, and back never switches tabs");
        show(settings->m.nav, "about");
        break;
    case 4:
        expect_window(a, "Settings", "About");
        press_escape(a);
        break;
    case 5:
        expect_stack(a, settings->m.nav, "Settings", "General"); /* Escape popped the front tab */
        expect_stack(a, inbox->m.nav, "Inbox", "Inbox Message");
        expect_stack(a, a->root.nav, "the root", "Mail");
        g_signal_emit_by_name(inbox->button, "clicked");
        break;
    case 6:
        expect_window(a, "Inbox", "Message");
        g_signal_emit_by_name(inbox->button, "clicked"); /* the selected tab again */
        break;
    case 7:
        expect_stack(a, inbox->m.nav, "Inbox", "Inbox"); /* popped to its root */
        expect_window(a, "Inbox", "Inbox");
        expect(a, navcore_gtk_mirror_slides_played(inbox->m.mirror) == 2, "Inbox's GtkStack slid in and back out");
        compose_clicked(NULL, a);
        break;
    case 8:
        expect_window(a, "Inbox", "New message");
        expect_target(a, a->modal.nav, "the modal, to dismiss it");
        expect(a, navcore_gtk_mirror_slides_played(a->root.mirror) == 0, "the root's GtkStack did not move");
        show(a->modal.nav, "recipients");
        break;
    case 9:
        expect_stack(a, a->modal.nav, "the modal", "New message Recipients");
        expect_window(a, "Inbox", "Recipients");
        expect_target(a, a->modal.nav, "the modal, to pop it");
        if (a->screenshots) expect(a, save_screenshot(a, "modal"), "the modal screenshot is saved");
        press_escape(a);
        break;
    case 10:
        expect_stack(a, a->modal.nav, "the modal", "New message");
        expect_window(a, "Inbox", "New message");
        press_escape(a);
        break;
    case 11: {
        expect_window(a, "Inbox", "Inbox"); /* dismissed: the card went, the tab is on screen */
        expect(a, a->modal.nav == NULL, "the app let the dismissed modal's mirror go");
        expect(a, a->released == 4, "navcore released About, Message and the modal's two pages");
        navcore_navigator_destroy(a->root.nav); /* the family: every member and page */
        a->root.nav = NULL;
        expect(a, a->released == a->created, "the release callbacks got every page back once");
        for (int i = 0; i < TABS; i++) navcore_gtk_mirror_free(a->tabs[i].m.mirror);
        navcore_gtk_mirror_free(a->root.mirror);
        expect(a, a->finalized == a->created, "every page was unmounted and freed: no reference left");
        return G_SOURCE_REMOVE;
    }
    }
    return G_SOURCE_CONTINUE;
}

/* ---- the window -------------------------------------------------------------------------- */

static void build_window(app *a) {
    a->window = GTK_WINDOW(gtk_window_new());
    gtk_window_set_default_size(a->window, 560, 380);
    GtkWidget *header = gtk_header_bar_new();
    a->back = gtk_button_new_from_icon_name("go-previous-symbolic");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(a->back), "nav.back");
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), a->back);
    GtkWidget *compose = gtk_button_new_with_label("Compose");
    g_signal_connect(compose, "clicked", G_CALLBACK(compose_clicked), a);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), compose);
    a->title = GTK_LABEL(gtk_label_new(""));
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header), GTK_WIDGET(a->title));
    gtk_window_set_titlebar(a->window, header);

    /* nav.back, for the back button and the Escape key */
    GSimpleActionGroup *actions = g_simple_action_group_new();
    GSimpleAction *back = g_simple_action_new("back", NULL);
    g_signal_connect(back, "activate", G_CALLBACK(back_activated), a);
    g_action_map_add_action(G_ACTION_MAP(actions), G_ACTION(back));
    g_object_unref(back);
    gtk_widget_insert_action_group(GTK_WIDGET(a->window), "nav", G_ACTION_GROUP(actions));
    g_object_unref(actions);
    GtkEventController *shortcuts = gtk_shortcut_controller_new();
    a->escape = gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0), gtk_named_action_new("nav.back"));
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(shortcuts), a->escape); /* it owns it */
    gtk_widget_add_controller(GTK_WIDGET(a->window), shortcuts);

    /* The root's GtkStack; its one page (the frame) holds the tab buttons and the tabs' pages. */
    a->root.stack = GTK_STACK(gtk_stack_new());
    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), GTK_WIDGET(a->root.stack));
    a->scrim = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(a->scrim, "scrim");
    gtk_widget_set_visible(a->scrim, FALSE);
    a->card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(a->card, "modal-card");
    gtk_widget_set_size_request(a->card, 360, 190);
    gtk_widget_set_halign(a->card, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(a->card, GTK_ALIGN_CENTER);
    gtk_widget_set_vexpand(a->card, TRUE);
    gtk_box_append(GTK_BOX(a->scrim), a->card);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), a->scrim);
    gtk_window_set_child(a->window, overlay);
    GtkCssProvider *css = gtk_css_provider_new();
    const char *style = ".scrim { background-color: alpha(black, 0.25); }"
                        ".modal-card { background-color: @theme_base_color; border-radius: 12px;"
                        " box-shadow: 0 4px 18px alpha(black, 0.35); }";
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(css, style);
#else
    gtk_css_provider_load_from_data(css, style, -1);
#endif
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
}

/* The frame page: the tab buttons over the tabs' pages. */
static GtkWidget *build_frame(app *a) {
    GtkWidget *frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_top(buttons, 8);
    a->tab_pages = GTK_STACK(gtk_stack_new());
    gtk_widget_set_vexpand(GTK_WIDGET(a->tab_pages), TRUE);
    for (int i = 0; i < TABS; i++) {
        tab *t = &a->tabs[i];
        t->button = gtk_button_new_with_label(t->title);
        g_signal_connect(t->button, "clicked", G_CALLBACK(tab_clicked), t);
        gtk_box_append(GTK_BOX(buttons), t->button);
        GtkStack *stack = GTK_STACK(gtk_stack_new());
        gtk_stack_set_transition_duration(stack, 160);
        gtk_stack_add_named(a->tab_pages, GTK_WIDGET(stack), t->title);
        make_member(a, &t->m, stack, true);
    }
    gtk_box_append(GTK_BOX(frame), buttons);
    gtk_box_append(GTK_BOX(frame), GTK_WIDGET(a->tab_pages));
    example_page_set_title(frame, "Mail");
    g_object_weak_ref(G_OBJECT(frame), page_freed, a);
    a->created++;
    return g_object_ref_sink(frame);
}

int main(int argc, char **argv) {
    app a = {.tabs = {{.app = &a, .title = "Inbox"}, {.app = &a, .title = "Settings"}}};
    if (argc == 3 && strcmp(argv[1], "--screenshots") == 0) a.screenshots = argv[2];
    gtk_init();
    build_window(&a);

    /* The root: the frame screen, its tabs attached to it, the routes; the GLib helper drains
     * the family. */
    make_member(&a, &a.root, a.root.stack, false);
    const char *routes[] = {"message", "about", "recipients"};
    for (size_t i = 0; i < G_N_ELEMENTS(routes); i++) navcore_route_register(a.root.nav, routes[i], make_route_page, &a, NULL);
    if (navcore_glib_attach(a.root.nav, NULL) != NAVCORE_OK) return 2;
    if (navcore_screen_create(&a.frame, a.root.nav, "frame", build_frame(&a)) != NAVCORE_OK) return 2;
    navcore_push(a.root.nav, a.frame, false, NULL, NULL);
    push_first(&a, a.tabs[0].m.nav, "inbox", "Inbox", "Two messages.");
    push_first(&a, a.tabs[1].m.nav, "general", "General", "Settings of the account.");
    for (int i = 0; i < TABS; i++)
        if (navcore_attach(a.root.nav, a.frame, a.tabs[i].m.nav, NULL, NULL, NULL) < 0) return 2;

    gtk_window_present(a.window);
    g_timeout_add(60, run_step, &a);
    guint guard = g_timeout_add_seconds(40, example_give_up, &a.script);
    while (a.root.nav && a.script.step < EXAMPLE_GAVE_UP) g_main_context_iteration(NULL, TRUE);
    g_source_remove(guard);
    if (a.root.nav) navcore_navigator_destroy(a.root.nav);
    gtk_window_destroy(a.window);
    printf("%s: %d failed expectations\n", a.script.failures ? "FAILED" : "passed", a.script.failures);
    return a.script.failures ? 1 : 0;
}
